// tests/compile_fail/iinfo_of_float.cpp: iinfo of a floating type (or bool) must not compile, and say to use finfo.
// expect: loom::iinfo<T>: T must be an integer element type
// expect: loom::finfo<T>
#include <loom/loom.hpp>

int main() { return loom::iinfo<double>::bits + loom::iinfo<bool>::bits; }
