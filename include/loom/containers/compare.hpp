// loom/containers/compare.hpp: whole-array checks array_equal and allclose.
#pragma once

#include <cmath>
#include <complex>
#include <type_traits>

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

//! |a - b| <= atol + rtol * |b| everywhere, broadcasting a with b (NumPy's allclose;
//! complex numbers by their modulus); NaN is close to nothing. Throws broadcast_error
//! when the shapes do not broadcast.
template <expression A, expression B>
bool allclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8) {
    // compared in double, or in std::complex<double> when either side is complex
    using W = std::conditional_t<is_complex_v<typename A::value_type> || is_complex_v<typename B::value_type>,
                                 std::complex<double>, double>;
    const shape_t s = broadcast_shapes(a.shape(), b.shape());
    array<W> ea(s), eb(s);
    detail::fresh_target<W> ta{ea.data(), s, ea.strides()}, tb{eb.data(), s, eb.strides()};
    detail::assign<detail::mode::fresh>(ta, astype<W>(a));  // a broadcast to s
    detail::assign<detail::mode::fresh>(tb, astype<W>(b));
    const auto finite = [](W v) {
        if constexpr (is_complex_v<W>) return std::isfinite(v.real()) && std::isfinite(v.imag());
        else return std::isfinite(v);
    };
    for (std::size_t i = 0; i < ea.size(); ++i) {
        const W x = ea.data()[i], y = eb.data()[i];
        if (x == y) continue;                          // equal infinities
        if (!finite(x) || !finite(y)) return false;    // inf - inf would pass the test below
        if (!(std::abs(x - y) <= atol + rtol * std::abs(y))) return false;
    }
    return true;
}

}  // namespace loom
