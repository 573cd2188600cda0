// loom/core/errors.hpp: the exception types loom throws.
#pragma once

#include <stdexcept>
#include <string>

namespace loom {

//! Thrown for every broadcasting failure; `what()` names both shapes and the axis.
//!   loom::broadcast_shapes({15, 3, 5}, {15, 3});
//!   // cannot broadcast (15, 3, 5) with (15, 3): axis -1 has 5 and 3
class broadcast_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

//! Thrown for a bad index, slice, axis or reshape.
class index_error : public std::out_of_range {
public:
    using std::out_of_range::out_of_range;
};

}  // namespace loom
