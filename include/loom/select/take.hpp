// loom/select/take.hpp: take and take_along_axis: elements picked by integer index arrays, into a new array.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "../containers/array.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../manipulation/concat.hpp"
#include "../manipulation/repeat.hpp"
#include "../view/axes.hpp"
#include "../view/strided_view.hpp"

namespace loom {

//! An operand of integer elements (not bool): what take and take_along_axis index with.
template <class X>
concept index_operand = expression<X> && std::integral<typename std::remove_cvref_t<X>::value_type> &&
                        !std::same_as<typename std::remove_cvref_t<X>::value_type, bool>;

namespace detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_index_bounds(const char* fn, std::ptrdiff_t i, std::size_t axis,
                                                                     std::size_t n) {
    throw index_error("loom::" + std::string(fn) + ": index " + std::to_string(i) + " is out of bounds for axis " +
                      std::to_string(axis) + " with size " + std::to_string(n));
}

// An index operand's values in C order, as contiguous memory (the operand's own, or a copy).
template <class I>
auto index_memory(const I& indices) {
    return flat_source(source_view(indices));
}

// Index k on an axis of n elements, in [0, n) (negative ones count from the end); index_error
// naming it otherwise. Checked while the new array is filled: a bad index throws before the
// result is handed out, and nothing of the caller's has been written.
template <class I>
inline std::ptrdiff_t wrapped(I k, std::ptrdiff_t n, std::size_t axis, const char* fn) {
    std::ptrdiff_t i = to_ptrdiff(k);
    i += i < 0 ? n : 0;
    if (static_cast<std::size_t>(i) >= static_cast<std::size_t>(n)) [[unlikely]]
        throw_index_bounds(fn, to_ptrdiff(k), axis, static_cast<std::size_t>(n));
    return i;
}

// The elements of a strided block copied to dst in C order.
template <class T>
T* copy_block(const T* src, const std::size_t* s, const std::ptrdiff_t* st, std::size_t rank, T* dst) {
    if (rank == 0) {
        *dst = *src;
        return dst + 1;
    }
    if (rank == 1) {
        for (std::size_t i = 0; i < s[0]; ++i) dst[i] = src[static_cast<std::ptrdiff_t>(i) * st[0]];
        return dst + s[0];
    }
    for (std::size_t i = 0; i < s[0]; ++i) dst = copy_block(src + static_cast<std::ptrdiff_t>(i) * st[0], s + 1, st + 1, rank - 1, dst);
    return dst;
}

// The block at dst (shape s, strides st) updated from src, C order: f(dst element, src element).
template <class T, class U, class F>
const U* update_block(T* dst, const std::size_t* s, const std::ptrdiff_t* st, std::size_t rank, const U* src, F& f) {
    if (rank == 0) {
        f(*dst, *src);
        return src + 1;
    }
    if (rank == 1) {
        for (std::size_t i = 0; i < s[0]; ++i) f(dst[static_cast<std::ptrdiff_t>(i) * st[0]], src[i]);
        return src + s[0];
    }
    for (std::size_t i = 0; i < s[0]; ++i) src = update_block(dst + static_cast<std::ptrdiff_t>(i) * st[0], s + 1, st + 1, rank - 1, src, f);
    return src;
}

template <class T, class I>
array<T> taken(const strided_view<const T>& v, const I* idx, std::size_t count, const shape_t& ishape, std::size_t a,
               const char* fn) {
    const std::size_t n = v.ndim();
    shape_t out(v.shape().begin(), v.shape().begin() + static_cast<std::ptrdiff_t>(a));
    for (const std::size_t e : ishape) out.push_back(e);
    for (std::size_t k = a + 1; k < n; ++k) out.push_back(v.shape()[k]);
    array<T> res = uninitialized<T>(out);
    if (res.size() == 0) {  // the indices checked all the same
        for (std::size_t j = 0; j < count; ++j) wrapped(idx[j], static_cast<std::ptrdiff_t>(v.shape()[a]), a, fn);
        return res;
    }
    const shape_t post(v.shape().begin() + static_cast<std::ptrdiff_t>(a) + 1, v.shape().end());
    const strides_t pst(v.strides().begin() + static_cast<std::ptrdiff_t>(a) + 1, v.strides().end());
    const std::size_t inner = size_of(post);
    std::size_t outer = 1;
    for (std::size_t k = 0; k < a; ++k) outer *= v.shape()[k];
    const bool run = is_contiguous(post, pst);
    const std::ptrdiff_t sa = v.strides()[a], extent = static_cast<std::ptrdiff_t>(v.shape()[a]);
    small_vector<std::size_t, 8> o(a, 0);  // the position over the leading axes
    T* dst = res.data();
    for (std::size_t m = 0; m < outer; ++m) {
        const T* base = v.data();
        for (std::size_t k = 0; k < a; ++k) base += static_cast<std::ptrdiff_t>(o[k]) * v.strides()[k];
        if (inner == 1) {
            for (std::size_t j = 0; j < count; ++j) *dst++ = base[wrapped(idx[j], extent, a, fn) * sa];
        } else if (run) {
            // rows of a few cache lines or less: copies of a size known when compiling (inlined),
            // not a call to memcpy per row
            const auto rows_of = [&]<std::size_t B>(std::integral_constant<std::size_t, B>) {
                for (std::size_t j = 0; j < count; ++j, dst += inner)
                    std::memcpy(static_cast<void*>(dst), base + wrapped(idx[j], extent, a, fn) * sa, B);
            };
            switch (inner * sizeof(T)) {
                case 16: rows_of(std::integral_constant<std::size_t, 16>{}); break;
                case 32: rows_of(std::integral_constant<std::size_t, 32>{}); break;
                case 64: rows_of(std::integral_constant<std::size_t, 64>{}); break;
                case 128: rows_of(std::integral_constant<std::size_t, 128>{}); break;
                default:
                    for (std::size_t j = 0; j < count; ++j, dst += inner)
                        std::memcpy(static_cast<void*>(dst), base + wrapped(idx[j], extent, a, fn) * sa, inner * sizeof(T));
            }
        } else {
            for (std::size_t j = 0; j < count; ++j)
                dst = copy_block(base + wrapped(idx[j], extent, a, fn) * sa, post.data(), pst.data(), post.size(), dst);
        }
        for (std::size_t k = a; k-- > 0;) {
            if (++o[k] < v.shape()[k]) break;
            o[k] = 0;
        }
    }
    return res;
}

template <class X, class I>
auto take_of(const X& x, const I& indices, std::optional<std::ptrdiff_t> axis) {
    const auto v = source_view(x);
    using T = typename decltype(v)::value_type;
    const auto idx = index_memory(indices);
    const shape_t ishape = indices.shape();
    if (!axis) {  // NumPy's: over x flattened in C order
        const auto xf = flat_source(v);
        return taken(xf.view, idx.view.data(), idx.view.size(), ishape, 0, "take");
    }
    if (v.ndim() == 0) throw index_error("loom::take: x has shape (); it needs one axis or more");
    const std::size_t a = normalize_axis(*axis, v.ndim(), "take");
    return taken(strided_view<const T>(v), idx.view.data(), idx.view.size(), ishape, a, "take");
}

}  // namespace detail

//! The slices of `x` along `axis` at the given indices, as a new array (Array
//! API `take`, NumPy `np.take`): its shape is x's with that axis replaced by the
//! indices' shape. Indices of any integer type; negative ones count from the end;
//! one out of range throws index_error naming it and the axis, before anything
//! is written. Without an axis, over `x` flattened in C order.
//!   loom::array<double> m = {{1, 2}, {3, 4}, {5, 6}};
//!   loom::take(m, loom::array<int>{2, 0}, 0);   // {{5, 6}, {1, 2}}
template <expression X, index_operand I>
auto take(const X& x, const I& indices) {
    return detail::take_of(x, indices, std::nullopt);
}
template <expression X, index_operand I>
auto take(const X& x, const I& indices, std::ptrdiff_t axis) {
    return detail::take_of(x, indices, axis);
}

//! The elements of `x` at `indices` along `axis` (Array API `take_along_axis`,
//! NumPy `np.take_along_axis`): `x` and `indices` have one rank and broadcast
//! against each other on the other axes; the result has the broadcast shape
//! with the indices' extent along `axis`. Pairs with argsort: `take_along_axis(x, argsort(x, 1), 1)`.
template <expression X, index_operand I>
auto take_along_axis(const X& x, const I& indices, std::ptrdiff_t axis = -1) {
    const auto v = detail::source_view(x);
    using T = typename decltype(v)::value_type;
    const auto iv = detail::source_view(indices);
    const std::size_t n = v.ndim();
    if (iv.ndim() != n)
        throw std::invalid_argument("loom::take_along_axis: indices have shape " + to_string(iv.shape()) +
                                    " and x shape " + to_string(v.shape()) + ": they need one rank");
    if (n == 0) throw index_error("loom::take_along_axis: x has shape (); it needs one axis or more");
    const std::size_t a = detail::normalize_axis(axis, n, "take_along_axis");
    shape_t out(n, 0);
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t xe = v.shape()[k], ie = iv.shape()[k];
        if (k == a) out[k] = ie;
        else if (xe == ie || ie == 1) out[k] = xe;
        else if (xe == 1) out[k] = ie;
        else
            throw broadcast_error("take_along_axis: cannot broadcast indices of shape " + to_string(iv.shape()) +
                                  " with x of shape " + to_string(v.shape()) + ": axis " + std::to_string(k) +
                                  " has " + std::to_string(ie) + " and " + std::to_string(xe));
    }
    const shape_t& ishape = iv.shape();
    const auto idx = detail::index_memory(iv);
    const auto* ip = idx.view.data();
    const auto extent = static_cast<std::ptrdiff_t>(v.shape()[a]);
    array<T> res = detail::uninitialized<T>(out);
    if (res.size() == 0) return res;
    const strides_t ic = c_strides(ishape);
    detail::small_vector<std::size_t, 8> pos(n, 0);
    for (T* dst = res.data(); dst != res.data() + res.size(); ++dst) {
        std::ptrdiff_t xo = 0, io = 0;
        for (std::size_t k = 0; k < n; ++k) {
            if (ishape[k] != 1) io += static_cast<std::ptrdiff_t>(pos[k]) * ic[k];
            if (k != a && v.shape()[k] != 1) xo += static_cast<std::ptrdiff_t>(pos[k]) * v.strides()[k];
        }
        *dst = v.data()[xo + detail::wrapped(ip[io], extent, a, "take_along_axis") * v.strides()[a]];
        for (std::size_t k = n; k-- > 0;) {
            if (++pos[k] < out[k]) break;
            pos[k] = 0;
        }
    }
    return res;
}

}  // namespace loom
