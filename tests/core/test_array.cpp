// tests/core/test_array.cpp: loom::array<T>: construction, element access, iteration, value semantics, eval.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

TEST_CASE("a default array has shape (0) and can be assigned", "[core][array]") {
    loom::array<double> a;
    CHECK(a.shape() == shape_t{0});
    CHECK(a.ndim() == 1);
    CHECK(a.size() == 0);
    CHECK(a.begin() == a.end());
    const loom::array<double> b = {{1, 2}, {3, 4}};
    a = b * 2.0;
    CHECK(a.shape() == shape_t{2, 2});
    CHECK(a(1, 1) == 8.0);
}

TEST_CASE("arrays from a shape are zero-filled or filled", "[core][array]") {
    const loom::array<int> z(shape_t{2, 3});
    CHECK(z.shape() == shape_t{2, 3});
    CHECK(z.size() == 6);
    for (int v : z) CHECK(v == 0);
    const loom::array<double> f(shape_t{4}, 2.5);
    for (double v : f) CHECK(v == 2.5);
    const loom::array<float> s(shape_t{}, 3.0f);  // rank 0 holds one element
    CHECK(s.ndim() == 0);
    CHECK(s.size() == 1);
    CHECK(s() == 3.0f);
    const loom::array<int> e(shape_t{3, 0, 2});
    CHECK(e.size() == 0);
    CHECK(e.ndim() == 3);
}

TEST_CASE("nested braces of rank 1 to 4", "[core][array][braces]") {
    const loom::array<double> r1 = {1, 2, 3};
    CHECK(r1.shape() == shape_t{3});
    CHECK(r1(2) == 3.0);
    const loom::array<double> r2 = {{1, 2, 3}, {4, 5, 6}};
    CHECK(r2.shape() == shape_t{2, 3});
    CHECK(r2(1, 0) == 4.0);
    const loom::array<int> r3 = {{{1, 2}, {3, 4}, {5, 6}}, {{7, 8}, {9, 10}, {11, 12}}};
    CHECK(r3.shape() == shape_t{2, 3, 2});
    CHECK(r3(1, 2, 0) == 11);
    const loom::array<int> r4 = {{{{1, 2}, {3, 4}}}, {{{5, 6}, {7, 8}}}};
    CHECK(r4.shape() == shape_t{2, 1, 2, 2});
    CHECK(r4(1, 0, 1, 0) == 7);
    // row-major: the flat order is the order of the braces
    int want = 1;
    for (int v : r3) CHECK(v == want++);
    // the values convert to T
    const loom::array<float> f = {1, 2};
    CHECK(f(1) == 2.0f);
}

TEST_CASE("one-element inner lists make a column", "[core][array][braces]") {
    const loom::array<int> col = {{1}, {2}, {3}};
    CHECK(col.shape() == shape_t{3, 1});
    CHECK(col(2, 0) == 3);
    const loom::array<double> one = {{7}};
    CHECK(one.shape() == shape_t{1, 1});
    const loom::array<double> v = {1, 2.5, 3};  // mixed literals convert to T
    CHECK(v.shape() == shape_t{3});
    CHECK(v(1) == 2.5);
    // a number is not an array value: r = 2.0 does not compile (use fill)
    static_assert(!std::is_assignable_v<loom::array<double>&, double>);
    static_assert(std::is_assignable_v<loom::array<double>&, loom::array<float>>);
}

TEST_CASE("ragged nested braces are an error", "[core][array][braces]") {
    using A = loom::array<int>;
    CHECK_THROWS_AS((A{{1, 2}, {3}}), std::invalid_argument);
    CHECK_THROWS_AS((A{{1, 2, 3}, {4, 5, 6}, {7, 8}}), std::invalid_argument);
    CHECK_THROWS_AS((A{{{1, 2}, {3, 4}}, {{5, 6}, {7}}}), std::invalid_argument);
    CHECK_THROWS_AS((A{{{1, 2}, {3, 4}}, {{5, 6}}}), std::invalid_argument);
    CHECK_THROWS_AS((A{{{{1, 2}}}, {{{3, 4, 5}}}}), std::invalid_argument);
}

TEST_CASE("shape, strides and data of an array", "[core][array]") {
    const loom::array<double> a(shape_t{2, 3, 4});
    CHECK(a.ndim() == 3);
    CHECK(a.size() == 24);
    REQUIRE(a.strides().size() == 3);
    CHECK(a.strides()[0] == 12);
    CHECK(a.strides()[1] == 4);
    CHECK(a.strides()[2] == 1);
    // the buffer is 64-byte aligned, for whole SIMD loads
    CHECK(reinterpret_cast<std::uintptr_t>(a.data()) % 64 == 0);
    const loom::array<std::int8_t> b(shape_t{3});
    CHECK(reinterpret_cast<std::uintptr_t>(b.data()) % 64 == 0);
}

TEST_CASE("element access: unchecked and checked", "[core][array][access]") {
    loom::array<int> a = {{1, 2, 3}, {4, 5, 6}};
    CHECK(a(0, 2) == 3);
    a(1, 1) = 50;
    CHECK(a.data()[4] == 50);
    CHECK(a.at(1, 1) == 50);
    a.at(0, 0) = 10;
    CHECK(a(0, 0) == 10);
    // negative indices count from the end
    CHECK(a.at(-1, -1) == 6);
    CHECK(a.at(-2, 0) == 10);
    CHECK_THROWS_AS(a.at(2, 0), loom::index_error);
    CHECK_THROWS_AS(a.at(0, 3), loom::index_error);
    CHECK_THROWS_AS(a.at(-3, 0), loom::index_error);
    CHECK_THROWS_AS(a.at(0), loom::index_error);        // too few indices
    CHECK_THROWS_AS(a.at(0, 0, 0), loom::index_error);  // too many
    CHECK_THROWS_AS(a.at(0, 3), std::out_of_range);
    CHECK_THROWS_WITH(a.at(0, 3), "loom: index 3 is out of bounds for axis 1 with size 3");
    const auto& c = a;
    CHECK(c.at(std::size_t{1}, std::size_t{2}) == 6);
    CHECK(c(1, 2) == 6);
}

TEST_CASE("flat iteration in row-major order", "[core][array][iteration]") {
    loom::array<int> a = {{1, 2, 3}, {4, 5, 6}};
    CHECK(std::accumulate(a.begin(), a.end(), 0) == 21);
    for (int& v : a) v *= 10;
    std::vector<int> seen(a.begin(), a.end());
    CHECK(seen == std::vector<int>{10, 20, 30, 40, 50, 60});
    a.fill(7);
    for (int v : a) CHECK(v == 7);
}

TEST_CASE("copies are deep, moves leave an empty array", "[core][array][semantics]") {
    loom::array<double> a = {1, 2, 3};
    loom::array<double> b = a;
    b(0) = 100;
    CHECK(a(0) == 1.0);
    CHECK(b.shape() == a.shape());
    loom::array<double> c;
    c = a;
    c(1) = 200;
    CHECK(a(1) == 2.0);
    const double* p = a.data();
    loom::array<double> d = std::move(a);
    CHECK(d.data() == p);
    CHECK(d(2) == 3.0);
    CHECK(a.shape() == shape_t{0});  // NOLINT: moved-from state is specified
    CHECK(a.size() == 0);
    loom::array<double> e = {9};
    e = std::move(d);
    CHECK(e.data() == p);
    CHECK(d.size() == 0);  // NOLINT
    // a moved-from array can be assigned again
    d = e + 1.0;
    CHECK(d(0) == 2.0);
    // self-assignment keeps the values
    auto& self = e;
    e = self;
    CHECK(e(2) == 3.0);
}

TEST_CASE("array r = expr and array r(expr) evaluate the expression", "[core][array][eval]") {
    const loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> b = {10, 20, 30};
    loom::array<double> r = a * b + 1.0;
    loom::array<double> s(a - b);
    REQUIRE(r.shape() == shape_t{2, 3});
    REQUIRE(s.shape() == shape_t{2, 3});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
            CHECK(r(i, j) == a.data()[i * 3 + j] * b.data()[j] + 1.0);
            CHECK(s(i, j) == a.data()[i * 3 + j] - b.data()[j]);
        }
    // an array of another element type converts element by element: implicitly
    // within a kind or up it (double to float), explicitly with astype across kinds
    const loom::array<int> t = loom::astype<int>(a * 2.0);
    CHECK(t(1, 2) == 12);
    const loom::array<float> u = a;
    CHECK(u(0, 1) == 2.0f);
    // eval gives the expression's own element type
    const auto e = loom::eval(a > 2.0);
    static_assert(std::is_same_v<decltype(e), const loom::array<bool>>);
    CHECK(e(0, 2));
    CHECK_FALSE(e(0, 1));
}

TEST_CASE("r = expr takes the expression's shape and reuses the buffer when it fits", "[core][array][semantics]") {
    loom::array<double> r(shape_t{4, 5});
    const double* p = r.data();
    const loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    r = a + 1.0;  // 6 elements fit in 20
    CHECK(r.shape() == shape_t{2, 3});
    CHECK(r.strides()[0] == 3);
    CHECK(r.data() == p);
    CHECK(r(1, 2) == 7.0);
    r = loom::zeros<double>({3, 10}) + a(0, 0);  // 30 elements do not fit
    CHECK(r.shape() == shape_t{3, 10});
    CHECK(r(2, 9) == 1.0);
    // rank 0
    r = loom::array<double>(shape_t{}, 4.0) * 2.0;
    CHECK(r.ndim() == 0);
    CHECK(r() == 8.0);
}

TEST_CASE("r = expr takes the expression's shape when it would broadcast to r's", "[core][array][semantics]") {
    // each operand fits r's 2-D shape axis by axis, but r = e is not in place: r becomes e's shape
    const loom::array<double> row = {1, 2, 3, 4}, col = {{1}, {2}, {3}}, wide = {{5, 6, 7, 8}};
    const auto sub = loom::view(row, loom::newaxis, loom::all);  // (1, 4), a view
    for (int k = 0; k < 5; ++k) {
        loom::array<double> r(shape_t{3, 4}, -1.0);
        shape_t want;
        switch (k) {
        case 0: r = row + 1.0; want = {4}; break;
        case 1: r = col * 2.0; want = {3, 1}; break;
        case 2: r = wide + row; want = {1, 4}; break;
        case 3: r = sub - wide; want = {1, 4}; break;
        default: r = wide * col; want = {3, 4}; break;
        }
        INFO("case " << k);
        CHECK(r.shape() == want);
        CHECK(r.size() == loom::size_of(want));
    }
    loom::array<double> r(shape_t{3, 4}, -1.0);
    r = wide + row;
    CHECK(r(0, 3) == 12.0);
}

TEST_CASE("r = expr is correct when expr reads r", "[core][array][semantics][alias]") {
    SECTION("same shape") {
        loom::array<int> r = {1, 2, 3};
        r = r * 2 + r;
        CHECK(loom::array_equal(r, loom::array<int>{3, 6, 9}));
    }
    SECTION("the result is larger than r") {
        loom::array<int> r = {1, 2, 3};
        const auto col = ref::make<int>({2, 1}, {10, 20});
        r = r + col;
        CHECK(r.shape() == shape_t{2, 3});
        CHECK(loom::array_equal(r, loom::array<int>{{11, 12, 13}, {21, 22, 23}}));
    }
    SECTION("the result is smaller than r and reads it through a view") {
        loom::array<int> r = {{1, 2, 3}, {4, 5, 6}};
        const loom::strided_view<const int> last_col(r.data() + 2, {2}, {3});
        r = last_col * 10;  // fits in r's buffer, but reads r while writing
        CHECK(r.shape() == shape_t{2});
        CHECK(loom::array_equal(r, loom::array<int>{30, 60}));
    }
    SECTION("a transposed read of r into r") {
        loom::array<int> r = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
        const loom::strided_view<const int> t(r.data(), {3, 3}, {1, 3});
        r = t;
        CHECK(loom::array_equal(r, loom::array<int>{{1, 4, 7}, {2, 5, 8}, {3, 6, 9}}));
    }
}

TEST_CASE("a failing r = expr leaves r as it was", "[core][array][semantics]") {
    loom::array<double> r = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> a = {1, 2, 3, 4};
    CHECK_THROWS_AS(r = a + r, loom::broadcast_error);
    CHECK(r.shape() == shape_t{2, 3});
    CHECK(loom::array_equal(r, loom::array<double>{{1, 2, 3}, {4, 5, 6}}));
}

TEST_CASE("expressions have shape, ndim, size and value_type like arrays", "[core][array]") {
    const loom::array<double> a(shape_t{2, 1, 4});
    const loom::array<double> b(shape_t{3, 1});
    const auto e = a * b;
    CHECK(e.shape() == shape_t{2, 3, 4});
    CHECK(e.ndim() == 3);
    CHECK(e.size() == 24);
    static_assert(std::is_same_v<decltype(e)::value_type, double>);
}

#if defined(__linux__)
namespace {
// The VmFlags line of the mapping of this process that holds p (/proc/self/smaps), "" if none does.
std::string vm_flags_of(const void* p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        std::uintptr_t lo = 0, hi = 0;
        char dash = 0;
        std::istringstream head(line);
        if (line.rfind("VmFlags:", 0) == 0) {
            if (inside) return line;
        } else if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
            inside = lo <= at && at < hi;
        }
    }
    return "";
}
bool advised(const void* p) { return vm_flags_of(p).find(" hg") != std::string::npos; }
}  // namespace

TEST_CASE("buffers of 4 MiB and more are advised to use huge pages, unless turned off", "[core][array][huge_pages]") {
    // madvise(MADV_HUGEPAGE) marks the mapping "hg" in VmFlags where the kernel has transparent huge pages.
    const bool thp = std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled");
    INFO("transparent huge pages in this kernel: " << thp);
    REQUIRE(loom::huge_pages());  // the default (the suite does not set LOOM_HUGE_PAGES=0)
    // 40 MiB: larger than glibc's largest mmap threshold, so the buffer is a mapping of its own.
    const std::size_t n = (std::size_t{40} << 20) / sizeof(double);
    loom::array<double> big(shape_t{n}, 1.5);
    CHECK(advised(big.data() + n / 2) == thp);
    big += 1.0;
    CHECK(big(0) == 2.5);
    CHECK(big(n - 1) == 2.5);

    const bool was = loom::set_huge_pages(false);
    CHECK(was);
    CHECK_FALSE(loom::huge_pages());
    loom::array<double> plain(shape_t{n}, 2.0);
    loom::set_huge_pages(true);
    CHECK_FALSE(advised(plain.data() + n / 2));
    CHECK(!vm_flags_of(plain.data() + n / 2).empty());  // the mapping was found: the check above can fail
    loom::array<double> sum = big + plain;
    CHECK(sum(n / 2) == 4.5);
    CHECK(advised(sum.data() + n / 2) == thp);
}
#else
TEST_CASE("huge_pages() is false where there is no madvise", "[core][array][huge_pages]") {
    CHECK_FALSE(loom::huge_pages());
    CHECK_FALSE(loom::set_huge_pages(true));
    CHECK_FALSE(loom::huge_pages());
}
#endif

TEMPLATE_LIST_TEST_CASE("every element type: construct, access, copy, evaluate", "[core][array][types]", ref::all_types) {
    using T = TestType;
    loom::array<T> a(shape_t{3, 4});
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = ref::pattern<T>(i, 1);
    loom::array<T> b(shape_t{4}, T(1));
    const loom::array<T> c = a;
    const loom::array<T> r = a + b;
    REQUIRE(r.shape() == shape_t{3, 4});
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 4; ++j) {
            CHECK(c(i, j) == ref::pattern<T>(i * 4 + j, 1));
            CHECK(r(i, j) == static_cast<T>(ref::pattern<T>(i * 4 + j, 1) + T(1)));
        }
    a.fill(T(0));
    CHECK(c(2, 3) == ref::pattern<T>(11, 1));  // the copy is independent
    CHECK(a.at(-1, -1) == T(0));
    const loom::array<T> br = {T(1), T(0), T(1)};
    CHECK(br.size() == 3);
    CHECK(br(1) == T(0));
    const loom::array<T> two = {{T(1), T(0)}, {T(0), T(1)}};
    CHECK(two(1, 1) == T(1));
    const auto e = loom::eval(two * b(0));
    static_assert(std::is_same_v<typename decltype(e)::value_type, T>);
    CHECK(e(0, 0) == T(1));
}

TEST_CASE("an array of one element converts to it explicitly; another size throws", "[core][array]") {
    loom::array<double> one = {2.5};
    CHECK(double(one) == 2.5);
    loom::array<int> m = {{7}};
    CHECK(int(m) == 7);
    loom::array<double> r0(loom::shape_t{}, 4.0);  // rank 0
    CHECK(static_cast<double>(r0) == 4.0);
    loom::array<double> two = {1.0, 2.0};
    CHECK_THROWS_WITH(double(two), Catch::Contains("shape (2,)"));
    CHECK_THROWS_AS(double(loom::zeros<double>({0})), std::invalid_argument);
    static_assert(!std::is_convertible_v<loom::array<double>, double>);  // explicit: never by accident
}
