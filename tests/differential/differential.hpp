// tests/differential/differential.hpp: the expression shapes, type combinations and case runner of the NumPy differential test.
//
// C++ cannot build expression types at run time, so a fixed family of expression
// shapes (`templates()` below, the same names as TEMPLATES/INPLACE in gen_cases.py)
// is compiled for every allowed combination of element types (one translation unit
// per combination, combo_*.cpp). gen_cases.py draws shapes, values, views and a
// (shape, combination) pair per case and writes NumPy's expected result under loom's
// rules; run_cases in main.cpp checks loom against it.
//
// Deviations from NumPy encoded in the expected results (details in gen_cases.py):
// Array API type promotion (integer with floating gives the floating type, C++
// scalars weak by kind, never by value: int8 + 1000 stays int8); integer / and %
// follow C++ with x / 0 == 0 and x % 0 == 0; floating % is fmod; bool arithmetic is
// computed in bool; in-place assignment rejects a value with more axes than the
// target (Array API), throwing broadcast_error and leaving the target unchanged.
// Complex numbers: reciprocal as 1 / z (inf+nanj for 0, NumPy's nan+nanj), sign
// as z / |z| (NumPy 1.24: the sign of the real part), log1p as NumPy's formula
// (its operand drawn without -0.0 imaginary parts until loom's keeps them); pow
// drawn only on finite, non-zero operands.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <loom/loom.hpp>

namespace loom_diff {

// ---- cases as read from the file ----------------------------------------------------

struct spec_item {
    char kind;  // 'S' slice, 'I' integer, 'A' newaxis
    std::optional<std::ptrdiff_t> start, stop;
    std::ptrdiff_t step = 1;
    std::ptrdiff_t index = 0;
};

struct array_data {
    std::string dtype;
    loom::shape_t shape;
    std::vector<double> values;  // every value the generator draws is exact in a double
    std::vector<double> imag;    // complex types: the imaginary parts (values holds the real ones)
};

struct operand {
    array_data data;
    bool has_spec = false;
    std::vector<spec_item> spec;
};

struct test_case {
    std::string id, name, combo, line;
    operand ops[4];
    int s = 0;
    double f = 0;
    bool expect_error = false;     // broadcast_error
    bool expect_overflow = false;  // overflow_error: a C++ integer that does not fit the array's type
    array_data expected;  // the result, or (in-place) the target after the operation
};

// ---- element types ------------------------------------------------------------------

template <class T>
constexpr const char* dtype_name() {
    if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_same_v<T, std::int8_t>) return "int8";
    else if constexpr (std::is_same_v<T, std::int16_t>) return "int16";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
    else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return "uint8";
    else if constexpr (std::is_same_v<T, std::uint16_t>) return "uint16";
    else if constexpr (std::is_same_v<T, std::uint32_t>) return "uint32";
    else if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
    else if constexpr (std::is_same_v<T, float>) return "float32";
    else if constexpr (std::is_same_v<T, std::complex<float>>) return "complex64";
    else if constexpr (std::is_same_v<T, std::complex<double>>) return "complex128";
    else return "float64";
}

// Builds the operand's array (the type must be the one the case names).
template <class T>
loom::array<T> make_array(const array_data& d) {
    loom::array<T> a(d.shape);
    T* p = a.data();
    for (std::size_t i = 0; i < d.values.size(); ++i) {
        if constexpr (loom::is_complex_v<T>) {
            using R = typename T::value_type;
            p[i] = T(static_cast<R>(d.values[i]), static_cast<R>(d.imag[i]));
        } else {
            p[i] = static_cast<T>(d.values[i]);
        }
    }
    return a;
}

// Applies a full index spec (one item per axis, plus newaxis items) by composing
// one-argument views: each item acts on axis 0, which then rotates to the end, so
// after the last item the axes are back in order (an integer drops its axis).
template <class U>
loom::strided_view<U> apply_spec(const loom::strided_view<U>& base, const std::vector<spec_item>& spec) {
    std::optional<loom::strided_view<U>> v(base);
    auto rotate = [&] {
        std::vector<std::ptrdiff_t> perm;
        for (std::size_t k = 1; k < v->ndim(); ++k) perm.push_back(static_cast<std::ptrdiff_t>(k));
        perm.push_back(0);
        auto r = loom::permute_dims(*v, perm);
        v.emplace(r);
    };
    for (const spec_item& it : spec) {
        if (it.kind == 'I') {
            auto r = loom::view(*v, it.index);
            v.emplace(r);
            continue;
        }
        if (it.kind == 'A') {
            auto r = loom::view(*v, loom::newaxis);
            v.emplace(r);
        } else {
            auto sl = [&] {
                if (it.start && it.stop) return loom::range(*it.start, *it.stop, it.step);
                if (it.start) return loom::range(*it.start, loom::none, it.step);
                if (it.stop) return loom::range(loom::none, *it.stop, it.step);
                return loom::range(loom::none, loom::none, it.step);
            }();
            auto r = loom::view(*v, sl);
            v.emplace(r);
        }
        rotate();
    }
    return *v;
}

// ---- comparison ---------------------------------------------------------------------

// Floats: NaN equals NaN; the tolerance is float's when a float operand entered the
// computation (a float sin added to a double stays float-accurate), else double's.
// Complex numbers: within tol * (1 + |want|) of the wanted number when both are finite
// (a product or quotient is accurate in modulus, not part by part); else part by part,
// a NaN or infinite part exactly. complex64 gets 4e-5: two complex64 powers (cpow, against
// NumPy's multiplied-out integer powers) that cancel in a sum differ by more than 1e-5 of it.
inline bool near_part(double g, double w, double tol) {
    return (std::isnan(g) && std::isnan(w)) || g == w ||
           (std::isfinite(g) && std::isfinite(w) && std::fabs(g - w) <= tol * (1 + std::fabs(w)));
}

template <class R, class A>
bool same_values(const A& got, const array_data& want, std::string& why, bool float_inputs) {
    if (std::string(dtype_name<R>()) != want.dtype) {
        why = std::string("element type ") + dtype_name<R>() + ", expected " + want.dtype;
        return false;
    }
    if (!(got.shape() == want.shape)) {
        std::ostringstream os;
        os << "shape " << got.shape() << ", expected " << want.shape;
        why = os.str();
        return false;
    }
    std::size_t i = 0;
    for (const R& x : got) {
        const auto fail = [&](const auto& g, const auto& w) {
            std::ostringstream os;
            os.precision(17);
            os << "element " << i << " (flat) is " << g << ", expected " << w;
            why = os.str();
            return false;
        };
        if constexpr (loom::is_complex_v<R>) {
            const std::complex<double> g(x), w(want.values[i], want.imag[i]);
            const double tol = std::is_same_v<R, std::complex<float>> ? 4e-5 : float_inputs ? 1e-5 : 1e-12;
            const bool finite = std::isfinite(g.real()) && std::isfinite(g.imag()) && std::isfinite(w.real()) &&
                                std::isfinite(w.imag());
            const bool ok = finite ? std::abs(g - w) <= tol * (1 + std::abs(w))
                                   : near_part(g.real(), w.real(), tol) && near_part(g.imag(), w.imag(), tol);
            if (!ok) return fail(g, w);
        } else {
            const double g = static_cast<double>(x), w = want.values[i];
            bool ok;
            if constexpr (std::is_floating_point_v<R>) {
                const bool loose = float_inputs || std::is_same_v<R, float>;
                const double rtol = loose ? 1e-5 : 1e-12;
                const double atol = loose ? 1e-6 : 1e-14;
                ok = (std::isnan(g) && std::isnan(w)) || g == w ||
                     (std::isfinite(g) && std::isfinite(w) && std::fabs(g - w) <= atol + rtol * std::fabs(w));
            } else {
                ok = g == w;
            }
            if (!ok) return fail(g, w);
        }
        ++i;
    }
    return true;
}

// ---- expression shapes ----------------------------------------------------------------

// num: arithmetic on numbers (complex ones included); ord: on real numbers (what
// orders values); flt: real floating math; math: floating math, complex included;
// cplx: complex only; any: comparisons (real numbers and bool); eq: == and != (all).
enum class kind { num, ord, integer, flt, math, cplx, boolean, any, eq, inp, inpv, inpva, alias };

template <kind K, class F>
struct shape_template {
    const char* name;
    F f;
    static constexpr kind k = K;
};
template <kind K, class F>
constexpr shape_template<K, F> make_template(const char* name, F f) {
    return {name, f};
}

// a, b, c, d: views (the in-place forms: a is the target, the array or a view of it);
// s: an int scalar, f: a double scalar.
inline auto templates() {
    using loom::where;
    return std::make_tuple(
        make_template<kind::num>("add", [](auto& a, auto& b, auto&, auto&, int, double) { return a + b; }),
        make_template<kind::num>("sub", [](auto& a, auto& b, auto&, auto&, int, double) { return a - b; }),
        make_template<kind::num>("mul", [](auto& a, auto& b, auto&, auto&, int, double) { return a * b; }),
        make_template<kind::num>("div", [](auto& a, auto& b, auto&, auto&, int, double) { return a / b; }),
        make_template<kind::integer>("mod", [](auto& a, auto& b, auto&, auto&, int, double) { return a % b; }),
        make_template<kind::num>("neg_add_mul",
                                 [](auto& a, auto& b, auto& c, auto&, int, double) { return -a + b * c; }),
        make_template<kind::num>("sum_times_diff",
                                 [](auto& a, auto& b, auto& c, auto& d, int, double) { return (a + b) * (c - d); }),
        make_template<kind::num>("mul_int_scalar_add",
                                 [](auto& a, auto& b, auto&, auto&, int s, double) { return a * s + b; }),
        make_template<kind::num>("mul_float_scalar", [](auto& a, auto&, auto&, auto&, int, double f) { return a * f; }),
        make_template<kind::num>("int_scalar_sub", [](auto& a, auto&, auto&, auto&, int s, double) { return s - a; }),
        make_template<kind::num>("div_by_scalar", [](auto& a, auto&, auto&, auto&, int s, double) { return a / s; }),
        make_template<kind::ord>("min_plus_max", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::minimum(a, b) + loom::maximum(b, c);
        }),
        make_template<kind::num>("abs_diff", [](auto& a, auto& b, auto&, auto&, int, double) { return loom::abs(a - b); }),
        make_template<kind::num>("square_sub",
                                 [](auto& a, auto& b, auto&, auto&, int, double) { return loom::square(a) - b; }),
        make_template<kind::ord>("clip3", [](auto& a, auto& b, auto& c, auto&, int, double) { return loom::clip(a, b, c); }),
        make_template<kind::num>("sign_diff", [](auto& a, auto& b, auto&, auto&, int, double) { return loom::sign(a - b); }),
        make_template<kind::any>("where_gt",
                                 [](auto& a, auto& b, auto& c, auto&, int, double) { return where(a > b, a, c); }),
        make_template<kind::eq>("where_eq_scalar",
                                 [](auto& a, auto& b, auto& c, auto&, int s, double) { return where(a == b, c, s); }),
        make_template<kind::num>("where_numeric_cond",
                                 [](auto& a, auto& b, auto& c, auto&, int, double) { return where(a, b, c); }),
        make_template<kind::any>("less", [](auto& a, auto& b, auto&, auto&, int, double) { return a < b; }),
        make_template<kind::any>("le_eq_ne",
                                 [](auto& a, auto& b, auto& c, auto& d, int, double) { return (a <= b) == (c != d); }),
        make_template<kind::any>("and_gt_lt", [](auto& a, auto& b, auto& c, auto&, int s, double) {
            return loom::logical_and(a > s, b < c);
        }),
        make_template<kind::math>("sqrt_abs_add", [](auto& a, auto& b, auto&, auto&, int, double) {
            return loom::sqrt(loom::abs(a)) + b;
        }),
        make_template<kind::math>("exp_mul", [](auto& a, auto& b, auto&, auto&, int, double) { return loom::exp(a) * b; }),
        make_template<kind::math>("trig", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::sin(a) + loom::cos(b) * loom::tanh(c);
        }),
        make_template<kind::flt>("rounding", [](auto& a, auto& b, auto& c, auto& d, int, double) {
            return loom::floor(a) + loom::ceil(b) - loom::round(c) * loom::trunc(d);
        }),
        make_template<kind::flt>("atan2", [](auto& a, auto& b, auto&, auto&, int, double) { return loom::atan2(a, b); }),
        make_template<kind::flt>("pow_log1p", [](auto& a, auto& b, auto&, auto&, int, double) {
            return loom::pow(loom::abs(a), b) + loom::log1p(loom::abs(b));
        }),
        make_template<kind::math>("nan_inf", [](auto& a, auto& b, auto&, auto&, int, double) {
            return loom::logical_or(loom::isnan(a), loom::logical_and(loom::isinf(b), loom::isfinite(a)));
        }),
        make_template<kind::ord>("floor_divide",
                                 [](auto& a, auto& b, auto&, auto&, int, double) { return loom::floor_divide(a, b); }),
        make_template<kind::ord>("remainder",
                                 [](auto& a, auto& b, auto&, auto&, int, double) { return loom::remainder(a, b); }),
        make_template<kind::flt>("hypot_copysign", [](auto& a, auto& b, auto&, auto&, int, double) {
            return loom::hypot(a, b) + loom::copysign(a, b);
        }),
        make_template<kind::flt>("logaddexp",
                                 [](auto& a, auto& b, auto&, auto&, int, double) { return loom::logaddexp(a, b); }),
        make_template<kind::flt>("nextafter",
                                 [](auto& a, auto& b, auto&, auto&, int, double) { return loom::nextafter(a, b); }),
        make_template<kind::math>("inv_hyperbolic", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::asinh(a) + loom::acosh(b) * loom::atanh(c);
        }),
        make_template<kind::flt>("real_complex_scalar", [](auto& a, auto& b, auto&, auto&, int s, double f) {
            return a * std::complex<double>(f, s) - b;
        }),
        make_template<kind::flt>("reciprocal_signbit", [](auto& a, auto& b, auto&, auto&, int, double) {
            return where(loom::signbit(a), loom::reciprocal(b), a);
        }),
        make_template<kind::any>("xor_signbit", [](auto& a, auto& b, auto&, auto&, int, double) {
            return loom::logical_xor(loom::signbit(a), b);
        }),
        make_template<kind::boolean>("logical", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::logical_or(loom::logical_and(a, b), loom::logical_not(c));
        }),
        make_template<kind::boolean>("where_bool",
                                     [](auto& a, auto& b, auto& c, auto&, int, double) { return where(a, b, c); }),
        // complex numbers (with a real operand in the mixed combinations)
        make_template<kind::cplx>("parts", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::real(a) * loom::imag(b) + loom::conj(c);
        }),
        make_template<kind::cplx>("complex_scalar", [](auto& a, auto& b, auto&, auto&, int s, double f) {
            return a * std::complex<double>(f, s) + b * std::complex<double>(s, -f);
        }),
        make_template<kind::cplx>("exp_log", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::exp(a) - loom::log(b) * loom::sqrt(c);
        }),
        make_template<kind::cplx>("log_family", [](auto& a, auto& b, auto& c, auto& d, int, double) {
            return loom::log2(a) + loom::log10(b) * loom::log1p(c) - loom::expm1(d);
        }),
        make_template<kind::cplx>("inv_trig", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::asin(a) + loom::acos(b) * loom::atan(c);
        }),
        make_template<kind::cplx>("tan_sinh_cosh", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::tan(a) + loom::sinh(b) * loom::cosh(c);
        }),
        make_template<kind::cplx>("cpow", [](auto& a, auto& b, auto& c, auto&, int s, double) {
            return loom::pow(a, b) + loom::pow(c, s);
        }),
        make_template<kind::cplx>("reciprocal_square", [](auto& a, auto& b, auto&, auto&, int, double) {
            return loom::reciprocal(a) + loom::square(b);
        }),
        make_template<kind::cplx>("truth", [](auto& a, auto& b, auto& c, auto& d, int, double) {
            return loom::logical_xor(loom::logical_and(a, b), loom::logical_or(loom::logical_not(c), d));
        }),
        make_template<kind::cplx>("astype_where", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return where(loom::astype<bool>(a), loom::astype<std::complex<float>>(b), c);
        }),
        make_template<kind::cplx>("eq_conj", [](auto& a, auto& b, auto& c, auto&, int, double) {
            return loom::logical_or(a == loom::conj(a), b != c);
        }),
        // in-place: a is the target
        make_template<kind::inp>("iadd", [](auto& a, auto& b, auto&, auto&, int, double) { a += b; }),
        make_template<kind::inp>("isub_mul", [](auto& a, auto& b, auto& c, auto&, int, double) { a -= b * c; }),
        make_template<kind::inp>("imul", [](auto& a, auto& b, auto&, auto&, int, double) { a *= b; }),
        make_template<kind::inpv>("vassign", [](auto& a, auto& b, auto&, auto&, int, double) { a = b; }),
        make_template<kind::inpva>("vadd", [](auto& a, auto& b, auto&, auto&, int, double) { a += b; }),
        // aliasing: a (an array) is both the target and an operand; results as if every
        // operand had been copied first (NumPy's rule), expected values from NumPy itself
        make_template<kind::alias>("alias_transpose",
                                   [](auto& a, auto&, auto&, auto&, int, double) { a = loom::transpose(a); }),
        make_template<kind::alias>("alias_shift", [](auto& a, auto&, auto&, auto&, int, double) {
            const auto n = static_cast<std::ptrdiff_t>(a.shape()[0]);
            loom::view(a, loom::range(1, n)) = loom::view(a, loom::range(0, n - 1));
        }),
        make_template<kind::alias>("alias_shift_back", [](auto& a, auto&, auto&, auto&, int, double) {
            const auto n = static_cast<std::ptrdiff_t>(a.shape()[0]);
            loom::view(a, loom::range(0, n - 1)) = loom::view(a, loom::range(1, n));
        }),
        make_template<kind::alias>("alias_broadcast_row", [](auto& a, auto&, auto&, auto&, int, double) {
            a = loom::broadcast_to(loom::view(a, loom::range(0, 1)), a.shape()) + a;
        }),
        make_template<kind::alias>("alias_iadd_self", [](auto& a, auto&, auto&, auto&, int, double) { a += a; }),
        make_template<kind::alias>("alias_scale", [](auto& a, auto&, auto&, auto&, int, double) { a = a * 2; }),
        make_template<kind::alias>("alias_reverse_overlap", [](auto& a, auto&, auto&, auto&, int, double) {
            const auto n = static_cast<std::ptrdiff_t>(a.shape()[0]);
            loom::view(a, loom::range(n - 1, 0, -1)) = loom::view(a, loom::range(0, n - 1));
        }),
        make_template<kind::alias>("alias_plus_reversed", [](auto& a, auto&, auto&, auto&, int, double) {
            loom::view(a, loom::range(loom::none, loom::none, -2)) -=
                loom::view(a, loom::range(loom::none, loom::none, 2));
        }));
}

// ---- type combinations (gen_cases.py COMBOS and KINDS) --------------------------------

enum class combo_kind { same_int, same_float, same_bool, same_complex, mixed_int, mixed_float, mixed_bool, mixed_complex };

template <combo_kind CK, class T0, class T1 = T0>
struct combo {
    static constexpr combo_kind ck = CK;
    using t0 = T0;
    using t1 = T1;
};
using combo_i32 = combo<combo_kind::same_int, std::int32_t>;
using combo_i64 = combo<combo_kind::same_int, std::int64_t>;
using combo_u8 = combo<combo_kind::same_int, std::uint8_t>;
using combo_f32 = combo<combo_kind::same_float, float>;
using combo_f64 = combo<combo_kind::same_float, double>;
using combo_b = combo<combo_kind::same_bool, bool>;
using combo_u8i8 = combo<combo_kind::mixed_int, std::uint8_t, std::int8_t>;
using combo_i32f64 = combo<combo_kind::mixed_float, std::int32_t, double>;
using combo_f32f64 = combo<combo_kind::mixed_float, float, double>;
using combo_bi32 = combo<combo_kind::mixed_bool, bool, std::int32_t>;
using combo_c64 = combo<combo_kind::same_complex, std::complex<float>>;
using combo_c128 = combo<combo_kind::same_complex, std::complex<double>>;
using combo_c64f64 = combo<combo_kind::mixed_complex, std::complex<float>, double>;
using combo_c64i32 = combo<combo_kind::mixed_complex, std::complex<float>, std::int32_t>;

template <class C, kind K>
constexpr bool allowed() {
    constexpr combo_kind ck = C::ck;
    constexpr bool cplx = ck == combo_kind::same_complex || ck == combo_kind::mixed_complex;
    constexpr bool same = ck == combo_kind::same_int || ck == combo_kind::same_float || ck == combo_kind::same_complex;
    constexpr bool i32f64 = std::is_same_v<C, combo_i32f64>;
    constexpr bool flt = ck == combo_kind::same_float || (ck == combo_kind::mixed_float && !i32f64);
    switch (K) {
    case kind::num: return ck != combo_kind::same_bool;
    case kind::ord: return ck != combo_kind::same_bool && !cplx;
    case kind::integer: return ck == combo_kind::same_int || ck == combo_kind::mixed_int;
    case kind::flt: return flt;
    case kind::math: return flt || cplx;
    case kind::cplx: return cplx;
    case kind::boolean: return ck == combo_kind::same_bool;
    case kind::any: return !cplx;
    case kind::eq: return true;
    case kind::inp: return same;
    case kind::inpv: return same || ck == combo_kind::same_bool;
    case kind::inpva: return same;
    case kind::alias: return same;
    }
    return false;
}

// A runner checks one case: true when loom agrees, else false with the reason.
using runner = std::function<bool(const test_case&, std::string&)>;
using registry = std::map<std::string, runner>;

template <class T>
struct operand_arrays {
    loom::array<T> a;
    explicit operand_arrays(const operand& o) : a(make_array<T>(o.data)) {}
};

template <class C, class Tmpl>
bool run_one(const Tmpl& tm, const test_case& c, std::string& why) {
    using T0 = typename C::t0;
    using T1 = typename C::t1;
    constexpr bool has_float = std::is_same_v<T0, float> || std::is_same_v<T1, float> ||
                               std::is_same_v<T0, std::complex<float>> || std::is_same_v<T1, std::complex<float>>;
    for (int k = 0; k < 4; ++k) {
        const char* want = (k % 2 == 0) ? dtype_name<T0>() : dtype_name<T1>();
        if (c.ops[k].data.dtype != want) {
            why = "operand " + std::to_string(k) + " has type " + c.ops[k].data.dtype + ", combination says " + want;
            return false;
        }
    }
    loom::array<T0> A = make_array<T0>(c.ops[0].data), Cc = make_array<T0>(c.ops[2].data);
    loom::array<T1> B = make_array<T1>(c.ops[1].data), D = make_array<T1>(c.ops[3].data);
    auto cview = [&](const auto& arr, const operand& o) {
        auto v = loom::view(arr);
        return o.has_spec ? apply_spec(v, o.spec) : v;
    };
    auto vb = cview(std::as_const(B), c.ops[1]);
    auto vc = cview(std::as_const(Cc), c.ops[2]);
    auto vd = cview(std::as_const(D), c.ops[3]);
    constexpr kind K = Tmpl::k;
    if constexpr (K == kind::inp || K == kind::inpv || K == kind::inpva || K == kind::alias) {
        bool threw = false;
        try {
            if constexpr (K == kind::inp || K == kind::alias) {
                tm.f(A, vb, vc, vd, c.s, c.f);
            } else {
                auto target = apply_spec(loom::view(A), c.ops[0].spec);
                tm.f(target, vb, vc, vd, c.s, c.f);
            }
        } catch (const loom::broadcast_error&) {
            threw = true;
        }
        if (threw != c.expect_error) {
            why = threw ? "threw broadcast_error, NumPy/loom's rule accepts" : "no broadcast_error, expected one";
            return false;
        }
        if (!same_values<T0>(A, c.expected, why, has_float)) {
            why = (threw ? "rejected assignment changed the target: " : "target after the assignment: ") + why;
            return false;
        }
        return true;
    } else {
        auto va = cview(std::as_const(A), c.ops[0]);
        if (c.expect_overflow) {  // when the expression is built, before anything is evaluated
            try {
                (void)tm.f(va, vb, vc, vd, c.s, c.f);
            } catch (const std::overflow_error&) {
                return true;
            }
            why = "no overflow_error, but the scalar does not fit the array's type";
            return false;
        }
        auto e = tm.f(va, vb, vc, vd, c.s, c.f);
        using R = typename decltype(e)::value_type;
        loom::array<R> r(loom::shape_t{3}, static_cast<R>(1));
        bool threw = false;
        try {
            r = e;
        } catch (const loom::broadcast_error&) {
            threw = true;
        }
        if (threw != c.expect_error) {
            why = threw ? "threw broadcast_error, NumPy broadcasts" : "no broadcast_error, NumPy raises";
            return false;
        }
        if (threw) {
            if (!(r.shape() == loom::shape_t{3}) || r(0) != static_cast<R>(1) || r(2) != static_cast<R>(1)) {
                why = "a failed assignment changed the destination";
                return false;
            }
            return true;
        }
        return same_values<R>(r, c.expected, why, has_float);
    }
}

// The expression shapes of the combinations compiled into this checker (defined in main.cpp).
// Each combo_*.cpp adds its own when the program starts, so a build lists the combinations it
// compiles in one place (tests/differential/meson.build) and `differential --combos` reports them.
registry& compiled();

// Registers every allowed expression shape for combination C under "name/combo"; returns true.
template <class C>
bool register_combo(const std::string& combo_name) {
    registry& reg = compiled();
    std::apply(
        [&](const auto&... tm) {
            (
                [&](const auto& t) {
                    using Tm = std::remove_cvref_t<decltype(t)>;
                    if constexpr (allowed<C, Tm::k>()) {
                        reg[std::string(t.name) + "/" + combo_name] = [t](const test_case& c, std::string& why) {
                            return run_one<C>(t, c, why);
                        };
                    }
                }(tm),
                ...);
        },
        templates());
    return true;
}

}  // namespace loom_diff
