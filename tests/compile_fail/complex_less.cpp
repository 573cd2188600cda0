// tests/compile_fail/complex_less.cpp: ordering complex numbers (<, maximum, floor) must not compile: those operators do not apply.
// expect: complex_less.cpp:9:35: error
#include <loom/loom.hpp>

#include <complex>

int main() {
    loom::array<std::complex<double>> z(loom::shape_t{2});
    const loom::array<bool> b = z < z;
    return b(0);
}
