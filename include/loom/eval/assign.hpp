// loom/eval/assign.hpp: assignment of an expression into a strided target: checks, aliasing, plan, kernel.
#pragma once

#include <cstddef>
#include <string>

#include "../broadcast/broadcast_shapes.hpp"
#include "../core/errors.hpp"
#include "../core/storage.hpp"
#include "kernel.hpp"
#include "plan.hpp"
#include "walk.hpp"

namespace loom::detail {

//! In-place rule (Array API): `value` must broadcast to the fixed `target` shape.
inline void check_inplace(const shape_t& target, const shape_t& value) {
    const std::size_t nt = target.size(), nv = value.size();
    if (nv > nt)
        throw broadcast_error("cannot assign " + to_string(value) + " into " + to_string(target) +
                              ": axis -" + std::to_string(nv) + " has " + std::to_string(value[0]) +
                              " and the target has only " + std::to_string(nt) + " axes");
    for (std::size_t j = 0; j < nv; ++j) {
        const std::size_t dv = value[j], dt = target[nt - nv + j];
        if (dv != 1 && dv != dt)
            throw broadcast_error("cannot assign " + to_string(value) + " into " + to_string(target) +
                                  ": axis " + std::to_string(static_cast<std::ptrdiff_t>(j) -
                                                             static_cast<std::ptrdiff_t>(nv)) +
                                  " has " + std::to_string(dv) + " and the target " + std::to_string(dt));
    }
}

// A contiguous or strided block of memory as a read-only leaf (temporaries).
template <class T>
struct raw_leaf {
    using value_type = T;
    static constexpr bool loom_expression = true;
    const T* data_;
    const shape_t* shape_;
    const strides_t* strides_;
    leaf_layout<T> layout() const { return {data_, shape_, strides_}; }
};

struct byte_range {
    const std::byte* lo;
    const std::byte* hi;  // one past the last byte
};

inline byte_range span_of(const std::byte* data, std::size_t elem, const shape_t& s, const strides_t& st) {
    const std::byte* lo = data;
    const std::byte* hi = data;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == 0) return {data, data};
        const std::ptrdiff_t reach = st[i] * static_cast<std::ptrdiff_t>(elem) *
                                     static_cast<std::ptrdiff_t>(s[i] - 1);
        if (reach < 0) lo += reach;
        else hi += reach;
    }
    return {lo, hi + elem};
}

// Whether leaf `d` reads memory the target writes with another layout (or
// another element type): then the value is evaluated into a temporary first,
// as if every operand had been copied (NumPy's rule). A leaf that reads the
// very elements it writes, in step (`x += x`), needs no copy.
inline bool reads_overlapping(const leaf_desc& d, const std::byte* tdata, std::size_t telem,
                              const shape_t& ts, const strides_t& tst) {
    const byte_range t = span_of(tdata, telem, ts, tst);
    const byte_range l = span_of(d.data, d.elem, *d.shape, *d.strides);
    if (t.lo == t.hi || l.lo == l.hi || l.hi <= t.lo || t.hi <= l.lo) return false;
    if (d.data != tdata || d.elem != telem) return true;
    const std::size_t n = ts.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (ts[i] == 1) continue;
        if (leaf_stride(d, n, i) != tst[i] * static_cast<std::ptrdiff_t>(telem)) return true;
    }
    return false;
}

// target[...] <- e, where e's shape broadcasts to the target's (checked by the caller).
template <class T, class E>
void assign_into(T* data, const shape_t& shape, const strides_t& strides, const E& e) {
    constexpr std::size_t L = walker<E>::leaves;
    leaf_desc leaves[L ? L : 1];
    walker<E>::collect(e, leaves);
    const auto* tdata = reinterpret_cast<const std::byte*>(data);
    for (std::size_t k = 0; k < L; ++k) {
        if (reads_overlapping(leaves[k], tdata, sizeof(T), shape, strides)) {
            const shape_t& s = shape;
            buffer<T> tmp(size_of(s));
            const strides_t cs = c_strides(s);
            {
                plan<L> p;
                make_plan(p, s, cs, leaves);
                kernel<T, E>::run(e, tmp.data(), p);
            }
            const raw_leaf<T> src{tmp.data(), &s, &cs};
            leaf_desc d;
            walker<raw_leaf<T>>::collect(src, &d);
            plan<1> p;
            make_plan(p, shape, strides, &d);
            kernel<T, raw_leaf<T>>::run(src, data, p);
            return;
        }
    }
    plan<L> p;
    make_plan(p, shape, strides, leaves);
    kernel<T, E>::run(e, data, p);
}

// target op= e: checked before a single element is written.
template <class Op, class Target, class X>
void compound_assign(Target& target, X&& x) {
    auto value = make_fn<Op>(target, std::forward<X>(x));
    const auto& v = boost::hana::at_c<1>(value.args_);
    check_inplace(target.shape(), shape_of(v));
    assign_into(target.data(), target.shape(), target.strides(), value);
}

}  // namespace loom::detail
