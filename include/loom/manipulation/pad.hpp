// loom/manipulation/pad.hpp: pad, an operand with elements added before and after each axis (NumPy's np.pad).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <ranges>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/axes.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"
#include "concat.hpp"

namespace loom {

//! How pad fills the added elements (NumPy's `mode`): `constant` with one value; `edge`
//! repeats the first or last element; `reflect` mirrors about it (`3 2 | 1 2 3 | 2 1`),
//! `symmetric` mirrors it too (`2 1 | 1 2 3 | 3 2`); `wrap` continues from the other end.
enum class pad_mode { constant, edge, reflect, symmetric, wrap };

namespace detail {

inline const char* pad_mode_name(pad_mode m) {
    switch (m) {
        case pad_mode::constant: return "constant";
        case pad_mode::edge: return "edge";
        case pad_mode::reflect: return "reflect";
        case pad_mode::symmetric: return "symmetric";
        case pad_mode::wrap: return "wrap";
    }
    return "?";
}

using pad_pairs = std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>>;

// A range of (before, after) pairs of integers, such as std::vector<std::pair<std::size_t, std::size_t>>.
template <class R>
concept pad_pair_range = std::ranges::range<R> && requires(const std::ranges::range_value_t<R>& p) {
    requires std::integral<std::remove_cvref_t<decltype(p.first)>>;
    requires std::integral<std::remove_cvref_t<decltype(p.second)>>;
};

template <pad_pair_range R>
pad_pairs to_pad_pairs(const R& r) {
    pad_pairs p;
    for (const auto& w : r) p.emplace_back(to_ptrdiff(w.first), to_ptrdiff(w.second));
    return p;
}

// The (before, after) widths of each of `rank` axes: one pair for all, or one per axis; none negative.
inline std::vector<std::pair<std::size_t, std::size_t>> pad_widths(const pad_pairs& given, const shape_t& s) {
    for (const auto& [b, a] : given)
        if (b < 0 || a < 0)
            throw std::invalid_argument("loom::pad: widths (" + std::to_string(b) + ", " + std::to_string(a) +
                                        "): a width cannot be negative");
    if (given.size() != 1 && given.size() != s.size())
        throw std::invalid_argument("loom::pad: " + std::to_string(given.size()) + " pairs of widths for shape " +
                                    to_string(s) + " of rank " + std::to_string(s.size()) +
                                    "; give one pair for every axis, or one per axis");
    std::vector<std::pair<std::size_t, std::size_t>> w;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto& [b, a] = given[given.size() == 1 ? 0 : i];
        w.emplace_back(static_cast<std::size_t>(b), static_cast<std::size_t>(a));
    }
    return w;
}

// One copy along the padded axis: `len` slices from index `src` on (backwards when `step` is -1,
// slice `src` each time when 0) into the slices from `dst` on.
struct pad_copy {
    std::size_t dst, src, len;
    int step;
};

// The copies that fill an axis of n elements padded by (left, right), in NumPy 1.24's order
// (numpy/lib/arraypad.py). A pad wider than the data fills in rounds, each reflecting or
// wrapping the part filled so far, so the result need not be periodic: np.pad([0, 1, 2],
// (10, 1), 'wrap') starts 0 1 2 0 1 2 0 0 1 2. Needs n >= 1.
inline std::vector<pad_copy> pad_copies(pad_mode mode, std::size_t n, std::size_t left, std::size_t right) {
    std::vector<pad_copy> ops;
    const std::size_t total = n + left + right;
    const bool mirror = mode == pad_mode::reflect || mode == pad_mode::symmetric;
    if (mode == pad_mode::edge || (mirror && n == 1)) {  // NumPy reflects one element as edge does
        if (left > 0) ops.push_back({0, left, left, 0});
        if (right > 0) ops.push_back({left + n, left + n - 1, right, 0});
        return ops;
    }
    if (mirror) {  // _set_reflect_both: reflect leaves the edge out, symmetric repeats it
        const std::size_t keep = mode == pad_mode::symmetric ? 1 : 0;
        while (left > 0 || right > 0) {
            const std::size_t known = total - right - left - (1 - keep);  // the chunk's largest length
            if (left > 0) {
                const std::size_t c = std::min(known, left);
                ops.push_back({left - c, left - keep + c, c, -1});
                left -= c;
            }
            if (right > 0) {
                const std::size_t c = std::min(known, right);
                ops.push_back({total - right, total - right + keep - 2, c, -1});
                right -= c;
            }
        }
        return ops;
    }
    while (left > 0 || right > 0) {  // wrap: _set_wrap_both
        const std::size_t period = total - right - left;
        const std::size_t cl = std::min(period, left), cr = std::min(period, right);
        if (left > 0) ops.push_back({left - cl, total - right - cl, cl, 1});
        if (right > 0) ops.push_back({total - right, left, cr, 1});
        left -= cl;
        right -= cr;
    }
    return ops;
}

template <class T>
array<T> padded(const strided_view<const T>& v, const pad_pairs& given, pad_mode mode, T value) {
    const shape_t& s = v.shape();
    const std::size_t n = s.size();
    const auto w = pad_widths(given, s);
    if (mode != pad_mode::constant && v.size() == 0)
        for (std::size_t k = 0; k < n; ++k)
            if (s[k] == 0 && (w[k].first > 0 || w[k].second > 0))
                throw std::invalid_argument("loom::pad: cannot extend the empty axis " + std::to_string(k) + " of shape " +
                                            to_string(s) + " with mode " + pad_mode_name(mode) +
                                            "; only constant can");
    shape_t out = s;
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t more = w[k].first + w[k].second;  // no wrap: each width is below 2^63
        if (more > std::numeric_limits<std::size_t>::max() - s[k])
            throw std::length_error("loom::pad: widths (" + std::to_string(w[k].first) + ", " + std::to_string(w[k].second) +
                                    ") make axis " + std::to_string(k) + " longer than a size can count");
        out[k] += more;
    }
    array<T> r = uninitialized<T>(out);
    if (r.size() == 0) return r;
    const strides_t& ost = r.strides();
    T* const base = r.data();
    std::ptrdiff_t centre = 0;  // the offset of x's first element in r
    for (std::size_t k = 0; k < n; ++k) centre += static_cast<std::ptrdiff_t>(w[k].first) * ost[k];
    if (v.size() != 0) strided_view<T>(base + centre, s, ost) = v;
    // Axis by axis as NumPy: the region filled so far spans the result along axes 0..k and
    // x along the later ones; each copy moves slabs of that region along axis k, within r.
    shape_t roi = s;
    std::ptrdiff_t later = centre;  // the offset of the region's first element
    for (std::size_t k = 0; k < n; ++k) {
        later -= static_cast<std::ptrdiff_t>(w[k].first) * ost[k];
        roi[k] = out[k];
        const auto [left, right] = w[k];
        if (left == 0 && right == 0) continue;
        shape_t slab = roi;
        const auto at = [&](std::size_t i) { return base + later + static_cast<std::ptrdiff_t>(i) * ost[k]; };
        if (mode == pad_mode::constant) {
            for (const auto& [from, len] : {std::pair{std::size_t{0}, left}, std::pair{left + s[k], right}}) {
                slab[k] = len;
                if (size_of(slab) != 0) strided_view<T>(at(from), slab, ost) = value;
            }
            continue;
        }
        if (size_of(roi) == 0) continue;
        for (const pad_copy& c : pad_copies(mode, s[k], left, right)) {
            slab[k] = c.len;
            strides_t sst = ost;
            sst[k] = c.step * ost[k];
            strided_view<T>(at(c.dst), slab, ost) = strided_view<const T>(at(c.src), slab, sst);
        }
    }
    return r;
}

template <class X>
auto pad_of(const X& x, const pad_pairs& widths, pad_mode mode, typename X::value_type value) {
    const auto v = source_view(x);
    using T = typename decltype(v)::value_type;
    return padded<T>(strided_view<const T>(v), widths, mode, value);
}

}  // namespace detail

//! x with `before` elements added in front of and `after` behind each axis, as a new array of
//! x's element type (NumPy's np.pad, its results exactly, large widths included). `widths` is
//! one pair for every axis, one pair per axis (a braced list or a range of pairs), or one
//! integer for both sides of every axis; `mode` says what the added elements hold (pad_mode);
//! `value` is the constant, converted to x's element type (other modes ignore it). Negative
//! widths, a count of pairs other than 1 or x's rank, and mode other than constant extending
//! an axis of length 0 throw std::invalid_argument.
//!   loom::pad(loom::array<int>{1, 2, 3}, {2, 1}, loom::pad_mode::reflect);   // 3 2 1 2 3 2
//!   loom::pad(image, {{1, 1}, {2, 2}});                                       // zeros around
template <expression X>
auto pad(const X& x, std::pair<std::ptrdiff_t, std::ptrdiff_t> widths, pad_mode mode = pad_mode::constant,
         typename X::value_type value = 0) {
    return detail::pad_of(x, detail::pad_pairs{widths}, mode, value);
}
template <expression X>
auto pad(const X& x, std::initializer_list<std::pair<std::ptrdiff_t, std::ptrdiff_t>> widths,
         pad_mode mode = pad_mode::constant, typename X::value_type value = 0) {
    return detail::pad_of(x, detail::pad_pairs(widths.begin(), widths.end()), mode, value);
}
template <expression X, detail::pad_pair_range R>
auto pad(const X& x, const R& widths, pad_mode mode = pad_mode::constant, typename X::value_type value = 0) {
    return detail::pad_of(x, detail::to_pad_pairs(widths), mode, value);
}
template <expression X, std::integral N>
    requires(!std::same_as<N, bool>)
auto pad(const X& x, N width, pad_mode mode = pad_mode::constant, typename X::value_type value = 0) {
    const std::ptrdiff_t w = detail::to_ptrdiff(width);
    return detail::pad_of(x, detail::pad_pairs{{w, w}}, mode, value);
}

}  // namespace loom
