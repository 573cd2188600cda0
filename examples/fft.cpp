// examples/fft.cpp: loom::fft as NumPy's np.fft: a spectral derivative and a convolution by FFT (docs/fft.md).
#include <loom/fft.hpp>
#include <loom/loom.hpp>

#include <cmath>
#include <complex>
#include <iostream>
#include <numbers>

int main() {
    // snippet: derivative
    const std::size_t n = 64;
    const double length = 2 * std::numbers::pi, dx = length / n;
    loom::array<double> x = loom::arange(0.0, double(n)) * dx;          // x = np.arange(n) * dx
    loom::array<double> u = loom::sin(3.0 * x);                           // u = np.sin(3 * x)
    loom::array<double> k = 2 * std::numbers::pi * loom::fft::rfftfreq(n, dx);
    loom::array<std::complex<double>> U = loom::fft::rfft(u);             // U = np.fft.rfft(u)
    auto du = loom::fft::irfft(std::complex<double>(0, 1) * k * U, n);    // np.fft.irfft(1j * k * U, n)
    // end snippet
    const double error = loom::max(loom::abs(du - 3.0 * loom::cos(3.0 * x)));
    std::cout << "spectral derivative of sin(3x): " << (error < 1e-12 ? "3 cos(3x) to 1e-12" : "wrong") << '\n';

    // snippet: convolve
    loom::array<double> a = {1, 2, 3, 4}, b = {1, 1, 1};
    const std::size_t m = a.size() + b.size() - 1;                       // the full convolution's length
    auto c = loom::fft::irfft(loom::fft::rfft(a, m) * loom::fft::rfft(b, m), m);
    std::cout << loom::round(c) << '\n';                                  // as np.convolve(a, b)
    // end snippet
    return error < 1e-12 ? 0 : 1;
}
