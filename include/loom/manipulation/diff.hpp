// loom/manipulation/diff.hpp: diff, the n-th differences along an axis (Array API 2024.12, NumPy's np.diff).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/shape.hpp"
#include "../expr/operators.hpp"
#include "../view/axes.hpp"
#include "../view/strided_view.hpp"

namespace loom {

//! diff(x, n = 1, axis = -1): the n-th differences along `axis`, out[i] = x[i + 1] - x[i]
//! taken n times (for bool, x[i + 1] != x[i], as NumPy's), in a new array whose axis is n
//! shorter (empty when n is its length or more); n = 0 gives a copy. A rank-0 x or a
//! negative n throws std::invalid_argument, an axis out of range loom::index_error.
//!   loom::diff(loom::array<int>{1, 4, 9, 16})   // 3 5 7
template <expression X>
auto diff(const X& x, std::ptrdiff_t n = 1, std::ptrdiff_t axis = -1) {
    using T = typename X::value_type;
    if (n < 0) throw std::invalid_argument("loom::diff: the order n must be 0 or more, not " + std::to_string(n));
    array<T> cur = x;
    if (cur.ndim() == 0) throw std::invalid_argument("loom::diff: x must have at least one axis; it has rank 0");
    const std::size_t a = detail::normalize_axis(axis, cur.ndim(), "diff");
    for (std::ptrdiff_t k = 0; k < n && cur.shape()[a] > 0; ++k) {
        shape_t s = cur.shape();
        s[a] -= 1;
        const strides_t& st = cur.strides();
        const strided_view<const T> lo(cur.data(), s, st), hi(cur.data() + st[a], s, st);
        array<T> next;
        if constexpr (std::is_same_v<T, bool>) next = hi != lo;
        else next = hi - lo;
        cur = std::move(next);
    }
    return cur;
}

}  // namespace loom
