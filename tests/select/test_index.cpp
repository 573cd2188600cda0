// tests/select/test_index.cpp: loom::index (NumPy's x[i0, i1] with integer arrays) read, assigned and
// updated, and add_at (np.add.at), against plain loops and values NumPy 1.24 gives; errors leave x as it was.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/select/index.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "../support/reference.hpp"

using loom::array;
using loom::shape_t;
using ref::values;

TEMPLATE_LIST_TEST_CASE("index gathers x[i0[j], i1[j], :] over the indices' broadcast shape", "[select][index]", ref::number_types) {
    using T = TestType;
    const auto x = ref::filled<T>({4, 5, 3}, 1);
    const auto at = [&](std::size_t a, std::size_t b, std::size_t c) { return x.data()[(a * 5 + b) * 3 + c]; };
    const array<std::int32_t> rows = ref::make<std::int32_t>({2, 1}, {0, -1});
    const array<std::int64_t> cols{1, 4, -5};
    const array<T> r = loom::index(x, rows, cols);
    CHECK(r.shape() == shape_t{2, 3, 3});
    const std::size_t rv[2] = {0, 3}, cv[3] = {1, 4, 0};
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t c = 0; c < 3; ++c) CHECK(r.data()[(i * 3 + j) * 3 + c] == at(rv[i], cv[j], c));
    // one index: whole blocks; a number with an array
    const array<T> b = loom::index(x, array<int>{3, 3, 0});
    CHECK(b.shape() == shape_t{3, 5, 3});
    CHECK(values(loom::view(b, 1)) == values(loom::view(x, 3)));
    const array<T> n = loom::index(x, 2, array<int>{0, 4});
    CHECK(n.shape() == shape_t{2, 3});
    CHECK(n.data()[3] == at(2, 4, 0));
}

TEST_CASE("index gives NumPy's values and reads views and feeds expressions", "[select][index]") {
    const auto x = ref::iota<double>({4, 5});
    // x[np.array([[0], [3]]), np.array([1, 2, -1])]
    CHECK(values(loom::index(x, ref::make<int>({2, 1}, {0, 3}), array<int>{1, 2, -1})) ==
          std::vector<double>{1, 2, 4, 16, 17, 19});
    // x[1, np.array([0, 4])]
    CHECK(values(loom::index(x, 1, array<int>{0, 4})) == std::vector<double>{5, 9});
    // np.arange(24).reshape(2, 3, 4)[np.array([1, 0]), np.array([2, 2])]
    CHECK(values(loom::index(ref::iota<int>({2, 3, 4}), array<int>{1, 0}, array<int>{2, 2})) ==
          std::vector<int>{20, 21, 22, 23, 8, 9, 10, 11});
    // a transposed view, and the gathered values inside an expression
    const auto t = loom::transpose(x);  // (5, 4)
    CHECK(values(loom::index(t, array<int>{4, 0}, array<int>{1, 1})) == std::vector<double>{9, 5});
    const array<double> e = loom::index(x, array<int>{0, 2}, 0) * 2.0 + 1.0;
    CHECK(values(e) == std::vector<double>{1, 21});
    // index expressions, not only arrays
    const array<int> i{0, 1};
    CHECK(values(loom::index(x, i + 2, i)) == std::vector<double>{10, 16});
}

TEST_CASE("assigning to index writes x's elements; repeated indices: the last write wins", "[select][index]") {
    array<double> v{1, 2, 3, 4};
    loom::index(v, array<int>{0, 0, 1}) = array<double>{1, 2, 3};  // NumPy: [2, 3, 3, 4]
    CHECK(values(v) == std::vector<double>{2, 3, 3, 4});
    loom::index(v, array<int>{-1}) = 9.0;
    CHECK(values(v) == std::vector<double>{2, 3, 3, 9});
    array<double> w{1, 2, 3, 4};
    loom::index(w, array<int>{0, 0}) += 1.0;  // NumPy: added once, [2, 2, 3, 4]
    CHECK(values(w) == std::vector<double>{2, 2, 3, 4});
    loom::index(w, array<int>{1, 3}) *= array<double>{10, 100};
    CHECK(values(w) == std::vector<double>{2, 20, 3, 400});
    // through a view of x: rows of a matrix, a row broadcast to every picked row
    auto m = ref::iota<double>({3, 4});
    loom::index(m, array<int>{2, 0}) = array<double>{-1, -2, -3, -4};
    CHECK(values(loom::view(m, 0)) == std::vector<double>{-1, -2, -3, -4});
    CHECK(values(loom::view(m, 2)) == std::vector<double>{-1, -2, -3, -4});
    CHECK(values(loom::view(m, 1)) == std::vector<double>{4, 5, 6, 7});
    auto r = loom::view(m, loom::range(loom::none, loom::none, -1), loom::all);  // m[::-1]
    loom::index(r, 0, array<int>{0, 3}) = 50.0;  // m[2, 0] and m[2, 3]
    CHECK(values(loom::view(m, 2)) == std::vector<double>{50, -2, -3, 50});
    // reading x while writing it: the value is evaluated first (a swap)
    array<double> s{1, 2, 3, 4};
    loom::index(s, array<int>{0, 1}) = loom::index(s, array<int>{1, 0});
    CHECK(values(s) == std::vector<double>{2, 1, 3, 4});
}

TEST_CASE("add_at accumulates repeated indices as np.add.at", "[select][index]") {
    array<double> v{1, 2, 3, 4};
    loom::add_at(v, array<int>{0, 0, 2}, 1.0);  // NumPy: [3, 2, 4, 4]
    CHECK(values(v) == std::vector<double>{3, 2, 4, 4});
    array<double> m(shape_t{3, 3}, 0.0);
    loom::add_at(loom::index(m, array<int>{0, 0, 2}, array<int>{1, 1, 0}), array<double>{1, 2, 3});
    CHECK(values(m) == std::vector<double>{0, 3, 0, 0, 0, 0, 3, 0, 0});
    // a histogram of small integers, the loop it replaces
    const array<int> bins{1, 3, 1, 1, 0};
    array<std::int64_t> counts(shape_t{4}, 0);
    loom::add_at(counts, bins, 1);
    CHECK(values(counts) == std::vector<std::int64_t>{1, 3, 0, 1});
}

TEST_CASE("index checks every index and shape before anything is written", "[select][index][errors]") {
    array<double> v{1, 2, 3, 4};
    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::index(v, array<int>{0, 4}); }) ==
          "loom::index: index 4 is out of bounds for axis 0 with size 4");
    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::index(v, array<int>{-5}); }) ==
          "loom::index: index -5 is out of bounds for axis 0 with size 4");
    CHECK(ref::what_of<loom::index_error>([&] { loom::add_at(v, array<int>{1, 9}, 1.0); }) ==
          "loom::index: index 9 is out of bounds for axis 0 with size 4");
    CHECK(values(v) == std::vector<double>{1, 2, 3, 4});
    CHECK_THROWS_AS(loom::index(v, 0, 0), loom::index_error);  // two indices for one axis
    const auto m = ref::iota<double>({3, 4});
    CHECK_THROWS_AS(loom::index(m, array<int>{0, 1}, array<int>{0, 1, 2}), loom::broadcast_error);
    // a value of the wrong shape: broadcast_error, nothing written
    CHECK_THROWS_AS((loom::index(v, array<int>{0, 1}) = array<double>{1, 2, 3}), loom::broadcast_error);
    CHECK_THROWS_AS(loom::add_at(v, array<int>{0, 1}, array<double>{1, 2, 3}), loom::broadcast_error);
    CHECK(values(v) == std::vector<double>{1, 2, 3, 4});
    // empty indices select nothing
    CHECK(loom::index(m, array<int>(shape_t{0})).shape() == shape_t{0, 4});
    // a number is checked even then (NumPy: x[np.zeros(0, int), 5] raises), index arrays are not
    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::index(m, array<int>(shape_t{0}), 5); }) ==
          "loom::index: index 5 is out of bounds for axis 1 with size 4");
    CHECK(loom::index(m, array<int>{7}, array<int>(shape_t{0})).shape() == shape_t{0});
}
