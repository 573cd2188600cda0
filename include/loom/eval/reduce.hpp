// loom/eval/reduce.hpp: how an assignment computes reductions and cumulative nodes (eval/reduce/: axes, loops over memory, blocks of an expression, moments, cumulative, the computed leaf) and evaluates short ones inside its element-wise pass (eval/unroll.hpp).
#pragma once

#include "reduce/computed.hpp"
#include "unroll.hpp"
