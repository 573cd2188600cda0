// loom/manipulation/repeat.hpp: repeat, tile and roll: an operand's elements repeated or rotated into a new array.
#pragma once

#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/axes.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"
#include "concat.hpp"

namespace loom {

namespace detail {

// The operand as rank 1 in C order (`view`): its own memory when that is contiguous (kept
// alive by `owner` when a view owns it), else a copy (`copy`) the view reads.
template <class T>
struct flat {
    std::optional<array<T>> copy;
    strided_view<const T> view;
    std::shared_ptr<const void> owner;
};
template <class V>
auto flat_source(const V& v) {
    using T = typename V::value_type;
    const shape_t s{v.size()};
    if (is_contiguous(v.shape(), v.strides())) {
        flat<T> f{std::nullopt, strided_view<const T>(v.data(), s, strides_t{1}), nullptr};
        if constexpr (is_owning_view<V>::value) f.owner = v.owner();
        return f;
    }
    array<T> c(v);
    const T* p = c.data();  // the buffer stays where it is when the array moves
    return flat<T>{std::move(c), strided_view<const T>(p, s, strides_t{1}), nullptr};
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_negative(const char* fn, const char* what, std::ptrdiff_t v) {
    throw std::invalid_argument(std::string("loom::") + fn + ": " + what + " " + std::to_string(v) + " is negative");
}

template <class T>
array<T> tiled(const strided_view<const T>& v, const axes_t& reps) {
    const std::size_t n = std::max(v.ndim(), reps.size());
    shape_t is, out;   // interleaved (rep, extent) pairs and the result's shape
    strides_t ist;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t ri = i + reps.size() >= n ? i + reps.size() - n : n;  // reps and shape align at the right
        const std::size_t xi = i + v.ndim() >= n ? i + v.ndim() - n : n;
        const std::ptrdiff_t r = ri < n && ri < reps.size() ? reps[ri] : 1;
        if (r < 0) throw_negative("tile", "repetition", r);
        const std::size_t e = xi < v.ndim() ? v.shape()[xi] : 1;
        is.push_back(static_cast<std::size_t>(r));
        is.push_back(e);
        ist.push_back(0);
        ist.push_back(xi < v.ndim() ? v.strides()[xi] : 0);
        out.push_back(static_cast<std::size_t>(r) * e);
    }
    array<T> res = uninitialized<T>(out);
    if (res.size() != 0) strided_view<T>(res.data(), is, c_strides(is)) = strided_view<const T>(v.data(), is, ist);
    return res;
}

// Each of the n slices along axis a repeated counts[i] times (one count for all when counts has one entry).
template <class T>
array<T> repeated(const strided_view<const T>& v, std::size_t a, const std::vector<std::size_t>& counts) {
    const std::size_t n = v.shape()[a];
    if (counts.size() != 1 && counts.size() != n)
        throw std::invalid_argument("loom::repeat: " + std::to_string(counts.size()) + " repeats for axis " +
                                    std::to_string(a) + " of shape " + to_string(v.shape()) + ", which has " +
                                    std::to_string(n) + " elements (give one count, or one per element)");
    shape_t out = v.shape();
    if (counts.size() == 1) {  // each slice k times: an added axis of stride 0
        out[a] = n * counts[0];
        array<T> res = uninitialized<T>(out);
        shape_t is = v.shape();
        strides_t ist = v.strides();
        is.insert(a + 1, counts[0]);
        ist.insert(a + 1, 0);
        if (res.size() != 0) strided_view<T>(res.data(), is, c_strides(is)) = strided_view<const T>(v.data(), is, ist);
        return res;
    }
    out[a] = 0;
    for (const std::size_t c : counts) out[a] += c;
    array<T> res = uninitialized<T>(out);
    if (res.size() == 0) return res;
    shape_t ws = v.shape();  // one slice's window: the slice stretched to its count
    strides_t wst = v.strides();
    wst[a] = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; at += counts[i], ++i) {
        if (counts[i] == 0) continue;
        ws[a] = counts[i];
        strided_view<T>(res.data() + static_cast<std::ptrdiff_t>(at) * res.strides()[a], ws, res.strides()) =
            strided_view<const T>(v.data() + static_cast<std::ptrdiff_t>(i) * v.strides()[a], ws, wst);
    }
    return res;
}

template <class R>
std::vector<std::size_t> repeat_counts(const R& repeats) {
    const array<std::int64_t> c(repeats);
    if (c.ndim() > 1)
        throw std::invalid_argument("loom::repeat: repeats has shape " + to_string(c.shape()) + "; give an integer or one axis of counts");
    std::vector<std::size_t> r;
    for (const std::int64_t k : c) {
        if (k < 0) throw_negative("repeat", "count", k);
        r.push_back(static_cast<std::size_t>(k));
    }
    return r;
}

template <class X>
auto repeat_of(const X& x, const std::vector<std::size_t>& counts, std::optional<std::ptrdiff_t> axis) {
    const auto v = source_view(x);
    if (!axis) {
        const auto flat = flat_source(v);
        return repeated(flat.view, 0, counts);
    }
    return repeated(strided_view<const typename decltype(v)::value_type>(v), normalize_axis(*axis, v.ndim(), "repeat"), counts);
}

// x's elements rotated by shift[k] along axis axes[k] (shifts on one axis add up):
// per axis two blocks, [0, n - r) to [r, n) and [n - r, n) to [0, r); each combination one assignment
// into the row-major memory at `into` (v's element count).
template <class T>
void rolled(const strided_view<const T>& v, const axes_t& shifts, const axes_t& axes, T* into) {
    const std::size_t n = v.ndim();
    std::vector<std::size_t> by(n, 0);
    if (shifts.size() != axes.size() && shifts.size() != 1)
        throw std::invalid_argument("loom::roll: " + std::to_string(shifts.size()) + " shifts for " +
                                    std::to_string(axes.size()) + " axes");
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const std::size_t a = normalize_axis(axes[k], n, "roll");
        const auto e = static_cast<std::ptrdiff_t>(v.shape()[a]);
        if (e == 0) continue;
        const std::ptrdiff_t s = shifts[shifts.size() == 1 ? 0 : k] % e;
        by[a] = static_cast<std::size_t>((static_cast<std::ptrdiff_t>(by[a]) + s + e) % e);
    }
    const strides_t ost = c_strides(v.shape());
    if (v.size() == 0) return;
    std::vector<std::size_t> rolled_axes;
    for (std::size_t a = 0; a < n; ++a)
        if (by[a] != 0) rolled_axes.push_back(a);
    for (std::size_t combo = 0; combo < (std::size_t{1} << rolled_axes.size()); ++combo) {
        shape_t s = v.shape();
        const T* src = v.data();
        T* dst = into;
        for (std::size_t j = 0; j < rolled_axes.size(); ++j) {
            const std::size_t a = rolled_axes[j], e = v.shape()[a], r = by[a];
            const bool wrap = (combo >> j) & 1;  // the last r elements, to the front
            s[a] = wrap ? r : e - r;
            src += static_cast<std::ptrdiff_t>(wrap ? e - r : 0) * v.strides()[a];
            dst += static_cast<std::ptrdiff_t>(wrap ? 0 : r) * ost[a];
        }
        strided_view<T>(dst, s, ost) = strided_view<const T>(src, s, v.strides());
    }
}

template <class X>
auto roll_of(const X& x, const axes_t& shifts, std::optional<axes_t> axes) {
    const auto v = source_view(x);
    using T = typename decltype(v)::value_type;
    array<T> res = uninitialized<T>(v.shape());
    if (axes) {
        rolled(strided_view<const T>(v), shifts, *axes, res.data());
        return res;
    }
    if (shifts.size() != 1)
        throw std::invalid_argument("loom::roll: " + std::to_string(shifts.size()) + " shifts without axes; give one shift, or the axes");
    const auto flat = flat_source(v);  // rolled as one axis in C order, then x's shape again
    rolled(flat.view, shifts, axes_t{0}, res.data());
    return res;
}

}  // namespace detail

//! Each element of `x` repeated `repeats` times along `axis`, as a new array
//! (Array API `repeat`, NumPy `np.repeat`); without an axis, of `x` flattened in C order.
//! `repeats` is a non-negative integer or a rank-1 integer operand of one count per element along the axis.
//!   loom::array<int> a = {1, 2};
//!   loom::repeat(a, 2);                             // 1 1 2 2
//!   loom::repeat(loom::array<int>{{1, 2}, {3, 4}}, loom::array<int>{1, 2}, 0);   // rows 1 2 / 3 4 / 3 4
template <expression X, std::integral N>
auto repeat(const X& x, N repeats) {
    if (repeats < 0) detail::throw_negative("repeat", "count", detail::to_ptrdiff(repeats));
    return detail::repeat_of(x, {static_cast<std::size_t>(repeats)}, std::nullopt);
}
template <expression X, std::integral N>
auto repeat(const X& x, N repeats, std::ptrdiff_t axis) {
    if (repeats < 0) detail::throw_negative("repeat", "count", detail::to_ptrdiff(repeats));
    return detail::repeat_of(x, {static_cast<std::size_t>(repeats)}, axis);
}
template <expression X, expression R>
    requires std::integral<typename R::value_type> && (!std::same_as<typename R::value_type, bool>)
auto repeat(const X& x, const R& repeats) {
    return detail::repeat_of(x, detail::repeat_counts(repeats), std::nullopt);
}
template <expression X, expression R>
    requires std::integral<typename R::value_type> && (!std::same_as<typename R::value_type, bool>)
auto repeat(const X& x, const R& repeats, std::ptrdiff_t axis) {
    return detail::repeat_of(x, detail::repeat_counts(repeats), axis);
}

//! `x` repeated `reps[i]` times along each axis i, as a new array (Array API
//! `tile`); `reps` and the shape align at the right, the shorter padded with 1s.
//!   loom::tile(loom::array<int>{1, 2}, {2, 2});   // {{1, 2, 1, 2}, {1, 2, 1, 2}}
template <expression X>
auto tile(const X& x, std::initializer_list<std::ptrdiff_t> reps) {
    const auto v = detail::source_view(x);
    return detail::tiled(strided_view<const typename decltype(v)::value_type>(v), detail::to_axes(reps));
}
template <expression X, integer_range R>
auto tile(const X& x, const R& reps) {
    const auto v = detail::source_view(x);
    return detail::tiled(strided_view<const typename decltype(v)::value_type>(v), detail::to_axes(reps));
}

//! `x` with its elements shifted by `shift` places along `axis`, those that
//! leave at one end coming in at the other (Array API `roll`), as a new array;
//! without an axis, over `x` flattened in C order, the shape kept. Several axes
//! take one shift each, or one shift for all: `loom::roll(m, {1, -1}, {0, 1})`.
//!   loom::roll(loom::array<int>{1, 2, 3, 4}, 1);   // 4 1 2 3
template <expression X>
auto roll(const X& x, std::ptrdiff_t shift) {
    return detail::roll_of(x, detail::axes_t{shift}, std::nullopt);
}
template <expression X>
auto roll(const X& x, std::ptrdiff_t shift, std::ptrdiff_t axis) {
    return detail::roll_of(x, detail::axes_t{shift}, detail::axes_t{axis});
}
template <expression X>
auto roll(const X& x, std::ptrdiff_t shift, std::initializer_list<std::ptrdiff_t> axes) {
    return detail::roll_of(x, detail::axes_t{shift}, detail::to_axes(axes));
}
template <expression X>
auto roll(const X& x, std::initializer_list<std::ptrdiff_t> shifts, std::initializer_list<std::ptrdiff_t> axes) {
    return detail::roll_of(x, detail::to_axes(shifts), detail::to_axes(axes));
}

}  // namespace loom
