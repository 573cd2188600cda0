// loom/view/axes.hpp: lists of axes or dims (braced lists or any range of integers) and axis normalization.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../detail/small_vector.hpp"

namespace loom {

//! A range of integers usable where loom takes a list of axes or dims.
template <class R>
concept integer_range = detail::integer_iterable<R> && !std::same_as<detail::iterable_value_t<R>, bool>;

namespace detail {

using axes_t = small_vector<std::ptrdiff_t, 8>;

// An integer as std::ptrdiff_t; unsigned values beyond its range saturate
// (they are out of range for any axis or size anyway).
template <std::integral I>
constexpr std::ptrdiff_t to_ptrdiff(I v) noexcept {
    if constexpr (std::is_unsigned_v<I>) {
        constexpr auto top = static_cast<std::uintmax_t>(std::numeric_limits<std::ptrdiff_t>::max());
        if (static_cast<std::uintmax_t>(v) > top) return std::numeric_limits<std::ptrdiff_t>::max();
    } else {
        if (static_cast<std::intmax_t>(v) < static_cast<std::intmax_t>(std::numeric_limits<std::ptrdiff_t>::min()))
            return std::numeric_limits<std::ptrdiff_t>::min();
    }
    return static_cast<std::ptrdiff_t>(v);
}

template <integer_range R>
axes_t to_axes(const R& r) {
    axes_t a;
    for (auto v : r) a.push_back(to_ptrdiff(v));
    return a;
}
inline axes_t to_axes(std::initializer_list<std::ptrdiff_t> l) { return axes_t(l.begin(), l.end()); }

// axis in [-n, n) -> [0, n); index_error naming the axis otherwise. `what` names the caller.
inline std::size_t normalize_axis(std::ptrdiff_t axis, std::size_t n, const char* what) {
    const auto r = static_cast<std::ptrdiff_t>(n);
    if (axis < -r || axis >= r)
        throw index_error(std::string("loom: ") + what + ": axis " + std::to_string(axis) +
                          " is out of bounds for rank " + std::to_string(n));
    return static_cast<std::size_t>(axis < 0 ? axis + r : axis);
}

}  // namespace detail

}  // namespace loom
