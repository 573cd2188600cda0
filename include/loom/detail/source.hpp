// loom/detail/source.hpp: an operand read as contiguous row-major memory of U, borrowed or copied,
// for the modules whose kernels walk raw memory (linalg's stacks, fft's axes).
#pragma once

#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/shape.hpp"
#include "../expr/functions.hpp"

namespace loom::detail {

// x's elements in U, row-major and contiguous: x's own memory when x is an array<U>, else `owned`,
// a copy converted to U (which `data` points into; moving a source keeps it valid).
template <class U>
struct source {
    array<U> owned;
    const U* data = nullptr;
    shape_t shape;
};

template <class U, class X>
source<U> source_of(const X& x) {
    source<U> s;
    if constexpr (std::is_same_v<std::remove_cvref_t<X>, array<U>>) {
        s.data = x.data();
        s.shape = x.shape();
    } else {
        s.owned = loom::astype<U>(x);
        s.data = s.owned.data();
        s.shape = s.owned.shape();
    }
    return s;
}

}  // namespace loom::detail
