// loom/eval/loops/streamed.hpp: non-temporal stores for any row kind: rows computed a chunk at a time into a buffer in L1, each chunk then streamed to the target.
#pragma once

#include <algorithm>
#include <cstddef>

#include "../../simd/simd.hpp"
#include "../rows.hpp"
#include "../streaming.hpp"

namespace loom::detail {

// out[0 .. n) <- buf[0 .. n): non-temporal stores from the first element
// aligned for them (stream_head) to the last whole batch, plain ones around.
template <class T>
void stream_copy(T* out, const T* buf, std::size_t n) {
    std::size_t i = 0;
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        if constexpr (simd::stream_align<T> != 0) {
            constexpr std::size_t W = simd::lanes<T>;
            for (const std::size_t head = stream_head(out, n); i < head; ++i) out[i] = buf[i];
            for (; i + W <= n; i += W) simd::stream(out + i, simd::load(buf + i));
        }
    }
#endif
    for (; i < n; ++i) out[i] = buf[i];
}

// m rows of n elements by `body` (an expression's flat or general rows,
// rows.hpp) as the rows of the row state s, but with non-temporal stores: the
// rows computed a chunk at a time into a buffer that stays in the caches
// (several short rows a call, a long row in pieces), then streamed to the
// target. Leaf k's piece of a row starts s.c[k].step_one bytes further per
// element (the step those rows take). Compiled once per element type and leaf
// count: no expression has a streamed copy of its loops. The caller fences
// (simd::stream_fence) after its last call.
template <class T, std::size_t L>
[[gnu::noinline]] void rows_streamed(rows_fn<T, L> body, const void* e, T* out, std::ptrdiff_t os,
                                     const std::byte* const* ptr, const std::ptrdiff_t* is, const row_state<T, L>& s,
                                     std::size_t m, std::size_t n) {
    constexpr std::size_t slots = L ? L : 1;
    constexpr std::size_t chunk = 8192 / sizeof(T);  // elements of the buffer: 8 KiB
    alignas(64) T buf[chunk];
    row_state<T, L> one = s;  // rows of one plane, into buf: no leaf reads it
    one.nt = false;
    one.disjoint = true;
    one.planes = 1;
    const std::byte* q[slots] = {};
    const std::size_t piece = std::min(n, chunk);      // a row's elements a call
    const std::size_t rows = n ? chunk / piece : m;    // rows a call
    for (std::size_t p = 0; p < s.planes; ++p) {
        const auto pp = static_cast<std::ptrdiff_t>(p);
        for (std::size_t i = 0; i < m; i += rows) {
            const std::size_t h = std::min(rows, m - i);
            const auto ii = static_cast<std::ptrdiff_t>(i);
            T* const at = out + pp * s.ps + ii * os;
            for (std::size_t j = 0; j < n; j += piece) {
                const std::size_t c = std::min(piece, n - j);
                for (std::size_t k = 0; k < L; ++k)
                    q[k] = ptr[k] + pp * s.ips[k] + ii * is[k] + static_cast<std::ptrdiff_t>(j) * s.c[k].step_one;
                body(e, buf, static_cast<std::ptrdiff_t>(c), q, is, one, h, c);
                for (std::size_t r = 0; r < h; ++r)
                    stream_copy(at + static_cast<std::ptrdiff_t>(r) * os + static_cast<std::ptrdiff_t>(j), buf + r * c, c);
            }
        }
    }
}

}  // namespace loom::detail
