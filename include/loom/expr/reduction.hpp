// loom/expr/reduction.hpp: reductions (sum, prod, mean, var, max, min, all, any, count_nonzero, argmax, cumulative sums...): the nodes and how an assignment evaluates them, so that any program that can name one can evaluate it.
#pragma once

#include "reduction_nodes.hpp"
#include "../eval/reduce.hpp"
