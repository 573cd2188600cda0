// examples/from_xtensor.cpp: the same computations in xtensor and loom, side by side; exits 1 when they disagree.
#include <loom/loom.hpp>

#include <xtensor/xarray.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xview.hpp>

#include <cstddef>
#include <iostream>

// True when the loom array `l` and the xtensor array `x` have the same shape and elements.
template <class L, class X>
bool same(const L& l, const X& x) {
    if (l.ndim() != x.dimension()) return false;
    for (std::size_t k = 0; k < l.ndim(); ++k)
        if (l.shape()[k] != x.shape()[k]) return false;
    std::size_t i = 0;
    for (auto v : x)  // both row-major
        if (l.data()[i++] != v) return false;
    return true;
}

int main() {
    using namespace xt::placeholders;  // _ for an omitted slice bound
    bool ok = true;

    // snippet: xtensor-expr
    xt::xarray<double> xa = {{1, 2, 3}, {4, 5, 6}};
    xt::xarray<double> xv = {10, 20, 30};
    xt::xarray<double> xr = xa * xv + xt::sqrt(xa);       // lazy until assigned
    xt::xarray<double> xc = xt::view(xa, xt::all(), xt::all(), xt::newaxis()) * xv;  // (2, 3, 1) * (3,)
    // end snippet
    // snippet: loom-expr
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    loom::array<double> v = {10, 20, 30};
    loom::array<double> r = a * v + loom::sqrt(a);        // lazy until assigned
    loom::array<double> c = loom::view(a, loom::all, loom::all, loom::newaxis) * v;  // (2, 3, 1) * (3,)
    // end snippet
    ok = ok && same(r, xr) && same(c, xc);

    // snippet: xtensor-views
    auto xs = xt::view(xa, xt::range(1, _), xt::range(_, _, -1));  // a[1:, ::-1]
    xt::view(xa, xt::all(), 0) = 0.0;                             // a[:, 0] = 0
    xt::xarray<double> xtr = xt::transpose(xa);
    // end snippet
    // snippet: loom-views
    auto s = loom::view(a, loom::range(1, loom::none), loom::range(loom::none, loom::none, -1));
    loom::view(a, loom::all, 0) = 0.0;
    loom::array<double> t = loom::transpose(a);
    // end snippet
    ok = ok && same(loom::eval(s), xt::xarray<double>(xs)) && same(t, xtr);

    std::cout << (ok ? "xtensor and loom agree" : "xtensor and loom DISAGREE") << '\n';
    return ok ? 0 : 1;
}
