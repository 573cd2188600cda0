// bench/compile/include_eigen.cpp: what including Eigen costs, for bench/compile_time.py: the header
// quickstart_eigen.cpp and program_eigen.cpp include, and nothing else.
#include <Eigen/Dense>

int main() {}
