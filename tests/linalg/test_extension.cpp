// tests/linalg/test_extension.cpp: the Array API linalg names built on loom's other functions:
// diagonal and trace over the last two axes, cross, matrix_power, and the products reachable here.
#include <catch2/catch.hpp>

#include <loom/linalg.hpp>

#include <stdexcept>
#include <vector>

namespace la = loom::linalg;
using loom::shape_t;

namespace {
template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}
}  // namespace

TEST_CASE("linalg diagonal and trace take the last two axes", "[linalg]") {
    const loom::array<double> st = loom::reshape(loom::arange<double>(18), {2, 3, 3});
    CHECK(vals(loom::array<double>(la::trace(st))) == std::vector<double>{12, 39});
    CHECK(vals(loom::array<double>(la::trace(st, 1))) == std::vector<double>{6, 24});
    const loom::array<double> d = la::diagonal(st, -1);
    CHECK(d.shape() == shape_t{2, 2});
    CHECK(vals(d) == std::vector<double>{3, 7, 12, 16});
    // NumPy's np.trace takes the first two axes: loom::trace(st) differs
    CHECK(vals(loom::array<double>(loom::trace(st))) == std::vector<double>{12, 14, 16});  // st[0, 0] + st[1, 1]
}

TEST_CASE("cross: 3-vectors along an axis, broadcast", "[linalg]") {
    const loom::array<double> u = {{1, 0, 0}, {0, 1, 0}}, v = {0, 1, 0};
    CHECK(vals(la::cross(u, v)) == std::vector<double>{0, 0, 1, 0, 0, 0});
    const loom::array<int> a = {{1, 2}, {3, 4}, {5, 6}};  // vectors in the columns: axis -2
    const loom::array<int> b = {{7, 8}, {9, 10}, {11, 12}};
    CHECK(vals(la::cross(a, b, -2)) == std::vector<int>{3 * 11 - 5 * 9, 4 * 12 - 6 * 10, 5 * 7 - 1 * 11, 6 * 8 - 2 * 12,
                                                        1 * 9 - 3 * 7, 2 * 10 - 4 * 8});
    CHECK_THROWS_AS(la::cross(loom::array<double>{1, 2}, loom::array<double>{3, 4}), std::invalid_argument);
    CHECK_THROWS_AS(la::cross(u, v, 0), loom::index_error);
}

TEST_CASE("matrix_power: squaring, the identity, inverses, stacks", "[linalg]") {
    const loom::array<double> a = {{1, 2}, {3, 4}};
    CHECK(vals(la::matrix_power(a, 3)) == std::vector<double>{37, 54, 81, 118});
    CHECK(vals(la::matrix_power(a, 0)) == std::vector<double>{1, 0, 0, 1});
    CHECK(vals(la::matrix_power(a, 1)) == vals(a));
    const loom::array<double> m2 = la::matrix_power(a, -2);  // np.linalg.matrix_power(a, -2)
    const std::vector<double> want = {5.5, -2.5, -3.75, 1.75};
    for (std::size_t i = 0; i < 4; ++i) CHECK(m2.data()[i] == Approx(want[i]).epsilon(1e-13));
    const loom::array<std::int64_t> fib = {{1, 1}, {1, 0}};
    CHECK(vals(la::matrix_power(fib, 50))[1] == 12586269025);  // integers stay exact
    CHECK_THROWS_AS(la::matrix_power(fib, -1), std::invalid_argument);
    CHECK_THROWS_AS(la::matrix_power(loom::zeros<double>({2, 3}), 2), std::invalid_argument);
    const loom::array<double> st = loom::stack(std::vector<loom::array<double>>{a, loom::eye<double>(2) * 2.0});
    const loom::array<double> p = la::matrix_power(st, 2);
    CHECK(vals(p) == std::vector<double>{7, 10, 15, 22, 4, 0, 0, 4});
    // the products are reachable as loom::linalg::
    CHECK(vals(loom::array<double>(la::matmul(a, a))) == std::vector<double>{7, 10, 15, 22});
    CHECK(vals(loom::array<double>(la::matrix_transpose(a))) == std::vector<double>{1, 3, 2, 4});
    CHECK(double(la::vecdot(loom::array<double>{1, 2}, loom::array<double>{3, 4})) == 11.0);
    CHECK(vals(loom::array<double>(la::outer(loom::array<double>{1, 2}, loom::array<double>{3, 4}))) ==
          std::vector<double>{3, 4, 6, 8});
}
