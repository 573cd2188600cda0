// examples/tutorial_random.cpp: NumPy's random streams in loom, the same seed giving the same numbers (docs/tutorial.md, step 8).
#include <loom/loom.hpp>
#include <loom/random.hpp>

#include <cstdint>
#include <iostream>

int main() {
    std::cout.precision(16);                             // numbers print as Python prints them
    // snippet: draws
    auto rng = loom::random::default_rng(42);          // rng = np.random.default_rng(42)
    std::cout << rng.random({3}) << '\n';                // rng.random(3)
    std::cout << rng.integers(0, 10, {2, 4}) << '\n';    // rng.integers(0, 10, (2, 4))
    std::cout << rng.normal(5.0, 2.0) << '\n';           // one number: rng.normal(5.0, 2.0)
    loom::array<double> mu = {0.0, 100.0};
    std::cout << rng.normal(mu, 1.0, {3, 2}) << '\n';    // rng.normal(mu, 1.0, (3, 2)): mu broadcasts
    // end snippet

    // snippet: montecarlo
    auto mc = loom::random::default_rng(7);
    const std::size_t n = 1'000'000;
    loom::array<double> x = mc.random({n}), y = mc.random({n});
    const std::int64_t inside = loom::count_nonzero(x * x + y * y < 1.0);
    std::cout << inside << ' ' << 4.0 * double(inside) / double(n) << '\n';
    // end snippet

    // snippet: spawn
    auto workers = loom::random::default_rng(2026).spawn(2);   // independent streams, as Generator.spawn
    std::cout << workers[0].standard_normal({2}) << ' ' << workers[1].standard_normal({2}) << '\n';
    // end snippet
}
