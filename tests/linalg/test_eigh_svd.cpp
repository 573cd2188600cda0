// tests/linalg/test_eigh_svd.cpp: eigh, eigvalsh, svd and svdvals against their defining identities
// (backward-error residuals and orthonormality in units of eps n, below 30), hand-worked values and
// NumPy's: random, ill-conditioned (condition 1e12), rank-deficient, repeated-eigenvalue, scaled,
// complex, float and integer matrices, stacks, empty matrices, NaN, eigh's lower-triangle reading.
#include <catch2/catch.hpp>

#include "checks.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace la = loom::linalg;
using loom::shape_t;
using cf = std::complex<float>;

namespace {

using namespace linalg_test;

template <class T>
std::string message(T f) {
    try {
        f();
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
    return std::string("no exception");
}

}  // namespace

TEST_CASE("eigh, eigvalsh: values by hand and NumPy's; only the lower triangle read", "[linalg]") {
    const auto [w2, v2] = la::eigh(loom::array<double>{{2, 1}, {1, 2}});
    CHECK(w2.data()[0] == Approx(1).epsilon(1e-15));
    CHECK(w2.data()[1] == Approx(3).epsilon(1e-15));
    for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(v2.data()[i]) == Approx(std::sqrt(0.5)).epsilon(1e-15));
    CHECK(v2.data()[1] * v2.data()[3] > 0);  // the eigenvector of 3 is (1, 1) up to sign

    // np.linalg.eigvalsh
    const loom::array<double> a = {{4, 2, 0.6}, {2, 5, 1}, {0.6, 1, 3}};
    const loom::array<double> wa = la::eigvalsh(a);
    const double npa[] = {2.372468984808981, 2.7225082073229028, 6.905022807868114};
    for (std::size_t i = 0; i < 3; ++i) CHECK(wa.data()[i] == Approx(npa[i]).epsilon(1e-14));
    // a non-symmetric matrix: both read its lower triangle (default_rng(3).standard_normal((6, 6)))
    const auto g = random_matrices<double>({6, 6}, 3);
    const loom::array<double> wg = la::eigvalsh(g);
    const double npg[] = {-3.070039997433286, -1.5356313024007824, 0.28574642020503693,
                          1.3137950570012935, 1.968292680818223,   3.7640398613075754};
    for (std::size_t i = 0; i < 6; ++i) CHECK(std::abs(wg.data()[i] - npg[i]) < 1e-13 * 3.77);
    // complex: default_rng(4), re + 1j im, lower triangle and real part of the diagonal
    const loom::array<cd> vc = la::eigh(random_matrices<cd>({4, 4}, 4)).eigenvectors;
    const loom::array<double> wcv = la::eigvalsh(random_matrices<cd>({4, 4}, 4));
    const double npc[] = {-3.1144373336712037, -2.430247046791208, 2.9909821622314365, 4.384817844908834};
    for (std::size_t i = 0; i < 4; ++i) CHECK(std::abs(wcv.data()[i] - npc[i]) < 1e-13 * 4.4);
    CHECK(vc.shape() == shape_t{4, 4});
    // [[2, 1-1j], [1+1j, 3]]: 1 and 4
    const loom::array<double> wh = la::eigvalsh(loom::array<cd>{{2, cd(1, -1)}, {cd(1, 1), 3}});
    CHECK(wh.data()[0] == Approx(1).epsilon(1e-14));
    CHECK(wh.data()[1] == Approx(4).epsilon(1e-14));
    // ones((4, 4)): 0 three times, 4
    const loom::array<double> w1 = la::eigvalsh(loom::ones<double>({4, 4}));
    CHECK(std::abs(w1.data()[0]) < 1e-15);
    CHECK(std::abs(w1.data()[2]) < 1e-15);
    CHECK(w1.data()[3] == Approx(4).epsilon(1e-15));

    // the upper triangle (and the imaginary part of the diagonal) is never read
    loom::array<double> sym = g + loom::matrix_transpose(g);
    loom::array<double> lower = sym;
    for (std::size_t i = 0; i < 6; ++i)
        for (std::size_t j = i + 1; j < 6; ++j) lower.data()[i * 6 + j] = j == 5 ? std::nan("") : 1e300;
    const auto [ws, vs] = la::eigh(sym);
    const auto [wl, vl] = la::eigh(lower);
    CHECK(loom::array_equal(ws, wl));
    CHECK(loom::array_equal(vs, vl));
    loom::array<cd> hc = hermitian<cd>({5, 5}, 5), hl = hc;
    for (std::size_t i = 0; i < 5; ++i) {
        hl.data()[i * 5 + i] += cd(0, 7);
        for (std::size_t j = i + 1; j < 5; ++j) hl.data()[i * 5 + j] = cd(-9, 9);
    }
    CHECK(loom::array_equal(la::eigh(hc).eigenvectors, la::eigh(hl).eigenvectors));

    // integers compute in double
    const auto wi = la::eigh(loom::array<int>{{2, 1}, {1, 2}});
    static_assert(std::is_same_v<decltype(wi.eigenvectors), loom::array<double>>);
    CHECK(wi.eigenvalues.data()[1] == Approx(3).epsilon(1e-15));
    // float stays float
    const auto wf = la::eigvalsh(loom::array<float>{{2, 1}, {1, 2}});
    static_assert(std::is_same_v<decltype(wf), const loom::array<float>>);
    CHECK(wf.data()[0] == Approx(1).epsilon(1e-6));
}

TEST_CASE("eigh: A V = V diag(w), V orthonormal, ascending: random, clustered, ill-conditioned, stacks", "[linalg]") {
    for (std::size_t n : {1, 2, 3, 5, 16, 50, 100}) check_eigh(hermitian<double>({n, n}, 60 + n));
    check_eigh(hermitian<double>({20, 4, 4}, 61));
    check_eigh(hermitian<double>({2, 3, 7, 7}, 62));
    check_eigh(hermitian<float>({12, 12}, 63));
    check_eigh(hermitian<cd>({12, 12}, 64));
    check_eigh(hermitian<cd>({3, 30, 30}, 65));
    check_eigh(hermitian<cf>({9, 9}, 66));
    // the blocked reduction (panels of 32 columns while more than 96 rows are left): several panels,
    // every type, ill-conditioned and graded
    check_eigh(hermitian<double>({200, 200}, 601));
    check_eigh(hermitian<cd>({130, 130}, 602));
    check_eigh(hermitian<float>({140, 140}, 603));
    check_eigh(hermitian<cf>({2, 110, 110}, 604));
    {
        std::vector<double> big = geometric(150, 1e12);
        for (std::size_t i = 0; i < 150; i += 2) big[i] = -big[i];
        const auto illb = with_eigenvalues(big, 605);
        check_eigh(illb);
        std::sort(big.begin(), big.end());
        const loom::array<double> wb = la::eigvalsh(illb);
        for (std::size_t i = 0; i < 150; ++i) CHECK(std::abs(wb.data()[i] - big[i]) < 150 * 30 * eps<double>());
        loom::array<double> graded = hermitian<double>({130, 130}, 606);
        for (std::size_t i = 0; i < 130; ++i)
            for (std::size_t j = 0; j < 130; ++j) graded.data()[i * 130 + j] *= std::pow(10.0, -0.12 * double(i + j));
        check_eigh(graded);
    }
    // repeated and clustered eigenvalues
    check_eigh(loom::ones<double>({10, 10}));
    check_eigh(loom::eye<double>(7));
    check_eigh(loom::zeros<double>({4, 4}));
    check_eigh(with_eigenvalues({1, 1, 1, 2, 2, 1 + 1e-14, -3, -3, 0, 0}, 67));
    loom::array<double> d = loom::zeros<double>({5, 5});
    const double diag[] = {3, -1, 4, 1, -5};
    for (std::size_t i = 0; i < 5; ++i) d.data()[i * 6] = diag[i];
    const loom::array<double> wd = la::eigvalsh(d);
    CHECK(loom::array_equal(wd, loom::array<double>{-5, -1, 1, 3, 4}));
    // Wilkinson's W21+: pairs of nearly equal eigenvalues
    loom::array<double> w21 = loom::zeros<double>({21, 21});
    for (std::size_t i = 0; i < 21; ++i) {
        w21.data()[i * 22] = std::abs(10.0 - double(i));
        if (i + 1 < 21) w21.data()[i * 22 + 1] = w21.data()[i * 22 + 21] = 1;
    }
    check_eigh(w21);
    CHECK(la::eigvalsh(w21).data()[20] == Approx(10.746194182903393).epsilon(1e-14));
    // ill-conditioned: eigenvalues from 1 to 1e-12 (signs alternating), each accurate to eps |A|
    std::vector<double> lambda = geometric(40, 1e12);
    for (std::size_t i = 0; i < 40; i += 2) lambda[i] = -lambda[i];
    const auto ill = with_eigenvalues(lambda, 68);
    check_eigh(ill);
    std::sort(lambda.begin(), lambda.end());
    const loom::array<double> wl = la::eigvalsh(ill);
    for (std::size_t i = 0; i < 40; ++i) CHECK(std::abs(wl.data()[i] - lambda[i]) < 40 * 30 * eps<double>());
    // graded both ways, entries from 1 to 1e-72 (in float: subnormals and zeros); QL must not stall
    for (bool reverse : {false, true}) {
        loom::array<double> gr = hermitian<double>({19, 19}, 70);
        for (std::size_t i = 0; i < 19; ++i)
            for (std::size_t j = 0; j < 19; ++j) gr.data()[i * 19 + j] *= std::pow(10.0, -2.0 * double(reverse ? 36 - i - j : i + j));
        check_eigh(gr);
        check_eigh(loom::array<float>(loom::astype<float>(gr)));
    }
    // far from 1: scaled by 1e-300 and 1e300, eigenvalues scale alike
    const auto h = hermitian<double>({8, 8}, 69);
    const loom::array<double> w0 = la::eigvalsh(h);
    for (double f : {1e-300, 1e300, 1e-310}) {  // 1e-310: subnormal entries, ~13 digits left
        const loom::array<double> hf = h * f;
        if (f > 1e-305) check_eigh(hf);
        const loom::array<double> wf = la::eigvalsh(hf);
        for (std::size_t i = 0; i < 8; ++i) CHECK(std::abs(wf.data()[i] / f - w0.data()[i]) < (f < 1e-305 ? 1e-10 : 1e-13) * 10);
    }
}

TEST_CASE("eigh of stacks of 2 x 2 and 3 x 3 real matrices (several at once by Jacobi rotations)", "[linalg]") {
    // stacks that do not fill the lanes evenly, and the same matrices one at a time (padded lanes)
    for (std::size_t n : {2, 3}) {
        check_eigh(hermitian<double>({37, n, n}, 80 + n));
        check_eigh(hermitian<float>({21, n, n}, 82 + n));
        const auto st = hermitian<double>({5, n, n}, 84 + n);
        const loom::array<double> all = la::eigvalsh(st);
        for (std::size_t b = 0; b < 5; ++b) {
            const loom::array<double> one = la::eigvalsh(loom::array<double>(loom::view(st, b)));
            for (std::size_t i = 0; i < n; ++i) CHECK(one.data()[i] == all.data()[b * n + i]);
        }
    }
    // repeated, zero, diagonal, graded and far-from-1 matrices, NaN and infinity, in one stack
    loom::array<double> mix = loom::zeros<double>({10, 3, 3});
    auto put = [&](std::size_t b, std::initializer_list<double> v) { std::copy(v.begin(), v.end(), mix.data() + b * 9); };
    put(0, {1, 0, 0, 0, 1, 0, 0, 0, 1});
    put(1, {1, 1, 1, 1, 1, 1, 1, 1, 1});
    put(3, {3, 0, 0, 0, -1, 0, 0, 0, 2});
    put(4, {1, 1e-8, 0, 1e-8, 1e-16, 1e-24, 0, 1e-24, 1e-32});
    put(5, {1e300, 2e300, 0, 2e300, -1e300, 1e299, 0, 1e299, 5e299});
    put(6, {1e-300, 2e-300, 0, 2e-300, -1e-300, 1e-301, 0, 1e-301, 5e-301});
    put(7, {std::nan(""), 0, 0, 0, 1, 0, 0, 0, 1});
    put(8, {1, 0, 0, 0, std::numeric_limits<double>::infinity(), 0, 0, 0, 1});
    put(9, {2, 1, 0, 1, 2, 1, 0, 1, 2});
    const auto [w, v] = la::eigh(mix);
    CHECK(loom::array_equal(loom::array<double>(loom::view(w, 0)), loom::array<double>{1, 1, 1}));
    CHECK(w.data()[1 * 3 + 0] == Approx(0).margin(1e-15));
    CHECK(w.data()[1 * 3 + 2] == Approx(3).epsilon(1e-15));
    CHECK(loom::array_equal(loom::array<double>(loom::view(w, 2)), loom::array<double>{0, 0, 0}));
    CHECK(loom::array_equal(loom::array<double>(loom::view(w, 3)), loom::array<double>{-1, 2, 3}));
    CHECK(w.data()[5 * 3 + 2] / 1e300 == Approx(double(la::eigvalsh(loom::array<double>(loom::view(mix, 5) / 1e300)).data()[2])).epsilon(1e-14));
    CHECK(w.data()[6 * 3 + 0] / 1e-300 == Approx(double(la::eigvalsh(loom::array<double>(loom::view(mix, 6) * 1e300)).data()[0])).epsilon(1e-13));
    for (std::size_t i = 21; i < 27; ++i) CHECK(std::isnan(w.data()[i]));
    CHECK(w.data()[27] == Approx(2 - std::sqrt(2.0)).epsilon(1e-15));
    CHECK(w.data()[29] == Approx(2 + std::sqrt(2.0)).epsilon(1e-15));
    // the finite ones: residual and orthonormality as every eigh
    for (std::size_t b : {0, 1, 2, 3, 4, 5, 6, 9}) check_eigh(loom::array<double>(loom::view(mix, b)));
}

TEST_CASE("eigh: empty matrices and stacks, NaN in, errors", "[linalg]") {
    const auto e0 = la::eigh(loom::zeros<double>({0, 0}));
    CHECK(e0.eigenvalues.shape() == shape_t{0});
    CHECK(e0.eigenvectors.shape() == shape_t{0, 0});
    const auto e1 = la::eigh(loom::zeros<double>({3, 0, 0}));
    CHECK(e1.eigenvalues.shape() == shape_t{3, 0});
    CHECK(e1.eigenvectors.shape() == shape_t{3, 0, 0});
    const auto e2 = la::eigh(loom::zeros<cd>({0, 4, 4}));
    CHECK(e2.eigenvalues.shape() == shape_t{0, 4});
    CHECK(e2.eigenvectors.shape() == shape_t{0, 4, 4});
    CHECK(la::eigvalsh(loom::zeros<float>({2, 0, 0})).shape() == shape_t{2, 0});

    // NaN (or infinity) in the lower triangle: NaN out for that matrix only, no hang
    loom::array<double> st = hermitian<double>({3, 4, 4}, 71);
    st.data()[16 + 2 * 4 + 1] = std::nan("");
    st.data()[32 + 3 * 4 + 3] = std::numeric_limits<double>::infinity();
    const auto [wn, vn] = la::eigh(st);
    for (std::size_t i = 0; i < 4; ++i) CHECK(!std::isnan(wn.data()[i]));
    for (std::size_t i = 4; i < 12; ++i) CHECK(std::isnan(wn.data()[i]));
    for (std::size_t i = 16; i < 48; ++i) CHECK(std::isnan(vn.data()[i]));
    CHECK(std::isnan(la::eigvalsh(loom::array<cd>{{cd(std::nan(""), 0)}}).data()[0]));

    CHECK_THROWS_AS(la::eigh(loom::zeros<double>({2, 3})), std::invalid_argument);
    CHECK(message([] { la::eigvalsh(loom::zeros<double>({2, 3})); }).find("square") != std::string::npos);
    CHECK(message([] { la::eigh(loom::array<double>{1, 2}); }).find("rank 2 or more") != std::string::npos);
}

TEST_CASE("svd, svdvals: values by hand and NumPy's", "[linalg]") {
    const auto [u, s, vh] = la::svd(loom::array<double>{{3, 0}, {0, -2}});
    CHECK(loom::array_equal(s, loom::array<double>{3, 2}));
    CHECK(std::abs(u.data()[0] * vh.data()[0]) == 1.0);
    CHECK(u.data()[3] * vh.data()[3] == -1.0);
    // integers compute in double; np.linalg.svd([[1, 2], [3, 4], [5, 6]], compute_uv=False)
    const auto si = la::svdvals(loom::array<int>{{1, 2}, {3, 4}, {5, 6}});
    static_assert(std::is_same_v<decltype(si), const loom::array<double>>);
    CHECK(si.data()[0] == Approx(9.525518091565107).epsilon(1e-14));
    CHECK(si.data()[1] == Approx(0.5143005806586443).epsilon(1e-14));
    const auto svi = la::svd(loom::array<int>{{1, 2}, {3, 4}, {5, 6}}, false);
    static_assert(std::is_same_v<decltype(svi.U), loom::array<double>>);
    CHECK(loom::array_equal(svi.S, si));
    // NumPy's values for default_rng(seed).standard_normal (complex: + 1j * a second draw)
    auto near = [](const loom::array<double>& got, std::initializer_list<double> want) {
        REQUIRE(got.size() == want.size());
        std::size_t i = 0;
        for (double w : want) CHECK(std::abs(got.data()[i++] - w) < 1e-13 * *want.begin());
    };
    near(la::svdvals(random_matrices<double>({6, 4}, 61)), {3.634183388898984, 2.798118266080737, 2.1856779015768377, 1.2615659133372712});
    near(la::svdvals(random_matrices<double>({4, 7}, 62)), {4.234437208907077, 2.7207574726195602, 1.8152255450023567, 1.128500713990835});
    near(la::svdvals(random_matrices<cd>({5, 3}, 63)), {4.893936219154507, 3.5845032492453055, 1.307349923211488});
    near(la::svd(random_matrices<double>({6, 4}, 61), false).S,
         {3.634183388898984, 2.798118266080737, 2.1856779015768377, 1.2615659133372712});
    const auto sf = la::svdvals(loom::array<float>{{3, 0}, {0, 4}});
    static_assert(std::is_same_v<decltype(sf), const loom::array<float>>);
    CHECK(sf.data()[0] == 4.0f);
}

TEST_CASE("svd: A = U S Vh, U and Vh orthonormal, S descending: shapes, ranks, conditions, stacks", "[linalg]") {
    for (auto [m, n] : {std::pair<std::size_t, std::size_t>{1, 1}, {2, 2}, {5, 3}, {3, 5}, {8, 8}, {40, 25}, {25, 40}, {80, 80}, {1, 6}, {6, 1}})
        check_svd(random_matrices<double>({m, n}, 80 + 7 * m + n));
    check_svd(random_matrices<double>({3, 5, 4}, 81));
    check_svd(random_matrices<double>({2, 2, 3, 6}, 82));
    check_svd(random_matrices<float>({9, 6}, 83));
    check_svd(random_matrices<float>({6, 9}, 84));
    check_svd(random_matrices<cd>({7, 4}, 85));
    check_svd(random_matrices<cd>({2, 4, 7}, 86));
    check_svd(random_matrices<cf>({5, 5}, 87));
    check_svd(loom::array<double>(loom::array<int>{{1, 2, 3}, {4, 5, 6}, {7, 8, 10}, {1, 0, 1}}));
    // rank-deficient: S has zeros (to eps |A|), U still orthonormal
    const auto lowrank = loom::array<double>(loom::matmul(random_matrices<double>({9, 3}, 88), random_matrices<double>({3, 6}, 89)));
    check_svd(lowrank);
    check_svd(loom::array<double>(loom::matrix_transpose(lowrank)));
    const loom::array<double> sl = la::svdvals(lowrank);
    for (std::size_t i = 3; i < 6; ++i) CHECK(sl.data()[i] < 30 * eps<double>() * sl.data()[0]);
    check_svd(loom::zeros<double>({3, 2}));
    check_svd(loom::zeros<cd>({2, 4}));
    check_svd(loom::ones<double>({5, 4}));
    loom::array<double> zc = random_matrices<double>({6, 4}, 90);  // a zero column and two equal ones
    for (std::size_t i = 0; i < 6; ++i) {
        zc.data()[i * 4 + 1] = 0;
        zc.data()[i * 4 + 3] = zc.data()[i * 4 + 2];
    }
    check_svd(zc);
    const loom::array<double> szc = la::svdvals(zc);
    CHECK(szc.data()[3] == 0.0);
    CHECK(szc.data()[2] < 30 * eps<double>() * szc.data()[0]);
    // ill-conditioned (1e12): every singular value accurate to eps |A|
    for (auto [m, n] : {std::pair<std::size_t, std::size_t>{30, 30}, {40, 30}, {30, 45}}) {
        const std::vector<double> want = geometric(std::min(m, n), 1e12);
        const auto ill = with_singular_values(m, n, want, 91 + m + n);
        check_svd(ill);
        const loom::array<double> got = la::svdvals(ill);
        for (std::size_t i = 0; i < want.size(); ++i) CHECK(std::abs(got.data()[i] - want[i]) < 30 * 30 * eps<double>());
    }
    // graded columns (1 down to 1e-72) and rows
    loom::array<double> gc = random_matrices<double>({12, 10}, 94);
    for (std::size_t i = 0; i < 12; ++i)
        for (std::size_t j = 0; j < 10; ++j) gc.data()[i * 10 + j] *= std::pow(10.0, -8.0 * double(j));
    check_svd(gc);
    check_svd(loom::array<double>(loom::matrix_transpose(gc)));
    check_svd(loom::array<float>(loom::astype<float>(gc)));
    // far from 1: singular values scale alike, no overflow or underflow
    const auto x = random_matrices<double>({7, 5}, 92);
    const loom::array<double> s0 = la::svdvals(x);
    for (double f : {1e-300, 1e300}) {
        const loom::array<double> xf = x * f;
        check_svd(xf);
        const loom::array<double> sf = la::svdvals(xf);
        for (std::size_t i = 0; i < 5; ++i) CHECK(std::abs(sf.data()[i] / f - s0.data()[i]) < 1e-13 * s0.data()[0]);
    }
}

TEST_CASE("svd of larger matrices (bidiagonalisation and QR from min(M, N) = 16): shapes, ranks, conditions", "[linalg]") {
    for (auto [m, n] : {std::pair<std::size_t, std::size_t>{100, 60}, {60, 100}, {32, 32}, {33, 70}, {64, 64}})
        check_svd(random_matrices<double>({m, n}, 900 + m + n));
    check_svd(random_matrices<double>({2, 35, 33}, 901));
    check_svd(random_matrices<cd>({50, 40}, 902));
    check_svd(random_matrices<cd>({36, 45}, 903));
    check_svd(random_matrices<float>({64, 48}, 904));
    check_svd(random_matrices<cf>({40, 40}, 905));
    // rank 10 of 40: S's last 30 below eps |A|
    const auto low = loom::array<double>(loom::matmul(random_matrices<double>({50, 10}, 906), random_matrices<double>({10, 40}, 907)));
    check_svd(low);
    check_svd(loom::array<double>(loom::matrix_transpose(low)));
    const loom::array<double> sl = la::svdvals(low);
    for (std::size_t i = 10; i < 40; ++i) CHECK(sl.data()[i] < 30 * eps<double>() * sl.data()[0]);
    // zero, a zero column and equal columns, identity-like
    check_svd(loom::zeros<double>({40, 36}));
    check_svd(loom::eye<double>(40));
    loom::array<double> zc = random_matrices<double>({45, 40}, 908);
    for (std::size_t i = 0; i < 45; ++i) {
        zc.data()[i * 40 + 7] = 0;
        zc.data()[i * 40 + 20] = zc.data()[i * 40 + 21];
    }
    check_svd(zc);
    // ill-conditioned (1e12): every singular value to eps |A|
    const std::vector<double> want = geometric(50, 1e12);
    const auto ill = with_singular_values(60, 50, want, 909);
    check_svd(ill);
    const loom::array<double> got = la::svdvals(ill);
    for (std::size_t i = 0; i < 50; ++i) CHECK(std::abs(got.data()[i] - want[i]) < 30 * 50 * eps<double>());
    // graded columns, 1 down to 1e-72
    loom::array<double> gc = random_matrices<double>({48, 40}, 910);
    for (std::size_t i = 0; i < 48; ++i)
        for (std::size_t j = 0; j < 40; ++j) gc.data()[i * 40 + j] *= std::pow(10.0, -72.0 * double(j) / 39.0);
    check_svd(gc);
    check_svd(loom::array<double>(loom::matrix_transpose(gc)));
    // the values agree with Jacobi's (15 x 15 goes through Jacobi, 16 x 16 through QR): the
    // same matrix bordered by a zero row and column has the same singular values and one more zero
    const auto j15 = random_matrices<double>({15, 15}, 911);
    loom::array<double> b16 = loom::zeros<double>({16, 16});
    for (std::size_t i = 0; i < 15; ++i)
        for (std::size_t j = 0; j < 15; ++j) b16.data()[i * 16 + j] = j15.data()[i * 15 + j];
    const loom::array<double> s15 = la::svdvals(j15), s16 = la::svdvals(b16);
    for (std::size_t i = 0; i < 15; ++i) CHECK(std::abs(s15.data()[i] - s16.data()[i]) < 30 * 16 * eps<double>() * s15.data()[0]);
    CHECK(s16.data()[15] < 30 * 16 * eps<double>() * s15.data()[0]);
    // NaN: NaN out
    loom::array<double> nan = random_matrices<double>({40, 40}, 912);
    nan.data()[77] = std::nan("");
    CHECK(std::isnan(la::svdvals(nan).data()[0]));
}

TEST_CASE("svd: empty matrices and stacks, NaN in, errors", "[linalg]") {
    // NumPy: the empty side's factor is the identity when full
    const auto a = la::svd(loom::zeros<double>({4, 0}));
    CHECK(a.U.shape() == shape_t{4, 4});
    CHECK(loom::array_equal(a.U, loom::eye<double>(4)));
    CHECK(a.S.shape() == shape_t{0});
    CHECK(a.Vh.shape() == shape_t{0, 0});
    const auto b = la::svd(loom::zeros<double>({0, 3}));
    CHECK(b.U.shape() == shape_t{0, 0});
    CHECK(loom::array_equal(b.Vh, loom::eye<double>(3)));
    const auto c = la::svd(loom::zeros<double>({4, 0}), false);
    CHECK(c.U.shape() == shape_t{4, 0});
    CHECK(c.Vh.shape() == shape_t{0, 0});
    const auto d = la::svd(loom::zeros<cd>({0, 3, 2}));
    CHECK(d.U.shape() == shape_t{0, 3, 3});
    CHECK(d.S.shape() == shape_t{0, 2});
    CHECK(d.Vh.shape() == shape_t{0, 2, 2});
    CHECK(la::svdvals(loom::zeros<double>({2, 0, 5})).shape() == shape_t{2, 0});

    // NaN (or infinity): NaN out for that matrix only, no hang
    loom::array<double> st = random_matrices<double>({3, 4, 3}, 93);
    st.data()[12 + 5] = std::nan("");
    st.data()[24 + 11] = -std::numeric_limits<double>::infinity();
    const auto [u, s, vh] = la::svd(st);
    for (std::size_t i = 0; i < 3; ++i) CHECK(!std::isnan(s.data()[i]));
    for (std::size_t i = 3; i < 9; ++i) CHECK(std::isnan(s.data()[i]));
    for (std::size_t i = 16; i < 48; ++i) CHECK(std::isnan(u.data()[i]));
    for (std::size_t i = 9; i < 27; ++i) CHECK(std::isnan(vh.data()[i]));
    CHECK(std::isnan(la::svdvals(loom::array<cd>{{cd(0, std::nan("")), 1}}).data()[0]));

    CHECK_THROWS_AS(la::svd(loom::array<double>{1, 2}), std::invalid_argument);
    CHECK(message([] { la::svdvals(loom::array<double>{1, 2}); }).find("rank 2 or more") != std::string::npos);
}
