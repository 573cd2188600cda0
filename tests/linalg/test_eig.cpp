// tests/linalg/test_eig.cpp: eig and eigvals against their defining identity (the residual
// |A V - V diag(w)| in units of |A| eps n, below 30; unit columns), hand-worked values and NumPy's:
// random real, complex, float and integer matrices and stacks, a rotation, triangular, defective (Jordan),
// companion, symmetric, cyclic, Frank, graded and badly scaled matrices, empty stacks, NaN, errors.
#include <catch2/catch.hpp>

#include "checks.hpp"

#include <loom/linalg/eig.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace la = loom::linalg;
using loom::shape_t;
using cf = std::complex<float>;

namespace {

using namespace linalg_test;

// Whether each wanted value has its own computed one within tol (greedy nearest matching, so the order
// does not matter).
template <class C>
bool same_set(const loom::array<C>& got, const std::vector<cd>& want, double tol) {
    if (got.size() != want.size()) return false;
    std::vector<bool> used(want.size(), false);
    for (const cd& x : want) {
        const auto dist = [&](std::size_t i) { return std::abs(to_cd(got.data()[i]) - x); };
        std::size_t best = want.size();
        for (std::size_t i = 0; i < got.size(); ++i)
            if (!used[i] && (best == want.size() || dist(i) < dist(best))) best = i;
        if (dist(best) > tol) return false;
        used[best] = true;
    }
    return true;
}

// |u^H v| for the column j of v (n x n) and u: 1 when they are parallel unit vectors.
template <class C>
double overlap(const loom::array<C>& v, std::size_t j, const std::vector<cd>& u) {
    const std::size_t n = u.size();
    cd s = 0;
    for (std::size_t i = 0; i < n; ++i) s += std::conj(u[i]) * to_cd(v.data()[i * n + j]);
    return std::abs(s);
}

}  // namespace

TEST_CASE("eig: A V = V diag(w), unit columns: random real, complex, float, integer matrices, stacks", "[linalg]") {
    for (std::size_t n : {1, 2, 3, 4, 5, 10, 40, 100}) check_eig(random_matrices<double>({n, n}, 100 + n));
    check_eig(random_matrices<double>({5, 6, 6}, 101));
    check_eig(random_matrices<double>({2, 3, 7, 7}, 102));
    check_eig(random_matrices<float>({12, 12}, 103));
    check_eig(random_matrices<float>({4, 30, 30}, 104));
    for (std::size_t n : {1, 2, 3, 12, 60}) check_eig(random_matrices<cd>({n, n}, 105 + n));
    check_eig(random_matrices<cd>({3, 40, 40}, 106));
    check_eig(random_matrices<cf>({9, 9}, 107));
    check_eig(random_matrices<cf>({2, 25, 25}, 108));
    loom::array<int> ints(shape_t{6, 6});
    for (std::size_t i = 0; i < 36; ++i) ints.data()[i] = int((i * 7) % 11) - 5;
    check_eig(ints);
    // a stack gives each matrix's own results
    const auto st = random_matrices<double>({5, 6, 6}, 101);
    const auto [ws, vs] = la::eig(st);
    for (std::size_t b = 0; b < 5; ++b) {
        loom::array<double> one(shape_t{6, 6});
        std::copy_n(st.data() + 36 * b, 36, one.data());
        const auto [w1, v1] = la::eig(one);
        CHECK(std::equal(w1.data(), w1.data() + 6, ws.data() + 6 * b));
        CHECK(std::equal(v1.data(), v1.data() + 36, vs.data() + 36 * b));
    }
}

TEST_CASE("eig: zero, identity, ones, cyclic, defective, Frank, graded and scaled matrices", "[linalg]") {
    check_eig(loom::zeros<double>({4, 4}));
    check_eig(loom::eye<double>(7));
    check_eig(loom::ones<double>({10, 10}));
    check_eig(loom::zeros<cd>({3, 3}));
    // the cyclic shift, whose eigenvalues are the roots of unity: the plain shifts stall on it
    for (std::size_t n : {2, 3, 4, 8, 13}) {
        loom::array<double> p = loom::zeros<double>({n, n});
        for (std::size_t i = 0; i < n; ++i) p.data()[((i + 1) % n) * n + i] = 1;
        std::vector<cd> roots;
        for (std::size_t k = 0; k < n; ++k) roots.push_back(std::polar(1.0, 2 * M_PI * double(k) / double(n)));
        check_eig(p);
        CHECK(same_set(la::eigvals(p), roots, 1e-14 * double(n)));
        const loom::array<cd> pc = loom::astype<cd>(p);
        check_eig(pc);
        CHECK(same_set(la::eigvals(pc), roots, 1e-14 * double(n)));
    }
    // Jordan blocks: defective, the vectors nearly parallel, the residual still small
    for (std::size_t n : {2, 5, 12}) {
        loom::array<double> j = loom::eye<double>(n) * 3.0;
        for (std::size_t i = 0; i + 1 < n; ++i) j.data()[i * n + i + 1] = 1;
        check_eig(j);
        check_eig(loom::array<double>(loom::matrix_transpose(j)));
        check_eig(loom::array<cd>(loom::astype<cd>(j)));
    }
    // Frank's matrix: ill-conditioned eigenvalues; balancing with norms that leave out the diagonal
    // scales it much further, and the residual grows
    loom::array<double> frank(shape_t{50, 50});
    for (std::size_t i = 0; i < 50; ++i)
        for (std::size_t j = 0; j < 50; ++j) frank.data()[i * 50 + j] = j + 1 >= i ? double(50 - std::max(i, j)) : 0;
    check_eig(frank);
    // graded: entries from 1 down to 1e-72 both ways
    for (bool reverse : {false, true}) {
        loom::array<double> g = random_matrices<double>({19, 19}, 110);
        for (std::size_t i = 0; i < 19; ++i)
            for (std::size_t j = 0; j < 19; ++j)
                g.data()[i * 19 + j] *= std::pow(10.0, -2.0 * double(reverse ? 36 - i - j : i + j));
        check_eig(g);
        check_eig(loom::array<float>(loom::astype<float>(g)));
    }
    // far from 1 (and subnormal): eigenvalues scale alike
    const auto x = random_matrices<double>({8, 8}, 111);
    const loom::array<cd> w0 = la::eigvals(x);
    double w0max = 0;
    for (std::size_t i = 0; i < 8; ++i) w0max = std::max(w0max, std::abs(w0.data()[i]));
    for (double f : {1e-300, 1e300, 1e-310}) {
        const loom::array<double> xf = x * f;
        if (f > 1e-305) check_eig(xf);
        const loom::array<cd> wf = la::eigvals(xf);
        std::vector<cd> want(w0.data(), w0.data() + 8);
        for (cd& v : want) v *= f;
        CHECK(same_set(wf, want, (f < 1e-305 ? 1e-10 : 1e-13) * w0max * f));
    }
    check_eig(loom::array<float>(loom::astype<float>(x * 1e-40)));
    check_eig(loom::array<float>(loom::astype<float>(x * 1e37)));
}

TEST_CASE("eig, eigvals: values by hand and NumPy's", "[linalg]") {
    // a rotation by 90 degrees: +-i, the vectors (1, -+i) / sqrt(2) up to phase
    const auto [wr, vr] = la::eig(loom::array<double>{{0, -1}, {1, 0}});
    CHECK(std::abs(wr.data()[0] - cd(0, 1)) < 1e-15);
    CHECK(std::abs(wr.data()[1] - cd(0, -1)) < 1e-15);
    CHECK(overlap(vr, 0, {cd(std::sqrt(0.5)), cd(0, -std::sqrt(0.5))}) == Approx(1).epsilon(1e-15));
    CHECK(overlap(vr, 1, {cd(std::sqrt(0.5)), cd(0, std::sqrt(0.5))}) == Approx(1).epsilon(1e-15));
    // integers compute in double; a triangular matrix's eigenvalues are its diagonal, exactly
    const auto wi = la::eigvals(loom::array<int>{{2, 7, -4}, {0, -3, 5}, {0, 0, 9}});
    static_assert(std::is_same_v<decltype(wi), const loom::array<cd>>);
    CHECK(same_set(wi, {2, -3, 9}, 0));
    loom::array<double> tri = random_matrices<double>({9, 9}, 120);
    for (std::size_t i = 0; i < 9; ++i)
        for (std::size_t j = 0; j < i; ++j) tri.data()[i * 9 + j] = 0;
    std::vector<cd> diag;
    for (std::size_t i = 0; i < 9; ++i) diag.push_back(tri.data()[i * 10]);
    CHECK(same_set(la::eigvals(tri), diag, 0));
    // lower triangular: not exact (no permutation isolates them, as LAPACK's would), to eps times the
    // eigenvalues' condition numbers, up to 2.4e7 here
    CHECK(same_set(la::eigvals(loom::matrix_transpose(tri)), diag, 1e-7));
    check_eig(tri);
    // the Jordan block: 1 twice, NumPy's vectors (1, 0) and (-1, 2.2e-16)
    const auto [wj, vj] = la::eig(loom::array<double>{{1, 1}, {0, 1}});
    CHECK(loom::array_equal(wj, loom::array<cd>{1, 1}));
    CHECK(overlap(vj, 0, {1, 0}) == 1.0);
    CHECK(overlap(vj, 1, {1, 0}) == Approx(1).epsilon(1e-15));
    CHECK(std::abs(vj.data()[3]) < 1e-15);
    // the companion matrix of (x - 1)(x - 2)...(x - 6) (as np.roots builds it): 1, ..., 6
    const double coef[] = {-21, 175, -735, 1624, -1764, 720};
    loom::array<double> comp = loom::zeros<double>({6, 6});
    for (std::size_t j = 0; j < 6; ++j) comp.data()[j] = -coef[j];
    for (std::size_t i = 1; i < 6; ++i) comp.data()[i * 6 + i - 1] = 1;
    CHECK(same_set(la::eigvals(comp), {1, 2, 3, 4, 5, 6}, 1e-8));
    check_eig(comp);
    // a symmetric matrix: eigvalsh's values
    const auto g = random_matrices<double>({20, 20}, 121);
    const loom::array<double> sym = g + loom::matrix_transpose(g);
    const loom::array<double> wh = la::eigvalsh(sym);
    std::vector<cd> whc(wh.data(), wh.data() + 20);
    CHECK(same_set(la::eigvals(sym), whc, 30 * 20 * eps<double>() * norm_inf(sym)));
    check_eig(sym);
    // badly scaled: balancing makes the error eps |D^-1 A D| rather than eps |A|
    const auto [wb, vb] = la::eig(loom::array<double>{{1, 1e10}, {1e-10, 1}});
    CHECK(same_set(wb, {0, 2}, 4e-16));
    CHECK(overlap(vb, 0, {cd(1), cd(1e-10)}) / std::hypot(1.0, 1e-10) == Approx(1).epsilon(1e-15));
    const auto bm = random_matrices<double>({8, 8}, 122);
    loom::array<double> scaled = bm;  // D B D^-1, D = diag(10^(5 (i - 4)))
    for (std::size_t i = 0; i < 8; ++i)
        for (std::size_t j = 0; j < 8; ++j) scaled.data()[i * 8 + j] *= std::pow(10.0, 5.0 * (double(i) - double(j)));
    const loom::array<cd> wbm = la::eigvals(bm);
    CHECK(same_set(la::eigvals(scaled), std::vector<cd>(wbm.data(), wbm.data() + 8), 1e-13 * norm_inf(bm)));
    check_eig(scaled);

    // NumPy: np.linalg.eig(np.random.default_rng(7).standard_normal((6, 6)))
    const auto a7 = random_matrices<double>({6, 6}, 7);
    const auto [w7, v7] = la::eig(a7);
    const std::vector<cd> np7 = {-2.261723570118006, cd(-1.1757377577922539, 0.25155277329678843),
                                 cd(-1.1757377577922539, -0.25155277329678843), 2.526105176566771,
                                 1.4892771005291836, 0.8188836332476401};
    CHECK(same_set(w7, np7, 1e-12 * 2.6));
    // its vectors for -2.26... and -1.17... + 0.25...i
    const std::vector<cd> npv0 = {0.5098005095886201, -0.01316898061426572, 0.02362677716968291,
                                  0.42622054329769843, 0.05526079534261431, 0.744751023324208};
    const std::vector<cd> npv1 = {cd(-0.21596349833997605, 0.06556883022426756),
                                  cd(0.14766844650741665, 0.04241351967604248),
                                  cd(0.00939435006773212, -0.07014829759341881),
                                  cd(0.43666590392448884, 0.17979876461211158),
                                  cd(0.3583856388459293, 0.00719744351570354),
                                  cd(-0.754287614205422, 0)};
    for (std::size_t j = 0; j < 6; ++j) {
        if (std::abs(w7.data()[j] - np7[0]) < 1e-10) CHECK(overlap(v7, j, npv0) == Approx(1).epsilon(1e-12));
        if (std::abs(w7.data()[j] - np7[1]) < 1e-10) {
            CHECK(overlap(v7, j, npv1) == Approx(1).epsilon(1e-12));
            for (std::size_t i = 0; i < 6; ++i) CHECK(std::abs(v7.data()[i * 6 + j] - npv1[i]) < 1e-12);
        }
    }
    // complex: default_rng(8), re + 1j im; the first value's vector (its largest component real, positive)
    const auto [w8, v8] = la::eig(random_matrices<cd>({5, 5}, 8));
    const std::vector<cd> np8 = {cd(-3.40580218158533, -0.079340958473342), cd(1.8293954825016252, -2.7273549865234763),
                                 cd(-1.71393462183972, -2.415360806055204),
                                 cd(-0.12098092375373434, 1.2116760709128087),
                                 cd(0.6202278874140184, -0.827920317131659)};
    CHECK(same_set(w8, np8, 1e-12 * 3.5));
    const std::vector<cd> npv8 = {0.7130263649915001, cd(-0.41117809298142005, 0.02052981380972269),
                                  cd(0.1294259087204575, 0.11985844032445428),
                                  cd(-0.0737898121979419, -0.46738857489626584),
                                  cd(0.19640199645521242, 0.16886868661660903)};
    for (std::size_t j = 0; j < 5; ++j)
        if (std::abs(w8.data()[j] - np8[0]) < 1e-10)
            for (std::size_t i = 0; i < 5; ++i) CHECK(std::abs(v8.data()[i * 5 + j] - npv8[i]) < 1e-12);
    // float: np.linalg.eigvals(default_rng(9).standard_normal((4, 4)).astype(np.float32))
    const loom::array<cf> w9 = la::eigvals(loom::array<float>(random_matrices<float>({4, 4}, 9)));
    CHECK(same_set(w9, {1.2684633, 0.29674253, cd(-2.2877128, 1.1075298), cd(-2.2877128, -1.1075298)}, 3e-6 * 2.6));
    // np.linalg.eigvals([[2, -1, 0], [1, 3, 1], [0, -2, 1]])
    const std::vector<cd> np3 = {cd(2.2266988257582017, 1.467711508710224), cd(2.2266988257582017, -1.467711508710224),
                                 1.5466023484835965};
    CHECK(same_set(la::eigvals(loom::array<int>{{2, -1, 0}, {1, 3, 1}, {0, -2, 1}}), np3, 1e-12 * 3));

    // operands are never modified; views as their values
    const loom::array<double> keep = a7;
    la::eig(a7);
    la::eigvals(a7);
    CHECK(loom::array_equal(a7, keep));
    const loom::array<double> a7t = loom::matrix_transpose(a7);
    CHECK(loom::array_equal(la::eig(loom::matrix_transpose(a7)).eigenvectors, la::eig(a7t).eigenvectors));
}

TEST_CASE("eig, eigvals: empty matrices and stacks, NaN in, errors", "[linalg]") {
    const auto e0 = la::eig(loom::zeros<double>({0, 0}));
    CHECK(e0.eigenvalues.shape() == shape_t{0});
    CHECK(e0.eigenvectors.shape() == shape_t{0, 0});
    const auto e1 = la::eig(loom::zeros<double>({3, 0, 0}));
    CHECK(e1.eigenvalues.shape() == shape_t{3, 0});
    CHECK(e1.eigenvectors.shape() == shape_t{3, 0, 0});
    const auto e2 = la::eig(loom::zeros<cf>({0, 4, 4}));
    CHECK(e2.eigenvalues.shape() == shape_t{0, 4});
    CHECK(e2.eigenvectors.shape() == shape_t{0, 4, 4});
    CHECK(la::eigvals(loom::zeros<float>({2, 0, 0})).shape() == shape_t{2, 0});
    const auto z = la::eig(loom::zeros<double>({2, 3, 3}));  // a stack of zero matrices
    CHECK(loom::array_equal(z.eigenvalues, loom::zeros<cd>({2, 3})));
    CHECK(loom::array_equal(z.eigenvectors, loom::astype<cd>(loom::broadcast_to(loom::eye<double>(3), {2, 3, 3}))));

    // NaN (or infinity): NaN out for that matrix only, no hang
    loom::array<double> st = random_matrices<double>({3, 4, 4}, 130);
    st.data()[16 + 2 * 4 + 1] = std::nan("");
    st.data()[32 + 3 * 4 + 3] = std::numeric_limits<double>::infinity();
    const auto [wn, vn] = la::eig(st);
    for (std::size_t i = 0; i < 4; ++i) CHECK(!std::isnan(wn.data()[i].real()));
    for (std::size_t i = 4; i < 12; ++i) CHECK((std::isnan(wn.data()[i].real()) && std::isnan(wn.data()[i].imag())));
    for (std::size_t i = 16; i < 48; ++i) CHECK(std::isnan(vn.data()[i].real()));
    CHECK(std::isnan(la::eigvals(loom::array<cd>{{cd(0, std::nan("")), 1}, {0, 1}}).data()[1].real()));

    // the QR algorithm gives up (false: eig throws loom::linalg_error) after 30 n iterations rather than
    // hang; a NaN subdiagonal never deflates
    double h[9] = {1, 2, 3, std::nan(""), 1, 2, 0, 1, 1};
    cd w3[3];
    CHECK(!la::detail::real_schur(h, 3, static_cast<double*>(nullptr), w3));
    cd hc[4] = {1, 2, cd(0, std::nan("")), 1};
    CHECK(!la::detail::complex_schur(hc, 2, static_cast<cd*>(nullptr), w3));

    CHECK_THROWS_AS(la::eig(loom::zeros<double>({2, 3})), std::invalid_argument);
    CHECK_THROWS_AS(la::eigvals(loom::zeros<double>({4, 3, 2})), std::invalid_argument);
    CHECK_THROWS_AS(la::eig(loom::array<double>{1, 2}), std::invalid_argument);
}

