// examples/tutorial_threads.cpp: how many threads loom uses, and why the answer does not change the results (docs/tutorial.md, step 7).
#include <loom/loom.hpp>

#include <cstdint>
#include <iostream>

int main() {
    // snippet: setting
    int before = loom::set_num_threads(1);  // from now on, this thread's assignments use 1 thread
    std::cout << before << ' ' << loom::num_threads() << '\n';  // 0 stood for OpenMP's default
    loom::set_num_threads(before);          // back to the default
    // end snippet

    // snippet: same
    loom::array<double> x = loom::linspace<double>(0, 10, 2'000'000);
    auto f = loom::exp(-x) * loom::cos(3 * x);

    loom::array<double> many = f;           // as many threads as loom::num_threads()
    double many_total = loom::sum(many);
    loom::array<double> one;
    double one_total = 0;
    {
        loom::threads_scope single(1);      // 1 thread until the end of this scope
        one = f;
        one_total = loom::sum(one);
    }
    std::cout << std::boolalpha << loom::array_equal(many, one) << ' ' << (many_total == one_total) << '\n';
    std::cout << loom::sum(loom::arange<std::int64_t>(2'000'000)) << '\n';  // 0 + 1 + ... + 1999999
    // end snippet
}
