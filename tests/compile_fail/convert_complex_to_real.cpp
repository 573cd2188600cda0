// tests/compile_fail/convert_complex_to_real.cpp: a real array from complex elements must not compile (the imaginary parts would be lost).
// expect: elements_do_not_convert<std::complex<double>, double, false>
// expect: convert explicitly with loom::astype<U>(e)
#include <loom/loom.hpp>

#include <complex>

int main() {
    loom::array<std::complex<double>> z(loom::shape_t{2});
    z.fill({1.0, 2.0});
    loom::array<double> d(loom::shape_t{2});
    d += z;
    return static_cast<int>(d(0));
}
