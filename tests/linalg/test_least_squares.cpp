// tests/linalg/test_least_squares.cpp: matrix_rank, pinv and lstsq: NumPy 1.24's values for the
// same calls, the Penrose conditions and the normal equations in units of eps, rank-deficient,
// wide, tall, complex, float and empty matrices, stacks with broadcast b, rtol, NaN, bad shapes.
#include <catch2/catch.hpp>

#include "helpers.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>
#include <vector>

namespace la = loom::linalg;
using loom::shape_t;
using cd = std::complex<double>;

namespace {

using namespace linalg_test;

template <class T>
loom::array<T> hermitian_transpose(const loom::array<T>& x) {
    return loom::conj(loom::matrix_transpose(x));
}

// The four Penrose conditions of p = pinv(a), each in units of |a| |p| eps max(m, n), below 30.
template <class T>
void check_penrose(const loom::array<T>& a) {
    const loom::array<T> p = la::pinv(a);
    const auto& s = a.shape();
    REQUIRE(p.shape()[p.shape().size() - 2] == s.back());
    const double scale = std::max(1.0, norm_inf(a)) * std::max(1.0, norm_inf(p)) * eps<T>() *
                         double(std::max(s[s.size() - 1], s[s.size() - 2]));
    const loom::array<T> ap = loom::matmul(a, p), pa = loom::matmul(p, a);
    CHECK(norm_inf(loom::array<T>(loom::matmul(ap, a) - a)) / (scale * std::max(1.0, norm_inf(a))) < 30);
    CHECK(norm_inf(loom::array<T>(loom::matmul(pa, p) - p)) / (scale * std::max(1.0, norm_inf(p))) < 30);
    CHECK(norm_inf(loom::array<T>(ap - hermitian_transpose(ap))) / scale < 30);
    CHECK(norm_inf(loom::array<T>(pa - hermitian_transpose(pa))) / scale < 30);
}

}  // namespace

TEST_CASE("matrix_rank: full, deficient, tiny, rtol, stacks", "[linalg]") {
    CHECK(la::matrix_rank(loom::array<double>{{1, 2, 3}, {2, 4, 6}, {1, 0, 1}}).data()[0] == 2);
    CHECK(la::matrix_rank(loom::eye<double>(5)).data()[0] == 5);
    CHECK(la::matrix_rank(loom::zeros<double>({3, 4})).data()[0] == 0);
    CHECK(la::matrix_rank(loom::zeros<double>({0, 4})).data()[0] == 0);
    // singular values 1 .. 1e-12: all count by default, rtol 1e-6 keeps those above 1e-6
    const auto ill = with_singular_values(12, 12, geometric(12, 1e12), 5);
    CHECK(la::matrix_rank(ill).data()[0] == 12);
    CHECK(la::matrix_rank(ill, 1e-6).data()[0] == 6);  // 1e-12^(j/11) > 1e-6 for j = 0 .. 5
    const auto r3 = with_singular_values(8, 6, {3, 2, 1, 0, 0, 0}, 6);
    CHECK(la::matrix_rank(r3).data()[0] == 3);
    const loom::array<std::int64_t> st = la::matrix_rank(random_matrices<double>({4, 3, 5}, 2));
    REQUIRE(st.shape() == shape_t{4});
    CHECK(st.data()[3] == 3);
    CHECK(la::matrix_rank(loom::array<cd>{{cd(1, 1), cd(2, 2)}, {cd(0, 1), cd(0, 2)}}).data()[0] == 1);
    CHECK_THROWS_AS(la::matrix_rank(ill, -1.0), std::invalid_argument);
}

TEST_CASE("pinv: NumPy's values; the Penrose conditions", "[linalg]") {
    const loom::array<double> d{{1, 2, 3}, {2, 4, 6}, {1, 0, 1}};
    const loom::array<double> p = la::pinv(d);
    const std::vector<double> np{-0.03333333333333385, -0.06666666666666661, 0.8333333333333339,
                                 0.0666666666666671,   0.13333333333333325, -0.666666666666667,
                                 0.033333333333333236, 0.06666666666666664, 0.16666666666666682};
    for (std::size_t i = 0; i < 9; ++i) CHECK(p.data()[i] == Approx(np[i]).margin(1e-14));
    const loom::array<double> w = la::pinv(loom::array<double>{{1, 2, 3}, {4, 5, 6}});
    REQUIRE(w.shape() == shape_t{3, 2});
    CHECK(w.data()[0] == Approx(-0.94444444444444).epsilon(1e-12));
    check_penrose(d);
    check_penrose(random_matrices<double>({7, 4}, 11));
    check_penrose(random_matrices<double>({4, 7}, 12));
    check_penrose(random_matrices<double>({3, 5, 5}, 13));
    check_penrose(with_singular_values(9, 6, {4, 1, 0.5, 0, 0, 0}, 14));
    check_penrose(random_matrices<cd>({5, 3}, 15));
    check_penrose(random_matrices<float>({6, 4}, 16));
    CHECK(la::pinv(loom::zeros<double>({0, 3})).shape() == shape_t{3, 0});
    const loom::array<double> z = la::pinv(loom::zeros<double>({2, 3}));
    CHECK(norm_inf(z) == 0.0);
    CHECK(std::isnan(la::pinv(loom::array<double>{{1, loom::nan}, {0, 1}}).data()[0]));
}

TEST_CASE("lstsq: NumPy's values, minimum norm, stacks and broadcast b", "[linalg]") {
    const loom::array<double> a{{1, 2}, {3, 4}, {5, 6}, {7, 9}};
    const auto [x, res, rank, s] = la::lstsq(a, loom::array<double>{1, 0, 2, 5});
    REQUIRE(x.shape() == shape_t{2});
    CHECK(x.data()[0] == Approx(-0.18644067796610164).epsilon(1e-13));
    CHECK(x.data()[1] == Approx(0.5762711864406781).epsilon(1e-13));
    REQUIRE(res.shape() == shape_t{1});
    CHECK(res.data()[0] == Approx(4.576271186440678).epsilon(1e-13));
    CHECK(rank.data()[0] == 2);
    CHECK(s.data()[0] == Approx(14.857076037853464).epsilon(1e-14));
    CHECK(s.data()[1] == Approx(0.5170025197621851).epsilon(1e-13));
    const auto two = la::lstsq(a, loom::array<double>{{1, 2}, {0, 1}, {2, 0}, {5, 3}});
    REQUIRE(two.x.shape() == shape_t{2, 2});
    CHECK(two.x.data()[1] == Approx(-3.1016949152542317).epsilon(1e-13));
    REQUIRE(two.residuals.shape() == shape_t{2});
    CHECK(two.residuals.data()[1] == Approx(0.9152542372881385).epsilon(1e-12));
    // rank-deficient: the minimum-norm solution, no residuals (NumPy's)
    const auto def = la::lstsq(loom::array<double>{{1, 2, 3}, {2, 4, 6}, {1, 0, 1}}, loom::array<double>{1, 2, 3});
    CHECK(def.x.data()[0] == Approx(2.3333333333333353).epsilon(1e-13));
    CHECK(def.x.data()[1] == Approx(-1.6666666666666663).epsilon(1e-13));
    CHECK(def.residuals.shape() == shape_t{0});
    CHECK(def.rank.data()[0] == 2);
    // the normal equations a^H (a x - b) = 0 on random tall, wide and complex stacks; b broadcast
    auto normal = [](const auto& aa, const auto& bb) {
        using T = typename std::remove_cvref_t<decltype(aa)>::value_type;
        const auto r = la::lstsq(aa, bb);
        const loom::array<T> g = loom::matmul(hermitian_transpose(aa), loom::array<T>(loom::matmul(aa, r.x) - bb));
        CHECK(norm_inf(g) / (norm_inf(aa) * norm_inf(aa) * std::max(1.0, norm_inf(r.x)) * eps<T>() * 10) < 30);
        return r;
    };
    normal(random_matrices<double>({3, 8, 5}, 21), random_matrices<double>({3, 8, 2}, 22));
    normal(random_matrices<cd>({6, 4}, 23), random_matrices<cd>({6, 3}, 24));
    normal(random_matrices<float>({9, 3}, 25), random_matrices<float>({9, 1}, 26));
    const auto wide = normal(random_matrices<double>({3, 6}, 27), random_matrices<double>({3, 1}, 28));
    CHECK(wide.residuals.shape() == shape_t{0});
    const auto bc = la::lstsq(random_matrices<double>({4, 6, 3}, 29), random_matrices<double>({2, 1, 6, 2}, 30));
    CHECK(bc.x.shape() == shape_t{2, 4, 3, 2});
    CHECK(bc.residuals.shape() == shape_t{2, 4, 2});
    CHECK(bc.rank.shape() == shape_t{4});
    CHECK(bc.singular_values.shape() == shape_t{4, 3});
    const auto one = la::lstsq(random_matrices<double>({4, 6, 3}, 29), loom::ones<double>({6}));
    CHECK(one.x.shape() == shape_t{4, 3});
    CHECK_THROWS_AS(la::lstsq(a, loom::ones<double>({3})), std::invalid_argument);
    CHECK_THROWS_AS(la::lstsq(a, loom::array<double>(loom::ones<double>({}))), std::invalid_argument);
}
