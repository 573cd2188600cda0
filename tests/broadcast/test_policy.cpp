// tests/broadcast/test_policy.cpp: the rank-promotion policy: allow, warn, raise; per thread; explicit forms stay allowed.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::rank_promotion;
using loom::shape_t;

namespace {

using ref::values;

// Captures what std::clog receives while alive.
struct clog_capture {
    std::ostringstream text;
    std::streambuf* old;
    clog_capture() : old(std::clog.rdbuf(text.rdbuf())) {}
    ~clog_capture() { std::clog.rdbuf(old); }
};

std::size_t lines(const std::string& s) {
    std::size_t n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

}  // namespace

TEST_CASE("policy: allow by default, set_rank_promotion returns the previous, the scope restores", "[broadcast][policy]") {
    CHECK(loom::get_rank_promotion() == rank_promotion::allow);
    CHECK(loom::set_rank_promotion(rank_promotion::warn) == rank_promotion::allow);
    CHECK(loom::get_rank_promotion() == rank_promotion::warn);
    {
        loom::rank_promotion_scope guard(rank_promotion::raise);
        CHECK(loom::get_rank_promotion() == rank_promotion::raise);
        {
            loom::rank_promotion_scope inner(rank_promotion::allow);
            CHECK(loom::get_rank_promotion() == rank_promotion::allow);
        }
        CHECK(loom::get_rank_promotion() == rank_promotion::raise);
    }
    CHECK(loom::get_rank_promotion() == rank_promotion::warn);
    CHECK(loom::set_rank_promotion(rank_promotion::allow) == rank_promotion::warn);
    // restored on the way out of an exception too
    try {
        loom::rank_promotion_scope guard(rank_promotion::raise);
        throw 1;
    } catch (int) {
    }
    CHECK(loom::get_rank_promotion() == rank_promotion::allow);
}

TEST_CASE("policy raise: (2,3) + (3) throws; (1,3), a scalar and in_dim work", "[broadcast][policy]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20, 30};
    const loom::array<double> row = {{10, 20, 30}};
    loom::rank_promotion_scope guard(rank_promotion::raise);
    try {
        (void)loom::eval(X + v);
        FAIL("no error");
    } catch (const loom::broadcast_error& e) {
        const std::string msg = e.what();
        CHECK(msg.find("(2, 3)") != std::string::npos);
        CHECK(msg.find("(3,)") != std::string::npos);
        CHECK(msg.find("raise") != std::string::npos);
    }
    CHECK_THROWS_AS((X + v).shape(), loom::broadcast_error);
    CHECK_THROWS_AS(loom::eval(v * X), loom::broadcast_error);
    CHECK(values(X + row) == std::vector<double>{11, 22, 33, 14, 25, 36});
    CHECK(values(X + 2.0) == std::vector<double>{3, 4, 5, 6, 7, 8});
    CHECK(values(2.0 * X - 1) == std::vector<double>{1, 3, 5, 7, 9, 11});
    CHECK(values(X + loom::in_dim(v, {1})) == std::vector<double>{11, 22, 33, 14, 25, 36});
}

TEST_CASE("policy raise: every assignment path checks it, into arrays, tensors and fixed arrays", "[broadcast][policy]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20, 30};
    const loom::fixed_array<double, 2, 3> fX = {{1, 2, 3}, {4, 5, 6}};
    const loom::fixed_array<double, 3> fv = {10, 20, 30};
    loom::array<double> r = X;  // of the result's shape: the rows-without-a-plan path
    loom::tensor<double, 2> t = X;
    loom::fixed_array<double, 2, 3> fr = fX;  // static shapes: the compile-time plan
    {
        loom::rank_promotion_scope guard(rank_promotion::raise);
        CHECK_THROWS_AS(r = X + v, loom::broadcast_error);
        CHECK_THROWS_AS(r += v, loom::broadcast_error);
        CHECK_THROWS_AS(t = X + v, loom::broadcast_error);
        CHECK_THROWS_AS(t *= v, loom::broadcast_error);
        CHECK_THROWS_AS(fr = fX + fv, loom::broadcast_error);
        CHECK_THROWS_AS(fr += fv, loom::broadcast_error);
        CHECK_THROWS_AS(fr = fX * v, loom::broadcast_error);
        CHECK(values(r) == values(X));  // nothing written
        CHECK(values(t) == values(X));
        CHECK(values(fr) == values(X));
        fr = fX + fX;  // same ranks: allowed
        CHECK(values(fr) == std::vector<double>{2, 4, 6, 8, 10, 12});
    }
    r = X + v;  // allowed again
    fr = fX + fv;
    CHECK(values(r) == std::vector<double>{11, 22, 33, 14, 25, 36});
    CHECK(values(fr) == values(r));
}

TEST_CASE("policy raise: explicit forms, rank-0 arrays and same-rank size-1 axes stay allowed", "[broadcast][policy]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20, 30};
    const loom::array<double> c = {100, 200};
    const loom::array<double> one{7};
    loom::rank_promotion_scope guard(rank_promotion::raise);
    const std::vector<double> plus_v = {11, 22, 33, 14, 25, 36};
    CHECK(values(X + loom::broadcast_to(v, {2, 3})) == plus_v);
    CHECK(values(X + loom::broadcast_in_dim(v, {2, 3}, {1})) == plus_v);
    CHECK(values(X + loom::expand_dims(v, 0)) == plus_v);
    CHECK(values(X + loom::view(v, loom::newaxis, loom::all)) == plus_v);
    CHECK(values(X + loom::expand_dims(c, 1)) == std::vector<double>{101, 102, 103, 204, 205, 206});
    CHECK(values(X + loom::view(one, 0)) == std::vector<double>{8, 9, 10, 11, 12, 13});  // rank 0
    loom::array<double> col(shape_t{2, 1});
    col(0, 0) = 1;
    col(1, 0) = 2;
    const loom::array<double> r = {{10, 20, 30}};
    CHECK(values(col * r) == std::vector<double>{10, 20, 30, 20, 40, 60});  // outer product, same rank
    auto [a, b] = loom::broadcast_arrays(X, v);                             // explicit: allowed
    CHECK(values(a + b) == plus_v);
}

TEST_CASE("policy raise: every operation is checked, nested and N-ary ones too", "[broadcast][policy]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> Y = {{1, 1, 1}, {2, 2, 2}};
    const loom::array<double> v = {10, 20, 30};
    const loom::array<bool> m = {{true, false, true}, {false, true, false}};
    loom::rank_promotion_scope guard(rank_promotion::raise);
    CHECK_THROWS_AS(loom::eval((X + Y) * v), loom::broadcast_error);
    CHECK_THROWS_AS(loom::eval(loom::abs(X) - v), loom::broadcast_error);
    CHECK_THROWS_AS(loom::eval(loom::where(m, X, v)), loom::broadcast_error);
    CHECK_THROWS_AS(loom::eval(loom::clip(X, v, 100.0)), loom::broadcast_error);
    CHECK(values(loom::where(m, X, Y)) == std::vector<double>{1, 1, 3, 2, 5, 2});
    // into a view: the value's own operations are checked
    loom::array<double> t = loom::zeros<double>({2, 3});
    CHECK_THROWS_AS(loom::view(t, loom::ellipsis) = X + v, loom::broadcast_error);
    CHECK(values(t) == std::vector<double>(6, 0.0));
    // an in_dim under raise lines up by its dims; its siblings are still checked
    CHECK(values(X + loom::in_dim(v, {1}) * 2.0) == std::vector<double>{21, 42, 63, 24, 45, 66});
    CHECK_THROWS_AS(loom::eval((X + loom::in_dim(v, {1})) * v), loom::broadcast_error);
    CHECK(values(X + loom::in_dim(v, {1}) * Y) == std::vector<double>{11, 22, 33, 24, 45, 66});
}

TEST_CASE("policy warn: one line on std::clog per promotion, and the result", "[broadcast][policy]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20, 30};
    loom::rank_promotion_scope guard(rank_promotion::warn);
    std::string text;
    std::vector<double> got;
    {
        clog_capture cap;
        got = values(X + v);
        text = cap.text.str();
    }
    CHECK(got == std::vector<double>{11, 22, 33, 14, 25, 36});
    CHECK(lines(text) == 1);
    CHECK(text.find("(2, 3)") != std::string::npos);
    CHECK(text.find("(3,)") != std::string::npos);
    {
        clog_capture cap;
        got = values(X + 1.0);
        text = cap.text.str();
    }
    CHECK(text.empty());
    CHECK(got == std::vector<double>{2, 3, 4, 5, 6, 7});
}

TEST_CASE("policy: each thread has its own", "[broadcast][policy]") {
    const loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20, 30};
    loom::rank_promotion_scope guard(rank_promotion::raise);
    rank_promotion seen = rank_promotion::raise;
    bool threw = true;
    std::thread other([&] {
        seen = loom::get_rank_promotion();
        try {
            (void)loom::eval(X + v);
            threw = false;
        } catch (const loom::broadcast_error&) {
        }
    });
    other.join();
    CHECK(seen == rank_promotion::allow);
    CHECK_FALSE(threw);
    CHECK_THROWS_AS(loom::eval(X + v), loom::broadcast_error);
}
