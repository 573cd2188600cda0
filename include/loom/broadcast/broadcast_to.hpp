// loom/broadcast/broadcast_to.hpp: broadcast_to(x, shape), a read-only stride-0 view of x with the given shape.
#pragma once

#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"

namespace loom {

//! A read-only view of `x` with shape `s`, by the Array API rule (axes align at
//! the right; a size-1 axis stretches, with stride 0); no copy. Throws
//! broadcast_error when `x` does not broadcast to `s`. Writing through it does
//! not compile.
//!   loom::array<double> row = {1, 2, 3};
//!   auto b = loom::broadcast_to(row, {4, 3});   // four rows of 1 2 3
template <class X>
    requires view_source<X&&>
auto broadcast_to(X&& x, const shape_t& s) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::stretch(detail::as_view(x), s);
    });
}

}  // namespace loom
