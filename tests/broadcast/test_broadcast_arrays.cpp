// tests/broadcast/test_broadcast_arrays.cpp: broadcast_arrays, the ONNX Broadcast operator: N in, N read-only views out.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::values;

// A column (n, 1); nested braces cannot spell one unambiguously.
template <class T>
loom::array<T> column(std::initializer_list<T> v) {
    loom::array<T> a(shape_t{v.size(), 1});
    std::size_t i = 0;
    for (T x : v) a.data()[i++] = x;
    return a;
}

}  // namespace

TEST_CASE("broadcast_arrays on ranks 1, 2 and 3: every output's shape and values", "[broadcast][broadcast_arrays]") {
    const loom::array<double> a = {1, 2, 3};                        // (3)
    const loom::array<double> b = column<double>({10, 20});          // (2, 1)
    loom::array<double> c(shape_t{4, 1, 1});                        // (4, 1, 1): 100, 200, 300, 400
    for (std::size_t i = 0; i < 4; ++i) c.data()[i] = 100.0 * static_cast<double>(i + 1);
    auto [a2, b2, c2] = loom::broadcast_arrays(a, b, c);
    REQUIRE(a2.shape() == shape_t{4, 2, 3});
    REQUIRE(b2.shape() == shape_t{4, 2, 3});
    REQUIRE(c2.shape() == shape_t{4, 2, 3});
    const auto av = values(a2), bv = values(b2), cv = values(c2);
    std::size_t flat = 0;
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 2; ++j)
            for (std::size_t k = 0; k < 3; ++k, ++flat) {
                CHECK(av[flat] == static_cast<double>(k + 1));
                CHECK(bv[flat] == 10.0 * static_cast<double>(j + 1));
                CHECK(cv[flat] == 100.0 * static_cast<double>(i + 1));
            }
    // read-only views over the inputs' memory, no copy
    STATIC_REQUIRE(std::is_same_v<decltype(a2), loom::strided_view<const double>>);
    CHECK(a2.data() == a.data());
    CHECK(c2.data() == c.data());
    // usable as operands: the sum of the three
    const auto sum = values(a2 + b2 + c2);
    flat = 0;
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 2; ++j)
            for (std::size_t k = 0; k < 3; ++k)
                CHECK(sum[flat++] == static_cast<double>(100 * (i + 1) + 10 * (j + 1) + (k + 1)));
}

TEST_CASE("broadcast_arrays: mixed element types, one input, views as inputs", "[broadcast][broadcast_arrays]") {
    loom::array<std::int8_t> i8 = {{1, 2}};
    loom::array<float> f = column<float>({0.5f, 1.5f, 2.5f});
    loom::array<bool> flag = {true, false};
    auto t = loom::broadcast_arrays(i8, f, flag);
    STATIC_REQUIRE(std::is_same_v<decltype(t), std::tuple<loom::strided_view<const std::int8_t>,
                                                          loom::strided_view<const float>,
                                                          loom::strided_view<const bool>>>);
    CHECK(values(std::get<0>(t)) == std::vector<std::int8_t>{1, 2, 1, 2, 1, 2});
    CHECK(values(std::get<1>(t)) == std::vector<float>{0.5f, 0.5f, 1.5f, 1.5f, 2.5f, 2.5f});
    CHECK(values(std::get<2>(t)) == std::vector<bool>{true, false, true, false, true, false});

    auto [only] = loom::broadcast_arrays(f);
    CHECK(only.shape() == shape_t{3, 1});
    CHECK(values(only) == std::vector<float>{0.5f, 1.5f, 2.5f});

    loom::array<double> m = {{1, 2, 3}, {4, 5, 6}};
    auto [x, y] = loom::broadcast_arrays(loom::view(m, loom::all, 2), loom::transpose(m));
    CHECK(x.shape() == shape_t{3, 2});
    CHECK(values(x) == std::vector<double>{3, 6, 3, 6, 3, 6});
    CHECK(values(y) == std::vector<double>{1, 4, 2, 5, 3, 6});

    // five inputs, rank 0 among them
    loom::array<double> one{7};
    const auto s = loom::view(one, 0);
    loom::array<std::int8_t> i8col = column<std::int8_t>({1, 2});
    loom::array<bool> flag3 = {true, false, true};
    auto [p, q, r, u, w] = loom::broadcast_arrays(s, one, m, i8col, flag3);
    CHECK(p.shape() == shape_t{2, 3});
    CHECK(q.shape() == shape_t{2, 3});
    CHECK(r.shape() == shape_t{2, 3});
    CHECK(u.shape() == shape_t{2, 3});
    CHECK(w.shape() == shape_t{2, 3});
    CHECK(values(p) == std::vector<double>{7, 7, 7, 7, 7, 7});
    CHECK(values(q) == std::vector<double>{7, 7, 7, 7, 7, 7});
    CHECK(values(r) == std::vector<double>{1, 2, 3, 4, 5, 6});
    CHECK(values(u) == std::vector<std::int8_t>{1, 1, 1, 2, 2, 2});
    CHECK(values(w) == std::vector<bool>{true, false, true, true, false, true});
}

TEST_CASE("broadcast_arrays throws broadcast_error for shapes that do not broadcast", "[broadcast][broadcast_arrays][errors]") {
    loom::array<double> a(shape_t{2, 3}), b(shape_t{4}), c(shape_t{3});
    try {
        (void)loom::broadcast_arrays(c, a, b);
        FAIL("no error");
    } catch (const loom::broadcast_error& e) {
        const std::string msg = e.what();
        CHECK(msg.find("(2, 3)") != std::string::npos);
        CHECK(msg.find("(4,)") != std::string::npos);
    }
    // the same shapes again, no hidden state: fine once the bad one is gone
    auto [x, y] = loom::broadcast_arrays(c, a);
    CHECK(x.shape() == shape_t{2, 3});
    CHECK(y.shape() == shape_t{2, 3});
}
