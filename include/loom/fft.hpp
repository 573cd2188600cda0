// loom/fft.hpp: loom::fft, the Array API's FFT extension (NumPy's numpy.fft): any length, any
// axis, batched. Not in loom.hpp (it costs compile time): include it where transforms are used.
#pragma once

#include "loom.hpp"
#include "fft/functions.hpp"
