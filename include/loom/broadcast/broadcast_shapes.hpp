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
    // check from the last axis backwards, as the spec's algorithm does, so the
    // error names the last axis that does not match; acc changes only after
    for (std::size_t k = 1; k <= n; ++k) {
        const std::size_t d1 = k <= n1 ? acc[n1 - k] : 1;
        const std::size_t d2 = k <= n2 ? s[n2 - k] : 1;
        if (d1 != 1 && d2 != 1 && d1 != d2) throw_broadcast(acc, s, -static_cast<std::ptrdiff_t>(k), d1, d2);
    }
    if (n2 > n1) {  // prepend size-1 axes to acc
        acc.resize(n);
        for (std::size_t i = n; i-- > n - n1;) acc[i] = acc[i - (n - n1)];
        for (std::size_t i = 0; i < n - n1; ++i) acc[i] = 1;
    }
    for (std::size_t k = 1; k <= n2; ++k)
        if (acc[n - k] == 1) acc[n - k] = s[n2 - k];
}

}  // namespace detail

//! Result shape of broadcasting any number of shapes (Array API algorithm).
//!   loom::broadcast_shapes({8, 1, 6, 1}, {7, 1, 5});  // (8, 7, 6, 5)
//! Up to eight braced lists; any number of shape_t values. (The parameters left
//! out are the rank-0 shape, which broadcasts with anything to that thing.)
inline shape_t broadcast_shapes(const shape_t& s1, const shape_t& s2 = {}, const shape_t& s3 = {},
                                const shape_t& s4 = {}, const shape_t& s5 = {}, const shape_t& s6 = {},
                                const shape_t& s7 = {}, const shape_t& s8 = {}) {
    shape_t acc = s1;
    for (const shape_t* s : {&s2, &s3, &s4, &s5, &s6, &s7, &s8}) detail::broadcast_into(acc, *s);
    return acc;
}
template <class... S>
    requires(sizeof...(S) >= 1 && (std::convertible_to<const S&, const shape_t&> && ...))
shape_t broadcast_shapes(const shape_t& s1, const shape_t& s2, const shape_t& s3, const shape_t& s4,
                         const shape_t& s5, const shape_t& s6, const shape_t& s7, const shape_t& s8,
                         const S&... rest) {
    shape_t acc = broadcast_shapes(s1, s2, s3, s4, s5, s6, s7, s8);
    (detail::broadcast_into(acc, rest), ...);
    return acc;
}

}  // namespace loom
