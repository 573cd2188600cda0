// loom/core/errors.hpp: the exception types loom throws.
#pragma once

#include <stdexcept>
#include <string>

namespace loom {

//! Thrown for every broadcasting failure; `what()` names both shapes and the axis.
//!   loom::broadcast_shapes({15, 3, 5}, {15, 3});
//!   // loom: cannot broadcast (15, 3, 5) with (15, 3): axis -1 has 5 and 3
class broadcast_error : public std::invalid_argument {
public:
    //! `what()` is "loom: " and `message`, as index_error's messages start with "loom".
    explicit broadcast_error(const std::string& message) : std::invalid_argument("loom: " + message) {}
};

//! Thrown by loom::linalg for a matrix it cannot factor: singular in `inv` and `solve`, not
//! positive definite in `cholesky`; `what()` names the function and the matrix's index in the stack.
class linalg_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

//! Thrown for a bad index, slice, axis or reshape.
class index_error : public std::out_of_range {
public:
    using std::out_of_range::out_of_range;
};

}  // namespace loom
