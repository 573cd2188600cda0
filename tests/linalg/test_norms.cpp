// tests/linalg/test_norms.cpp: vector_norm, matrix_norm, norm and cond against NumPy 1.24's values
// for the same calls, their shapes (axes, keepdims, stacks), overflow and underflow of the 2-norm,
// NaN, and bad orders, axes and shapes.
#include <catch2/catch.hpp>

#include "helpers.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>

namespace la = loom::linalg;
using loom::shape_t;
using cd = std::complex<double>;

namespace {

using namespace linalg_test;

double value(const loom::array<double>& x) {
    REQUIRE(x.size() == 1);
    return x.data()[0];
}

}  // namespace

TEST_CASE("vector_norm: every order, NumPy's values", "[linalg]") {
    const loom::array<double> v{3, -4, 0, 12};
    CHECK(value(la::vector_norm(v)) == 13.0);
    CHECK(value(la::vector_norm(v, loom::all, 1)) == 19.0);
    CHECK(value(la::vector_norm(v, loom::all, loom::inf)) == 12.0);
    CHECK(value(la::vector_norm(v, loom::all, -loom::inf)) == 0.0);
    CHECK(value(la::vector_norm(v, loom::all, 0)) == 3.0);
    CHECK(value(la::vector_norm(v, loom::all, 3)) == Approx(12.207054953820636).epsilon(1e-15));
    CHECK(value(la::vector_norm(v, loom::all, 0.5)) == Approx(51.78460969082653).epsilon(1e-15));
    CHECK(value(la::vector_norm(v, loom::all, -1)) == 0.0);  // a zero: sum |x|^-1 is inf
    // integers compute in double, complex numbers give their real type
    CHECK(value(la::vector_norm(loom::array<int>{3, 4})) == 5.0);
    const loom::array<float> f = la::vector_norm(loom::array<std::complex<float>>{{3, 4}, {0, 12}});
    CHECK(f.data()[0] == 13.0f);
    // np.linalg.norm(a, axis=0), norm(a, 1, axis=1)
    const loom::array<double> a{{1, -2, 3}, {4, 5, -6}};
    const loom::array<double> cols = la::vector_norm(a, 0);
    REQUIRE(cols.shape() == shape_t{3});
    CHECK(cols.data()[0] == Approx(4.123105625617661).epsilon(1e-15));
    CHECK(cols.data()[2] == Approx(6.708203932499369).epsilon(1e-15));
    const loom::array<double> rows = la::vector_norm(a, -1, 1);
    CHECK(rows.shape() == shape_t{2});
    CHECK(rows.data()[1] == 15.0);
    CHECK(la::vector_norm(a, 1, 1, loom::keepdims).shape() == shape_t{2, 1});
    CHECK(la::vector_norm(a, loom::all, 2, loom::keepdims).shape() == shape_t{1, 1});
    CHECK(value(la::vector_norm(a, {1, 0})) == Approx(9.539392014169456).epsilon(1e-15));
    const loom::array<double> t = la::vector_norm(loom::ones<double>({2, 3, 4}), {0, 2});
    REQUIRE(t.shape() == shape_t{3});
    CHECK(t.data()[1] == Approx(std::sqrt(8.0)).epsilon(1e-15));
    // any layout: a transposed view gives the same as its copy
    const loom::array<double> tr = la::vector_norm(loom::matrix_transpose(a), 0, 1);
    const loom::array<double> direct = la::vector_norm(a, 1, 1);
    CHECK(tr.data()[0] == direct.data()[0]);
    CHECK(tr.data()[1] == direct.data()[1]);
}

TEST_CASE("vector_norm: no overflow or underflow in the 2-norm; NaN; empty", "[linalg]") {
    const loom::array<double> big{3e300, 4e300}, small{3e-300, 4e-300}, sub{3e-320, 4e-320};
    CHECK(value(la::vector_norm(big)) == Approx(5e300).epsilon(1e-15));
    CHECK(value(la::vector_norm(small)) == Approx(5e-300).epsilon(1e-15));
    CHECK(value(la::vector_norm(sub)) == Approx(5e-320).epsilon(1e-3));  // subnormal inputs: 3 digits
    CHECK(value(la::vector_norm(big, loom::all, 3)) == Approx(std::cbrt(27.0 + 64.0) * 1e300).epsilon(1e-14));
    CHECK(std::isinf(value(la::vector_norm(loom::array<double>{loom::inf, 1}))));
    CHECK(std::isnan(value(la::vector_norm(loom::array<double>{loom::nan, 1}))));
    CHECK(std::isnan(value(la::vector_norm(loom::array<double>{1, loom::nan}, loom::all, loom::inf))));
    CHECK(value(la::vector_norm(loom::zeros<double>({0}))) == 0.0);
    CHECK(la::vector_norm(loom::zeros<double>({3, 0}), 1).shape() == shape_t{3});
    CHECK_THROWS_AS(la::vector_norm(loom::zeros<double>({0}), loom::all, loom::inf), std::invalid_argument);
}

TEST_CASE("matrix_norm and norm: every order, NumPy's values; stacks and keepdims", "[linalg]") {
    const loom::array<double> a{{1, -2, 3}, {4, 5, -6}};
    CHECK(value(la::matrix_norm(a)) == Approx(9.539392014169456).epsilon(1e-15));
    CHECK(value(la::matrix_norm(a, "nuc")) == Approx(11.653785350898488).epsilon(1e-14));
    CHECK(value(la::matrix_norm(a, 1)) == 9.0);
    CHECK(value(la::matrix_norm(a, -1)) == 5.0);
    CHECK(value(la::matrix_norm(a, 2)) == Approx(9.225027715260929).epsilon(1e-14));
    CHECK(value(la::matrix_norm(a, -2)) == Approx(2.4287576356375586).epsilon(1e-14));
    CHECK(value(la::matrix_norm(a, loom::inf)) == 15.0);
    CHECK(value(la::matrix_norm(a, -loom::inf)) == 6.0);
    const loom::array<cd> c{{cd(1, 2), cd(3, -1)}, {cd(0, 0.5), cd(-2, 0)}};
    CHECK(value(la::matrix_norm(c)) == Approx(4.387482193696061).epsilon(1e-15));
    CHECK(value(la::matrix_norm(c, 2)) == Approx(4.137354805346389).epsilon(1e-14));
    CHECK(value(la::matrix_norm(c, "nuc")) == Approx(5.597592873154904).epsilon(1e-14));
    CHECK(value(la::matrix_norm(c, 1)) == Approx(5.16227766016838).epsilon(1e-15));
    // a stack: one norm per matrix, each as alone
    const auto s = random_matrices<double>({4, 3, 5}, 3);
    const loom::array<double> ns = la::matrix_norm(s, 2), nk = la::matrix_norm(s, 1, loom::keepdims);
    REQUIRE(ns.shape() == shape_t{4});
    REQUIRE(nk.shape() == shape_t{4, 1, 1});
    for (std::size_t b = 0; b < 4; ++b) {
        const loom::array<double> one = loom::view(s, b);
        CHECK(ns.data()[b] == value(la::matrix_norm(one, 2)));
        CHECK(nk.data()[b] == value(la::matrix_norm(one, 1)));
    }
    // norm: NumPy's rules for ord None, one axis and two
    CHECK(value(la::norm(a)) == Approx(9.539392014169456).epsilon(1e-15));
    CHECK(value(la::norm(loom::ones<double>({2, 2, 2}))) == Approx(std::sqrt(8.0)).epsilon(1e-15));
    CHECK(value(la::norm(a, loom::inf)) == 15.0);
    CHECK(value(la::norm(loom::array<double>{3, -4}, 1)) == 7.0);
    CHECK(la::norm(a, 1, 1).shape() == shape_t{2});
    CHECK(la::norm(a, {}, 0).data()[0] == Approx(4.123105625617661).epsilon(1e-15));
    CHECK(value(la::norm(a, 1, {1, 0})) == 15.0);  // the axes' order: rows of a^T are a's columns
    CHECK(la::norm(a, {}, {0, 1}, loom::keepdims).shape() == shape_t{1, 1});
    CHECK(la::norm(loom::ones<double>({2, 3, 4}), "fro", {0, 2}).shape() == shape_t{3});
    // empty matrices: Frobenius and nuclear 0, the others undefined (NumPy raises too)
    CHECK(value(la::matrix_norm(loom::zeros<double>({0, 3}))) == 0.0);
    CHECK(value(la::matrix_norm(loom::zeros<double>({0, 3}), "nuc")) == 0.0);
    CHECK_THROWS_AS(la::matrix_norm(loom::zeros<double>({0, 3}), 1), std::invalid_argument);
}

TEST_CASE("norms: bad orders, axes and shapes name what was wrong", "[linalg]") {
    const loom::array<double> a{{1, 2}, {3, 4}};
    auto message = [](auto&& f) {
        try {
            f();
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no exception");
    };
    CHECK(message([&] { la::matrix_norm(a, 3); }).find("ord 3 is not a matrix norm") != std::string::npos);
    CHECK(message([&] { la::vector_norm(a, loom::all, "fro"); }).find("is a matrix norm, not a vector norm") !=
          std::string::npos);
    CHECK(message([&] { la::matrix_norm(a, "max"); }).find("expected a number, \"fro\" or \"nuc\"") != std::string::npos);
    CHECK(message([&] { la::vector_norm(a, 2); }).find("axis 2 is out of range") != std::string::npos);
    CHECK(message([&] { la::vector_norm(a, {0, -2}); }).find("axis -2 is repeated") != std::string::npos);
    CHECK(message([&] { la::matrix_norm(loom::array<double>{1, 2}); }).find("rank 2 or more") != std::string::npos);
    CHECK(message([&] { la::norm(loom::ones<double>({2, 2, 2}), 2); }).find("a vector or a matrix") != std::string::npos);
    CHECK(message([&] { la::norm(a, 2, {0, 1, 1}); }).find("one axis or two") != std::string::npos);
}

TEST_CASE("cond: NumPy's values for every p; singular gives inf; stacks", "[linalg]") {
    const loom::array<double> m{{4, 1, 2}, {0, 3, 1}, {1, 1, 5}};
    CHECK(value(la::cond(m)) == Approx(2.5193546392372443).epsilon(1e-14));
    CHECK(value(la::cond(m, 2)) == Approx(2.5193546392372443).epsilon(1e-14));
    CHECK(value(la::cond(m, -2)) == Approx(0.39692704807242163).epsilon(1e-14));
    CHECK(value(la::cond(m, "fro")) == Approx(4.042926146520696).epsilon(1e-14));
    CHECK(value(la::cond(m, "nuc")) == Approx(10.538445727560507).epsilon(1e-14));
    CHECK(value(la::cond(m, 1)) == Approx(3.764705882352941).epsilon(1e-14));
    CHECK(value(la::cond(m, -1)) == Approx(1.7647058823529413).epsilon(1e-14));
    CHECK(value(la::cond(m, loom::inf)) == Approx(3.1568627450980387).epsilon(1e-14));
    CHECK(value(la::cond(m, -loom::inf)) == Approx(1.4117647058823528).epsilon(1e-14));
    CHECK(std::isinf(value(la::cond(loom::array<double>{{1, 2}, {2, 4}}, 1))));
    CHECK(value(la::cond(loom::array<double>{{1, 2, 3}, {4, 5, 6}})) == Approx(12.302245504069202).epsilon(1e-13));
    const auto s = random_matrices<double>({3, 4, 4}, 8);
    const loom::array<double> cs = la::cond(s, 1);
    REQUIRE(cs.shape() == shape_t{3});
    for (std::size_t b = 0; b < 3; ++b) {
        const loom::array<double> one = loom::view(s, b);
        CHECK(cs.data()[b] == Approx(value(la::matrix_norm(one, 1)) * value(la::matrix_norm(la::inv(one), 1))).epsilon(1e-12));
    }
    CHECK_THROWS_AS(la::cond(loom::array<double>{{1, 2, 3}, {4, 5, 6}}, 1), std::invalid_argument);
}
