// loom/eval/loops/turned.hpp: the turned-tiles strategy's own step: a tile of an operand that runs down the target's columns, transposed into rows.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "../../core/dtype.hpp"

namespace loom::detail {

// dst[i * ld + j] <- the T at src + i * sizeof(T) + j * col bytes, for i < m,
// j < n: a tile of an operand that runs down the target's columns
// (A + transpose(B)), turned into rows. Reads go along the operand's own rows;
// 4x4 blocks are transposed in registers (GCC/Clang vector extensions), so
// every load and store moves four elements.
template <class T>
void pack_transposed(T* dst, std::size_t ld, const std::byte* src, std::ptrdiff_t col, std::size_t m, std::size_t n) {
    constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
    const auto at = [&](std::size_t i, std::size_t j) {
        T v;
        std::memcpy(&v, src + static_cast<std::ptrdiff_t>(i) * one + static_cast<std::ptrdiff_t>(j) * col, sizeof(T));
        return v;
    };
    std::size_t j = 0;
#if defined(__GNUC__)
    // bool as its bytes; complex numbers have no vectors: the plain loop below turns them
    using lane = std::conditional_t<std::is_same_v<T, bool> || is_complex_v<T>, unsigned char, T>;
    typedef lane v4 __attribute__((vector_size(4 * sizeof(lane))));
    if constexpr (!is_complex_v<T>)
    for (; j + 4 <= n; j += 4) {
        std::size_t i = 0;
        for (; i + 4 <= m; i += 4) {
            const std::byte* s = src + static_cast<std::ptrdiff_t>(i) * one + static_cast<std::ptrdiff_t>(j) * col;
            v4 c0, c1, c2, c3;  // columns j .. j+3 of the tile, rows i .. i+3
            std::memcpy(&c0, s, sizeof(v4));
            std::memcpy(&c1, s + col, sizeof(v4));
            std::memcpy(&c2, s + 2 * col, sizeof(v4));
            std::memcpy(&c3, s + 3 * col, sizeof(v4));
            const v4 t0 = __builtin_shufflevector(c0, c1, 0, 4, 2, 6), t1 = __builtin_shufflevector(c0, c1, 1, 5, 3, 7);
            const v4 t2 = __builtin_shufflevector(c2, c3, 0, 4, 2, 6), t3 = __builtin_shufflevector(c2, c3, 1, 5, 3, 7);
            const v4 r0 = __builtin_shufflevector(t0, t2, 0, 1, 4, 5), r1 = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
            const v4 r2 = __builtin_shufflevector(t0, t2, 2, 3, 6, 7), r3 = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
            T* d = dst + i * ld + j;
            std::memcpy(d, &r0, sizeof(v4));
            std::memcpy(d + ld, &r1, sizeof(v4));
            std::memcpy(d + 2 * ld, &r2, sizeof(v4));
            std::memcpy(d + 3 * ld, &r3, sizeof(v4));
        }
        for (; i < m; ++i)
            for (std::size_t jj = j; jj < j + 4; ++jj) dst[i * ld + jj] = at(i, jj);
    }
#endif
    for (; j < n; ++j)
        for (std::size_t i = 0; i < m; ++i) dst[i * ld + j] = at(i, j);
}

}  // namespace loom::detail
