// tests/view/test_strided_view.cpp: strided_view's flat iteration, checked at(), read-only conversion, adapt.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <algorithm>
#include <iterator>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

using loom::shape_t;
using loom::strides_t;

TEMPLATE_TEST_CASE("strided_view: flat iteration in row-major order over any strides", "[view][strided_view]",
                   std::int16_t, std::uint32_t, float, double) {
    TestType buf[12];
    for (int i = 0; i < 12; ++i) buf[i] = static_cast<TestType>(i);
    // a (3, 2) window: rows backwards from element 10, every other column: 10 8 / 6 4 / 2 0 ... by hand
    loom::strided_view<TestType> v(buf + 10, shape_t{3, 2}, strides_t{-4, -2});
    std::vector<TestType> got(v.begin(), v.end());
    CHECK(got == std::vector<TestType>{10, 8, 6, 4, 2, 0});
    STATIC_REQUIRE(std::forward_iterator<typename loom::strided_view<TestType>::iterator>);
    CHECK(std::distance(v.begin(), v.end()) == 6);
    // writing through the iterator
    for (auto& e : v) e = static_cast<TestType>(e + 1);
    CHECK(buf[10] == 11);
    CHECK(buf[0] == 1);
    CHECK(buf[1] == 1);  // untouched
    CHECK(buf[9] == 9);
}

TEST_CASE("strided_view: rank 0, size 0 and stride-0 axes iterate correctly", "[view][strided_view]") {
    double x = 5;
    loom::strided_view<double> s(&x, shape_t{}, strides_t{});
    CHECK(std::vector<double>(s.begin(), s.end()) == std::vector<double>{5});
    loom::strided_view<double> e(&x, shape_t{3, 0}, strides_t{0, 1});
    CHECK(e.begin() == e.end());
    double row[3] = {1, 2, 3};
    loom::strided_view<const double> b(row, shape_t{2, 3}, strides_t{0, 1});
    CHECK(std::vector<double>(b.begin(), b.end()) == std::vector<double>{1, 2, 3, 1, 2, 3});
}

TEST_CASE("strided_view: at() checks each index", "[view][strided_view][errors]") {
    double buf[6] = {0, 1, 2, 3, 4, 5};
    auto m = loom::adapt(buf, {2, 3});
    CHECK(m.at(1, 2) == 5);
    CHECK(m.at(-1, -3) == 3);
    m.at(0, -1) = 20;
    CHECK(buf[2] == 20);
    CHECK_THROWS_AS(m.at(2, 0), loom::index_error);
    CHECK_THROWS_AS(m.at(0, -4), loom::index_error);
    CHECK_THROWS_AS(m.at(0u, 3u), loom::index_error);
    CHECK_THROWS_AS(m.at(0), loom::index_error);
    try {
        (void)m.at(0, 9);
        FAIL("no error");
    } catch (const loom::index_error& e) {
        const std::string msg = e.what();
        CHECK(msg.find("index 9") != std::string::npos);
        CHECK(msg.find("axis 1") != std::string::npos);
        CHECK(msg.find("size 3") != std::string::npos);
    }
}

TEST_CASE("strided_view: a writable view converts to a read-only one", "[view][strided_view]") {
    double buf[4] = {1, 2, 3, 4};
    auto w = loom::adapt(buf, {4});
    loom::strided_view<const double> r = w;
    CHECK(r.data() == buf);
    CHECK(r.shape() == shape_t{4});
    STATIC_REQUIRE(!std::is_convertible_v<loom::strided_view<const double>, loom::strided_view<double>>);
    STATIC_REQUIRE(!loom::strided_view<const double>::writable);
    STATIC_REQUIRE(loom::strided_view<double>::writable);
    loom::array<double> a = r * 2.0;
    CHECK(std::vector<double>(a.begin(), a.end()) == std::vector<double>{2, 4, 6, 8});
}
