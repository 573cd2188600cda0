// tests/linalg/test_factor.cpp: det, slogdet, inv, solve and cholesky against their defining
// identities (backward-error residuals below the bounds docs/linalg.md states), hand-worked values,
// NumPy's values for a few calls, and their errors: random, ill-conditioned (condition 1e12),
// singular, tiny, empty, complex, float and integer matrices, stacks and broadcast batches.
#include <catch2/catch.hpp>

#include "helpers.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace la = loom::linalg;
using loom::shape_t;
using cd = std::complex<double>;

namespace {

using namespace linalg_test;

// A with singular values from 1 down to 1/cond, geometric.
loom::array<double> conditioned(std::size_t n, double cond, std::uint64_t seed) {
    return with_singular_values(n, n, geometric(n, cond), seed);
}

template <class T>
void check_solve_inv(const loom::array<T>& a, std::uint64_t seed) {
    const std::size_t n = a.shape().back();
    const auto b = random_matrices<T>(loom::shape_t(a.shape()), seed);
    const loom::array<T> x = la::solve(a, b);
    const loom::array<T> r = loom::matmul(a, x) - b;
    // backward error of each solve, in units of eps n (LAPACK's tests allow 30)
    CHECK(norm_inf(r) / (norm_inf(a) * norm_inf(x) * eps<T>() * double(n)) < 30);
    const loom::array<T> ai = la::inv(a);
    const loom::array<T> e = loom::matmul(a, ai) - loom::eye<T>(n);
    CHECK(norm_inf(e) / (norm_inf(a) * norm_inf(ai) * eps<T>() * double(n)) < 30);
}

}  // namespace

TEST_CASE("det, slogdet, inv, solve: values by hand and NumPy's", "[linalg]") {
    loom::array<double> a = {{4, 2, 0.6}, {2, 5, 1}, {0.6, 1, 3}};
    CHECK(double(la::det(a)) == Approx(44.6).epsilon(1e-14));
    const auto sl = la::slogdet(a);
    CHECK(double(sl.sign) == 1.0);
    CHECK(double(sl.logabsdet) == Approx(3.7977338590260183).epsilon(1e-14));
    // np.linalg.inv(a)[0] and np.linalg.solve(a, [1, 2, 3])
    const loom::array<double> ai = la::inv(a);
    CHECK(ai.data()[0] == Approx(0.31390134529147984).epsilon(1e-14));
    CHECK(ai.data()[1] == Approx(-0.12107623318385651).epsilon(1e-14));
    const loom::array<double> x = la::solve(a, loom::array<double>{1, 2, 3});
    REQUIRE(x.shape() == shape_t{3});
    CHECK(x.data()[0] == Approx(0.004484304932735439).epsilon(1e-12));
    CHECK(x.data()[2] == Approx(0.9282511210762332).epsilon(1e-14));

    CHECK(double(la::det(loom::array<int>{{1, 2}, {3, 4}})) == Approx(-2).epsilon(1e-15));  // ints: double
    CHECK(double(la::det(loom::zeros<double>({0, 0}))) == 1.0);                              // empty: 1
    CHECK(double(la::det(loom::array<double>{{2, 4}, {1, 2}})) == 0.0);                        // singular: 0
    const auto s0 = la::slogdet(loom::array<double>{{2, 4}, {1, 2}});
    CHECK(double(s0.sign) == 0.0);
    CHECK(double(s0.logabsdet) == -std::numeric_limits<double>::infinity());
    // a permutation: det -1, slogdet sign -1
    loom::array<double> p = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}};
    CHECK(double(la::det(p)) == -1.0);
    CHECK(double(la::slogdet(p).sign) == -1.0);
    // complex: np.linalg.det([[1+1j, 2], [3, -1j]]) = -5-1j; slogdet's sign is det / |det|
    loom::array<cd> c = {{cd(1, 1), 2}, {3, cd(0, -1)}};
    const cd dc = la::det(c).data()[0];
    CHECK(std::abs(dc - cd(-5, -1)) < 1e-14);
    const auto slc = la::slogdet(c);
    CHECK(std::abs(slc.sign.data()[0] - cd(-5, -1) / std::abs(cd(-5, -1))) < 1e-15);
    CHECK(slc.logabsdet.data()[0] == Approx(std::log(std::abs(cd(-5, -1)))).epsilon(1e-14));
    // slogdet where det overflows: 300 x 300 of 1e10 on the diagonal
    loom::array<double> big = loom::eye<double>(300) * 1e10;
    CHECK(std::isinf(double(la::det(big))));
    CHECK(double(la::slogdet(big).logabsdet) == Approx(300 * std::log(1e10)).epsilon(1e-14));
    // NaN in, NaN out (no error)
    loom::array<double> nan_m = {{1, std::nan("")}, {2, 3}};
    CHECK(std::isnan(double(la::det(nan_m))));
    CHECK(std::isnan(la::inv(nan_m).data()[0]));
}

TEST_CASE("det of a product is the product of dets; det of a stack", "[linalg]") {
    const auto a = random_matrices<double>({5, 6, 6}, 1), b = random_matrices<double>({5, 6, 6}, 2);
    const loom::array<double> da = la::det(a), db = la::det(b), dab = la::det(loom::matmul(a, b));
    REQUIRE(da.shape() == shape_t{5});
    for (std::size_t i = 0; i < 5; ++i) CHECK(dab.data()[i] == Approx(da.data()[i] * db.data()[i]).epsilon(1e-11));
    // each element of the stack is the det of its own matrix
    for (std::size_t i = 0; i < 5; ++i) {
        loom::array<double> one = loom::view(a, i);
        CHECK(double(la::det(one)) == da.data()[i]);
    }
    // a view (transposed) gives the same det
    CHECK(double(la::det(loom::matrix_transpose(loom::view(a, 2)))) == Approx(da.data()[2]).epsilon(1e-12));
}

TEST_CASE("solve and inv: backward error on random, ill-conditioned and complex matrices", "[linalg]") {
    for (std::size_t n : {1, 2, 3, 4, 7, 16, 50, 130}) check_solve_inv(random_matrices<double>({n, n}, n), 100 + n);
    check_solve_inv(random_matrices<double>({20, 5, 5}, 3), 4);
    check_solve_inv(random_matrices<float>({8, 8}, 5), 6);
    check_solve_inv(random_matrices<cd>({12, 12}, 7), 8);
    check_solve_inv(random_matrices<std::complex<float>>({3, 6, 6}, 9), 10);
    check_solve_inv(random_matrices<float>({130, 130}, 13), 14);  // blocked float and complex
    check_solve_inv(random_matrices<cd>({90, 90}, 15), 16);
    for (std::size_t n : {10, 60}) check_solve_inv(conditioned(n, 1e12, 11 * n), 12 * n);
}

TEST_CASE("solve: the Array API's shapes, broadcasting a's and b's batches", "[linalg]") {
    const auto a = random_matrices<double>({4, 3, 3}, 21);
    // b (3,): one vector for every matrix
    const loom::array<double> v = {1, 2, 3};
    const loom::array<double> xv = la::solve(a, v);
    REQUIRE(xv.shape() == shape_t{4, 3});
    for (std::size_t i = 0; i < 4; ++i) {
        loom::array<double> ai = loom::view(a, i);
        loom::array<double> xi = la::solve(ai, v);
        for (std::size_t j = 0; j < 3; ++j) CHECK(xv.data()[i * 3 + j] == Approx(xi.data()[j]).epsilon(1e-12));
    }
    // b (2, 1, 3, 5) against a (4, 3, 3): batch (2, 4), 5 columns
    const auto b = random_matrices<double>({2, 1, 3, 5}, 22);
    const loom::array<double> x = la::solve(a, b);
    REQUIRE(x.shape() == shape_t{2, 4, 3, 5});
    const loom::array<double> r = loom::matmul(a, x) - b;
    CHECK(norm_inf(r) < 1e-12 * norm_inf(x));
    // integer operands promote to double
    const loom::array<double> xi = la::solve(loom::array<int>{{2, 0}, {0, 4}}, loom::array<int>{1, 1});
    CHECK(xi.data()[0] == 0.5);
    CHECK(xi.data()[1] == 0.25);
    // a b of shape (0, ...) and empty stacks
    CHECK(la::solve(random_matrices<double>({0, 3, 3}, 1), v).shape() == shape_t{0, 3});
    CHECK(la::inv(loom::zeros<double>({2, 0, 0})).shape() == shape_t{2, 0, 0});
}

TEST_CASE("cholesky: L L^H = A, lower and upper, real and complex", "[linalg]") {
    loom::array<double> a = {{4, 2, 0.6}, {2, 5, 1}, {0.6, 1, 3}};
    const loom::array<double> l = la::cholesky(a);
    // np.linalg.cholesky(a)
    CHECK(l.data()[0] == 2.0);
    CHECK(l.data()[1] == 0.0);
    CHECK(l.data()[3] == 1.0);
    CHECK(l.data()[8] == Approx(1.6695807857064).epsilon(1e-12));
    const loom::array<double> u = la::cholesky(a, loom::upper);
    CHECK(loom::array_equal(u, loom::matrix_transpose(l)));
    // only the lower triangle is read
    loom::array<double> lower_only = {{4, 99, 99}, {2, 5, 99}, {0.6, 1, 3}};
    CHECK(loom::array_equal(la::cholesky(lower_only), l));

    for (std::size_t n : {1, 5, 40, 64, 65, 150}) {  // one block and several (blocks of 64)
        const auto g = random_matrices<double>({3, n, n}, 30 + n);
        const loom::array<double> spd = loom::matmul(g, loom::matrix_transpose(g)) + loom::eye<double>(n);
        const loom::array<double> f = la::cholesky(spd);
        const loom::array<double> r = loom::matmul(f, loom::matrix_transpose(f)) - spd;
        CHECK(norm_inf(r) / (norm_inf(spd) * eps<double>() * double(n)) < 30);
    }
    const auto gc = random_matrices<cd>({6, 6}, 41);
    const loom::array<cd> hpd = loom::matmul(gc, loom::conj(loom::matrix_transpose(gc))) + loom::eye<cd>(6);
    const loom::array<cd> fc = la::cholesky(hpd);
    const loom::array<cd> rc = loom::matmul(fc, loom::conj(loom::matrix_transpose(fc))) - hpd;
    CHECK(norm_inf(rc) / (norm_inf(hpd) * eps<cd>() * 6) < 30);
    const loom::array<cd> uc = la::cholesky(hpd, loom::upper);
    CHECK(loom::array_equal(uc, loom::conj(loom::matrix_transpose(fc))));
    // blocked, complex, and the upper triangle never read (NaN there changes nothing)
    const auto gb = random_matrices<cd>({100, 100}, 42);
    const loom::array<cd> hb = loom::matmul(gb, loom::conj(loom::matrix_transpose(gb))) + loom::eye<cd>(100);
    const loom::array<cd> fb = la::cholesky(hb);
    const loom::array<cd> rb = loom::matmul(fb, loom::conj(loom::matrix_transpose(fb))) - hb;
    CHECK(norm_inf(rb) / (norm_inf(hb) * eps<cd>() * 100) < 30);
    loom::array<cd> nan_upper = hb;
    for (std::size_t i = 0; i < 100; ++i)
        for (std::size_t j = i + 1; j < 100; ++j) nan_upper.data()[i * 100 + j] = cd(std::nan(""), 0);
    CHECK(loom::array_equal(la::cholesky(nan_upper), fb));
}

TEST_CASE("linalg errors: shapes, singular and indefinite matrices, by index; operands unchanged", "[linalg]") {
    auto message = [](auto f) {
        try {
            f();
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no exception");
    };
    CHECK_THROWS_AS(la::det(loom::array<double>{1, 2}), std::invalid_argument);
    CHECK(message([] { la::det(loom::array<double>{1, 2}); }).find("rank 2 or more") != std::string::npos);
    CHECK(message([] { la::inv(loom::zeros<double>({2, 3})); }).find("square") != std::string::npos);
    CHECK_THROWS_AS(la::solve(loom::eye<double>(3), loom::array<double>{1, 2}), std::invalid_argument);
    CHECK_THROWS_AS(la::solve(loom::zeros<double>({2, 3, 3}), loom::zeros<double>({4, 3, 1})), loom::broadcast_error);

    loom::array<double> stack = loom::zeros<double>({3, 2, 2});
    stack.data()[0] = stack.data()[3] = 1;  // matrix 0: identity; 1 and 2: zero
    stack.data()[8] = stack.data()[11] = 2;  // matrix 2: 2 I; matrix 1 singular
    const loom::array<double> before = stack;
    CHECK_THROWS_AS(la::inv(stack), loom::linalg_error);
    CHECK(message([&] { la::inv(stack); }).find("matrix 1 of the stack") != std::string::npos);
    CHECK(message([&] { la::solve(stack, loom::array<double>{1, 1}); }).find("singular") != std::string::npos);
    CHECK(loom::array_equal(stack, before));

    // a zero pivot in a later block: column 90 of 100 is zero
    loom::array<double> late = random_matrices<double>({100, 100}, 17);
    for (std::size_t i = 0; i < 100; ++i) late.data()[i * 100 + 90] = 0;
    CHECK_THROWS_AS(la::inv(late), loom::linalg_error);
    CHECK(double(la::det(late)) == 0.0);

    loom::array<double> indefinite = {{1, 2}, {2, 1}};
    CHECK_THROWS_AS(la::cholesky(indefinite), loom::linalg_error);
    CHECK(message([&] { la::cholesky(indefinite); }).find("not positive definite") != std::string::npos);
    CHECK_THROWS_AS(la::cholesky(loom::array<double>{{1, 0}, {0, std::nan("")}}), loom::linalg_error);
}

TEST_CASE("qr: Q R = A, Q orthonormal, R upper; NumPy's signs; modes and shapes", "[linalg]") {
    loom::array<double> a = {{1, 2}, {3, 4}, {5, 6}};
    const auto [q, r] = la::qr(a);
    REQUIRE(q.shape() == shape_t{3, 2});
    REQUIRE(r.shape() == shape_t{2, 2});
    // np.linalg.qr(a): LAPACK's signs
    CHECK(q.data()[0] == Approx(-0.16903085094570333).epsilon(1e-14));
    CHECK(q.data()[1] == Approx(0.8970852271450604).epsilon(1e-14));
    CHECK(r.data()[0] == Approx(-5.916079783099616).epsilon(1e-14));
    CHECK(r.data()[3] == Approx(0.828078671210825).epsilon(1e-13));
    CHECK(r.data()[2] == 0.0);
    const auto c = la::qr(a, loom::qr_mode::complete);
    REQUIRE(c.Q.shape() == shape_t{3, 3});
    REQUIRE(c.R.shape() == shape_t{3, 2});
    CHECK(c.Q.data()[2] == Approx(0.4082482904638631).epsilon(1e-13));

    auto check = [](const auto& x, loom::qr_mode mode) {
        using T = typename std::remove_cvref_t<decltype(x)>::value_type;
        const auto [qq, rr] = la::qr(x, mode);
        const std::size_t m = x.shape()[x.shape().size() - 2], n = x.shape().back();
        const double tol = 30 * eps<T>() * double(std::max(m, n));
        const loom::array<T> back = loom::matmul(qq, rr) - x;
        CHECK(norm_inf(back) <= tol * std::max(1.0, norm_inf(x)));
        const std::size_t k = qq.shape().back();
        const loom::array<T> orth = loom::matmul(loom::conj(loom::matrix_transpose(qq)), qq) - loom::eye<T>(k);
        CHECK(norm_inf(orth) <= tol);
        const std::size_t rows = rr.shape()[rr.shape().size() - 2], count = (rows != 0 && n != 0) ? rr.size() / (rows * n) : 0;
        bool upper = true;
        for (std::size_t b = 0; b < count; ++b)
            for (std::size_t i = 0; i < rows; ++i)
                for (std::size_t j = 0; j < std::min(i, n); ++j) upper = upper && rr.data()[b * rows * n + i * n + j] == T(0);
        CHECK(upper);
    };
    for (auto mode : {loom::qr_mode::reduced, loom::qr_mode::complete}) {
        check(random_matrices<double>({7, 4}, 51), mode);
        check(random_matrices<double>({4, 7}, 52), mode);
        check(random_matrices<double>({3, 5, 5}, 53), mode);
        check(random_matrices<cd>({6, 3}, 54), mode);
        check(random_matrices<float>({5, 5}, 55), mode);
        check(conditioned(30, 1e12, 56), mode);
        check(loom::zeros<double>({3, 2}), mode);  // rank 0: Q still orthonormal
        // blocked (panels of 64): tall, wide, square, complex, float; a block reflector per panel
        check(random_matrices<double>({150, 100}, 57), mode);
        check(random_matrices<double>({100, 150}, 58), mode);
        check(random_matrices<double>({129, 129}, 59), mode);
        check(random_matrices<cd>({90, 80}, 60), mode);
        check(random_matrices<float>({200, 130}, 61), mode);
    }
    // the blocked factorisation gives the unblocked one's R up to rounding (the same signs)
    const auto big = random_matrices<double>({140, 140}, 62);
    const loom::array<double> rbig = la::qr(big).R;
    const loom::array<double> r_lead = la::qr(loom::view(big, loom::all, loom::slice{0, 60})).R;
    for (std::size_t i = 0; i < 60; ++i)
        for (std::size_t j = i; j < 60; ++j) CHECK(rbig.data()[i * 140 + j] == Approx(r_lead.data()[i * 60 + j]).margin(1e-12));
    // a subnormal column: the reflector is built on scaled values (unscaled, 1 / (alpha - beta) is inf)
    const loom::array<double> tiny{{1e-310, 1}, {1e-310, 2}};
    const auto [tq, tr] = la::qr(tiny);
    CHECK(std::isfinite(tq.data()[0]));
    CHECK(tr.data()[0] == Approx(-std::sqrt(2.0) * 1e-310).epsilon(1e-12));
    CHECK(norm_inf(loom::array<double>(loom::matmul(tq, tr) - tiny)) <= 1e-15);
    CHECK(la::qr(loom::zeros<double>({0, 3})).R.shape() == shape_t{0, 3});
    CHECK(la::qr(loom::zeros<double>({4, 0}), loom::qr_mode::complete).Q.shape() == shape_t{4, 4});
}

namespace {

template <class F>
std::string message(F f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no exception";
}

// Stacks of 2 x 2 to 4 x 4 real matrices go through det, slogdet, inv and solve several at a time (lu_lanes):
// each result the matrix's own call's (one at a time) up to the rounding of fused multiply-adds
// (100 eps, times the condition number for inv and solve), pivots, zero pivots and NaN included,
// and a singular matrix named by its index.
template <class T, std::size_t N>
void check_lanes() {
    const std::size_t count = 37;  // groups of lanes and a partial one
    const double tol = 100 * eps<T>();
    loom::array<T> a = loom::astype<T>(random_matrices<double>({count, N, N}, 700 + N));
    for (std::size_t i = 0; i < N; ++i) a.data()[5 * N * N + i * N] = T(0);  // matrix 5: column 0 zero
    for (std::size_t i = 0; i < N * N; ++i) a.data()[9 * N * N + i] = T(i % N == i / N ? 0 : 1);  // 9: pivots
    a.data()[11 * N * N + N * N - 1] = std::numeric_limits<T>::quiet_NaN();
    const loom::array<T> b = loom::astype<T>(random_matrices<double>({count, N, 1}, 710 + N));
    const loom::array<T> d = la::det(a);
    for (std::size_t m = 0; m < count; ++m) {
        const loom::array<T> am = loom::view(a, m);
        const T dm = T(la::det(am));
        if (std::isnan(dm)) CHECK(std::isnan(d.data()[m]));
        else CHECK(std::abs(d.data()[m] - dm) <= tol * std::abs(dm));
    }
    CHECK(d.data()[5] == T(0));
    const auto [sg, ld] = la::slogdet(a);
    for (std::size_t m = 0; m < count; ++m) {
        const auto [sm, lm] = la::slogdet(loom::array<T>(loom::view(a, m)));
        const T s1 = sm.data()[0], l1 = lm.data()[0];
        if (std::isnan(l1)) {
            CHECK(std::isnan(ld.data()[m]));
            continue;
        }
        CHECK(sg.data()[m] == s1);
        if (std::isinf(l1)) CHECK(ld.data()[m] == l1);
        else CHECK(std::abs(ld.data()[m] - l1) <= tol * std::max(T(1), std::abs(l1)));
    }
    CHECK(sg.data()[5] == T(0));
    // inv and solve: matrix 5 is singular and named (NaN in 11 is not singular); without it, each
    // lane as its own call
    CHECK(message([&] { (void)la::inv(a); }).find("(matrix 5 of the stack)") != std::string::npos);
    CHECK(message([&] { (void)la::solve(a, b); }).find("(matrix 5 of the stack)") != std::string::npos);
    for (std::size_t i = 0; i < N; ++i) a.data()[5 * N * N + i * N + i] = T(3);
    const loom::array<T> ai = la::inv(a), x = la::solve(a, b);
    for (std::size_t m = 0; m < count; ++m) {
        const loom::array<T> am = loom::view(a, m), bm = loom::view(b, m);
        const loom::array<T> im = la::inv(am), xm = la::solve(am, bm);
        const double cond = norm_inf(am) * norm_inf(im);
        double worst_inv = 0, worst_x = 0, big_inv = 0, big_x = 0;
        bool nan_same = true;
        for (std::size_t i = 0; i < N * N; ++i) {
            const T g = ai.data()[m * N * N + i], w = im.data()[i];
            nan_same = nan_same && std::isnan(g) == std::isnan(w);
            if (!std::isnan(w)) worst_inv = std::max(worst_inv, double(std::abs(g - w))), big_inv = std::max(big_inv, double(std::abs(w)));
        }
        for (std::size_t i = 0; i < N; ++i) {
            const T g = x.data()[m * N + i], w = xm.data()[i];
            nan_same = nan_same && std::isnan(g) == std::isnan(w);
            if (!std::isnan(w)) worst_x = std::max(worst_x, double(std::abs(g - w))), big_x = std::max(big_x, double(std::abs(w)));
        }
        CHECK(nan_same);
        if (m == 11) continue;  // NaN throughout
        CHECK(worst_inv <= tol * cond * big_inv);
        CHECK(worst_x <= tol * cond * big_x);
    }
    check_solve_inv(loom::array<T>(loom::view(a, loom::range(12, 37))), 720 + N);
}

}  // namespace

TEST_CASE("det, slogdet, inv, solve of stacks of 2 x 2 to 4 x 4 matrices: several at once, each as alone", "[linalg]") {
    check_lanes<double, 2>();
    check_lanes<double, 3>();
    check_lanes<double, 4>();
    check_lanes<float, 3>();
    check_lanes<float, 4>();
}
