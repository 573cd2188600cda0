// loom/containers/factories.hpp: zeros, ones, full, empty, arange, linspace.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>

#include "array.hpp"

namespace loom {

//! zeros<double>({2, 3}): an array of zeros.
template <element T>
array<T> zeros(const shape_t& s) { return array<T>(s, T(0)); }
//! ones<double>({2, 3}): an array of ones.
template <element T>
array<T> ones(const shape_t& s) { return array<T>(s, T(1)); }
//! full({2, 3}, 7.0): an array filled with `value`.
template <element T>
array<T> full(const shape_t& s, T value) { return array<T>(s, value); }
//! empty<double>({2, 3}): an array of shape `s` (loom zero-fills it too).
template <element T>
array<T> empty(const shape_t& s) { return array<T>(s); }

//! arange<int>(start, stop, step): start, start + step, ... below stop (above it for step < 0).
template <element T>
array<T> arange(T start, T stop, T step = T(1)) {
    if (step == T(0)) throw std::invalid_argument("loom: arange step must not be 0");
    std::size_t n = 0;
    if constexpr (std::is_floating_point_v<T>) {
        const double c = std::ceil((static_cast<double>(stop) - static_cast<double>(start)) / static_cast<double>(step));
        n = c > 0 ? static_cast<std::size_t>(c) : 0;
    } else {
        const auto lo = static_cast<long double>(start), hi = static_cast<long double>(stop),
                   st = static_cast<long double>(step);
        const long double c = std::ceil((hi - lo) / st);
        n = c > 0 ? static_cast<std::size_t>(c) : 0;
    }
    array<T> r(shape_t{n});
    for (std::size_t i = 0; i < n; ++i)
        r.data()[i] = static_cast<T>(start + static_cast<T>(i) * step);
    return r;
}
//! arange<int>(5): 0, 1, 2, 3, 4.
template <element T>
array<T> arange(T stop) { return arange<T>(T(0), stop, T(1)); }

//! linspace<double>(0, 1, 5): n evenly spaced values from a to b, both included.
template <element T>
array<T> linspace(T a, T b, std::size_t n) {
    array<T> r(shape_t{n});
    if (n == 1) r.data()[0] = a;
    if (n < 2) return r;
    const double step = (static_cast<double>(b) - static_cast<double>(a)) / static_cast<double>(n - 1);
    for (std::size_t i = 0; i < n; ++i)
        r.data()[i] = static_cast<T>(static_cast<double>(a) + step * static_cast<double>(i));
    r.data()[n - 1] = b;
    return r;
}

}  // namespace loom
