// loom/view/indexing.hpp: loom::view(x, args...) with integers, range (Python slices), all, newaxis, ellipsis.
#pragma once

#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "as_view.hpp"
#include "owning.hpp"
#include "axes.hpp"
#include "strided_view.hpp"

namespace loom {

//! An omitted slice bound, Python's `None`: `loom::range(loom::none, 3)` is `[:3]`.
struct none_t {
    explicit constexpr none_t() = default;
};
inline constexpr none_t none{};

//! Keeps a whole axis, Python's `:`. Called with an operand, it is the
//! reduction loom::all(x, ...) (expr/reduction.hpp).
struct all_t {
    explicit constexpr all_t() = default;
    template <class X, class... A>
        requires expression<X>
    auto operator()(X&& x, A&&... a) const;
    template <class X, class... K>
        requires expression<X>
    auto operator()(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) const;
};
inline constexpr all_t all{};

//! Inserts an axis of size 1, NumPy's `np.newaxis`.
struct newaxis_t {
    explicit constexpr newaxis_t() = default;
};
inline constexpr newaxis_t newaxis{};

//! Stands for as many `all` as the other arguments leave axes, Python's `...`.
struct ellipsis_t {
    explicit constexpr ellipsis_t() = default;
};
inline constexpr ellipsis_t ellipsis{};

//! A slice with Python's rules: `start:stop:step`, negative bounds counting from
//! the end, bounds clipped to the axis, a negative step walking backwards;
//! `std::nullopt` for an omitted bound. Built by `loom::range`.
struct slice {
    std::optional<std::ptrdiff_t> start;
    std::optional<std::ptrdiff_t> stop;
    std::ptrdiff_t step = 1;
};

//! A slice bound: an integer or `loom::none`.
template <class B>
concept slice_bound = (std::integral<B> && !std::same_as<B, bool>) || std::same_as<B, none_t>;

namespace detail {

template <class B>
std::optional<std::ptrdiff_t> bound(B b) {
    if constexpr (std::same_as<B, none_t>) return std::nullopt;
    else return to_ptrdiff(b);
}

}  // namespace detail

//! `range(start, stop)`: Python's `start:stop`; either bound may be `loom::none`.
//!   loom::view(x, loom::range(1, loom::none))   // x[1:]
template <slice_bound A, slice_bound B>
slice range(A start, B stop) {
    return {detail::bound(start), detail::bound(stop), 1};
}
//! `range(start, stop, step)`: Python's `start:stop:step`; step 0 is an index_error when used.
//!   loom::view(x, loom::range(loom::none, loom::none, -1))   // x[::-1]
template <slice_bound A, slice_bound B, slice_bound S>
slice range(A start, B stop, S step) {
    std::ptrdiff_t st = 1;
    if constexpr (!std::same_as<S, none_t>) st = detail::to_ptrdiff(step);
    return {detail::bound(start), detail::bound(stop), st};
}

//! An argument of loom::view: an integer, a slice, all, newaxis or ellipsis.
template <class A>
concept index_argument = (std::integral<A> && !std::same_as<A, bool>) || std::same_as<A, slice> ||
                         std::same_as<A, all_t> || std::same_as<A, newaxis_t> || std::same_as<A, ellipsis_t>;

namespace detail {

inline std::string slice_string(const slice& s) {
    auto b = [](const std::optional<std::ptrdiff_t>& v) { return v ? std::to_string(*v) : std::string("none"); };
    return "range(" + b(s.start) + ", " + b(s.stop) + ", " + std::to_string(s.step) + ")";
}

struct slice_extent {
    std::ptrdiff_t start;
    std::size_t length;
};

// Python's PySlice_AdjustIndices: the first index and the number of elements
// a slice selects on an axis of n elements.
inline slice_extent adjust_slice(const slice& s, std::size_t n) {
    if (s.step == 0) throw index_error("loom: " + slice_string(s) + ": the step must not be 0");
    const auto len = static_cast<std::ptrdiff_t>(n);
    // a step beyond the axis selects one element at most; keep -step representable
    const std::ptrdiff_t step = s.step < -len ? -len - 1 : s.step;
    auto clip = [&](std::optional<std::ptrdiff_t> v, std::ptrdiff_t dflt) {
        if (!v) return dflt;
        std::ptrdiff_t x = *v;
        if (x < 0) {
            x = x < -len ? (step < 0 ? -1 : 0) : x + len;
        } else if (x >= len) {
            x = step < 0 ? len - 1 : len;
        }
        return x;
    };
    const std::ptrdiff_t start = clip(s.start, step < 0 ? len - 1 : 0);
    const std::ptrdiff_t stop = clip(s.stop, step < 0 ? -1 : len);
    std::ptrdiff_t count = 0;
    if (step < 0) {
        if (stop < start) count = (start - stop - 1) / (-step) + 1;
    } else if (start < stop) {
        count = (stop - start - 1) / step + 1;
    }
    return {start, static_cast<std::size_t>(count)};
}

// What a list of index arguments does to the rank, known from their types.
struct index_counts {
    std::size_t consumed = 0;  // axes named: integers, ranges, all
    std::size_t dropped = 0;   // integers
    std::size_t added = 0;     // newaxis
    std::size_t ellipses = 0;
};

template <class... Args>
constexpr index_counts count_index_args() {
    index_counts c;
    c.consumed = ((std::integral<Args> || std::same_as<Args, slice> || std::same_as<Args, all_t>) + ... + 0);
    c.dropped = (std::integral<Args> + ... + 0);
    c.added = (std::same_as<Args, newaxis_t> + ... + 0);
    c.ellipses = (std::same_as<Args, ellipsis_t> + ... + 0);
    return c;
}

[[noreturn]] inline void throw_index_out_of_bounds(std::ptrdiff_t i, std::size_t axis, std::ptrdiff_t len) {
    throw index_error("loom: view: index " + std::to_string(i) + " is out of bounds for axis " +
                      std::to_string(axis) + " with size " + std::to_string(len));
}

[[noreturn]] inline void throw_index_arguments(std::size_t ellipses, std::size_t consumed, const shape_t& shape) {
    if (ellipses > 1)
        throw index_error("loom: view: an index may hold one ellipsis, this one holds " + std::to_string(ellipses));
    throw index_error("loom: view: too many indices: " + std::to_string(consumed) + " for shape " +
                      to_string(shape) + " of rank " + std::to_string(shape.size()));
}

// The view that index arguments select from memory (data, shape, strides),
// built in place: what each argument does is known from its type, so only
// the extents and strides are worked out here. Throws index_error before
// building anything.
template <class T, class... Args>
strided_view<T> apply_index(T* data, const shape_t& shape, const strides_t& strides, const Args&... args) {
    constexpr index_counts c = count_index_args<Args...>();
    const std::size_t rank = shape.size();
    if (c.ellipses > 1 || c.consumed > rank) throw_index_arguments(c.ellipses, c.consumed, shape);
    // integers drop their axes, newaxis adds one each; written by position below
    const std::size_t out_rank = rank - c.dropped + c.added;
    return strided_view<T>(fill_layout, out_rank, [&](std::size_t* os, std::ptrdiff_t* ost) {
        std::size_t j = 0, axis = 0;
        std::ptrdiff_t offset = 0;
        auto keep = [&](std::size_t count) {
            for (std::size_t k = 0; k < count; ++k, ++axis, ++j) {
                os[j] = shape[axis];
                ost[j] = strides[axis];
            }
        };
        auto apply = [&]<class A>(const A& a) {
            if constexpr (std::integral<A>) {
                const std::ptrdiff_t at = to_ptrdiff(a);
                const auto len = static_cast<std::ptrdiff_t>(shape[axis]);
                const std::ptrdiff_t i = at < 0 ? at + len : at;
                if (at < -len || i < 0 || i >= len) throw_index_out_of_bounds(at, axis, len);
                offset += i * strides[axis];
                ++axis;
            } else if constexpr (std::same_as<A, slice>) {
                const slice_extent e = adjust_slice(a, shape[axis]);
                if (e.length > 0) offset += e.start * strides[axis];
                os[j] = e.length;
                // a step can only matter (and be multiplied) when it selects two elements or more
                ost[j] = e.length > 1 ? strides[axis] * a.step : strides[axis];
                ++j;
                ++axis;
            } else if constexpr (std::same_as<A, all_t>) {
                keep(1);
            } else if constexpr (std::same_as<A, newaxis_t>) {
                os[j] = 1;
                ost[j] = 0;
                ++j;
            } else {
                keep(rank - c.consumed);  // the ellipsis
            }
        };
        (apply(args), ...);
        keep(rank - axis);  // trailing axes not named
        // a view with no element keeps the pointer: an empty array's may be null, and an
        // offset on a null pointer is undefined (found by tests/fuzz)
        for (std::size_t k = 0; k < out_rank; ++k)
            if (os[k] == 0) offset = 0;
        return data + offset;
    });
}

}  // namespace detail

//! A strided window of `x`: each argument is an integer (drops the axis;
//! negative counts from the end), `loom::range(start, stop[, step])`,
//! `loom::all`, `loom::newaxis` or `loom::ellipsis`. Writable when `x` is (a
//! non-const array, a writable view); views of views compose. Bad arguments
//! throw index_error. Of a temporary array, an owning_view; of an expression, a lazy
//! expression over views of its operands (view/owning.hpp).
//!   loom::array<double> x = {{1, 2, 3}, {4, 5, 6}};
//!   loom::view(x, 1, loom::range(loom::none, loom::none, -1));   // 6 5 4
//!   loom::view(x, loom::all, 0) = 0.0;                            // first column
template <class X, class... Args>
    requires view_source<X&&> && (index_argument<Args> && ...)
auto view(X&& x, const Args&... args) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        if constexpr (sizeof...(Args) == 0) {
            return detail::as_view(x);
        } else {
            return detail::with_memory(x, [&](auto* data, const shape_t& shape, const strides_t& strides) {
                return detail::apply_index(data, shape, strides, args...);
            });
        }
    });
}

}  // namespace loom
