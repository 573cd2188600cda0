// tests/random/test_random.cpp: loom::random against values NumPy 1.24 gives for the same seeds and
// calls (seeding, raw outputs, jumps, the buffered integer draws, choice, shuffle, broadcasting), the
// parameter checks (they throw before any draw), and statistical laws each distribution must obey
// (moments, chi-square, Kolmogorov-Smirnov) at thresholds a correct sampler misses about once in 10^6
// runs. tests/differential/random_cases.py compares whole streams with NumPy's.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/random.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace lr = loom::random;
using loom::shape_t;

namespace {

template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}

double mean_of(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()); }
double var_of(const std::vector<double>& v) {
    const double m = mean_of(v);
    double s = 0;
    for (double x : v) s += (x - m) * (x - m);
    return s / double(v.size());
}
template <class T>
std::vector<double> as_double(const loom::array<T>& a) {
    return std::vector<double>(a.begin(), a.end());
}

// The Kolmogorov-Smirnov distance between the sample and the distribution function cdf.
double ks_distance(std::vector<double> v, const std::function<double(double)>& cdf) {
    std::sort(v.begin(), v.end());
    const double n = double(v.size());
    double d = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const double f = cdf(v[i]);
        d = std::max({d, double(i + 1) / n - f, f - double(i) / n});
    }
    return d;
}
// sqrt(-ln(alpha / 2) / 2) for alpha = 1e-6: the KS bound times sqrt(n).
constexpr double ks_bound = 2.7;

double chi_square(const std::vector<std::int64_t>& counts, const std::vector<double>& expected) {
    double c = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) c += (double(counts[i]) - expected[i]) * (double(counts[i]) - expected[i]) / expected[i];
    return c;
}

// |sample mean - mu| and |sample variance - var| within 6 standard errors (var's error from the
// fourth moment mu4, given).
void check_moments(const std::vector<double>& v, double mu, double var, double mu4) {
    const double n = double(v.size());
    CHECK(std::fabs(mean_of(v) - mu) < 6 * std::sqrt(var / n));
    CHECK(std::fabs(var_of(v) - var) < 6 * std::sqrt((mu4 - var * var) / n));
}

}  // namespace

TEST_CASE("seed_sequence and the bit generators start where NumPy's start", "[random]") {
    const auto w = lr::seed_sequence(42).generate_state32(4);
    CHECK(w == std::vector<std::uint32_t>{3444837047u, 2669555309u, 2046530742u, 3581440988u});
    // np.random.SeedSequence([2**40 + 7, 3]): a 64-bit entropy word splits in two 32-bit ones
    const auto big = lr::seed_sequence({(std::uint64_t(1) << 40) + 7, 3}).generate_state64(2);
    CHECK(big == std::vector<std::uint64_t>{8314837095489988880ull, 6161085201867508166ull});

    lr::pcg64 a(42);
    lr::pcg64dxsm b(42);
    lr::philox c(42);
    CHECK(a.next64() == 0xc621fbcd16d92688ull);
    CHECK(a.next64() == 0x705a5661a791ffc1ull);
    CHECK(a.next64() == 0xdbcd12c26eda1624ull);
    CHECK(b.next64() == 0xab1c50338e63481dull);
    CHECK(b.next64() == 0x01bdf91d548d1872ull);
    CHECK(b.next64() == 0xa872905d0418d0a1ull);
    CHECK(c.next64() == 0x16092f00ecdab98aull);
    CHECK(c.next64() == 0x243d19cc24021070ull);
    CHECK(c.next64() == 0x4524d130684efe02ull);
}

TEST_CASE("jumped, advance, spawn and the state as NumPy's", "[random]") {
    const auto j = lr::pcg64(42).jumped(3).state();
    CHECK(std::uint64_t(j.state >> 64) == 0xc9b448b594685955ull);
    CHECK(std::uint64_t(j.state) == 0xb85953d916ee94d5ull);
    CHECK(std::uint64_t(j.inc >> 64) == 0xfa505436c9a8416eull);
    CHECK(std::uint64_t(j.inc) == 0x66caf2e28d25abffull);

    auto p = lr::philox(7).jumped(2);
    CHECK(p.state().counter[2] == 2);
    CHECK(p.next64() == 0xd1c496e985b9b9feull);
    CHECK(p.next64() == 0x401ce0fe64f70cb9ull);

    // advancing by n equals n draws; the 32-bit half buffer is emptied, as NumPy's advance
    lr::pcg64 x(3), y(3);
    for (int i = 0; i < 1000; ++i) x.next64();
    (void)y.next32();
    y.advance(998);  // one draw made by next32, 998 skipped, one more below: 1000
    CHECK(y.state().has_uint32 == false);
    y.next64();
    CHECK(x.state() == y.state());

    // np.random.PCG64(np.random.SeedSequence(5).spawn(2)[1]).random_raw(2)
    auto kids = lr::default_rng(5).spawn(2);
    REQUIRE(kids.size() == 2);
    CHECK(kids[1].bit_generator().next64() == 0x40ceb06289d733feull);
    CHECK(kids[1].bit_generator().next64() == 0x12eb0c40e8b478aaull);
    auto more = lr::default_rng(5);
    more.spawn(1);
    CHECK(more.spawn(1)[0].bit_generator().state() == lr::default_rng(5).spawn(2)[1].bit_generator().state());

    // set_state restores a stream
    auto g = lr::default_rng(11);
    const auto saved = g.bit_generator().state();
    const double first = g.standard_normal();
    g.bit_generator().set_state(saved);
    CHECK(g.standard_normal() == first);
}

TEST_CASE("large random() fills on threads give the one-thread stream", "[random]") {
    const std::size_t n = 3'000'017;
    auto a = lr::default_rng(77);
    auto b = lr::default_rng(77);
    (void)a.integers<std::int32_t>(0, 5);  // a half-used 64-bit draw: random() must keep it
    (void)b.integers<std::int32_t>(0, 5);
    loom::array<double> one, many;
    {
        loom::threads_scope single(1);
        one = a.random({n});
    }
    {
        loom::threads_scope two(2);
        many = b.random({n});
    }
    CHECK(loom::array_equal(one, many));
    CHECK(a.bit_generator().state() == b.bit_generator().state());
    CHECK(a.integers<std::int32_t>(0, 1000000) == b.integers<std::int32_t>(0, 1000000));
    // and the stream is the plain loop's
    lr::pcg64 g(77);
    (void)g.next64();
    bool same = true;
    for (std::size_t i = 0; i < n; ++i) same = same && one.data()[i] == g.next_double();
    CHECK(same);
}

TEMPLATE_TEST_CASE("random() fills: the draws and the state of as many next_double() calls", "[random]", lr::pcg64,
                   lr::pcg64dxsm, lr::philox) {
    for (std::size_t n : {0, 1, 2, 3, 5, 64, 1001}) {
        lr::generator<TestType> g{TestType(lr::seed_sequence(n + 3))};
        (void)g.bit_generator().next32();  // a pending 32-bit half, which random() keeps
        TestType copy = g.bit_generator();
        const loom::array<double> got = g.random({n});
        bool same = true;
        for (std::size_t i = 0; i < n; ++i) same = same && got.data()[i] == copy.next_double();
        CHECK(same);
        CHECK(g.bit_generator().state() == copy.state());
    }
}

TEMPLATE_TEST_CASE("32-bit integers fills: the draws and the state of as many one-draw calls", "[random]", lr::pcg64,
                   lr::pcg64dxsm, lr::philox) {
    // PCG fills read words a block at a time and set the engine back; ranges just above 2^31
    // reject about half the draws, so rejections run past the blocks' ends
    for (std::int64_t high : {std::int64_t(100), (std::int64_t(1) << 31) + 1, (std::int64_t(1) << 32) - 3}) {
        for (std::size_t n : {0, 1, 2, 3, 511, 512, 513, 3001}) {
            for (bool pending : {false, true}) {
                lr::generator<TestType> g{TestType(lr::seed_sequence(n + 11))};
                if (pending) (void)g.bit_generator().next32();
                lr::generator<TestType> one = g;
                const loom::array<std::int64_t> got = g.integers(0, high, {n});
                bool same = true;
                for (std::size_t i = 0; i < n; ++i) same = same && got.data()[i] == one.integers(0, high);
                CHECK(same);
                CHECK(g.bit_generator().state() == one.bit_generator().state());
                if (high < (std::int64_t(1) << 31)) {
                    lr::generator<TestType> h{TestType(lr::seed_sequence(n + 11))};
                    if (pending) (void)h.bit_generator().next32();
                    const loom::array<std::int32_t> narrow = h.template integers<std::int32_t>(0, high, {n});
                    bool same32 = true;
                    for (std::size_t i = 0; i < n; ++i) same32 = same32 && narrow.data()[i] == got.data()[i];
                    CHECK(same32);
                    CHECK(h.bit_generator().state() == g.bit_generator().state());
                }
            }
        }
    }
}

TEST_CASE("integers of every width, bytes, choice and shuffle as NumPy's", "[random]") {
    auto r = lr::default_rng(42);
    CHECK(vals(r.integers<std::uint8_t>(0, 256, {5})) == std::vector<std::uint8_t>{136, 38, 217, 22, 205});
    CHECK(vals(r.integers<std::int16_t>(-5, 5, {3}, true)) == std::vector<std::int16_t>{5, 2, -2});
    CHECK(vals(r.integers<bool>(0, 2, {9})) == std::vector<bool>{0, 0, 1, 0, 0, 1, 0, 0, 0});
    const std::string b = lr::default_rng(1).bytes(7);
    CHECK(b == std::string("\xff\xe4\x22\x79\xf3\xbd\x06", 7));

    const std::vector<double> p = {0.1, 0.2, 0.3, 0.4, 0.0};
    CHECK(vals(lr::default_rng(3).choice(5, shape_t{8}, true, p)) == std::vector<std::int64_t>{0, 1, 3, 2, 0, 2, 2, 1});
    CHECK(vals(lr::default_rng(3).choice(5, shape_t{3}, false, p)) == std::vector<std::int64_t>{0, 1, 3});

    loom::array<int> x = loom::reshape(loom::arange<int>(12), {3, 4});
    lr::default_rng(9).shuffle(x, 1);
    CHECK(vals(x) == std::vector<int>{3, 0, 2, 1, 7, 4, 6, 5, 11, 8, 10, 9});
    loom::array<int> m = loom::reshape(loom::arange<int>(6), {3, 2});
    CHECK(vals(lr::default_rng(9).permutation(m)) == std::vector<int>{4, 5, 0, 1, 2, 3});
    const auto rows = lr::default_rng(9).choice(m, shape_t{4});
    CHECK(rows.shape() == shape_t{4, 2});
    for (std::size_t i = 0; i < 4; ++i) CHECK(rows.data()[2 * i + 1] == rows.data()[2 * i] + 1);

    // without replacement: a permutation's prefix, each index once
    const auto c = vals(lr::default_rng(2).choice(20000, shape_t{1000}, false));
    CHECK(std::set<std::int64_t>(c.begin(), c.end()).size() == 1000);
    const auto perm = vals(lr::default_rng(2).permutation(50));
    auto sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == vals(loom::arange<std::int64_t>(50)));
}

TEST_CASE("parameters broadcast as NumPy's", "[random]") {
    loom::array<double> loc = {{0.0}, {10.0}};
    loom::array<double> scale = {1.0, 2.0, 3.0};
    const auto z = lr::default_rng(4).normal(loc, scale);
    REQUIRE(z.shape() == shape_t{2, 3});
    // np.random.default_rng(4).normal([[0.], [10.]], [1., 2., 3.])
    CHECK(z.data()[0] == Approx(-0.65179115).epsilon(1e-7));
    CHECK(z.data()[5] == Approx(9.98439021).epsilon(1e-7));
    const auto u = lr::default_rng(4).uniform(loom::array<double>{0.0, 1.0}, 3.0, {2, 2});
    CHECK(vals(u) == std::vector<double>{2.829168316717103, 2.022655105628723, 2.9287311171231125, 1.1616720477912044});
    // the scalar form is the array form's first element
    CHECK(lr::default_rng(8).normal(1.0, 2.0) == lr::default_rng(8).normal(1.0, 2.0, {3}).data()[0]);
    // parameters that do not broadcast to the size
    auto g = lr::default_rng(4);
    CHECK_THROWS_AS(g.normal(loc, scale, {3}), loom::broadcast_error);
    // an expression is a parameter too
    const auto e = lr::default_rng(4).normal(loc * 1.0, scale + 0.0);
    CHECK(vals(e) == vals(z));
}

TEST_CASE("bad parameters throw, naming the parameter, before any draw", "[random]") {
    auto g = lr::default_rng(6);
    const auto before = g.bit_generator().state();
    auto throws_naming = [&](auto f, const std::string& name) {
        try {
            f();
            FAIL("no exception for " << name);
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()).find(name) != std::string::npos);
        }
        CHECK(g.bit_generator().state() == before);
    };
    loom::array<double> scales = {1.0, 2.0, -1.0};
    throws_naming([&] { g.normal(0.0, -1.0); }, "scale < 0");
    throws_naming([&] { g.normal(0.0, -0.0, {3}); }, "scale < 0");
    throws_naming([&] { g.normal(0.0, scales, {2, 3}); }, "scale < 0");
    throws_naming([&] { g.exponential(-2.0); }, "scale < 0");
    throws_naming([&] { g.gamma(-1.0, 1.0); }, "shape < 0");
    throws_naming([&] { g.beta(0.0, 1.0); }, "a <= 0");
    throws_naming([&] { g.beta(1.0, -3.0, {4}); }, "b <= 0");
    throws_naming([&] { g.binomial(10, 1.5); }, "p < 0, p > 1 or p is NaN");
    throws_naming([&] { g.binomial(-1, 0.5, {2}); }, "n < 0");
    throws_naming([&] { g.poisson(-1.0); }, "lam < 0");
    throws_naming([&] { g.poisson(1e19); }, "lam value too large");
    throws_naming([&] { g.uniform(2.0, 1.0); }, "high - low < 0");
    throws_naming([&] { g.uniform(-1e308, 1e308); }, "high - low range exceeds valid bounds");
    throws_naming([&] { g.integers(5, 5); }, "low >= high");
    throws_naming([&] { g.integers(6, 5, {2}, true); }, "low > high");
    throws_naming([&] { g.integers<std::uint8_t>(0, 257, {2}); }, "high is out of bounds for uint8");
    throws_naming([&] { g.integers<std::int8_t>(-129, 0, {2}); }, "low is out of bounds for int8");
    const std::vector<double> p_bad = {0.5, 0.6}, p_neg = {1.5, -0.5};
    throws_naming([&] { g.choice(2, shape_t{3}, true, p_bad); }, "do not sum to 1");
    throws_naming([&] { g.choice(2, shape_t{3}, true, p_neg); }, "not non-negative");
    throws_naming([&] { g.choice(3, shape_t{4}, false); }, "larger sample than population");
}

TEST_CASE("uniform draws: moments, KS, chi-square on integers of each width", "[random]") {
    auto g = lr::default_rng(101);
    const std::size_t n = 200000;
    const auto u = as_double(g.random({n}));
    check_moments(u, 0.5, 1.0 / 12, 1.0 / 80);
    CHECK(ks_distance(u, [](double x) { return x; }) < ks_bound / std::sqrt(double(n)));
    const auto uf = as_double(g.random<float>({n}));
    CHECK(ks_distance(uf, [](double x) { return x; }) < ks_bound / std::sqrt(double(n)));
    CHECK(*std::max_element(uf.begin(), uf.end()) < 1.0);

    // chi-square bounds for p = 1e-6: df 9 -> 42.5, df 255 -> 380
    std::vector<std::int64_t> c10(10, 0), c256(256, 0);
    for (auto v : g.integers(0, 10, {n})) ++c10[std::size_t(v)];
    CHECK(chi_square(c10, std::vector<double>(10, double(n) / 10)) < 42.5);
    for (auto v : g.integers<std::uint8_t>(0, 256, {n})) ++c256[v];
    CHECK(chi_square(c256, std::vector<double>(256, double(n) / 256)) < 380);
    std::fill(c10.begin(), c10.end(), 0);
    for (auto v : g.integers<std::int16_t>(-3, 6, {n}, true)) ++c10[std::size_t(v + 3)];
    CHECK(chi_square(std::vector<std::int64_t>(c10.begin(), c10.end()), std::vector<double>(10, double(n) / 10)) < 42.5);
    std::vector<std::int64_t> c2(2, 0);
    for (bool v : g.integers<bool>(0, 1, {n}, true)) ++c2[v];
    CHECK(chi_square(c2, {double(n) / 2, double(n) / 2}) < 24);  // df 1
    // the Lemire path of 64-bit ranges: a range of 3 * 2^62 splits in thirds
    std::vector<std::int64_t> c3(3, 0);
    for (auto v : g.integers<std::uint64_t>(0, 3ull << 62, {n})) ++c3[std::size_t(v >> 62)];
    CHECK(chi_square(c3, std::vector<double>(3, double(n) / 3)) < 27.6);  // df 2
    const auto un = as_double(g.uniform(-2.0, 6.0, {n}));
    check_moments(un, 2.0, 64.0 / 12, 4096.0 / 80);
}

TEST_CASE("normal and exponential draws: moments and KS, float64 and float32", "[random]") {
    auto g = lr::default_rng(202);
    const std::size_t n = 200000;
    const double bound = ks_bound / std::sqrt(double(n));
    auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
    const auto z = as_double(g.standard_normal({n}));
    check_moments(z, 0, 1, 3);
    CHECK(ks_distance(z, phi) < bound);
    const auto zf = as_double(g.standard_normal<float>({n}));
    check_moments(zf, 0, 1, 3);
    CHECK(ks_distance(zf, phi) < bound);
    // the tail beyond the ziggurat's base (r = 3.654) is drawn too
    CHECK(std::count_if(z.begin(), z.end(), [](double x) { return std::fabs(x) > 3.7; }) > 0);
    const auto nz = as_double(g.normal(3.0, 0.5, {n}));
    check_moments(nz, 3.0, 0.25, 3 * 0.0625);

    auto expcdf = [](double x) { return x <= 0 ? 0.0 : -std::expm1(-x); };
    const auto e = as_double(g.standard_exponential({n}));
    check_moments(e, 1, 1, 9);
    CHECK(ks_distance(e, expcdf) < bound);
    const auto ef = as_double(g.standard_exponential<float>({n}));
    CHECK(ks_distance(ef, expcdf) < bound);
    check_moments(as_double(g.exponential(2.0, {n})), 2, 4, 9 * 16);
}

TEST_CASE("gamma, beta, binomial and poisson: moments on each algorithm's branch", "[random]") {
    auto g = lr::default_rng(303);
    const std::size_t n = 200000;
    for (double k : {0.3, 1.0, 4.5}) {  // Johnk-style below 1, exponential at 1, Marsaglia-Tsang above
        const double theta = 1.5;
        check_moments(as_double(g.gamma(k, theta, {n})), k * theta, k * theta * theta,
                      3 * k * (k + 2) * std::pow(theta, 4));
    }
    CHECK(g.standard_gamma(0.0) == 0.0);
    for (auto [a, b] : {std::pair{0.5, 0.5}, std::pair{2.0, 5.0}}) {
        const auto v = as_double(g.beta(a, b, {n}));
        const double mu = a / (a + b), var = a * b / ((a + b) * (a + b) * (a + b + 1));
        CHECK(std::fabs(mean_of(v) - mu) < 6 * std::sqrt(var / double(n)));
        CHECK(std::fabs(var_of(v) - var) < 0.05 * var);
    }
    // inversion (n p <= 30), BTPE (n p > 30), and p > 1/2 (drawn as n - Binomial(n, 1 - p))
    for (auto [bn, bp] : {std::pair{20, 0.3}, std::pair{1000, 0.4}, std::pair{100, 0.8}}) {
        const auto v = as_double(g.binomial(bn, bp, {n}));
        const double mu = bn * bp, var = bn * bp * (1 - bp);
        check_moments(v, mu, var, 3 * var * var + var * (1 - 6 * bp * (1 - bp)));
    }
    CHECK(vals(g.binomial(0, 0.5, {3})) == std::vector<std::int64_t>{0, 0, 0});
    CHECK(vals(g.binomial(7, 1.0, {2})) == std::vector<std::int64_t>{7, 7});
    for (double lam : {3.0, 50.0}) {  // multiplication below 10, PTRS above
        check_moments(as_double(g.poisson(lam, {n})), lam, lam, lam * (1 + 3 * lam));
    }
    CHECK(g.poisson(0.0) == 0);
    // choice with p: frequencies as p (chi-square, df 3 -> 30.7 at 1e-6)
    const std::vector<double> p = {0.1, 0.2, 0.3, 0.4};
    std::vector<std::int64_t> cnt(4, 0);
    for (auto v : g.choice(4, shape_t{n}, true, p)) ++cnt[std::size_t(v)];
    CHECK(chi_square(cnt, {0.1 * double(n), 0.2 * double(n), 0.3 * double(n), 0.4 * double(n)}) < 30.7);
}
