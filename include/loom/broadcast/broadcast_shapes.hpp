// loom/broadcast/broadcast_shapes.hpp: the Array API broadcasting algorithm over any number of shapes.
#pragma once

#include <string>

#include "../core/errors.hpp"
#include "../core/shape.hpp"

namespace loom {

namespace detail {

[[noreturn]] inline void throw_broadcast(const shape_t& a, const shape_t& b, std::ptrdiff_t axis,
                                         std::size_t da, std::size_t db) {
    throw broadcast_error("cannot broadcast " + to_string(a) + " with " + to_string(b) + ": axis " +
                          std::to_string(axis) + " has " + std::to_string(da) + " and " +
                          std::to_string(db));
}

// acc <- broadcast(acc, s). Shapes align at the right; a size-1 axis
// stretches to the other size, 0 included. acc is untouched on failure.
inline void broadcast_into(shape_t& acc, const shape_t& s) {
    const std::size_t n1 = acc.size(), n2 = s.size();
    if (n1 == 0) {  // the first operand, or only scalars so far
        acc = s;
        return;
    }
    if (acc == s) return;
    const std::size_t n = n1 > n2 ? n1 : n2;
    shape_t out(n, 1);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t d1 = i + n1 >= n ? acc[i + n1 - n] : 1;
        const std::size_t d2 = i + n2 >= n ? s[i + n2 - n] : 1;
        if (d1 == 1) out[i] = d2;
        else if (d2 == 1 || d1 == d2) out[i] = d1;
        else throw_broadcast(acc, s, static_cast<std::ptrdiff_t>(i) - static_cast<std::ptrdiff_t>(n), d1, d2);
    }
    acc = out;
}

}  // namespace detail

//! Result shape of broadcasting any number of shapes (Array API algorithm).
//!   loom::broadcast_shapes({8, 1, 6, 1}, {7, 1, 5});  // (8, 7, 6, 5)
inline shape_t broadcast_shapes(const shape_t& s1) { return s1; }
inline shape_t broadcast_shapes(const shape_t& s1, const shape_t& s2) {
    shape_t acc = s1;
    detail::broadcast_into(acc, s2);
    return acc;
}
inline shape_t broadcast_shapes(const shape_t& s1, const shape_t& s2, const shape_t& s3) {
    shape_t acc = broadcast_shapes(s1, s2);
    detail::broadcast_into(acc, s3);
    return acc;
}
template <class... S>
    requires(sizeof...(S) >= 1 && (std::convertible_to<const S&, const shape_t&> && ...))
shape_t broadcast_shapes(const shape_t& s1, const shape_t& s2, const shape_t& s3, const shape_t& s4,
                         const S&... rest) {
    shape_t acc = broadcast_shapes(s1, s2, s3);
    detail::broadcast_into(acc, s4);
    (detail::broadcast_into(acc, rest), ...);
    return acc;
}
inline shape_t broadcast_shapes(const shape_t& s1, const shape_t& s2, const shape_t& s3,
                                const shape_t& s4) {
    shape_t acc = broadcast_shapes(s1, s2, s3);
    detail::broadcast_into(acc, s4);
    return acc;
}

}  // namespace loom
