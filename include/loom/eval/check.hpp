// loom/eval/check.hpp: the shape and check steps: whether leaves need no broadcasting, and the in-place rule.
#pragma once

#include <cstddef>
#include <string>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "walk.hpp"

namespace loom::detail {

//! In-place rule (Array API): `value` must broadcast to the fixed `target` shape.
inline void check_inplace(const shape_t& target, const shape_t& value) {
    const std::size_t nt = target.size(), nv = value.size();
    if (nv > nt)
        throw broadcast_error("cannot assign " + to_string(value) + " into " + to_string(target) +
                              ": axis -" + std::to_string(nv) + " has " + std::to_string(value[0]) +
                              " and the target has only " + std::to_string(nt) + " axes");
    for (std::size_t j = nv; j-- > 0;) {  // from the last axis, as broadcast errors
        const std::size_t dv = value[j], dt = target[nt - nv + j];
        if (dv != 1 && dv != dt)
            throw broadcast_error("cannot assign " + to_string(value) + " into " + to_string(target) +
                                  ": axis " + std::to_string(static_cast<std::ptrdiff_t>(j) -
                                                             static_cast<std::ptrdiff_t>(nv)) +
                                  " has " + std::to_string(dv) + " and the target " + std::to_string(dt));
    }
}

// Whether a layout is row-major contiguous (size-1 axes may have any stride).
inline bool is_contiguous(const shape_t& s, const strides_t& st) {
    std::ptrdiff_t expect = 1;
    for (std::size_t i = s.size(); i-- > 0;) {
        if (s[i] != 1 && st[i] != expect) return false;
        expect *= static_cast<std::ptrdiff_t>(s[i]);
    }
    return true;
}

// Whether every leaf has exactly shape s: then the expression's shape is s
// with nothing to broadcast (there is at least one leaf).
inline bool all_shaped(const leaf_desc* d, std::size_t n, const shape_t& s) {
    if (n == 0) return false;
    for (std::size_t k = 0; k < n; ++k)
        if (!(*d[k].shape == s)) return false;
    return true;
}

}  // namespace loom::detail
