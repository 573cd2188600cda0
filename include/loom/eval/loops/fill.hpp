// loom/eval/loops/fill.hpp: the fill strategy: an expression without leaves, its one value written into any layout.
#pragma once

#include <algorithm>
#include <cstddef>

#include "../../core/shape.hpp"
#include "../check.hpp"

namespace loom::detail {

// target[...] <- v, any layout: what an expression without leaves (a number,
// or numbers combined: `view(x, 1) = 0.0`) assigns, its value computed once.
// Its own loop, one per element type, instead of the planner and row
// functions of a leafless expression: rows along the last axis, the other
// axes counted like an odometer.
template <class T>
void fill(T* data, const shape_t& shape, const strides_t& strides, T v) {
    const std::size_t r = shape.size(), count = count_of(shape);  // the target's: it fits
    if (count == 0) return;
    if (is_contiguous(shape, strides)) return (void)std::fill_n(data, count, v);
    const std::size_t n = shape[r - 1];  // a rank-0 target is contiguous
    const std::ptrdiff_t step = strides[r - 1];
    shape_t at(r - 1, 0);  // index along each outer axis
    for (T* row = data;;) {
        if (step == 1) std::fill_n(row, n, v);  // its own loop: vectorized
        else
            for (std::size_t j = 0; j < n; ++j) row[static_cast<std::ptrdiff_t>(j) * step] = v;
        std::size_t a = r - 1;
        for (; a > 0; --a) {  // the next row: carry from the innermost outer axis
            row += strides[a - 1];
            if (++at[a - 1] < shape[a - 1]) break;
            row -= static_cast<std::ptrdiff_t>(shape[a - 1]) * strides[a - 1];
            at[a - 1] = 0;
        }
        if (a == 0) return;
    }
}

}  // namespace loom::detail
