// bench/compile/include_loom.cpp: what including loom costs, for bench/compile_time.py: the header a user of
// loom includes for the quickstart and program_loom.cpp, and nothing else.
#include <loom/loom.hpp>

int main() {}
