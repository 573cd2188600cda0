// tests/compile_fail/fft_rfft_complex.cpp: rfft of a complex array must not compile: it takes real input
// (NumPy's rfft drops the imaginary parts with a warning; loom asks for fft or loom::real(x)).
// expect: loom::fft: rfft, rfftn and ihfft take real input; for complex input call fft, or take loom::real(x) first
#include <loom/fft.hpp>

#include <complex>

int main() {
    loom::array<std::complex<double>> z(loom::shape_t{8});
    const auto spectrum = loom::fft::rfft(z);
    return static_cast<int>(spectrum.size());
}
