// bench/special_accuracy.cpp: the accuracy, in ulp, of loom's special functions on their batch (SIMD) path,
// and of the C library's own, printed as a markdown table. A standalone program, not a benchmark (bench/meson.build
// builds it as special_accuracy):
//
//     g++ -std=c++20 -O2 -I include -I build-test/config bench/special_accuracy.cpp -o special_accuracy
//     g++ -std=c++20 -O2 -march=native -I include -I build-test/config bench/special_accuracy.cpp -o ...
//
// (the SIMD width, and so xsimd's code, differs between the two); `accuracy_special [points]`, 2^20 points by
// default (a few seconds). For each function and type, the points spread over the function's useful range
// (stratified: one at a random place in each of as many equal pieces) and the special values (±0, ±inf, NaN,
// ±the least subnormal, ±the least normal, ±the largest finite, ±1, 2) go through loom's expression on one
// array (loom::erf(a)), so that the evaluator runs it in batches. The reference:
//   double: the C library's function in long double (erfl, lgammal, tgammal, exp2l; expit 1/(1+exp(-x)),
//           logit log(x/(1-x)) and near 1/2 log1p((2x-1)/(1-x)), sinc (-1)^n sin(pi (x-n))/(pi x) with n the
//           nearest integer, written in long double), rounded to double;
//   float:  the C library's double function (or the formula in double), rounded to float.
// The error is the distance in representable values of the type (ulp) between the result and the rounded
// reference: 0 is the correctly rounded result. "C library" is the same scalar call in the type itself
// (std::erf(double), erff; the formulas written in T), what a loop over the C library gives.
// The maximum is over the range's points; special values (and points) where the result and the reference
// disagree in NaN-ness, infinity or the sign of a zero, and special values 2 ulp or more off, are listed apart.
#include <loom/loom.hpp>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

std::size_t samples = std::size_t{1} << 20;  // points a row: the first argument, if any
constexpr long double pi_l = 3.14159265358979323846264338327950288L;

double unit(std::uint64_t i) {
    std::uint64_t z = i + 0x9E3779B97F4A7C15ull;  // splitmix64 finalizer
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

// The position of x among the values of T in order, both zeros at 0 (NaN not asked).
template <class T>
std::int64_t order(T x) {
    if constexpr (std::is_same_v<T, double>) {
        std::int64_t b;
        std::memcpy(&b, &x, sizeof b);
        return b < 0 ? -(b & 0x7fffffffffffffffll) : b;
    } else {
        std::int32_t b;
        std::memcpy(&b, &x, sizeof b);
        return b < 0 ? -static_cast<std::int64_t>(b & 0x7fffffff) : b;
    }
}

struct worst {
    double ulp = 0;  // the largest finite distance
    double at = 0;
    std::string specials;  // the first inputs with NaN/inf/sign-of-zero disagreements
    int count = 0;         // all of them
    void note(const char* s) {
        if (count++ < 4) specials += (specials.empty() ? "" : "; ") + std::string(s);
    }
    std::string text() const {
        if (!count) return "-";
        return count > 4 ? specials + " (" + std::to_string(count) + " in all)" : specials;
    }
};

// A value to print: NaN without its sign.
template <class T>
double shown(T v) {
    return std::isnan(v) ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(v);
}

// A sample updates the maximum; a special value is listed when it is off by 2 ulp or more.
template <class T>
void compare(worst& w, T x, T got, T want, bool special) {
    char buf[128];
    if (std::isnan(got) || std::isnan(want)) {
        if (std::isnan(got) != std::isnan(want)) {
            std::snprintf(buf, sizeof buf, "%.9g: %.9g (want %.9g)", static_cast<double>(x),
                          shown(got), shown(want));
            w.note(buf);
        }
        return;
    }
    if (std::isinf(got) || std::isinf(want)) {
        if (got != want) {
            std::snprintf(buf, sizeof buf, "%.9g: %.9g (want %.9g)", static_cast<double>(x),
                          shown(got), shown(want));
            w.note(buf);
        }
        return;
    }
    if (got == 0 && want == 0 && std::signbit(got) != std::signbit(want)) {
        std::snprintf(buf, sizeof buf, "%.9g: %s0 (want %s0)", static_cast<double>(x), std::signbit(got) ? "-" : "+",
                      std::signbit(want) ? "-" : "+");
        w.note(buf);
        return;
    }
    const std::int64_t a = order(got), b = order(want);
    const double d = static_cast<double>(a > b ? a - b : b - a);
    if (special) {
        if (d >= 2) {
            std::snprintf(buf, sizeof buf, "%.9g: %.9g (want %.9g, %.0f ulp)", static_cast<double>(x),
                          shown(got), shown(want), d);
            w.note(buf);
        }
    } else if (d > w.ulp) {
        w.ulp = d, w.at = static_cast<double>(x);
    }
}

template <class T>
std::vector<T> special_values() {
    using L = std::numeric_limits<T>;
    return {T(0),        -T(0),         L::infinity(), -L::infinity(), L::quiet_NaN(), L::denorm_min(),
            -L::denorm_min(), L::min(), -L::min(),     L::max(),       -L::max(), T(1), T(-1), T(2)};
}

template <class T>
std::vector<T> samples_in(double lo, double hi) {
    std::vector<T> v;
    for (std::size_t i = 0; i < samples; ++i) {
        const double u = (static_cast<double>(i) + unit(i)) / static_cast<double>(samples);
        T x = static_cast<T>(lo + (hi - lo) * u);
        if (x <= static_cast<T>(lo)) x = std::nextafter(static_cast<T>(lo), static_cast<T>(hi));  // open ends
        if (x >= static_cast<T>(hi)) x = std::nextafter(static_cast<T>(hi), static_cast<T>(lo));
        v.push_back(x);
    }
    return v;
}

// One row: loom's batch path and the C library's scalar call against the reference.
// `ref(x)` is the reference in the wider type (long double for double, double for float).
template <class T, class Loom, class Lib, class Ref>
void row(const char* name, const char* range, double lo, double hi, Loom loom_fn, Lib lib, Ref ref) {
    std::vector<T> x;  // the special values first, then the samples
    for (T v : special_values<T>()) x.push_back(v);
    const std::size_t specials = x.size();
    for (T v : samples_in<T>(lo, hi)) x.push_back(v);
    loom::array<T> a(loom::shape_t{x.size()});
    std::copy(x.begin(), x.end(), a.data());
    loom::array<T> r(loom::shape_t{x.size()});
    r = loom_fn(a);  // one assignment of the whole array: the evaluator's batches
    worst wl, wc;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const T want = static_cast<T>(ref(x[i]));
        compare(wl, x[i], r.data()[i], want, i < specials);
        compare(wc, x[i], static_cast<T>(lib(x[i])), want, i < specials);
    }
    const char* type = std::is_same_v<T, double> ? "double" : "float";
    const int digits = std::is_same_v<T, double> ? 17 : 9;
    std::printf("| %s | %s | %s | %.0f | %.*g | %.0f | %.*g | %s |\n", name, type, range, wl.ulp, digits, wl.at,
                wc.ulp, digits, wc.at,
                !wl.count && !wc.count     ? "-"
                : wl.text() == wc.text() ? ("loom and C library: " + wl.text()).c_str()
                                         : ("loom: " + wl.text() + "<br>C library: " + wc.text()).c_str());
}

// The functions, in T, with their references in W (the wider type).
template <class T, class W>
void table() {
    constexpr bool dbl = std::is_same_v<T, double>;
    row<T>("exp2", dbl ? "[-1022, 1023]" : "[-126, 127]", dbl ? -1022 : -126, dbl ? 1023 : 127,
           [](const auto& a) { return loom::exp2(a); }, [](T x) { return std::exp2(x); },
           [](T x) { return std::exp2(static_cast<W>(x)); });
    row<T>("erf", "[-6, 6]", -6, 6, [](const auto& a) { return loom::erf(a); }, [](T x) { return std::erf(x); },
           [](T x) { return std::erf(static_cast<W>(x)); });
    row<T>("erfc", dbl ? "[-6, 26.5]" : "[-6, 9]", -6, dbl ? 26.5 : 9, [](const auto& a) { return loom::erfc(a); },
           [](T x) { return std::erfc(x); }, [](T x) { return std::erfc(static_cast<W>(x)); });
    row<T>("lgamma", "(0, 50]", 0, 50, [](const auto& a) { return loom::lgamma(a); },
           [](T x) { return std::lgamma(x); }, [](T x) { return std::lgamma(static_cast<W>(x)); });
    row<T>("lgamma", "(-50, 0)", -50, 0, [](const auto& a) { return loom::lgamma(a); },
           [](T x) { return std::lgamma(x); }, [](T x) { return std::lgamma(static_cast<W>(x)); });
    row<T>("tgamma", "(0, 20]", 0, 20, [](const auto& a) { return loom::tgamma(a); },
           [](T x) { return std::tgamma(x); }, [](T x) { return std::tgamma(static_cast<W>(x)); });
    row<T>("tgamma", dbl ? "(0, 171.6]" : "(0, 35]", 0, dbl ? 171.6 : 35, [](const auto& a) { return loom::tgamma(a); },
           [](T x) { return std::tgamma(x); }, [](T x) { return std::tgamma(static_cast<W>(x)); });
    row<T>("tgamma", "(-20, 0)", -20, 0, [](const auto& a) { return loom::tgamma(a); },
           [](T x) { return std::tgamma(x); }, [](T x) { return std::tgamma(static_cast<W>(x)); });
    row<T>("expit", "[-50, 50]", -50, 50, [](const auto& a) { return loom::expit(a); },
           [](T x) { return T(1) / (T(1) + std::exp(-x)); },
           [](T x) { return W(1) / (W(1) + std::exp(-static_cast<W>(x))); });
    // the references in W by the cancellation-free forms: logit near 1/2 as log1p((2x - 1) / (1 - x)),
    // sin(pi x) as (-1)^n sin(pi (x - n)), n the nearest integer
    row<T>("logit", "(0, 1)", 0, 1, [](const auto& a) { return loom::logit(a); },
           [](T x) { return std::log(x / (T(1) - x)); },
           [](T x) {
               const W w = static_cast<W>(x);
               return w > W(0.3) && w < W(0.65) ? std::log1p((w + w - W(1)) / (W(1) - w)) : std::log(w / (W(1) - w));
           });
    const auto sinc_lib = [](T x) {
        const T y = x * static_cast<T>(pi_l);
        return x == T(0) ? T(1) : std::sin(y) / y;
    };
    const auto sinc_ref = [](T x) {
        const W w = static_cast<W>(x), n = std::nearbyint(w), s = std::sin(static_cast<W>(pi_l) * (w - n));
        return x == T(0) ? W(1) : (std::fmod(n, W(2)) != 0 ? -s : s) / (static_cast<W>(pi_l) * w);
    };
    row<T>("sinc", "[-0.5, 0.5]", -0.5, 0.5, [](const auto& a) { return loom::sinc(a); }, sinc_lib, sinc_ref);
    row<T>("sinc", "[-10, 10]", -10, 10, [](const auto& a) { return loom::sinc(a); }, sinc_lib, sinc_ref);
    // the logarithms, the cube root and pow on subnormal numbers (xsimd's of doubles are wrong there)
    constexpr double least = std::numeric_limits<T>::min();
    row<T>("log", "subnormal", 0, least, [](const auto& a) { return loom::log(a); }, [](T x) { return std::log(x); },
           [](T x) { return std::log(static_cast<W>(x)); });
    row<T>("cbrt", "subnormal", 0, least, [](const auto& a) { return loom::cbrt(a); }, [](T x) { return std::cbrt(x); },
           [](T x) { return std::cbrt(static_cast<W>(x)); });
    row<T>("pow(x, 0.3)", "subnormal", 0, least, [](const auto& a) { return loom::pow(a, T(0.3)); },
           [](T x) { return std::pow(x, T(0.3)); }, [](T x) { return std::pow(static_cast<W>(x), static_cast<W>(T(0.3))); });
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1) samples = static_cast<std::size_t>(std::strtoull(argv[1], nullptr, 10));
#if defined(__AVX512F__)
    const char* isa = "AVX-512";
#elif defined(__AVX2__) && defined(__FMA__)
    const char* isa = "AVX2+FMA";
#elif defined(__AVX__)
    const char* isa = "AVX";
#else
    const char* isa = "SSE2";
#endif
    std::printf("loom %s, %s, SIMD %d; %zu points a row (the maximum is over them) and 14 special values "
                "(±0, ±inf, NaN, ±least subnormal, ±least normal, ±largest, ±1, 2), listed when NaN, inf or the "
                "sign of 0 differs or they are 2 ulp or more off\n\n",
                LOOM_VERSION_STRING, isa, LOOM_SIMD, samples);
    std::printf("| function | type | range | loom max ulp | at x | C library max ulp | at x | special values that disagree |\n");
    std::printf("|---|---|---|---|---|---|---|---|\n");
    table<double, long double>();
    table<float, double>();
}
