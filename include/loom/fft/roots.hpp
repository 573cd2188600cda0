// loom/fft/roots.hpp: the unit roots exp(-2 pi i k / n) the transforms multiply by, each within
// about an ulp (computed, not raised to powers, so no error grows with k or n).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace loom::fft::detail {

// exp(-2 pi i k / n) in long double, k in [0, n): the angle reduced to [0, pi] by the conjugate
// symmetry exp(-2 pi i (n - k) / n) = conj(exp(-2 pi i k / n)).
inline void unit_root_ld(std::size_t k, std::size_t n, long double& re, long double& im) {
    constexpr long double two_pi = 6.283185307179586476925286766559005768L;
    const bool upper = 2 * k > n;
    const std::size_t r = upper ? n - k : k;
    const long double a = two_pi * static_cast<long double>(r) / static_cast<long double>(n);
    re = std::cos(a);
    im = upper ? std::sin(a) : -std::sin(a);
}

// exp(-2 pi i j / n) for any j in [0, n) from two tables of about sqrt(n) roots each (j = hi B + lo,
// the product of two roots formed in long double): O(sqrt n) sines for a plan, not O(n).
class unit_roots {
public:
    explicit unit_roots(std::size_t n) : n_(n) {
        b_ = 1;
        while (b_ * b_ < n) ++b_;
        lo_re_.resize(b_);
        lo_im_.resize(b_);
        for (std::size_t i = 0; i < b_; ++i) unit_root_ld(i % n, n, lo_re_[i], lo_im_[i]);
        const std::size_t hi = (n + b_ - 1) / b_;
        hi_re_.resize(hi);
        hi_im_.resize(hi);
        for (std::size_t i = 0; i < hi; ++i) unit_root_ld((i * b_) % n, n, hi_re_[i], hi_im_[i]);
    }
    template <class T>
    void get(std::size_t j, T& re, T& im) const {
        j %= n_;
        const std::size_t h = j / b_, l = j % b_;
        re = static_cast<T>(hi_re_[h] * lo_re_[l] - hi_im_[h] * lo_im_[l]);
        im = static_cast<T>(hi_re_[h] * lo_im_[l] + hi_im_[h] * lo_re_[l]);
    }
    std::size_t size() const { return n_; }

private:
    std::size_t n_, b_;
    std::vector<long double> lo_re_, lo_im_, hi_re_, hi_im_;
};

}  // namespace loom::fft::detail
