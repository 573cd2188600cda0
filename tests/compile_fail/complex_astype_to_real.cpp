// tests/compile_fail/complex_astype_to_real.cpp: astype from complex to a real type must not compile (the Array API forbids it); it says what to take instead.
// expect: complex numbers convert only to a complex type or to bool
// expect: loom::real(e), loom::imag(e) or loom::abs(e)
#include <loom/loom.hpp>

#include <complex>

int main() {
    loom::array<std::complex<float>> z(loom::shape_t{2});
    const loom::array<float> f = loom::astype<float>(z);
    return static_cast<int>(f(0));
}
