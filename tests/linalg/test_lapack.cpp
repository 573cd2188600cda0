// tests/linalg/test_lapack.cpp: the Meson option `lapack`: its thresholds (per thread, the measured
// defaults, no effect without the option) and, with it, eigh, eigvalsh, svd, svdvals, eig and eigvals
// computed by LAPACK held to the identities loom's own code is held to (tests/linalg/checks.hpp), on
// random, ill-conditioned, rank-deficient, scaled, complex, float and integer matrices and stacks, and
// against loom's own results; NaN in goes to loom's own code (NaN out), operands unchanged.
#include <catch2/catch.hpp>

#include "checks.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <thread>
#include <vector>

namespace la = loom::linalg;
using loom::shape_t;
using cf = std::complex<float>;

namespace {

using namespace linalg_test;
constexpr std::size_t never = std::numeric_limits<std::size_t>::max();
constexpr la::lapack_routine routines[] = {la::lapack_routine::eigh, la::lapack_routine::eigvalsh,
                                           la::lapack_routine::svd,  la::lapack_routine::svdvals,
                                           la::lapack_routine::eig,  la::lapack_routine::eigvals};

// Sorted copies of real values, to compare two solvers' eigenvalues or singular values.
loom::array<double> sorted(const loom::array<double>& x) {
    loom::array<double> s = x;
    std::sort(s.data(), s.data() + s.size());
    return s;
}

double max_diff(const loom::array<double>& a, const loom::array<double>& b) {
    REQUIRE(a.shape() == b.shape());
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a.data()[i] - b.data()[i]));
    return d;
}

}  // namespace

TEST_CASE("lapack thresholds: per thread, the defaults, none without the option", "[linalg]") {
    // this thread's were set to never by helpers.hpp's own_code; a new thread has the defaults
    for (auto r : routines) CHECK(la::lapack_threshold(r) == never);
    std::vector<std::size_t> fresh;
    std::thread([&] {
        for (auto r : routines) fresh.push_back(la::lapack_threshold(r));
        la::set_lapack_threshold(la::lapack_routine::svd, 3);  // this thread's only
    }).join();
    if (la::has_lapack) {
        CHECK(fresh == std::vector<std::size_t>{256, 24, 96, 8, 192, 256});
        CHECK(la::set_lapack_threshold(la::lapack_routine::eig, 5) == never);
        CHECK(la::lapack_threshold(la::lapack_routine::eig) == 5);
        CHECK(la::set_lapack_threshold(la::lapack_routine::eig, never) == 5);
    } else {
        CHECK(fresh == std::vector<std::size_t>(6, never));
        CHECK(la::set_lapack_threshold(la::lapack_routine::eig, 5) == never);
        CHECK(la::lapack_threshold(la::lapack_routine::eig) == never);
    }
    CHECK(la::lapack_threshold(la::lapack_routine::svd) == never);
}

TEST_CASE("lapack: eigh and eigvalsh hold their identities and agree with loom's own code", "[linalg]") {
    const auto a = hermitian<double>({40, 40}, 501);
    const auto st = hermitian<double>({3, 17, 17}, 502);
    const auto c = hermitian<cd>({2, 21, 21}, 503);
    const loom::array<float> f = loom::astype<float>(hermitian<double>({30, 30}, 504));
    const loom::array<double> ill = with_eigenvalues(geometric(25, 1e12), 505);
    std::vector<double> deficient(20, 0.0);
    for (std::size_t i = 0; i < 6; ++i) deficient[i] = double(i + 1);
    const loom::array<double> rank6 = with_eigenvalues(deficient, 506);
    const loom::array<double> copy = a;
    loom::array<double> own_w[3];
    {
        lapack_scope mine(never);
        own_w[0] = la::eigvalsh(a), own_w[1] = la::eigvalsh(st), own_w[2] = la::eigvalsh(ill);
    }
    lapack_scope lapack(0);
    check_eigh(a);
    check_eigh(st);
    check_eigh(c);
    check_eigh(f);
    check_eigh(ill);
    check_eigh(rank6);
    check_eigh(loom::array<double>(a * 1e-300));
    check_eigh(loom::array<double>(a * 1e300));
    CHECK(loom::array_equal(la::eigvalsh(loom::array<int>{{2, 1}, {1, 2}}),
                            la::eigvalsh(loom::array<double>{{2, 1}, {1, 2}})));
    CHECK(loom::array_equal(a, copy));
    const double scale = norm_inf(a);
    CHECK(max_diff(la::eigvalsh(a), own_w[0]) < 30 * eps<double>() * 40 * scale);
    CHECK(max_diff(la::eigh(st).eigenvalues, own_w[1]) < 30 * eps<double>() * 17 * norm_inf(st));
    CHECK(max_diff(la::eigvalsh(ill), own_w[2]) < 30 * eps<double>() * 25);
    // only the lower triangle is read, as by loom's own code
    loom::array<double> upper_junk = a;
    for (std::size_t i = 0; i < 40; ++i)
        for (std::size_t j = i + 1; j < 40; ++j) upper_junk.data()[i * 40 + j] = 1e10;
    CHECK(max_diff(la::eigvalsh(upper_junk), own_w[0]) < 30 * eps<double>() * 40 * scale);
    // NaN in the lower triangle: loom's own code, NaN out for that matrix only
    loom::array<double> nan_st = st;
    nan_st.data()[17 * 17 + 5 * 17 + 2] = std::nan("");
    const auto [wn, vn] = la::eigh(nan_st);
    CHECK(!std::isnan(wn.data()[0]));
    CHECK(std::isnan(wn.data()[17]));
    CHECK(std::isnan(vn.data()[17 * 17]));
    CHECK(!std::isnan(wn.data()[34]));
    CHECK(la::eigh(loom::zeros<double>({2, 0, 0})).eigenvalues.shape() == shape_t{2, 0});
}

TEST_CASE("lapack: svd and svdvals hold their identities and agree with loom's own code", "[linalg]") {
    const auto tall = random_matrices<double>({30, 14}, 511);
    const auto wide = random_matrices<double>({13, 29}, 512);
    const auto st = random_matrices<double>({4, 9, 12}, 513);
    const auto c = random_matrices<cd>({2, 16, 11}, 514);
    const loom::array<float> f = loom::astype<float>(random_matrices<double>({20, 20}, 515));
    const loom::array<double> ill = with_singular_values(24, 18, geometric(18, 1e12), 516);
    std::vector<double> deficient(15, 0.0);
    for (std::size_t i = 0; i < 5; ++i) deficient[i] = double(5 - i);
    const loom::array<double> rank5 = with_singular_values(15, 20, deficient, 517);
    const loom::array<double> copy = tall;
    loom::array<double> own_s[2];
    {
        lapack_scope mine(never);
        own_s[0] = la::svdvals(tall), own_s[1] = la::svdvals(ill);
    }
    lapack_scope lapack(0);
    check_svd(tall);
    check_svd(wide);
    check_svd(st);
    check_svd(c);
    check_svd(f);
    check_svd(ill);
    check_svd(rank5);
    check_svd(loom::array<double>(tall * 1e-300));
    check_svd(loom::array<double>(tall * 1e300));
    CHECK(loom::array_equal(la::svdvals(loom::array<int>{{1, 2}, {3, 4}, {5, 6}}),
                            la::svdvals(loom::array<double>{{1, 2}, {3, 4}, {5, 6}})));
    CHECK(loom::array_equal(tall, copy));
    CHECK(max_diff(la::svdvals(tall), own_s[0]) < 30 * eps<double>() * 30 * own_s[0].data()[0]);
    CHECK(max_diff(la::svd(ill, false).S, own_s[1]) < 30 * eps<double>() * 24);
    // what builds on svd: the rank of rank5, pinv's Penrose condition A A+ A = A
    CHECK(la::matrix_rank(rank5).data()[0] == 5);
    const loom::array<double> back = loom::matmul(loom::matmul(rank5, la::pinv(rank5)), rank5);
    CHECK(max_diff(back, rank5) < 1e3 * eps<double>() * 5);
    // NaN: loom's own code, NaN out for that matrix only
    loom::array<double> nan_st = st;
    nan_st.data()[2 * 9 * 12 + 7] = std::nan("");
    const loom::array<double> sn = la::svdvals(nan_st);
    CHECK(!std::isnan(sn.data()[9]));
    CHECK(std::isnan(sn.data()[2 * 9]));
    const auto e = la::svd(loom::zeros<double>({4, 0}));
    CHECK(loom::array_equal(e.U, loom::eye<double>(4)));
}

TEST_CASE("lapack: eig and eigvals hold their identities and agree with loom's own code", "[linalg]") {
    const auto a = random_matrices<double>({30, 30}, 521);
    const auto st = random_matrices<double>({3, 12, 12}, 522);
    const auto c = random_matrices<cd>({2, 14, 14}, 523);
    const loom::array<float> f = loom::astype<float>(random_matrices<double>({16, 16}, 524));
    const loom::array<cf> cfl = loom::astype<cf>(random_matrices<cd>({10, 10}, 525));
    const loom::array<double> copy = a;
    loom::array<cd> own_w;
    {
        lapack_scope mine(never);
        own_w = la::eigvals(a);
    }
    lapack_scope lapack(0);
    CHECK(check_eig(a) < 30);
    CHECK(check_eig(st) < 30);
    CHECK(check_eig(c) < 30);
    CHECK(check_eig(f) < 30);
    CHECK(check_eig(cfl) < 30);
    CHECK(check_eig(loom::array<double>(a * 1e-300)) < 30);
    CHECK(loom::array_equal(la::eigvals(loom::array<int>{{0, -1}, {1, 0}}),
                            la::eigvals(loom::array<double>{{0, -1}, {1, 0}})));
    CHECK(loom::array_equal(a, copy));
    // the same eigenvalues as loom's own code, in any order
    const loom::array<cd> w = la::eigvals(a);
    std::vector<bool> used(30, false);
    double worst = 0;
    for (std::size_t i = 0; i < 30; ++i) {
        std::size_t best = 30;
        for (std::size_t j = 0; j < 30; ++j)
            if (!used[j] &&
                (best == 30 || std::abs(w.data()[j] - own_w.data()[i]) < std::abs(w.data()[best] - own_w.data()[i])))
                best = j;
        used[best] = true;
        worst = std::max(worst, std::abs(w.data()[best] - own_w.data()[i]));
    }
    CHECK(worst < 1e3 * eps<double>() * norm_inf(a));
    // complex matrices' vectors: largest component real and positive, as loom's own
    const auto v = la::eig(c).eigenvectors;
    for (std::size_t b = 0; b < 2; ++b)
        for (std::size_t j = 0; j < 14; ++j) {
            std::size_t p = 0;
            for (std::size_t r = 1; r < 14; ++r)
                if (std::norm(v.data()[b * 196 + r * 14 + j]) > std::norm(v.data()[b * 196 + p * 14 + j])) p = r;
            CHECK(v.data()[b * 196 + p * 14 + j].imag() == 0);
            CHECK(v.data()[b * 196 + p * 14 + j].real() > 0);
        }
    // NaN: loom's own code, NaN out
    loom::array<double> nan_st = st;
    nan_st.data()[144 + 3] = std::nan("");
    const loom::array<cd> wn = la::eigvals(nan_st);
    CHECK(!std::isnan(wn.data()[0].real()));
    CHECK(std::isnan(wn.data()[12].real()));
}

TEST_CASE("lapack: sorted eigenvalues of a symmetric matrix by eig, eigh and svd agree", "[linalg]") {
    // one matrix through the three LAPACK routines: w of eigh, |w| as svd's values, eig's real values
    const auto a = hermitian<double>({24, 24}, 531);
    lapack_scope lapack(0);
    const loom::array<double> w = la::eigvalsh(a);
    loom::array<double> absw = loom::abs(w);
    const loom::array<double> s = la::svdvals(a);
    CHECK(max_diff(sorted(absw), sorted(s)) < 100 * eps<double>() * 24 * norm_inf(a));
    const loom::array<cd> we = la::eigvals(a);
    loom::array<double> re(shape_t{24});
    for (std::size_t i = 0; i < 24; ++i) re.data()[i] = we.data()[i].real();
    CHECK(max_diff(sorted(re), w) < 100 * eps<double>() * 24 * norm_inf(a));
}
