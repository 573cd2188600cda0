// loom/random.hpp: random numbers that match NumPy's bit for bit: SeedSequence seeding, the PCG64,
// PCG64DXSM and Philox bit generators, and Generator's distributions (NumPy 1.24's algorithms).
// Not in loom.hpp: include it where random numbers are drawn.
#pragma once

#include "random/bit_generators.hpp"
#include "random/distributions.hpp"
#include "random/generator.hpp"
#include "random/seed_sequence.hpp"
