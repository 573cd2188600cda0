// tests/differential/reduce_main.cpp: reads reduce_cases.py's case file and checks every reduction against loom.
//
// Usage: reduce_check CASES_FILE. Prints the number of cases checked; each mismatch prints
// the reason and the case's line, and the program exits 1. `reduce_check --dtypes` prints
// the element types compiled in: as the unit tests split theirs (LOOM_TEST_TYPES), the two
// configurations of scripts/test.sh compile half of them each, bool in both.
#include <loom/loom.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "case_reader.hpp"

namespace {

using loom_diff::reader;

struct expected {
    char outcome = 'R';  // R: a result; V: std::invalid_argument; I: index_error
    loom::shape_t shape;
    std::vector<std::complex<double>> values;  // a real result in the real parts
    double tol = 0;  // absolute; negative: relative (products)
};

struct test_case {
    std::string func, dtype;
    loom::shape_t shape;
    std::vector<std::complex<double>> values;  // real types: imaginary parts 0
    int view = 0;  // 1: a view with negative steps; 2: astype of the array (an expression)
    char axes_mode = 'n';
    std::vector<std::ptrdiff_t> axes;
    bool keep = false;
    double extra = 0;
    expected want;
};

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    r.next();  // id
    c.func = r.next();
    c.dtype = r.next();
    std::vector<std::size_t> dims(static_cast<std::size_t>(r.integer()));
    for (auto& d : dims) d = static_cast<std::size_t>(r.integer());
    c.shape = loom::shape_t(dims);
    const bool cplx = c.dtype.rfind("complex", 0) == 0;
    c.values.resize(static_cast<std::size_t>(r.integer()));
    for (auto& v : c.values) v = cplx ? r.complex() : r.real();
    c.view = static_cast<int>(r.integer());
    c.axes_mode = r.next()[0];
    c.axes.resize(static_cast<std::size_t>(r.integer()));
    for (auto& a : c.axes) a = static_cast<std::ptrdiff_t>(r.integer());
    c.keep = r.integer() != 0;
    c.extra = r.real();
    const std::string o = r.next();
    c.want.outcome = o[0];
    if (c.want.outcome == 'R') {
        const bool rcplx = r.next().rfind("complex", 0) == 0;  // result type, checked by the static types below
        std::vector<std::size_t> rd(static_cast<std::size_t>(r.integer()));
        for (auto& d : rd) d = static_cast<std::size_t>(r.integer());
        c.want.shape = loom::shape_t(rd);
        c.want.values.resize(static_cast<std::size_t>(r.integer()));
        for (auto& v : c.want.values) v = rcplx ? r.complex() : r.real();
        c.want.tol = r.real();
    }
    return c;
}

// One number: NaN equals NaN; floats within the case's tolerance (complex numbers in
// modulus when both are finite, else part by part).
inline bool near(double g, double e, double tol, double rel) {
    if ((std::isnan(g) && std::isnan(e)) || g == e) return true;
    if (!std::isfinite(g) || !std::isfinite(e)) return false;
    return tol < 0 ? std::fabs(g - e) <= rel * std::fabs(e) + 1e-30 : std::fabs(g - e) <= tol + rel * std::fabs(e) * 1e-3;
}

template <class R>
std::string compare(const loom::array<R>& got, const expected& w) {
    if (got.shape() != w.shape) return "shape " + loom::detail::to_string(got.shape()) + ", want " + loom::detail::to_string(w.shape);
    for (std::size_t i = 0; i < w.values.size(); ++i) {
        const std::complex<double> e = w.values[i];
        const auto fail = [&](const auto& g, const auto& want) {
            std::ostringstream os;
            os.precision(17);
            os << "element " << i << " is " << g << ", want " << want;
            return os.str();
        };
        if constexpr (loom::is_complex_v<R>) {
            const std::complex<double> g(got.data()[i]);
            const double rel = std::is_same_v<R, std::complex<float>> ? 1e-5 : 1e-12;
            const bool finite = std::isfinite(g.real()) && std::isfinite(g.imag()) && std::isfinite(e.real()) &&
                                std::isfinite(e.imag());
            const double d = std::abs(g - e);
            const bool ok = finite ? (w.tol < 0 ? d <= rel * std::abs(e) + 1e-30 : d <= w.tol + rel * std::abs(e) * 1e-3)
                                   : near(g.real(), e.real(), w.tol, rel) && near(g.imag(), e.imag(), w.tol, rel);
            if (!ok) return fail(g, e);
        } else {
            const double g = static_cast<double>(got.data()[i]);
            bool ok = (std::isnan(g) && std::isnan(e.real())) || g == e.real();
            if (!ok && std::is_floating_point_v<R>) ok = near(g, e.real(), w.tol, std::is_same_v<R, float> ? 1e-5 : 1e-12);
            if (!ok) return fail(g, e.real());
        }
    }
    return "";
}

template <class R>
std::string check(const test_case& c, const loom::array<R>& got) {
    if (c.want.outcome != 'R') return std::string("no error thrown, want ") + c.want.outcome;
    return compare(got, c.want);
}

template <class T, class X>
std::string run_on(const test_case& c, const X& x) {
    const bool every = c.axes_mode == 'n';
    const std::ptrdiff_t one = c.axes.empty() ? 0 : c.axes[0];
    const auto over = [&](auto&& f) {
        if (every) return c.keep ? check(c, loom::eval(f(loom::keepdims))) : check(c, loom::eval(f()));
        if (c.axes_mode == 'i') return c.keep ? check(c, loom::eval(f(one, loom::keepdims))) : check(c, loom::eval(f(one)));
        return c.keep ? check(c, loom::eval(f(c.axes, loom::keepdims))) : check(c, loom::eval(f(c.axes)));
    };
    const loom::correction_t corr{c.extra};
    const std::string& f = c.func;
    if (f == "sum") return over([&](auto... a) { return loom::sum(x, a...); });
    if (f == "mean") return over([&](auto... a) { return loom::mean(x, a...); });
    if (f == "var") return over([&](auto... a) { return loom::var(x, a..., corr); });
    if (f == "stddev") return over([&](auto... a) { return loom::stddev(x, a..., corr); });
    if constexpr (!loom::is_complex_v<T>) {  // these order values: not for complex numbers
        if (f == "max") return over([&](auto... a) { return loom::max(x, a...); });
        if (f == "min") return over([&](auto... a) { return loom::min(x, a...); });
        if (f == "argmax") {
            if (every) return c.keep ? check(c, loom::eval(loom::argmax(x, loom::keepdims))) : check(c, loom::eval(loom::argmax(x)));
            return c.keep ? check(c, loom::eval(loom::argmax(x, one, loom::keepdims))) : check(c, loom::eval(loom::argmax(x, one)));
        }
        if (f == "argmin") {
            if (every) return c.keep ? check(c, loom::eval(loom::argmin(x, loom::keepdims))) : check(c, loom::eval(loom::argmin(x)));
            return c.keep ? check(c, loom::eval(loom::argmin(x, one, loom::keepdims))) : check(c, loom::eval(loom::argmin(x, one)));
        }
    }
    if (f == "all") return over([&](auto... a) { return loom::all(x, a...); });
    if (f == "any") return over([&](auto... a) { return loom::any(x, a...); });
    if (f == "count_nonzero") return over([&](auto... a) { return loom::count_nonzero(x, a...); });
    if (f == "prod") return over([&](auto... a) { return loom::prod(x, a...); });
    const bool initial = c.extra != 0;
    if (f == "cumulative_sum") {
        if (every) return initial ? check(c, loom::eval(loom::cumulative_sum(x, loom::include_initial))) : check(c, loom::eval(loom::cumulative_sum(x)));
        return initial ? check(c, loom::eval(loom::cumulative_sum(x, one, loom::include_initial))) : check(c, loom::eval(loom::cumulative_sum(x, one)));
    }
    if (f == "cumulative_prod") {
        if (every) return initial ? check(c, loom::eval(loom::cumulative_prod(x, loom::include_initial))) : check(c, loom::eval(loom::cumulative_prod(x)));
        return initial ? check(c, loom::eval(loom::cumulative_prod(x, one, loom::include_initial))) : check(c, loom::eval(loom::cumulative_prod(x, one)));
    }
    if (f == "vecdot") {
        if constexpr (std::is_same_v<T, bool>) return "vecdot of bool is not drawn";
        else return check(c, loom::eval(loom::vecdot(x, x, one)));
    }
    return "unknown function " + f;
}

template <class T>
std::string run(const test_case& c) {
    loom::array<T> a(c.shape);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if constexpr (loom::is_complex_v<T>) a.data()[i] = static_cast<T>(c.values[i]);
        else a.data()[i] = static_cast<T>(c.values[i].real());
    }
    try {
        const auto rev = [&] { return loom::view(a, loom::range(loom::none, loom::none, -1)); };
        switch (c.view) {
            case 1: return run_on<T>(c, rev());
            case 2: return run_on<T>(c, loom::astype<T>(a));  // an expression: evaluated in blocks
            default: return run_on<T>(c, a);
        }
    } catch (const loom::index_error& e) {
        return c.want.outcome == 'I' ? "" : std::string("index_error: ") + e.what();
    } catch (const std::invalid_argument& e) {
        return c.want.outcome == 'V' ? "" : std::string("invalid_argument: ") + e.what();
    }
}

#if !defined(LOOM_TEST_TYPES) || LOOM_TEST_TYPES != 2
#define LOOM_REDUCE_SET1 1
#endif
#if !defined(LOOM_TEST_TYPES) || LOOM_TEST_TYPES != 1
#define LOOM_REDUCE_SET2 1
#endif

const char* const compiled[] = {
    "bool",
#ifdef LOOM_REDUCE_SET1
    "int8", "int64", "float32", "complex64",
#endif
#ifdef LOOM_REDUCE_SET2
    "int32", "uint8", "float64", "complex128",
#endif
};

std::string run_case(const test_case& c) {
    const std::string& t = c.dtype;
    if (t == "bool") return run<bool>(c);
#ifdef LOOM_REDUCE_SET1
    if (t == "int8") return run<std::int8_t>(c);
    if (t == "int64") return run<std::int64_t>(c);
    if (t == "float32") return run<float>(c);
    if (t == "complex64") return run<std::complex<float>>(c);
#endif
#ifdef LOOM_REDUCE_SET2
    if (t == "int32") return run<std::int32_t>(c);
    if (t == "uint8") return run<std::uint8_t>(c);
    if (t == "float64") return run<double>(c);
    if (t == "complex128") return run<std::complex<double>>(c);
#endif
    return "element type " + t + " is not compiled in (reduce_check --dtypes)";
}

}  // namespace

int main(int argc, char** argv) {
    return loom_diff::check_file(argc, argv, "reduce_check", "reduction", compiled,
                                 [](const std::string& line) { return run_case(read_case(line)); });
}
