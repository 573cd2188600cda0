// bench/select.cpp: rearranging and selecting data: concat of two 2048x2048 arrays along either axis, take of
// 1M random rows, mask selecting half of 4M elements; loom against the memcpy-based or plain loop a careful
// C++ programmer writes, each allocating its result on every run as loom does (mask: kept while it fits, as
// loom's r = mask(x, m) keeps r's memory).
#include "common.hpp"

#include <cstring>
#include <tuple>
#include <vector>

namespace {

constexpr std::size_t side = 2048;

// Memory the hand loops allocate per run as loom allocates its arrays (64-byte aligned, huge pages
// advised from 4 MiB), not touched before it is written.
template <class T>
struct raw {
    explicit raw(std::size_t n) : p(static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{64}))) {
        if (n * sizeof(T) >= loom::huge_page_bytes) loom::detail::advise_huge_pages(p, n * sizeof(T));
    }
    raw(raw&& o) noexcept : p(std::exchange(o.p, nullptr)) {}
    raw& operator=(raw&& o) noexcept {
        std::swap(p, o.p);
        return *this;
    }
    ~raw() {
        if (p) ::operator delete(p, std::align_val_t{64});
    }
    T* p;
};

// r = concat(a, b) along `axis` of two (2048, 2048) doubles.
void concat(int axis) {
    const std::string name = axis == 0 ? "concat0" : "concat1";
    constexpr std::size_t n = side * side;
    const auto sp = [&](const char* impl) { return bench::spec{name + "/" + impl + "/memory", 2 * n, 4 * n * sizeof(double), 0}; };
    const auto ref = [axis](std::size_t k) {
        if (axis == 0) return k < n ? bench::value<double>(1, k) : bench::value<double>(2, k - n);
        const std::size_t i = k / (2 * side), j = k % (2 * side);
        return j < side ? bench::value<double>(1, i * side + j) : bench::value<double>(2, i * side + j - side);
    };
    bench::add(sp("loom"), ref, [axis] {
        struct job {
            loom::array<double> a, b, r;
            int axis;
            void run() { r = loom::concat(std::tie(a, b), axis); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({side, side}, 1), bench::loom_array<double>({side, side}, 2), {}, axis};
    });
    bench::add(sp("hand"), ref, [axis] {
        struct job {
            bench::buffer<double> a, b;
            raw<double> r;
            int axis;
            void run() {
                raw<double> out(2 * n);
                if (axis == 0) {
                    std::memcpy(out.p, a.data(), n * sizeof(double));
                    std::memcpy(out.p + n, b.data(), n * sizeof(double));
                } else {
                    for (std::size_t i = 0; i < side; ++i) {
                        std::memcpy(out.p + 2 * side * i, a.data() + side * i, side * sizeof(double));
                        std::memcpy(out.p + 2 * side * i + side, b.data() + side * i, side * sizeof(double));
                    }
                }
                r = std::move(out);
            }
            const double* out() const { return r.p; }
        };
        return job{bench::buffer<double>(n, 1), bench::buffer<double>(n, 2), raw<double>(1), axis};
    });
}

// r = take(x, idx, 0): 1M random rows (8 doubles, one cache line each) of a (262144, 8) array.
void take_rows() {
    constexpr std::size_t rows = std::size_t{1} << 18, cols = 8, m = std::size_t{1} << 20;
    const auto index = [](std::size_t i) { return static_cast<std::int64_t>(bench::unit(9, i) * rows); };
    const auto sp = [&](const char* impl) { return bench::spec{std::string("take_rows/") + impl + "/memory", m * cols, m * (cols * 2 * sizeof(double) + 8), 0}; };
    const auto ref = [index](std::size_t k) { return bench::value<double>(1, static_cast<std::size_t>(index(k / cols)) * cols + k % cols); };
    bench::add(sp("loom"), ref, [index] {
        struct job {
            loom::array<double> x;
            loom::array<std::int64_t> idx;
            loom::array<double> r;
            void run() { r = loom::take(x, idx, 0); }
            const double* out() const { return r.data(); }
        };
        loom::array<std::int64_t> idx(loom::shape_t{m});
        for (std::size_t i = 0; i < m; ++i) idx.data()[i] = index(i);
        return job{bench::loom_array<double>({rows, cols}, 1), std::move(idx), {}};
    });
    bench::add(sp("hand"), ref, [index] {
        struct job {
            bench::buffer<double> x;
            bench::buffer<std::int64_t> idx;
            raw<double> r;
            void run() {
                raw<double> out(m * cols);
                const double* __restrict px = x.data();
                const std::int64_t* __restrict pi = idx.data();
                for (std::size_t i = 0; i < m; ++i)
                    std::memcpy(out.p + i * cols, px + static_cast<std::size_t>(pi[i]) * cols, cols * sizeof(double));
                r = std::move(out);
            }
            const double* out() const { return r.p; }
        };
        bench::buffer<std::int64_t> idx(m);
        for (std::size_t i = 0; i < m; ++i) idx.data()[i] = index(i);
        return job{bench::buffer<double>(rows * cols, 1), std::move(idx), raw<double>(1)};
    });
}

// r = mask(x, m): the elements of 4M doubles where a random mask (half true) is.
void mask_select() {
    constexpr std::size_t n = std::size_t{1} << 22;
    const auto bit = [](std::size_t i) { return bench::unit(7, i) < 0.5; };
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += bit(i);
    std::vector<std::uint32_t> where;  // the reference: which element the k-th selected one is
    where.reserve(count);
    for (std::size_t i = 0; i < n; ++i)
        if (bit(i)) where.push_back(static_cast<std::uint32_t>(i));
    const auto sp = [&](const char* impl) { return bench::spec{std::string("mask_select/") + impl + "/memory", count, n * (sizeof(double) + 1) + count * sizeof(double), 0}; };
    const auto ref = [where](std::size_t k) { return bench::value<double>(1, where[k]); };
    bench::add(sp("loom"), ref, [bit] {
        struct job {
            loom::array<double> x;
            loom::array<bool> m;
            loom::array<double> r;
            void run() { r = loom::mask(x, m); }
            const double* out() const { return r.data(); }
        };
        loom::array<bool> m(loom::shape_t{n});
        for (std::size_t i = 0; i < n; ++i) m.data()[i] = bit(i);
        return job{bench::loom_array<double>({n}, 1), std::move(m), {}};
    });
    bench::add(sp("hand"), ref, [bit] {
        struct job {  // as loom's r = mask(x, m): the result's memory kept from run to run when it fits
            bench::buffer<double> x;
            bench::buffer<bool> m;
            raw<double> r;
            std::size_t capacity;
            void run() {
                const bool* __restrict pm = m.data();
                std::size_t c = 0;
                for (std::size_t i = 0; i < n; ++i) c += pm[i];
                if (c > capacity) r = raw<double>(capacity = c);
                const double* __restrict px = x.data();
                double* __restrict po = r.p;
                std::size_t k = 0;
                for (std::size_t i = 0; i < n && k < c; ++i) {  // branch-free: every element stored, the selected kept
                    po[k] = px[i];
                    k += pm[i];
                }
            }
            const double* out() const { return r.p; }
        };
        bench::buffer<bool> m(n);
        for (std::size_t i = 0; i < n; ++i) m.data()[i] = bit(i);
        return job{bench::buffer<double>(n, 1), std::move(m), raw<double>(1), 1};
    });
}

// The per-bin statements of an azimuthal average over 400K doubles, a sparse mask (about 1 in 1,000 true): r =
// mask(x, m); s = mean(mask(x, m)); and NumPy's idx[idx == 5] -= 1 then idx[idx == 4] += 1 (so that every run
// starts from the same values). The hand loops are the branchy ones a careful programmer writes for a sparse mask.
constexpr std::size_t sparse_n = 400'000;
bool sparse_bit(std::size_t i) { return bench::unit(9, i) < 0.001; }

void mask_sparse() {
    constexpr std::size_t n = sparse_n;
    std::vector<std::uint32_t> where;
    for (std::size_t i = 0; i < n; ++i)
        if (sparse_bit(i)) where.push_back(static_cast<std::uint32_t>(i));
    const std::size_t count = where.size();
    const auto sp = [&](const char* kase, const char* impl, std::size_t c) {
        return bench::spec{std::string(kase) + "/" + impl + "/cache", c, n * (sizeof(double) + 1) + c * sizeof(double), 1e-15};
    };
    const auto ref = [where](std::size_t k) { return bench::value<double>(1, where[k]); };
    const auto bools = [] {
        loom::array<bool> m(loom::shape_t{n});
        for (std::size_t i = 0; i < n; ++i) m.data()[i] = sparse_bit(i);
        return m;
    };
    bench::add(sp("mask_sparse", "loom", count), ref, [bools] {
        struct job {
            loom::array<double> x;
            loom::array<bool> m;
            loom::array<double> r;
            void run() { r = loom::mask(x, m); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n}, 1), bools(), {}};
    });
    bench::add(sp("mask_sparse", "hand", count), ref, [bools, count] {
        struct job {
            loom::array<double> x;
            loom::array<bool> m;
            std::vector<double> r;
            void run() {
                const bool* __restrict pm = m.data();
                const double* __restrict px = x.data();
                std::size_t c = 0;
                for (std::size_t i = 0; i < n; ++i) c += pm[i];
                r.resize(c);
                double* __restrict po = r.data();
                std::size_t k = 0;
                for (std::size_t i = 0; i < n; ++i)
                    if (pm[i]) po[k++] = px[i];
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n}, 1), bools(), std::vector<double>(count)};
    });
    const double mean = [&] {
        double s = 0;
        for (const auto i : where) s += bench::value<double>(1, i);
        return s / double(count);
    }();
    const auto mean_ref = [mean](std::size_t) { return mean; };
    bench::add(sp("mask_mean", "loom", 1), mean_ref, [bools] {
        struct job {
            loom::array<double> x;
            loom::array<bool> m;
            double s = 0;
            void run() { s = loom::mean(loom::mask(x, m)); }
            const double* out() const { return &s; }
        };
        return job{bench::loom_array<double>({n}, 1), bools()};
    });
    bench::add(sp("mask_mean", "hand", 1), mean_ref, [bools] {
        struct job {
            loom::array<double> x;
            loom::array<bool> m;
            double s = 0;
            void run() {
                const bool* __restrict pm = m.data();
                const double* __restrict px = x.data();
                double acc = 0;
                std::size_t c = 0;
                for (std::size_t i = 0; i < n; ++i)
                    if (pm[i]) acc += px[i], ++c;
                s = acc / double(c);
            }
            const double* out() const { return &s; }
        };
        return job{bench::loom_array<double>({n}, 1), bools()};
    });
    // idx: 5 where the sparse mask is true, else 0..9 but 4 and 5
    const auto idx_value = [](std::size_t i) { return sparse_bit(i) ? 5.0 : double((i % 8) + (i % 8 >= 4 ? 2 : 0)); };
    const auto idx_ref = [idx_value](std::size_t i) { return idx_value(i); };
    const auto idx_array = [idx_value] {
        loom::array<double> a(loom::shape_t{n});
        for (std::size_t i = 0; i < n; ++i) a.data()[i] = idx_value(i);
        return a;
    };
    const auto sp2 = [&](const char* impl) { return bench::spec{std::string("mask_update/") + impl + "/cache", n, 4 * n * sizeof(double), 0}; };
    bench::add(sp2("loom"), idx_ref, [idx_array] {
        struct job {
            loom::array<double> idx;
            void run() {
                loom::mask(idx, idx == 5.0) -= 1.0;
                loom::mask(idx, idx == 4.0) += 1.0;
            }
            const double* out() const { return idx.data(); }
        };
        return job{idx_array()};
    });
    bench::add(sp2("hand"), idx_ref, [idx_array] {
        struct job {
            loom::array<double> idx;
            void run() {
                double* __restrict p = idx.data();
                for (std::size_t i = 0; i < n; ++i)
                    if (p[i] == 5.0) p[i] -= 1.0;
                for (std::size_t i = 0; i < n; ++i)
                    if (p[i] == 4.0) p[i] += 1.0;
            }
            const double* out() const { return idx.data(); }
        };
        return job{idx_array()};
    });
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    concat(0);
    concat(1);
    take_rows();
    mask_select();
    mask_sparse();
    return bench::run_main(argc, argv);
}
