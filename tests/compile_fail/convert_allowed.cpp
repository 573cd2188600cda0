// tests/compile_fail/convert_allowed.cpp: the implicit conversions that stay within a kind or go up compile.
// expect-success
#include <loom/loom.hpp>

#include <complex>
#include <cstdint>

int main() {
    const loom::array<double> d = {1.5, 2.5};
    loom::array<float> f = d * 2.0;  // within floating, narrower
    f += d;
    const loom::array<std::int8_t> i8 = {1, 2};
    loom::array<std::int64_t> i64 = i8;  // up within signed
    const loom::array<std::int8_t> back = i64;  // down within signed
    loom::array<double> r = i8;  // integer to floating
    loom::array<std::uint8_t> u = {1, 2};
    u += 1;  // a C++ integer takes the array's type
    loom::view(u, loom::all) = 7;
    const loom::array<std::int16_t> s = u;  // unsigned to signed
    const loom::array<int> b = d > 2.0;  // bool to integer
    loom::fixed_array<float, 2> fx;
    fx = d;
    const loom::array<std::uint8_t> explicit_cast = loom::astype<std::uint8_t>(d);
    loom::array<std::complex<float>> z = f;  // floating to complex
    z *= d;
    z += std::complex<double>(0, 1);  // a complex C++ number takes the array's precision
    const loom::array<std::complex<double>> zd = z;  // up within complex
    const loom::array<double> parts = loom::real(zd) + loom::abs(zd);  // real numbers from complex ones, said so
    return static_cast<int>(f(0) + r(0) + i64(0) + back(0) + s(0) + b(0) + fx(0) + explicit_cast(0) + parts(0));
}
