// tests/broadcast/test_broadcast_shapes.cpp: the Array API algorithm, the spec's and XLA's examples, error text.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <string>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

std::string message_of(const shape_t& a, const shape_t& b) {
    return ref::what_of<loom::broadcast_error>([&] { (void)loom::broadcast_shapes(a, b); });
}

// r[idx] == a[bcast idx] op b[bcast idx] for every index of the expected shape, by plain loops.
template <class T, class R, class Op>
void check_binary(const loom::array<T>& a, const loom::array<T>& b, const R& r,
                  const std::vector<std::size_t>& expected_shape, Op op) {
    REQUIRE(r.shape() == ref::to_shape(expected_shape));
    const std::vector<std::size_t> as(a.shape().begin(), a.shape().end());
    const std::vector<std::size_t> bs(b.shape().begin(), b.shape().end());
    std::size_t flat = 0;
    ref::for_each_index(expected_shape, [&](const ref::index_t& idx) {
        const T want = op(a.data()[ref::offset(idx, as)], b.data()[ref::offset(idx, bs)]);
        CHECK(r.data()[flat] == want);
        ++flat;
    });
}

}  // namespace

TEST_CASE("the spec's six compatible pairs give the spec's result shapes", "[broadcast][shapes]") {
    CHECK(loom::broadcast_shapes({8, 1, 6, 1}, {7, 1, 5}) == shape_t{8, 7, 6, 5});
    CHECK(loom::broadcast_shapes({5, 4}, {1}) == shape_t{5, 4});
    CHECK(loom::broadcast_shapes({5, 4}, {4}) == shape_t{5, 4});
    CHECK(loom::broadcast_shapes({15, 3, 5}, {15, 1, 5}) == shape_t{15, 3, 5});
    CHECK(loom::broadcast_shapes({15, 3, 5}, {3, 5}) == shape_t{15, 3, 5});
    CHECK(loom::broadcast_shapes({15, 3, 5}, {3, 1}) == shape_t{15, 3, 5});
    // the algorithm is symmetric
    CHECK(loom::broadcast_shapes({7, 1, 5}, {8, 1, 6, 1}) == shape_t{8, 7, 6, 5});
    CHECK(loom::broadcast_shapes({3, 1}, {15, 3, 5}) == shape_t{15, 3, 5});
}

TEST_CASE("the spec's six compatible pairs evaluate element by element", "[broadcast][shapes]") {
    const std::vector<std::vector<std::size_t>> a_shapes = {{8, 1, 6, 1}, {5, 4}, {5, 4}, {15, 3, 5}, {15, 3, 5}, {15, 3, 5}};
    const std::vector<std::vector<std::size_t>> b_shapes = {{7, 1, 5}, {1}, {4}, {15, 1, 5}, {3, 5}, {3, 1}};
    const std::vector<std::vector<std::size_t>> results = {{8, 7, 6, 5}, {5, 4}, {5, 4}, {15, 3, 5}, {15, 3, 5}, {15, 3, 5}};
    for (std::size_t k = 0; k < a_shapes.size(); ++k) {
        INFO("pair " << k);
        const auto a = ref::filled<double>(a_shapes[k], 1);
        const auto b = ref::filled<double>(b_shapes[k], 2);
        CHECK((a + b).shape() == ref::to_shape(results[k]));
        const loom::array<double> r = a * 2.0 - b;
        check_binary(a, b, r, results[k], [](double x, double y) { return x * 2.0 - y; });
    }
}

TEST_CASE("the spec's three incompatible pairs throw broadcast_error", "[broadcast][shapes]") {
    CHECK_THROWS_AS(loom::broadcast_shapes({3}, {4}), loom::broadcast_error);
    CHECK_THROWS_AS(loom::broadcast_shapes({2, 1}, {8, 4, 3}), loom::broadcast_error);
    CHECK_THROWS_AS(loom::broadcast_shapes({15, 3, 5}, {15, 3}), loom::broadcast_error);
    // the same pairs as expressions: shape() and evaluation throw
    const auto a = loom::zeros<double>({2, 1});
    const auto b = loom::zeros<double>({8, 4, 3});
    CHECK_THROWS_AS((a + b).shape(), loom::broadcast_error);
    CHECK_THROWS_AS(loom::eval(a + b), loom::broadcast_error);
    const auto c = loom::zeros<double>({15, 3, 5});
    const auto d = loom::zeros<double>({15, 3});
    CHECK_THROWS_AS(loom::array<double>(c * d), loom::broadcast_error);
}

TEST_CASE("broadcast_error names both shapes and the axis", "[broadcast][errors]") {
    CHECK(message_of({15, 3, 5}, {15, 3}) == "loom: cannot broadcast (15, 3, 5) with (15, 3): axis -1 has 5 and 3");
    CHECK(message_of({3}, {4}) == "loom: cannot broadcast (3,) with (4,): axis -1 has 3 and 4");
    CHECK(message_of({2, 1}, {8, 4, 3}) == "loom: cannot broadcast (2, 1) with (8, 4, 3): axis -2 has 2 and 4");
    CHECK(message_of({0}, {3}) == "loom: cannot broadcast (0,) with (3,): axis -1 has 0 and 3");
    // an expression reports the same text
    const auto c = loom::zeros<double>({15, 3, 5});
    const auto d = loom::zeros<double>({15, 3});
    CHECK_THROWS_WITH((c + d).shape(), "loom: cannot broadcast (15, 3, 5) with (15, 3): axis -1 has 5 and 3");
    // broadcast_error is a std::invalid_argument
    CHECK_THROWS_AS(loom::broadcast_shapes({3}, {4}), std::invalid_argument);
}

TEST_CASE("XLA's degenerate-dimension examples", "[broadcast][shapes]") {
    CHECK(loom::broadcast_shapes({2, 1}, {2, 3}) == shape_t{2, 3});
    CHECK(loom::broadcast_shapes({1, 2, 5}, {7, 2, 5}) == shape_t{7, 2, 5});
    CHECK(loom::broadcast_shapes({7, 2, 5}, {7, 1, 5}) == shape_t{7, 2, 5});
    CHECK_THROWS_AS(loom::broadcast_shapes({7, 2, 5}, {7, 2, 6}), loom::broadcast_error);
    CHECK(message_of({7, 2, 5}, {7, 2, 6}) == "loom: cannot broadcast (7, 2, 5) with (7, 2, 6): axis -1 has 5 and 6");
    CHECK(loom::broadcast_shapes({2, 1}, {1, 3}) == shape_t{2, 3});
}

TEST_CASE("XLA's degenerate-dimension examples evaluate element by element", "[broadcast][shapes]") {
    SECTION("(2,1) + (2,3), worked by hand") {
        const auto a = ref::make<int>({2, 1}, {10, 20});
        const loom::array<int> b = {{1, 2, 3}, {4, 5, 6}};
        const loom::array<int> r = a + b;
        CHECK(loom::array_equal(r, loom::array<int>{{11, 12, 13}, {24, 25, 26}}));
    }
    SECTION("(2,1) + (1,3) is an outer sum, worked by hand") {
        const auto a = ref::make<int>({2, 1}, {10, 20});
        const loom::array<int> b = {{1, 2, 3}};
        const loom::array<int> r = a + b;
        CHECK(loom::array_equal(r, loom::array<int>{{11, 12, 13}, {21, 22, 23}}));
        const loom::array<int> p = a * b;
        CHECK(loom::array_equal(p, loom::array<int>{{10, 20, 30}, {20, 40, 60}}));
    }
    SECTION("(1,2,5) + (7,2,5)") {
        const auto a = ref::filled<double>({1, 2, 5}, 3);
        const auto b = ref::filled<double>({7, 2, 5}, 4);
        check_binary(a, b, loom::array<double>(a + b), {7, 2, 5}, [](double x, double y) { return x + y; });
    }
    SECTION("(7,2,5) - (7,1,5)") {
        const auto a = ref::filled<double>({7, 2, 5}, 5);
        const auto b = ref::filled<double>({7, 1, 5}, 6);
        check_binary(a, b, loom::array<double>(a - b), {7, 2, 5}, [](double x, double y) { return x - y; });
    }
    SECTION("(7,2,5) with (7,2,6) is rejected at evaluation") {
        const auto a = ref::filled<double>({7, 2, 5}, 5);
        const auto b = ref::filled<double>({7, 2, 6}, 6);
        CHECK_THROWS_AS(loom::eval(a + b), loom::broadcast_error);
    }
    SECTION("XLA's composition example: vector(4) as a column plus a 1x2 matrix") {
        const auto v = ref::make<int>({4, 1}, {1, 2, 3, 4});
        const loom::array<int> m = {{5, 6}};
        const loom::array<int> r = v + m;
        CHECK(loom::array_equal(r, loom::array<int>{{6, 7}, {7, 8}, {8, 9}, {9, 10}}));
    }
}

TEST_CASE("broadcast_shapes takes any number of shapes", "[broadcast][shapes]") {
    CHECK(loom::broadcast_shapes({4, 1, 3}) == shape_t{4, 1, 3});
    CHECK(loom::broadcast_shapes(shape_t{}) == shape_t{});
    CHECK(loom::broadcast_shapes({3}, {2, 1}, {1, 1, 1}) == shape_t{1, 2, 3});
    CHECK(loom::broadcast_shapes({5, 1, 1}, {1, 4, 1}, {1, 1, 3}, {}) == shape_t{5, 4, 3});
    const shape_t s1{2, 1, 1, 1}, s2{3, 1, 1}, s3{4, 1}, s4{5}, s5{1, 1, 1, 1, 1};
    CHECK(loom::broadcast_shapes(s1, s2, s3, s4, s5) == shape_t{1, 2, 3, 4, 5});
    CHECK_THROWS_AS(loom::broadcast_shapes({3}, {1}, {4}), loom::broadcast_error);
    const shape_t one{1}, three{3}, two_two{2, 2};
    CHECK_THROWS_AS(loom::broadcast_shapes(three, one, one, one, two_two), loom::broadcast_error);
    // rank 0 broadcasts with everything
    CHECK(loom::broadcast_shapes({}, {2, 3}) == shape_t{2, 3});
    CHECK(loom::broadcast_shapes({2, 3}, {}) == shape_t{2, 3});
    CHECK(loom::broadcast_shapes({}, {}) == shape_t{});
}

TEST_CASE("size-1 axes stretch to 0 and 0-size axes follow NumPy", "[broadcast][shapes][empty]") {
    CHECK(loom::broadcast_shapes({0}, {1}) == shape_t{0});
    CHECK(loom::broadcast_shapes({1}, {0}) == shape_t{0});
    CHECK(loom::broadcast_shapes({2, 0}, {2, 1}) == shape_t{2, 0});
    CHECK(loom::broadcast_shapes({0, 3}, {3}) == shape_t{0, 3});
    CHECK(loom::broadcast_shapes({0}, {}) == shape_t{0});
    CHECK(loom::broadcast_shapes({0, 1}, {1, 0}) == shape_t{0, 0});
    CHECK_THROWS_AS(loom::broadcast_shapes({0}, {3}), loom::broadcast_error);
    CHECK_THROWS_AS(loom::broadcast_shapes({2, 0}, {2, 3}), loom::broadcast_error);
    // evaluating an empty result writes nothing and gives the empty shape
    const auto a = loom::zeros<double>({2, 0});
    const auto b = loom::ones<double>({2, 1});
    const loom::array<double> r = a + b;
    CHECK(r.shape() == shape_t{2, 0});
    CHECK(r.size() == 0);
    const auto c = loom::zeros<double>({0, 1});
    const auto d = loom::zeros<double>({1, 5});
    CHECK(loom::eval(c * d).shape() == shape_t{0, 5});
}

TEST_CASE("broadcasting at high rank", "[broadcast][shapes][rank]") {
    shape_t a, b, want;
    for (std::size_t i = 0; i < 12; ++i) {
        a.push_back(i % 2 ? 1 : i + 1);
        b.push_back(i % 2 ? i + 1 : 1);
        want.push_back(i + 1);
    }
    b.erase(0);  // b has rank 11, a rank 12; a's axis 0 has size 1
    CHECK(loom::broadcast_shapes(a, b) == want);
}

TEST_CASE("broadcast_shapes takes up to eight braced lists and any number of shapes", "[broadcast][shapes]") {
    CHECK(loom::broadcast_shapes({2, 1}, {1, 3}, {1}, {2, 3}, {3}) == shape_t{2, 3});
    CHECK(loom::broadcast_shapes({2, 1}, {1, 3}, {1}, {2, 3}, {3}, {1, 1, 1}, {}, {5, 1, 1}) == shape_t{5, 2, 3});
    const shape_t a{2, 1};
    CHECK(loom::broadcast_shapes(a, a, a, a, a, a, a, a, shape_t{4, 2, 5}, a) == shape_t{4, 2, 5});
    CHECK_THROWS_AS(loom::broadcast_shapes({2, 3}, {3}, {1}, {1}, {4}), loom::broadcast_error);
}
