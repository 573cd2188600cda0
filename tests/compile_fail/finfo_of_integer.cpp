// tests/compile_fail/finfo_of_integer.cpp: finfo of an integer type must not compile, and say to use iinfo.
// expect: loom::finfo<T>: T must be float or double
// expect: loom::iinfo<T> describes the integer types
#include <loom/loom.hpp>

int main() { return loom::finfo<int>::bits; }
