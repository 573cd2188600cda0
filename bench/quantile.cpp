// bench/quantile.cpp: loom::quantile (q = 0.3, linear) and loom::median of 1M random doubles and along the rows of
// a (1000, 1000) array, against a hand loop of std::nth_element on a copy of each lane, and the triad.
// bench/quantile_numpy.py times NumPy's np.quantile and np.median on the same shapes.
#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <loom/stats/quantile.hpp>

namespace {

constexpr std::size_t n = std::size_t{1} << 20;  // one lane of 1M
constexpr std::size_t rows = 1000, cols = 1000;  // 1000 lanes of 1000
constexpr double q = 0.3;

// Lane r of `len` elements: one random double in each of len equal slices of [r, r + 1), shuffled by
// a fixed seed, so that the sorted lane is known without sorting: element k is the one of slice k.
double sorted_at(std::size_t r, std::size_t k, std::size_t len) {
    return static_cast<double>(r) + (static_cast<double>(k) + bench::unit(7 + r, k)) / static_cast<double>(len);
}
std::vector<double> lanes(std::size_t count, std::size_t len) {
    std::vector<double> v(count * len);
    std::mt19937_64 g(2024);
    for (std::size_t r = 0; r < count; ++r) {
        for (std::size_t k = 0; k < len; ++k) v[r * len + k] = sorted_at(r, k, len);
        std::shuffle(v.begin() + static_cast<std::ptrdiff_t>(r * len), v.begin() + static_cast<std::ptrdiff_t>((r + 1) * len), g);
    }
    return v;
}

// The definitions on the known sorted lane: NumPy's linear interpolation at (len - 1) q, and the median.
double quantile_ref(std::size_t r, std::size_t len) {
    const double i = static_cast<double>(len - 1) * q;
    const auto lo = static_cast<std::size_t>(i);
    const double a = sorted_at(r, lo, len), b = sorted_at(r, lo + 1, len);
    return a + (b - a) * (i - static_cast<double>(lo));
}
double median_ref(std::size_t r, std::size_t len) {
    return len % 2 ? sorted_at(r, len / 2, len) : (sorted_at(r, len / 2 - 1, len) + sorted_at(r, len / 2, len)) / 2;
}

// The hand loop for one lane: copied (NumPy partitions a copy too), then nth_element and the
// smallest element above it.
double quantile_hand(const double* p, std::size_t len, std::vector<double>& buf) {
    buf.assign(p, p + len);
    const double i = static_cast<double>(len - 1) * q;
    const auto lo = static_cast<std::size_t>(i);
    std::nth_element(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(lo), buf.end());
    const double a = buf[lo], b = *std::min_element(buf.begin() + static_cast<std::ptrdiff_t>(lo + 1), buf.end());
    return a + (b - a) * (i - static_cast<double>(lo));
}
double median_hand(const double* p, std::size_t len, std::vector<double>& buf) {
    buf.assign(p, p + len);
    const auto mid = buf.begin() + static_cast<std::ptrdiff_t>(len / 2);
    std::nth_element(buf.begin(), mid, buf.end());
    if (len % 2) return *mid;
    return (*std::max_element(buf.begin(), mid) + *mid) / 2;
}

template <bool Median>
void add_loom(const std::string& kase, std::size_t count, std::size_t len, const char* size) {
    const auto ref = [count, len](std::size_t r) { return Median ? median_ref(r, len) : quantile_ref(r, len); };
    bench::add({kase + "/loom/" + size, count, count * len * sizeof(double), 1e-15}, ref, [count, len] {
        struct job {
            loom::array<double> a, r;
            bool rows;
            void run() {
                if constexpr (Median) r = rows ? loom::median(a, -1) : loom::median(a);
                else r = rows ? loom::quantile(a, q, -1) : loom::quantile(a, q);
            }
            const double* out() const { return r.data(); }
        };
        const auto v = lanes(count, len);
        loom::array<double> a(count > 1 ? loom::shape_t{count, len} : loom::shape_t{len});
        std::copy(v.begin(), v.end(), a.data());
        return job{std::move(a), loom::array<double>(), count > 1};
    });
}

template <bool Median>
void add_hand(const std::string& kase, std::size_t count, std::size_t len, const char* size) {
    const auto ref = [count, len](std::size_t r) { return Median ? median_ref(r, len) : quantile_ref(r, len); };
    bench::add({kase + "/hand/" + size, count, count * len * sizeof(double), 1e-15}, ref, [count, len] {
        struct job {
            std::vector<double> a, r, buf;
            std::size_t count, len;
            void run() {
                r.assign(count, 0.0);
                for (std::size_t k = 0; k < count; ++k)
                    r[k] = Median ? median_hand(a.data() + k * len, len, buf) : quantile_hand(a.data() + k * len, len, buf);
            }
            const double* out() const { return r.data(); }
        };
        return job{lanes(count, len), {}, {}, count, len};
    });
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    add_loom<false>("quantile", 1, n, "1M");
    add_hand<false>("quantile", 1, n, "1M");
    add_loom<true>("median", 1, n, "1M");
    add_hand<true>("median", 1, n, "1M");
    add_loom<false>("quantile_rows", rows, cols, "1000x1000");
    add_hand<false>("quantile_rows", rows, cols, "1000x1000");
    add_loom<true>("median_rows", rows, cols, "1000x1000");
    add_hand<true>("median_rows", rows, cols, "1000x1000");
    return bench::run_main(argc, argv);
}
