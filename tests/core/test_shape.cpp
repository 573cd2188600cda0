// tests/core/test_shape.cpp: shape_t, strides, element counts and printing.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <array>
#include <limits>
#include <new>
#include <span>
#include <sstream>
#include <stdexcept>
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

// Any range std::ranges::begin and end take (as const), of integers (loom
// checks that without <ranges>, see loom::detail::integer_iterable); nothing
// else. (std::views::iota would do too, but Clang 14 cannot compile
// libstdc++ 12's iota_view.)
namespace adl_range {
struct dims {
    long v[2];
};
inline const long* begin(const dims& d) { return d.v; }
inline const long* end(const dims& d) { return d.v + 2; }
}  // namespace adl_range

TEST_CASE("shape_t and axis lists take any range of integers", "[core][shape]") {
    const loom::shape_t s{2, 3};
    const long c_array[] = {2, 3};
    const std::array<unsigned, 2> std_array{2, 3};
    CHECK(loom::shape_t(c_array) == s);
    CHECK(loom::shape_t(std_array) == s);
    CHECK(loom::shape_t(std::span<const long>(c_array)) == s);
    CHECK(loom::shape_t(std::vector<short>{2, 3}) == s);
    CHECK(loom::shape_t(adl_range::dims{{2, 3}}) == s);  // begin and end found by argument-dependent lookup
    static_assert(!std::is_constructible_v<loom::shape_t, std::vector<double>>);
    static_assert(!std::is_constructible_v<loom::shape_t, int>);
    static_assert(loom::integer_range<std::vector<int>> && loom::integer_range<adl_range::dims>);
    static_assert(loom::integer_range<std::span<const long>> && loom::integer_range<long[2]>);
    static_assert(!loom::integer_range<std::vector<bool>> && !loom::integer_range<std::vector<float>>);
    const auto a = loom::zeros<double>({2, 1, 3});
    CHECK(loom::permute_dims(a, std::array<int, 3>{2, 0, 1}).shape() == loom::shape_t{3, 2, 1});
    const long middle[] = {1};
    CHECK(loom::squeeze(a, std::span<const long>(middle)).shape() == s);
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

// detail::shape_key packs shapes of rank <= 4 into one word for the small-array
// path's same-shape check: equal keys must mean equal shapes.
TEST_CASE("shape keys are equal exactly when the shapes are, and 0 where a shape does not fit", "[core][shape][key]") {
    using loom::detail::shape_key;
    std::vector<loom::shape_t> shapes{{}};
    const std::size_t extents[] = {0, 1, 2, 3, 7, 16};
    for (std::size_t a : extents) {
        shapes.push_back({a});
        for (std::size_t b : extents) {
            shapes.push_back({a, b});
            for (std::size_t c : extents) {
                shapes.push_back({a, b, c});
                for (std::size_t d : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) shapes.push_back({a, b, c, d});
            }
        }
    }
    // the widest extent of each field, and the same counts spread over other ranks
    shapes.push_back({(std::size_t{1} << 60) - 1});
    shapes.push_back({(std::size_t{1} << 30) - 1, 1});
    shapes.push_back({1, (std::size_t{1} << 30) - 1});
    shapes.push_back({(std::size_t{1} << 20) - 1, 1, 1});
    shapes.push_back({1, 1, (std::size_t{1} << 15) - 1, 1});
    shapes.push_back({1, 1, 1, (std::size_t{1} << 15) - 1});
    std::size_t compared = 0;
    for (const auto& x : shapes) {
        INFO("x " << x);
        REQUIRE(shape_key(x) != 0);
        for (const auto& y : shapes) {
            INFO("y " << y);
            if ((shape_key(x) == shape_key(y)) != (x == y)) FAIL("keys and shapes disagree");
            ++compared;
        }
    }
    CHECK(compared > 100000);
    // no key: rank 5 and more, an extent past its field
    CHECK(shape_key({1, 1, 1, 1, 1}) == 0);
    CHECK(shape_key({std::size_t{1} << 60}) == 0);
    CHECK(shape_key({std::size_t{1} << 30, 1}) == 0);
    CHECK(shape_key({1, std::size_t{1} << 20, 1}) == 0);
    CHECK(shape_key({1, 1, 1, std::size_t{1} << 15}) == 0);
    CHECK(shape_key({std::size_t{1} << 63, 2}) == 0);
}

TEST_CASE("element counts that overflow std::size_t throw instead of wrapping", "[core][shape][limits]") {
    const std::size_t big = std::numeric_limits<std::size_t>::max() / 2 + 1;  // 2^63
    CHECK_THROWS_AS(loom::size_of(loom::shape_t{big, 2}), std::length_error);
    CHECK_THROWS_AS(loom::size_of(loom::shape_t{3, big, 5}), std::length_error);
    CHECK(loom::size_of(loom::shape_t{big, 1}) == big);
    CHECK(loom::size_of(loom::shape_t{big, 2, 0}) == 0);  // an empty array is fine at any extent
    CHECK_THROWS_AS(loom::array<double>(loom::shape_t{big, 4}), std::length_error);
    CHECK_THROWS_AS(loom::zeros<float>(loom::shape_t{1u << 31, 1u << 31, 1u << 31}), std::length_error);

    // views of any extent exist without memory; a new array of their broadcast shape does not
    const loom::array<double> a = {1.0}, b = {2.0};
    const auto tall = loom::broadcast_to(a, loom::shape_t{big, 1});
    const auto wide = loom::broadcast_to(b, loom::shape_t{1, 4});
    CHECK((tall + wide).shape() == loom::shape_t{big, 4});  // the shape itself is fine
    CHECK_THROWS_AS(loom::array<double>(tall + wide), std::length_error);
    CHECK_THROWS_AS(loom::eval(tall * 2.0 + wide), std::length_error);
    // reshape into a shape whose count overflows: not this array's count, so NumPy's "cannot reshape"
    loom::array<double> m = {{1.0, 2.0}, {3.0, 4.0}};
    const std::ptrdiff_t huge_axis = std::numeric_limits<std::ptrdiff_t>::max();
    CHECK_THROWS_AS(loom::reshape(m, {huge_axis, 4}), loom::index_error);
    CHECK_THROWS_AS(loom::reshape(m, {huge_axis, huge_axis, -1}), loom::index_error);
    CHECK(m.shape() == loom::shape_t{2, 2});
}

TEST_CASE("an allocation that cannot be met throws std::bad_alloc and leaves the target as it was",
          "[core][shape][limits]") {
    // 2^61 doubles do not fit in the address space: bad_alloc before anything
    // is touched (the sanitizer build's LeakSanitizer checks that nothing leaks)
    const std::size_t huge = std::size_t{1} << 61;
    CHECK_THROWS_AS(loom::array<double>(loom::shape_t{huge}), std::bad_alloc);
    loom::array<double> r = {1.0, 2.0, 3.0};
    loom::array<double> one_elem = {7.0};
    CHECK_THROWS_AS(r = loom::broadcast_to(one_elem, loom::shape_t{huge}), std::bad_alloc);
    CHECK(r.shape() == loom::shape_t{3});
    CHECK(r(0) == 1.0);
    CHECK(r(2) == 3.0);
}
