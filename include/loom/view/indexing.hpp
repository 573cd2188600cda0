// loom/view/indexing.hpp: loom::view(x, args...) with integers, range (Python slices), all, newaxis, ellipsis.
#pragma once

#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "as_view.hpp"
#include "axes.hpp"
#include "strided_view.hpp"

namespace loom {

//! An omitted slice bound, Python's `None`: `loom::range(loom::none, 3)` is `[:3]`.
struct none_t {
    explicit constexpr none_t() = default;
};
inline constexpr none_t none{};

//! Keeps a whole axis, Python's `:`.
struct all_t {
    explicit constexpr all_t() = default;
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

struct index_arg {
    enum kind_t { integer, range, whole, new_axis, rest } kind;
    std::ptrdiff_t i = 0;
    slice s{};
};

template <class A>
index_arg to_index_arg(const A& a) {
    if constexpr (std::integral<A>) return {index_arg::integer, to_ptrdiff(a), {}};
    else if constexpr (std::same_as<A, slice>) return {index_arg::range, 0, a};
    else if constexpr (std::same_as<A, all_t>) return {index_arg::whole, 0, {}};
    else if constexpr (std::same_as<A, newaxis_t>) return {index_arg::new_axis, 0, {}};
    else return {index_arg::rest, 0, {}};
}

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

// Applies parsed index arguments to a view; throws index_error before building anything.
template <class T>
strided_view<T> apply_index(const strided_view<T>& v, const index_arg* args, std::size_t n) {
    std::size_t consumed = 0, ellipses = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (args[k].kind == index_arg::rest) ++ellipses;
        else if (args[k].kind != index_arg::new_axis) ++consumed;
    }
    if (ellipses > 1)
        throw index_error("loom: view: an index may hold one ellipsis, this one holds " + std::to_string(ellipses));
    const std::size_t rank = v.ndim();
    if (consumed > rank)
        throw index_error("loom: view: too many indices: " + std::to_string(consumed) + " for shape " +
                          to_string(v.shape()) + " of rank " + std::to_string(rank));
    const shape_t& shape = v.shape();
    const strides_t& strides = v.strides();
    shape_t out_shape;
    strides_t out_strides;
    std::ptrdiff_t offset = 0;
    std::size_t axis = 0;
    auto keep = [&](std::size_t count) {
        for (std::size_t j = 0; j < count; ++j, ++axis) {
            out_shape.push_back(shape[axis]);
            out_strides.push_back(strides[axis]);
        }
    };
    for (std::size_t k = 0; k < n; ++k) {
        const index_arg& a = args[k];
        switch (a.kind) {
        case index_arg::integer: {
            const auto len = static_cast<std::ptrdiff_t>(shape[axis]);
            const std::ptrdiff_t i = a.i < 0 ? a.i + len : a.i;
            if (a.i < -len || i < 0 || i >= len)
                throw index_error("loom: view: index " + std::to_string(a.i) + " is out of bounds for axis " +
                                  std::to_string(axis) + " with size " + std::to_string(len));
            offset += i * strides[axis];
            ++axis;
            break;
        }
        case index_arg::range: {
            const slice_extent e = adjust_slice(a.s, shape[axis]);
            if (e.length > 0) offset += e.start * strides[axis];
            out_shape.push_back(e.length);
            // a step can only matter (and be multiplied) when it selects two elements or more
            out_strides.push_back(e.length > 1 ? strides[axis] * a.s.step : strides[axis]);
            ++axis;
            break;
        }
        case index_arg::whole:
            keep(1);
            break;
        case index_arg::new_axis:
            out_shape.push_back(1);
            out_strides.push_back(0);
            break;
        case index_arg::rest:
            keep(rank - consumed);
            break;
        }
    }
    keep(rank - axis);  // trailing axes not named
    // a view with no element keeps the pointer: an empty array's may be null, and an
    // offset on a null pointer is undefined (found by tests/fuzz)
    for (std::size_t k = 0; k < out_shape.size(); ++k)
        if (out_shape[k] == 0) offset = 0;
    return strided_view<T>(v.data() + offset, std::move(out_shape), std::move(out_strides));
}

}  // namespace detail

//! A strided window of `x`: each argument is an integer (drops the axis;
//! negative counts from the end), `loom::range(start, stop[, step])`,
//! `loom::all`, `loom::newaxis` or `loom::ellipsis`. Writable when `x` is (a
//! non-const array, a writable view); views of views compose. Bad arguments
//! throw index_error.
//!   loom::array<double> x = {{1, 2, 3}, {4, 5, 6}};
//!   loom::view(x, 1, loom::range(loom::none, loom::none, -1));   // 6 5 4
//!   loom::view(x, loom::all, 0) = 0.0;                            // first column
template <class X, class... Args>
    requires viewable<X&&> && (index_argument<Args> && ...)
auto view(X&& x, const Args&... args) {
    auto base = detail::as_view(x);
    if constexpr (sizeof...(Args) == 0) {
        return base;
    } else {
        const detail::index_arg parsed[] = {detail::to_index_arg(args)...};
        return detail::apply_index(base, parsed, sizeof...(Args));
    }
}

}  // namespace loom
