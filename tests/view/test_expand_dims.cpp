// tests/view/test_expand_dims.cpp: expand_dims and squeeze as views: positions, values, errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::values;

}  // namespace

TEST_CASE("expand_dims inserts a size-1 axis", "[view][expand_dims]") {
    loom::array<double> m = {{1, 2, 3}, {4, 5, 6}};
    CHECK(loom::expand_dims(m, 0).shape() == shape_t{1, 2, 3});
    CHECK(loom::expand_dims(m, 1).shape() == shape_t{2, 1, 3});
    CHECK(loom::expand_dims(m, 2).shape() == shape_t{2, 3, 1});
    CHECK(loom::expand_dims(m, -1).shape() == shape_t{2, 3, 1});
    CHECK(loom::expand_dims(m, -3).shape() == shape_t{1, 2, 3});
    CHECK(values(loom::expand_dims(m, 1)) == std::vector<double>{1, 2, 3, 4, 5, 6});
    // a column against a row: an outer sum
    loom::array<double> v = {10, 20};
    loom::array<double> w = {1, 2, 3};
    CHECK(values(loom::expand_dims(v, 1) + w) == std::vector<double>{11, 12, 13, 21, 22, 23});
    // writable
    loom::expand_dims(m, 0) = loom::array<double>{7, 8, 9};
    CHECK(values(m) == std::vector<double>{7, 8, 9, 7, 8, 9});
    CHECK_THROWS_AS(loom::expand_dims(m, 3), loom::index_error);
    CHECK_THROWS_AS(loom::expand_dims(m, -4), loom::index_error);
    try {
        (void)loom::expand_dims(m, 5);
        FAIL("no error");
    } catch (const loom::index_error& e) {
        CHECK(std::string(e.what()).find("axis 5") != std::string::npos);
    }
}

TEST_CASE("squeeze drops size-1 axes", "[view][expand_dims]") {
    loom::array<double> a(shape_t{1, 3, 1, 2});
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<double>(i);
    CHECK(loom::squeeze(a).shape() == shape_t{3, 2});
    CHECK(loom::squeeze(a, 0).shape() == shape_t{3, 1, 2});
    CHECK(loom::squeeze(a, -2).shape() == shape_t{1, 3, 2});
    CHECK(loom::squeeze(a, {0, 2}).shape() == shape_t{3, 2});
    CHECK(loom::squeeze(a, std::vector<int>{2}).shape() == shape_t{1, 3, 2});
    CHECK(loom::squeeze(a, {}).shape() == shape_t{1, 3, 1, 2});
    CHECK(values(loom::squeeze(a)) == std::vector<double>{0, 1, 2, 3, 4, 5});
    auto msg = [](auto&& f) { return ref::what_of<loom::index_error>(f); };
    CHECK(msg([&] { (void)loom::squeeze(a, 1); }).find("size 3") != std::string::npos);
    CHECK(msg([&] { (void)loom::squeeze(a, 4); }).find("axis 4") != std::string::npos);
    CHECK(msg([&] { (void)loom::squeeze(a, {0, -4}); }).find("twice") != std::string::npos);
    loom::array<double> one{5};
    CHECK(loom::squeeze(one).shape() == shape_t{});
    CHECK(values(loom::squeeze(one)) == std::vector<double>{5});
}
