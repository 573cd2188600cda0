// loom/containers/interop.hpp: arrays from and to the standard library: asarray from any range, to_vector.
#pragma once

#include <concepts>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../view/strided_view.hpp"
#include "array.hpp"

namespace loom {

namespace detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_asarray_count(std::size_t got, bool more, const shape_t& s,
                                                                      std::size_t n) {
    throw std::invalid_argument("loom::asarray: the range has " + std::string(more ? "more than " : "") +
                                std::to_string(got) + " elements; shape " + to_string(s) + " holds " +
                                std::to_string(n));
}

// A range whose elements static_cast to T.
template <class R, class T>
concept range_of = std::ranges::input_range<R> && requires(std::ranges::range_reference_t<R> v) {
    static_cast<T>(v);
};

// The element type asarray takes from a range of C++ numbers.
template <class R>
using range_element_t = canonical_t<std::ranges::range_value_t<R>>;

template <class R>
concept range_of_numbers =
    std::ranges::input_range<R> && scalar_value<std::remove_cvref_t<std::ranges::range_value_t<R>>>;

// r's elements into a new buffer, as an array of shape s; the range must hold
// exactly size_of(s). A sized range is measured before anything is allocated;
// any other is copied while counting, and never read past one element more than
// the shape holds (so that an endless range is refused, not walked forever).
template <class T, class R>
array<T> array_from_range(R&& r, const shape_t& s) {
    const std::size_t n = size_of(s);
    if constexpr (std::ranges::sized_range<R>) {
        const auto got = static_cast<std::size_t>(std::ranges::size(r));
        if (got != n) throw_asarray_count(got, false, s, n);
    }
    buffer<T> b(n);
    T* out = b.data();
    auto it = std::ranges::begin(r);
    const auto end = std::ranges::end(r);
    std::size_t i = 0;
    for (; i < n && it != end; ++i, ++it) out[i] = static_cast<T>(*it);
    if constexpr (!std::ranges::sized_range<R>) {
        if (i < n) throw_asarray_count(i, false, s, n);
        if (it != end) throw_asarray_count(n, true, s, n);
    }
    array<T> a;
    value_access::adopt(a, std::move(b), s);
    return a;
}

}  // namespace detail

//! asarray<double>(range, shape): a copy of any input range (a std::vector, a std::list,
//! std::views::iota(0, 6) ...) in row-major order, each element static_cast to T;
//! std::invalid_argument naming both counts when the range does not fill the shape exactly.
template <element T, std::ranges::input_range R>
    requires detail::range_of<R, T>
array<T> asarray(R&& r, const shape_t& s) {
    return detail::array_from_range<T>(r, s);
}
//! asarray<double>(range): a rank-1 copy of the range.
template <element T, std::ranges::input_range R>
    requires detail::range_of<R, T>
array<T> asarray(R&& r) {
    if constexpr (std::ranges::sized_range<R> || std::ranges::forward_range<R>) {  // counted, then copied
        return detail::array_from_range<T>(r, shape_t{static_cast<std::size_t>(std::ranges::distance(r))});
    } else {  // single pass: gathered first, then copied
        std::vector<T> v;
        for (auto&& x : r) v.push_back(static_cast<T>(x));
        return detail::array_from_range<T>(v, shape_t{v.size()});
    }
}
//! asarray(range, shape), asarray(range): the element type is the range's (std::int64_t for long long).
template <std::ranges::input_range R>
    requires detail::range_of_numbers<R>
auto asarray(R&& r, const shape_t& s) {
    return asarray<detail::range_element_t<R>>(r, s);
}
//! asarray(range): a rank-1 copy, the element type the range's.
template <std::ranges::input_range R>
    requires detail::range_of_numbers<R>
auto asarray(R&& r) {
    return asarray<detail::range_element_t<R>>(r);
}

//! to_vector(e): the elements of an array, view or expression in row-major order, as a
//! std::vector<value_type>; an expression is evaluated straight into the vector.
template <expression E>
auto to_vector(const E& e) {
    using V = typename std::remove_cvref_t<E>::value_type;
    if constexpr (std::same_as<std::remove_cvref_t<E>, array<V>>) {
        return std::vector<V>(e.begin(), e.end());
    } else if constexpr (std::same_as<V, bool>) {  // std::vector<bool> has no data() to write into
        const array<bool> a(e);
        return std::vector<bool>(a.begin(), a.end());
    } else {
        const shape_t s = e.shape();
        std::vector<V> out(size_of(s));
        adapt(out.data(), s) = e;
        return out;
    }
}

}  // namespace loom
