// tests/eval/threads_cases.hpp: reductions large enough for threads, whose bits must not depend on the count of threads (tests/eval/test_threads.cpp, tests/eval/threads_bits.cpp).
#pragma once

#include <loom/loom.hpp>

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace threads_cases {

// Values whose sums round at every step (no two alike, no short binary fractions).
template <class T>
loom::array<T> rough(const loom::shape_t& s, std::size_t seed) {
    loom::array<T> a(s);
    for (std::size_t i = 0; i < a.size(); ++i)
        a.data()[i] = static_cast<T>(1.0 / double(i + seed + 1) + std::sin(double(i * 7 + seed)) * 3.1);
    return a;
}

// Each case: its name and its results, in row-major order, as doubles.
inline std::vector<std::pair<std::string, std::vector<double>>> run() {
    std::vector<std::pair<std::string, std::vector<double>>> out;
    const auto add = [&](std::string name, const auto& e) {
        using T = typename std::remove_cvref_t<decltype(e)>::value_type;
        const loom::array<T> r = e;
        out.emplace_back(std::move(name), std::vector<double>(r.begin(), r.end()));
    };
    const loom::array<double> x = rough<double>({1 << 20}, 1), y = rough<double>({1 << 20}, 2);
    const loom::array<float> f = rough<float>({1 << 20}, 3);
    const loom::array<double> m = rough<double>({1000, 700}, 4);
    const loom::array<float> c = rough<float>({3, 600, 500}, 5);
    add("sum of 2^20 doubles", loom::sum(x));
    add("sum of 2^20 floats", loom::sum(f));
    add("mean of 2^20 floats", loom::mean(f));
    add("max of 2^20 doubles", loom::max(x));
    add("prod of 2^20 values near 1", loom::prod(x * 1e-6 + 1.0));
    add("dot of 2^20 doubles", loom::sum(x * y));
    add("sum of exp over 2^20 floats", loom::sum(loom::exp(f * 0.25f)));
    add("sum of a strided view", loom::sum(loom::view(x, loom::range(0, loom::none, 3))));
    add("row sums of 1000x700", loom::sum(m, 1));
    add("column sums of 1000x700", loom::sum(m, 0));
    add("sums over axis 1 of 3x600x500 floats", loom::sum(c, 1));
    add("sums over axes 0 and 2 of 3x600x500 floats", loom::sum(c, {0, 2}));
    add("column sums of an expression", loom::sum(m * 2.0 - 1.0, 0));
    add("var of the columns", loom::var(m, 0));
    add("row sums of an expression", loom::sum(m * 2.0 - 1.0, 1));
    add("var of the rows", loom::var(m, 1));
    add("softmax denominators", loom::sum(loom::exp(m - loom::max(m, 1, loom::keepdims)), 1));
    return out;
}

}  // namespace threads_cases
