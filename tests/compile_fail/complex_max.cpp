// tests/compile_fail/complex_max.cpp: max of complex numbers must not compile: they have no order.
// expect: complex numbers have no order
#include <loom/loom.hpp>

#include <complex>

int main() {
    loom::array<std::complex<double>> z(loom::shape_t{2});
    const std::complex<double> m = loom::max(z);
    return static_cast<int>(m.real());
}
