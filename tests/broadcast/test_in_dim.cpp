// tests/broadcast/test_in_dim.cpp: in_dim, XLA InDim broadcasting in element-wise operations: the spec's examples, dims errors, combinations.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <array>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::in_dim;
using loom::shape_t;

namespace {

using ref::has;
using ref::values;

}  // namespace

TEMPLATE_TEST_CASE("in_dim: matrix (2,3) + vector (3) with dims {1}", "[broadcast][in_dim][xla]", std::int16_t,
                   std::int32_t, std::uint8_t, float, double) {
    const loom::array<TestType> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<TestType> v = {7, 8, 9};
    const loom::array<TestType> r = X + in_dim(v, {1});
    CHECK(r.shape() == shape_t{2, 3});
    CHECK(std::vector<TestType>(r.begin(), r.end()) == std::vector<TestType>{8, 10, 12, 11, 13, 15});
    // in_dim on the left gives the same
    CHECK(values(in_dim(v, {1}) + X) == std::vector<TestType>{8, 10, 12, 11, 13, 15});
}

TEST_CASE("in_dim: (3,3) + (3) with dims {0} and with dims {1} differ", "[broadcast][in_dim][xla]") {
    const loom::array<double> M = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    const loom::array<double> v = {7, 8, 9};
    // dims {1}: each row gets 7 8 9
    CHECK(values(M + in_dim(v, {1})) == std::vector<double>{8, 10, 12, 11, 13, 15, 14, 16, 18});
    // dims {0}: row i gets v[i] everywhere
    CHECK(values(M + in_dim(v, {0})) == std::vector<double>{8, 9, 10, 12, 13, 14, 16, 17, 18});
    // the two broadcast operands of the spec, seen alone through zeros
    const loom::array<double> Z = loom::zeros<double>({3, 3});
    CHECK(values(Z + in_dim(v, {1})) == std::vector<double>{7, 8, 9, 7, 8, 9, 7, 8, 9});
    CHECK(values(Z + in_dim(v, {0})) == std::vector<double>{7, 7, 7, 8, 8, 8, 9, 9, 9});
}

TEST_CASE("in_dim: 2x3x4 cuboid + 3x4 matrix with dims {1, 2}, and other pairs of dims", "[broadcast][in_dim][xla]") {
    loom::array<int> C(shape_t{2, 3, 4});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) C(i, j, k) = static_cast<int>(100 * i + 10 * j + k);
    loom::array<int> M(shape_t{3, 4});
    for (std::size_t j = 0; j < 3; ++j)
        for (std::size_t k = 0; k < 4; ++k) M(j, k) = static_cast<int>(1000 * (j + 1) + 10000 * k);
    const loom::array<int> r = C + in_dim(M, {1, 2});
    REQUIRE(r.shape() == shape_t{2, 3, 4});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) CHECK(r(i, j, k) == C(i, j, k) + M(j, k));

    // a 2x4 matrix onto dims {0, 2}, a 2x3 matrix onto dims {0, 1}
    loom::array<int> A(shape_t{2, 4});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t k = 0; k < 4; ++k) A(i, k) = static_cast<int>(1000 * (i + 1) + 10000 * k);
    const loom::array<int> r02 = C + in_dim(A, {0, 2});
    loom::array<int> B(shape_t{2, 3});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j) B(i, j) = static_cast<int>(1000 * (i + 1) + 10000 * j);
    const loom::array<int> r01 = C + in_dim(B, {0, 1});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) {
                CHECK(r02(i, j, k) == C(i, j, k) + A(i, k));
                CHECK(r01(i, j, k) == C(i, j, k) + B(i, j));
            }
}

TEST_CASE("in_dim: a vector T onto each dim of MxNxPxQ, a matrix onto dims {0, 3}", "[broadcast][in_dim][xla]") {
    const std::array<std::size_t, 4> ext = {2, 3, 4, 5};
    loom::array<double> Z = loom::zeros<double>({2, 3, 4, 5});
    for (std::size_t d = 0; d < 4; ++d) {
        loom::array<double> t(shape_t{ext[d]});
        for (std::size_t i = 0; i < ext[d]; ++i) t(i) = static_cast<double>(i + 1);
        const loom::array<double> r = Z + in_dim(t, std::vector<int>{static_cast<int>(d)});
        REQUIRE(r.shape() == shape_t{2, 3, 4, 5});
        for (std::size_t a = 0; a < 2; ++a)
            for (std::size_t b = 0; b < 3; ++b)
                for (std::size_t c = 0; c < 4; ++c)
                    for (std::size_t e = 0; e < 5; ++e) {
                        const std::size_t idx[4] = {a, b, c, e};
                        CHECK(r(a, b, c, e) == static_cast<double>(idx[d] + 1));
                    }
    }
    loom::array<double> TV(shape_t{2, 5});
    for (std::size_t a = 0; a < 2; ++a)
        for (std::size_t e = 0; e < 5; ++e) TV(a, e) = static_cast<double>(10 * a + e);
    const loom::array<double> r = Z + in_dim(TV, {0, 3});
    for (std::size_t a = 0; a < 2; ++a)
        for (std::size_t b = 0; b < 3; ++b)
            for (std::size_t c = 0; c < 4; ++c)
                for (std::size_t e = 0; e < 5; ++e) CHECK(r(a, b, c, e) == static_cast<double>(10 * a + e));
}

TEST_CASE("in_dim: vector (4) + matrix (1,2) with dims {0} is 4x2", "[broadcast][in_dim][xla]") {
    const loom::array<double> v = {1, 2, 3, 4};
    const loom::array<double> m = {{5, 6}};
    const loom::array<double> r = in_dim(v, {0}) + m;
    CHECK(r.shape() == shape_t{4, 2});
    CHECK(std::vector<double>(r.begin(), r.end()) == std::vector<double>{6, 7, 7, 8, 8, 9, 9, 10});
}

TEST_CASE("in_dim: (1,2) + (4,3,1) with dims {1, 2} is (4,3,2)", "[broadcast][in_dim][xla]") {
    const loom::array<double> a = {{1, 2}};
    loom::array<double> b(shape_t{4, 3, 1});
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 3; ++j) b(i, j, 0) = static_cast<double>(100 * i + 10 * j);
    const loom::array<double> r = in_dim(a, {1, 2}) + b;
    REQUIRE(r.shape() == shape_t{4, 3, 2});
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 2; ++k)
                CHECK(r(i, j, k) == static_cast<double>(100 * i + 10 * j) + static_cast<double>(k + 1));
}

TEST_CASE("in_dim: the dims XLA rejects throw broadcast_error naming the value", "[broadcast][in_dim][xla][errors]") {
    const loom::array<double> X(shape_t{2, 3});
    const loom::array<double> v3 = {7, 8, 9};
    const loom::array<double> C(shape_t{2, 3, 4});
    const loom::array<double> M(shape_t{3, 4});
    // one entry per operand axis
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(X + in_dim(v3, {})); }), "0 entries"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(X + in_dim(v3, {0, 1})); }), "2 entries"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(C + in_dim(M, {1})); }), "rank 2"));
    // in range of the other operand's rank
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(X + in_dim(v3, {2})); }), "entry 2"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(X + in_dim(v3, {-1})); }), "entry -1"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(C + in_dim(M, {2, 3})); }), "entry 3"));
    // strictly increasing: matching V to N and T to P, or V to both
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(C + in_dim(M, {2, 1})); }), "entry 1"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(C + in_dim(M, {1, 1})); }), "strictly increasing"));
    // the matched sizes must agree (or be 1): ordinary broadcasting after the raise
    const std::string size = ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(X + in_dim(v3, {0})); });
    CHECK(has(size, "(2, 3)"));
    CHECK(has(size, "(3, 1)"));
    CHECK_THROWS_AS(loom::eval(C + in_dim(M, {0, 1})), loom::broadcast_error);
    // the shape is resolved before anything is written
    loom::array<double> out = {{1, 2, 3}, {4, 5, 6}};
    CHECK_THROWS_AS(out = out + in_dim(v3, {0}), loom::broadcast_error);
    CHECK_THROWS_AS(loom::view(out, loom::ellipsis) = out + in_dim(v3, {2}), loom::broadcast_error);
    CHECK(values(out) == std::vector<double>{1, 2, 3, 4, 5, 6});
    // with nothing to take a rank from
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)in_dim(v3, {0}).shape(); }), "no other operand"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(in_dim(v3, {0}) + in_dim(v3, {0})); }), "no other operand"));
    CHECK(has(ref::what_of<loom::broadcast_error>([&] { (void)loom::eval(in_dim(v3, {0}) + 1.0); }), "rank 0"));
}

TEST_CASE("in_dim: combinations with scalars, further operands and expressions", "[broadcast][in_dim]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20};
    const loom::array<double> w = {100, 200, 300};
    // a scalar sibling: the rank comes from the enclosing operation
    CHECK(values(X + in_dim(v, {0}) * 2.0) == std::vector<double>{21, 22, 23, 44, 45, 46});
    CHECK(values(2.0 * in_dim(v, {0}) + X) == std::vector<double>{21, 22, 23, 44, 45, 46});
    // two in_dim in a chain: an outer sum on top of X
    CHECK(values(X + in_dim(v, {0}) + in_dim(w, {1})) ==
          std::vector<double>{111, 212, 313, 124, 225, 326});
    // two in_dim under one operation, the rank from above
    CHECK(values(X + in_dim(v, {0}) * in_dim(w, {1})) ==
          std::vector<double>{1001, 2002, 3003, 2004, 4005, 6006});
    // in_dim of an expression
    const loom::array<double> u = {1, 2};
    CHECK(values(X + in_dim(v + u, {0})) == std::vector<double>{12, 13, 14, 26, 27, 28});
    // in_dim of a view, with a range of dims
    const std::vector<long> d1 = {1};
    CHECK(values(X + in_dim(loom::view(w, loom::range(loom::none, loom::none, -1)), d1)) ==
          std::vector<double>{301, 202, 103, 304, 205, 106});
    // three operands
    CHECK(values(loom::where(X > 3.0, in_dim(v, {0}), X)) == std::vector<double>{1, 2, 3, 20, 20, 20});
    // mixed element types promote as usual
    const loom::array<std::int8_t> small = {1, 2};
    const auto mixed = X + in_dim(small, {0});
    STATIC_REQUIRE(std::is_same_v<typename decltype(mixed)::value_type, double>);
    CHECK(values(mixed) == std::vector<double>{2, 3, 4, 6, 7, 8});
    // a function of in_dim; the shape of the expression
    const auto e = loom::maximum(X, in_dim(v, {0}) / 4.0);
    CHECK(e.shape() == shape_t{2, 3});
    CHECK(values(e) == std::vector<double>{2.5, 2.5, 3, 5, 5, 6});
    // as the value of assignments into arrays and views
    loom::array<double> r = X;
    r = r + in_dim(v, {0});
    CHECK(values(r) == std::vector<double>{11, 12, 13, 24, 25, 26});
    loom::array<double> t(shape_t{2, 3});
    loom::view(t, loom::ellipsis) = X * in_dim(v, {0});
    CHECK(values(t) == std::vector<double>{10, 20, 30, 80, 100, 120});
    // reading the target itself through in_dim: evaluated as if copied first
    loom::array<double> s = {{1, 2}, {3, 4}};
    loom::view(s, loom::ellipsis) = s + in_dim(loom::view(s, loom::all, 0), {0});  // add column 0 to each row
    CHECK(values(s) == std::vector<double>{2, 3, 6, 7});
}
