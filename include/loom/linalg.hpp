// loom/linalg.hpp: loom::linalg, the Array API's linear-algebra extension over stacks of matrices.
// Not in loom.hpp (the factorisations cost compile time): include it where they are used.
#pragma once

#include "loom.hpp"
#include "linalg/cholesky.hpp"
#include "linalg/eig.hpp"
#include "linalg/eigh.hpp"
#include "linalg/extension.hpp"
#include "linalg/least_squares.hpp"
#include "linalg/lu.hpp"
#include "linalg/norms.hpp"
#include "linalg/qr.hpp"
#include "linalg/stack.hpp"
#include "linalg/svd.hpp"
