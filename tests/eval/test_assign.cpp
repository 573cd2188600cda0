// tests/eval/test_assign.cpp: in-place assignment (the Array API rule, checked before any write) and aliasing (as if copied).
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {

// Every element of a distinct value, so that any write shows.
template <class T>
loom::array<T> distinct(const std::vector<std::size_t>& s) {
    loom::array<T> a(ref::to_shape(s));
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<T>(i % 100 + 1);
    return a;
}

template <class T>
bool unchanged(const loom::array<T>& now, const std::vector<T>& before) {
    if (now.size() != before.size()) return false;
    for (std::size_t i = 0; i < before.size(); ++i)
        if (!(now.data()[i] == before[i])) return false;
    return true;
}

}  // namespace

TEST_CASE("the Array API example: x[...] = a is fine, x[1, ...] = a is rejected", "[eval][assign][inplace]") {
    loom::array<double> x = loom::zeros<double>({2, 3, 4});
    const loom::array<double> a = loom::ones<double>({1, 3, 4});
    // x[...] = a: the shape of a, (1, 3, 4), broadcasts to (2, 3, 4)
    loom::adapt(x.data(), x.shape()) = a;
    for (double v : x) CHECK(v == 1.0);
    x += a;  // the whole array, in place
    for (double v : x) CHECK(v == 2.0);
    // x[1, ...] = a: (1, 3, 4) does not broadcast to (3, 4)
    CHECK_THROWS_AS(loom::adapt(x.data() + 12, {3, 4}) = a, loom::broadcast_error);
    CHECK_THROWS_AS(loom::adapt(x.data() + 12, {3, 4}) += a, loom::broadcast_error);
    for (double v : x) CHECK(v == 2.0);
    CHECK(ref::what_of<loom::broadcast_error>([&] { loom::adapt(x.data() + 12, {3, 4}) = a; }) ==
          "loom: cannot assign (1, 3, 4) into (3, 4): axis -3 has 1 and the target has only 2 axes");
    // the error is a broadcast_error, hence a std::invalid_argument
    CHECK_THROWS_AS(loom::adapt(x.data() + 12, {3, 4}) = a, std::invalid_argument);
}

TEST_CASE("the Array API example through loom::view, as API.md writes it", "[eval][assign][inplace]") {
    loom::array<double> x = loom::zeros<double>({2, 3, 4});
    loom::array<double> a = loom::ones<double>({1, 3, 4});
    loom::view(x, loom::ellipsis) = a;  // fine
    for (double v : x) CHECK(v == 1.0);
    x(1, 2, 3) = 5.0;
    CHECK_THROWS_AS(loom::view(x, 1, loom::ellipsis) = a, loom::broadcast_error);  // x unchanged
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(x.data()[i] == (i == 23 ? 5.0 : 1.0));
    // a (3, 4) value is fine there
    loom::view(x, 1, loom::ellipsis) = loom::full(shape_t{3, 4}, 2.0);
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(x.data()[i] == (i < 12 ? 1.0 : 2.0));
}

TEST_CASE("in-place errors name both shapes and the axis", "[eval][assign][inplace][errors]") {
    loom::array<double> r = loom::zeros<double>({3, 3});
    const loom::array<double> v = loom::zeros<double>({2, 4});
    const loom::array<double> w = loom::zeros<double>({2, 3});
    // assignment into a view: the in-place rule's own message
    CHECK(ref::what_of<loom::broadcast_error>([&] { loom::adapt(r.data(), {3, 3}) = v; }) ==
          "loom: cannot assign (2, 4) into (3, 3): axis -1 has 4 and the target 3");
    CHECK(ref::what_of<loom::broadcast_error>([&] { loom::adapt(r.data(), {3, 3}) = w; }) ==
          "loom: cannot assign (2, 3) into (3, 3): axis -2 has 2 and the target 3");
    CHECK(ref::what_of<loom::broadcast_error>([&] { loom::adapt(r.data(), {9}) = w; }) ==
          "loom: cannot assign (2, 3) into (9,): axis -2 has 2 and the target has only 1 axes");
    CHECK(ref::what_of<loom::broadcast_error>([&] { r += loom::zeros<double>({1, 3, 3}); }) ==
          "loom: cannot assign (1, 3, 3) into (3, 3): axis -3 has 1 and the target has only 2 axes");
    // compound assignment on a mismatched axis: whichever check fires first,
    // the message names both shapes and the axis
    auto names = [](const std::string& m, std::initializer_list<const char*> parts) {
        for (const char* p : parts)
            if (m.find(p) == std::string::npos) return false;
        return true;
    };
    const std::string m1 = ref::what_of<loom::broadcast_error>([&] { r += v; });
    CHECK(names(m1, {"(2, 4)", "(3, 3)", "axis -1 has"}));
    const std::string m2 = ref::what_of<loom::broadcast_error>([&] { r -= w; });
    CHECK(names(m2, {"(2, 3)", "(3, 3)", "axis -2 has"}));
    // a value whose own operands do not broadcast reports that
    const loom::array<double> p = loom::zeros<double>({3}), q = loom::zeros<double>({4});
    const std::string m3 = ref::what_of<loom::broadcast_error>([&] { r *= p + q; });
    CHECK(names(m3, {"cannot broadcast", "(4,)", "axis -1 has"}));
    CHECK(ref::what_of<loom::broadcast_error>([&] { loom::adapt(r.data(), {3, 3}) = p + q; }) == "loom: cannot broadcast (3,) with (4,): axis -1 has 3 and 4");
}

TEST_CASE("in-place values may be lower rank, size 1 or scalars, never bigger", "[eval][assign][inplace]") {
    loom::array<int> r = distinct<int>({2, 3});
    r += loom::array<int>{10, 20, 30};                   // (3)
    r += ref::make<int>({2, 1}, {100, 200});             // (2, 1)
    r += loom::array<int>(shape_t{1, 1}, 1000);          // (1, 1)
    r += loom::array<int>(shape_t{}, 10000);             // rank 0
    r += 5;                                              // a C++ scalar
    CHECK(loom::array_equal(r, loom::array<int>{{11116, 11127, 11138}, {11219, 11230, 11241}}));
    // (1, 2, 3) has more axes than (2, 3): rejected even though NumPy's
    // broadcast of the two would be (1, 2, 3)
    CHECK_THROWS_AS(r += loom::zeros<int>({1, 2, 3}), loom::broadcast_error);
    // a 0-size target takes a size-1 value, not a mismatched size
    loom::array<int> e(shape_t{0, 3});
    e += loom::array<int>{1, 2, 3};
    e += loom::array<int>{1};
    CHECK(e.shape() == shape_t{0, 3});
    CHECK_THROWS_AS(e += loom::zeros<int>({2}), loom::broadcast_error);
    loom::array<int> t(shape_t{3});
    CHECK_THROWS_AS(t += loom::zeros<int>({0}), loom::broadcast_error);
    // a value broadcast across the target's leading axes of a view
    std::vector<int> buf(24, 0);
    loom::adapt(buf.data(), {2, 3, 4}) = loom::array<int>{1, 2, 3, 4};
    for (std::size_t i = 0; i < 24; ++i) CHECK(buf[i] == static_cast<int>(i % 4 + 1));
}

TEMPLATE_LIST_TEST_CASE("a rejected compound assignment leaves every element as it was", "[eval][assign][inplace]", ref::integer_types) {
    using T = TestType;
    loom::array<T> r = distinct<T>({4, 3});
    const std::vector<T> before(r.begin(), r.end());
    const loom::array<T> bad_axis = distinct<T>({2, 3});    // 2 against 4
    const loom::array<T> too_many = distinct<T>({1, 4, 3});  // more axes
    const loom::array<T> short_row = distinct<T>({4});      // 4 against 3
    const loom::array<T> p = distinct<T>({3}), q = distinct<T>({4});
    for (int which = 0; which < 4; ++which) {
        INFO("value " << which);
        auto run = [&](auto op) {
            switch (which) {
                case 0: op(r, bad_axis); break;
                case 1: op(r, too_many); break;
                case 2: op(r, short_row); break;
                default: op(r, p + q); break;  // the value itself does not broadcast
            }
        };
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x += v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x -= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x *= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x /= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x %= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x &= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x |= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x ^= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x <<= v; }), loom::broadcast_error);
        CHECK_THROWS_AS(run([](auto& x, const auto& v) { x >>= v; }), loom::broadcast_error);
        CHECK(unchanged(r, before));
    }
}

TEMPLATE_LIST_TEST_CASE("a rejected assignment into a view leaves every element as it was", "[eval][assign][inplace]", ref::number_types) {
    using T = TestType;
    loom::array<T> backing = distinct<T>({5, 6});
    const std::vector<T> before(backing.begin(), backing.end());
    // a contiguous view, a strided view (every other column) and a transposed one
    auto whole = loom::adapt(backing.data(), {5, 6});
    loom::strided_view<T> cols(backing.data(), {5, 3}, {6, 2});
    loom::strided_view<T> trans(backing.data(), {6, 5}, {1, 6});
    const loom::array<T> v6 = distinct<T>({6}), v53 = distinct<T>({5, 3}), big = distinct<T>({2, 5, 6});
    CHECK_THROWS_AS(cols = v6, loom::broadcast_error);
    CHECK_THROWS_AS(trans = v6, loom::broadcast_error);
    CHECK_THROWS_AS(whole = v53, loom::broadcast_error);
    CHECK_THROWS_AS(whole = big, loom::broadcast_error);
    CHECK_THROWS_AS(whole += big, loom::broadcast_error);
    CHECK_THROWS_AS(cols *= v6, loom::broadcast_error);
    CHECK_THROWS_AS(trans -= v53 * T(2), loom::broadcast_error);
    CHECK_THROWS_AS(whole = v6 + distinct<T>({5}), loom::broadcast_error);
    CHECK(unchanged(backing, before));
    // and the accepted forms do write
    cols = v53;
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
            CHECK(backing(i, 2 * j) == v53(i, j));
            CHECK(backing(i, 2 * j + 1) == before[i * 6 + 2 * j + 1]);
        }
}

TEST_CASE("assigning one view to another copies elements, it does not rebind", "[eval][assign][views]") {
    std::vector<double> a = {1, 2, 3, 4}, b = {10, 20, 30, 40};
    auto va = loom::adapt(a.data(), {2, 2});
    const auto vb = loom::adapt(b.data(), {2, 2});
    va = vb;
    CHECK(a == std::vector<double>{10, 20, 30, 40});
    b[0] = 99;
    CHECK(a[0] == 10);     // va still views a
    CHECK(va(0, 0) == 10);
    va = 7.0;  // a scalar fills
    CHECK(a == std::vector<double>{7, 7, 7, 7});
}

TEST_CASE("in-place arithmetic computes in the promoted type and stores in the target's", "[eval][assign][inplace]") {
    // within a kind (tests/compile_fail/convert_* for the conversions across kinds, which do not compile)
    loom::array<std::int8_t> r = {100, 2, -3};
    r += loom::array<std::int16_t>{100, 1, -200};  // int16: 200, 3, -203 -> int8 (wraps): -56, 3, 53
    CHECK(loom::array_equal(r, loom::array<std::int8_t>{-56, 3, 53}));
    loom::array<std::uint8_t> u = {250, 3};
    u += loom::array<std::uint16_t>{10, 300};  // uint16: 260, 303 -> uint8: 4, 47
    CHECK(loom::array_equal(u, loom::array<std::uint8_t>{4, 47}));
    // across kinds, explicitly: 1.5 -> 1
    loom::array<int> i = {1, 2, -3};
    i += loom::astype<int>(loom::array<double>{0.75, 0.75, 0.75} * 2);
    CHECK(loom::array_equal(i, loom::array<int>{2, 3, -2}));
    loom::array<float> f = {1.0f};
    f *= 16777217.0;  // the scalar takes float: 16777216
    CHECK(f(0) == 16777216.0f);
}

// ---- aliasing: the result is as if every operand had been copied first ------

TEST_CASE("x = x * 2, x += x and x *= x read the elements they write in step", "[eval][assign][alias]") {
    for (std::size_t n : {1, 7, 33, 1000}) {
        auto x = ref::filled<double>({n}, 1);
        const std::vector<double> old(x.begin(), x.end());
        x = x * 2.0;
        x += x;
        x *= x;
        for (std::size_t i = 0; i < n; ++i) {
            const double v = old[i] * 2.0 * 2.0;
            CHECK(x(i) == v * v);
        }
    }
}

TEMPLATE_LIST_TEST_CASE("an operand overlapping the target with another layout reads the old values", "[eval][assign][alias]", ref::number_types) {
    using T = TestType;
    SECTION("x += transpose(x)") {
        for (std::size_t n : {2, 3, 8, 17}) {
            auto x = ref::filled<T>({n, n}, 2);
            const std::vector<T> old(x.begin(), x.end());
            const loom::strided_view<const T> xt(x.data(), ref::to_shape({n, n}), loom::strides_t{1, static_cast<std::ptrdiff_t>(n)});
            x += xt;
            CHECK(ref::mismatch(x, {n, n}, [&](const index_t& i) {
                      return static_cast<T>(old[i[0] * n + i[1]] + old[i[1] * n + i[0]]);
                  }) == "");
        }
    }
    SECTION("x = x + transpose(x) and x = transpose(x), through loom::transpose") {
        for (std::size_t n : {3, 16}) {
            auto x = ref::filled<T>({n, n}, 10);
            const std::vector<T> old(x.begin(), x.end());
            x = x + loom::transpose(x);
            CHECK(ref::mismatch(x, {n, n}, [&](const index_t& i) {
                      return static_cast<T>(old[i[0] * n + i[1]] + old[i[1] * n + i[0]]);
                  }) == "");
            auto y = ref::filled<T>({n, n + 1}, 11);
            const std::vector<T> oy(y.begin(), y.end());
            y = loom::transpose(y);  // a new shape, read from y's own buffer
            CHECK(ref::mismatch(y, {n + 1, n}, [&](const index_t& i) { return oy[i[1] * (n + 1) + i[0]]; }) == "");
        }
    }
    SECTION("shifted copies within one buffer, both directions") {
        for (std::size_t n : {2, 5, 17, 1000}) {
            auto x = ref::filled<T>({n}, 3);
            const std::vector<T> old(x.begin(), x.end());
            loom::adapt(x.data() + 1, {n - 1}) = loom::adapt(x.data(), {n - 1});
            CHECK(x(0) == old[0]);
            for (std::size_t i = 1; i < n; ++i) CHECK(x(i) == old[i - 1]);
            auto y = ref::filled<T>({n}, 4);
            const std::vector<T> oy(y.begin(), y.end());
            loom::adapt(y.data(), {n - 1}) += loom::adapt(y.data() + 1, {n - 1});
            for (std::size_t i = 0; i + 1 < n; ++i) CHECK(y(i) == static_cast<T>(oy[i] + oy[i + 1]));
            CHECK(y(n - 1) == oy[n - 1]);
        }
    }
    SECTION("views of one buffer whose elements interleave but never meet: columns, even and odd elements") {
        for (std::size_t n : {2, 5, 17}) {
            auto x = ref::filled<T>({n, n}, 16);
            const std::vector<T> old(x.begin(), x.end());
            loom::view(x, loom::all, -1) = loom::view(x, loom::all, -2);  // p[:, -1] = p[:, -2]
            loom::view(x, loom::all, 0) += loom::view(x, loom::all, 1) * T(2);
            const auto after_copy = [&](std::size_t r, std::size_t c) { return old[r * n + (c == n - 1 ? n - 2 : c)]; };
            CHECK(ref::mismatch(x, {n, n}, [&](const index_t& i) {
                      if (i[1] == 0) return static_cast<T>(after_copy(i[0], 0) + static_cast<T>(after_copy(i[0], 1) * T(2)));
                      return after_copy(i[0], i[1]);
                  }) == "");
            auto y = ref::filled<T>({2 * n}, 17);
            const std::vector<T> oy(y.begin(), y.end());
            const auto N = static_cast<std::ptrdiff_t>(2 * n);
            loom::view(y, loom::range(0, N, 2)) = loom::view(y, loom::range(1, N, 2)) - loom::view(y, loom::range(N - 1, loom::none, -2));
            for (std::size_t i = 0; i < 2 * n; ++i)
                CHECK(y(i) == (i % 2 ? oy[i] : static_cast<T>(oy[i + 1] - oy[2 * n - 1 - i])));
            // stepping by 2 but starting one element on: the same lattice, so read as copied first
            auto z = ref::filled<T>({2 * n + 1}, 18);
            const std::vector<T> oz(z.begin(), z.end());
            const auto M = static_cast<std::ptrdiff_t>(2 * n + 1);
            loom::view(z, loom::range(2, M, 2)) += loom::view(z, loom::range(0, M - 2, 2));
            for (std::size_t i = 0; i < 2 * n + 1; ++i)
                CHECK(z(i) == (i % 2 == 0 && i >= 2 ? static_cast<T>(oz[i] + oz[i - 2]) : oz[i]));
        }
    }
    SECTION("a row of x broadcast over x") {
        const std::size_t m = 4, n = 9;
        auto x = ref::filled<T>({m, n}, 5);
        const std::vector<T> old(x.begin(), x.end());
        const auto row0 = loom::adapt(static_cast<const T*>(x.data()), {n});
        x += row0;  // row 0 doubles first; later rows must add the old row 0
        CHECK(ref::mismatch(x, {m, n}, [&](const index_t& i) { return static_cast<T>(old[i[0] * n + i[1]] + old[i[1]]); }) == "");
    }
    SECTION("views of x with contiguous rows: in step, rows reversed, a row over x") {
        for (std::size_t n : {3, 9, 17}) {
            const std::size_t m = 4;
            const auto N = static_cast<std::ptrdiff_t>(n);
            auto x = ref::filled<T>({m, n}, 12);
            const std::vector<T> old(x.begin(), x.end());
            x += loom::view(x, loom::all, loom::all);  // x's own elements in step
            CHECK(ref::mismatch(x, {m, n}, [&](const index_t& i) { return static_cast<T>(old[i[0] * n + i[1]] * 2); }) == "");
            auto y = ref::filled<T>({m, n}, 13);
            const std::vector<T> oy(y.begin(), y.end());
            const loom::strided_view<const T> up(y.data() + (m - 1) * n, {m, n}, {-N, 1});  // rows reversed
            const auto b = ref::filled<T>({n}, 14);
            y = up + b;
            CHECK(ref::mismatch(y, {m, n}, [&](const index_t& i) {
                      return static_cast<T>(oy[(m - 1 - i[0]) * n + i[1]] + b(i[1]));
                  }) == "");
            auto z = ref::filled<T>({m, n}, 15);
            const std::vector<T> oz(z.begin(), z.end());
            z += loom::view(z, loom::range(1, 2), loom::all);  // row 1, shape (1, n), over every row
            CHECK(ref::mismatch(z, {m, n}, [&](const index_t& i) {
                      return static_cast<T>(oz[i[0] * n + i[1]] + oz[n + i[1]]);
                  }) == "");
        }
    }
    SECTION("views of x as targets, rows contiguous: shifted rows, shifted columns, in step") {
        using loom::all;
        using loom::range;
        for (std::size_t n : {3, 9, 17}) {
            const std::size_t m = 5;
            const auto b = ref::filled<T>({n}, 16);
            auto x = ref::filled<T>({m, n}, 17);  // each row gets the old row above it, plus b
            const std::vector<T> ox(x.begin(), x.end());
            loom::view(x, range(1, m), all) = loom::view(x, range(0, m - 1), all) + b;
            CHECK(ref::mismatch(x, {m, n}, [&](const index_t& i) {
                      return i[0] == 0 ? ox[i[1]] : static_cast<T>(ox[(i[0] - 1) * n + i[1]] + b(i[1]));
                  }) == "");
            auto y = ref::filled<T>({m, n}, 18);  // each row adds the old row below it
            const std::vector<T> oy(y.begin(), y.end());
            loom::view(y, range(0, m - 1), all) += loom::view(y, range(1, m), all);
            CHECK(ref::mismatch(y, {m, n}, [&](const index_t& i) {
                      const T v = oy[i[0] * n + i[1]];
                      return i[0] + 1 < m ? static_cast<T>(v + oy[(i[0] + 1) * n + i[1]]) : v;
                  }) == "");
            auto z = ref::filled<T>({m, n}, 19);  // each element gets the old one to its right
            const std::vector<T> oz(z.begin(), z.end());
            loom::view(z, all, range(0, n - 1)) = loom::view(z, all, range(1, n)) * T(1) + b(0);
            CHECK(ref::mismatch(z, {m, n}, [&](const index_t& i) {
                      const std::size_t at = i[0] * n + i[1];
                      return i[1] + 1 < n ? static_cast<T>(oz[at + 1] + b(0)) : oz[at];
                  }) == "");
            auto v = ref::filled<T>({m, n}, 21);  // rows 0, 2, 4 from the old rows 0, 1, 2: same start, another pitch
            const std::vector<T> ov(v.begin(), v.end());
            const auto N = static_cast<std::ptrdiff_t>(n);
            loom::strided_view<T>(v.data(), {3, n}, {2 * N, 1}) = loom::strided_view<const T>(v.data(), {3, n}, {N, 1}) + b;
            CHECK(ref::mismatch(v, {m, n}, [&](const index_t& i) {
                      const T old = ov[i[0] * n + i[1]];
                      return i[0] % 2 ? old : static_cast<T>(ov[i[0] / 2 * n + i[1]] + b(i[1]));
                  }) == "");
            auto w = ref::filled<T>({m, n}, 20);  // x's own elements in step, through a view and as an array
            const std::vector<T> ow(w.begin(), w.end());
            loom::view(w, all, all) = w + b;
            loom::view(w, range(1, 3), all) += loom::view(w, range(1, 3), all);
            CHECK(ref::mismatch(w, {m, n}, [&](const index_t& i) {
                      const T v = static_cast<T>(ow[i[0] * n + i[1]] + b(i[1]));
                      return i[0] == 1 || i[0] == 2 ? static_cast<T>(v + v) : v;
                  }) == "");
        }
    }
    SECTION("a column of x broadcast over x") {
        const std::size_t m = 6, n = 5;
        auto x = ref::filled<T>({m, n}, 6);
        const std::vector<T> old(x.begin(), x.end());
        const loom::strided_view<const T> col0(x.data(), {m, 1}, {static_cast<std::ptrdiff_t>(n), 1});
        x -= col0;
        CHECK(ref::mismatch(x, {m, n}, [&](const index_t& i) { return static_cast<T>(old[i[0] * n + i[1]] - old[i[0] * n]); }) == "");
    }
    SECTION("x = x + reversed(x), and x = reversed(x) with value semantics") {
        const std::size_t n = 37;
        auto x = ref::filled<T>({n}, 7);
        const std::vector<T> old(x.begin(), x.end());
        const loom::strided_view<const T> rev(x.data() + n - 1, {n}, {-1});
        x = x + rev;
        for (std::size_t i = 0; i < n; ++i) CHECK(x(i) == static_cast<T>(old[i] + old[n - 1 - i]));
        auto y = ref::filled<T>({n}, 8);
        const std::vector<T> oy(y.begin(), y.end());
        const loom::strided_view<const T> ry(y.data() + n - 1, {n}, {-1});
        y = ry;
        for (std::size_t i = 0; i < n; ++i) CHECK(y(i) == oy[n - 1 - i]);
    }
    SECTION("a strided target overlapping a strided operand") {
        // target: even slots; operand: the odd slots before them, read backwards
        const std::size_t n = 40;
        auto x = ref::filled<T>({2 * n}, 9);
        const std::vector<T> old(x.begin(), x.end());
        loom::strided_view<T> even(x.data(), {n}, {2});
        const loom::strided_view<const T> odd_back(x.data() + 2 * n - 1, {n}, {-2});
        const loom::strided_view<const T> evens(x.data(), {n}, {2});
        even = evens * T(2) + odd_back;
        for (std::size_t i = 0; i < n; ++i) {
            const T d = static_cast<T>(old[2 * i] * T(2));
            CHECK(x(2 * i) == static_cast<T>(d + old[2 * n - 1 - 2 * i]));
            CHECK(x(2 * i + 1) == old[2 * i + 1]);
        }
    }
}
