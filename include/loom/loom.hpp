// loom/loom.hpp: the umbrella header; everything loom offers, in namespace loom.
#pragma once

#include "config.hpp"
#include "core/errors.hpp"
#include "core/shape.hpp"
#include "core/dtype.hpp"
#include "broadcast/broadcast_shapes.hpp"
#include "expr/node.hpp"
#include "expr/ops.hpp"
#include "expr/operators.hpp"
#include "expr/functions.hpp"
#include "eval/walk.hpp"
#include "eval/assign.hpp"
#include "core/array.hpp"
#include "core/factories.hpp"
#include "core/compare.hpp"
#include "core/print.hpp"
#include "view/strided_view.hpp"
