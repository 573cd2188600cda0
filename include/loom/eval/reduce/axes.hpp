// loom/eval/reduce/axes.hpp: which axes a reduction runs over, the shape it gives and how many elements each result combines.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "../../core/errors.hpp"
#include "../../core/shape.hpp"
#include "../../detail/small_vector.hpp"
#include "../../expr/reduction_nodes.hpp"
#include "../walk.hpp"

namespace loom::detail {

// Which axes of a rank-n operand are reduced (red[i]); index_error for an
// axis out of range or given twice.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_axis(const char* fn, std::ptrdiff_t axis, std::size_t n,
                                                              bool repeated) {
    if (repeated)
        throw index_error(std::string("loom::") + fn + ": axis " + std::to_string(axis) + " is given more than once");
    throw index_error(std::string("loom::") + fn + ": axis " + std::to_string(axis) +
                      " is out of range for an operand of rank " + std::to_string(n));
}
inline void reduced_axes(const axes_spec& a, std::size_t n, bool* red, const char* fn) {
    for (std::size_t i = 0; i < n; ++i) red[i] = a.every;
    if (a.every) return;
    const auto r = static_cast<std::ptrdiff_t>(n);
    for (const std::ptrdiff_t ax : a.list) {
        if (ax < -r || ax >= r) throw_axis(fn, ax, n, false);
        const auto i = static_cast<std::size_t>(ax < 0 ? ax + r : ax);
        if (red[i]) throw_axis(fn, ax, n, true);
        red[i] = true;
    }
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_empty_reduction(const char* fn, const shape_t& s) {
    throw std::invalid_argument(std::string("loom::") + fn + ": a reduction over no elements has no value (operand shape " +
                                to_string(s) + ")");
}

// The shape of a reduction: the operand's without the reduced axes (keepdims:
// with them as 1). red gets the reduced axes, s the operand's shape.
template <class K, class R, class X>
shape_t reduced_shape(const reduction<K, R, X>& e, shape_t& s, small_vector<bool, 8>& red) {
    s = shape_of(e.arg_);
    red.resize(s.size(), false);
    reduced_axes(e.axes_, s.size(), red.data(), K::name);
    shape_t r;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!red[i]) r.push_back(s[i]);
        else if (e.keepdims_) r.push_back(1);
    }
    return r;
}

// How many elements each output of a reduction over red combines.
inline std::size_t reduced_count(const shape_t& s, const bool* red) {
    std::size_t count = 1;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (red[i]) count *= s[i];
    return count;
}
// The m sums at p divided by count: means (NaN for a count of 0).
template <class R>
void sums_to_means(R* p, std::size_t m, std::size_t count) {
    for (std::size_t i = 0; i < m; ++i) p[i] = p[i] / static_cast<R>(count);
}

}  // namespace loom::detail
