// loom/broadcast/dims.hpp: validation of XLA broadcast dimensions (broadcast_in_dim, in_dim).
#pragma once

#include <cstddef>
#include <string>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../view/axes.hpp"

namespace loom::detail {

// XLA's rules for `dims` mapping an operand of shape `s` into a result of rank
// `n`: one entry per operand axis, strictly increasing, each in [0, n).
// `what` names the caller in the message.
inline void check_dims(const char* what, const shape_t& s, const axes_t& dims, std::size_t n) {
    const std::string head = std::string(what) + "(" + to_string(s) + ", dims " + to_string(dims) + "): ";
    if (dims.size() != s.size())
        throw broadcast_error(head + "dims has " + std::to_string(dims.size()) + " entries for an operand of rank " +
                              std::to_string(s.size()));
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] < 0 || static_cast<std::size_t>(dims[i]) >= n)
            throw broadcast_error(head + "dims entry " + std::to_string(dims[i]) + " is out of range for rank " +
                                  std::to_string(n));
        if (i > 0 && dims[i] <= dims[i - 1])
            throw broadcast_error(head + "dims entry " + std::to_string(dims[i]) + " does not follow " +
                                  std::to_string(dims[i - 1]) + " in strictly increasing order");
    }
}

}  // namespace loom::detail
