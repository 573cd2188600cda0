// bench/special.cpp: the special functions exp2, erf, erfc, lgamma, tgamma, expit, logit and sinc on 4096
// doubles and 4096 floats (in cache), loom (r = loom::erf(a)) against the loop a C++ programmer writes over the
// C library (for i: r[i] = std::erf(a[i]), the same flags, the result preallocated in both). Inputs lie in each
// function's useful range. The accuracy of the same functions is measured by bench/special_accuracy.cpp.
#include "common.hpp"

namespace {

constexpr std::size_t n = 4096;
constexpr double pi = 3.14159265358979323846264338327950288;

// One function: its case name, its inputs, loom's expression and the element-wise C library call.
// The checks allow what the SIMD bodies of xsimd and the C library differ by (a few ulp of T).
template <class T, class Loom, class Scalar>
void special(const char* name, bench::range r, Loom loom_fn, Scalar scalar_fn) {
    const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-12;
    const std::string base = std::string(name) + bench::type_suffix<T>();
    const auto sp = [&](const char* impl) {
        return bench::spec{base + "/" + impl + "/cache", n, 2 * n * sizeof(T), tol};
    };
    const auto ref = [=](std::size_t i) { return static_cast<double>(scalar_fn(bench::value<T>(1, i, r))); };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, r;
            Loom f;
            void run() { r = f(a); }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({n}, 1, r), loom::array<T>(loom::shape_t{n}), loom_fn};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, r;
            Scalar f;
            void run() {
                const T* __restrict pa = a.data();
                T* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = f(pa[i]);
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(n, 1, r), bench::buffer<T>(n), scalar_fn};
    });
}

// The element-wise bodies of the hand loops, as written in them (inlined: each is a lambda of its own type).
template <class T>
void all() {
    special<T>("exp2", {-10.0, 10.0}, [](const auto& a) { return loom::exp2(a); }, [](T x) { return std::exp2(x); });
    special<T>("erf", {-4.0, 4.0}, [](const auto& a) { return loom::erf(a); }, [](T x) { return std::erf(x); });
    special<T>("erfc", {-4.0, 8.0}, [](const auto& a) { return loom::erfc(a); }, [](T x) { return std::erfc(x); });
    special<T>("lgamma", {0.01, 50.0}, [](const auto& a) { return loom::lgamma(a); },
               [](T x) { return std::lgamma(x); });
    special<T>("tgamma", {0.01, 20.0}, [](const auto& a) { return loom::tgamma(a); },
               [](T x) { return std::tgamma(x); });
    special<T>("expit", {-20.0, 20.0}, [](const auto& a) { return loom::expit(a); },
               [](T x) { return T(1) / (T(1) + std::exp(-x)); });
    special<T>("logit", {0.001, 0.999}, [](const auto& a) { return loom::logit(a); },
               [](T x) { return std::log(x / (T(1) - x)); });
    special<T>("sinc", {-8.0, 8.0}, [](const auto& a) { return loom::sinc(a); }, [](T x) {
        const T y = x * static_cast<T>(pi);
        return x == T(0) ? T(1) : std::sin(y) / y;
    });
}

}  // namespace

int main(int argc, char** argv) {
    all<double>();
    all<float>();
    return bench::run_main(argc, argv);
}
