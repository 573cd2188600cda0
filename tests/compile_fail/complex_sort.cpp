// tests/compile_fail/complex_sort.cpp: sort of complex numbers must not compile: they have no order.
// expect: complex numbers have no order: sort loom::real(x) or loom::abs(x) instead
#include <loom/loom.hpp>

#include <complex>

int main() {
    loom::array<std::complex<double>> z(loom::shape_t{2});
    const auto s = loom::sort(z);
    return static_cast<int>(s.size());
}
