// tests/view/test_transpose.cpp: transpose and permute_dims as views: values, writes, operands, errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::values;
using ref::iota;

}  // namespace

TEST_CASE("transpose reverses the axes", "[view][transpose]") {
    const auto m = iota({2, 3});  // 3 i + j
    auto t = loom::transpose(m);
    CHECK(t.shape() == shape_t{3, 2});
    CHECK(values(t) == std::vector<double>{0, 3, 1, 4, 2, 5});
    const auto c = iota({2, 3, 4});  // 12 i + 4 j + k
    auto tc = loom::transpose(c);
    REQUIRE(tc.shape() == shape_t{4, 3, 2});
    const auto tv = values(tc);
    std::size_t flat = 0;
    for (std::size_t k = 0; k < 4; ++k)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t i = 0; i < 2; ++i) CHECK(tv[flat++] == static_cast<double>(12 * i + 4 * j + k));
    const auto v = iota({5});
    CHECK(loom::transpose(v).shape() == shape_t{5});
    CHECK(values(loom::transpose(loom::transpose(m))) == values(m));
}

TEST_CASE("transpose as an operand and as a target", "[view][transpose]") {
    const auto a = iota({3, 3});
    // a + a.T is symmetric: (3 i + j) + (3 j + i) = 4 (i + j)
    const auto s = values(a + loom::transpose(a));
    std::size_t flat = 0;
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j) CHECK(s[flat++] == static_cast<double>(4 * (i + j)));
    auto b = iota({2, 3});
    loom::array<double> src = {{10, 20}, {30, 40}, {50, 60}};
    loom::transpose(b) = src;  // b[i][j] = src[j][i]
    CHECK(values(b) == std::vector<double>{10, 30, 50, 20, 40, 60});
    // in place with itself: x = x.T on a square array needs the copy rule
    auto x = iota({3, 3});
    x = loom::transpose(x) + 0.0;
    CHECK(values(x) == std::vector<double>{0, 3, 6, 1, 4, 7, 2, 5, 8});
    auto y = iota({3, 3});
    loom::view(y, loom::ellipsis) = loom::transpose(y);
    CHECK(values(y) == std::vector<double>{0, 3, 6, 1, 4, 7, 2, 5, 8});
}

TEST_CASE("permute_dims moves axes by a permutation", "[view][transpose]") {
    const auto c = iota({2, 3, 4});  // 12 i + 4 j + k
    auto p = loom::permute_dims(c, {2, 0, 1});  // p[k][i][j]
    REQUIRE(p.shape() == shape_t{4, 2, 3});
    const auto pv = values(p);
    std::size_t flat = 0;
    for (std::size_t k = 0; k < 4; ++k)
        for (std::size_t i = 0; i < 2; ++i)
            for (std::size_t j = 0; j < 3; ++j) CHECK(pv[flat++] == static_cast<double>(12 * i + 4 * j + k));
    CHECK(loom::permute_dims(c, {-1, 0, -2}).shape() == shape_t{4, 2, 3});
    CHECK(loom::permute_dims(c, std::vector<int>{1, 0, 2}).shape() == shape_t{3, 2, 4});
    CHECK(values(loom::permute_dims(c, {0, 1, 2})) == values(c));
    // writable through a permuted view
    auto d = iota({2, 3, 4});
    loom::view(loom::permute_dims(d, {2, 0, 1}), 3) = -1.0;  // every d[i][j][3]
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
            CHECK(d(i, j, 3) == -1.0);
            CHECK(d(i, j, 2) == static_cast<double>(12 * i + 4 * j + 2));
        }
}

TEST_CASE("permute_dims refuses what is not a permutation", "[view][transpose][errors]") {
    const auto c = iota({2, 3, 4});
    auto msg = [](auto&& f) { return ref::what_of<loom::index_error>(f); };
    CHECK(msg([&] { (void)loom::permute_dims(c, {0, 1}); }).find("(0, 1)") != std::string::npos);
    CHECK(msg([&] { (void)loom::permute_dims(c, {0, 1, 1}); }).find("twice") != std::string::npos);
    CHECK(msg([&] { (void)loom::permute_dims(c, {0, 1, -1, 2}); }).find("rank 3") != std::string::npos);
    CHECK(msg([&] { (void)loom::permute_dims(c, {0, 3, 1}); }).find("axis 3") != std::string::npos);
    CHECK(msg([&] { (void)loom::permute_dims(c, {0, -4, 1}); }).find("axis -4") != std::string::npos);
    CHECK(msg([&] { (void)loom::permute_dims(c, {2, 0, -1}); }).find("twice") != std::string::npos);
}
