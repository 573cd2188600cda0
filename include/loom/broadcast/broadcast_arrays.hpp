// loom/broadcast/broadcast_arrays.hpp: broadcast_arrays(x1, ..., xn), the ONNX Broadcast operator: N inputs, N views of one shape.
#pragma once

#include <tuple>

#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "broadcast_shapes.hpp"
#include "broadcast_to.hpp"

namespace loom {

//! N inputs, N outputs (ONNX `Broadcast`): a `std::tuple` of read-only views of
//! x1 ... xn, all with their common broadcast shape; element types may differ.
//! Throws broadcast_error when the shapes do not broadcast.
//!   auto [a2, b2, c2] = loom::broadcast_arrays(a, b, c);
template <class... X>
    requires(sizeof...(X) >= 1 && (viewable<X&&> && ...))
auto broadcast_arrays(X&&... x) {
    const shape_t s = broadcast_shapes(shape_t(x.shape())...);
    return std::tuple{detail::stretch(detail::as_view(x), s)...};
}

}  // namespace loom
