// loom/sort/sort.hpp: sort and argsort along an axis: stable, ascending or descending (loom::descending), NaN last.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../view/as_view.hpp"

namespace loom {

//! The option of sort and argsort that orders from largest to smallest, stably (equal
//! elements keep their order) and with NaN still last, as NumPy's `-np.sort(-x)` does not.
//!   auto d = loom::sort(x, -1, loom::descending);
struct descending_t {
    explicit constexpr descending_t() = default;
};
inline constexpr descending_t descending{};

namespace detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_sort_axis(const char* fn, std::ptrdiff_t axis,
                                                                   const shape_t& s) {
    throw index_error(std::string("loom::") + fn + ": axis " + std::to_string(axis) + " is out of range for shape " +
                      to_string(s) + " (rank " + std::to_string(s.size()) + ")");
}

inline std::size_t sort_axis(const char* fn, std::ptrdiff_t axis, const shape_t& s) {
    const auto r = static_cast<std::ptrdiff_t>(s.size());
    if (axis < -r || axis >= r) throw_sort_axis(fn, axis, s);
    return static_cast<std::size_t>(axis < 0 ? axis + r : axis);
}

// Complex numbers have no order: sort, argsort and the unique functions refuse them
// (at compile time, with this message) before instantiating anything for them.
template <class T>
constexpr bool orders() {
    static_assert(!is_complex_v<T>,
                  "loom: sort, argsort, searchsorted and the unique functions order elements, and complex numbers "
                  "have no order: sort loom::real(x) or loom::abs(x) instead");
    return !is_complex_v<T>;
}

// The unsigned integer of T's size: the keys the sorts compare.
template <class T>
using sort_key_t = std::conditional_t<
    sizeof(T) == 1, std::uint8_t,
    std::conditional_t<sizeof(T) == 2, std::uint16_t, std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

// An unsigned key whose order is the sort's: keys of equal elements are equal (-0.0 and
// 0.0 too, so a stable sort keeps their order), every NaN has the largest key (last, in
// both orders), and Desc reverses the order of everything else.
template <class T, bool Desc>
inline sort_key_t<T> sort_key(T v) noexcept {
    using K = sort_key_t<T>;
    constexpr K top = static_cast<K>(K(1) << (8 * sizeof(K) - 1));
    K k;
    if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) {
        k = static_cast<K>(v);
    } else if constexpr (std::is_integral_v<T>) {
        k = static_cast<K>(static_cast<K>(v) ^ top);
    } else {
        // + 0 turns -0.0 into 0.0; negative numbers have every bit flipped, others the sign bit
        const K b = std::bit_cast<K>(static_cast<T>(v + T(0)));
        const K neg = static_cast<K>(static_cast<std::make_signed_t<K>>(b) >> (8 * sizeof(K) - 1));
        k = static_cast<K>(b ^ (neg | top));
        if constexpr (Desc) k = static_cast<K>(~k);
        return v != v ? static_cast<K>(~K(0)) : k;
    }
    if constexpr (Desc) k = static_cast<K>(~k);
    return k;
}

// What the lane sorts move: the elements themselves (sort), or an element's key with its
// position in the lane (argsort).
template <class K>
struct keyed {
    K key;
    std::int64_t index;
};

template <class T, bool Desc>
struct by_value {
    auto operator()(const T& v) const noexcept { return sort_key<T, Desc>(v); }
};
struct by_key {
    template <class K>
    K operator()(const keyed<K>& r) const noexcept { return r.key; }
};

// Stable insertion sort of a[0, n) by key.
template <class Item, class Key>
void insertion_sort(Item* a, std::size_t n, Key key) {
    for (std::size_t i = 1; i < n; ++i) {
        const Item v = a[i];
        const auto k = key(v);
        std::size_t j = i;
        for (; j > 0 && k < key(a[j - 1]); --j) a[j] = a[j - 1];
        a[j] = v;
    }
}

// Stable merge sort of a[0, n) by key, tmp holding n more: insertion-sorted runs of 16,
// merged bottom-up from a to tmp and back; the result ends in a.
template <class Item, class Key>
void merge_sort(Item* a, Item* tmp, std::size_t n, Key key) {
    constexpr std::size_t run = 16;
    for (std::size_t i = 0; i < n; i += run) insertion_sort(a + i, std::min(run, n - i), key);
    Item *from = a, *to = tmp;
    for (std::size_t w = run; w < n; w *= 2) {
        for (std::size_t lo = 0; lo < n; lo += 2 * w) {
            const std::size_t mid = std::min(lo + w, n), hi = std::min(lo + 2 * w, n);
            std::size_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi) to[o++] = key(from[j]) < key(from[i]) ? from[j++] : from[i++];
            while (i < mid) to[o++] = from[i++];
            while (j < hi) to[o++] = from[j++];
        }
        std::swap(from, to);
    }
    if (from != a) std::memcpy(static_cast<void*>(a), from, n * sizeof(Item));
}

// Stable least-significant-digit radix sort by key, a byte a pass, of the n items at src
// into dst (src itself, or memory of n more), tmp holding n more; src is only read when
// it is not dst. Bytes where every key agrees cost no pass.
template <class Item, class Key>
void radix_sort(const Item* src, Item* dst, Item* tmp, std::size_t n, Key key) {
    using K = decltype(key(*src));
    constexpr std::size_t digits = sizeof(K), bits = 8;  // 11-bit digits (fewer passes) measured no faster
    constexpr K mask = 0xff;
    std::array<std::array<std::size_t, 256>, digits> count{};
    for (std::size_t i = 0; i < n; ++i) {
        const K k = key(src[i]);
        for (std::size_t d = 0; d < digits; ++d) ++count[d][(k >> (bits * d)) & mask];
    }
    const K first = key(src[0]);
    std::size_t passes = 0;
    for (std::size_t d = 0; d < digits; ++d) passes += count[d][(first >> (bits * d)) & mask] != n;
    // the targets alternate so that the last pass writes dst; in place the first pass
    // writes tmp (it cannot read and write dst), and an odd count ends there, then copied
    Item* to = src != dst && passes % 2 == 1 ? dst : tmp;
    const Item* from = src;
    for (std::size_t d = 0; d < digits; ++d) {
        auto& c = count[d];
        if (c[(first >> (bits * d)) & mask] == n) continue;  // one value of this digit: nothing moves
        std::size_t sum = 0;
        for (auto& x : c) sum += std::exchange(x, sum);
        for (std::size_t i = 0; i < n; ++i) {
            const Item v = from[i];
            to[c[(key(v) >> (bits * d)) & mask]++] = v;
        }
        from = to;
        to = to == dst ? tmp : dst;
    }
    if (from != dst) std::memcpy(static_cast<void*>(dst), from, n * sizeof(Item));
}

// Below this many items a merge sort beats the radix sort's 256 counters a byte.
inline constexpr std::size_t radix_from = 64;

// Sorts the n items at src into dst (src itself, or n more), stably by key; tmp holds n.
template <class Item, class Key>
void stable_sort_items(const Item* src, Item* dst, Item* tmp, std::size_t n, Key key) {
    if (n >= radix_from) return radix_sort(src, dst, tmp, n, key);
    if (src != dst) std::memcpy(static_cast<void*>(dst), src, n * sizeof(Item));
    if (n <= 16) insertion_sort(dst, n, key);
    else merge_sort(dst, tmp, n, key);
}

// Sorts the n contiguous elements at src into dst (src itself, or n more), stably; tmp holds n.
template <class T, bool Desc>
void sort_lane(const T* src, T* dst, T* tmp, std::size_t n) {
    if constexpr (sizeof(T) == 1) {
        if (n >= 64) {  // 1-byte keys: counted, then written out in key order (equal keys are equal elements)
            std::array<std::size_t, 256> count{};
            std::array<T, 256> of_key{};
            for (std::size_t i = 0; i < n; ++i) ++count[sort_key<T, Desc>(src[i])];
            for (unsigned v = 0; v < (std::is_same_v<T, bool> ? 2u : 256u); ++v) {
                const T t = static_cast<T>(v);
                of_key[sort_key<T, Desc>(t)] = t;
            }
            T* out = dst;
            for (std::size_t k = 0; k < 256; ++k)
                for (std::size_t c = count[k]; c > 0; --c) *out++ = of_key[k];
            return;
        }
    }
    stable_sort_items(src, dst, tmp, n, by_value<T, Desc>{});
}

// Calls f(a, b) for every lane along `axis` of shape s: a and b are the offsets of its first
// element in two layouts of s (strides sa and sb, in elements); lanes in C order of the other axes.
template <class F>
void for_each_lane(const shape_t& s, const strides_t& sa, const strides_t& sb, std::size_t axis, F&& f) {
    const std::size_t n = s.size();
    if (size_of(s) == 0) return;
    shape_t idx(n, 0);
    std::ptrdiff_t a = 0, b = 0;
    for (;;) {
        f(a, b);
        std::size_t d = n;
        for (;;) {
            if (d == 0) return;
            --d;
            if (d == axis) continue;
            if (++idx[d] < s[d]) {
                a += sa[d];
                b += sb[d];
                break;
            }
            const auto back = static_cast<std::ptrdiff_t>(idx[d] - 1);
            a -= back * sa[d];
            b -= back * sb[d];
            idx[d] = 0;
        }
    }
}

// f(data, shape, strides) over x's elements: x's own memory for an array or view, an
// array x is evaluated into (once) for an expression.
template <class X, class F>
decltype(auto) with_elements(const X& x, F&& f) {
    if constexpr (memory_leaf<X>) {
        return with_memory(x, f);
    } else {
        const array<typename X::value_type> a(x);
        return f(a.data(), a.shape(), a.strides());
    }
}

template <bool Desc, class X>
auto sort_of(const X& x, std::ptrdiff_t axis) {
    using T = typename X::value_type;
    const shape_t s = x.shape();
    const std::size_t ax = sort_axis("sort", axis, s);
    const std::size_t n = size_of(s), len = s[ax];
    buffer<T> out(n);
    if (n > 0) {
        const strides_t ost = c_strides(s);
        with_elements(x, [&](const T* data, const shape_t&, const strides_t& st) {
            const std::ptrdiff_t step = st[ax], ostep = ost[ax];
            const bool contiguous = step == 1 || len == 1, out_contiguous = ostep == 1 || len == 1;
            buffer<T> tmp(len);
            if (contiguous && out_contiguous) {
                for_each_lane(s, st, ost, ax, [&](std::ptrdiff_t off, std::ptrdiff_t ooff) {
                    sort_lane<T, Desc>(data + off, out.data() + ooff, tmp.data(), len);
                });
                return;
            }
            // strided lanes: copied into contiguous ones (and written back from them) a group
            // at a time, so that neighbouring lanes share the cache lines read and written
            constexpr std::size_t group = 16;
            buffer<T> lanes(group * len);
            std::ptrdiff_t offs[group], ooffs[group];
            std::size_t k = 0;
            const auto flush = [&] {
                T* l = lanes.data();
                for (std::size_t i = 0; i < len; ++i)
                    for (std::size_t b = 0; b < k; ++b) l[b * len + i] = data[offs[b] + static_cast<std::ptrdiff_t>(i) * step];
                for (std::size_t b = 0; b < k; ++b) {
                    T* q = out.data() + ooffs[b];
                    sort_lane<T, Desc>(l + b * len, out_contiguous ? q : l + b * len, tmp.data(), len);
                }
                if (!out_contiguous)
                    for (std::size_t i = 0; i < len; ++i)
                        for (std::size_t b = 0; b < k; ++b)
                            out.data()[ooffs[b] + static_cast<std::ptrdiff_t>(i) * ostep] = l[b * len + i];
                k = 0;
            };
            for_each_lane(s, st, ost, ax, [&](std::ptrdiff_t off, std::ptrdiff_t ooff) {
                offs[k] = off;
                ooffs[k] = ooff;
                if (++k == group) flush();
            });
            if (k > 0) flush();
        });
    }
    array<T> r;
    value_access::adopt(r, std::move(out), s);
    return r;
}

template <bool Desc, class X>
array<std::int64_t> argsort_of(const X& x, std::ptrdiff_t axis) {
    using T = typename X::value_type;
    using K = sort_key_t<T>;
    const shape_t s = x.shape();
    const std::size_t ax = sort_axis("argsort", axis, s);
    const std::size_t n = size_of(s), len = s[ax];
    buffer<std::int64_t> out(n);
    const strides_t ost = c_strides(s);
    if (n > 0) {
        buffer<keyed<K>> items(len), tmp(len);
        with_elements(x, [&](const auto* data, const shape_t&, const strides_t& st) {
            const std::ptrdiff_t step = st[ax], ostep = ost[ax];
            // the lanes of x and of the result in step: both walked in C order of the other axes
            for_each_lane(s, st, ost, ax, [&](std::ptrdiff_t off, std::ptrdiff_t ooff) {
                const auto* p = data + off;
                keyed<K>* it = items.data();
                for (std::size_t i = 0; i < len; ++i)
                    it[i] = {sort_key<T, Desc>(p[static_cast<std::ptrdiff_t>(i) * step]), static_cast<std::int64_t>(i)};
                stable_sort_items(it, it, tmp.data(), len, by_key{});
                std::int64_t* q = out.data() + ooff;
                for (std::size_t i = 0; i < len; ++i) q[static_cast<std::ptrdiff_t>(i) * ostep] = it[i].index;
            });
        });
    }
    array<std::int64_t> r;
    value_access::adopt(r, std::move(out), s);
    return r;
}

}  // namespace detail

//! The elements of `x` (an array, view or expression, evaluated once) sorted along `axis`
//! (negative counts from the end; index_error when out of range), ascending and stable,
//! NaN last: an array of x's shape and element type.
//!   loom::sort(loom::array<double>{3, NAN, -1, 2});   // {-1, 2, 3, nan}
template <expression X>
auto sort(const X& x, std::ptrdiff_t axis = -1) {
    if constexpr (detail::orders<typename X::value_type>()) return detail::sort_of<false>(x, axis);
}
//! sort(x, axis, loom::descending): largest first, stable (equal elements keep their order), NaN last.
//!   loom::sort(m, 0, loom::descending);
template <expression X>
auto sort(const X& x, std::ptrdiff_t axis, descending_t) {
    if constexpr (detail::orders<typename X::value_type>()) return detail::sort_of<true>(x, axis);
}
//! sort(x, loom::descending): along the last axis.
template <expression X>
auto sort(const X& x, descending_t) {
    if constexpr (detail::orders<typename X::value_type>()) return detail::sort_of<true>(x, -1);
}

//! The positions along `axis` that sort `x` stably (ties in the order of x, NaN last): an
//! array<std::int64_t> of x's shape; `take_along_axis(x, argsort(x, a), a)` is `sort(x, a)`.
//!   loom::argsort(loom::array<int>{30, 10, 20});   // {1, 2, 0}
template <expression X>
auto argsort(const X& x, std::ptrdiff_t axis = -1) {
    if constexpr (detail::orders<typename X::value_type>()) return detail::argsort_of<false>(x, axis);
}
//! argsort(x, axis, loom::descending): the positions of the largest first, ties in the order of x, NaN last.
//!   loom::argsort(loom::array<int>{1, 3, 1, 3}, -1, loom::descending);   // {1, 3, 0, 2}
template <expression X>
auto argsort(const X& x, std::ptrdiff_t axis, descending_t) {
    if constexpr (detail::orders<typename X::value_type>()) return detail::argsort_of<true>(x, axis);
}
//! argsort(x, loom::descending): along the last axis.
template <expression X>
auto argsort(const X& x, descending_t) {
    if constexpr (detail::orders<typename X::value_type>()) return detail::argsort_of<true>(x, -1);
}

}  // namespace loom
