// tests/compile_fail/finfo_of_integer.cpp: finfo of an integer type must not compile, and say to use iinfo.
// expect: loom::finfo<T>: T must be float, double, std::complex<float> or std::complex<double>
// expect: loom::iinfo<T> describes the integer types
#include <loom/loom.hpp>

int main() { return loom::finfo<int>::bits; }
