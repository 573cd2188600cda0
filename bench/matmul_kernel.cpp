// bench/matmul_kernel.cpp: loom's gemm kernel against Eigen's product on square row-major matrices (a tuning aid, not Google Benchmark).
// Not part of the Meson build (bench/matmul.cpp is the benchmark); built and run by hand, pinned to one core:
//   g++ -std=c++20 -O3 -march=native -DNDEBUG -Iinclude -I/usr/include/eigen3 bench/matmul_kernel.cpp -o matmul_kernel
//   taskset -c 1 ./matmul_kernel [f] [t] [sizes...]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include <Eigen/Dense>

#include <loom/linalg/gemm.hpp>

template <class T>
using mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Seconds per call of f and of g, each the median of 5 samples of about 0.1 s;
// the samples of f and g alternate, so that a change of the machine's speed
// (a shared host) touches both alike.
template <class F, class G>
std::pair<double, double> median_seconds(F&& f, G&& g) {
    const auto reps_of = [](auto& h) {
        const auto t0 = std::chrono::steady_clock::now();
        h();
        const double once = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return std::max(1, static_cast<int>(0.1 / std::max(once, 1e-9)));
    };
    const int rf = reps_of(f), rg = reps_of(g);
    const auto sample = [](auto& h, int reps) {
        const auto t = std::chrono::steady_clock::now();
        for (int i = 0; i < reps; ++i) h();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count() / reps;
    };
    std::vector<double> sf, sg;
    for (int r = 0; r < 5; ++r) {
        sf.push_back(sample(f, rf));
        sg.push_back(sample(g, rg));
    }
    std::sort(sf.begin(), sf.end());
    std::sort(sg.begin(), sg.end());
    return {sf[2], sg[2]};
}

template <class T>
void run(const std::vector<int>& sizes) {
    std::printf("%s\n%6s %12s %12s %8s\n", sizeof(T) == 8 ? "double" : "float", "n", "loom GF/s", "Eigen GF/s",
                "ratio");
    for (int n : sizes) {
        mat<T> a = mat<T>::Random(n, n), b = mat<T>::Random(n, n), c(n, n), d(n, n);
        const std::size_t un = static_cast<std::size_t>(n);
        const double flops = 2.0 * n * n * n;
        const auto [tl, te] = median_seconds(
            [&] { loom::detail::gemm<T>(un, un, un, a.data(), n, 1, b.data(), n, 1, c.data(), n, 1); },
            [&] { d.noalias() = a * b; });
        const double err = static_cast<double>((c - d).cwiseAbs().maxCoeff());
        std::printf("%6d %12.2f %12.2f %8.3f   (max diff %.1e)\n", n, flops / tl * 1e-9, flops / te * 1e-9, te / tl, err);
    }
}

// The same product with transposed operands or target (their transposes stored
// row-major, read through swapped strides), against the row-major one in the same run.
template <class T>
void layouts(int n) {
    mat<T> a = mat<T>::Random(n, n), b = mat<T>::Random(n, n), c(n, n);
    const std::size_t un = static_cast<std::size_t>(n);
    const double flops = 2.0 * n * n * n;
    const auto one = [&](const char* what, std::ptrdiff_t rsa, std::ptrdiff_t csa, std::ptrdiff_t rsb,
                         std::ptrdiff_t csb, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
        const auto [t, t0] = median_seconds(
            [&] { loom::detail::gemm<T>(un, un, un, a.data(), rsa, csa, b.data(), rsb, csb, c.data(), rsc, csc); },
            [&] { loom::detail::gemm<T>(un, un, un, a.data(), n, 1, b.data(), n, 1, c.data(), n, 1); });
        std::printf("%6d %-24s %8.2f GF/s (row-major %8.2f)\n", n, what, flops / t * 1e-9, flops / t0 * 1e-9);
    };
    one("A transposed", 1, n, n, 1, n, 1);
    one("B transposed", n, 1, 1, n, n, 1);
    one("A and B transposed", 1, n, 1, n, n, 1);
    one("C transposed", n, 1, n, 1, 1, n);
}

// matmul_kernel [f] [t] [sizes...]: f for float (double by default), t for the transposed layouts
int main(int argc, char** argv) {
    std::vector<int> sizes;
    bool f = false, t = false;
    for (int i = 1; i < argc; ++i) {
        if (argv[i][0] == 'f') f = true;
        else if (argv[i][0] == 't') t = true;
        else sizes.push_back(std::atoi(argv[i]));
    }
    if (sizes.empty()) sizes = {64, 256, 512, 1024, 2048};
    if (t) {
        for (int n : sizes) f ? layouts<float>(n) : layouts<double>(n);
    } else if (f) run<float>(sizes);
    else run<double>(sizes);
}
