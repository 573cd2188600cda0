// loom/core/dtype.hpp: element types, their kinds, the Array API type-promotion lattice and its data type functions.
#pragma once

#include <algorithm>
#include <complex>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace loom {

//! The element types an array may hold.
template <class T>
concept element = std::same_as<T, bool> || std::same_as<T, std::int8_t> ||
                  std::same_as<T, std::int16_t> || std::same_as<T, std::int32_t> ||
                  std::same_as<T, std::int64_t> || std::same_as<T, std::uint8_t> ||
                  std::same_as<T, std::uint16_t> || std::same_as<T, std::uint32_t> ||
                  std::same_as<T, std::uint64_t> || std::same_as<T, float> ||
                  std::same_as<T, double> || std::same_as<T, std::complex<float>> ||
                  std::same_as<T, std::complex<double>>;

//! Whether T is std::complex<float> or std::complex<double>.
template <class T>
inline constexpr bool is_complex_v = std::same_as<T, std::complex<float>> || std::same_as<T, std::complex<double>>;

//! A C++ number usable as a rank-0 operand: arithmetic (not long double) or a complex element type.
template <class T>
concept scalar_value = (std::is_arithmetic_v<T> && !std::same_as<T, long double>) || is_complex_v<T>;

namespace detail {
template <class T>
struct real_of { using type = T; };
template <class T>
struct real_of<std::complex<T>> { using type = T; };
}  // namespace detail

//! The real type of an element type: `float` for `std::complex<float>`, T itself for a real T.
template <class T>
using real_of_t = typename detail::real_of<T>::type;

namespace detail {

// T when it is not complex; no type otherwise, so that the ops that order
// values (< maximum floor % ...) do not apply to complex operands.
template <class T>
    requires(!is_complex_v<T>)
struct real_only { using type = T; };
template <class T>
using real_only_t = typename real_only<T>::type;

// Canonical element type of a C++ arithmetic type (long long -> int64_t, char -> int8_t ...).
template <class T>
struct canonical {
    using type = T;  // std::complex<float>, std::complex<double>
};
template <class T>
    requires(!is_complex_v<T>)
struct canonical<T> {
    using type = std::conditional_t<
        std::same_as<T, bool>, bool,
        std::conditional_t<
            std::is_floating_point_v<T>, std::conditional_t<sizeof(T) == 4, float, double>,
            std::conditional_t<
                std::is_signed_v<T>,
                std::conditional_t<sizeof(T) == 1, std::int8_t,
                                   std::conditional_t<sizeof(T) == 2, std::int16_t,
                                                      std::conditional_t<sizeof(T) == 4, std::int32_t,
                                                                         std::int64_t>>>,
                std::conditional_t<sizeof(T) == 1, std::uint8_t,
                                   std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                                      std::conditional_t<sizeof(T) == 4, std::uint32_t,
                                                                         std::uint64_t>>>>>>;
};
template <class T>
using canonical_t = typename canonical<std::remove_cvref_t<T>>::type;

// 0 bool, 1 integer (signed or unsigned), 2 real floating, 3 complex
template <class T>
inline constexpr int kind_v = std::same_as<T, bool> ? 0 : std::is_integral_v<T> ? 1 : is_complex_v<T> ? 3 : 2;

template <std::size_t Bytes>
struct signed_of_size;
template <> struct signed_of_size<1> { using type = std::int8_t; };
template <> struct signed_of_size<2> { using type = std::int16_t; };
template <> struct signed_of_size<4> { using type = std::int32_t; };
template <> struct signed_of_size<8> { using type = std::int64_t; };

// The Array API lattice for two element types; no `type` member when there is
// no common type (int64 with uint64), so expressions over such a pair do not compile.
template <class A, class B>
struct promote2 {};

template <class A, class B>
    requires(std::same_as<A, B>)
struct promote2<A, B> { using type = A; };

template <class A, class B>
    requires(!std::same_as<A, B> && (std::same_as<A, bool> || std::same_as<B, bool>))
struct promote2<A, B> { using type = std::conditional_t<std::same_as<A, bool>, B, A>; };

template <class A, class B>
    requires(!std::same_as<A, B> && !std::same_as<A, bool> && !std::same_as<B, bool> &&
             !is_complex_v<A> && !is_complex_v<B> &&
             (std::is_floating_point_v<A> || std::is_floating_point_v<B>))
struct promote2<A, B> {
    using type = std::conditional_t<
        std::is_floating_point_v<A> && std::is_floating_point_v<B>,
        std::conditional_t<(sizeof(A) > sizeof(B)), A, B>,
        std::conditional_t<std::is_floating_point_v<A>, A, B>>;
};

template <class A, class B>
    requires(!std::same_as<A, B> && std::is_integral_v<A> && std::is_integral_v<B> &&
             !std::same_as<A, bool> && !std::same_as<B, bool> &&
             std::is_signed_v<A> == std::is_signed_v<B>)
struct promote2<A, B> { using type = std::conditional_t<(sizeof(A) > sizeof(B)), A, B>; };

// A complex type with anything is complex, of the wider of the floating
// precisions (an integer or bool adds none): complex64 with float64 is complex128.
template <class T>
inline constexpr std::size_t precision_v = std::is_floating_point_v<real_of_t<T>> ? sizeof(real_of_t<T>) : 0;
template <class A, class B>
    requires(!std::same_as<A, B> && !std::same_as<A, bool> && !std::same_as<B, bool> &&
             (is_complex_v<A> || is_complex_v<B>))
struct promote2<A, B> {
    using type = std::complex<std::conditional_t<(precision_v<A> > 4 || precision_v<B> > 4), double, float>>;
};

template <class S, class U>
struct mixed_sign {};
template <class S, class U>
    requires(sizeof(S) > sizeof(U))
struct mixed_sign<S, U> { using type = S; };
template <class S, class U>
    requires(sizeof(S) <= sizeof(U) && sizeof(U) < 8)
struct mixed_sign<S, U> { using type = typename signed_of_size<2 * sizeof(U)>::type; };

template <class A, class B>
    requires(std::is_integral_v<A> && std::is_integral_v<B> && !std::same_as<A, bool> &&
             !std::same_as<B, bool> && std::is_signed_v<A> != std::is_signed_v<B>)
struct promote2<A, B>
    : mixed_sign<std::conditional_t<std::is_signed_v<A>, A, B>,
                 std::conditional_t<std::is_signed_v<A>, B, A>> {};

// NumPy's name of an element type, for messages.
template <class T>
constexpr const char* type_name() {
    if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (is_complex_v<T>) return sizeof(T) == 8 ? "complex64" : "complex128";
    else if constexpr (std::is_floating_point_v<T>) return sizeof(T) == 4 ? "float32" : "float64";
    else if constexpr (std::is_signed_v<T>)
        return sizeof(T) == 1 ? "int8" : sizeof(T) == 2 ? "int16" : sizeof(T) == 4 ? "int32" : "int64";
    else return sizeof(T) == 1 ? "uint8" : sizeof(T) == 2 ? "uint16" : sizeof(T) == 4 ? "uint32" : "uint64";
}

// A C++ scalar operand is "weak": it takes the array's type when it is of the
// same kind (bool < integer < floating < complex), else its own; a complex
// number with a real floating array takes the array's precision (NEP 50).
template <class S>
struct weak {
    using type = S;
};

template <class T>
struct is_weak : std::false_type {};
template <class S>
struct is_weak<weak<S>> : std::true_type {};

template <class A, class B>
struct promote_any : promote2<A, B> {};
template <class A, class S>
struct promote_any<A, weak<S>> {
    using type = std::conditional_t<(kind_v<S> <= kind_v<A>), A,
                                    std::conditional_t<kind_v<S> == 3 && kind_v<A> == 2, std::complex<A>, S>>;
};
template <class S, class B>
struct promote_any<weak<S>, B> : promote_any<B, weak<S>> {};
template <class S1, class S2>
struct promote_any<weak<S1>, weak<S2>> {
    using type = weak<typename promote2<S1, S2>::type>;
};

// The join (promote_any) of the operands T... that `keep` selects, folded from
// Acc (void: none yet); no `type` when two of them have no common type.
template <template <class> class Keep, class Acc, class... T>
struct join { using type = Acc; };
template <template <class> class Keep, class Acc, class A, class... R>
    requires(!Keep<A>::value)
struct join<Keep, Acc, A, R...> : join<Keep, Acc, R...> {};
template <template <class> class Keep, class A, class... R>
    requires(Keep<A>::value)
struct join<Keep, void, A, R...> : join<Keep, A, R...> {};
template <template <class> class Keep, class Acc, class A, class... R>
    requires(Keep<A>::value && !std::is_void_v<Acc> && requires { typename promote_any<Acc, A>::type; })
struct join<Keep, Acc, A, R...> : join<Keep, typename promote_any<Acc, A>::type, R...> {};
template <template <class> class Keep, class Acc, class A, class... R>
    requires(Keep<A>::value && !std::is_void_v<Acc> && !requires { typename promote_any<Acc, A>::type; })
struct join<Keep, Acc, A, R...> {};

template <class T>
inline constexpr int strong_kind_v = is_weak<T>::value ? -1 : kind_v<T>;

// The result of combining T... whatever their order: the array types of the
// highest kind among them joined (lower kinds never change it: bool with an
// integer is the integer, an integer with a floating type the floating type),
// then the C++ scalars, which take that type when they are not of a higher kind.
// (Folding left to right, int64 with uint64 then float failed and
// int64 with float then uint64 gave float.)
template <class... T>
struct promote_fold {
private:
    static constexpr int top = std::max({-1, strong_kind_v<T>...});
    template <class A>
    struct top_kind : std::bool_constant<strong_kind_v<A> == top> {};
    template <class A>
    using weak_one = is_weak<A>;
    template <class S, class W>
    struct combine {};
    template <class S, class W>
        requires(std::is_void_v<W>)
    struct combine<S, W> { using type = S; };
    template <class S, class W>
        requires(std::is_void_v<S> && !std::is_void_v<W>)
    struct combine<S, W> { using type = W; };
    template <class S, class W>
        requires(!std::is_void_v<S> && !std::is_void_v<W>)
    struct combine<S, W> : promote_any<S, W> {};

public:
    template <class S = join<top_kind, void, T...>, class W = join<weak_one, void, T...>>
        requires requires { typename S::type; typename W::type; typename combine<typename S::type, typename W::type>::type; } &&
                 (!std::is_void_v<typename S::type> || !std::is_void_v<typename W::type>)
    static auto pick() -> typename combine<typename S::type, typename W::type>::type;
};
// one or two operands, nearly every expression: directly (the order never mattered)
template <class A>
struct promote_fold<A> {
    static auto pick() -> A;
};
template <class A, class B>
    requires requires { typename promote_any<A, B>::type; }
struct promote_fold<A, B> {
    static auto pick() -> typename promote_any<A, B>::type;
};

template <class T>
struct strip_weak { using type = T; };
template <class S>
struct strip_weak<weak<S>> { using type = S; };

}  // namespace detail

//! Result element type of combining element types (and weak scalar types) per the
//! Array API lattice: `promote_t<std::int8_t, std::uint8_t>` is `std::int16_t`.
template <class... T>
using promote_t = typename detail::strip_weak<decltype(detail::promote_fold<T...>::pick())>::type;

//! True when the types have a common type (`int64` with `uint64` has none).
template <class... T>
concept promotable = requires { detail::promote_fold<T...>::pick(); };

namespace detail {

// NumPy's same_kind casting, the rule of implicit conversions of elements: the
// kinds bool < unsigned < signed < floating < complex; a conversion stays within a kind
// or goes up, never down. A C++ number (weak) counts by its kind only: 1 goes
// into any integer or floating array, 1.5 only into a floating one.
template <class T>
inline constexpr int cast_kind_v =
    std::same_as<T, bool> ? 0 : std::is_unsigned_v<T> ? 1 : std::is_integral_v<T> ? 2 : is_complex_v<T> ? 4 : 3;
template <class From, class To>
inline constexpr bool same_kind_v = cast_kind_v<From> <= cast_kind_v<To>;
template <class S, class To>
inline constexpr bool same_kind_v<weak<S>, To> = kind_v<S> <= kind_v<To>;

}  // namespace detail

//! Named in the compile error for an implicit conversion of elements that goes down a kind
//! (complex to real, floating to integer, integer to bool, signed to unsigned), in construction, `=`, `+=` and
//! view assignment: `elements_do_not_convert<double, std::uint8_t, false>` (from, to).
template <class From, class To, bool SameKind>
struct elements_do_not_convert {
    static_assert(SameKind, "loom: an implicit conversion of elements must stay within a kind or go up "
                            "(bool, unsigned, signed, floating, complex); the element types from and to are this "
                            "class's template arguments: convert explicitly with loom::astype<U>(e)");
    static constexpr bool value = true;
};

//! The floating type math functions compute in: float and the complex types stay, everything else is double.
template <class T>
using float_of_t = std::conditional_t<std::same_as<T, float> || is_complex_v<T>, T, double>;

namespace detail {

// result_type_t's operands: an element type stands for itself, an array, view
// or expression type for its value_type.
template <class T>
struct dtype_of {};
template <element T>
struct dtype_of<T> { using type = T; };
template <class E>
    requires(!element<E> && requires { std::remove_cvref_t<E>::loom_expression; })
struct dtype_of<E> { using type = typename std::remove_cvref_t<E>::value_type; };

template <class... T>
struct lazy_promote { using type = promote_t<T...>; };

template <class... T>
struct result_type {
    static_assert(sizeof...(T) >= 1 && (requires { typename dtype_of<T>::type; } && ...),
                  "loom::result_type_t: give one or more element types (bool, std::int8_t ... std::uint64_t, "
                  "float, double) or array, view or expression types");
};
template <class... T>
    requires(sizeof...(T) >= 1 && (requires { typename dtype_of<T>::type; } && ...))
struct result_type<T...> {
    static_assert(promotable<typename dtype_of<T>::type...>,
                  "loom::result_type_t: these element types have no common type (std::int64_t with std::uint64_t): "
                  "convert one of them with loom::astype<U>");
    using type = typename std::conditional_t<promotable<typename dtype_of<T>::type...>,
                                             lazy_promote<typename dtype_of<T>::type...>,
                                             std::type_identity<void>>::type;  // void: only the assertion speaks
};

template <class From, class To>
constexpr bool can_cast() {
    if constexpr (promotable<From, To>) return std::same_as<promote_t<From, To>, To>;
    else return false;
}

template <class T>
inline constexpr bool dependent_false_v = false;

}  // namespace detail

//! The Array API's `result_type`: `result_type_t<std::int8_t, std::uint8_t>` is `std::int16_t`.
//! Element types, or array, view and expression types (their value_type), by promote_t's lattice.
template <class... T>
using result_type_t = typename detail::result_type<T...>::type;

//! The Array API's `can_cast`: true when `From` promotes to `To` (result_type_t<From, To> is To).
//! `bool` casts to every type, an integer to a floating one (which may round), never down or across signs.
template <element From, element To>
inline constexpr bool can_cast_v = detail::can_cast<From, To>();

//! The Array API's `finfo` for float, double and the complex types (which describe their real
//! parts, as NumPy's: `finfo<std::complex<float>>::dtype` is float): `loom::finfo<float>::eps == FLT_EPSILON`.
template <class T>
struct finfo {
    static_assert(detail::dependent_false_v<T>,
                  "loom::finfo<T>: T must be float, double, std::complex<float> or std::complex<double> "
                  "(loom::iinfo<T> describes the integer types)");
};
template <class T>
    requires(std::same_as<real_of_t<T>, float> || std::same_as<real_of_t<T>, double>)
struct finfo<T> {
    using dtype = real_of_t<T>;
    using R = dtype;
    static constexpr int bits = static_cast<int>(8 * sizeof(R));            // 32, 64
    static constexpr R eps = std::numeric_limits<R>::epsilon();              // 1 + eps is the next number after 1
    static constexpr R max = std::numeric_limits<R>::max();                  // the largest finite number
    static constexpr R min = std::numeric_limits<R>::lowest();               // the most negative finite number: -max
    static constexpr R smallest_normal = std::numeric_limits<R>::min();      // the smallest positive normal number
};

//! The Array API's `iinfo` for the integer types: `loom::iinfo<std::int8_t>::min == -128`.
template <class T>
struct iinfo {
    static_assert(detail::dependent_false_v<T>,
                  "loom::iinfo<T>: T must be an integer element type, std::int8_t ... std::uint64_t (loom::finfo<T> "
                  "describes float and double; bool has neither)");
};
template <class T>
    requires(element<T> && std::is_integral_v<T> && !std::same_as<T, bool>)
struct iinfo<T> {
    using dtype = T;
    static constexpr int bits = static_cast<int>(8 * sizeof(T));
    static constexpr T max = std::numeric_limits<T>::max();
    static constexpr T min = std::numeric_limits<T>::min();
};

//! The Array API's `isdtype`: whether element type T is of `kind`, one of "bool", "signed integer",
//! "unsigned integer", "integral", "real floating", "complex floating", "numeric". Another kind
//! throws std::invalid_argument naming it (a compile error in a constant expression).
//!   static_assert(loom::isdtype<float>("real floating"));
template <element T>
constexpr bool isdtype(std::string_view kind) {
    constexpr bool integer = std::is_integral_v<T> && !std::same_as<T, bool>;
    if (kind == "bool") return std::same_as<T, bool>;
    if (kind == "signed integer") return integer && std::is_signed_v<T>;
    if (kind == "unsigned integer") return integer && std::is_unsigned_v<T>;
    if (kind == "integral") return integer;
    if (kind == "real floating") return std::is_floating_point_v<T>;
    if (kind == "complex floating") return is_complex_v<T>;
    if (kind == "numeric") return !std::same_as<T, bool>;
    throw std::invalid_argument("loom::isdtype: unknown kind \"" + std::string(kind) +
                                "\" (bool, signed integer, unsigned integer, integral, real floating, complex "
                                "floating, numeric)");
}

//! The Array API's constants, as double: e, pi, inf (positive infinity) and nan (a quiet NaN).
inline constexpr double e = 2.718281828459045235360287471352662498;
inline constexpr double pi = 3.141592653589793238462643383279502884;
inline constexpr double inf = std::numeric_limits<double>::infinity();
inline constexpr double nan = std::numeric_limits<double>::quiet_NaN();

}  // namespace loom
