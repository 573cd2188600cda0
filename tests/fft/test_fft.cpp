// tests/fft/test_fft.cpp: loom::fft (<loom/fft.hpp>) against a naive DFT in long double and NumPy's
// rules. The transforms are checked against the sum X_k = sum_j x_j exp(-2 pi i j k / n) (roots and
// sums in long double, the angle reduced mod n), by the relative L2 error |got - want|_2 / |want|_2 <=
// 5 eps log2(n + 1): eps of the type the transform computes in (2.2e-16 double, 1.2e-7 float); each
// lane alone for the 1-D functions, the whole array for the n-D ones; a composition (round trips,
// fftn) gets the sum of its transforms' bounds. An FFT's error grows as eps log n; 5 leaves room for
// the roots' and the scaling's roundings and for Bluestein's three transforms of about 2n (the worst
// seen is about a tenth of it). Every bin up to n = 1100; above (2003, 2018, 2187, 4096) about 200
// bins, to keep the O(n^2) sums short at -O0 under the sanitizers.
// Covered: every length 1..160 and 256, 512, 1000, 1024, 1088, 1009, 2003, 2018, 2187, 4096 in
// double, 1..64 and a dozen larger ones in float; complex, real, integer and bool input; the round
// trips; rfft against fft; irfft's dropped imaginary parts; n cropping and padding; the three norms of
// each function; the axes of 2-D, 3-D and 4-D arrays; every layout (views, transposed, stepped and
// reversed slices, adapted memory, expressions) giving a contiguous copy's bits; batches within the
// bound of each row's reference; fftn, ifftn, rfftn, irfftn (and the 2-D ones) against composed 1-D transforms in NumPy's
// order and the reference; fftfreq, rfftfreq, fftshift and ifftshift against NumPy's values; empty
// batches; operands left unchanged; plans rebuilt; the same bits on 1 and 2 threads; the errors and
// their messages.
// LOOM_FFT_RATIOS=1 in the environment prints the worst error / bound of each kind of check at exit.
#include <catch2/catch.hpp>

#include <loom/fft.hpp>

#include "../support/reference.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace {

namespace lf = loom::fft;
using loom::shape_t;
using cd = std::complex<double>;
using cf = std::complex<float>;
using ld = long double;
using cld = std::complex<long double>;
using sizes = std::vector<std::size_t>;
using axis_list = std::vector<std::ptrdiff_t>;
using Catch::Matchers::Contains;
constexpr auto none = std::nullopt;
constexpr lf::norm all_norms[] = {lf::norm::backward, lf::norm::ortho, lf::norm::forward};

// ---------------------------------------------------------------------------------------------
// The reference: the DFT by its definition in long double.

// exp(-2 pi i k / n) (exp(+2 pi i k / n) for the inverse), k reduced mod n before the angle is formed.
cld unit_root(std::size_t k, std::size_t n, bool inverse) {
    constexpr ld two_pi = 6.283185307179586476925286766559005768L;
    const ld a = two_pi * static_cast<ld>(k % n) / static_cast<ld>(n);
    return {std::cos(a), inverse ? std::sin(a) : -std::sin(a)};
}

// X_k = sum_j x_j exp(-+2 pi i j k / n), unnormalised, for each k of `bins`: O(n) a bin (raw
// pointers: the suite builds at -O0, where a vector's operator[] is a call).
std::vector<cld> dft_at(const std::vector<cld>& x, const std::vector<std::size_t>& bins, bool inverse = false) {
    const std::size_t n = x.size();
    std::vector<ld> w(2 * n), xs(2 * n);
    for (std::size_t k = 0; k < n; ++k) {
        const cld r = unit_root(k, n, inverse);
        w[2 * k] = r.real();
        w[2 * k + 1] = r.imag();
        xs[2 * k] = x[k].real();
        xs[2 * k + 1] = x[k].imag();
    }
    const ld* pw = w.data();
    const ld* px = xs.data();
    std::vector<cld> out(bins.size());
    for (std::size_t b = 0; b < bins.size(); ++b) {
        const std::size_t k = bins[b];
        ld sr = 0, si = 0;
        std::size_t jk = 0;  // j k mod n
        for (std::size_t j = 0; j < n; ++j) {
            const ld xr = px[2 * j], xi = px[2 * j + 1], c = pw[2 * jk], sn = pw[2 * jk + 1];
            sr += xr * c - xi * sn;
            si += xr * sn + xi * c;
            jk += k;
            if (jk >= n) jk -= n;
        }
        out[b] = {sr, si};
    }
    return out;
}

std::vector<std::size_t> all_bins(std::size_t n) {
    std::vector<std::size_t> b(n);
    for (std::size_t k = 0; k < n; ++k) b[k] = k;
    return b;
}

// The whole DFT, O(n^2).
std::vector<cld> dft(const std::vector<cld>& x, bool inverse = false) { return dft_at(x, all_bins(x.size()), inverse); }

// x cropped or padded with zeros to n.
std::vector<cld> resized(std::vector<cld> x, std::size_t n) {
    x.resize(n);
    return x;
}

// rfft's: the first n / 2 + 1 numbers of the DFT of x cropped or padded to n.
std::vector<cld> rdft(const std::vector<cld>& x, std::size_t n) {
    std::vector<cld> X = dft(resized(x, n));
    X.resize(n / 2 + 1);
    return X;
}

// irfft's, unnormalised: the inverse DFT of the Hermitian sequence of length n whose first n / 2 + 1
// numbers are X's (cropped or padded), the imaginary parts of X_0 and (n even) X_{n/2} dropped.
std::vector<cld> irdft(const std::vector<cld>& X, std::size_t n) {
    const std::vector<cld> half = resized(X, n / 2 + 1);
    std::vector<cld> h(n);
    h[0] = half[0].real();
    for (std::size_t k = 1; k <= n / 2; ++k) {
        h[k] = half[k];
        h[n - k] = std::conj(half[k]);
    }
    if (n % 2 == 0) h[n / 2] = half[n / 2].real();
    std::vector<cld> x = dft(h, true);
    for (cld& v : x) v = v.real();
    return x;
}

std::vector<cld> conj_of(std::vector<cld> x) {
    for (cld& v : x) v = std::conj(v);
    return x;
}

// The factor a norm puts on a transform of length n (NumPy's): 1, 1 / sqrt(n) or 1 / n.
ld factor(lf::norm nm, bool inverse, std::size_t n) {
    if (nm == lf::norm::ortho) return 1 / std::sqrt(static_cast<ld>(n));
    return (inverse ? nm == lf::norm::backward : nm == lf::norm::forward) ? 1 / static_cast<ld>(n) : ld(1);
}

std::vector<cld> scaled(std::vector<cld> x, ld f) {
    for (cld& v : x) v *= f;
    return x;
}

// An array's values in long double, row-major, and its shape.
struct ref_array {
    shape_t shape;
    std::vector<cld> v;
};

template <class T>
ref_array ref_of(const loom::array<T>& a) {
    ref_array r{a.shape(), std::vector<cld>(a.size())};
    for (std::size_t i = 0; i < a.size(); ++i) {
        if constexpr (loom::is_complex_v<T>) r.v[i] = {ld(a.data()[i].real()), ld(a.data()[i].imag())};
        else r.v[i] = ld(a.data()[i]);
    }
    return r;
}

std::size_t axis_index(std::ptrdiff_t axis, std::size_t rank) {
    return static_cast<std::size_t>(axis < 0 ? axis + static_cast<std::ptrdiff_t>(rank) : axis);
}

// f (a lane along `axis` -> a lane of f's length) applied to every lane.
template <class F>
ref_array along(const ref_array& x, std::ptrdiff_t axis, F f) {
    const std::size_t a = axis_index(axis, x.shape.size()), len = x.shape[a];
    std::size_t outer = 1, inner = 1;
    for (std::size_t d = 0; d < x.shape.size(); ++d) {
        if (d < a) outer *= x.shape[d];
        if (d > a) inner *= x.shape[d];
    }
    ref_array r{x.shape, {}};
    r.shape[a] = f(std::vector<cld>(len)).size();
    const std::size_t m = r.shape[a];
    r.v.resize(outer * m * inner);
    std::vector<cld> lane(len);
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t i = 0; i < inner; ++i) {
            for (std::size_t j = 0; j < len; ++j) lane[j] = x.v[(o * len + j) * inner + i];
            const std::vector<cld> y = f(lane);
            for (std::size_t j = 0; j < m; ++j) r.v[(o * m + j) * inner + i] = y[j];
        }
    return r;
}

// The references of the six 1-D functions along an axis: length n (NumPy's default when empty), norm nm.
ref_array ref_fft(const ref_array& x, std::optional<std::size_t> n, std::ptrdiff_t axis, lf::norm nm, bool inverse) {
    const std::size_t len = n.value_or(x.shape[axis_index(axis, x.shape.size())]);
    return along(x, axis, [&](const std::vector<cld>& v) { return scaled(dft(resized(v, len), inverse), factor(nm, inverse, len)); });
}
ref_array ref_rfft(const ref_array& x, std::optional<std::size_t> n, std::ptrdiff_t axis, lf::norm nm) {
    const std::size_t len = n.value_or(x.shape[axis_index(axis, x.shape.size())]);
    return along(x, axis, [&](const std::vector<cld>& v) { return scaled(rdft(v, len), factor(nm, false, len)); });
}
std::size_t default_real_length(const ref_array& x, std::ptrdiff_t axis) {
    return 2 * (x.shape[axis_index(axis, x.shape.size())] - 1);
}
ref_array ref_irfft(const ref_array& x, std::optional<std::size_t> n, std::ptrdiff_t axis, lf::norm nm) {
    const std::size_t len = n.value_or(default_real_length(x, axis));
    return along(x, axis, [&](const std::vector<cld>& v) { return scaled(irdft(v, len), factor(nm, true, len)); });
}
// hfft(x, n) = irfft(conj(x), n) with the norm's direction swapped: backward leaves it unscaled.
ref_array ref_hfft(const ref_array& x, std::optional<std::size_t> n, std::ptrdiff_t axis, lf::norm nm) {
    const std::size_t len = n.value_or(default_real_length(x, axis));
    return along(x, axis, [&](const std::vector<cld>& v) { return scaled(irdft(conj_of(v), len), factor(nm, false, len)); });
}
// ihfft(x, n) = conj(rfft(x, n)) / n for backward.
ref_array ref_ihfft(const ref_array& x, std::optional<std::size_t> n, std::ptrdiff_t axis, lf::norm nm) {
    const std::size_t len = n.value_or(x.shape[axis_index(axis, x.shape.size())]);
    return along(x, axis, [&](const std::vector<cld>& v) { return scaled(conj_of(rdft(v, len)), factor(nm, true, len)); });
}

// ---------------------------------------------------------------------------------------------
// Comparisons.

template <class T>
double eps_of() {
    return double(std::numeric_limits<loom::real_of_t<T>>::epsilon());
}

// The bound on the relative L2 error of one transform of length n computing in T's precision.
template <class T>
double bound(std::size_t n) {
    return 5 * eps_of<T>() * std::log2(double(n) + 1);
}

// The worst error / bound of each kind of check, printed at exit when LOOM_FFT_RATIOS is set.
struct worst_ratios {
    std::map<std::string, double> worst;
    void note(const std::string& what, double r) {
        double& w = worst[what];
        w = std::max(w, r);
    }
    ~worst_ratios() {
        if (!std::getenv("LOOM_FFT_RATIOS")) return;
        for (const auto& [what, r] : worst) std::printf("worst error / bound  %-28s %.3f\n", what.c_str(), r);
    }
};
worst_ratios& ratios() {
    static worst_ratios w;
    return w;
}

template <class T>
cld to_cld(const T& v) {
    if constexpr (loom::is_complex_v<T>) return {ld(v.real()), ld(v.imag())};
    else return ld(v);
}

// |got - want|_2 / |want|_2 of each lane along `axis` (the whole array as one when there is no axis),
// the largest; infinity when the shapes differ.
template <class T>
double rel_error(const loom::array<T>& got, const ref_array& want, std::optional<std::ptrdiff_t> axis) {
    if (got.shape() != want.shape) return std::numeric_limits<double>::infinity();
    const std::size_t rank = want.shape.size();
    std::size_t outer = 1, len = got.size(), inner = 1;
    if (axis) {
        const std::size_t a = axis_index(*axis, rank);
        len = want.shape[a];
        outer = inner = 1;
        for (std::size_t d = 0; d < rank; ++d) {
            if (d < a) outer *= want.shape[d];
            if (d > a) inner *= want.shape[d];
        }
    }
    double worst = 0;
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t i = 0; i < inner; ++i) {
            ld num = 0, den = 0;
            for (std::size_t j = 0; j < len; ++j) {
                const std::size_t at = (o * len + j) * inner + i;
                num += std::norm(to_cld(got.data()[at]) - want.v[at]);
                den += std::norm(want.v[at]);
            }
            const double e = den > 0 ? double(std::sqrt(num / den)) : (num > 0 ? std::numeric_limits<double>::infinity() : 0.0);
            worst = std::max(worst, e);
        }
    return worst;
}

// got within `bnd` of want (each lane along `axis` alone, or the whole array), the ratio noted under `what`.
template <class T>
void check_close(const std::string& what, const loom::array<T>& got, const ref_array& want, double bnd,
                 std::optional<std::ptrdiff_t> axis = std::nullopt) {
    INFO(what);
    CHECK(got.shape() == want.shape);
    const double r = rel_error(got, want, axis) / bnd;
    ratios().note(what, r);
    INFO("error / bound = " << r);
    CHECK(r <= 1);
}

template <class T>
bool same_bits(const loom::array<T>& a, const loom::array<T>& b) {
    return a.shape() == b.shape() && (a.size() == 0 || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

// ---------------------------------------------------------------------------------------------
// Operands.

// splitmix64: the same numbers on every platform.
struct rng {
    std::uint64_t s;
    explicit rng(std::uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ULL + 12345) {}
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    double uniform() { return double(next() >> 11) * 0x1p-52 - 1.0; }  // [-1, 1)
};

// Random values: uniform in [-1, 1) (complex: both parts), integers in [0, 100), bools.
template <class T>
loom::array<T> random_array(const shape_t& s, std::uint64_t seed) {
    rng g(seed);
    loom::array<T> a(s);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if constexpr (loom::is_complex_v<T>) {
            using R = typename T::value_type;
            const R re = R(g.uniform());
            a.data()[i] = T(re, R(g.uniform()));
        } else if constexpr (std::is_same_v<T, bool>) {
            a.data()[i] = (g.next() & 1) != 0;
        } else if constexpr (std::is_integral_v<T>) {
            a.data()[i] = static_cast<T>(g.next() % 100);
        } else {
            a.data()[i] = T(g.uniform());
        }
    }
    return a;
}

// Every length from 1 to 160 (all radices, and Bluestein's primes from 17 up) and larger ones: powers
// of 2 (512 and up go in four steps), 2^3 5^3, 17 64 (Bluestein's factor with a power of 2), 3^7, the
// primes 1009 and 2003 and 2 1009.
sizes double_lengths() {
    sizes r;
    for (std::size_t n = 1; n <= 160; ++n) r.push_back(n);
    for (std::size_t n : {256, 512, 1000, 1024, 1088, 1009, 2003, 2018, 2187, 4096}) r.push_back(n);
    return r;
}

sizes float_lengths() {
    sizes r;
    for (std::size_t n = 1; n <= 64; ++n) r.push_back(n);
    for (std::size_t n : {97, 100, 127, 128, 143, 243, 256, 1009, 1024, 2187, 4096}) r.push_back(n);
    return r;
}

// The bins the reference computes for a length: all of them up to 1100; above, to keep the O(n^2)
// sums short at -O0 under the sanitizers, the first and last 24 and about 160 spread over the rest,
// closed under k -> n - k (so ifft's and hfft's references are fft's and irfft's reversed).
sizes bins_of(std::size_t n) {
    if (n <= 1100) return all_bins(n);
    std::vector<bool> in(n, false);
    for (std::size_t k = 0; k < 24; ++k) in[k] = true;
    for (std::size_t j = 0; j < 80; ++j) in[(j * n) / 80 + (j * 7) % 11] = true;
    for (std::size_t k = 1; k < n; ++k)
        if (in[k]) in[n - k] = true;
    sizes r;
    for (std::size_t k = 0; k < n; ++k)
        if (in[k]) r.push_back(k);
    return r;
}

// A Hermitian half-spectrum of n / 2 + 1 numbers: random, the imaginary parts of X_0 and (even n)
// X_{n/2} zero (the sequence of a real signal).
template <class C>
loom::array<C> half_spectrum(std::size_t n, std::uint64_t seed) {
    loom::array<C> X = random_array<C>({n / 2 + 1}, seed);
    X.data()[0] = X.data()[0].real();
    if (n % 2 == 0) X.data()[n / 2] = X.data()[n / 2].real();
    return X;
}

// got at `bins` (the ones below `limit`) within `bnd` of want (want[i] for bins[i], times f), the
// relative L2 error's ratio noted under `what`.
template <class T>
void check_bins(const std::string& what, const loom::array<T>& got, const sizes& bins, const std::vector<cld>& want,
                ld f, std::size_t limit, double bnd) {
    INFO(what);
    REQUIRE(got.size() == limit);
    ld num = 0, den = 0;
    for (std::size_t i = 0; i < bins.size(); ++i) {
        if (bins[i] >= limit) continue;
        num += std::norm(to_cld(got.data()[bins[i]]) - want[i] * f);
        den += std::norm(want[i] * f);
    }
    const double r = double(std::sqrt(num / den)) / bnd;
    ratios().note(what, r);
    INFO("error / bound = " << r);
    CHECK(r <= 1);
}

// The laws of one length in the type T computes in: fft, ifft, rfft, irfft, hfft, ihfft against the
// reference, rfft against fft's first half, the round trips.
template <class T>
void one_length(std::size_t n) {
    using C = std::complex<T>;
    INFO("n = " << n);
    const std::string t = std::is_same_v<T, float> ? " float" : " double";
    const double b = bound<T>(n);
    const sizes bins = bins_of(n);
    sizes neg(bins.size());  // where (n - bins[i]) mod n is in bins
    for (std::size_t i = 0; i < bins.size(); ++i)
        neg[i] = std::size_t(std::lower_bound(bins.begin(), bins.end(), (n - bins[i]) % n) - bins.begin());
    const auto reversed = [&](const std::vector<cld>& v) {
        std::vector<cld> r(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) r[i] = v[neg[i]];
        return r;
    };
    const ld inv_n = 1 / static_cast<ld>(n);

    const auto x = random_array<C>({n}, n);
    const ref_array rx = ref_of(x);
    const std::vector<cld> Fx = dft_at(rx.v, bins);
    const auto X = lf::fft(x);
    static_assert(std::is_same_v<typename decltype(X)::value_type, C>);
    check_bins("fft" + t, X, bins, Fx, 1, n, b);
    check_bins("ifft" + t, lf::ifft(x), bins, reversed(Fx), inv_n, n, b);  // the inverse: X_{n-k} / n
    check_close("ifft(fft(x))" + t, lf::ifft(X), rx, 2 * b);

    const auto r = random_array<T>({n}, n + 7);
    const ref_array rr = ref_of(r);
    const std::vector<cld> Fr = dft_at(rr.v, bins);
    const auto R = lf::rfft(r);
    static_assert(std::is_same_v<typename decltype(R)::value_type, C>);
    check_bins("rfft" + t, R, bins, Fr, 1, n / 2 + 1, b);
    check_bins("fft of real" + t, lf::fft(r), bins, Fr, 1, n, b);
    check_bins("ihfft" + t, lf::ihfft(r), bins, conj_of(Fr), inv_n, n / 2 + 1, b);  // conj(rfft(x)) / n
    {  // rfft is fft's first n / 2 + 1 numbers: each within its bound of the reference
        const auto F = lf::fft(r);
        loom::array<C> head{shape_t{n / 2 + 1}};
        std::copy_n(F.data(), n / 2 + 1, head.data());
        check_close("rfft vs fft's first half" + t, R, ref_of(head), 2 * b);
    }
    const auto back = lf::irfft(R, n);
    static_assert(std::is_same_v<typename decltype(back)::value_type, T>);
    check_close("irfft(rfft(x), n)" + t, back, rr, 2 * b);
    check_close("hfft(ihfft(x), n)" + t, lf::hfft(lf::ihfft(r), n), rr, 2 * b);

    // irfft of a half-spectrum H: the inverse DFT of its Hermitian sequence h over n; hfft(H, n) is
    // the inverse DFT of conj(h), real: the same numbers reversed, unscaled
    const auto H = half_spectrum<C>(n, n + 11);
    const std::vector<cld> half = ref_of(H).v;
    std::vector<cld> h(n);
    for (std::size_t k = 0; k <= n / 2; ++k) {
        h[k] = half[k];
        h[(n - k) % n] = std::conj(half[k]);
    }
    const std::vector<cld> Ih = dft_at(h, bins, true);
    check_bins("irfft" + t, lf::irfft(H, n), bins, Ih, inv_n, n, b);
    check_bins("hfft" + t, lf::hfft(H, n), bins, reversed(Ih), 1, n, b);
}

}  // namespace

TEST_CASE("fft, ifft, rfft, irfft, hfft, ihfft in double: every length 1..160 and large ones against the naive DFT", "[fft]") {
    for (std::size_t n : double_lengths()) one_length<double>(n);
}

TEST_CASE("fft, ifft, rfft, irfft, hfft, ihfft in float: lengths 1..64 and some larger ones against the naive DFT", "[fft]") {
    for (std::size_t n : float_lengths()) one_length<float>(n);
}

TEST_CASE("irfft: the default length 2 (m - 1), odd lengths given, and the imaginary parts it ignores", "[fft]") {
    for (std::size_t n : {1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17, 33, 64, 100, 101, 1024, 1025}) {
        INFO("n = " << n);
        auto H = random_array<cd>({n / 2 + 1}, 300 + n);
        if (n % 2 == 0 && n >= 2) {
            const auto dflt = lf::irfft(H);  // m = n / 2 + 1: 2 (m - 1) = n
            CHECK(same_bits(dflt, lf::irfft(H, n)));
        }
        // the imaginary parts of X_0 and (even n) X_{n/2} are not read: the same bits with them zeroed
        auto Z = H;
        Z.data()[0] = Z.data()[0].real();
        if (n % 2 == 0) Z.data()[n / 2] = Z.data()[n / 2].real();
        const auto got = lf::irfft(H, n);
        CHECK(same_bits(got, lf::irfft(Z, n)));
        check_close("irfft", got, ref_irfft(ref_of(H), n, -1, lf::norm::backward), bound<double>(n));
        // and for an odd n the last one's imaginary part counts
        if (n % 2 == 1 && n >= 3) {
            auto W = Z;
            W.data()[n / 2] += cd(0, 1);
            CHECK_FALSE(same_bits(lf::irfft(W, n), got));
        }
        // hfft reads them the same way
        CHECK(same_bits(lf::hfft(H, n), lf::hfft(Z, n)));
    }
    // irfft(rfft(x)) for x of odd length needs n: with the default the length is even
    const auto x = random_array<double>({7}, 5);
    CHECK(lf::irfft(lf::rfft(x)).shape() == shape_t{6});
    check_close("irfft(rfft(x), n)", lf::irfft(lf::rfft(x), 7), ref_of(x), 2 * bound<double>(7));
}

TEST_CASE("n crops and pads with zeros: fft, ifft, rfft, irfft, hfft, ihfft, along the last axis and axis 0", "[fft]") {
    const auto xc = random_array<cd>({4, 12}, 11);
    const auto xr = random_array<double>({4, 12}, 12);
    const ref_array rc = ref_of(xc), rr = ref_of(xr);
    for (std::size_t n : {1, 5, 8, 11, 12, 13, 16, 24, 31, 100}) {
        INFO("n = " << n);
        const double b = bound<double>(n);
        const auto bk = lf::norm::backward;
        check_close("fft n", lf::fft(xc, n), ref_fft(rc, n, -1, bk, false), b, -1);
        check_close("ifft n", lf::ifft(xc, n), ref_fft(rc, n, -1, bk, true), b, -1);
        check_close("rfft n", lf::rfft(xr, n), ref_rfft(rr, n, -1, bk), b, -1);
        check_close("irfft n", lf::irfft(xc, n), ref_irfft(rc, n, -1, bk), b, -1);
        check_close("hfft n", lf::hfft(xc, n), ref_hfft(rc, n, -1, bk), b, -1);
        check_close("ihfft n", lf::ihfft(xr, n), ref_ihfft(rr, n, -1, bk), b, -1);
        check_close("fft n", lf::fft(xc, n, 0), ref_fft(rc, n, 0, bk, false), b, 0);
        check_close("rfft n", lf::rfft(xr, n, 0), ref_rfft(rr, n, 0, bk), b, 0);
        check_close("irfft n", lf::irfft(xc, n, 0), ref_irfft(rc, n, 0, bk), b, 0);
    }
    // cropping is the transform of the first n: the same bits as the cropped copy's
    loom::array<cd> first5 = loom::view(xc, loom::all, loom::range(0, 5));
    CHECK(same_bits(lf::fft(xc, 5), lf::fft(first5)));
}

// Padding an axis of length 0 gives zeros (no pointer is formed into the empty input).
TEST_CASE("n and s pad an empty axis with zeros", "[fft]") {
    const loom::array<cd> empty{shape_t{3, 0}};
    for (std::size_t n : {4, 1024}) {  // blocks of lanes; single transforms in four steps
        const auto z = lf::fft(empty, n);
        CHECK(z.shape() == shape_t{3, n});
        CHECK(std::all_of(z.data(), z.data() + z.size(), [](cd v) { return v == cd(0); }));
    }
    CHECK(lf::ifft(empty, 5, -1, lf::norm::ortho).shape() == shape_t{3, 5});
    const auto y = lf::irfft(empty, 6);
    CHECK(y.shape() == shape_t{3, 6});
    CHECK(std::all_of(y.data(), y.data() + y.size(), [](double v) { return v == 0; }));
    CHECK(lf::hfft(empty, 7).shape() == shape_t{3, 7});
    CHECK(lf::rfft(loom::array<double>{shape_t{2, 0}}, 5).shape() == shape_t{2, 3});
    CHECK(lf::ihfft(loom::array<double>{shape_t{2, 0}}, 5).shape() == shape_t{2, 3});
    for (std::size_t n : {8, 1024}) {
        const loom::array<cd> x{shape_t{0, n}};
        CHECK(lf::irfftn(x, sizes{4, 6}).shape() == shape_t{4, 6});  // the empty axis padded
        CHECK(lf::fft(x, 3, 0, lf::norm::ortho).shape() == shape_t{3, n});
        CHECK(lf::fftn(x, sizes{2, 3}).shape() == shape_t{2, 3});
    }
}

TEST_CASE("norm: backward, ortho and forward scale each function as NumPy's", "[fft]") {
    // 512: three rows, in blocks of lanes through the passes or alone in four steps (by the SIMD width)
    for (std::size_t n : {1, 2, 7, 16, 45, 101, 512}) {
        INFO("n = " << n);
        const double b = bound<double>(n);
        const auto x = random_array<cd>({3, n}, 40 + n);
        const auto r = random_array<double>({3, n}, 50 + n);
        const ref_array rx = ref_of(x), rr = ref_of(r);
        const auto bk = lf::norm::backward;
        // the references unscaled (backward's forward transforms), then times each norm's factor
        const ref_array F = ref_fft(rx, none, -1, bk, false), G = ref_fft(rx, none, -1, lf::norm::forward, true);
        const ref_array RF = ref_rfft(rr, none, -1, bk), IR = ref_irfft(rx, n, -1, lf::norm::forward);
        const ref_array HF = ref_hfft(rx, n, -1, bk), IH = ref_ihfft(rr, none, -1, lf::norm::forward);
        const auto times = [](ref_array a, ld f) {
            a.v = scaled(std::move(a.v), f);
            return a;
        };
        for (lf::norm nm : all_norms) {
            INFO("norm " << int(nm));
            const ld fwd = factor(nm, false, n), inv = factor(nm, true, n);
            check_close("fft norm", lf::fft(x, none, -1, nm), times(F, fwd), b, -1);
            check_close("ifft norm", lf::ifft(x, none, -1, nm), times(G, inv), b, -1);
            check_close("rfft norm", lf::rfft(r, none, -1, nm), times(RF, fwd), b, -1);
            check_close("irfft norm", lf::irfft(x, n, -1, nm), times(IR, inv), b, -1);
            check_close("hfft norm", lf::hfft(x, n, -1, nm), times(HF, fwd), b, -1);    // the direction swapped:
            check_close("ihfft norm", lf::ihfft(r, none, -1, nm), times(IH, inv), b, -1);  // hfft is a forward one
            // each pair is the identity under the same norm
            check_close("ifft(fft) norm", lf::ifft(lf::fft(x, none, -1, nm), none, -1, nm), rx, 2 * b, -1);
            check_close("irfft(rfft) norm", lf::irfft(lf::rfft(r, none, -1, nm), n, -1, nm), rr, 2 * b, -1);
            check_close("hfft(ihfft) norm", lf::hfft(lf::ihfft(r, none, -1, nm), n, -1, nm), rr, 2 * b, -1);
        }
        // hfft(x, n) = irfft(conj(x), n) n and ihfft(x) = conj(rfft(x)) / n (backward), as NumPy's docs say
        const auto conj_x = loom::array<cd>(loom::conj(x));
        const ref_array via_irfft = ref_of(loom::array<double>(lf::irfft(conj_x, n) * double(n)));
        check_close("hfft = irfft(conj) n", lf::hfft(x, n), via_irfft, 2 * b, -1);
        const ref_array via_rfft = ref_of(loom::array<cd>(loom::conj(lf::rfft(r)) / double(n)));
        check_close("ihfft = conj(rfft) / n", lf::ihfft(r), via_rfft, 2 * b, -1);
        // ortho is unitary: |fft(x)|_2 = |x|_2
        const auto o = lf::fft(x, none, -1, lf::norm::ortho);
        ld sx = 0, so = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            sx += std::norm(to_cld(x.data()[i]));
            so += std::norm(to_cld(o.data()[i]));
        }
        CHECK(double(std::abs(std::sqrt(so) - std::sqrt(sx)) / std::sqrt(sx)) <= b);
    }
}

TEST_CASE("axis: 0, 1, -1 of 2-D arrays and every axis of 3-D ones, each lane against the reference", "[fft]") {
    const auto bk = lf::norm::backward;
    for (const shape_t& s : {shape_t{6, 10}, shape_t{3, 5, 8}, shape_t{4, 1, 9}, shape_t{2, 7, 3, 4}}) {
        const auto x = random_array<cd>(s, 60 + s.size());
        const auto r = random_array<double>(s, 70 + s.size());
        const ref_array rx = ref_of(x), rr = ref_of(r);
        const auto rank = static_cast<std::ptrdiff_t>(s.size());
        for (std::ptrdiff_t axis = -rank; axis < rank; ++axis) {
            INFO("shape rank " << rank << ", axis " << axis);
            const std::size_t len = s[axis_index(axis, s.size())];
            const double b = bound<double>(len), b2 = bound<double>(2 * len);
            check_close("fft axis", lf::fft(x, none, axis), ref_fft(rx, none, axis, bk, false), b, axis);
            check_close("ifft axis", lf::ifft(x, none, axis), ref_fft(rx, none, axis, bk, true), b, axis);
            check_close("rfft axis", lf::rfft(r, none, axis), ref_rfft(rr, none, axis, bk), b, axis);
            check_close("ihfft axis", lf::ihfft(r, none, axis), ref_ihfft(rr, none, axis, bk), b, axis);
            if (len > 1) {
                check_close("irfft axis", lf::irfft(x, none, axis), ref_irfft(rx, none, axis, bk), b2, axis);
                check_close("hfft axis", lf::hfft(x, none, axis), ref_hfft(rx, none, axis, bk), b2, axis);
            }
            check_close("irfft axis", lf::irfft(x, 2 * len + 1, axis), ref_irfft(rx, 2 * len + 1, axis, bk), b2, axis);
        }
    }
    // long axes down the columns: blocks of lanes (1024, 1009, 600) and single long transforms in four
    // steps read and written at a stride (16384 x 2), each column against the reference (at bins_of's
    // bins)
    for (const shape_t& s : {shape_t{1024, 3}, shape_t{1009, 2}, shape_t{600, 5}, shape_t{16384, 2}}) {
        INFO("shape " << s[0] << " x " << s[1]);
        const std::size_t n = s[0];
        const sizes bins = bins_of(n);
        const auto x = random_array<cd>(s, 80 + n);
        const auto r = random_array<double>(s, 90 + n);
        const auto X = lf::fft(x, none, 0);
        const auto R = lf::rfft(r, none, 0);
        for (std::size_t c = 0; c < s[1]; ++c) {
            const loom::array<cd> col = loom::view(x, loom::all, c), got = loom::view(X, loom::all, c);
            check_bins("fft axis 0, long", got, bins, dft_at(ref_of(col).v, bins), 1, n, bound<double>(n));
            const loom::array<double> rcol = loom::view(r, loom::all, c);
            const loom::array<cd> rgot = loom::view(R, loom::all, c);
            check_bins("rfft axis 0, long", rgot, bins, dft_at(ref_of(rcol).v, bins), 1, n / 2 + 1, bound<double>(n));
        }
        check_close("ifft(fft) axis 0, long", lf::ifft(X, none, 0), ref_of(x), 2 * bound<double>(n), 0);
        check_close("irfft(rfft) axis 0, long", lf::irfft(R, n, 0), ref_of(r), 2 * bound<double>(n), 0);
    }
}

TEST_CASE("every layout: views, transposed, stepped and reversed slices, expressions give a contiguous copy's bits", "[fft]") {
    const auto big = random_array<cd>({12, 10}, 100);
    const auto bigr = random_array<double>({12, 10}, 101);
    const auto check_all = [](const auto& v, const auto& copy) {
        CHECK(same_bits(lf::fft(v), lf::fft(copy)));
        CHECK(same_bits(lf::ifft(v, 7, 0), lf::ifft(copy, 7, 0)));
        CHECK(same_bits(lf::irfft(v), lf::irfft(copy)));
        CHECK(same_bits(lf::hfft(v, 9, 0, lf::norm::ortho), lf::hfft(copy, 9, 0, lf::norm::ortho)));
        CHECK(same_bits(lf::fftn(v), lf::fftn(copy)));
        CHECK(same_bits(lf::ifft2(v, sizes{4, 6}), lf::ifft2(copy, sizes{4, 6})));
        CHECK(same_bits(lf::irfftn(v, sizes{5, 9}), lf::irfftn(copy, sizes{5, 9})));
        CHECK(same_bits(lf::fftshift(v), lf::fftshift(copy)));
    };
    const auto check_real = [](const auto& v, const auto& copy) {
        CHECK(same_bits(lf::fft(v, none, 0), lf::fft(copy, none, 0)));
        CHECK(same_bits(lf::rfft(v), lf::rfft(copy)));
        CHECK(same_bits(lf::rfft(v, 9, 0), lf::rfft(copy, 9, 0)));
        CHECK(same_bits(lf::ihfft(v), lf::ihfft(copy)));
        CHECK(same_bits(lf::rfftn(v), lf::rfftn(copy)));
        CHECK(same_bits(lf::rfft2(v, sizes{5, 7}), lf::rfft2(copy, sizes{5, 7})));
        CHECK(same_bits(lf::ifftshift(v, axis_list{1}), lf::ifftshift(copy, axis_list{1})));
    };
    SECTION("a stepped slice") {
        const auto v = loom::view(big, loom::range(0, loom::none, 2), loom::range(1, 9));
        check_all(v, loom::array<cd>(v));
        const auto w = loom::view(bigr, loom::range(1, loom::none, 3), loom::all);
        check_real(w, loom::array<double>(w));
    }
    SECTION("reversed slices") {
        const auto v = loom::view(big, loom::range(loom::none, loom::none, -1), loom::range(loom::none, loom::none, -2));
        check_all(v, loom::array<cd>(v));
        const auto w = loom::view(bigr, loom::range(loom::none, loom::none, -1), loom::all);
        check_real(w, loom::array<double>(w));
    }
    SECTION("transposed") {
        const auto v = loom::transpose(big);
        check_all(v, loom::array<cd>(v));
        const auto w = loom::transpose(bigr);
        check_real(w, loom::array<double>(w));
        const auto m = loom::matrix_transpose(bigr);
        check_real(m, loom::array<double>(m));
    }
    SECTION("a column and a row, 1-D") {
        const auto col = loom::view(big, loom::all, 3);
        const loom::array<cd> c = col;
        CHECK(same_bits(lf::fft(col), lf::fft(c)));
        CHECK(same_bits(lf::irfft(col, 15), lf::irfft(c, 15)));
        const auto rcol = loom::view(bigr, loom::all, 2);
        const loom::array<double> rc = rcol;
        CHECK(same_bits(lf::rfft(rcol), lf::rfft(rc)));
        CHECK(same_bits(lf::ihfft(rcol, 20), lf::ihfft(rc, 20)));
    }
    SECTION("memory adapted in place") {
        const auto v = loom::adapt(static_cast<const cd*>(big.data()), {12, 10});
        check_all(v, big);
    }
    SECTION("expressions") {
        const auto e = big * 2.0;
        check_all(e, loom::array<cd>(e));
        const auto c = loom::conj(big) + cd(1, -1);
        check_all(c, loom::array<cd>(c));
        const auto f = bigr * 2.0 - 1.0;
        check_real(f, loom::array<double>(f));
    }
}

TEST_CASE("plans: rebuilt after the cache (16 a thread) lets them go, the same bits", "[fft]") {
    const auto x = random_array<cd>({3, 100}, 280);
    const auto r = random_array<double>({2, 1009}, 281);
    const auto X = lf::fft(x);
    const auto R = lf::rfft(r);
    for (std::size_t n = 20; n < 60; ++n) (void)lf::fft(random_array<cd>({n}, n));  // 40 other plans
    CHECK(same_bits(lf::fft(x), X));
    CHECK(same_bits(lf::rfft(r), R));
}


TEST_CASE("batches: each row of a batch (and each column) within the bound of its reference", "[fft]") {
    const auto bk = lf::norm::backward;
    // all six functions, or (`all` false: to keep the O(n^2) references short) fft and rfft
    const auto rows_close = [&](std::size_t rows, std::size_t n, bool all) {
        INFO(rows << " rows of " << n);
        const auto x = random_array<cd>({rows, n}, 200 + n);
        const auto r = random_array<double>({rows, n}, 210 + n);
        const ref_array rx = ref_of(x), rr = ref_of(r);
        const double b = bound<double>(n), b2 = bound<double>(2 * n);
        check_close("fft rows", lf::fft(x), ref_fft(rx, none, -1, bk, false), b, -1);
        check_close("rfft rows", lf::rfft(r), ref_rfft(rr, none, -1, bk), b, -1);
        if (!all) return;
        check_close("ifft rows", lf::ifft(x, none, -1, lf::norm::ortho), ref_fft(rx, none, -1, lf::norm::ortho, true), b, -1);
        check_close("irfft rows", lf::irfft(x, n | 1), ref_irfft(rx, n | 1, -1, bk), b2, -1);
        check_close("hfft rows", lf::hfft(x), ref_hfft(rx, none, -1, bk), b2, -1);
        const auto xf = random_array<cf>({rows, n}, 220 + n);
        check_close("fft rows float", lf::fft(xf), ref_fft(ref_of(xf), none, -1, bk, false), bound<float>(n), -1);
    };
    // the radices, Bluestein's 127, and lengths that go in four steps alone (512, 1009's convolution, 1024)
    for (std::size_t n : {64, 100, 127, 143, 200}) rows_close(37, n, true);
    for (std::size_t n : {512, 1009, 1024}) rows_close(3, n, false);
    rows_close(1000, 64, false);
    {  // down the columns
        const auto x = random_array<cd>({96, 37}, 250);
        check_close("fft columns", lf::fft(x, none, 0), ref_fft(ref_of(x), none, 0, bk, false), bound<double>(96), 0);
        const loom::array<double> r = loom::real(x);
        check_close("rfft columns", lf::rfft(r, none, 0), ref_rfft(ref_of(r), none, 0, bk), bound<double>(96), 0);
    }
}

namespace {

// The composition NumPy 1.24 computes fftn, rfftn and irfftn by, with loom's 1-D functions: fftn
// from the last axis to the first; rfftn rfft on the last, then fft on the others first to last;
// irfftn ifft on all but the last first to last, then irfft on the last.
template <class X>
auto composed_fftn(const X& x, const sizes& s, const axis_list& ax, lf::norm nm, bool inverse) {
    loom::array<cd> a = loom::astype<cd>(x);
    for (std::size_t i = ax.size(); i-- > 0;) a = inverse ? lf::ifft(a, s[i], ax[i], nm) : lf::fft(a, s[i], ax[i], nm);
    return a;
}
loom::array<cd> composed_rfftn(const loom::array<double>& x, const sizes& s, const axis_list& ax, lf::norm nm) {
    loom::array<cd> a = lf::rfft(x, s.back(), ax.back(), nm);
    for (std::size_t i = 0; i + 1 < ax.size(); ++i) a = lf::fft(a, s[i], ax[i], nm);
    return a;
}
loom::array<double> composed_irfftn(const loom::array<cd>& x, const sizes& s, const axis_list& ax, lf::norm nm) {
    loom::array<cd> a = x;
    for (std::size_t i = 0; i + 1 < ax.size(); ++i) a = lf::ifft(a, s[i], ax[i], nm);
    return lf::irfft(a, s.back(), ax.back(), nm);
}

// The long double reference of the same compositions.
ref_array ref_fftn(ref_array a, const sizes& s, const axis_list& ax, lf::norm nm, bool inverse) {
    for (std::size_t i = ax.size(); i-- > 0;) a = ref_fft(a, s[i], ax[i], nm, inverse);
    return a;
}
ref_array ref_rfftn(ref_array a, const sizes& s, const axis_list& ax, lf::norm nm) {
    a = ref_rfft(a, s.back(), ax.back(), nm);
    for (std::size_t i = 0; i + 1 < ax.size(); ++i) a = ref_fft(a, s[i], ax[i], nm, false);
    return a;
}
ref_array ref_irfftn(ref_array a, const sizes& s, const axis_list& ax, lf::norm nm) {
    for (std::size_t i = 0; i + 1 < ax.size(); ++i) a = ref_fft(a, s[i], ax[i], nm, true);
    return ref_irfft(a, s.back(), ax.back(), nm);
}

double nd_bound(const sizes& s) {
    double b = 0;
    for (std::size_t n : s) b += bound<double>(n);
    return b;
}

// NumPy's _cook_nd_args: the axes (the last len(s), or all) and lengths (s, or the input's; irfftn's
// last 2 (m - 1)).
std::pair<sizes, axis_list> cooked(const shape_t& shape, std::optional<sizes> s, std::optional<axis_list> ax, bool inverse_real) {
    const bool shapeless = !s;
    if (!ax) {
        ax.emplace();
        const std::size_t k = s ? s->size() : shape.size();
        for (std::size_t d = shape.size() - k; d < shape.size(); ++d) ax->push_back(static_cast<std::ptrdiff_t>(d));
    }
    if (!s) {
        s.emplace();
        for (std::ptrdiff_t a : *ax) s->push_back(shape[axis_index(a, shape.size())]);
    }
    if (inverse_real && shapeless) s->back() = 2 * (shape[axis_index(ax->back(), shape.size())] - 1);
    return {*s, *ax};
}

struct nd_case {
    shape_t shape;
    std::optional<sizes> s;
    std::optional<axis_list> axes;
};

// Cases whose axes repeat only where the order of NumPy's and loom's passes cannot matter.
const std::vector<nd_case>& nd_cases() {
    static const std::vector<nd_case> cases = {
        {{4, 6, 5}, none, none},
        {{4, 6, 5}, sizes{3, 8}, none},                 // s without axes: the last two, cropped and padded
        {{4, 6, 5}, sizes{7, 2, 5}, none},
        {{4, 6, 5}, none, axis_list{0, 2}},
        {{4, 6, 5}, none, axis_list{2, 0}},             // another order
        {{4, 6, 5}, none, axis_list{-1}},
        {{4, 6, 5}, sizes{9, 3}, axis_list{-3, 1}},
        {{4, 6, 5}, none, axis_list{1, 1}},             // repeated: transformed twice
        {{4, 6, 5}, sizes{3, 7}, axis_list{0, 0}},      // repeated with lengths: 7 first, then 3 (NumPy's order)
        {{5, 9}, none, none},
        {{5, 9}, sizes{8, 8}, none},
        {{1, 17}, none, none},
        {{3, 2, 2, 5}, none, axis_list{0, 3, 1}},
        {{6}, sizes{10}, none},
        {{6}, none, none},
    };
    return cases;
}

}  // namespace

TEST_CASE("fftn, ifftn, fft2, ifft2: composed 1-D transforms in NumPy's order, bit for bit, and the reference", "[fft]") {
    for (const nd_case& c : nd_cases()) {
        const auto x = random_array<cd>(c.shape, 300 + c.shape.size());
        const auto [s, ax] = cooked(c.shape, c.s, c.axes, false);
        INFO("rank " << c.shape.size() << ", " << ax.size() << " axes, first " << ax[0] << ", s given " << bool(c.s));
        for (lf::norm nm : all_norms) {
            const auto F = lf::fftn(x, c.s, c.axes, nm);
            CHECK(same_bits(F, composed_fftn(x, s, ax, nm, false)));
            check_close("fftn", F, ref_fftn(ref_of(x), s, ax, nm, false), nd_bound(s));
            const auto G = lf::ifftn(x, c.s, c.axes, nm);
            CHECK(same_bits(G, composed_fftn(x, s, ax, nm, true)));
            check_close("ifftn", G, ref_fftn(ref_of(x), s, ax, nm, true), nd_bound(s));
        }
    }
    // fft2 and ifft2: fftn over (-2, -1) by default
    const auto x = random_array<cd>({3, 6, 10}, 320);
    CHECK(same_bits(lf::fft2(x), lf::fftn(x, none, axis_list{-2, -1})));
    CHECK(same_bits(lf::ifft2(x), lf::ifftn(x, none, axis_list{-2, -1})));
    CHECK(same_bits(lf::fft2(x, sizes{4, 12}), lf::fftn(x, sizes{4, 12}, axis_list{-2, -1})));
    CHECK(same_bits(lf::fft2(x, none, {0, 2}, lf::norm::ortho), lf::fftn(x, none, axis_list{0, 2}, lf::norm::ortho)));
    CHECK(same_bits(lf::ifft2(x, sizes{2, 3}, {2, 1}), lf::ifftn(x, sizes{2, 3}, axis_list{2, 1})));
    // the round trip
    check_close("ifftn(fftn(x))", lf::ifftn(lf::fftn(x)), ref_of(x), 2 * nd_bound({3, 6, 10}));
    // real and integer input
    const auto r = random_array<double>({5, 8}, 321);
    CHECK(same_bits(lf::fftn(r), lf::fftn(loom::array<cd>(loom::astype<cd>(r)))));
    const auto i = random_array<int>({5, 8}, 322);
    CHECK(same_bits(lf::fft2(i), lf::fft2(loom::array<cd>(loom::astype<cd>(i)))));
    // float stays float
    const auto f = random_array<float>({6, 5}, 323);
    const auto Ff = lf::fftn(f);
    static_assert(std::is_same_v<typename decltype(Ff)::value_type, cf>);
    ref_array rf = ref_of(f);
    check_close("fftn float", Ff, ref_fftn(rf, {6, 5}, {0, 1}, lf::norm::backward, false),
                bound<float>(6) + bound<float>(5));
}

TEST_CASE("rfftn, irfftn, rfft2, irfft2: composed 1-D transforms in NumPy's order and the reference", "[fft]") {
    for (const nd_case& c : nd_cases()) {
        const auto x = random_array<double>(c.shape, 400 + c.shape.size());
        const auto [s, ax] = cooked(c.shape, c.s, c.axes, false);
        INFO("rank " << c.shape.size() << ", " << ax.size() << " axes, first " << ax[0] << ", s given " << bool(c.s));
        for (lf::norm nm : all_norms) {
            const auto F = lf::rfftn(x, c.s, c.axes, nm);
            // loom transforms the other axes last to first, NumPy first to last: the same numbers
            // in another rounding where the axes differ
            check_close("rfftn vs composed", F, ref_of(composed_rfftn(x, s, ax, nm)), 2 * nd_bound(s));
            check_close("rfftn", F, ref_rfftn(ref_of(x), s, ax, nm), nd_bound(s));
        }
        // irfftn of a complex array of rfftn's shape
        const auto h = random_array<cd>(lf::rfftn(x, c.s, c.axes).shape(), 410 + c.shape.size());
        const auto [si, axi] = cooked(h.shape(), c.s, c.axes, true);
        if (si.back() == 0) continue;  // a last length of 1 without s: 2 (1 - 1) = 0 points, an error
        for (lf::norm nm : all_norms) {
            const auto G = lf::irfftn(h, c.s, c.axes, nm);
            check_close("irfftn vs composed", G, ref_of(composed_irfftn(h, si, axi, nm)), 2 * nd_bound(si));
            check_close("irfftn", G, ref_irfftn(ref_of(h), si, axi, nm), nd_bound(si));
        }
        // the round trip with the input's lengths
        if (!c.s) {
            sizes keep;
            for (std::ptrdiff_t a : ax) keep.push_back(c.shape[axis_index(a, c.shape.size())]);
            bool distinct = true;
            for (std::size_t i = 0; i < ax.size(); ++i)
                for (std::size_t j = 0; j < i; ++j) distinct = distinct && ax[i] != ax[j];
            if (distinct)
                check_close("irfftn(rfftn(x), s)", lf::irfftn(lf::rfftn(x, none, ax), keep, ax), ref_of(x), 2 * nd_bound(keep));
        }
    }
    const auto x = random_array<double>({3, 6, 10}, 420);
    CHECK(same_bits(lf::rfft2(x), lf::rfftn(x, none, axis_list{-2, -1})));
    CHECK(same_bits(lf::rfft2(x, sizes{5, 7}, {0, 1}, lf::norm::forward), lf::rfftn(x, sizes{5, 7}, axis_list{0, 1}, lf::norm::forward)));
    const auto X = lf::rfft2(x);
    CHECK(X.shape() == shape_t{3, 6, 6});
    CHECK(same_bits(lf::irfft2(X), lf::irfftn(X, none, axis_list{-2, -1})));
    CHECK(lf::irfft2(X).shape() == shape_t{3, 6, 10});
    CHECK(lf::irfft2(X, sizes{6, 11}).shape() == shape_t{3, 6, 11});
    check_close("irfft2(rfft2(x))", lf::irfft2(X), ref_of(x), 2 * nd_bound({6, 10}));
    // two axes: NumPy's order is loom's, the same bits as the composition
    CHECK(same_bits(lf::rfftn(x, none, axis_list{0, 2}), composed_rfftn(x, {3, 10}, {0, 2}, lf::norm::backward)));
    CHECK(same_bits(lf::irfftn(X, sizes{4, 10}, axis_list{1, 2}), composed_irfftn(X, {4, 10}, {1, 2}, lf::norm::backward)));
    // float stays float
    const auto f = random_array<float>({4, 9}, 421);
    const auto Rf = lf::rfftn(f);
    static_assert(std::is_same_v<typename decltype(Rf)::value_type, cf>);
    const auto back = lf::irfftn(Rf, sizes{4, 9});
    static_assert(std::is_same_v<typename decltype(back)::value_type, float>);
    check_close("irfftn(rfftn(x)) float", back, ref_of(f), 2 * (bound<float>(4) + bound<float>(9)));
}

// rfftn and irfftn take their complex axes from the first to the last, as NumPy 1.24 (and 2.x): with
// an axis repeated at two lengths the crop and the pad come in that order: for x of shape (5, 8),
// rfftn(x, {4, 6, 8}, {0, 0, 1}) is fft(fft(rfft(x, 8, 1), 4, 0), 6, 0), of shape (6, 5).
TEST_CASE("rfftn, irfftn: an axis repeated at two lengths, in NumPy's order", "[fft]") {
    const auto x = random_array<double>({5, 8}, 430);
    const sizes s{4, 6, 8};
    const axis_list ax{0, 0, 1};
    const auto F = lf::rfftn(x, s, ax);
    CHECK(F.shape() == shape_t{6, 5});
    check_close("rfftn, repeated axes", F, ref_rfftn(ref_of(x), s, ax, lf::norm::backward), nd_bound(s));
    const auto h = random_array<cd>({5, 5}, 431);
    const auto G = lf::irfftn(h, s, ax);
    CHECK(G.shape() == shape_t{6, 8});
    check_close("irfftn, repeated axes", G, ref_irfftn(ref_of(h), s, ax, lf::norm::backward), nd_bound(s));
}

TEST_CASE("fftfreq, rfftfreq: NumPy's values", "[fft]") {
    const auto equal = [](const auto& got, std::vector<double> want) {
        return got.size() == want.size() && std::equal(want.begin(), want.end(), got.data(), [](double w, auto g) { return double(g) == w; });
    };
    CHECK(equal(lf::fftfreq(5), {0, 0.2, 0.4, -0.4, -0.2}));
    CHECK(equal(lf::fftfreq(4, 0.5), {0, 0.5, -1, -0.5}));
    CHECK(equal(lf::fftfreq(1), {0}));
    CHECK(equal(lf::fftfreq(2), {0, -0.5}));
    CHECK(equal(lf::fftfreq(8, 0.1), {0, 1.25, 2.5, 3.75, -5, -3.75, -2.5, -1.25}));
    CHECK(equal(lf::fftfreq(10, 0.1), {0, 1, 2, 3, 4, -5, -4, -3, -2, -1}));
    // np.fft.fftfreq(7, 3.0): i / 21, computed as i * (1 / 21)
    CHECK(equal(lf::fftfreq(7, 3.0), {0, 1 * (1.0 / 21), 2 * (1.0 / 21), 3 * (1.0 / 21), -3 * (1.0 / 21), -2 * (1.0 / 21), -1 * (1.0 / 21)}));
    CHECK(equal(lf::rfftfreq(5), {0, 0.2, 0.4}));
    CHECK(equal(lf::rfftfreq(8, 0.1), {0, 1.25, 2.5, 3.75, 5}));
    CHECK(equal(lf::rfftfreq(1), {0}));
    CHECK(equal(lf::rfftfreq(4, 0.5), {0, 0.5, 1}));
    const auto f = lf::fftfreq<float>(5);
    static_assert(std::is_same_v<decltype(f), const loom::array<float>>);
    CHECK(equal(f, {0, double(0.2f), double(0.4f), double(-0.4f), double(-0.2f)}));
    CHECK(equal(lf::rfftfreq<float>(6, 2.0), {0, double(float(1.0 / 12)), double(float(2 * (1.0 / 12))), 0.25}));
    for (std::size_t n : {1, 2, 3, 10, 11, 1000}) {
        const auto v = lf::fftfreq(n, 0.25);
        CHECK(v.shape() == shape_t{n});
        CHECK(lf::rfftfreq(n, 0.25).shape() == shape_t{n / 2 + 1});
        // fftshift sorts them
        const auto s = lf::fftshift(v);
        CHECK(std::is_sorted(s.data(), s.data() + n));
    }
}

TEST_CASE("fftshift, ifftshift: NumPy's values, axes, inverse of each other", "[fft]") {
    const auto equal = [](const auto& got, std::vector<double> want) {
        return got.size() == want.size() && std::equal(want.begin(), want.end(), got.data(), [](double w, auto g) { return double(g) == w; });
    };
    const loom::array<double> odd = {0, 1, 2, 3, 4};
    const loom::array<double> even = {0, 1, 2, 3, 4, 5};
    CHECK(equal(lf::fftshift(odd), {3, 4, 0, 1, 2}));
    CHECK(equal(lf::ifftshift(odd), {2, 3, 4, 0, 1}));
    CHECK(equal(lf::fftshift(even), {3, 4, 5, 0, 1, 2}));
    CHECK(equal(lf::ifftshift(even), {3, 4, 5, 0, 1, 2}));
    CHECK(equal(lf::fftshift(lf::fftfreq(10, 0.1)), {-5, -4, -3, -2, -1, 0, 1, 2, 3, 4}));
    // NumPy's docs: freqs = fftfreq(9, d=1/9).reshape(3, 3)
    const loom::array<double> m = {{0, 1, 2}, {3, 4, -4}, {-3, -2, -1}};
    CHECK(equal(lf::fftshift(m, axis_list{1}), {2, 0, 1, -4, 3, 4, -1, -3, -2}));
    CHECK(equal(lf::ifftshift(lf::fftshift(m, axis_list{1}), axis_list{1}), {0, 1, 2, 3, 4, -4, -3, -2, -1}));
    CHECK(equal(lf::fftshift(m), {-1, -3, -2, 2, 0, 1, -4, 3, 4}));
    CHECK(equal(lf::fftshift(m, axis_list{-2}), {-3, -2, -1, 0, 1, 2, 3, 4, -4}));
    CHECK(equal(lf::fftshift(m, axis_list{0, 0}), {3, 4, -4, -3, -2, -1, 0, 1, 2}));  // np.roll adds the shifts: 2 of 3
    CHECK(lf::fftshift(m, axis_list{}).shape() == shape_t{3, 3});
    CHECK(equal(lf::fftshift(m, axis_list{}), {0, 1, 2, 3, 4, -4, -3, -2, -1}));
    // any element type, any layout, the inverse
    const auto x = random_array<cd>({4, 7, 5}, 500);
    CHECK(same_bits(lf::ifftshift(lf::fftshift(x)), x));
    CHECK(same_bits(lf::fftshift(lf::ifftshift(x, axis_list{0, 2}), axis_list{0, 2}), x));
    CHECK(same_bits(lf::fftshift(loom::transpose(x)), loom::array<cd>(loom::transpose(lf::fftshift(x)))));
    const loom::array<int> i = {1, 2, 3};
    const auto si = lf::fftshift(i * 2);
    static_assert(std::is_same_v<typename decltype(si)::value_type, int>);
    CHECK(equal(si, {6, 2, 4}));
}

TEST_CASE("empty batches keep their shapes; empty axes need n (padding them: a case above)", "[fft]") {
    for (std::size_t n : {8, 9, 1024}) {
        INFO("n = " << n);
        const loom::array<cd> x{shape_t{0, n}};
        const loom::array<double> r{shape_t{0, n}};
        CHECK(lf::fft(x).shape() == shape_t{0, n});
        CHECK(lf::ifft(x, 5).shape() == shape_t{0, 5});
        CHECK(lf::rfft(r).shape() == shape_t{0, n / 2 + 1});
        CHECK(lf::ihfft(r).shape() == shape_t{0, n / 2 + 1});
        CHECK(lf::irfft(x).shape() == shape_t{0, 2 * (n - 1)});
        CHECK(lf::hfft(x, 7).shape() == shape_t{0, 7});
        CHECK(lf::fftn(x, none, axis_list{1}).shape() == shape_t{0, n});
        CHECK(lf::rfftn(r, none, axis_list{1}).shape() == shape_t{0, n / 2 + 1});
        CHECK_THROWS_AS(lf::fft(x, none, 0), std::invalid_argument);  // along the empty axis without n
    }
    const loom::array<cd> x3{shape_t{3, 0, 5}};
    CHECK(lf::fft(x3).shape() == shape_t{3, 0, 5});
    CHECK(lf::fft(x3, none, 0).shape() == shape_t{3, 0, 5});
    CHECK(lf::rfft(loom::array<float>{shape_t{3, 0, 5}}, none, 2).shape() == shape_t{3, 0, 3});
}

TEST_CASE("the operands are left unchanged", "[fft]") {
    const auto x = random_array<cd>({5, 16}, 600);
    const auto r = random_array<double>({5, 16}, 601);
    const loom::array<cd> x0 = x;
    const loom::array<double> r0 = r;
    const auto ok = [&] { return same_bits(x, x0) && same_bits(r, r0); };
    (void)lf::fft(x);
    (void)lf::ifft(x, 9, 0);
    CHECK(ok());
    (void)lf::irfft(x);
    (void)lf::irfft(x, 31);
    (void)lf::hfft(x, 12);
    CHECK(ok());
    (void)lf::rfft(r);
    (void)lf::ihfft(r, 40);
    (void)lf::rfft(r, none, 0);
    CHECK(ok());
    (void)lf::fftn(x);
    (void)lf::ifftn(x, sizes{3, 20});
    (void)lf::rfftn(r);
    (void)lf::irfftn(x);
    (void)lf::irfftn(x, sizes{7, 9});
    (void)lf::irfft2(x, none, {1, 0});
    CHECK(ok());
    (void)lf::fftshift(x);
    (void)lf::ifftshift(r);
    CHECK(ok());
    const auto big = random_array<cd>({4, 2048}, 602);
    const loom::array<cd> big0 = big;
    (void)lf::fft(big);
    (void)lf::irfft(big);
    (void)lf::fft(loom::array<cd>(loom::view(big, 0)));
    CHECK(same_bits(big, big0));
}

TEST_CASE("the same bits on 1 and on 2 threads", "[fft]") {
    // each big enough for loom::detail::threads_for to give it both threads
    const auto img = random_array<double>({512, 512}, 700);
    const auto batch = random_array<cd>({2000, 256}, 701);
    const auto rbatch = random_array<double>({2000, 256}, 702);
    const auto longs = random_array<cd>({4, 16384}, 703);  // a few long rows
    const auto cols = random_array<cd>({1024, 64}, 704);    // blocks down the columns
    const auto run = [&] {
        std::vector<loom::array<cd>> c;
        c.push_back(lf::rfft2(img));
        c.push_back(lf::fft(batch));
        c.push_back(lf::rfft(rbatch));
        c.push_back(lf::fft(longs));
        c.push_back(lf::fft(cols, none, 0));
        c.push_back(lf::ifftn(cols, sizes{1009, 64}));  // Bluestein's
        std::vector<loom::array<double>> r;
        r.push_back(lf::irfft(c[2]));
        r.push_back(lf::irfft2(c[0], sizes{512, 512}));
        return std::make_pair(std::move(c), std::move(r));
    };
    const auto one = [&] {
        loom::threads_scope t(1);
        return run();
    }();
    const auto two = [&] {
        loom::threads_scope t(2);
#ifdef _OPENMP
        REQUIRE(loom::num_threads() == 2);
#endif
        return run();
    }();
    for (std::size_t i = 0; i < one.first.size(); ++i) {
        INFO("complex result " << i);
        CHECK(same_bits(one.first[i], two.first[i]));
    }
    for (std::size_t i = 0; i < one.second.size(); ++i) {
        INFO("real result " << i);
        CHECK(same_bits(one.second[i], two.second[i]));
    }
    check_close("irfft2(rfft2(x)) 512 x 512", one.second[1], ref_of(img), 2 * nd_bound({512, 512}));
    check_close("irfft(rfft(x)) 2000 x 256", one.second[0], ref_of(rbatch), 2 * bound<double>(256), -1);
}

TEMPLATE_LIST_TEST_CASE("integer input computes in double: the bits of its double copy's transforms", "[fft]", ref::integer_types) {
    const auto x = random_array<TestType>({3, 10}, 800);
    const loom::array<double> d = loom::astype<double>(x);
    const auto F = lf::fft(x);
    static_assert(std::is_same_v<typename decltype(F)::value_type, cd>);
    CHECK(same_bits(F, lf::fft(d)));
    CHECK(same_bits(lf::rfft(x, 12, 0), lf::rfft(d, 12, 0)));
    CHECK(same_bits(lf::irfft(x), lf::irfft(d)));
    CHECK(same_bits(lf::rfftn(x), lf::rfftn(d)));
}

TEST_CASE("bool input computes in double; float and complex<float> in float", "[fft]") {
    const auto b = random_array<bool>({4, 9}, 810);
    const loom::array<double> d = loom::astype<double>(b);
    CHECK(same_bits(lf::fft(b), lf::fft(d)));
    CHECK(same_bits(lf::rfft(b), lf::rfft(d)));
    const auto f = random_array<float>({4, 9}, 811);
    static_assert(std::is_same_v<typename decltype(lf::fft(f))::value_type, cf>);
    static_assert(std::is_same_v<typename decltype(lf::irfft(lf::fft(f)))::value_type, float>);
    static_assert(std::is_same_v<typename decltype(lf::hfft(f))::value_type, float>);
    static_assert(std::is_same_v<typename decltype(lf::ihfft(f))::value_type, cf>);
    static_assert(std::is_same_v<typename decltype(lf::ifftn(f))::value_type, cf>);
    static_assert(std::is_same_v<typename decltype(lf::fft(f * 2.0))::value_type, cf>);  // a scalar keeps float
    static_assert(std::is_same_v<typename decltype(lf::fft(f + d))::value_type, cd>);    // float + double: double
    static_assert(std::is_same_v<typename decltype(lf::hfft(d))::value_type, double>);
    // float input: fft(float) is fft of its complex<float> copy
    const loom::array<cf> fc = loom::astype<cf>(f);
    CHECK(same_bits(lf::fft(f), lf::fft(fc)));
    CHECK(same_bits(lf::ifftn(f), lf::ifftn(fc)));
}

TEST_CASE("errors: no points, an axis out of range, rank 0, s and axes that do not fit, with their messages", "[fft]") {
    const auto x = random_array<cd>({3, 4}, 900);
    const auto r = random_array<double>({3, 4}, 901);
    const loom::array<cd> e{shape_t{3, 0}};
    const loom::array<cd> one{shape_t{3, 1}};
    const loom::array<double> scalar{shape_t{}};
    const auto points = [](const std::string& fn) { return Contains("loom::fft::" + fn + ": invalid number of data points (0)"); };
    CHECK_THROWS_WITH(lf::fft(x, 0), points("fft"));
    CHECK_THROWS_AS(lf::fft(x, 0), std::invalid_argument);
    CHECK_THROWS_WITH(lf::ifft(x, 0), points("ifft"));
    CHECK_THROWS_WITH(lf::rfft(r, 0), points("rfft"));
    CHECK_THROWS_WITH(lf::irfft(x, 0), points("irfft"));
    CHECK_THROWS_WITH(lf::hfft(x, 0), points("hfft"));
    CHECK_THROWS_WITH(lf::ihfft(r, 0), points("ihfft"));
    CHECK_THROWS_WITH(lf::fft(e), points("fft"));  // an axis of length 0 without n
    CHECK_THROWS_AS(lf::fft(e), std::invalid_argument);
    CHECK_THROWS_WITH(lf::ifft(e), points("ifft"));
    CHECK_THROWS_WITH(lf::irfft(one), points("irfft"));  // 2 (1 - 1) = 0
    CHECK_THROWS_WITH(lf::hfft(one), points("hfft"));
    CHECK_THROWS_WITH(lf::irfft(e), points("irfft"));
    CHECK_THROWS_WITH(lf::rfft(loom::array<double>{shape_t{0}}), points("rfft"));
    CHECK_THROWS_WITH(lf::fftn(e), points("fftn"));
    CHECK_THROWS_WITH(lf::fftn(x, sizes{3, 0}), points("fftn"));
    CHECK_THROWS_WITH(lf::ifft2(x, sizes{0, 3}), points("ifft2"));
    CHECK_THROWS_WITH(lf::rfftn(r, sizes{0}), points("rfftn"));
    CHECK_THROWS_WITH(lf::irfftn(one), points("irfftn"));
    CHECK_THROWS_WITH(lf::fftfreq(0), points("fftfreq"));
    CHECK_THROWS_WITH(lf::rfftfreq(0), points("rfftfreq"));
    CHECK_THROWS_AS(lf::fftfreq(0), std::invalid_argument);

    const auto out_of_range = [](const std::string& fn, const std::string& axis) {
        return Contains("fft::" + fn + ": axis " + axis + " is out of bounds for rank 2");
    };
    CHECK_THROWS_AS(lf::fft(x, none, 2), loom::index_error);
    CHECK_THROWS_WITH(lf::fft(x, none, 2), out_of_range("fft", "2"));
    CHECK_THROWS_WITH(lf::ifft(x, none, -3), out_of_range("ifft", "-3"));
    CHECK_THROWS_WITH(lf::rfft(r, none, 2), out_of_range("rfft", "2"));
    CHECK_THROWS_WITH(lf::irfft(x, none, 5), out_of_range("irfft", "5"));
    CHECK_THROWS_WITH(lf::hfft(x, none, -3), out_of_range("hfft", "-3"));
    CHECK_THROWS_WITH(lf::ihfft(r, none, 2), out_of_range("ihfft", "2"));
    CHECK_THROWS_AS(lf::fftn(x, none, axis_list{0, 2}), loom::index_error);
    CHECK_THROWS_WITH(lf::fftn(x, none, axis_list{0, 2}), out_of_range("fftn", "2"));
    CHECK_THROWS_WITH(lf::rfftn(r, none, axis_list{-3}), out_of_range("rfftn", "-3"));
    CHECK_THROWS_WITH(lf::irfftn(x, none, axis_list{2}), out_of_range("irfftn", "2"));
    CHECK_THROWS_WITH(lf::fft2(loom::array<cd>{shape_t{4}}), Contains("fft::fft2: axis -2 is out of bounds for rank 1"));
    CHECK_THROWS_AS(lf::fftshift(x, axis_list{2}), loom::index_error);
    CHECK_THROWS_WITH(lf::fftshift(x, axis_list{2}), out_of_range("fftshift", "2"));
    CHECK_THROWS_WITH(lf::ifftshift(x, axis_list{-3}), out_of_range("ifftshift", "-3"));

    const auto rank0 = [](const std::string& fn) {
        return Contains("loom::fft::" + fn + ": expected an array of rank 1 or more, got rank 0");
    };
    CHECK_THROWS_AS(lf::fft(scalar), std::invalid_argument);
    CHECK_THROWS_WITH(lf::fft(scalar), rank0("fft"));
    CHECK_THROWS_WITH(lf::ifft(scalar, 4), rank0("ifft"));
    CHECK_THROWS_WITH(lf::rfft(scalar), rank0("rfft"));
    CHECK_THROWS_WITH(lf::irfft(scalar), rank0("irfft"));
    CHECK_THROWS_WITH(lf::hfft(scalar), rank0("hfft"));
    CHECK_THROWS_WITH(lf::ihfft(scalar), rank0("ihfft"));
    CHECK_THROWS_WITH(lf::fftn(scalar), rank0("fftn"));
    CHECK_THROWS_WITH(lf::rfftn(scalar), rank0("rfftn"));
    CHECK_THROWS_WITH(lf::irfftn(scalar), rank0("irfftn"));

    CHECK_THROWS_AS(lf::fftn(x, sizes{2, 3, 4}), std::invalid_argument);
    CHECK_THROWS_WITH(lf::fftn(x, sizes{2, 3, 4}), Contains("loom::fft::fftn: s has 3 lengths for an array of rank 2"));
    CHECK_THROWS_AS(lf::ifftn(x, sizes{2, 3}, axis_list{0}), std::invalid_argument);
    CHECK_THROWS_WITH(lf::ifftn(x, sizes{2, 3}, axis_list{0}), Contains("loom::fft::ifftn: s and axes have different lengths (2 and 1)"));
    CHECK_THROWS_WITH(lf::rfft2(r, sizes{2}), Contains("loom::fft::rfftn: s and axes have different lengths (1 and 2)"));
    CHECK_THROWS_WITH(lf::rfftn(r, none, axis_list{}), Contains("loom::fft::rfftn: needs at least one axis"));
    CHECK_THROWS_WITH(lf::irfftn(x, none, axis_list{}), Contains("loom::fft::irfftn: needs at least one axis"));
    // nothing is left half done: the operands as they were
    CHECK(same_bits(x, random_array<cd>({3, 4}, 900)));
}

TEST_CASE("plan: forward and backward in place, as fft and n times ifft", "[fft]") {
    for (std::size_t n : {1, 7, 64, 100, 512, 1009, 1024, 3000}) {  // passes, Bluestein, four steps
        const auto x = random_array<cd>({n}, 700 + n);
        lf::plan<double> p(n);
        CHECK(p.size() == n);
        loom::array<cd> y = x;
        p.forward(y.data());
        check_close("plan forward", y, ref_fft(ref_of(x), none, -1, lf::norm::backward, false), bound<double>(n));
        p.backward(y.data());
        const loom::array<cd> back = y / double(n);
        check_close("plan backward", back, ref_of(x), 2 * bound<double>(n));
    }
    const auto xf = random_array<std::complex<float>>({256}, 777);
    lf::plan<float> pf(256);
    loom::array<std::complex<float>> yf = xf;
    pf.forward(yf.data());
    check_close("plan<float> forward", yf, ref_fft(ref_of(xf), none, -1, lf::norm::backward, false), bound<float>(256));
    CHECK_THROWS_WITH(lf::plan<double>(0), Catch::Contains("invalid number of data points (0)"));
}
