// loom/select/index.hpp: loom::index(x, i0, i1, ...), NumPy's integer-array indexing x[i0, i1] over the
// first axes (read, assigned, updated), and add_at, NumPy's np.add.at (repeated indices accumulate).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../detail/compound_assignments.hpp"
#include "../eval/alias.hpp"
#include "../eval/walk.hpp"
#include "../expr/node.hpp"
#include "../view/as_view.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"
#include "take.hpp"

namespace loom {

namespace detail {

// Where integer indices over x's first axes point: the indices broadcast together (shape
// `index_shape`), for each combination in C order the offset of x's element or block, and the
// block's layout (x's axes after the indexed ones). Every index checked when it is built.
struct index_plan {
    shape_t index_shape;
    std::vector<std::ptrdiff_t> offsets;
    shape_t block;
    strides_t block_strides;
};

// One index operand as int64 values in C order with its shape (a number is rank 0).
struct index_values {
    std::vector<std::int64_t> v;
    shape_t shape;
};

template <class I>
index_values index_values_of(const I& i) {
    if constexpr (std::integral<std::remove_cvref_t<I>>) {
        return {{static_cast<std::int64_t>(i)}, shape_t{}};
    } else {
        const auto m = index_memory(i);
        const std::size_t n = size_of(i.shape());
        index_values r{std::vector<std::int64_t>(n), shape_t(i.shape())};
        for (std::size_t k = 0; k < n; ++k) r.v[k] = static_cast<std::int64_t>(m.view.data()[k]);
        return r;
    }
}

inline index_plan plan_index(const shape_t& xs, const strides_t& xst, const std::vector<index_values>& idx, const char* fn) {
    const std::size_t k = idx.size();
    if (k > xs.size())
        throw index_error("loom::" + std::string(fn) + ": " + std::to_string(k) + " index operands for an operand of shape " +
                          to_string(xs) + " (" + std::to_string(xs.size()) + " axes)");
    index_plan p;
    for (const auto& i : idx) broadcast_into(p.index_shape, i.shape);
    p.block.assign(xs.begin() + static_cast<std::ptrdiff_t>(k), xs.end());
    p.block_strides.assign(xst.begin() + static_cast<std::ptrdiff_t>(k), xst.end());
    const std::size_t r = p.index_shape.size(), count = size_of(p.index_shape);
    // each index's strides over the broadcast shape (0 where it is stretched)
    std::vector<strides_t> ist(k, strides_t(r, 0));
    for (std::size_t a = 0; a < k; ++a) {
        const shape_t& s = idx[a].shape;
        std::ptrdiff_t st = 1;
        for (std::size_t j = s.size(); j-- > 0;) {
            if (s[j] != 1) ist[a][j + r - s.size()] = st;
            st *= static_cast<std::ptrdiff_t>(s[j]);
        }
    }
    for (std::size_t a = 0; a < k; ++a)  // a number is checked even when other indices select nothing, as NumPy's
        if (idx[a].shape.empty()) wrapped(idx[a].v[0], static_cast<std::ptrdiff_t>(xs[a]), a, fn);
    p.offsets.resize(count);
    small_vector<std::size_t, 8> pos(r, 0);
    for (std::size_t c = 0; c < count; ++c) {
        std::ptrdiff_t off = 0;
        for (std::size_t a = 0; a < k; ++a) {
            std::ptrdiff_t at = 0;
            for (std::size_t j = 0; j < r; ++j) at += static_cast<std::ptrdiff_t>(pos[j]) * ist[a][j];
            off += wrapped(idx[a].v[static_cast<std::size_t>(at)], static_cast<std::ptrdiff_t>(xs[a]), a, fn) * xst[a];
        }
        p.offsets[c] = off;
        for (std::size_t j = r; j-- > 0;) {
            if (++pos[j] < p.index_shape[j]) break;
            pos[j] = 0;
        }
    }
    return p;
}

}  // namespace detail

//! NumPy's integer-array indexing `x[i0, i1, ...]` over x's first axes: what loom::index returns.
//! It reads as an operand of shape (the indices' broadcast shape, then x's remaining axes),
//! gathered once per assignment that reads it, and, when x is writable, assigns to those
//! elements of x (`=`, `+=` ...: with repeated indices the last write wins, as NumPy's).
template <class V>
class indexed : public expression_base<indexed<V>> {
    using T = std::remove_pointer_t<decltype(std::declval<const V&>().data())>;

public:
    using value_type = std::remove_const_t<T>;
    static constexpr bool writable = !std::is_const_v<T>;

    indexed(V x, detail::index_plan p) : x_(std::move(x)), p_(std::move(p)) {}
    indexed(const indexed&) = default;

    shape_t shape() const {
        shape_t s = p_.index_shape;
        for (const std::size_t e : p_.block) s.push_back(e);
        return s;
    }
    std::size_t ndim() const noexcept { return p_.index_shape.size() + p_.block.size(); }
    std::size_t size() const noexcept { return p_.offsets.size() * size_of(p_.block); }

    //! x[i...] = v: `v` a number or an operand that broadcasts to shape() (the in-place rule);
    //! broadcast_error and nothing written otherwise. v is evaluated before x is written.
    indexed& operator=(const indexed& v)
        requires writable
    {
        return scatter(evaluated(v));
    }
    template <operand X>
        requires writable
    indexed& operator=(X&& v) {
        return scatter(evaluated(v));
    }
    template <operand X> requires writable indexed& operator+=(X&& v) { return compound<ops::add>(v); }
    template <operand X> requires writable indexed& operator-=(X&& v) { return compound<ops::subtract>(v); }
    template <operand X> requires writable indexed& operator*=(X&& v) { return compound<ops::multiply>(v); }
    template <operand X> requires writable indexed& operator/=(X&& v) { return compound<ops::divide>(v); }

    //! np.add.at: adds v (broadcast to shape()) to the indexed elements, once per occurrence of
    //! an index (repeated indices accumulate).
    template <operand X>
        requires writable
    void add_at(X&& v) {
        const array<value_type> a = evaluated(v);
        auto add = [](T& d, const value_type& s) { d = static_cast<value_type>(d + s); };
        each_block(a.data(), add);
    }

    // The indexed elements, in C order, into size() elements at `out`.
    void write_into(value_type* out) const {
        const std::size_t r = p_.block.size();
        if (size() == 0) return;  // no element (x's memory may be null)
        for (const std::ptrdiff_t off : p_.offsets)
            out = detail::copy_block(static_cast<const value_type*>(x_.data() + off), p_.block.data(), p_.block_strides.data(), r, out);
    }
    // Whether the node reads any of the `bytes` bytes at p (an assignment's target).
    bool reads_memory(const void* p, std::size_t bytes) const {
        return detail::span_meets(reinterpret_cast<const std::byte*>(x_.data()), sizeof(T), x_.shape(), x_.strides(),
                                  static_cast<const std::byte*>(p), bytes);
    }

private:
    template <class X>
    array<value_type> evaluated(const X& v) const {
        array<value_type> tmp = detail::uninitialized<value_type>(shape());
        strided_view<value_type>(tmp.data(), tmp.shape(), tmp.strides()) = v;
        return tmp;
    }
    template <class F>
    void each_block(const value_type* src, F& f) {
        const std::size_t r = p_.block.size();
        if (size() == 0) return;  // no element (x's memory may be null)
        for (const std::ptrdiff_t off : p_.offsets) src = detail::update_block(x_.data() + off, p_.block.data(), p_.block_strides.data(), r, src, f);
    }
    indexed& scatter(const array<value_type>& v) {
        auto put = [](T& d, const value_type& s) { d = s; };
        each_block(v.data(), put);
        return *this;
    }
    template <class Op, class X>
    indexed& compound(const X& v) {
        array<value_type> cur = detail::uninitialized<value_type>(shape());
        write_into(cur.data());
        strided_view<value_type> w(cur.data(), cur.shape(), cur.strides());
        detail::compound_assign<Op>(w, v);
        return scatter(cur);
    }

    V x_;
    detail::index_plan p_;
};

namespace detail {

template <class V>
struct walker<indexed<V>> : leaf_reads<typename indexed<V>::value_type> {
    static void shape_into(const indexed<V>& e, shape_t& acc) { broadcast_into(acc, e.shape()); }
    static constexpr std::size_t slots = 1;
    // The indexed values, gathered into the assignment's slot (once per assignment).
    static void collect(const indexed<V>& e, leaf_desc* out, prepare_ctx& p) {
        using T = typename indexed<V>::value_type;
        prepared& s = p.take();
        e.write_into(s.template hold<T>(e.shape()));
        *out = {s.values.data(), sizeof(T), &s.shape, &s.strides};
    }
};

template <class I>
concept index_argument_of = index_operand<I> || (std::integral<std::remove_cvref_t<I>> && !std::same_as<std::remove_cvref_t<I>, bool>);

}  // namespace detail

//! index(x, i0, i1, ...): NumPy's x[i0, i1, ...] with integer arrays (or numbers) i0, i1, ... for
//! x's first axes, broadcast together: element [j...] of the result is x[i0[j...], i1[j...], ...,
//! :]; the result's shape is the indices' broadcast shape, then x's remaining axes. Negative
//! indices count from the end; an index out of range throws index_error naming it, its axis and
//! the axis' size, when index() is called, before anything is read or written. Read it as an
//! operand; assign to it (`=`, `+=`, ...) to write those elements of x (repeated indices: the last
//! write wins, as NumPy's); loom::add_at accumulates instead.
//!   loom::array<double> picked = loom::index(m, rows, cols);   // m[rows, cols]
//!   loom::index(m, rows, cols) = 0.0;
template <class X, class... I>
    requires view_source<X&&> && (sizeof...(I) >= 1) && (detail::index_argument_of<I> && ...)
auto index(X&& x, const I&... i) {
    auto xv = detail::view_of(std::forward<X>(x), [](auto& v) { return detail::as_view(v); });
    std::vector<detail::index_values> idx;
    idx.reserve(sizeof...(I));
    (idx.push_back(detail::index_values_of(i)), ...);
    detail::index_plan p = detail::plan_index(xv.shape(), xv.strides(), idx, "index");
    return indexed<decltype(xv)>(std::move(xv), std::move(p));
}

//! add_at(loom::index(x, i...), v): NumPy's np.add.at(x, (i...), v): v (broadcast to the indexed
//! shape) added to x's indexed elements, once for every occurrence of an index, so repeated
//! indices accumulate (where `index(x, i) += v` adds once).
//!   loom::add_at(loom::index(counts, bins), 1);
template <class V, operand X>
    requires indexed<V>::writable
void add_at(indexed<V>&& target, X&& v) {
    target.add_at(std::forward<X>(v));
}
template <class V, operand X>
    requires indexed<V>::writable
void add_at(indexed<V>& target, X&& v) {
    target.add_at(std::forward<X>(v));
}

//! add_at(x, i, v): the same for one index operand over x's first axis, np.add.at(x, i, v).
//!   loom::add_at(counts, bins, 1);
template <class X, class I, operand Val>
    requires viewable<X&> && detail::index_argument_of<I>
void add_at(X& x, const I& i, Val&& v) {
    loom::index(x, i).add_at(std::forward<Val>(v));
}

}  // namespace loom
