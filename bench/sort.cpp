// bench/sort.cpp: sorting 1M random doubles into a new array: loom::sort against std::sort and std::stable_sort of a
// copy (a new std::vector, as loom::sort returns a new array and NumPy's np.sort too), and the triad.
#include "common.hpp"

#include <algorithm>
#include <random>
#include <vector>

namespace {

constexpr std::size_t n = std::size_t{1} << 20;

// The operand: random doubles in [0.5, 1.5), one in each of n equal slices of it (every bit of the
// mantissa random), shuffled by a fixed seed, so that the sorted result is known without sorting:
// element k is the one drawn in slice k.
double sorted_at(std::size_t k) {
    return 0.5 + (static_cast<double>(k) + bench::unit(7, k)) / static_cast<double>(n);
}
std::vector<double> shuffled() {
    std::vector<double> v(n);
    for (std::size_t k = 0; k < n; ++k) v[k] = sorted_at(k);
    std::mt19937_64 g(2024);
    std::shuffle(v.begin(), v.end(), g);
    return v;
}

loom::array<double> loom_operand() {
    const auto v = shuffled();
    loom::array<double> a(loom::shape_t{n});
    std::copy(v.begin(), v.end(), a.data());
    return a;
}

// loom::sort, stable: measured as "sort" against std::sort and as "stable_sort" against std::stable_sort.
void add_loom(const char* kase) {
    bench::add({std::string(kase) + "/loom/1M", n, 2 * n * sizeof(double), 0.0}, sorted_at, [] {
        struct job {
            loom::array<double> a, r;
            void run() { r = loom::sort(a); }
            const double* out() const { return r.data(); }
        };
        return job{loom_operand(), loom::array<double>()};
    });
}

template <bool Stable>
void add_hand(const char* kase) {
    bench::add({std::string(kase) + "/hand/1M", n, 2 * n * sizeof(double), 0.0}, sorted_at, [] {
        struct job {
            std::vector<double> a, r;
            void run() {
                r = std::vector<double>(a.begin(), a.end());  // the copy into a new vector, as loom's new array
                if constexpr (Stable) std::stable_sort(r.begin(), r.end());
                else std::sort(r.begin(), r.end());
            }
            const double* out() const { return r.data(); }
        };
        return job{shuffled(), {}};
    });
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    add_loom("sort");
    add_hand<false>("sort");
    add_loom("stable_sort");
    add_hand<true>("stable_sort");
    return bench::run_main(argc, argv);
}
