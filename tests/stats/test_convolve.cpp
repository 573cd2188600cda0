// tests/stats/test_convolve.cpp: convolve and correlate against their sums written out (every mode, both
// orders of the operands, lengths past the blocks of the loop) over the element types and layouts, and
// values NumPy 1.24 gives: the centring of 'same', complex conjugates, wrapping integers, bool and errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/stats/convolve.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "../support/reference.hpp"

using loom::conv_mode;
using loom::shape_t;

namespace {
constexpr double inf_v = std::numeric_limits<double>::infinity();
template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}

// The sum a product of T accumulates in for the reference: integers modulo 2^64 (T's wrap is the
// same modulo 2^bits), floating types in double, complex numbers as complex<double>.
template <class T>
using wide_t = std::conditional_t<loom::is_complex_v<T>, std::complex<double>,
                                  std::conditional_t<std::is_floating_point_v<T> || std::is_same_v<T, bool>, double, std::uint64_t>>;
template <class T>
wide_t<T> widen(T v) {
    if constexpr (loom::is_complex_v<T>) return std::complex<double>(v);
    else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
    else return static_cast<wide_t<T>>(v);
}
template <class T>
T narrow(wide_t<T> w) {
    if constexpr (std::is_same_v<T, bool>) return w != 0;
    else return static_cast<T>(w);
}
template <class T>
T conj_of(T v) {
    if constexpr (loom::is_complex_v<T>) return std::conj(v);
    else return v;
}

// The definitions: the full convolution (a * v)[k] = sum a[m] v[k - m], the full correlation
// z[k] = sum a[n + k - (N - 1)] conj(v[n]); then NumPy's window of it for the mode, n = min(M, N):
// 'valid' from n - 1, 'same' from (n - 1) - n / 2 (from n / 2 for a correlation with a the shorter,
// which NumPy computes swapped and reversed), max(M, N) long.
template <class T>
std::vector<T> by_definition(const std::vector<T>& a, const std::vector<T>& v, conv_mode mode, bool corr) {
    const std::size_t M = a.size(), N = v.size(), n = std::min(M, N), len = M + N - 1;
    std::vector<T> full(len);
    for (std::size_t k = 0; k < len; ++k) {
        wide_t<T> sum{};
        // the m with a term: convolution v[k - m], correlation conj(v[m + N - 1 - k]), both in range
        for (std::size_t m = k >= N - 1 ? k - (N - 1) : 0; m < M && m <= k; ++m) {
            const T w = corr ? conj_of(v[m + N - 1 - k]) : v[k - m];
            if constexpr (std::is_same_v<T, bool>) sum = (sum != 0 || (a[m] && w)) ? 1.0 : 0.0;
            else sum += widen(a[m]) * widen(w);
        }
        full[k] = narrow<T>(sum);
    }
    if (mode == conv_mode::full) return full;
    const std::size_t from = mode == conv_mode::valid ? n - 1 : corr && M < N ? n / 2 : (n - 1) - n / 2;
    const std::size_t count = mode == conv_mode::valid ? std::max(M, N) - n + 1 : std::max(M, N);
    return std::vector<T>(full.begin() + static_cast<std::ptrdiff_t>(from), full.begin() + static_cast<std::ptrdiff_t>(from + count));
}

template <class T>
std::string compare(const loom::array<T>& got, const std::vector<T>& want) {
    if (got.shape() != shape_t{want.size()}) return "shape " + loom::detail::to_string(got.shape());
    double rel = -1;  // exact: the test values' products and sums are exact in double
    if constexpr (std::is_same_v<loom::real_of_t<T>, float>) rel = 1e-5;
    return ref::mismatch_within(got, {want.size()}, [&](const ref::index_t& i) { return want[i[0]]; }, ref::tolerance{rel, 1e-2});
}

template <class T>
loom::array<T> signal(std::size_t n, std::size_t seed) {
    if constexpr (loom::is_complex_v<T>) {
        using F = loom::real_of_t<T>;
        const auto re = ref::filled<F>({n}, seed), im = ref::filled<F>({n}, seed + 11);
        loom::array<T> r(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) r.data()[i] = T(re.data()[i], im.data()[i]);
        return r;
    } else {
        return ref::filled<T>({n}, seed);
    }
}

template <class T>
void check_both(std::size_t M, std::size_t N, bool layouts) {
    const loom::array<T> a = signal<T>(M, 1), v = signal<T>(N, 2);
    const std::vector<T> av = ref::values(a), vv = ref::values(v);
    for (conv_mode mode : {conv_mode::full, conv_mode::same, conv_mode::valid}) {
        INFO("M " << M << ", N " << N << ", mode " << static_cast<int>(mode));
        const std::vector<T> conv = by_definition(av, vv, mode, false), corr = by_definition(av, vv, mode, true);
        if (!layouts) {
            CHECK(compare(loom::convolve(a, v, mode), conv) == "");
            CHECK(compare(loom::correlate(a, v, mode), corr) == "");
            continue;
        }
        ref::each_layout(a, [&](const auto& x, const char* la) {
            ref::each_layout(v, [&](const auto& y, const char* lv) {
                INFO(la << " with " << lv);
                CHECK(compare(loom::convolve(x, y, mode), conv) == "");
                CHECK(compare(loom::correlate(x, y, mode), corr) == "");
            });
        });
    }
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("convolve and correlate: the sums by their definitions, every mode and order",
                        "[stats][convolve]", ref::all_types) {
    using T = TestType;
    for (const auto& [M, N] : std::vector<std::pair<std::size_t, std::size_t>>{
             {1, 1}, {7, 3}, {3, 7}, {8, 4}, {4, 8}, {6, 6}, {5, 1}, {1, 5}, {33, 17}})
        check_both<T>(M, N, true);
    // long operands: several blocks of the loop, either one the longer
    check_both<T>(5003, 37, false);
    check_both<T>(38, 4999, false);
}

TEMPLATE_LIST_TEST_CASE("convolve and correlate of complex numbers: correlate conjugates v", "[stats][convolve]",
                        ref::complex_types) {
    using T = TestType;
    for (const auto& [M, N] : std::vector<std::pair<std::size_t, std::size_t>>{{1, 1}, {7, 4}, {4, 7}, {9, 9}})
        check_both<T>(M, N, true);
    check_both<T>(3001, 12, false);
}

TEST_CASE("convolve and correlate: NumPy's values", "[stats][convolve]") {
    using d = std::vector<double>;
    const loom::array<double> a = {1, 2, 3}, v = {0, 1, 0.5};
    // NumPy 1.24 documentation's examples: np.convolve([1, 2, 3], [0, 1, 0.5], mode), np.correlate(...)
    CHECK(vals(loom::convolve(a, v)) == d{0, 1, 2.5, 4, 1.5});
    CHECK(vals(loom::convolve(a, v, conv_mode::same)) == d{1, 2.5, 4});
    CHECK(vals(loom::convolve(a, v, conv_mode::valid)) == d{2.5});
    CHECK(vals(loom::correlate(a, v)) == d{3.5});
    CHECK(vals(loom::correlate(a, v, conv_mode::same)) == d{2, 3.5, 3});
    CHECK(vals(loom::correlate(a, v, conv_mode::full)) == d{0.5, 2, 3.5, 3, 0});
    // even lengths, either order: 'same' centred as NumPy centres it
    const loom::array<double> p = {1, 2, 3, 4, 5}, q = {1, 0, -1, 2};
    CHECK(vals(loom::convolve(p, q, conv_mode::same)) == d{2, 2, 4, 6, 2});
    CHECK(vals(loom::convolve(q, p, conv_mode::same)) == d{2, 2, 4, 6, 2});
    CHECK(vals(loom::correlate(p, q, conv_mode::same)) == d{3, 4, 6, 8, -2});
    CHECK(vals(loom::correlate(q, p, conv_mode::same)) == d{-2, 8, 6, 4, 3});
    CHECK(vals(loom::correlate(p, q, conv_mode::full)) == d{2, 3, 4, 6, 8, -2, 4, 5});
    CHECK(vals(loom::correlate(q, p, conv_mode::full)) == d{5, 4, -2, 8, 6, 4, 3, 2});
    CHECK(vals(loom::correlate(q, p)) == d{8, 6});
    const loom::array<double> r = {1, -1, 2, 0.5}, w = {2, 1, 1, 3, 1, -2};
    CHECK(vals(loom::convolve(r, w, conv_mode::same)) == d{-1, 4, 5, 0.5, 3.5, 5.5});
    CHECK(vals(loom::correlate(r, w, conv_mode::same)) == d{-2, -1, 6.5, 4.5, 0.5, 4.5});
    // complex: np.correlate([1+1j, 2, 3-1j], [0, 1, 0.5j], mode) and the operands swapped
    using C = std::complex<double>;
    using c = std::vector<C>;
    const loom::array<C> ca = {C(1, 1), C(2, 0), C(3, -1)}, cv = {C(0, 0), C(1, 0), C(0, 0.5)};
    CHECK(vals(loom::correlate(ca, cv, conv_mode::full)) == c{C(0.5, -0.5), C(1, 0), C(1.5, -1.5), C(3, -1), C(0, 0)});
    CHECK(vals(loom::correlate(cv, ca, conv_mode::full)) == c{C(0, 0), C(3, 1), C(1.5, 1.5), C(1, 0), C(0.5, 0.5)});
    CHECK(vals(loom::correlate(ca, cv, conv_mode::same)) == c{C(1, 0), C(1.5, -1.5), C(3, -1)});
    CHECK(vals(loom::convolve(ca, cv)) == c{C(0, 0), C(1, 1), C(1.5, 0.5), C(3, 0), C(0.5, 1.5)});
    const loom::array<C> cs = {C(1, 2), C(0, 3), C(1, 0)}, ct = {C(0, 1), C(2, -1)};
    CHECK(vals(loom::correlate(cs, ct, conv_mode::same)) == c{C(0, 5), C(-1, 5), C(5, 1)});
    CHECK(vals(loom::correlate(ct, cs, conv_mode::same)) == c{C(5, -1), C(-1, -5), C(0, -5)});
    // integers wrap as NumPy's: np.convolve(np.array([100, 100], np.int8), np.array([3, 3], np.int8)),
    // np.convolve(np.array([100, 100], np.uint16), np.array([60000, 3], np.uint16))
    CHECK(vals(loom::convolve(loom::array<std::int8_t>{100, 100}, loom::array<std::int8_t>{3, 3})) ==
          std::vector<std::int8_t>{44, 88, 44});
    CHECK(vals(loom::convolve(loom::array<std::uint16_t>{100, 100}, loom::array<std::uint16_t>{60000, 3})) ==
          std::vector<std::uint16_t>{36224, 36524, 300});
    CHECK(vals(loom::correlate(loom::array<std::int16_t>{1, 2, 3}, loom::array<std::int16_t>{-1, 2}, conv_mode::full)) ==
          std::vector<std::int16_t>{2, 3, 4, -3});
    // bool: or of ands, np.convolve([True, False], [True, True])
    CHECK(vals(loom::convolve(loom::array<bool>{true, false}, loom::array<bool>{true, true})) == std::vector<bool>{true, true, false});
    // only the overlapping terms are summed: no 0 * inf at the ends (np.convolve([1, 1], [1, inf]))
    CHECK(vals(loom::convolve(loom::array<double>{1, 1}, loom::array<double>{1, inf_v})) == d{1, inf_v, inf_v});
    // promoted types (int8 with float32: float32), rank 0 for convolve (np.convolve(3, [1, 2]))
    const auto f = loom::convolve(loom::array<std::int8_t>{1, 2, 3}, loom::array<float>{0.5f, 1});
    static_assert(std::is_same_v<decltype(f)::value_type, float>);
    CHECK(vals(f) == std::vector<float>{0.5f, 2, 3.5f, 3});
    CHECK(vals(loom::convolve(loom::array<int>(shape_t{}, 3), loom::array<int>{1, 2})) == std::vector<int>{3, 6});
    // expressions and views as operands
    CHECK(vals(loom::convolve(a * 2.0, loom::flip(v))) == d{1, 4, 7, 6, 0});
}

TEST_CASE("convolve and correlate: errors", "[stats][convolve]") {
    const loom::array<double> a = {1, 2}, none(shape_t{0});
    CHECK_THROWS_AS(loom::convolve(none, a), std::invalid_argument);
    CHECK_THROWS_WITH(loom::convolve(none, a), Catch::Contains("loom::convolve: a is empty"));
    CHECK_THROWS_WITH(loom::convolve(a, none), Catch::Contains("loom::convolve: v is empty"));
    CHECK_THROWS_WITH(loom::correlate(none, none), Catch::Contains("loom::correlate: a is empty"));
    CHECK_THROWS_WITH(loom::correlate(a, none, conv_mode::full), Catch::Contains("v is empty"));
    // NumPy's "object too deep for desired array" and, for correlate, "object of too small depth"
    CHECK_THROWS_WITH(loom::convolve(loom::array<double>{{1, 2}}, a), Catch::Contains("a has shape (1, 2); it must have one axis"));
    CHECK_THROWS_AS(loom::correlate(a, loom::array<double>(shape_t{}, 2.0)), std::invalid_argument);
    CHECK_THROWS_WITH(loom::correlate(a, loom::array<double>(shape_t{}, 2.0)), Catch::Contains("v has shape ()"));
}
