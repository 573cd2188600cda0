// bench/compile/include_xtensor.cpp: what including xtensor costs, for bench/compile_time.py: the headers
// bench/compile/quickstart_xtensor.cpp (the quickstart) and program_xtensor.cpp include, and nothing else.
#include <xtensor/xarray.hpp>
#include <xtensor/xbuilder.hpp>
#include <xtensor/xexception.hpp>
#include <xtensor/xio.hpp>
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xoperation.hpp>
#include <xtensor/xview.hpp>

int main() {}
