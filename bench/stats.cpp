// bench/stats.cpp: binning and interpolating 1M elements: loom::histogram (100 bins of equal width), bincount
// (values in [0, 100)), interp (1000 knots, points in random order and sorted) and digitize (1000 bins), each
// against the loop a careful C++ programmer writes: the bin by a multiplication, clamped; a count per value;
// std::upper_bound per point. Each result is new, as loom's and NumPy's are.
#include "common.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr std::size_t n = std::size_t{1} << 20;
constexpr std::size_t bins = 100, knots = 1000;
constexpr bench::range unit_range{0.0, 1.0};

// The operands: points in [0, 1); values in [0, 100); knots increasing over [0, 1), unevenly spaced, with
// values in [0.5, 1.5).
double point(std::size_t i) { return bench::value<double>(1, i, unit_range); }
std::int64_t label(std::size_t i) { return static_cast<std::int64_t>(bench::unit(2, i) * double(bins)); }
double knot(std::size_t k) { return (static_cast<double>(k) + 0.9 * bench::unit(3, k)) / double(knots); }
double knot_value(std::size_t k) { return bench::value<double>(4, k); }

// Points sorted: point k is in the k-th of n equal slices of [0, 1).
double sorted_point(std::size_t i) { return (static_cast<double>(i) + bench::unit(5, i)) / double(n); }

template <class T, class F>
loom::array<T> loom_of(std::size_t m, F f) {
    loom::array<T> a(loom::shape_t{m});
    for (std::size_t i = 0; i < m; ++i) a.data()[i] = f(i);
    return a;
}
template <class T, class F>
std::vector<T> vector_of(std::size_t m, F f) {
    std::vector<T> v(m);
    for (std::size_t i = 0; i < m; ++i) v[i] = f(i);
    return v;
}

// The references, by the definitions: each point's bin found among the edges, each label counted, the
// segment of each point found by a linear scan of the knots.
std::shared_ptr<const std::vector<double>> histogram_ref() {
    auto c = std::make_shared<std::vector<double>>(bins, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const double v = point(i);
        std::size_t k = 0;
        while (k + 1 < bins && v >= static_cast<double>(k + 1) * (1.0 / double(bins))) ++k;
        (*c)[k] += 1;
    }
    return c;
}
std::shared_ptr<const std::vector<double>> bincount_ref() {
    auto c = std::make_shared<std::vector<double>>(bins, 0.0);
    for (std::size_t i = 0; i < n; ++i) (*c)[static_cast<std::size_t>(label(i))] += 1;
    return c;
}
std::size_t segment(double v) {  // the last knot at most v
    std::size_t j = 0;
    while (j + 1 < knots && knot(j + 1) <= v) ++j;
    return j;
}
double interp_ref(double v) {
    if (v <= knot(0)) return knot_value(0);
    if (v >= knot(knots - 1)) return knot_value(knots - 1);
    const std::size_t j = segment(v);
    return knot_value(j) + (knot_value(j + 1) - knot_value(j)) * (v - knot(j)) / (knot(j + 1) - knot(j));
}

void histogram() {
    const auto ref_counts = histogram_ref();
    const auto ref = [ref_counts](std::size_t k) { return (*ref_counts)[k]; };
    const auto sp = [](const char* impl) {
        return bench::spec{std::string("histogram/") + impl + "/1M", bins, n * sizeof(double), 0.0};
    };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> x;
            loom::histogram_result<double> h;
            void run() { h = loom::histogram(x, bins, std::pair{0.0, 1.0}); }
            const std::int64_t* out() const { return h.counts.data(); }
        };
        return job{loom_of<double>(n, point), {}};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            std::vector<double> x;
            std::vector<std::int64_t> counts;
            void run() {
                const double lo = 0.0, hi = 1.0, scale = double(bins) / (hi - lo);
                std::vector<std::int64_t> c(bins, 0);
                for (const double v : x) {
                    const auto k = static_cast<std::ptrdiff_t>((v - lo) * scale);
                    ++c[static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(k, 0, bins - 1))];
                }
                counts = std::move(c);
            }
            const std::int64_t* out() const { return counts.data(); }
        };
        return job{vector_of<double>(n, point), {}};
    });
}

void bincount() {
    const auto ref_counts = bincount_ref();
    const auto ref = [ref_counts](std::size_t k) { return (*ref_counts)[k]; };
    const auto sp = [](const char* impl) {
        return bench::spec{std::string("bincount/") + impl + "/1M", bins, n * sizeof(std::int64_t), 0.0};
    };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<std::int64_t> x, r;
            void run() { r = loom::bincount(x); }
            const std::int64_t* out() const { return r.data(); }
        };
        return job{loom_of<std::int64_t>(n, label), {}};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            std::vector<std::int64_t> x, counts;
            void run() {
                std::vector<std::int64_t> c(bins, 0);  // the values known to be in [0, bins)
                for (const std::int64_t v : x) ++c[static_cast<std::size_t>(v)];
                counts = std::move(c);
            }
            const std::int64_t* out() const { return counts.data(); }
        };
        return job{vector_of<std::int64_t>(n, label), {}};
    });
}

// interp of points in random order ("interp") or sorted ("interp_sorted").
void interp(const char* kase, double (*at)(std::size_t)) {
    const auto ref = [at](std::size_t i) { return interp_ref(at(i)); };
    // the first 20000 points checked: the reference scans the knots
    const auto sp = [kase](const char* impl) {
        return bench::spec{std::string(kase) + "/" + impl + "/1M", 20000, 2 * n * sizeof(double), 1e-12};
    };
    bench::add(sp("loom"), ref, [at] {
        struct job {
            loom::array<double> x, xp, fp, r;
            void run() { r = loom::interp(x, xp, fp); }
            const double* out() const { return r.data(); }
        };
        return job{loom_of<double>(n, at), loom_of<double>(knots, knot), loom_of<double>(knots, knot_value), {}};
    });
    bench::add(sp("hand"), ref, [at] {
        struct job {
            std::vector<double> x, xp, fp, r;
            void run() {
                std::vector<double> y(x.size());
                const double* px = xp.data();
                const double* py = fp.data();
                const std::size_t m = xp.size();
                for (std::size_t i = 0; i < x.size(); ++i) {
                    const double v = x[i];
                    if (v <= px[0]) {
                        y[i] = py[0];
                    } else if (v >= px[m - 1]) {
                        y[i] = py[m - 1];
                    } else {
                        const auto j = static_cast<std::size_t>(std::upper_bound(px, px + m, v) - px) - 1;
                        y[i] = py[j] + (py[j + 1] - py[j]) * (v - px[j]) / (px[j + 1] - px[j]);
                    }
                }
                r = std::move(y);
            }
            const double* out() const { return r.data(); }
        };
        return job{vector_of<double>(n, at), vector_of<double>(knots, knot), vector_of<double>(knots, knot_value), {}};
    });
}

void digitize() {
    const auto ref = [](std::size_t i) {  // the number of knots at most the point
        const double v = point(i);
        return v < knot(0) ? 0.0 : static_cast<double>(segment(v) + 1);
    };
    const auto sp = [](const char* impl) {
        return bench::spec{std::string("digitize/") + impl + "/1M", 20000, n * (sizeof(double) + sizeof(std::int64_t)), 0.0};
    };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> x, edges;
            loom::array<std::int64_t> r;
            void run() { r = loom::digitize(x, edges); }
            const std::int64_t* out() const { return r.data(); }
        };
        return job{loom_of<double>(n, point), loom_of<double>(knots, knot), {}};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            std::vector<double> x, edges;
            std::vector<std::int64_t> r;
            void run() {
                std::vector<std::int64_t> k(x.size());
                for (std::size_t i = 0; i < x.size(); ++i)
                    k[i] = std::upper_bound(edges.begin(), edges.end(), x[i]) - edges.begin();
                r = std::move(k);
            }
            const std::int64_t* out() const { return r.data(); }
        };
        return job{vector_of<double>(n, point), vector_of<double>(knots, knot), {}};
    });
}

}  // namespace

int main(int argc, char** argv) {
    histogram();
    bincount();
    interp("interp", point);
    interp("interp_sorted", sorted_point);
    digitize();
    return bench::run_main(argc, argv);
}
