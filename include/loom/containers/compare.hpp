// loom/containers/compare.hpp: whole-array checks array_equal and allclose.
#pragma once

#include <cmath>

#include "../expr/functions.hpp"
#include "array.hpp"

namespace loom {

//! True when both have the same shape and equal elements (`==` is element-wise).
template <expression A, expression B>
bool array_equal(const A& a, const B& b) {
    const shape_t sa = a.shape(), sb = b.shape();
    if (!(sa == sb)) return false;
    const auto ea = eval(a);
    const auto eb = eval(b);
    for (std::size_t i = 0; i < ea.size(); ++i)
        if (!(ea.data()[i] == eb.data()[i])) return false;
    return true;
}

//! |a - b| <= atol + rtol * |b| everywhere, broadcasting a with b (NumPy's allclose);
//! NaN is close to nothing. Throws broadcast_error when the shapes do not broadcast.
template <expression A, expression B>
bool allclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8) {
    const shape_t s = broadcast_shapes(a.shape(), b.shape());
    array<double> ea(s), eb(s);
    detail::fresh_target<double> ta{ea.data(), s, ea.strides()}, tb{eb.data(), s, eb.strides()};
    detail::assign<detail::mode::fresh>(ta, astype<double>(a));  // a broadcast to s
    detail::assign<detail::mode::fresh>(tb, astype<double>(b));
    for (std::size_t i = 0; i < ea.size(); ++i) {
        const double x = ea.data()[i], y = eb.data()[i];
        if (x == y) continue;                                  // equal infinities
        if (!std::isfinite(x) || !std::isfinite(y)) return false;  // inf - inf would pass the test below
        if (!(std::fabs(x - y) <= atol + rtol * std::fabs(y))) return false;
    }
    return true;
}

}  // namespace loom
