// loom/eval/loops/scalar.hpp: the scalar strategy: one element at a time, for trees with an op that has no batch body.
#pragma once

#include <cstddef>

#include "../kernel_traits.hpp"
#include "../walk.hpp"

namespace loom::detail {

// Element by element, every leaf and the target by its own stride.
template <class T, class E>
struct scalar_rows : kernel_traits<T, E> {
    using Tr = kernel_traits<T, E>;
    using Tr::L;
    using Tr::slots;
    using typename Tr::row_state;

    // One row, element by element: every leaf and the target step by their
    // own strides.
    LOOM_INLINE static void row_scalar(const E& e, T* out, const std::byte* const* ptr, const row_state& s,
                                       std::size_t n) {
        cursor c[slots] = {};
        for (std::size_t k = 0; k < L; ++k) c[k] = {ptr[k], 0, s.step[k]};
        for (std::size_t i = 0; i < n; ++i, out += s.out_step) {
            *out = static_cast<T>(walker<E>::template scalar<0>(e, c));
            for (std::size_t k = 0; k < L; ++k) c[k].p += c[k].step_one;
        }
    }
};

}  // namespace loom::detail
