// examples/linalg.cpp: loom::linalg on a small problem: a least-squares line, a stack of systems
// solved in one call, the eigenvalues of a covariance matrix, rank and norms (docs/linalg.md).
#include <loom/linalg.hpp>
#include <loom/loom.hpp>

#include <iostream>

int main() {
    namespace la = loom::linalg;
    // snippet: fit
    // the least-squares line through four points: [1 t] [c, m] ~ y
    loom::array<double> t = {0.0, 1.0, 2.0, 3.0}, y = {1.1, 2.9, 5.2, 6.8};
    loom::array<double> a = loom::stack({loom::ones_like(t), t}, 1);   // np.column_stack
    auto [coef, residuals, rank, sv] = la::lstsq(a, y);
    std::cout << coef << ' ' << residuals << ' ' << rank << '\n';
    // end snippet

    // snippet: batch
    // 1000 systems of 3 unknowns, one call: a (1000, 3, 3), b (1000, 3, 1)
    loom::array<double> systems = loom::eye<double>(3) * 4.0 + loom::reshape(loom::arange<double>(9000), {1000, 3, 3}) / 9000.0;
    loom::array<double> rhs = loom::ones<double>({1000, 3, 1});
    loom::array<double> x = la::solve(systems, rhs);
    std::cout << x.shape()[0] << ' ' << loom::view(x, 0, loom::all, 0) << '\n';
    // end snippet

    // snippet: eigh
    loom::array<double> cov = {{2.0, 0.8, 0.0}, {0.8, 1.0, 0.3}, {0.0, 0.3, 0.5}};
    auto [w, v] = la::eigh(cov);                          // ascending eigenvalues, vectors as columns
    std::cout << w << ' ' << (double(la::matrix_norm(loom::matmul(cov, v) - v * w)) < 1e-14) << '\n';
    // end snippet

    // snippet: rank
    loom::array<double> m = {{1.0, 2.0, 3.0}, {2.0, 4.0, 6.0}, {1.0, 0.0, 1.0}};
    std::cout << la::matrix_rank(m) << ' ' << la::svdvals(cov) << ' ' << la::cond(cov) << '\n';
    std::cout << la::norm(m) << ' ' << la::matrix_norm(m, 1) << ' ' << la::vector_norm(m, -1, loom::inf) << '\n';
    // end snippet
}
