// loom/select/mask.hpp: loom::mask(x, m), NumPy's x[m]: the elements where a bool mask is true, read as a rank-1 operand or assigned.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../eval/alias.hpp"
#include "../eval/walk.hpp"
#include "../expr/node.hpp"
#include "../manipulation/concat.hpp"
#include "../view/as_view.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"

namespace loom {

namespace detail {

// f(x element, mask element) over two views of one shape, in C order, until f returns false.
template <class T, class F>
void each_masked(T* x, const strides_t& xs, const bool* m, const strides_t& ms, const shape_t& s, F&& f) {
    const std::size_t n = s.size();
    if (size_of(s) == 0) return;
    if (n == 0) {
        f(*x, *m);
        return;
    }
    const std::size_t last = s[n - 1];
    const std::ptrdiff_t xl = xs[n - 1], ml = ms[n - 1];
    small_vector<std::size_t, 8> pos(n, 0);
    for (;;) {
        for (std::size_t i = 0; i < last; ++i) f(x[static_cast<std::ptrdiff_t>(i) * xl], m[static_cast<std::ptrdiff_t>(i) * ml]);
        std::size_t k = n - 1;
        for (;;) {
            if (k == 0) return;
            --k;
            x += xs[k], m += ms[k];
            if (++pos[k] < s[k]) break;
            x -= xs[k] * static_cast<std::ptrdiff_t>(s[k]);
            m -= ms[k] * static_cast<std::ptrdiff_t>(s[k]);
            pos[k] = 0;
        }
    }
}

// Whether any of the eight (the 32) bools at m is true.
inline bool any_of8(const bool* m) {
    std::uint64_t w;
    std::memcpy(&w, m, sizeof w);
    return w != 0;
}
inline bool any_of32(const bool* m) {
    std::uint64_t w[4];
    std::memcpy(w, m, sizeof w);
    return (w[0] | w[1] | w[2] | w[3]) != 0;
}

// f(i) for each i in [i0, n) where m[i] may be true, in order, a group of eight at a time:
// groups of 32 and of 8 bools none of which is true are skipped (sparse masks);
// returns where the groups end (the rest, fewer than 8, is the caller's).
// f(i) returns false to stop (then so does this, at i).
template <class F>
std::size_t each_group8(const bool* m, std::size_t i, std::size_t n, F&& f) {
    for (; i + 32 <= n; i += 32) {
        if (!any_of32(m + i)) continue;
        for (std::size_t g = 0; g < 32; g += 8)
            if (any_of8(m + i + g) && !f(i + g)) return i + g;
    }
    for (; i + 8 <= n; i += 8)
        if (any_of8(m + i) && !f(i)) return i;
    return i;
}

inline std::size_t count_true(const bool* m, const strides_t& ms, const shape_t& s) {
    std::size_t c = 0;
    if (is_contiguous(s, ms)) {
        const std::size_t n = size_of(s);
        std::size_t i = 0;
        // eight bools a word, added bytewise for up to 255 words (no byte lane overflows), then the
        // lanes summed: a vectorizable loop where a byte at a time is not
        constexpr std::uint64_t low_bytes = 0x00FF00FF00FF00FFull;
        while (i + 8 <= n) {
            const std::size_t words = std::min<std::size_t>((n - i) / 8, 255);
            std::uint64_t acc = 0;
            for (std::size_t w = 0; w < words; ++w, i += 8) {
                std::uint64_t v;
                std::memcpy(&v, m + i, sizeof v);
                acc += v;
            }
            const std::uint64_t pairs = (acc & low_bytes) + ((acc >> 8) & low_bytes);  // four 16-bit lanes
            c += static_cast<std::size_t>((pairs * 0x0001000100010001ull) >> 48);
        }
        for (; i < n; ++i) c += m[i];
    } else {
        each_masked(m, ms, m, ms, s, [&](bool, bool b) { c += b; });
    }
    return c;
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_mask_changed(std::size_t was, std::size_t is) {
    throw std::logic_error("loom::mask: the mask selected " + std::to_string(was) + " elements when mask() was called and " +
                           std::to_string(is) + " now; make a new loom::mask after changing it");
}

}  // namespace detail

//! The elements of an operand where a bool mask is true, in C order: what
//! loom::mask(x, m) returns. It reads as a rank-1 operand of `count()`
//! elements (gathered once per assignment that reads it) and, when `x` is
//! writable, assigns to those elements of `x`.
template <class V, class M>
class masked : public expression_base<masked<V, M>> {
    using T = std::remove_pointer_t<decltype(std::declval<const V&>().data())>;

public:
    using value_type = std::remove_const_t<T>;
    static constexpr bool writable = !std::is_const_v<T>;

    masked(V x, M m) : x_(std::move(x)), m_(std::move(m)) {
        count_ = detail::count_true(m_.data(), m_.strides(), m_.shape());
    }
    masked(const masked&) = default;

    //! How many elements the mask selects.
    std::size_t count() const noexcept { return count_; }
    shape_t shape() const { return shape_t{count_}; }
    std::size_t ndim() const noexcept { return 1; }
    std::size_t size() const noexcept { return count_; }

    //! x[m] = v: `v` a number or an operand that broadcasts to (count()) (the
    //! in-place rule of view assignment); broadcast_error and nothing written otherwise.
    masked& operator=(const masked& v)
        requires writable
    {
        return scatter(evaluated(v));
    }
    template <operand X>
        requires writable
    masked& operator=(X&& v) {
        if constexpr (scalar_value<std::remove_cvref_t<X>>) return fill(v);
        else return scatter(evaluated(v));
    }
    template <operand X> requires writable masked& operator+=(X&& v) { return compound<ops::add>(v); }
    template <operand X> requires writable masked& operator-=(X&& v) { return compound<ops::subtract>(v); }
    template <operand X> requires writable masked& operator*=(X&& v) { return compound<ops::multiply>(v); }
    template <operand X> requires writable masked& operator/=(X&& v) { return compound<ops::divide>(v); }

    // The selected values, in C order, into count() elements at `out`; logic_error if the
    // mask no longer selects count() elements. The mask is read once.
    void write_into(value_type* out) const {
        const bool* m = m_.data();
        std::size_t k = 0;
        bool more = false;  // a true past the count-th
        if (is_contiguous(x_.shape(), x_.strides()) && is_contiguous(m_.shape(), m_.strides())) {
            const T* x = x_.data();
            const std::size_t n = x_.size();
            // eight mask bytes at a time, those with none set skipped (sparse masks), while
            // eight more stores stay within the count
            std::size_t i = detail::each_group8(m, 0, n, [&](std::size_t g) {
                if (k + 8 > count_) return false;
                for (std::size_t j = 0; j < 8; ++j) {
                    out[k] = x[g + j];
                    k += m[g + j];
                }
                return true;
            });
            for (; i < n && k < count_; ++i) {  // branch-free: every element stored, the selected kept
                out[k] = x[i];
                k += m[i];
            }
            i = detail::each_group8(m, i, n, [](std::size_t) { return false; });  // stops at a group with one set
            if (i + 8 <= n) more = true;  // stopped at a group with one set
            for (; i < n && !more; ++i) more = m[i];
        } else {
            detail::each_masked(x_.data(), x_.strides(), m, m_.strides(), x_.shape(), [&](const T& x, bool s) {
                if (!s) return;
                if (k < count_) out[k++] = x;
                else more = true;
            });
        }
        if (k != count_ || more) detail::throw_mask_changed(count_, detail::count_true(m, m_.strides(), m_.shape()));
    }
    // Whether the node reads any of the `bytes` bytes at p (an assignment's target).
    bool reads_memory(const void* p, std::size_t bytes) const {
        const auto* lo = static_cast<const std::byte*>(p);
        const auto overlaps = [&](const auto* data, std::size_t elem, const shape_t& s, const strides_t& st) {
            return detail::span_meets(reinterpret_cast<const std::byte*>(data), elem, s, st, lo, bytes);
        };
        return overlaps(x_.data(), sizeof(T), x_.shape(), x_.strides()) || overlaps(m_.data(), 1, m_.shape(), m_.strides());
    }

private:
    // v as count_ elements of value_type, by the rules (and errors) of view assignment
    template <class X>
    array<value_type> evaluated(const X& v) const {
        array<value_type> tmp = detail::uninitialized<value_type>(shape_t{count_});
        strided_view<value_type>(tmp.data(), tmp.shape(), tmp.strides()) = v;
        return tmp;
    }
    template <class X>
    masked& fill(const X& v) {
        value_type one{};
        strided_view<value_type>(&one, shape_t{}, strides_t{}) = v;  // the number converted as view assignment does
        if (is_contiguous(x_.shape(), x_.strides()) && is_contiguous(m_.shape(), m_.strides())) {
            T* x = x_.data();
            const bool* m = m_.data();
            const std::size_t n = x_.size();
            std::size_t i = detail::each_group8(m, 0, n, [&](std::size_t g) {
                for (std::size_t j = 0; j < 8; ++j) x[g + j] = m[g + j] ? one : x[g + j];
                return true;
            });
            for (; i < n; ++i) x[i] = m[i] ? one : x[i];
        } else {
            detail::each_masked(x_.data(), x_.strides(), m_.data(), m_.strides(), x_.shape(), [&](T& x, bool s) {
                if (s) x = one;
            });
        }
        return *this;
    }
    masked& scatter(const array<value_type>& v) {
        const value_type* src = v.data();
        const std::size_t total = count_;
        std::size_t k = 0;
        if (is_contiguous(x_.shape(), x_.strides()) && is_contiguous(m_.shape(), m_.strides())) {
            T* x = x_.data();
            const bool* m = m_.data();
            const std::size_t n = x_.size();
            std::size_t i = detail::each_group8(m, 0, n, [&](std::size_t g) {
                for (std::size_t j = 0; j < 8; ++j)
                    if (m[g + j] && k < total) x[g + j] = src[k++];
                return true;
            });
            for (; i < n; ++i)
                if (m[i] && k < total) x[i] = src[k++];
            return *this;
        }
        detail::each_masked(x_.data(), x_.strides(), m_.data(), m_.strides(), x_.shape(), [&](T& x, bool s) {
            if (s && k < total) x = src[k++];
        });
        return *this;
    }
    template <class Op, class X>
    masked& compound(const X& v) {
        array<value_type> cur = detail::uninitialized<value_type>(shape_t{count_});
        write_into(cur.data());
        strided_view<value_type> w(cur.data(), cur.shape(), cur.strides());
        detail::compound_assign<Op>(w, v);
        return scatter(cur);
    }

    V x_;
    M m_;
    std::size_t count_ = 0;
};

namespace detail {

template <class V, class M>
struct walker<masked<V, M>> : leaf_reads<typename masked<V, M>::value_type> {
    static void shape_into(const masked<V, M>& e, shape_t& acc) { broadcast_into(acc, shape_t{e.count()}); }
    static constexpr std::size_t slots = 1;
    // The selected values, gathered into the assignment's slot (once per assignment).
    static void collect(const masked<V, M>& e, leaf_desc* out, prepare_ctx& p) {
        using T = typename masked<V, M>::value_type;
        prepared& s = p.take();
        e.write_into(s.template hold<T>(shape_t{e.count()}));
        *out = {s.values.data(), sizeof(T), &s.shape, &s.strides};
    }
};

}  // namespace detail

//! The elements of `x` where the bool operand `m` (broadcast to x's shape) is
//! true, in C order: NumPy's `x[m]`. Read, it is a rank-1 operand of `count()`
//! elements; assigned, it writes those elements of `x` (NumPy's `x[m] = v`),
//! `v` a number or a rank-1 operand of the count (broadcast_error and nothing
//! written otherwise); `+= -= *= /=` too. `m` that does not broadcast to x's
//! shape throws broadcast_error.
//!   loom::array<double> sel = loom::mask(x, x > 0);   // the positive elements
//!   loom::mask(x, x < 0) = 0.0;                        // clip negatives in place
template <class X, class Mk>
    requires view_source<X&&> && view_source<Mk&&>
auto mask(X&& x, Mk&& m) {
    static_assert(std::is_same_v<typename std::remove_cvref_t<Mk>::value_type, bool>,
                  "loom::mask(x, m): m must have bool elements (a comparison such as x > 0, or an array<bool>); "
                  "for indices use loom::take");
    auto xv = detail::view_of(std::forward<X>(x), [](auto& v) { return detail::as_view(v); });
    const shape_t s = xv.shape();
    auto mv = detail::view_of(std::forward<Mk>(m), [&](auto& v) { return detail::stretch(detail::as_const_view(v), s); });
    return masked<decltype(xv), decltype(mv)>(std::move(xv), std::move(mv));
}

}  // namespace loom
