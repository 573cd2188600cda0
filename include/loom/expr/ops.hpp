// loom/expr/ops.hpp: the operator tag types: compute type, result type, scalar and SIMD bodies.
#pragma once

#include <cmath>
#include <complex>
#include <concepts>
#include <limits>
#include <type_traits>

#include "../core/dtype.hpp"
#include "../simd/simd.hpp"

// Each op is a tag with
//   compute<P...>  the type operands are converted to (P may be weak scalar types)
//   result<C>      the element type of the result
//   simd<C>        whether operator() also takes xsimd batches of C
//   operator()     the body, on scalars of C (and on batches of C when simd<C>)
namespace loom::ops {

namespace detail {

template <class X>
inline constexpr bool is_batch = !std::is_arithmetic_v<X> && !is_complex_v<X>;

// The element type of a batch, or X itself.
template <class X>
struct scalar_of {
    using type = X;
};
template <class X>
    requires(is_batch<X> && requires { typename X::value_type; })
struct scalar_of<X> {
    using type = typename X::value_type;
};
template <class X>
using scalar_of_t = typename scalar_of<X>::type;

// Whether X is a batch of complex numbers.
template <class X>
inline constexpr bool complex_batch = false;
template <class X>
    requires requires { typename X::value_type; }
inline constexpr bool complex_batch<X> = is_batch<X> && is_complex_v<typename X::value_type>;
// A complex number or a batch of them: what has real() and imag() parts.
template <class X>
inline constexpr bool complex_like = is_complex_v<X> || complex_batch<X>;

// Whether a scalar is not zero (a complex number: either part).
template <class X>
bool truthy(X a) {
    if constexpr (is_complex_v<X>) return a != X(0);
    else return static_cast<bool>(a);
}

template <class T>
    requires std::integral<T>
struct integral_type { using type = T; };
template <class T>
using integral_t = typename integral_type<T>::type;

// f(a), except on a real batch holding a subnormal lane: f on each lane, which is the C
// library's (simd::any_subnormal: xsimd's bodies of log, log2, log10 and cbrt are wrong there).
template <class X, class F>
X unless_subnormal(X a, F f) {
    if constexpr (is_batch<X> && !complex_batch<X>)
        if (simd::any_subnormal(a)) return simd::per_lane(a, f);
    return f(a);
}

template <class C>
inline constexpr bool vec_float = std::is_floating_point_v<C> && simd::vectorizable<C>;
template <class C>
inline constexpr bool vec_any = simd::vectorizable<C>;
template <class C>
inline constexpr bool vec_int = std::is_integral_v<C> && simd::vectorizable<C>;

}  // namespace detail

namespace detail {

// Integer arithmetic wraps (two's complement), as NumPy's: it is computed in
// an unsigned type at least as wide as unsigned int, so that neither signed
// overflow nor the promotion of uint16 to int is undefined behaviour.
template <class X>
using wide_unsigned = std::conditional_t<(sizeof(X) < sizeof(unsigned)), unsigned, std::make_unsigned_t<X>>;
template <class X>
inline constexpr bool wraps = std::is_integral_v<X> && !std::is_same_v<X, bool>;

template <class X>
X wrap_add(X a, X b) {
    if constexpr (wraps<X>) return static_cast<X>(static_cast<wide_unsigned<X>>(a) + static_cast<wide_unsigned<X>>(b));
    else return static_cast<X>(a + b);
}
template <class X>
X wrap_sub(X a, X b) {
    if constexpr (wraps<X>) return static_cast<X>(static_cast<wide_unsigned<X>>(a) - static_cast<wide_unsigned<X>>(b));
    else return static_cast<X>(a - b);
}
template <class X>
X wrap_mul(X a, X b) {
    if constexpr (wraps<X>) return static_cast<X>(static_cast<wide_unsigned<X>>(a) * static_cast<wide_unsigned<X>>(b));
    else if constexpr (is_complex_v<X>)  // the schoolbook product, as NumPy's and the batches' (no C99 Annex G rescue)
        return X(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
    else return static_cast<X>(a * b);
}

}  // namespace detail

// Arithmetic: the promoted type in and out.
struct arithmetic {
    template <class... P>
    using compute = promote_t<P...>;
    template <class C>
    using result = C;
};

// Math functions: integers are computed in double, float and complex types stay.
struct floating {
    template <class... P>
    using compute = float_of_t<promote_t<P...>>;
    template <class C>
    using result = C;
    template <class C>
    static constexpr bool simd = detail::vec_float<C>;
    static constexpr bool heavy = true;
};
// Math functions of real numbers only (the Array API defines them so): complex operands do not apply.
struct real_floating : floating {
    template <class... P>
    using compute = float_of_t<loom::detail::real_only_t<promote_t<P...>>>;
};
// Arithmetic that orders values (minimum, floor, %): not for complex operands.
struct ordered_arithmetic : arithmetic {
    template <class... P>
    using compute = loom::detail::real_only_t<promote_t<P...>>;
};

// Ops that take many instructions an element (`heavy`: the math functions but
// sqrt, and pow): a loop of them is bound by computing, not by memory, and the
// evaluator writes it with plain stores whatever its size (eval/streaming.hpp).
template <class Op>
inline constexpr bool heavy = requires { requires Op::heavy; };

// Predicates: compute in the promoted type, give bool. On batches a
// comparison gives a mask.
struct predicate {
    template <class... P>
    using compute = promote_t<P...>;
    template <class C>
    using result = bool;
    template <class C>
    static constexpr bool simd = detail::vec_any<C>;
};
// < <= > >= and signbit: not for complex operands.
struct ordered_predicate : predicate {
    template <class... P>
    using compute = loom::detail::real_only_t<promote_t<P...>>;
};

// Whether Op combines its operands' truth values (masks on batches) when it
// computes in C: the logical operations always, the bitwise ones and == !=
// on bool. Such an Op has `masks`, its body on masks.
template <class Op, class C>
inline constexpr bool on_masks = [] {
    if constexpr (requires { Op::template masks_for<C>; }) return Op::template masks_for<C>;
    else return false;
}();

// Bitwise: integers and bool only.
struct bitwise {
    template <class... P>
    using compute = detail::integral_t<promote_t<P...>>;
    template <class C>
    using result = C;
};

struct add : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a, X b) const { return detail::wrap_add(a, b); }
};
struct subtract : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a, X b) const { return detail::wrap_sub(a, b); }
};
struct multiply : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a, X b) const { return detail::wrap_mul(a, b); }
};
// Integer division follows C++ (truncation) except that x / 0 is 0 and
// min / -1 wraps instead of trapping.
namespace detail {
// a / b for complex numbers by Smith's method, as NumPy's: no overflow of
// c*c + d*d, and a division by zero gives infinities or NaN. One body for
// scalars and batches (both sides computed, one selected per lane).
template <class X>
X complex_divide(X a, X b) {
    using std::abs;
    const auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    using R = std::remove_const_t<decltype(ar)>;
    const R abr = abs(br), abi = abs(bi);
    if constexpr (is_batch<R>) {
        using T = typename R::value_type;
        const R one(T(1)), zero(T(0));
        const R rat1 = bi / br, scl1 = one / (br + bi * rat1);
        const R rat2 = br / bi, scl2 = one / (bi + br * rat2);
        const auto wide = abr >= abi, zeros = (abr == zero) & (abi == zero);
        const R re = select(wide, select(zeros, ar / abr, (ar + ai * rat1) * scl1), (ar * rat2 + ai) * scl2);
        const R im = select(wide, select(zeros, ai / abr, (ai - ar * rat1) * scl1), (ai * rat2 - ar) * scl2);
        return X(re, im);
    } else {
        if (abr >= abi) {
            if (abr == 0 && abi == 0) return X(ar / abr, ai / abr);
            const R rat = bi / br, scl = R(1) / (br + bi * rat);
            return X((ar + ai * rat) * scl, (ai - ar * rat) * scl);
        }
        const R rat = br / bi, scl = R(1) / (bi + br * rat);
        return X((ar * rat + ai) * scl, (ai * rat - ar) * scl);
    }
}
}  // namespace detail

struct divide : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_float<C> || (detail::vec_any<C> && is_complex_v<C>);
    template <class X> X operator()(X a, X b) const {
        if constexpr (detail::complex_like<X>) return detail::complex_divide(a, b);
        else if constexpr (std::is_same_v<X, bool>) return b ? a : false;
        else if constexpr (std::is_integral_v<X>) {
            if (b == 0) return 0;
            if constexpr (std::is_signed_v<X>)
                if (b == -1) return static_cast<X>(0 - static_cast<std::make_unsigned_t<X>>(a));
            return static_cast<X>(a / b);
        } else return a / b;
    }
};
// Integer % follows C++ (sign of the dividend), x % 0 is 0; floating % is std::fmod.
struct modulo : ordered_arithmetic {
    template <class C> static constexpr bool simd = false;
    template <class X> X operator()(X a, X b) const {
        if constexpr (std::is_same_v<X, bool>) return false;
        else if constexpr (std::is_integral_v<X>) {
            if (b == 0) return 0;
            if constexpr (std::is_signed_v<X>)
                if (b == -1) return 0;
            return static_cast<X>(a % b);
        } else return std::fmod(a, b);
    }
};
// floor_divide and remainder round toward minus infinity, as Python's // and %:
// a == b * floor_divide(a, b) + remainder(a, b), the remainder signed as b.
// Integers: x // 0 and x % 0 are 0, min // -1 wraps. Floating operands follow
// the Array API's special cases: an infinite or zero operand gives floor(a / b)
// for //; finite ones NumPy's divmod, exact where floor(a / b) would round.
struct floor_divide : ordered_arithmetic {
    template <class C> static constexpr bool simd = false;
    template <class X> X operator()(X a, X b) const {
        if constexpr (std::is_same_v<X, bool>) return b ? a : false;
        else if constexpr (std::is_integral_v<X>) {
            const X q = divide{}(a, b);  // truncated; x / 0 is 0, min / -1 wraps
            if constexpr (std::is_signed_v<X>)
                if (b != 0 && b != -1 && a % b != 0 && ((a < 0) != (b < 0))) return static_cast<X>(q - 1);
            return q;
        } else {
            if (!std::isfinite(a) || !std::isfinite(b) || b == 0) return std::floor(a / b);
            const X mod = std::fmod(a, b);
            X div = (a - mod) / b;
            if (mod != 0 && ((b < 0) != (mod < 0))) div -= X(1);
            if (div == 0) return std::copysign(X(0), a / b);
            X fl = std::floor(div);
            if (div - fl > X(0.5)) fl += X(1);
            return fl;
        }
    }
};
struct remainder : ordered_arithmetic {
    template <class C> static constexpr bool simd = false;
    template <class X> X operator()(X a, X b) const {
        if constexpr (std::is_same_v<X, bool>) return false;
        else if constexpr (std::is_integral_v<X>) {
            const X r = modulo{}(a, b);  // the dividend's sign; x % 0 and min % -1 are 0
            if constexpr (std::is_signed_v<X>)
                if (r != 0 && ((r < 0) != (b < 0))) return static_cast<X>(r + b);
            return r;
        } else {
            X mod = std::fmod(a, b);  // NaN for an infinite a or a zero b
            if (mod == 0) return std::copysign(X(0), b);
            if ((b < 0) != (mod < 0)) mod += b;  // a finite a and an infinite b of the other sign: b
            return mod;
        }
    }
};
struct negate : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a) const {
        if constexpr (std::is_same_v<X, bool>) return a;
        else if constexpr (std::is_integral_v<X>)
            return static_cast<X>(0 - static_cast<std::make_unsigned_t<X>>(a));
        else return -a;
    }
};
struct unary_plus : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a) const { return a; }
};

struct bit_and : bitwise {
    template <class C> static constexpr bool simd = detail::vec_int<C>;
    template <class C> static constexpr bool masks_for = std::is_same_v<C, bool>;
    template <class M> static M masks(M a, M b) { return a & b; }
    template <class X> X operator()(X a, X b) const { return static_cast<X>(a & b); }
};
struct bit_or : bitwise {
    template <class C> static constexpr bool simd = detail::vec_int<C>;
    template <class C> static constexpr bool masks_for = std::is_same_v<C, bool>;
    template <class M> static M masks(M a, M b) { return a | b; }
    template <class X> X operator()(X a, X b) const { return static_cast<X>(a | b); }
};
struct bit_xor : bitwise {
    template <class C> static constexpr bool simd = detail::vec_int<C>;
    template <class C> static constexpr bool masks_for = std::is_same_v<C, bool>;
    template <class M> static M masks(M a, M b) { return simd::mask_xor(a, b); }
    template <class X> X operator()(X a, X b) const { return static_cast<X>(a ^ b); }
};
// ~ on bool is logical not, as in NumPy.
struct bit_not : bitwise {
    template <class C> static constexpr bool simd = detail::vec_int<C>;
    template <class C> static constexpr bool masks_for = std::is_same_v<C, bool>;
    template <class M> static M masks(M a) { return ~a; }
    template <class X> X operator()(X a) const {
        if constexpr (std::is_same_v<X, bool>) return !a;
        else return static_cast<X>(~a);
    }
};
namespace detail {
// Lanes whose shift count is negative or the width or more (a shift by such a
// count is undefined in C++; loom defines its result).
template <class X>
auto shift_out_of_range(const X& b) {
    using V = typename X::value_type;
    const auto wide = b >= X(static_cast<V>(sizeof(V) * 8));
    if constexpr (std::is_signed_v<V>) return wide | (b < X(0));
    else return wide;
}
}  // namespace detail

// Shifts by a negative count or by the width or more give 0 (<<) or the sign fill (>>).
struct shift_left : bitwise {
    template <class C> static constexpr bool simd = detail::vec_int<C>;
    template <class X> X operator()(X a, X b) const {
        if constexpr (detail::is_batch<X>) {
            const auto out = detail::shift_out_of_range(b);
            return select(out, X(0), simd::shift_left(a, select(out, X(0), b)));
        } else if constexpr (std::is_same_v<X, bool>) return a && !b;
        else {
            if (b < 0 || static_cast<std::uint64_t>(b) >= sizeof(X) * 8) return 0;
            return static_cast<X>(static_cast<std::make_unsigned_t<X>>(a) << b);
        }
    }
};
struct shift_right : bitwise {
    template <class C> static constexpr bool simd = detail::vec_int<C>;
    template <class X> X operator()(X a, X b) const {
        if constexpr (detail::is_batch<X>) {
            const auto out = detail::shift_out_of_range(b);
            return select(out, select(a < X(0), X(-1), X(0)), simd::shift_right(a, select(out, X(0), b)));
        } else if constexpr (std::is_same_v<X, bool>) return a && !b;
        else {
            if (b < 0 || static_cast<std::uint64_t>(b) >= sizeof(X) * 8) return a < 0 ? X(-1) : X(0);
            return static_cast<X>(a >> b);
        }
    }
};

// On bool, == and != are on masks; xsimd 8's `!=` on AVX batches is an
// ordered compare (false with a NaN), so != is ~(a == b).
struct equal : predicate {
    template <class C> static constexpr bool masks_for = std::is_same_v<C, bool>;
    template <class M> static M masks(M a, M b) { return ~simd::mask_xor(a, b); }
    template <class X> auto operator()(X a, X b) const { return a == b; }
};
struct not_equal : predicate {
    template <class C> static constexpr bool masks_for = std::is_same_v<C, bool>;
    template <class M> static M masks(M a, M b) { return simd::mask_xor(a, b); }
    template <class X> auto operator()(X a, X b) const {
        if constexpr (detail::is_batch<X>) return ~(a == b);
        else return a != b;
    }
};
struct less : ordered_predicate { template <class X> auto operator()(X a, X b) const { return a < b; } };
struct less_equal : ordered_predicate { template <class X> auto operator()(X a, X b) const { return a <= b; } };
struct greater : ordered_predicate { template <class X> auto operator()(X a, X b) const { return a > b; } };
struct greater_equal : ordered_predicate { template <class X> auto operator()(X a, X b) const { return a >= b; } };
struct logical_and : predicate {
    template <class C> static constexpr bool masks_for = true;
    template <class M> static M masks(M a, M b) { return a & b; }
    template <class X> bool operator()(X a, X b) const { return detail::truthy(a) && detail::truthy(b); }
};
struct logical_or : predicate {
    template <class C> static constexpr bool masks_for = true;
    template <class M> static M masks(M a, M b) { return a | b; }
    template <class X> bool operator()(X a, X b) const { return detail::truthy(a) || detail::truthy(b); }
};
struct logical_not : predicate {
    template <class C> static constexpr bool masks_for = true;
    template <class M> static M masks(M a) { return ~a; }
    template <class X> bool operator()(X a) const { return !detail::truthy(a); }
};
struct logical_xor : predicate {
    template <class C> static constexpr bool masks_for = true;
    template <class M> static M masks(M a, M b) { return simd::mask_xor(a, b); }
    template <class X> bool operator()(X a, X b) const { return detail::truthy(a) != detail::truthy(b); }
};
// signbit: the sign bit of a floating value (-0.0 and -NaN included); integers: x < 0.
struct signbit : ordered_predicate {
    template <class C> static constexpr bool simd = false;
    template <class X> bool operator()(X a) const {
        if constexpr (std::is_floating_point_v<X>) return std::signbit(a);
        else if constexpr (std::is_signed_v<X>) return a < 0;
        else return false;
    }
};
// A complex number is NaN or infinite when either part is, finite when both are.
struct isnan : predicate {
    template <class C> static constexpr bool simd = false;
    template <class X> bool operator()(X a) const {
        if constexpr (is_complex_v<X>) return std::isnan(a.real()) || std::isnan(a.imag());
        else if constexpr (std::is_floating_point_v<X>) return std::isnan(a);
        else return false;
    }
};
struct isinf : predicate {
    template <class C> static constexpr bool simd = false;
    template <class X> bool operator()(X a) const {
        if constexpr (is_complex_v<X>) return std::isinf(a.real()) || std::isinf(a.imag());
        else if constexpr (std::is_floating_point_v<X>) return std::isinf(a);
        else return false;
    }
};
struct isfinite : predicate {
    template <class C> static constexpr bool simd = false;
    template <class X> bool operator()(X a) const {
        if constexpr (is_complex_v<X>) return std::isfinite(a.real()) && std::isfinite(a.imag());
        else if constexpr (std::is_floating_point_v<X>) return std::isfinite(a);
        else return true;
    }
};

// One body for scalars (std::) and batches (xsimd:: found by argument-dependent lookup).
struct sqrt : floating {
    static constexpr bool heavy = false;  // one instruction, as a division
    template <class X> X operator()(X a) const { using std::sqrt; return sqrt(a); }
};
struct cbrt : real_floating {
    template <class X> X operator()(X a) const {
        return detail::unless_subnormal(a, [](auto v) { using std::cbrt; return cbrt(v); });
    }
};
struct exp : floating { template <class X> X operator()(X a) const { using std::exp; return exp(a); } };
// expm1, log1p and log2 of a complex number: NumPy's formulas (the C++ library has none);
// log1p is log(1 + z), as NumPy's, without log1p's accuracy near 0, the sign of a zero
// imaginary part kept (it picks the side of the branch cut).
struct expm1 : floating {
    template <class X> X operator()(X a) const {
        if constexpr (is_complex_v<X>) {
            using R = typename X::value_type;
            const R s = std::sin(a.imag() / 2);
            return X(std::expm1(a.real()) * std::cos(a.imag()) - 2 * s * s, std::exp(a.real()) * std::sin(a.imag()));
        } else { using std::expm1; return expm1(a); }
    }
};
struct log : floating {
    template <class X> X operator()(X a) const {
        return detail::unless_subnormal(a, [](auto v) { using std::log; return log(v); });
    }
};
struct log1p : floating {
    template <class X> X operator()(X a) const {
        if constexpr (is_complex_v<X>) return std::log(X(a.real() + 1, a.imag()));  // (a + X(1) would turn -0i into +0i)
        else { using std::log1p; return log1p(a); }
    }
};
struct log2 : floating {
    template <class X> X operator()(X a) const {
        if constexpr (is_complex_v<X>) {
            using R = typename X::value_type;
            return std::log(a) * static_cast<R>(1.44269504088896340735992468100189214L);  // log2(e)
        } else {
            return detail::unless_subnormal(a, [](auto v) { using std::log2; return log2(v); });
        }
    }
};
struct log10 : floating {
    template <class X> X operator()(X a) const {
        return detail::unless_subnormal(a, [](auto v) { using std::log10; return log10(v); });
    }
};
struct sin : floating { template <class X> X operator()(X a) const { using std::sin; return sin(a); } };
struct cos : floating { template <class X> X operator()(X a) const { using std::cos; return cos(a); } };
struct tan : floating { template <class X> X operator()(X a) const { using std::tan; return tan(a); } };
struct asin : floating { template <class X> X operator()(X a) const { using std::asin; return asin(a); } };
struct acos : floating { template <class X> X operator()(X a) const { using std::acos; return acos(a); } };
struct atan : floating { template <class X> X operator()(X a) const { using std::atan; return atan(a); } };
struct sinh : floating { template <class X> X operator()(X a) const { using std::sinh; return sinh(a); } };
struct cosh : floating { template <class X> X operator()(X a) const { using std::cosh; return cosh(a); } };
struct tanh : floating { template <class X> X operator()(X a) const { using std::tanh; return tanh(a); } };

// Special functions (real numbers): std:: on scalars, xsimd's on batches.
struct exp2 : real_floating { template <class X> X operator()(X a) const { using std::exp2; return exp2(a); } };
// erf and erfc of double batches: the C library's lane by lane (xsimd's are off by up to 30 ulp without FMA).
struct erf : real_floating {
    template <class X> X operator()(X a) const {
        if constexpr (detail::is_batch<X> && std::is_same_v<detail::scalar_of_t<X>, double>)
            return simd::per_lane(a, [](double v) { return std::erf(v); });
        else { using std::erf; return erf(a); }
    }
};
struct erfc : real_floating {  // float batches too: xsimd's are off by up to 75 ulp in the tail past 6
    template <class X> X operator()(X a) const {
        if constexpr (detail::is_batch<X>)
            return simd::per_lane(a, [](detail::scalar_of_t<X> v) { return std::erfc(v); });
        else { using std::erfc; return erfc(a); }
    }
};
// lgamma and tgamma of batches: the C library's lane by lane (xsimd 8.1's lose float lanes of mixed
// batches, are off by 10^4 ulp near 1 and 2, and loop without end on -inf and the largest finite values).
struct lgamma : real_floating {
    template <class X> X operator()(X a) const {
        if constexpr (detail::is_batch<X>) return simd::per_lane(a, [](detail::scalar_of_t<X> v) { return std::lgamma(v); });
        else { using std::lgamma; return lgamma(a); }
    }
};
struct tgamma : real_floating {
    template <class X> X operator()(X a) const {
        if constexpr (detail::is_batch<X>) return simd::per_lane(a, [](detail::scalar_of_t<X> v) { return std::tgamma(v); });
        else { using std::tgamma; return tgamma(a); }
    }
};
// expit(x) = 1 / (1 + exp(-x)) (the logistic sigmoid: 0 and 1 at the ends, no overflow);
// logit(p) = log(p / (1 - p)), its inverse.
struct expit : real_floating {
    template <class X> X operator()(X a) const { using std::exp; return X(1) / (X(1) + exp(-a)); }
};
struct logit : real_floating {
    // near 1/2, p / (1 - p) is 1 plus a small number u = (2p - 1) / (1 - p) lost to rounding (its parts
    // are exact there): log1p(u) as log(w) + (u - (w - 1)) / w with w = 1 + u rounded (SciPy's split at
    // 0.3 and 0.65); one logarithm for both sides
    template <class X> X operator()(X a) const {
        const X d = X(1) - a, u = (a + a - X(1)) / d;
        const auto mid = (a > X(0.3)) & (a < X(0.65));
        if constexpr (detail::is_batch<X>) {
            const X w = simd::select(mid, X(1) + u, a / d), l = ops::log{}(w);
            return simd::select(mid, l + (u - (w - X(1))) / w, l);
        } else {
            const X w = mid ? X(1) + u : a / d, l = ops::log{}(w);
            return mid ? l + (u - (w - X(1))) / w : l;
        }
    }
};
// sinc(x) = sin(pi x) / (pi x), 1 at 0 (NumPy's normalised sinc). sin(pi x) as (-1)^n sin(pi r) with
// n = round(x) and r = x - n exact in [-1/2, 1/2], so that it is exactly 0 at the integers and
// accurate near them (pi x rounded first would not be).
struct sinc : real_floating {
    template <class X> X operator()(X a) const {
        using std::sin;
        using std::nearbyint;
        using R = detail::scalar_of_t<X>;
        const X pi(static_cast<R>(3.14159265358979323846264338327950288L));
        const X n = nearbyint(a), r = a - n;
        const X half = n * X(R(0.5));
        const X s = sin(pi * r), y = pi * a;
        if constexpr (detail::is_batch<X>) {
            const X signed_s = simd::select(half != nearbyint(half), -s, s);
            // past 2^52 (2^23) every number is an even integer and r is 0; infinities give NaN
            return simd::select(a == X(0), X(1), signed_s / y);
        } else {
            if (a == X(0)) return X(1);
            return (half != nearbyint(half) ? -s : s) / y;
        }
    }
};
// deg2rad(x) = x * (pi / 180), rad2deg(x) = x * (180 / pi).
struct deg2rad : real_floating {
    static constexpr bool heavy = false;
    template <class X> X operator()(X a) const {
        using R = detail::scalar_of_t<X>;
        return a * static_cast<R>(0.0174532925199432957692369076848861271L);
    }
};
struct rad2deg : real_floating {
    static constexpr bool heavy = false;
    template <class X> X operator()(X a) const {
        using R = detail::scalar_of_t<X>;
        return a * static_cast<R>(57.2957795130823208767981548141051703L);
    }
};

struct acosh : floating { template <class X> X operator()(X a) const { using std::acosh; return acosh(a); } };
struct asinh : floating { template <class X> X operator()(X a) const { using std::asinh; return asinh(a); } };
struct atanh : floating { template <class X> X operator()(X a) const { using std::atanh; return atanh(a); } };
struct copysign : real_floating {
    static constexpr bool heavy = false;
    template <class X> X operator()(X a, X b) const { using std::copysign; return copysign(a, b); }
};
struct reciprocal : floating {
    static constexpr bool heavy = false;  // one division
    template <class C> static constexpr bool simd = divide::simd<C>;
    template <class X> X operator()(X a) const { return divide{}(X(1), a); }
};
// hypot and nextafter run the C library's (exact special cases, no overflow of x*x).
struct hypot : real_floating {
    template <class C> static constexpr bool simd = false;
    template <class X> X operator()(X a, X b) const { return std::hypot(a, b); }
};
struct nextafter : real_floating {
    template <class C> static constexpr bool simd = false;
    template <class X> X operator()(X a, X b) const { return std::nextafter(a, b); }
};
// log(exp(a) + exp(b)) without overflow: the larger plus log1p(exp(-|a - b|));
// equal arguments (infinities of one sign included) give a + log(2).
struct logaddexp : real_floating {
    static constexpr long double ln2 = 0.693147180559945309417232121458176568L;
    template <class X> X operator()(X a, X b) const {
        using std::exp;
        using std::log1p;
        const X d = a - b;
        if constexpr (detail::is_batch<X>) {
            using T = typename X::value_type;
            return select(a == b, a + X(static_cast<T>(ln2)), select(d > X(T(0)), a + log1p(exp(-d)), b + log1p(exp(d))));
        } else {
            if (a == b) return a + static_cast<X>(ln2);
            if (d > 0) return a + log1p(exp(-d));
            return b + log1p(exp(d));  // d <= 0, or NaN: NaN
        }
    }
};

// xsimd 8's batch atan2 gives NaN where both arguments are zero or both are
// infinite; the C library (and NumPy) give an angle with y's sign there, so
// those lanes are patched and the SIMD body agrees with the scalar tail.
struct atan2 : real_floating {
    template <class X> X operator()(X a, X b) const {
        using std::atan2;
        using std::copysign;
        if constexpr (detail::is_batch<X>) {
            using T = typename X::value_type;
            constexpr T pi = static_cast<T>(3.14159265358979323846264338327950288L);
            constexpr T quarter = static_cast<T>(0.785398163397448309615660845819875721L);
            constexpr T three_quarters = static_cast<T>(2.35619449019234492884698253745962716L);
            constexpr T inf = std::numeric_limits<T>::infinity();
            const auto b_neg = copysign(X(T(1)), b) < X(T(0));
            const auto zeros = (a == X(T(0))) & (b == X(T(0)));
            const auto infs = ((a == X(inf)) | (a == X(-inf))) & ((b == X(inf)) | (b == X(-inf)));
            X r = atan2(a, b);
            r = select(zeros, copysign(select(b_neg, X(pi), X(T(0))), a), r);
            return select(infs, copysign(select(b_neg, X(three_quarters), X(quarter)), a), r);
        } else {
            return atan2(a, b);
        }
    }
};

// Integer powers stay integers (exact, by squaring; a negative exponent gives 0
// unless the base is 1 or -1); floating powers are std::pow.
struct power : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_float<C>;
    static constexpr bool heavy = true;
    template <class X> X operator()(X a, X b) const {
        if constexpr (std::is_same_v<X, bool>) return a || !b;
        else if constexpr (std::is_integral_v<X>) {
            if constexpr (std::is_signed_v<X>)
                if (b < 0) return a == 1 ? X(1) : a == -1 ? (b % 2 ? X(-1) : X(1)) : X(0);
            using U = std::make_unsigned_t<X>;
            U base = static_cast<U>(a), r = 1;
            for (auto e = static_cast<U>(b); e; e >>= 1) {
                if (e & 1) r = detail::wrap_mul(r, base);
                base = detail::wrap_mul(base, base);
            }
            return static_cast<X>(r);
        } else if constexpr (detail::is_batch<X>) {
            // the C library's pow lane by lane, as NumPy's: xsimd 8.1's exp(y log x) loses
            // accuracy as |y log x| grows, and misses C99's special values and subnormal bases
            using R = typename X::value_type;
            return simd::per_lane(a, b, [](R x, R y) { return std::pow(x, y); });
        } else {
            using std::pow;
            return pow(a, b);
        }
    }
};

namespace detail {
// |x + iy| without overflow or underflow of x*x: m * sqrt(1 + (n/m)^2) with
// m, n the larger and smaller of |x|, |y| (within 2 ulp of hypot); an infinite
// part gives inf, else a NaN NaN. One body for scalars and batches, so that
// SIMD lanes and the scalar tail agree.
template <class R>
R modulus(R x, R y) {
    using std::abs;
    using std::sqrt;
    x = abs(x);
    y = abs(y);
    if constexpr (is_batch<R>) {
        using T = typename R::value_type;
        const R m = select(x > y, x, y), n = select(x > y, y, x);
        const R q = n / m;
        R r = select(m == R(T(0)), R(T(0)), m * sqrt(R(T(1)) + q * q));
        const R s = x + y;
        r = select(s == s, r, s);
        const R inf(std::numeric_limits<T>::infinity());
        return select((x == inf) | (y == inf), inf, r);
    } else {
        if (x == std::numeric_limits<R>::infinity() || y == std::numeric_limits<R>::infinity())
            return std::numeric_limits<R>::infinity();
        if (x != x || y != y) return x + y;
        const R m = x > y ? x : y, n = x > y ? y : x;
        if (m == R(0)) return R(0);
        const R q = n / m;
        return m * sqrt(R(1) + q * q);
    }
}
}  // namespace detail

// abs of a complex number is its modulus, a real number.
struct abs : arithmetic {
    template <class C>
    using result = real_of_t<C>;
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> auto operator()(X a) const {
        if constexpr (detail::complex_like<X>) return detail::modulus(a.real(), a.imag());
        else if constexpr (detail::is_batch<X>) {
            if constexpr (std::is_unsigned_v<typename X::value_type>) return a;
            else { using std::abs; return abs(a); }
        } else if constexpr (std::is_same_v<X, bool> || std::is_unsigned_v<X>) return a;
        else if constexpr (std::is_integral_v<X>) return a < 0 ? negate{}(a) : a;
        else { using std::abs; return abs(a); }
    }
};
// real, imag and conj: the parts of a complex number (real numbers: x, 0 and x).
struct real : arithmetic {
    template <class C>
    using result = real_of_t<C>;
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> auto operator()(X a) const {
        if constexpr (detail::complex_like<X>) return a.real();
        else return a;
    }
};
struct imag : arithmetic {
    template <class C>
    using result = real_of_t<C>;
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> auto operator()(X a) const {
        if constexpr (detail::complex_like<X>) return a.imag();
        else return X(0);
    }
};
struct conj : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a) const {
        if constexpr (detail::complex_like<X>) return X(a.real(), -a.imag());
        else return a;
    }
};
struct square : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a) const { return detail::wrap_mul(a, a); }
};

// Rounding: integers pass through; round is half to even, as NumPy's.
struct rounding : ordered_arithmetic {
    template <class C> static constexpr bool simd = detail::vec_float<C>;
    // xsimd's SSE2 floor/ceil/trunc drop the sign of a zero result (ceil(-0.3)
    // gives +0, the C library -0); the result always has the argument's sign,
    // so it is copied back on batches.
    template <class X> static X signed_like(X r, X a) {
        using std::copysign;
        if constexpr (detail::is_batch<X>) return copysign(r, a);
        else return r;
    }
};
struct floor : rounding {
    template <class X> X operator()(X a) const {
        if constexpr (std::is_integral_v<X>) return a; else { using std::floor; return signed_like(floor(a), a); }
    }
};
struct ceil : rounding {
    template <class X> X operator()(X a) const {
        if constexpr (std::is_integral_v<X>) return a; else { using std::ceil; return signed_like(ceil(a), a); }
    }
};
struct trunc : rounding {
    template <class X> X operator()(X a) const {
        if constexpr (std::is_integral_v<X>) return a; else { using std::trunc; return signed_like(trunc(a), a); }
    }
};
struct round : rounding {
    template <class X> X operator()(X a) const {
        if constexpr (std::is_integral_v<X>) return a; else { using std::nearbyint; return nearbyint(a); }
    }
};

// sign: -1, 0 or 1; NaN stays NaN; unsigned and bool give 0 or 1; a complex
// number z / |z| (0 for 0), as the Array API.
// (select, unqualified, is xsimd's by argument-dependent lookup: these bodies
// must compile without xsimd when LOOM_SIMD is 0.)
struct sign : arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C> && !is_complex_v<C>;
    template <class X> X operator()(X a) const {
        if constexpr (is_complex_v<X>) {
            const auto m = detail::modulus(a.real(), a.imag());
            return m == 0 ? X(0) : X(a.real() / m, a.imag() / m);
        } else if constexpr (detail::is_batch<X>)
            return select(a > X(0), X(1), select(a < X(0), X(-1), a));
        else if constexpr (std::is_same_v<X, bool>) return a;
        else return a > X(0) ? X(1) : a < X(0) ? static_cast<X>(-1) : a;
    }
};

// minimum / maximum propagate NaN, as NumPy's.
// (On batches NaN is found as ~(a == a): xsimd 8's AVX and AVX-512 `!=` is an
// ordered compare, false whenever a NaN is involved.)
struct minimum : ordered_arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a, X b) const {
        if constexpr (detail::is_batch<X>) return select((a < b) | ~(a == a), a, b);
        else return (a < b || a != a) ? a : b;
    }
};
struct maximum : ordered_arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X a, X b) const {
        if constexpr (detail::is_batch<X>) return select((a > b) | ~(a == a), a, b);
        else return (a > b || a != a) ? a : b;
    }
};
struct clip : ordered_arithmetic {
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X x, X lo, X hi) const { return minimum{}(maximum{}(x, lo), hi); }
};

// where(cond, x, y): cond is a bool (loom::where makes it one); in batches
// the evaluator gives it as a mask (eval/walk.hpp).
struct where {
    template <class Pc, class Px, class Py>
    using compute = promote_t<Px, Py>;
    template <class C>
    using result = C;
    template <class C> static constexpr bool simd = detail::vec_any<C>;
    template <class X> X operator()(X c, X x, X y) const { return detail::truthy(c) ? x : y; }
};

namespace detail {
// astype's result: U, but a complex number converts only to a complex type or
// to bool (the Array API: no silent loss of the imaginary part; real() says it).
template <class C, class U>
inline constexpr bool casts_to = !is_complex_v<C> || is_complex_v<U> || std::is_same_v<U, bool>;
template <class C, class U>
    requires casts_to<C, U>
struct cast_result { using type = U; };
}  // namespace detail

template <element U>
struct cast {
    template <class... P>
    using compute = promote_t<P...>;
    template <class C>
    using result = typename detail::cast_result<C, U>::type;
    template <class C> static constexpr bool simd = std::is_same_v<C, U> && detail::vec_any<C>;
    template <class X> auto operator()(X a) const {
        if constexpr (detail::is_batch<X>) return a;
        else if constexpr (is_complex_v<X> && std::is_same_v<U, bool>) return a != X(0);
        else if constexpr (is_complex_v<U> && !is_complex_v<X>) return U(static_cast<typename U::value_type>(a));
        else return static_cast<U>(a);
    }
};

}  // namespace loom::ops
