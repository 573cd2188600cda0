// loom/eval/loops/gathered.hpp: the gathered strategy: strided leaves or target, gathered into chunks and scattered back around the splatted rows.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "../../simd/simd.hpp"
#include "../kernel_traits.hpp"
#include "../rows.hpp"
#include "../walk.hpp"
#include "splatted.hpp"

namespace loom::detail {

// dst <- m elements of `bytes` bytes from src, `step` bytes apart: each
// element copied by a copy of known size. Out of line: one copy for every
// expression.
[[gnu::noinline]] inline void gather(std::byte* dst, const std::byte* src, std::ptrdiff_t step, std::size_t bytes, std::size_t m) {
    const auto copy = [&]<std::size_t B>(std::integral_constant<std::size_t, B>) {
        for (std::size_t j = 0; j < m; ++j, src += step) std::memcpy(dst + j * B, src, B);
    };
    switch (bytes) {
    case 1: return copy(std::integral_constant<std::size_t, 1>{});
    case 2: return copy(std::integral_constant<std::size_t, 2>{});
    case 4: return copy(std::integral_constant<std::size_t, 4>{});
    case 8: return copy(std::integral_constant<std::size_t, 8>{});
    default: return copy(std::integral_constant<std::size_t, 16>{});  // complex<double>
    }
}

// The channels of an interleaved buffer: for the leaf k that reads channel
// 0 of groups of c elements (c = 2, 3 or 4; step c elements), whose other
// channels are leaves too (base + i elements), c[k] = c and group[k][i] the
// leaf of channel i; c[k] = 0 for every other leaf. Such leaves are gathered
// by one loop over the groups, which compilers vectorize (an RGB image's
// three channel views), where one loop per leaf stays scalar.
template <std::size_t slots>
struct channels {
    std::size_t c[slots] = {};
    std::size_t group[slots][4] = {};
    bool in_group[slots] = {};
};
template <std::size_t L, std::size_t slots>
channels<slots> find_channels(const std::byte* const* ptr, const std::ptrdiff_t* elem, const std::ptrdiff_t* step) {
    channels<slots> g;
    for (std::size_t k = 0; k < L; ++k) {
        const std::ptrdiff_t b = elem[k], st = step[k];
        if (g.in_group[k] || b > 8 || st <= b || st % b != 0 || st / b > 4) continue;  // (b > 8: complex<double>)
        const auto c = static_cast<std::size_t>(st / b);
        std::size_t found = 1;
        g.group[k][0] = k;
        for (std::size_t i = 1; i < c; ++i) {
            for (std::size_t j = 0; j < L; ++j) {
                if (j == k || g.in_group[j] || elem[j] != b || step[j] != st) continue;
                if (ptr[j] != ptr[k] + static_cast<std::ptrdiff_t>(i) * b) continue;
                g.group[k][i] = j;
                ++found;
                break;
            }
        }
        if (found != c) continue;
        g.c[k] = c;
        for (std::size_t i = 0; i < c; ++i) g.in_group[g.group[k][i]] = true;
    }
    return g;
}
// dst[i] <- channel i of m groups of c elements of B bytes from src.
template <std::size_t B, std::size_t C>
void split(std::byte* const* dst, const std::byte* src, std::size_t m) {
    using U [[gnu::may_alias]] = simd::int_of<B, false>;
    const U* __restrict in = reinterpret_cast<const U*>(src);
    U* __restrict d0 = reinterpret_cast<U*>(dst[0]);
    U* __restrict d1 = reinterpret_cast<U*>(dst[1]);
    U* __restrict d2 = reinterpret_cast<U*>(dst[C > 2 ? 2 : 0]);
    U* __restrict d3 = reinterpret_cast<U*>(dst[C > 3 ? 3 : 0]);
    for (std::size_t j = 0; j < m; ++j) {
        d0[j] = in[C * j];
        d1[j] = in[C * j + 1];
        if constexpr (C > 2) d2[j] = in[C * j + 2];
        if constexpr (C > 3) d3[j] = in[C * j + 3];
    }
}
[[gnu::noinline]] inline void split(std::byte* const* dst, const std::byte* src, std::size_t bytes, std::size_t c,
                                    std::size_t m) {
    const auto by = [&]<std::size_t B>(std::integral_constant<std::size_t, B>) {
        if (c == 2) split<B, 2>(dst, src, m);
        else if (c == 3) split<B, 3>(dst, src, m);
        else split<B, 4>(dst, src, m);
    };
    switch (bytes) {
    case 1: return by(std::integral_constant<std::size_t, 1>{});
    case 2: return by(std::integral_constant<std::size_t, 2>{});
    case 4: return by(std::integral_constant<std::size_t, 4>{});
    default: return by(std::integral_constant<std::size_t, 8>{});
    }
}

// One row with strided leaves or target, a chunk at a time.
template <class T, class E>
struct gathered_rows : kernel_traits<T, E> {
    using Tr = kernel_traits<T, E>;
    using Tr::chunk;
    using Tr::elem;
    using Tr::L;
    using Tr::slots;
    using typename Tr::row_state;

    // One row with strided leaves or target: gather, compute, scatter, chunk by chunk.
    [[gnu::noinline]] LOOM_HOT_LOOPS static void row_packed(const E& e, T* out, const std::byte* const* ptr, const row_state& s, std::size_t n) {
        alignas(64) std::byte buf[slots][chunk * Tr::widest];  // chunk elements of any leaf
        alignas(64) T obuf[chunk];
        const std::byte* at[slots] = {};  // each leaf's chunk: in place, or gathered into buf[k]
        const std::ptrdiff_t none[slots] = {};
        for (std::size_t k = 0; k < L; ++k) at[k] = ptr[k];
        const auto g = find_channels<L, slots>(ptr, elem.data(), s.step);
        for (std::size_t start = 0; start < n; start += chunk) {
            const std::size_t m = std::min(chunk, n - start);
            const auto st = static_cast<std::ptrdiff_t>(start);
            for (std::size_t k = 0; k < L; ++k) {
                if (s.step[k] == 0) continue;  // one value for the whole row
                if (s.step[k] == elem[k]) {
                    at[k] = ptr[k] + st * elem[k];
                    continue;
                }
                if (g.c[k]) {  // channel 0 of an interleaved group: every channel at once
                    std::byte* dst[4] = {};
                    for (std::size_t i = 0; i < g.c[k]; ++i) {
                        dst[i] = buf[g.group[k][i]];
                        at[g.group[k][i]] = buf[g.group[k][i]];
                    }
                    split(dst, ptr[k] + st * s.step[k], static_cast<std::size_t>(elem[k]), g.c[k], m);
                    continue;
                }
                if (g.in_group[k]) continue;  // gathered with its channel 0
                gather(buf[k], ptr[k] + st * s.step[k], s.step[k], static_cast<std::size_t>(elem[k]), m);
                at[k] = reinterpret_cast<const std::byte*>(buf[k]);
            }
            // one row of the general kind's rows: no copy of the row loop of its own
            splatted_rows<T, E>::rows_general(e, s.out_step == 1 ? out + start : obuf, 0, at, none, s.c, 1, m);
            if (s.out_step != 1) {
                T* o = out + st * s.out_step;
                for (std::size_t j = 0; j < m; ++j, o += s.out_step) *o = obuf[j];
            }
        }
    }
};

}  // namespace loom::detail
