// loom/more.hpp: NumPy's functions beyond the Array API, each family in its own header and none in
// loom.hpp (including them all costs every program compile time): include this header, or the one you use.
#pragma once

#include "loom.hpp"
#include "linalg/einsum.hpp"
#include "linalg/outer.hpp"
#include "manipulation/join.hpp"
#include "manipulation/pad.hpp"
#include "manipulation/split.hpp"
#include "select/index.hpp"
#include "select/indices.hpp"
#include "sort/partition.hpp"
#include "sort/sets.hpp"
#include "stats/average.hpp"
#include "stats/convolve.hpp"
#include "stats/nan_reductions.hpp"
#include "stats/quantile.hpp"
#include "view/diagonal.hpp"
#include "view/swap.hpp"
