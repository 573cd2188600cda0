// tests/core/test_shape.cpp: shape_t, strides, element counts and printing.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <sstream>
#include <vector>

TEST_CASE("shape_t builds from braces and ranges", "[core][shape]") {
    loom::shape_t s{2, 3};
    REQUIRE(s.size() == 2);
    CHECK(s[0] == 2);
    CHECK(s[1] == 3);
    CHECK(loom::shape_t(std::vector<std::size_t>{2, 3}) == s);
    CHECK(loom::shape_t(std::vector<int>{2, 3}) == s);
    CHECK(loom::shape_t{}.size() == 0);
}

TEST_CASE("shape_t prints like a Python tuple", "[core][shape]") {
    auto str = [](const loom::shape_t& s) { std::ostringstream os; os << s; return os.str(); };
    CHECK(str({2, 3}) == "(2, 3)");
    CHECK(str({3}) == "(3,)");
    CHECK(str({}) == "()");
}

TEST_CASE("shape_t holds high ranks", "[core][shape]") {
    loom::shape_t s;
    for (std::size_t i = 0; i < 40; ++i) s.push_back(i % 3 + 1);
    REQUIRE(s.size() == 40);
    loom::shape_t copy = s;
    CHECK(copy == s);
    CHECK(copy[39] == 39 % 3 + 1);
}
