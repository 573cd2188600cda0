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

// One row with strided leaves or target, a chunk at a time.
template <class T, class E>
struct gathered_rows : kernel_traits<T, E> {
    using Tr = kernel_traits<T, E>;
    using Tr::chunk;
    using Tr::elem;
    using Tr::L;
    using Tr::slots;
    using typename Tr::row_state;

    // dst <- m elements of `bytes` bytes from src, `step` bytes apart: each
    // element copied by a copy of known size.
    static void gather(std::byte* dst, const std::byte* src, std::ptrdiff_t step, std::size_t bytes, std::size_t m) {
        const auto copy = [&]<std::size_t B>(std::integral_constant<std::size_t, B>) {
            for (std::size_t j = 0; j < m; ++j, src += step) std::memcpy(dst + j * B, src, B);
        };
        switch (bytes) {
        case 1: return copy(std::integral_constant<std::size_t, 1>{});
        case 2: return copy(std::integral_constant<std::size_t, 2>{});
        case 4: return copy(std::integral_constant<std::size_t, 4>{});
        default: return copy(std::integral_constant<std::size_t, 8>{});
        }
    }

    // One row with strided leaves or target: gather, compute, scatter, chunk by chunk.
    [[gnu::noinline]] LOOM_HOT_LOOPS static void row_packed(const E& e, T* out, const std::byte* const* ptr, const row_state& s, std::size_t n) {
        alignas(64) std::byte buf[slots][chunk * sizeof(std::uint64_t)];  // chunk elements of any leaf
        alignas(64) T obuf[chunk];
        const std::byte* at[slots] = {};  // each leaf's chunk: in place, or gathered into buf[k]
        const std::ptrdiff_t none[slots] = {};
        for (std::size_t k = 0; k < L; ++k) at[k] = ptr[k];
        for (std::size_t start = 0; start < n; start += chunk) {
            const std::size_t m = std::min(chunk, n - start);
            const auto st = static_cast<std::ptrdiff_t>(start);
            for (std::size_t k = 0; k < L; ++k) {
                if (s.step[k] == 0) continue;  // one value for the whole row
                if (s.step[k] == elem[k]) {
                    at[k] = ptr[k] + st * elem[k];
                    continue;
                }
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
