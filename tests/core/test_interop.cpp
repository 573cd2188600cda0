// tests/core/test_interop.cpp: arrays from and to the standard library: array<T>(std::span), asarray, to_vector.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <list>
#include <ranges>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using Catch::Contains;
using Catch::StartsWith;
using loom::shape_t;

namespace {

using ref::values;

// Ranges of the kinds asarray must take, written out: the std::views ones (iota,
// filter, istream_view) do not compile with clang 14 and libstdc++ 12, the
// sanitizer configuration's pair; those are tried below where they do.

// first, first + 1, ... below last: a forward range that does not know its size (as a
// filter view); endless: never ends (as iota(0)).
struct counting {
    int first = 0, last = 0;
    bool endless = false;
    struct sentinel {
        int last;
        bool endless;
    };
    struct iterator {
        using value_type = int;
        using difference_type = std::ptrdiff_t;
        int v = 0;
        int operator*() const { return v; }
        iterator& operator++() {
            ++v;
            return *this;
        }
        iterator operator++(int) {
            iterator t = *this;
            ++v;
            return t;
        }
        bool operator==(const iterator&) const = default;
        friend bool operator==(const iterator& i, const sentinel& s) { return !s.endless && i.v >= s.last; }
    };
    iterator begin() const { return {first}; }
    sentinel end() const { return {last, endless}; }
};
static_assert(std::ranges::forward_range<counting> && !std::ranges::sized_range<counting>);

// The elements of a vector, read once: an input range (as istream_view), not forward.
struct single_pass {
    const std::vector<int>* src;
    std::size_t pos = 0;
    struct iterator {
        using iterator_concept = std::input_iterator_tag;
        using value_type = int;
        using difference_type = std::ptrdiff_t;
        single_pass* r;
        int operator*() const { return (*r->src)[r->pos]; }
        iterator& operator++() {
            ++r->pos;
            return *this;
        }
        void operator++(int) { ++r->pos; }
        friend bool operator==(const iterator& i, std::default_sentinel_t) { return i.r->pos >= i.r->src->size(); }
    };
    iterator begin() { return {this}; }
    std::default_sentinel_t end() { return {}; }
};
static_assert(std::ranges::input_range<single_pass> && !std::ranges::forward_range<single_pass> &&
              !std::ranges::sized_range<single_pass>);

}  // namespace

// ---- array<T>(std::span<const T>) ---------------------------------------------

TEMPLATE_LIST_TEST_CASE("array from a span: a rank-1 copy", "[core][interop][span]", ref::all_types) {
    using T = TestType;
    std::array<T, 37> src{};  // not a std::vector: std::vector<bool> has no contiguous T
    for (std::size_t i = 0; i < src.size(); ++i) src[i] = ref::pattern<T>(i, 5);  // 37: a SIMD tail
    const std::array<T, 37> before = src;
    const std::span<const T> sp(src.data(), src.size());
    loom::array<T> a(sp);
    CHECK(a.shape() == shape_t{37});
    CHECK(values(a) == std::vector<T>(src.begin(), src.end()));
    CHECK(a.data() != src.data());  // a copy
    a.fill(T(0));
    CHECK(src == before);
    // an empty span: shape (0)
    const loom::array<T> e{std::span<const T>()};
    CHECK(e.shape() == shape_t{0});
    // a subspan, and a writable span (converted)
    const loom::array<T> sub(sp.subspan(3, 4));
    CHECK(values(sub) == std::vector<T>(src.begin() + 3, src.begin() + 7));
    std::array<T, 3> three{src[0], src[1], src[2]};
    const std::span<T> writable(three);
    const loom::array<T> w(writable);
    CHECK(values(w) == std::vector<T>{src[0], src[1], src[2]});
}

TEST_CASE("array from anything that converts to a span", "[core][interop][span]") {
    const std::vector<double> v = {1.5, 2.5, 3.5};
    const loom::array<double> a(v);  // a vector converts to std::span<const double>
    CHECK(loom::array_equal(a, loom::array<double>{1.5, 2.5, 3.5}));
    const std::array<float, 2> f = {7, 8};
    const loom::array<float> b(f);
    CHECK(values(b) == std::vector<float>{7, 8});
    // explicit: a span does not silently become an array
    STATIC_REQUIRE(!std::is_convertible_v<std::span<const double>, loom::array<double>>);
    STATIC_REQUIRE(std::is_constructible_v<loom::array<double>, std::span<const double>>);
    STATIC_REQUIRE(!std::is_constructible_v<loom::array<double>, std::span<const float>>);
    // the other constructors keep their meaning: a shape, nested braces, an expression
    CHECK(loom::array<double>(shape_t{2, 3}).shape() == shape_t{2, 3});
    CHECK(loom::array<double>{{1, 2}, {3, 4}}.shape() == shape_t{2, 2});
    loom::fixed_array<double, 2> fx = {3, 4};
    CHECK(values(loom::array<double>(fx)) == std::vector<double>{3, 4});
}

// ---- asarray ------------------------------------------------------------------

TEMPLATE_LIST_TEST_CASE("asarray copies a range into a shape", "[core][interop][asarray]", ref::all_types) {
    using T = TestType;
    std::vector<T> src;
    for (std::size_t i = 0; i < 24; ++i) src.push_back(ref::pattern<T>(i, 2));
    const auto a = loom::asarray<T>(src, {2, 3, 4});
    static_assert(std::is_same_v<decltype(a), const loom::array<T>>);
    CHECK(a.shape() == shape_t{2, 3, 4});
    CHECK(values(a) == src);
    // row-major: element (i, j, k) is src[12 i + 4 j + k]
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) CHECK(a(i, j, k) == src[12 * i + 4 * j + k]);
    // a std::list (not contiguous), deduced element type, rank 1
    const std::list<T> l(src.begin(), src.end());
    CHECK(values(loom::asarray<T>(l, {4, 6})) == src);
    CHECK(values(loom::asarray(l, {24})) == src);
    static_assert(std::is_same_v<decltype(loom::asarray(l)), loom::array<T>>);
    CHECK(loom::asarray(l).shape() == shape_t{24});
    CHECK(values(loom::asarray<T>(l)) == src);
}

TEST_CASE("asarray takes any input range and converts the elements", "[core][interop][asarray]") {
    // forward, not sized
    CHECK(values(loom::asarray<double>(counting{0, 6}, {2, 3})) == std::vector<double>{0, 1, 2, 3, 4, 5});
    static_assert(std::is_same_v<decltype(loom::asarray(counting{0, 6})), loom::array<std::int32_t>>);
    CHECK(values(loom::asarray(counting{3, 7})) == std::vector<std::int32_t>{3, 4, 5, 6});
    // single pass
    const std::vector<int> six = {1, 2, 3, 4, 5, 6};
    CHECK(loom::array_equal(loom::asarray<double>(single_pass{&six}, {3, 2}),
                            loom::array<double>{{1, 2}, {3, 4}, {5, 6}}));
    CHECK(values(loom::asarray<std::uint8_t>(single_pass{&six})) == std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6});
    static_assert(std::is_same_v<decltype(loom::asarray(single_pass{&six}, {6})), loom::array<std::int32_t>>);
    CHECK(values(loom::asarray(single_pass{&six}, {6})) == six);
    // element conversion: static_cast, as astype
    const std::vector<double> d = {1.75, -2.5, 3.0};
    CHECK(values(loom::asarray<int>(d, {3})) == std::vector<int>{1, -2, 3});
    const std::vector<long long> ll = {1, 2};
    static_assert(std::is_same_v<decltype(loom::asarray(ll)), loom::array<std::int64_t>>);
    const std::vector<bool> b = {true, false, true, true};
    CHECK(values(loom::asarray(b, {2, 2})) == std::vector<bool>{true, false, true, true});
    CHECK(values(loom::asarray<float>(b, {4})) == std::vector<float>{1, 0, 1, 1});
    // a loom array is a range too: a reshaped, converted copy
    const loom::array<int> m = {{1, 2, 3}, {4, 5, 6}};
    CHECK(loom::array_equal(loom::asarray<double>(m, {3, 2}), loom::array<double>{{1, 2}, {3, 4}, {5, 6}}));
    // rank 0 takes one element; an empty shape takes none
    const std::vector<int> one = {42};
    const auto s = loom::asarray<int>(one, shape_t{});
    CHECK(s.shape() == shape_t{});
    CHECK(s() == 42);
    const std::vector<int> none;
    CHECK(loom::asarray<int>(none, {0, 5}).shape() == shape_t{0, 5});
    CHECK(loom::asarray<int>(none).shape() == shape_t{0});
    CHECK(loom::asarray<int>(counting{2, 2}).shape() == shape_t{0});
}

#if !(defined(__clang__) && __clang_major__ < 16 && defined(__GLIBCXX__))
TEST_CASE("asarray takes the standard library's views", "[core][interop][asarray]") {
    const auto a = loom::asarray<double>(std::views::iota(0, 6), {2, 3});
    CHECK(loom::array_equal(a, loom::array<double>{{0, 1, 2}, {3, 4, 5}}));
    static_assert(std::is_same_v<decltype(loom::asarray(std::views::iota(0, 6))), loom::array<std::int32_t>>);
    auto evens = std::views::iota(0, 12) | std::views::filter([](int i) { return i % 2 == 0; });
    CHECK(values(loom::asarray<int>(evens, {3, 2})) == std::vector<int>{0, 2, 4, 6, 8, 10});
    CHECK(loom::asarray(evens).shape() == shape_t{6});
    const auto sq = std::views::iota(1, 5) | std::views::transform([](int i) { return i * i; });
    CHECK(values(loom::asarray<std::int64_t>(sq, {2, 2})) == std::vector<std::int64_t>{1, 4, 9, 16});
    std::istringstream in("1 2 3 4 5 6");
    CHECK(loom::array_equal(loom::asarray<double>(std::ranges::istream_view<int>(in), {3, 2}),
                            loom::array<double>{{1, 2}, {3, 4}, {5, 6}}));
    std::istringstream in1("7 8 9");
    CHECK(values(loom::asarray<int>(std::ranges::istream_view<int>(in1))) == std::vector<int>{7, 8, 9});
    // the wrong counts
    REQUIRE_THROWS_WITH(loom::asarray<int>(std::views::iota(0, 5), {2, 3}),
                        StartsWith("loom::asarray:") && Contains("has 5 elements") && Contains("(2, 3)"));
    REQUIRE_THROWS_WITH(loom::asarray<int>(std::views::iota(0), {3}),
                        StartsWith("loom::asarray:") && Contains("more than 3 elements") && Contains("(3,)"));
    auto odd = std::views::iota(0, 10) | std::views::filter([](int i) { return i % 2 == 1; });
    REQUIRE_THROWS_WITH(loom::asarray<int>(odd, {2, 3}), Contains("has 5 elements") && Contains("(2, 3)"));
    std::istringstream long_in("1 2 3 4 5");
    REQUIRE_THROWS_WITH(loom::asarray<int>(std::ranges::istream_view<int>(long_in), {2, 2}),
                        Contains("more than 4 elements") && Contains("(2, 2)"));
}
#endif

TEST_CASE("asarray: a range that does not fill the shape exactly", "[core][interop][asarray]") {
    const std::vector<double> five = {1, 2, 3, 4, 5};
    REQUIRE_THROWS_AS(loom::asarray<double>(five, {2, 3}), std::invalid_argument);
    REQUIRE_THROWS_WITH(loom::asarray<double>(five, {2, 3}),
                        StartsWith("loom::asarray:") && Contains("5 elements") && Contains("(2, 3)") && Contains("holds 6"));
    REQUIRE_THROWS_WITH(loom::asarray<double>(five, {2, 2}), Contains("5 elements") && Contains("(2, 2)"));
    REQUIRE_THROWS_WITH(loom::asarray(five, shape_t{}), Contains("5 elements") && Contains("shape ()") && Contains("holds 1"));
    const std::list<int> l = {1, 2, 3};
    REQUIRE_THROWS_WITH(loom::asarray<int>(l, {4}), Contains("has 3 elements") && Contains("(4,)"));
    // a range that is not sized (single-pass or not): too short, or too long (not read
    // past the shape's count, so that an endless one is refused too)
    REQUIRE_THROWS_WITH(loom::asarray<int>(counting{0, 5}, {2, 3}),
                        StartsWith("loom::asarray:") && Contains("has 5 elements") && Contains("(2, 3)"));
    REQUIRE_THROWS_WITH(loom::asarray<int>(counting{0, 5}, {2, 2}),
                        StartsWith("loom::asarray:") && Contains("more than 4 elements") && Contains("(2, 2)"));
    REQUIRE_THROWS_WITH(loom::asarray<int>(counting{0, 0, true}, {3}),
                        StartsWith("loom::asarray:") && Contains("more than 3 elements") && Contains("(3,)"));
    const std::vector<int> three = {1, 2, 3}, five_ints = {1, 2, 3, 4, 5};
    REQUIRE_THROWS_WITH(loom::asarray<int>(single_pass{&three}, {2, 2}),
                        StartsWith("loom::asarray:") && Contains("has 3 elements") && Contains("(2, 2)"));
    single_pass long_pass{&five_ints};
    REQUIRE_THROWS_WITH(loom::asarray<int>(long_pass, {2, 2}),
                        StartsWith("loom::asarray:") && Contains("more than 4 elements") && Contains("(2, 2)"));
    CHECK(long_pass.pos == 4);  // four read; the fifth was seen to exist, not read
    // the target of a failed assignment is unchanged, and so is the range
    loom::array<double> target = {9, 8};
    REQUIRE_THROWS(target = loom::asarray<double>(five, {2, 3}));
    CHECK(values(target) == std::vector<double>{9, 8});
    CHECK(five == std::vector<double>{1, 2, 3, 4, 5});
}

// ---- to_vector ----------------------------------------------------------------

TEMPLATE_LIST_TEST_CASE("to_vector copies out in row-major order", "[core][interop][to_vector]", ref::all_types) {
    using T = TestType;
    const loom::array<T> a = ref::filled<T>({3, 5, 7}, 4);
    const std::vector<T> flat(a.begin(), a.end());
    const auto v = loom::to_vector(a);
    static_assert(std::is_same_v<decltype(v), const std::vector<T>>);
    CHECK(v == flat);
    // views: a transpose, negative steps, a broadcast; each against its indices
    const auto t = loom::transpose(a);
    const auto tv = loom::to_vector(t);
    REQUIRE(tv.size() == 105);
    std::size_t f = 0;
    for (std::size_t k = 0; k < 7; ++k)
        for (std::size_t j = 0; j < 5; ++j)
            for (std::size_t i = 0; i < 3; ++i) CHECK(tv[f++] == a(i, j, k));
    const auto r = loom::view(a, loom::range(loom::none, loom::none, -1), 2, loom::range(5, 0, -2));
    const auto rv = loom::to_vector(r);
    REQUIRE(rv.size() == 9);
    f = 0;
    for (std::size_t i = 3; i-- > 0;)
        for (std::size_t k : {5u, 3u, 1u}) CHECK(rv[f++] == a(i, 2, k));
    const auto row = loom::view(a, 1, 1);
    const auto b = loom::to_vector(loom::broadcast_to(row, {2, 7}));
    REQUIRE(b.size() == 14);
    for (std::size_t i = 0; i < 14; ++i) CHECK(b[i] == a(1, 1, i % 7));
    // a tensor and a fixed_array
    const loom::tensor<T, 3> ten(a);
    CHECK(loom::to_vector(ten) == flat);
    loom::fixed_array<T, 2> fx;
    fx(1) = T(1);
    CHECK(loom::to_vector(fx) == std::vector<T>{T(0), T(1)});
}

TEST_CASE("to_vector evaluates expressions", "[core][interop][to_vector]") {
    const loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> c = {{10}, {20}};
    CHECK(loom::to_vector(a * 2 + c) == std::vector<double>{12, 14, 16, 28, 30, 32});
    CHECK(loom::to_vector(loom::sum(a, 0)) == std::vector<double>{5, 7, 9});
    CHECK(loom::to_vector(loom::sum(a)) == std::vector<double>{21});  // rank 0: one element
    CHECK(loom::to_vector(a > 2.5) == std::vector<bool>{false, false, true, true, true, true});
    static_assert(std::is_same_v<decltype(loom::to_vector(a > 2.5)), std::vector<bool>>);
    const loom::array<std::uint8_t> u = {200, 100};
    const loom::array<std::int8_t> s = {-1, 1};
    static_assert(std::is_same_v<decltype(loom::to_vector(u + s)), std::vector<std::int16_t>>);
    CHECK(loom::to_vector(u + s) == std::vector<std::int16_t>{199, 101});
    // empty arrays and views
    CHECK(loom::to_vector(loom::zeros<double>({0, 3})).empty());
    CHECK(loom::to_vector(loom::view(a, loom::range(1, 1), loom::all)).empty());
    CHECK(loom::to_vector(loom::view(a, loom::range(1, 1), loom::all) + 1.0).empty());
    // operands that do not broadcast: their broadcast_error, nothing else happens
    const loom::array<double> w = {1, 2};
    CHECK_THROWS_AS(loom::to_vector(a + w), loom::broadcast_error);
    // round trip through asarray
    const auto back = loom::asarray<double>(loom::to_vector(loom::transpose(a)), {3, 2});
    CHECK(loom::array_equal(back, loom::array<double>{{1, 4}, {2, 5}, {3, 6}}));
}
