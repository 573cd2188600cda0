// loom/fft/functions.hpp: the Array API's fft extension with NumPy's semantics: n (crop or pad with
// zeros), axis / axes, norm; float stays float (complex64), everything else computes in double.
#pragma once

#include <cmath>
#include <complex>
#include <memory>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../loom.hpp"
#include "../detail/source.hpp"
#include "axis.hpp"

namespace loom::fft {

//! Which direction is scaled: `backward` (NumPy's default) divides the inverse by n, `forward`
//! the forward transform, `ortho` both by sqrt(n).
enum class norm { backward, ortho, forward };

namespace detail {

// The real type a transform computes in: float for float and complex<float>, else double.
template <class V>
using real_type = std::conditional_t<std::is_same_v<V, float> || std::is_same_v<V, std::complex<float>>, float, double>;

template <class T>
T scale_of(norm nm, bool inverse, std::size_t n) {
    if (nm == norm::ortho) return T(1 / std::sqrt(static_cast<double>(n)));
    const bool divide = inverse ? nm == norm::backward : nm == norm::forward;
    return divide ? T(1 / static_cast<double>(n)) : T(1);
}

inline norm swapped(norm nm) {
    return nm == norm::backward ? norm::forward : nm == norm::forward ? norm::backward : norm::ortho;
}

[[noreturn, gnu::cold]] inline void bad_length(const char* fn, std::size_t n) {
    throw std::invalid_argument(std::string("loom::fft::") + fn + ": invalid number of data points (" +
                                std::to_string(n) + "); a transform needs at least 1");
}

inline std::size_t axis_of(std::ptrdiff_t axis, std::size_t rank, const char* fn) {
    if (rank == 0)
        throw std::invalid_argument(std::string("loom::fft::") + fn + ": expected an array of rank 1 or more, got rank 0");
    return loom::detail::normalize_axis(axis, rank, (std::string("fft::") + fn).c_str());
}

template <class T>
array<std::complex<T>> complex_pass(const std::complex<T>* in, const shape_t& s, std::size_t axis, std::size_t n,
                                    bool inverse, norm nm) {
    shape_t out_shape = s;
    out_shape[axis] = n;
    array<std::complex<T>> out = loom::detail::uninitialized<std::complex<T>>(out_shape);
    complex_axis<T>(in, s, axis, n, inverse, scale_of<T>(nm, inverse, n), out.data());
    return out;
}

template <class X>
auto one_axis(const X& x, std::optional<std::size_t> n, std::ptrdiff_t axis, norm nm, bool inverse, const char* fn) {
    using T = real_type<typename X::value_type>;
    const auto s = loom::detail::source_of<std::complex<T>>(x);
    const std::size_t a = axis_of(axis, s.shape.size(), fn);
    const std::size_t len = n.value_or(s.shape[a]);
    if (len == 0) bad_length(fn, len);
    return complex_pass<T>(s.data, s.shape, a, len, inverse, nm);
}

// NumPy's _cook_nd_args: the axes (the last len(s) ones, or all, by default) and the lengths along
// them (s, or the input's); `last_real` for irfftn, whose default last length is 2 (m - 1).
struct nd_args {
    std::vector<std::size_t> axes, lengths;
};

inline nd_args cook(const shape_t& shape, const std::optional<std::vector<std::size_t>>& s,
                    const std::optional<std::vector<std::ptrdiff_t>>& axes, const char* fn, bool last_real) {
    nd_args r;
    const std::size_t rank = shape.size();
    if (rank == 0)
        throw std::invalid_argument(std::string("loom::fft::") + fn + ": expected an array of rank 1 or more, got rank 0");
    if (axes) {
        for (std::ptrdiff_t ax : *axes) r.axes.push_back(axis_of(ax, rank, fn));
    } else {
        const std::size_t k = s ? s->size() : rank;
        if (k > rank)
            throw std::invalid_argument(std::string("loom::fft::") + fn + ": s has " + std::to_string(k) +
                                        " lengths for an array of rank " + std::to_string(rank));
        for (std::size_t d = rank - k; d < rank; ++d) r.axes.push_back(d);
    }
    if (s && s->size() != r.axes.size())
        throw std::invalid_argument(std::string("loom::fft::") + fn + ": s and axes have different lengths (" +
                                    std::to_string(s->size()) + " and " + std::to_string(r.axes.size()) + ")");
    for (std::size_t i = 0; i < r.axes.size(); ++i) {
        std::size_t len = s ? (*s)[i] : shape[r.axes[i]];
        if (!s && last_real && i + 1 == r.axes.size()) len = 2 * (len ? len - 1 : 0);
        if (len == 0) bad_length(fn, len);
        r.lengths.push_back(len);
    }
    return r;
}

// Complex transforms along axes[i], i < end, in NumPy's order: fftn's from the last to the first,
// rfftn's and irfftn's from the first to the last; `a`, when it
// holds data0, is transformed in place where a length stays (blocks read whole lanes before writing).
template <class T>
array<std::complex<T>> complex_axes(array<std::complex<T>> a, const shape_t& shape0, const std::complex<T>* data0,
                                    const nd_args& nd, std::size_t end, bool inverse, norm nm, bool first_to_last) {
    const std::complex<T>* data = data0;
    shape_t shape = shape0;
    for (std::size_t step = 0; step < end; ++step) {
        const std::size_t i = first_to_last ? step : end - 1 - step;
        const std::size_t axis = nd.axes[i], n = nd.lengths[i];
        if (a.size() && data == a.data() && shape[axis] == n) {  // our own array, its length kept: in place
            complex_axis<T>(a.data(), shape, axis, n, inverse, scale_of<T>(nm, inverse, n), a.data());
            continue;
        }
        a = complex_pass<T>(data, shape, axis, n, inverse, nm);
        data = a.data();
        shape = a.shape();
    }
    return a;
}

template <class X>
auto many_axes(const X& x, const std::optional<std::vector<std::size_t>>& s,
               const std::optional<std::vector<std::ptrdiff_t>>& axes, norm nm, bool inverse, const char* fn) {
    using T = real_type<typename X::value_type>;
    const auto src = loom::detail::source_of<std::complex<T>>(x);
    const nd_args nd = cook(src.shape, s, axes, fn, false);
    if (nd.axes.empty()) return array<std::complex<T>>(loom::astype<std::complex<T>>(x));
    return complex_axes<T>({}, src.shape, src.data, nd, nd.axes.size(), inverse, nm, false);
}

template <class T>
array<std::complex<T>> real_forward(const T* in, const shape_t& s, std::size_t axis, std::size_t n, norm nm) {
    shape_t out_shape = s;
    out_shape[axis] = n / 2 + 1;
    array<std::complex<T>> out = loom::detail::uninitialized<std::complex<T>>(out_shape);
    real_forward_axis<T>(in, s, axis, n, scale_of<T>(nm, false, n), out.data());
    return out;
}

template <class T>
array<T> real_inverse(const std::complex<T>* in, const shape_t& s, std::size_t axis, std::size_t n, norm nm) {
    shape_t out_shape = s;
    out_shape[axis] = n;
    array<T> out = loom::detail::uninitialized<T>(out_shape);
    real_inverse_axis<T>(in, s, axis, n, scale_of<T>(nm, true, n), out.data());
    return out;
}

template <class X>
constexpr void require_real() {
    static_assert(!is_complex_v<typename X::value_type>,
                  "loom::fft: rfft, rfftn and ihfft take real input; for complex input call fft, or take "
                  "loom::real(x) first");
}

}  // namespace detail

//! The DFT along `axis`, of length `n` (the input cropped or padded with zeros; its own length by
//! default): NumPy's `fft`. Real and integer input computes in complex (complex64 for float).
//!   auto X = loom::fft::fft(x);   // x: (..., n) -> (..., n) complex
template <expression X>
auto fft(const X& x, std::optional<std::size_t> n = std::nullopt, std::ptrdiff_t axis = -1, norm nm = norm::backward) {
    return detail::one_axis(x, n, axis, nm, false, "fft");
}

//! The inverse DFT along `axis` (divided by n with the default norm): NumPy's `ifft`.
template <expression X>
auto ifft(const X& x, std::optional<std::size_t> n = std::nullopt, std::ptrdiff_t axis = -1, norm nm = norm::backward) {
    return detail::one_axis(x, n, axis, nm, true, "ifft");
}

//! The DFT over several axes (all by default; the last len(s) ones when only `s` is given), each
//! cropped or padded to its length in `s`: NumPy's `fftn`.
//!   auto F = loom::fft::fftn(img, std::nullopt, {{0, 1}});
template <expression X>
auto fftn(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
          const std::optional<std::vector<std::ptrdiff_t>>& axes = std::nullopt, norm nm = norm::backward) {
    return detail::many_axes(x, s, axes, nm, false, "fftn");
}

//! The inverse of fftn: NumPy's `ifftn`.
template <expression X>
auto ifftn(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
           const std::optional<std::vector<std::ptrdiff_t>>& axes = std::nullopt, norm nm = norm::backward) {
    return detail::many_axes(x, s, axes, nm, true, "ifftn");
}

//! fftn over the last two axes (NumPy's `fft2`).
template <expression X>
auto fft2(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
          const std::vector<std::ptrdiff_t>& axes = {-2, -1}, norm nm = norm::backward) {
    return detail::many_axes(x, s, axes, nm, false, "fft2");
}

//! ifftn over the last two axes (NumPy's `ifft2`).
template <expression X>
auto ifft2(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
           const std::vector<std::ptrdiff_t>& axes = {-2, -1}, norm nm = norm::backward) {
    return detail::many_axes(x, s, axes, nm, true, "ifft2");
}

//! The DFT of real input along `axis`: the n / 2 + 1 numbers from frequency 0 up (the rest are
//! their conjugates): NumPy's `rfft`.
//!   auto X = loom::fft::rfft(signal);   // (..., n) real -> (..., n / 2 + 1) complex
template <expression X>
auto rfft(const X& x, std::optional<std::size_t> n = std::nullopt, std::ptrdiff_t axis = -1, norm nm = norm::backward) {
    detail::require_real<X>();
    if constexpr (!is_complex_v<typename X::value_type>) {
        using T = detail::real_type<typename X::value_type>;
        const auto s = loom::detail::source_of<T>(x);
        const std::size_t a = detail::axis_of(axis, s.shape.size(), "rfft");
        const std::size_t len = n.value_or(s.shape[a]);
        if (len == 0) detail::bad_length("rfft", len);
        return detail::real_forward<T>(s.data, s.shape, a, len, nm);
    }
}

//! The real sequence of length n (2 (m - 1) by default, m the input's length along `axis`) whose
//! rfft is the input: NumPy's `irfft` (the imaginary parts of frequency 0, and of n / 2 for an even
//! n, are ignored).
template <expression X>
auto irfft(const X& x, std::optional<std::size_t> n = std::nullopt, std::ptrdiff_t axis = -1, norm nm = norm::backward) {
    using T = detail::real_type<typename X::value_type>;
    const auto s = loom::detail::source_of<std::complex<T>>(x);
    const std::size_t a = detail::axis_of(axis, s.shape.size(), "irfft");
    const std::size_t len = n.value_or(s.shape[a] ? 2 * (s.shape[a] - 1) : 0);
    if (len == 0) detail::bad_length("irfft", len);
    return detail::real_inverse<T>(s.data, s.shape, a, len, nm);
}

//! rfft over the last axis of `axes`, then fft over the others: NumPy's `rfftn`.
template <expression X>
auto rfftn(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
           const std::optional<std::vector<std::ptrdiff_t>>& axes = std::nullopt, norm nm = norm::backward) {
    detail::require_real<X>();
    using T = detail::real_type<typename X::value_type>;
    const auto src = loom::detail::source_of<T>(x);
    const detail::nd_args nd = detail::cook(src.shape, s, axes, "rfftn", false);
    if (nd.axes.empty()) throw std::invalid_argument("loom::fft::rfftn: needs at least one axis");
    const std::size_t last = nd.axes.size() - 1;
    array<std::complex<T>> a = detail::real_forward<T>(src.data, src.shape, nd.axes[last], nd.lengths[last], nm);
    const shape_t sh = a.shape();
    const std::complex<T>* d = a.data();
    return last ? detail::complex_axes<T>(std::move(a), sh, d, nd, last, false, nm, true) : a;
}

//! The inverse of rfftn (the last axis's length 2 (m - 1) by default): NumPy's `irfftn`.
template <expression X>
auto irfftn(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
            const std::optional<std::vector<std::ptrdiff_t>>& axes = std::nullopt, norm nm = norm::backward) {
    using T = detail::real_type<typename X::value_type>;
    const auto src = loom::detail::source_of<std::complex<T>>(x);
    const detail::nd_args nd = detail::cook(src.shape, s, axes, "irfftn", true);
    if (nd.axes.empty()) throw std::invalid_argument("loom::fft::irfftn: needs at least one axis");
    const std::size_t last = nd.axes.size() - 1;
    if (last == 0) return detail::real_inverse<T>(src.data, src.shape, nd.axes[0], nd.lengths[0], nm);
    array<std::complex<T>> a = detail::complex_axes<T>({}, src.shape, src.data, nd, last, true, nm, true);
    return detail::real_inverse<T>(a.data(), a.shape(), nd.axes[last], nd.lengths[last], nm);
}

//! rfftn over the last two axes (NumPy's `rfft2`).
template <expression X>
auto rfft2(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
           const std::vector<std::ptrdiff_t>& axes = {-2, -1}, norm nm = norm::backward) {
    return rfftn(x, s, axes, nm);
}

//! irfftn over the last two axes (NumPy's `irfft2`).
template <expression X>
auto irfft2(const X& x, const std::optional<std::vector<std::size_t>>& s = std::nullopt,
            const std::vector<std::ptrdiff_t>& axes = {-2, -1}, norm nm = norm::backward) {
    return irfftn(x, s, axes, nm);
}

//! The real spectrum of a signal with Hermitian symmetry given by its first half: NumPy's `hfft`
//! (irfft of the conjugate, the norm's direction swapped).
template <expression X>
auto hfft(const X& x, std::optional<std::size_t> n = std::nullopt, std::ptrdiff_t axis = -1, norm nm = norm::backward) {
    using T = detail::real_type<typename X::value_type>;
    const array<std::complex<T>> c = loom::conj(loom::astype<std::complex<T>>(x));
    const std::size_t a = detail::axis_of(axis, c.ndim(), "hfft");
    const std::size_t len = n.value_or(c.shape()[a] ? 2 * (c.shape()[a] - 1) : 0);
    if (len == 0) detail::bad_length("hfft", len);
    return detail::real_inverse<T>(c.data(), c.shape(), a, len, detail::swapped(nm));
}

//! The inverse of hfft: NumPy's `ihfft` (the conjugate of rfft, the norm's direction swapped).
template <expression X>
auto ihfft(const X& x, std::optional<std::size_t> n = std::nullopt, std::ptrdiff_t axis = -1, norm nm = norm::backward) {
    detail::require_real<X>();
    using T = detail::real_type<typename X::value_type>;
    const auto s = loom::detail::source_of<T>(x);
    const std::size_t a = detail::axis_of(axis, s.shape.size(), "ihfft");
    const std::size_t len = n.value_or(s.shape[a]);
    if (len == 0) detail::bad_length("ihfft", len);
    array<std::complex<T>> r = detail::real_forward<T>(s.data, s.shape, a, len, detail::swapped(nm));
    std::complex<T>* p = r.data();
    for (std::size_t i = 0, k = r.size(); i < k; ++i) p[i] = std::conj(p[i]);
    return r;
}

//! The sample frequencies of an fft of length n and sample spacing d: [0, 1, ..., -1] / (d n) as
//! NumPy's `fftfreq` (double; `fftfreq<float>` for float).
template <class T = double>
array<T> fftfreq(std::size_t n, double d = 1.0) {
    if (n == 0) detail::bad_length("fftfreq", n);
    array<T> r = loom::detail::uninitialized<T>(shape_t{n});
    const double v = 1.0 / (static_cast<double>(n) * d);
    const std::size_t pos = (n - 1) / 2 + 1;
    for (std::size_t i = 0; i < n; ++i)
        r.data()[i] = static_cast<T>((i < pos ? static_cast<double>(i) : -static_cast<double>(n - i)) * v);
    return r;
}

//! The n / 2 + 1 sample frequencies of an rfft of length n: NumPy's `rfftfreq`.
template <class T = double>
array<T> rfftfreq(std::size_t n, double d = 1.0) {
    if (n == 0) detail::bad_length("rfftfreq", n);
    array<T> r = loom::detail::uninitialized<T>(shape_t{n / 2 + 1});
    const double v = 1.0 / (static_cast<double>(n) * d);
    for (std::size_t i = 0; i <= n / 2; ++i) r.data()[i] = static_cast<T>(static_cast<double>(i) * v);
    return r;
}

namespace detail {
template <class X>
auto shift(const X& x, const std::optional<std::vector<std::ptrdiff_t>>& axes, bool inverse, const char* fn) {
    const shape_t& sh = x.shape();
    loom::detail::axes_t ax, by;
    if (axes) {
        for (std::ptrdiff_t a : *axes) ax.push_back(static_cast<std::ptrdiff_t>(axis_of(a, sh.size(), fn)));
    } else {
        for (std::size_t d = 0; d < sh.size(); ++d) ax.push_back(static_cast<std::ptrdiff_t>(d));
    }
    for (std::ptrdiff_t a : ax) {
        const auto h = static_cast<std::ptrdiff_t>(sh[static_cast<std::size_t>(a)] / 2);
        by.push_back(inverse ? -h : h);
    }
    return loom::detail::roll_of(x, by, ax);
}
}  // namespace detail

//! The transform of one length n, planned once (from the same per-thread cache the functions use),
//! run in place on n contiguous complex numbers: `forward` is NumPy's `fft` (unnormalised),
//! `backward` n times its `ifft`. For many transforms of one length in a loop.
//!   loom::fft::plan<double> p(1024);
//!   p.forward(signal.data());   // a loom::array<std::complex<double>> of 1024
template <class T = double>
class plan {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "loom::fft::plan: T is float or double");

public:
    explicit plan(std::size_t n) {
        if (n == 0) detail::bad_length("plan", n);
        p_ = detail::get_plan<T>(n);
    }
    std::size_t size() const noexcept { return p_->n; }
    void forward(std::complex<T>* data) const { run(data, false); }
    void backward(std::complex<T>* data) const { run(data, true); }

private:
    void run(std::complex<T>* d, bool inverse) const {
        detail::complex_axis(*p_, d, shape_t{p_->n}, 0, p_->n, inverse, T(1), d);  // in place, as its blocks read all first
    }
    std::shared_ptr<const detail::complex_plan<T>> p_;
};

//! Frequency 0 moved to the middle along `axes` (all by default): NumPy's `fftshift`.
template <expression X>
auto fftshift(const X& x, const std::optional<std::vector<std::ptrdiff_t>>& axes = std::nullopt) {
    return detail::shift(x, axes, false, "fftshift");
}

//! The inverse of fftshift: NumPy's `ifftshift`.
template <expression X>
auto ifftshift(const X& x, const std::optional<std::vector<std::ptrdiff_t>>& axes = std::nullopt) {
    return detail::shift(x, axes, true, "ifftshift");
}

}  // namespace loom::fft
