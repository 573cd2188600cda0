// examples/from_eigen.cpp: the same computations in Eigen and loom, side by side; exits 1 when they disagree.
#include <loom/loom.hpp>

#include <Eigen/Dense>

#include <iostream>

// True when the loom (row-major) array `l` equals the Eigen array or matrix `e`.
template <class L, class E>
bool same(const L& l, const E& e) {
    if (l.ndim() != 2 || l.shape()[0] != std::size_t(e.rows()) || l.shape()[1] != std::size_t(e.cols())) return false;
    for (Eigen::Index i = 0; i < e.rows(); ++i)
        for (Eigen::Index j = 0; j < e.cols(); ++j)
            if (l(i, j) != e(i, j)) return false;
    return true;
}

int main() {
    bool ok = true;

    // snippet: eigen-broadcast
    Eigen::ArrayXXd ea(2, 3);
    ea << 1, 2, 3,
          4, 5, 6;
    Eigen::ArrayXd erow(3), ecol(2);
    erow << 10, 20, 30;
    ecol << 100, 200;
    Eigen::ArrayXXd er = ea.rowwise() + erow.transpose();   // broadcasting is spelled out
    Eigen::ArrayXXd ec = ea.colwise() * ecol;
    Eigen::MatrixXd eo = ecol.matrix() * erow.matrix().transpose();  // outer product
    // end snippet
    // snippet: loom-broadcast
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    loom::array<double> row = {10, 20, 30}, col = {100, 200};
    loom::array<double> r = a + row;                              // implicit, NumPy rules
    loom::array<double> c = a * loom::view(col, loom::all, loom::newaxis);
    loom::array<double> o = loom::view(col, loom::all, loom::newaxis) * row;  // outer product
    // end snippet
    ok = ok && same(r, er) && same(c, ec) && same(o, eo);

    // snippet: eigen-alias
    Eigen::MatrixXd em(2, 2);
    em << 1, 2,
          3, 4;
    em = em + em.transpose().eval();   // without .eval() Eigen reads entries it already wrote
    // end snippet
    // snippet: loom-alias
    loom::array<double> m = {{1, 2}, {3, 4}};
    m += loom::transpose(m);           // loom detects the overlap and copies first
    // end snippet
    ok = ok && same(m, em);

    std::cout << (ok ? "Eigen and loom agree" : "Eigen and loom DISAGREE") << '\n';
    return ok ? 0 : 1;
}
