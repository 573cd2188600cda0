// loom/random/generator.hpp: loom::random::generator, NumPy's Generator over a bit generator: the
// draws into arrays (or a number), parameters checked first and broadcast as NumPy's.
#pragma once

#include <cmath>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "../loom.hpp"
#include "bit_generators.hpp"
#include "distributions.hpp"

// As in distributions.hpp: no fused multiply-adds, whose rounding NumPy's draws do not have.
#if defined(__clang__)
#pragma float_control(push)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

namespace loom::random {

namespace detail {

//! A distribution's parameter: a C++ number or a loom expression (broadcast against the others).
template <class P>
concept param = std::is_arithmetic_v<std::remove_cvref_t<P>> || loom::expression<P>;

template <class... P>
inline constexpr bool all_numbers = (std::is_arithmetic_v<std::remove_cvref_t<P>> && ...);

using loom::detail::uninitialized;

// One parameter's values, as T, read by flat index over the output (a number, or an array of its shape).
template <class T>
struct param_values {
    array<T> values;
    T number{};
    bool is_number = true;

    template <class P>
    explicit param_values(const P& p) {
        if constexpr (std::is_arithmetic_v<std::remove_cvref_t<P>>) {
            number = static_cast<T>(p);
        } else {
            values = loom::astype<T>(p);
            is_number = false;
        }
    }
    void stretch(const shape_t& s) {
        if (!is_number && values.shape() != s) values = array<T>(loom::broadcast_to(values, s));
    }
    T operator[](std::size_t i) const { return is_number ? number : values.data()[i]; }
    template <class F>
    void each(F f) const {
        if (is_number)
            f(number);
        else
            for (T v : values) f(v);
    }
};

// The output shape: `size` when given (each parameter must broadcast to it), else the parameters'.
template <class... T>
shape_t output_shape(const std::optional<shape_t>& size, param_values<T>&... p) {
    shape_t s;
    if (size) {
        s = *size;
    } else {
        s = shape_t{};
        ((p.is_number ? void() : void(s = broadcast_shapes(s, p.values.shape()))), ...);
    }
    (p.stretch(s), ...);
    return s;
}

[[noreturn]] inline void bad(const char* fn, const std::string& what) {
    throw std::invalid_argument(std::string("loom::random::") + fn + ": " + what);
}
// NumPy's constraints on a parameter, by name.
inline void non_negative(const char* fn, const char* name, double v) {  // NaN passes, -0.0 does not
    if (!std::isnan(v) && std::signbit(v)) bad(fn, std::string(name) + " < 0");
}
inline void positive(const char* fn, const char* name, double v) {
    if (v <= 0) bad(fn, std::string(name) + " <= 0");
}
inline void in_0_1(const char* fn, const char* name, double v) {
    if (!(v >= 0) || !(v <= 1)) bad(fn, std::string(name) + " < 0, " + name + " > 1 or " + name + " is NaN");
}


template <class I>
concept draw_integer = std::is_same_v<I, bool> || std::is_same_v<I, std::int8_t> || std::is_same_v<I, std::int16_t> ||
                       std::is_same_v<I, std::int32_t> || std::is_same_v<I, std::int64_t> ||
                       std::is_same_v<I, std::uint8_t> || std::is_same_v<I, std::uint16_t> ||
                       std::is_same_v<I, std::uint32_t> || std::is_same_v<I, std::uint64_t>;

__extension__ typedef __int128 int128_t;

// NumPy's checks of integers' bounds, in its order: low against I's range, high against it, then
// low against high; `high` is exclusive unless `endpoint`.
template <class I>
void check_low(int128_t low) {
    if (low < int128_t(std::numeric_limits<I>::min())) bad("integers", std::string("low is out of bounds for ") + loom::detail::type_name<I>());
}
template <class I>
void check_high(int128_t high, bool endpoint) {
    if (high - (endpoint ? 0 : 1) > int128_t(std::numeric_limits<I>::max()))
        bad("integers", std::string("high is out of bounds for ") + loom::detail::type_name<I>());
}
inline void check_order(int128_t low, int128_t high, bool endpoint) {
    if (low > high - (endpoint ? 0 : 1)) bad("integers", endpoint ? "low > high" : "low >= high");
}
// [low, high) or [low, high] checked, as the closed bounds.
template <class I>
std::pair<int128_t, int128_t> int_bounds(int128_t low, int128_t high, bool endpoint) {
    check_low<I>(low);
    check_high<I>(high, endpoint);
    check_order(low, high, endpoint);
    return {low, high - (endpoint ? 0 : 1)};
}

// One draw of I in the closed [low, high], as NumPy's bounded generators for I's width.
template <class I, class G>
I bounded_int(G& g, int128_t low, int128_t high, word_buffer& wb) {
    if constexpr (std::is_same_v<I, bool>) {
        if (high == low) return low != 0;
        return wb.template next<1>(g) != 0;
    } else {
        using U = std::make_unsigned_t<I>;
        const U off = static_cast<U>(static_cast<I>(low)), rng = static_cast<U>(static_cast<U>(high) - off);
        return static_cast<I>(bounded<U>(g, off, rng, wb));
    }
}

}  // namespace detail

//! NumPy's `Generator` over the bit generator `BG` (pcg64, pcg64dxsm or philox): for the same seed, the
//! same draws as NumPy 1.24, in C order. Each draw has a form returning a number and one taking a
//! shape and returning an array; parameters may be loom arrays or expressions, broadcast as NumPy's.
//!   auto rng = loom::random::default_rng(42);
//!   loom::array<double> x = rng.standard_normal({1000});
//!   double u = rng.random();
template <class BG>
class generator {
public:
    using bit_generator_type = BG;

    explicit generator(BG bg) : bg_(std::move(bg)) {}

    BG& bit_generator() noexcept { return bg_; }
    const BG& bit_generator() const noexcept { return bg_; }

    //! `n` independent generators seeded by the children of this one's seed_sequence (`Generator.spawn`).
    std::vector<generator> spawn(std::size_t n) {
        if (!bg_.seq) throw std::invalid_argument("loom::random::spawn: the bit generator has no seed_sequence");
        std::vector<generator> out;
        for (auto& child : bg_.seq->spawn(n)) out.emplace_back(BG(std::move(child)));
        return out;
    }
    //! A generator whose bit generator is this one's jumped `jumps` times (`bit_generator.jumped`).
    generator jumped(std::uint64_t jumps = 1) const { return generator(bg_.jumped(jumps)); }

    // ---- uniform draws ----

    //! A double in [0, 1) of 53 random bits (`random()`); `random<float>()` as NumPy's float32 (24 bits).
    template <class T = double>
    T random() {
        static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>, "random<T>: T is double or float");
        if constexpr (std::is_same_v<T, double>) return bg_.next_double();
        else return detail::next_float(bg_);
    }
    //! Large float64 fills from a PCG bit generator run on threads: each thread jumps its copy of the
    //! stream (`advance`) to its first element, so the array is the one-thread stream's.
    template <class T = double>
    array<T> random(const shape_t& size) {
        if constexpr (std::is_same_v<T, double> && requires(BG b) { b.advance(uint128_t(1)); }) {
            const std::size_t n = size_of(size);
            const std::size_t chunk = std::size_t(1) << 16;
            const std::size_t chunks = (n + chunk - 1) / chunk;
            const int threads = loom::detail::threads_for(n * 8, chunks);
            if (threads > 1) {
                array<double> out = detail::uninitialized<double>(size);
                double* o = out.data();
                const BG start = bg_;
                loom::detail::parallel_chunks(chunks, threads, [&](std::size_t c) {
                    BG g = start;
                    g.advance(uint128_t(c * chunk));
                    detail::pcg_fill_double(g.engine, o + c * chunk, std::min(n, (c + 1) * chunk) - c * chunk);
                });
                const auto half = bg_.state();  // advance empties the 32-bit half buffer, which random() keeps
                bg_.advance(uint128_t(n));
                auto st = bg_.state();
                st.has_uint32 = half.has_uint32;
                st.uinteger = half.uinteger;
                bg_.set_state(st);
                return out;
            }
            array<double> out = detail::uninitialized<double>(size);
            detail::pcg_fill_double(bg_.engine, out.data(), n);
            return out;
        }
        return fill<T>(size, [](auto& e) {
            if constexpr (std::is_same_v<T, double>) return e.next_double();
            else return detail::next_float(e);
        });
    }

    //! Integers in [low, high) (or [low, high] with `endpoint`) of type I (int64 by default), by NumPy's
    //! Lemire method and buffering for I's width. `integers(high)` draws from [0, high).
    template <detail::draw_integer I = std::int64_t, std::integral L, std::integral H, std::same_as<bool> E>
    I integers(L low, H high, E endpoint) {  // E deduced: `integers(0, 9, {4})` never reads {4} as a bool
        const auto [lo, hi] = detail::int_bounds<I>(low, high, endpoint);
        detail::word_buffer wb;
        return detail::bounded_int<I>(bg_, lo, hi, wb);
    }
    template <detail::draw_integer I = std::int64_t, std::integral L, std::integral H>
    I integers(L low, H high) {
        return integers<I>(low, high, false);
    }
    template <detail::draw_integer I = std::int64_t, std::integral H>
    I integers(H high) {
        return integers<I>(0, high);
    }
    template <detail::draw_integer I = std::int64_t, std::integral L, std::integral H>
    array<I> integers(L low, H high, const shape_t& size, bool endpoint = false) {
        if (size_of(size) == 0) return array<I>(size);  // as NumPy: no draw, and no check of the bounds
        const auto bounds = detail::int_bounds<I>(low, high, endpoint);
        const detail::int128_t lo = bounds.first, hi = bounds.second;
        detail::word_buffer wb;  // one call's 8- and 16-bit draws share 32-bit words, as NumPy's fill
        if constexpr (std::is_same_v<I, bool>) {
            return fill<I>(size, [&](auto& e) { return detail::bounded_int<I>(e, lo, hi, wb); });
        } else {
            using U = std::make_unsigned_t<I>;
            const U off = static_cast<U>(static_cast<I>(lo)), rng = static_cast<U>(static_cast<U>(hi) - off);
            array<I> out = detail::uninitialized<I>(size);
            auto e = bg_.engine;  // in registers for the loop
            detail::bounded_fill<U>(e, off, rng, reinterpret_cast<U*>(out.data()), out.size(), wb);
            bg_.engine = e;
            return out;
        }
    }
    //! Bounds that are loom arrays (of int64 values), broadcast against each other and `size`.
    template <detail::draw_integer I = std::int64_t, detail::param L, detail::param H>
        requires(!detail::all_numbers<L, H>)
    array<I> integers(const L& low, const H& high, std::optional<shape_t> size = std::nullopt, bool endpoint = false) {
        if (size && size_of(*size) == 0) return array<I>(*size);  // as NumPy: no draw, no check
        detail::param_values<std::int64_t> lo(low), hi(high);
        lo.each([](std::int64_t v) { detail::check_low<I>(v); });
        hi.each([&](std::int64_t v) { detail::check_high<I>(v, endpoint); });
        const std::size_t pairs = size_of(detail::output_shape(std::nullopt, lo, hi));
        for (std::size_t i = 0; i < pairs; ++i) detail::check_order(lo[i], hi[i], endpoint);
        const shape_t s = detail::output_shape(size, lo, hi);
        detail::word_buffer wb;
        std::size_t i = 0;
        return fill<I>(s, [&](auto& e) {
            const std::size_t k = i++;
            return detail::bounded_int<I>(e, lo[k], hi[k] - (endpoint ? 0 : 1), wb);
        });
    }

    //! `low + (high - low) * random()`; high - low must be finite and not negative.
    template <detail::param L = double, detail::param H = double>
    auto uniform(const L& low = 0.0, const H& high = 1.0) {
        if constexpr (detail::all_numbers<L, H>) {
            const double range = double(high) - double(low);
            if (!std::isfinite(range)) detail::bad("uniform", "high - low range exceeds valid bounds");
            check_range("uniform", range);
            return uniform_one(bg_, double(low), range);
        } else {
            return draw_uniform(std::nullopt, low, high);
        }
    }
    template <detail::param L, detail::param H>
    array<double> uniform(const L& low, const H& high, const shape_t& size) {
        return draw_uniform(size, low, high);
    }

    // ---- normal and exponential (NumPy's 256-box ziggurat) ----

    //! A standard normal draw; `standard_normal<float>` with NumPy's float32 ziggurat.
    template <class T = double>
    T standard_normal() {
        static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>, "standard_normal<T>: T is double or float");
        if constexpr (std::is_same_v<T, double>) return detail::standard_normal(bg_);
        else return detail::standard_normal_f(bg_);
    }
    template <class T = double>
    array<T> standard_normal(const shape_t& size) {
        return fill<T>(size, [](auto& e) {
            if constexpr (std::is_same_v<T, double>) return detail::standard_normal(e);
            else return detail::standard_normal_f(e);
        });
    }
    //! `loc + scale * standard_normal()`; scale must not be negative.
    template <detail::param L = double, detail::param S = double>
    auto normal(const L& loc = 0.0, const S& scale = 1.0) {
        return draw2<double>("normal", loc, scale, no_check, check_scale, normal_one);
    }
    template <detail::param L, detail::param S>
    array<double> normal(const L& loc, const S& scale, const shape_t& size) {
        return draw2<double>("normal", size, loc, scale, no_check, check_scale, normal_one);
    }

    template <class T = double>
    T standard_exponential() {
        static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>, "standard_exponential<T>: T is double or float");
        if constexpr (std::is_same_v<T, double>) return detail::standard_exponential(bg_);
        else return detail::standard_exponential_f(bg_);
    }
    template <class T = double>
    array<T> standard_exponential(const shape_t& size) {
        return fill<T>(size, [](auto& e) {
            if constexpr (std::is_same_v<T, double>) return detail::standard_exponential(e);
            else return detail::standard_exponential_f(e);
        });
    }
    //! `scale * standard_exponential()`; scale must not be negative.
    template <detail::param S = double>
    auto exponential(const S& scale = 1.0) {
        return draw1<double>("exponential", scale, check_scale, exponential_one);
    }
    template <detail::param S>
    array<double> exponential(const S& scale, const shape_t& size) {
        return draw1<double>("exponential", size, scale, check_scale, exponential_one);
    }

    // ---- gamma, beta, binomial, poisson ----

    template <detail::param K>
    auto standard_gamma(const K& shape) {
        return draw1<double>("standard_gamma", shape, check_shape, standard_gamma_one);
    }
    template <detail::param K>
    array<double> standard_gamma(const K& shape, const shape_t& size) {
        return draw1<double>("standard_gamma", size, shape, check_shape, standard_gamma_one);
    }
    //! `scale * standard_gamma(shape)` (Marsaglia and Tsang; Johnk below shape 1); neither negative.
    template <detail::param K, detail::param S = double>
    auto gamma(const K& shape, const S& scale = 1.0) {
        return draw2<double>("gamma", shape, scale, check_shape, check_scale, gamma_one);
    }
    template <detail::param K, detail::param S>
    array<double> gamma(const K& shape, const S& scale, const shape_t& size) {
        return draw2<double>("gamma", size, shape, scale, check_shape, check_scale, gamma_one);
    }
    //! Beta(a, b): Johnk's algorithm when both are at most 1, else a ratio of gammas; a, b > 0.
    template <detail::param A, detail::param B>
    auto beta(const A& a, const B& b) {
        return draw2<double>("beta", a, b, check_a, check_b, beta_one);
    }
    template <detail::param A, detail::param B>
    array<double> beta(const A& a, const B& b, const shape_t& size) {
        return draw2<double>("beta", size, a, b, check_a, check_b, beta_one);
    }
    //! Binomial(n, p) as int64: inversion when n p <= 30, else BTPE; n >= 0, p in [0, 1].
    template <detail::param N, detail::param P>
    auto binomial(const N& n, const P& p) {
        if constexpr (detail::all_numbers<N, P>) {
            check_binomial(static_cast<std::int64_t>(n), double(p));
            return detail::binomial(bg_, double(p), static_cast<std::int64_t>(n));
        } else {
            return draw_binomial(std::nullopt, n, p);
        }
    }
    template <detail::param N, detail::param P>
    array<std::int64_t> binomial(const N& n, const P& p, const shape_t& size) {
        return draw_binomial(size, n, p);
    }
    //! Poisson(lam) as int64: multiplication of uniforms below 10, else PTRS; 0 <= lam <= ~9.2e18.
    template <detail::param L = double>
    auto poisson(const L& lam = 1.0) {
        return draw1<std::int64_t>("poisson", lam, check_poisson, poisson_one);
    }
    template <detail::param L>
    array<std::int64_t> poisson(const L& lam, const shape_t& size) {
        return draw1<std::int64_t>("poisson", size, lam, check_poisson, poisson_one);
    }

    // ---- sampling and permutations ----

    //! Draws from `arange(n)` (or from the rows of `a` along axis 0), with or without replacement,
    //! uniformly or with probabilities `p` (summing to 1), as NumPy's `choice`. Without `size`, one
    //! draw as a rank-0 array (it converts to its number).
    array<std::int64_t> choice(std::int64_t n, std::optional<shape_t> size = std::nullopt, bool replace = true) {
        return choice_of(n, size, replace, nullptr);
    }
    array<std::int64_t> choice(std::int64_t n, std::optional<shape_t> size, bool replace, std::span<const double> p) {
        return choice_of(n, size, replace, &p);
    }
    template <loom::expression X>
    auto choice(const X& a, std::optional<shape_t> size = std::nullopt, bool replace = true) {
        return choice_rows(a, size, replace, nullptr);
    }
    template <loom::expression X>
    auto choice(const X& a, std::optional<shape_t> size, bool replace, std::span<const double> p) {
        return choice_rows(a, size, replace, &p);
    }

private:
    template <class X>
    auto choice_rows(const X& a, const std::optional<shape_t>& size, bool replace, const std::span<const double>* p) {
        using T = typename std::remove_cvref_t<X>::value_type;
        const array<T> src = a;
        if (src.shape().size() == 0) detail::bad("choice", "a must be 1-dimensional or an integer");
        const auto pop = static_cast<std::int64_t>(src.shape()[0]);
        if (pop == 0 && (!size || size_of(*size) != 0))
            detail::bad("choice", "a cannot be empty unless no samples are taken");
        const array<std::int64_t> idx = choice_indices(pop, size, replace, p);
        shape_t s = idx.shape();
        for (std::size_t d = 1; d < src.shape().size(); ++d) s.push_back(src.shape()[d]);
        const std::size_t row = pop ? src.size() / static_cast<std::size_t>(pop) : 0;
        array<T> out = detail::uninitialized<T>(s);
        for (std::size_t i = 0; i < idx.size(); ++i)
            std::copy_n(src.data() + static_cast<std::size_t>(idx.data()[i]) * row, row, out.data() + i * row);
        return out;
    }
    array<std::int64_t> choice_of(std::int64_t n, const std::optional<shape_t>& size, bool replace,
                                  const std::span<const double>* p) {
        if (n <= 0 && (!size || size_of(*size) != 0))  // NumPy: choice(0) and choice(-2, (3,)) raise, choice(-2, (0,)) not
            detail::bad("choice", "a must be a positive integer unless no samples are taken");
        return choice_indices(n, size, replace, p);
    }

public:

    //! Shuffles `x` in place along `axis` (Fisher-Yates from the end, NumPy's draws).
    template <class T>
    void shuffle(array<T>& x, std::ptrdiff_t axis = 0) {
        const auto rank = static_cast<std::ptrdiff_t>(x.shape().size());
        if (rank == 0) detail::bad("shuffle", "x must have at least one dimension");
        if (axis < -rank || axis >= rank)
            throw loom::index_error("loom::random::shuffle: axis " + std::to_string(axis) + " is out of bounds for an array of rank " +
                                    std::to_string(rank));
        const auto ax = static_cast<std::size_t>(axis < 0 ? axis + rank : axis);
        const std::size_t n = x.shape()[ax];
        if (x.size() == 0) return;
        std::size_t outer = 1, inner = 1;
        for (std::size_t d = 0; d < ax; ++d) outer *= x.shape()[d];
        for (std::size_t d = ax + 1; d < x.shape().size(); ++d) inner *= x.shape()[d];
        T* base = x.data();
        for (std::size_t i = n - 1; i >= 1; --i) {
            const auto j = static_cast<std::size_t>(detail::interval(bg_, i));
            if (i == j) continue;
            for (std::size_t o = 0; o < outer; ++o) {
                T* blk = base + o * n * inner;
                std::swap_ranges(blk + i * inner, blk + (i + 1) * inner, blk + j * inner);
            }
        }
    }
    //! `arange(n)` shuffled, as int64 (empty for n <= 0, as NumPy's).
    array<std::int64_t> permutation(std::int64_t n) {
        array<std::int64_t> a = loom::arange<std::int64_t>(std::max<std::int64_t>(n, 0));
        shuffle(a);
        return a;
    }
    //! A copy of `x` with its slices along `axis` shuffled: as NumPy, a rank-1 x is shuffled itself,
    //! otherwise the indices `arange(len)` are (drawing even when x has no elements).
    template <loom::expression X>
    auto permutation(const X& x, std::ptrdiff_t axis = 0) {
        using T = typename std::remove_cvref_t<X>::value_type;
        array<T> a = x;
        const auto rank = static_cast<std::ptrdiff_t>(a.shape().size());
        if (axis < -rank || axis >= rank)
            throw loom::index_error("loom::random::permutation: axis " + std::to_string(axis) +
                                    " is out of bounds for an array of rank " + std::to_string(rank));
        if (rank == 1) {
            shuffle(a);
            return a;
        }
        const auto ax = axis < 0 ? axis + rank : axis;
        const array<std::int64_t> idx = permutation(static_cast<std::int64_t>(a.shape()[std::size_t(ax)]));
        return array<T>(loom::take(a, idx, ax));
    }
    //! `n` random bytes: the little-endian bytes of uint32 draws, as NumPy's `bytes`.
    std::string bytes(std::size_t n) {
        std::string out(n, '\0');
        if (n == 0) (void)bg_.next32();  // NumPy's count of words, (n - 1) // 4 + 1 in C division, is 1 for 0
        for (std::size_t i = 0; i < n; i += 4) {
            const std::uint32_t w = bg_.next32();
            for (std::size_t b = 0; b < 4 && i + b < n; ++b) out[i + b] = static_cast<char>((w >> (8 * b)) & 0xff);
        }
        return out;
    }

private:
    BG bg_;

    // The draws of a fill run on a copy of the engine, which stays in registers, stored back after.
    template <class T, class F>
    array<T> fill(const shape_t& size, F one) {
        array<T> out = detail::uninitialized<T>(size);
        T* o = out.data();
        auto e = bg_.engine;
        for (std::size_t i = 0, n = out.size(); i < n; ++i) o[i] = one(e);
        bg_.engine = e;
        return out;
    }

    // Draws with parameters: one number for numbers without a size; otherwise every value is checked
    // first, then the draws fill the output in C order.
    template <class R, class P1, class C, class F>
    auto draw1(const char* fn, const P1& a, C check, F one) {
        if constexpr (detail::all_numbers<P1>) {
            check(fn, double(a));
            return R(one(bg_, double(a)));
        } else {
            return draw1<R>(fn, std::nullopt, a, check, one);
        }
    }
    template <class R, class P1, class C, class F>
    array<R> draw1(const char* fn, const std::optional<shape_t>& size, const P1& a, C check, F one) {
        detail::param_values<double> pa(a);
        pa.each([&](double v) { check(fn, v); });  // every value given, before broadcasting, as NumPy
        const shape_t s = detail::output_shape(size, pa);
        std::size_t i = 0;
        return fill<R>(s, [&](auto& e) { return one(e, pa[i++]); });
    }
    template <class R, class P1, class P2, class CA, class CB, class F>
    auto draw2(const char* fn, const P1& a, const P2& b, CA check_a, CB check_b, F one) {
        if constexpr (detail::all_numbers<P1, P2>) {
            check_a(fn, double(a));
            check_b(fn, double(b));
            return R(one(bg_, double(a), double(b)));
        } else {
            return draw2<R>(fn, std::nullopt, a, b, check_a, check_b, one);
        }
    }
    template <class R, class P1, class P2, class CA, class CB, class F>
    array<R> draw2(const char* fn, const std::optional<shape_t>& size, const P1& a, const P2& b, CA check_a, CB check_b,
                   F one) {
        detail::param_values<double> pa(a), pb(b);
        return draw_values<R>(fn, size, pa, pb, check_a, check_b, one);
    }
    template <class R, class CA, class CB, class F>
    array<R> draw_values(const char* fn, const std::optional<shape_t>& size, detail::param_values<double>& pa,
                         detail::param_values<double>& pb, CA check_a, CB check_b, F one) {
        pa.each([&](double v) { check_a(fn, v); });  // every value given, each parameter in turn, as NumPy
        pb.each([&](double v) { check_b(fn, v); });
        const shape_t s = detail::output_shape(size, pa, pb);
        std::size_t i = 0;
        return fill<R>(s, [&](auto& e) {
            const std::size_t k = i++;
            return one(e, pa[k], pb[k]);
        });
    }
    // NumPy's uniform: the range high - low (broadcast), checked finite and not negative, then low + range u.
    template <class L, class H>
    array<double> draw_uniform(const std::optional<shape_t>& size, const L& low, const H& high) {
        detail::param_values<double> pl(low), ph(high);
        const shape_t both = detail::output_shape(std::nullopt, pl, ph);
        detail::param_values<double> pr(0.0);
        if (pl.is_number && ph.is_number) {
            pr.number = ph.number - pl.number;
        } else {
            array<double> r = detail::uninitialized<double>(both);
            for (std::size_t i = 0; i < r.size(); ++i) r.data()[i] = ph[i] - pl[i];
            pr.values = std::move(r);
            pr.is_number = false;
        }
        pr.each([](double v) {
            if (!std::isfinite(v)) detail::bad("uniform", "high - low range exceeds valid bounds");
        });
        return draw_values<double>("uniform", size, pl, pr, no_check, check_range, uniform_one);
    }
    template <class N, class P>
    array<std::int64_t> draw_binomial(const std::optional<shape_t>& size, const N& n, const P& p) {
        detail::param_values<std::int64_t> pn(n);
        detail::param_values<double> pp(p);
        pp.each([](double v) { detail::in_0_1("binomial", "p", v); });
        pn.each([](std::int64_t v) {
            if (v < 0) detail::bad("binomial", "n < 0");
        });
        const shape_t s = detail::output_shape(size, pp, pn);
        array<std::int64_t> out = detail::uninitialized<std::int64_t>(s);
        for (std::size_t i = 0; i < out.size(); ++i) out.data()[i] = detail::binomial(bg_, pp[i], pn[i]);
        return out;
    }
    static void check_binomial(std::int64_t n, double p) {
        detail::in_0_1("binomial", "p", p);
        if (n < 0) detail::bad("binomial", "n < 0");
    }

    static void no_check(const char*, double) {}
    static void check_scale(const char* fn, double s) { detail::non_negative(fn, "scale", s); }
    static void check_shape(const char* fn, double k) { detail::non_negative(fn, "shape", k); }
    static void check_a(const char* fn, double a) { detail::positive(fn, "a", a); }
    static void check_b(const char* fn, double b) { detail::positive(fn, "b", b); }
    static void check_range(const char* fn, double range) { detail::non_negative(fn, "high - low", range); }
    static void check_poisson(const char* fn, double lam) {
        if (!(lam >= 0)) detail::bad(fn, "lam < 0 or lam is NaN");
        if (!(lam <= poisson_lam_max)) detail::bad(fn, "lam value too large");
    }
    static constexpr double poisson_lam_max =
        9223372036854775807.0 - 30370004999.760498;  // NumPy's: int64 max - 10 sqrt(int64 max), in double

    // One draw with its parameters, on a bit generator or an engine.
    static constexpr auto uniform_one = [](auto& g, double low, double range) { return detail::uniform(g, low, range); };
    static constexpr auto normal_one = [](auto& g, double loc, double scale) { return detail::normal(g, loc, scale); };
    static constexpr auto exponential_one = [](auto& g, double scale) { return scale * detail::standard_exponential(g); };
    static constexpr auto standard_gamma_one = [](auto& g, double k) { return detail::standard_gamma(g, k); };
    static constexpr auto gamma_one = [](auto& g, double k, double scale) { return scale * detail::standard_gamma(g, k); };
    static constexpr auto beta_one = [](auto& g, double a, double b) { return detail::beta(g, a, b); };
    static constexpr auto poisson_one = [](auto& g, double lam) { return detail::poisson(g, lam); };

    // NumPy's choice on arange(pop): the checks, then its four ways of drawing the indices.
    array<std::int64_t> choice_indices(std::int64_t pop, const std::optional<shape_t>& size, bool replace,
                                       const std::span<const double>* given_p) {
        const bool with_p = given_p != nullptr;
        const std::span<const double> p = with_p ? *given_p : std::span<const double>();
        if (with_p) {
            if (static_cast<std::int64_t>(p.size()) != pop) detail::bad("choice", "a and p must have same size");
            double sum = p.empty() ? 0.0 : p[0], c = 0.0;  // Kahan's sum, as NumPy
            for (std::size_t i = 1; i < p.size(); ++i) {
                const double y = p[i] - c, t = sum + y;
                c = (t - sum) - y;
                sum = t;
            }
            if (std::isnan(sum)) detail::bad("choice", "probabilities contain NaN");
            for (double v : p)
                if (v < 0) detail::bad("choice", "probabilities are not non-negative");
            if (std::fabs(sum - 1.) > 1.4901161193847656e-08) detail::bad("choice", "probabilities do not sum to 1");
        }
        const shape_t shape = size ? *size : shape_t{};
        const std::size_t n = size_of(shape);
        array<std::int64_t> idx = detail::uninitialized<std::int64_t>(shape);
        std::int64_t* out = idx.data();
        auto cdf_of = [](std::vector<double>& cdf, const std::vector<double>& w) {
            cdf.resize(w.size());
            double acc = 0;
            for (std::size_t i = 0; i < w.size(); ++i) cdf[i] = acc += w[i];
            const double last = cdf.back();
            for (double& v : cdf) v /= last;
        };
        auto search = [](const std::vector<double>& cdf, double u) {
            return static_cast<std::int64_t>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
        };
        if (replace) {
            if (with_p) {
                std::vector<double> cdf;
                cdf_of(cdf, std::vector<double>(p.begin(), p.end()));
                std::vector<double> u(n);
                for (double& v : u) v = bg_.next_double();
                for (std::size_t i = 0; i < n; ++i) out[i] = search(cdf, u[i]);
            } else if (n) {
                detail::word_buffer wb;
                const auto rng = static_cast<std::uint64_t>(pop - 1);
                for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::int64_t>(detail::bounded<std::uint64_t>(bg_, 0, rng, wb));
            }
            return idx;
        }
        if (static_cast<std::int64_t>(n) > pop)
            detail::bad("choice", "Cannot take a larger sample than population when replace is False");
        if (with_p) {
            std::size_t nonzero = 0;
            for (double v : p) nonzero += v > 0;
            if (nonzero < n) detail::bad("choice", "Fewer non-zero entries in p than size");
            std::vector<double> w(p.begin(), p.end()), cdf, x;
            std::size_t found = 0;
            while (found < n) {
                x.resize(n - found);
                for (double& v : x) v = bg_.next_double();
                for (std::size_t i = 0; i < found; ++i) w[static_cast<std::size_t>(out[i])] = 0;
                cdf_of(cdf, w);
                std::vector<std::int64_t> fresh;  // the new indices, each once, in order of first appearance
                std::unordered_set<std::int64_t> seen;
                for (double u : x) {
                    const std::int64_t k = search(cdf, u);
                    if (seen.insert(k).second) fresh.push_back(k);
                }
                for (std::int64_t k : fresh) out[found++] = k;
            }
            return idx;
        }
        const auto size_i = static_cast<std::int64_t>(n);
        auto shuffle_int = [&](std::int64_t* data, std::int64_t len, std::int64_t first) {
            detail::word_buffer wb;
            for (std::int64_t i = len - 1; i >= first; --i) {
                const auto j = static_cast<std::int64_t>(detail::bounded<std::uint64_t>(bg_, 0, static_cast<std::uint64_t>(i), wb));
                std::swap(data[i], data[j]);
            }
        };
        if (pop > 10000 && size_i > pop / 50) {  // shuffle the tail of arange(pop)
            std::vector<std::int64_t> all(static_cast<std::size_t>(pop));
            for (std::int64_t i = 0; i < pop; ++i) all[static_cast<std::size_t>(i)] = i;
            shuffle_int(all.data(), pop, std::max<std::int64_t>(pop - size_i, 1));
            std::copy(all.end() - size_i, all.end(), out);
            return idx;
        }
        std::unordered_set<std::int64_t> taken;  // Floyd's algorithm, then a shuffle
        detail::word_buffer wb;
        for (std::int64_t j = pop - size_i; j < pop; ++j) {
            const auto v = static_cast<std::int64_t>(detail::bounded<std::uint64_t>(bg_, 0, static_cast<std::uint64_t>(j), wb));
            std::int64_t pick = v;
            if (!taken.insert(v).second) {  // v was drawn before: take j, new by construction
                taken.insert(j);
                pick = j;
            }
            out[j - pop + size_i] = pick;
        }
        shuffle_int(out, size_i, 1);
        return idx;
    }
};

//! A generator over PCG64 seeded as `np.random.default_rng(seed)`.
template <std::integral I>
generator<pcg64> default_rng(I seed) {
    return generator<pcg64>(pcg64(seed_sequence(seed)));
}
inline generator<pcg64> default_rng(std::initializer_list<std::uint64_t> seed) {
    return generator<pcg64>(pcg64(seed_sequence(seed)));
}
inline generator<pcg64> default_rng(seed_sequence seq) { return generator<pcg64>(pcg64(std::move(seq))); }

}  // namespace loom::random

#if defined(__clang__)
#pragma float_control(pop)
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif
