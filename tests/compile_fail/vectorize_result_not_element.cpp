// tests/compile_fail/vectorize_result_not_element.cpp: vectorize's f must return a type arrays hold; a pointer is not, and the error says how to give one.
// expect: loom::vectorize: f must return a type arrays hold
// expect: loom::vectorize<T>(f)
#include <loom/loom.hpp>

int main() {
    loom::array<double> a = {1.0, 2.0};
    static const char text[] = "x";
    auto f = loom::vectorize([](double) { return text; });
    auto e = f(a);
    (void)e;
}
