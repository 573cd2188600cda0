// tests/linalg/test_matmul.cpp: matmul, tensordot and matrix_transpose against a naive triple loop: every rank
// combination, batch axes broadcast both ways, size-0 and size-1 axes, transposed, reversed and strided views,
// expressions, every element type, products large enough for the BLAS (when built with it) and their errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::index_t;

// The product of two operands' C-order values under the Array API's matmul rules, by loops.
template <class R, class A, class B>
std::vector<R> naive_matmul(const std::vector<A>& a, std::vector<std::size_t> s1, const std::vector<B>& b,
                            std::vector<std::size_t> s2, std::vector<std::size_t>& out) {
    const bool v1 = s1.size() == 1, v2 = s2.size() == 1;
    if (v1) s1.insert(s1.begin(), 1);
    if (v2) s2.push_back(1);
    const std::size_t r1 = s1.size(), r2 = s2.size(), m = s1[r1 - 2], k = s1[r1 - 1], n = s2[r2 - 1];
    const std::size_t rb = std::max(r1, r2) - 2;
    std::vector<std::size_t> batch(rb, 1), bs1(s1.begin(), s1.end() - 2), bs2(s2.begin(), s2.end() - 2);
    for (std::size_t j = 0; j < rb; ++j) {
        const std::size_t e1 = j + bs1.size() >= rb ? bs1[j + bs1.size() - rb] : 1;
        const std::size_t e2 = j + bs2.size() >= rb ? bs2[j + bs2.size() - rb] : 1;
        batch[j] = e1 == 1 ? e2 : e1;
    }
    out = batch;
    if (!v1) out.push_back(m);
    if (!v2) out.push_back(n);
    std::vector<R> r;
    const auto at1 = [&](const index_t& bi, std::size_t i, std::size_t p) {
        return static_cast<R>(a[static_cast<std::size_t>(ref::offset(bi, bs1)) * m * k + i * k + p]);
    };
    const auto at2 = [&](const index_t& bi, std::size_t p, std::size_t j) {
        return static_cast<R>(b[static_cast<std::size_t>(ref::offset(bi, bs2)) * k * n + p * n + j]);
    };
    const auto each_batch = [&](auto&& f) {
        if (ref::count(batch) == 0) return;
        if (rb == 0) return f(index_t{});
        ref::for_each_index(batch, f);
    };
    each_batch([&](const index_t& bi) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                R s{};
                for (std::size_t p = 0; p < k; ++p) {
                    if constexpr (std::is_same_v<R, bool>) s = s || (at1(bi, i, p) && at2(bi, p, j));
                    else s = static_cast<R>(s + static_cast<R>(at1(bi, i, p) * at2(bi, p, j)));
                }
                r.push_back(s);
            }
    });
    return r;
}

// Equal for exact types; within a tolerance of the sum of |products| for floating ones.
template <class R>
bool close(R got, R want, double scale) {
    if constexpr (std::is_floating_point_v<R> || loom::is_complex_v<R>) {
        const double eps = std::is_same_v<loom::real_of_t<R>, float> ? 1e-5 : 1e-12;
        return std::abs(got - want) <= eps * (scale + 1);
    } else {
        return got == want;
    }
}

template <class R, class X1, class X2>
void check_matmul(const X1& x1, const X2& x2, const std::string& what) {
    INFO(what << ": " << loom::detail::to_string(x1.shape()) << " @ " << loom::detail::to_string(x2.shape()));
    using A = typename X1::value_type;
    using B = typename X2::value_type;
    const auto av = ref::values(x1);
    const auto bv = ref::values(x2);
    std::vector<std::size_t> out;
    const shape_t xs1 = x1.shape(), xs2 = x2.shape();  // an expression's shape() is a new value each call
    const std::vector<std::size_t> s1(xs1.begin(), xs1.end()), s2(xs2.begin(), xs2.end());
    const auto want = naive_matmul<R>(std::vector<A>(av.begin(), av.end()), s1, std::vector<B>(bv.begin(), bv.end()), s2, out);
    const auto got = loom::matmul(x1, x2);
    STATIC_REQUIRE(std::is_same_v<typename decltype(got)::value_type, R>);
    REQUIRE(got.shape() == ref::to_shape(out));
    const std::size_t k = s1.back();
    double scale = 0;  // a bound on the sums' magnitudes, for the floating tolerance
    if constexpr (!std::is_same_v<R, bool>) {
        double amax = 0, bmax = 0;
        const auto mag = [](R v) {
            if constexpr (loom::is_complex_v<R>) return static_cast<double>(std::abs(v));
            else return std::fabs(static_cast<double>(v));
        };
        for (const auto v : av) amax = std::max(amax, mag(static_cast<R>(v)));
        for (const auto v : bv) bmax = std::max(bmax, mag(static_cast<R>(v)));
        scale = amax * bmax * static_cast<double>(k);
    }
    std::size_t bad = 0;
    for (std::size_t i = 0; i < want.size() && bad < 5; ++i)
        if (!close(got.data()[i], want[i], scale)) {
            ++bad;
            FAIL_CHECK("element " << i << ": " << ref::text(got.data()[i]) << ", the loop gives " << ref::text(want[i]));
        }
}

// The shape pairs every element type runs over: each rank combination, batches broadcast both ways,
// size-1 and size-0 axes.
const std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> shape_pairs = {
    {{3}, {3}}, {{4}, {4, 5}}, {{4, 5}, {5}}, {{3, 4}, {4, 5}}, {{2, 3, 4}, {4}}, {{4}, {2, 4, 3}},
    {{2, 3, 4}, {4, 5}}, {{3, 4}, {2, 4, 5}}, {{2, 1, 3, 4}, {5, 4, 2}}, {{1, 3, 4}, {6, 4, 2}},
    {{7, 1}, {1, 9}}, {{0, 4}, {4, 3}}, {{3, 0}, {0, 5}}, {{2, 0, 3, 4}, {4, 2}}, {{0}, {0}},
    {{13, 17}, {17, 19}}};

template <class T>
void every_shape() {
    std::size_t seed = 1;
    for (const auto& [s1, s2] : shape_pairs) {
        const auto a = ref::filled<T>(s1, seed++);
        const auto b = ref::filled<T>(s2, seed++);
        check_matmul<T>(a, b, "arrays");
    }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("matmul of every rank combination against a triple loop", "[linalg][matmul]", ref::all_types) {
    every_shape<TestType>();
}

TEMPLATE_LIST_TEST_CASE("matmul of complex numbers", "[linalg][matmul]", ref::complex_types) {
    every_shape<TestType>();
    // large enough for the BLAS when loom is built with one
    check_matmul<TestType>(ref::filled<TestType>({40, 50}, 3), ref::filled<TestType>({50, 60}, 4), "large");
}

TEST_CASE("matmul reads views in place and evaluates expressions", "[linalg][matmul]") {
    const auto a = ref::filled<double>({6, 5}, 1);
    const auto b = ref::filled<double>({6, 7}, 2);
    const loom::array<double> at = loom::matrix_transpose(a);  // (5, 6), row-major copies
    const loom::array<double> bt = loom::matrix_transpose(b);
    // transposed views, as a BLAS takes them with a flag
    check_matmul<double>(loom::matrix_transpose(a), b, "transposed x1");
    check_matmul<double>(at, loom::matrix_transpose(bt), "transposed x2");
    check_matmul<double>(loom::matrix_transpose(a), loom::matrix_transpose(bt), "both transposed");
    // reversed and strided views, which no BLAS reads in place
    check_matmul<double>(loom::flip(at), loom::view(b, loom::all, loom::range(0, 7, 2)), "reversed and strided");
    check_matmul<double>(loom::view(at, loom::range(loom::none, loom::none, -1), loom::range(0, 6, 1)), loom::flip(b, 1), "reversed rows");
    // broadcast (stride 0) operands and expressions
    check_matmul<double>(loom::broadcast_to(loom::array<double>{1, 2, 3, 4, 5, 6}, {5, 6}), b, "broadcast rows");
    check_matmul<double>(at * 2.0 + 1.0, b - 1.0, "expressions");
    // large products (the BLAS, when built with it), each layout, float and double
    const auto big1 = ref::filled<double>({70, 80}, 5), big2 = ref::filled<double>({80, 90}, 6);
    check_matmul<double>(big1, big2, "large");
    check_matmul<double>(loom::matrix_transpose(loom::array<double>(loom::matrix_transpose(big1))), big2, "large transposed");
    check_matmul<double>(loom::flip(big1), loom::view(big2, loom::all, loom::range(0, 90, 2)), "large strided");
    const auto f1 = ref::filled<float>({65, 33}, 7), f2 = ref::filled<float>({33, 70}, 8);
    check_matmul<float>(f1, f2, "large float");
    // batches: x2 shared by every batch of a row-major x1 (one product of all rows), and not
    const auto x = ref::filled<double>({6, 20, 30}, 9), w = ref::filled<double>({30, 40}, 10);
    check_matmul<double>(x, w, "shared x2");
    check_matmul<double>(loom::view(x, loom::range(0, 6, 2)), w, "shared x2, batches strided");
    check_matmul<double>(loom::view(x, loom::all, loom::range(0, 20, 3)), w, "shared x2, rows strided");
    check_matmul<double>(ref::filled<double>({3, 1, 4, 5}, 11), ref::filled<double>({2, 5, 6}, 12), "batches broadcast");
}

TEST_CASE("matmul promotes mixed element types", "[linalg][matmul]") {
    const loom::array<std::int32_t> a = {{1, 2}, {3, 4}};
    const loom::array<double> b = {{0.5, 1}, {1.5, 2}};
    const auto c = loom::matmul(a, b);
    STATIC_REQUIRE(std::is_same_v<decltype(c)::value_type, double>);
    CHECK(ref::values(c) == std::vector<double>{3.5, 5, 7.5, 11});
    const loom::array<std::uint8_t> u = {{200, 100}};
    const loom::array<std::int8_t> s = {{-1}, {2}};
    const auto us = loom::matmul(u, s);  // int16: 200 * -1 + 100 * 2
    STATIC_REQUIRE(std::is_same_v<decltype(us)::value_type, std::int16_t>);
    CHECK(ref::values(us) == std::vector<std::int16_t>{0});
    const loom::array<bool> t = {{true, false}, {false, false}};
    CHECK(ref::values(loom::matmul(t, t)) == std::vector<bool>{true, false, false, false});
}

TEST_CASE("matmul rejects what does not multiply, before evaluating anything", "[linalg][matmul]") {
    const loom::array<double> a(shape_t{2, 3}), b(shape_t{4, 5});
    CHECK_THROWS_AS(loom::matmul(a, b), loom::broadcast_error);
    CHECK_THROWS_WITH(loom::matmul(a, b), Catch::Contains("matmul: cannot multiply (2, 3) by (4, 5): x1's last axis has 3 elements and x2's second-to-last axis 4"));
    CHECK_THROWS_WITH(loom::matmul(a, loom::array<double>{1, 2}), Catch::Contains("cannot multiply (2, 3) by (2,): x1's last axis has 3 elements and x2's only axis 2"));
    CHECK_THROWS_WITH(loom::matmul(a, loom::full<double>(shape_t{}, 1.0)), Catch::Contains("x2 has rank 0"));
    CHECK_THROWS_WITH(loom::matmul(loom::array<double>(shape_t{2, 2, 3}), loom::array<double>(shape_t{3, 3, 4})),
                      Catch::Contains("cannot multiply (2, 2, 3) by (3, 3, 4): the batch axes do not broadcast"));
    CHECK_THROWS_AS(loom::matmul(a + loom::array<double>{1, 2}, b), loom::broadcast_error);  // the operand itself
}

TEST_CASE("tensordot contracts the axes given", "[linalg][tensordot]") {
    const auto a = ref::filled<double>({3, 4, 5}, 1);
    const auto b = ref::filled<double>({4, 5, 2}, 2);
    const auto av = ref::values(a), bv = ref::values(b);
    // axes = 2: a's last two with b's first two
    const auto t2 = loom::tensordot(a, b);
    REQUIRE(t2.shape() == shape_t{3, 2});
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 2; ++j) {
            double s = 0;
            for (std::size_t p = 0; p < 4; ++p)
                for (std::size_t q = 0; q < 5; ++q) s += av[i * 20 + p * 5 + q] * bv[p * 10 + q * 2 + j];
            CHECK(t2(i, j) == Approx(s));
        }
    // axes = 0: the outer product
    const auto t0 = loom::tensordot(loom::array<int>{1, 2}, loom::array<int>{3, 4, 5}, 0);
    CHECK(ref::values(t0) == std::vector<int>{3, 4, 5, 6, 8, 10});
    // two lists, in any order, through a transposed view
    const auto tl = loom::tensordot(a, loom::transpose(b), {2, 1}, {1, 2});
    REQUIRE(tl.shape() == shape_t{3, 2});
    CHECK(ref::values(tl) == ref::values(t2));
    CHECK_THROWS_AS(loom::tensordot(a, b, {0}, {0}), loom::broadcast_error);
    CHECK_THROWS_WITH(loom::tensordot(a, b, {0}, {0}), Catch::Contains("axis 0 of x1 has 3 elements and axis 0 of x2 4"));
    CHECK_THROWS_WITH(loom::tensordot(a, b, 4), Catch::Contains("4 axes to contract, but the operands have ranks 3 and 3"));
    CHECK_THROWS_WITH(loom::tensordot(a, b, {1, 1}, {0, 1}), Catch::Contains("contracted twice"));
}

TEST_CASE("matrix_transpose swaps the last two axes, as a view", "[linalg][matrix_transpose]") {
    auto x = ref::iota<double>({2, 3, 4});
    auto t = loom::matrix_transpose(x);
    REQUIRE(t.shape() == shape_t{2, 4, 3});
    CHECK(t(1, 3, 2) == x(1, 2, 3));
    t(0, 1, 2) = -1;
    CHECK(x(0, 2, 1) == -1);
    CHECK(ref::values(loom::matrix_transpose(loom::matrix_transpose(x))) == ref::values(x));
    CHECK_THROWS_WITH(loom::matrix_transpose(loom::array<double>{1, 2}), Catch::Contains("matrix_transpose: x has shape (2,); it needs two axes or more"));
}
