// loom/eval/alias.hpp: the alias step: which memory leaves and targets cover, and whether a leaf reads what the target writes.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <numeric>

#include "../core/shape.hpp"
#include "plan.hpp"
#include "walk.hpp"

namespace loom::detail {

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
    const std::byte* base;  // the first element
    const std::byte* lo;
    const std::byte* hi;  // one past the last byte
};

inline byte_range span_of(const std::byte* data, std::size_t elem, const shape_t& s, const strides_t& st) {
    for (std::size_t e : s)
        if (e == 0) return {data, data, data};  // before any offset: data may be null
    const auto [lo, hi] = byte_span(data, elem, s.size(), [&](std::size_t i) { return s[i]; },
                                    [&](std::size_t i) { return st[i] * static_cast<std::ptrdiff_t>(elem); });
    return {data, lo, hi};
}

// Whether the elements of a layout (data, elem bytes each, s, st) may touch any of
// the `bytes` bytes at p: their spans meet (an empty layout or block touches nothing).
inline bool span_meets(const std::byte* data, std::size_t elem, const shape_t& s, const strides_t& st,
                       const std::byte* p, std::size_t bytes) {
    const byte_range r = span_of(data, elem, s, st);
    return r.lo < r.hi && bytes != 0 && r.lo < p + bytes && p < r.hi;
}

// Whether no element of leaf `d` shares a byte with an element of the target
// (first element at tbase), though their spans may overlap: every byte address
// either touches is its first element's plus a multiple of g, the gcd of both
// layouts' byte strides (axes longer than 1), so two bases whose distance
// leaves a whole element's room on both sides modulo g never meet (two columns
// of one matrix, the even and the odd elements). Sufficient, not necessary.
inline bool lattices_apart(const leaf_desc& d, const std::byte* tbase, std::size_t telem, const shape_t& ts,
                           const strides_t& tst) {
    std::size_t g = 0;
    const auto add = [&g](const shape_t& s, const strides_t& st, std::size_t elem) {
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] > 1) g = std::gcd(g, static_cast<std::size_t>(std::abs(st[i])) * elem);
    };
    add(*d.shape, *d.strides, d.elem);
    add(ts, tst, telem);
    if (g == 0) return false;  // single elements: their spans are exact
    const auto gs = static_cast<std::ptrdiff_t>(g);
    const auto r = static_cast<std::size_t>(((d.data - tbase) % gs + gs) % gs);
    return r >= telem && g - r >= d.elem;
}

// Whether leaf `d` reads memory the target (bytes t, layout ts/tst) writes
// with another layout or element type: then the value is evaluated into a
// temporary first, as if every operand had been copied (NumPy's rule). A leaf
// that reads the very elements it writes, in step (`x += x`), or only bytes
// between them (lattices_apart), needs no copy.
inline bool reads_overlapping(const leaf_desc& d, const byte_range& t, std::size_t telem,
                              const shape_t& ts, const strides_t& tst) {
    const byte_range l = span_of(d.data, d.elem, *d.shape, *d.strides);
    if (t.lo == t.hi || l.lo == l.hi || l.hi <= t.lo || t.hi <= l.lo) return false;
    if (lattices_apart(d, t.base, telem, ts, tst)) return false;
    if (d.data != t.base || d.elem != telem) return true;
    const std::size_t n = ts.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (ts[i] == 1) continue;
        if (leaf_stride(d, n, i) != tst[i] * static_cast<std::ptrdiff_t>(telem)) return true;
    }
    return false;
}

}  // namespace loom::detail
