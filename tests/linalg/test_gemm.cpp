// tests/linalg/test_gemm.cpp: detail::gemm (and each of its paths) against a naive triple loop, over shapes around every block and tile edge, every operand layout (transposed, stepped, reversed, broadcast) and target layout, and every element type.
#include <catch2/catch.hpp>

#include <loom/linalg/gemm.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

namespace {

enum class layout { row, col, strided, reversed, broadcast };
constexpr layout operand_layouts[] = {layout::row, layout::col, layout::strided, layout::reversed, layout::broadcast};
constexpr layout target_layouts[] = {layout::row, layout::col, layout::strided, layout::reversed};

const char* name(layout l) {
    switch (l) {
    case layout::row: return "row-major";
    case layout::col: return "column-major";
    case layout::strided: return "step 2";
    case layout::reversed: return "reversed";
    case layout::broadcast: return "broadcast row";
    }
    return "?";
}

// A rows x cols matrix in a buffer of its own with the given layout; the
// buffer's other elements (gaps, a row's padding) hold fill values.
template <class T>
struct matrix {
    std::size_t rows = 0, cols = 0;
    std::unique_ptr<T[]> store;  // (not std::vector<bool>: its elements have no addresses)
    std::size_t size = 0;
    std::ptrdiff_t rs = 0, cs = 0, origin = 0;

    matrix(std::size_t r, std::size_t c, layout l, T fill) : rows(r), cols(c) {
        const auto sr = static_cast<std::ptrdiff_t>(r), sc = static_cast<std::ptrdiff_t>(c);
        size = r * c;
        switch (l) {
        case layout::row: rs = sc + 3, cs = 1, size = r * (c + 3); break;  // padded rows
        case layout::col: rs = 1, cs = sr; break;
        case layout::strided: rs = 2 * sc + 5, cs = 2, size = r * (2 * c + 5); break;
        case layout::reversed: rs = -sc, cs = -1, origin = sr * sc - 1; break;
        case layout::broadcast: rs = 0, cs = 1, size = c; break;
        }
        if (r == 0 || c == 0) size = 0, origin = 0;
        size += 1;  // data() is never null
        store = std::make_unique<T[]>(size);
        for (std::size_t x = 0; x < size; ++x) store[x] = fill;
    }
    T* data() { return store.get() + origin; }
    T& at(std::size_t i, std::size_t j) {
        return store[static_cast<std::size_t>(origin + static_cast<std::ptrdiff_t>(i) * rs + static_cast<std::ptrdiff_t>(j) * cs)];
    }
};

template <class T>
T random_value(std::mt19937_64& g, double p_true) {
    if constexpr (std::is_same_v<T, bool>) return std::bernoulli_distribution(p_true)(g);
    else if constexpr (std::is_integral_v<T>) return static_cast<T>(g());  // every bit pattern: the sums wrap
    else if constexpr (loom::is_complex_v<T>) {
        std::uniform_real_distribution<typename T::value_type> d(-1, 1);
        const auto re = d(g);
        return T(re, d(g));
    } else return std::uniform_real_distribution<T>(-1, 1)(g);
}

template <class T>
matrix<T> random_matrix(std::size_t r, std::size_t c, layout l, std::mt19937_64& g, double p_true) {
    matrix<T> x(r, c, l, random_value<T>(g, p_true));
    for (std::size_t i = 0; i < r; ++i)
        for (std::size_t j = 0; j < c; ++j) x.at(i, j) = random_value<T>(g, p_true);  // a broadcast row keeps the last
    return x;
}

enum class path { dispatch, small, generic, blocked, blocked_tiny, gemv };

#if LOOM_SIMD
// The blocked path's tile with blocks of a few tiles: many blocks on small products.
template <class T>
struct tiny_blocks : loom::detail::gemm_blocking<T> {
    using G = loom::detail::gemm_blocking<T>;
    static constexpr std::size_t KC = 7, MC = 2 * G::MR, NC = 2 * G::NR;
};
#endif

template <class T>
void run(path p, std::size_t m, std::size_t n, std::size_t k, matrix<T>& a, matrix<T>& b, matrix<T>& c) {
    namespace d = loom::detail;
    switch (p) {
    case path::dispatch: d::gemm<T>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs); break;
    case path::small: d::gemm_small<T>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs); break;
    case path::generic: d::gemm_generic<T>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs); break;
    case path::blocked:
    case path::blocked_tiny:
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) {
            if (p == path::blocked)
                d::gemm_blocked<T>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs);
            else
                d::gemm_blocked<T, tiny_blocks<T>>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs);
        } else
#endif
            d::gemm_generic<T>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs);
        break;
    case path::gemv:  // C one column (n == 1), or one row by B's transpose
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) {
            if (n == 1) d::gemv<T>(m, k, a.data(), a.rs, a.cs, b.data(), b.rs, c.data(), c.rs);
            else d::gemv<T>(n, k, b.data(), b.cs, b.rs, a.data(), a.cs, c.data(), c.cs);
        } else
#endif
            d::gemm<T>(m, n, k, a.data(), a.rs, a.cs, b.data(), b.rs, b.cs, c.data(), c.rs, c.cs);
        break;
    }
}

// The product by a path into a target of layout lc, against the naive triple loop: exact types
// equal to a sum in their own (wrapping) arithmetic, floating ones within a bound relative to
// sum |a| |b| of each element. Rows checked: every row_step-th and the last (the reference is
// the slow part of large products in the sanitizer build).
template <class T>
void check(path p, std::size_t m, std::size_t n, std::size_t k, layout la, layout lb, layout lc, std::uint64_t seed,
           std::size_t row_step = 1) {
    INFO("m " << m << " n " << n << " k " << k << ", A " << name(la) << ", B " << name(lb) << ", C " << name(lc)
              << ", path " << static_cast<int>(p));
    std::mt19937_64 g(seed);
    const double p_true = 1.0 / std::sqrt(static_cast<double>(k) + 1.0);  // bool: some sums false, some true
    auto a = random_matrix<T>(m, k, la, g, p_true);
    auto b = random_matrix<T>(k, n, lb, g, p_true);
    T fill;  // what C holds before: never read (a floating NaN would show through)
    if constexpr (std::is_floating_point_v<T>) fill = std::numeric_limits<T>::quiet_NaN();
    else if constexpr (loom::is_complex_v<T>) fill = T(std::numeric_limits<typename T::value_type>::quiet_NaN(), 0);
    else fill = static_cast<T>(0x5b);
    matrix<T> c(m, n, lc, fill);
    const std::vector<T> before(c.store.get(), c.store.get() + c.size);
    run(p, m, n, k, a, b, c);

    using loom::ops::add, loom::ops::multiply;
    const auto next_row = [&](std::size_t i) { return i + row_step < m ? i + row_step : i + 1 < m ? m - 1 : m; };
    for (std::size_t i = 0; i < m; i = next_row(i))
        for (std::size_t j = 0; j < n; ++j) {
            const T got = c.at(i, j);
            if constexpr (std::is_same_v<T, bool>) {
                bool r = false;
                for (std::size_t q = 0; q < k; ++q) r = r || (a.at(i, q) && b.at(q, j));
                if (got != r) FAIL_CHECK("C(" << i << ", " << j << ") is " << got << ", not " << r);
            } else if constexpr (std::is_integral_v<T>) {
                T r = 0;
                for (std::size_t q = 0; q < k; ++q) r = add{}(r, multiply{}(a.at(i, q), b.at(q, j)));
                if (got != r) FAIL_CHECK("C(" << i << ", " << j << ") is " << +got << ", not " << +r);
            } else if constexpr (std::is_floating_point_v<T>) {
                long double r = 0, size = 0;
                for (std::size_t q = 0; q < k; ++q) {
                    const long double x = a.at(i, q), y = b.at(q, j);
                    r += x * y;
                    size += std::fabs(x * y);
                }
                const long double tol = (static_cast<long double>(k) + 4) * std::numeric_limits<T>::epsilon() * size;
                if (!(std::fabs(got - r) <= tol))
                    FAIL_CHECK("C(" << i << ", " << j << ") is " << got << ", not " << static_cast<double>(r) << " within "
                                    << static_cast<double>(tol));
            } else {
                using R = loom::real_of_t<T>;
                long double re = 0, im = 0, size = 0;  // size: a bound on sum |a| |b|
                for (std::size_t q = 0; q < k; ++q) {
                    const long double xr = a.at(i, q).real(), xi = a.at(i, q).imag();
                    const long double yr = b.at(q, j).real(), yi = b.at(q, j).imag();
                    re += xr * yr - xi * yi;
                    im += xr * yi + xi * yr;
                    size += (std::fabs(xr) + std::fabs(xi)) * (std::fabs(yr) + std::fabs(yi));
                }
                const long double tol = 2 * (static_cast<long double>(k) + 4) * std::numeric_limits<R>::epsilon() * size;
                if (!(std::fabs(got.real() - re) <= tol && std::fabs(got.imag() - im) <= tol))
                    FAIL_CHECK("C(" << i << ", " << j << ") is " << got << ", not (" << static_cast<double>(re) << ", "
                                    << static_cast<double>(im) << ") within " << static_cast<double>(tol));
            }
        }
    // nothing outside C written
    std::size_t outside = 0;
    std::vector<bool> in_c(c.size, false);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) in_c[static_cast<std::size_t>(&c.at(i, j) - c.store.get())] = true;
    for (std::size_t x = 0; x < c.size; ++x) {
        const T was = before[x];  // (a std::vector<bool> element, as a bool)
        if (!in_c[x] && std::memcmp(&c.store[x], &was, sizeof(T)) != 0) ++outside;
    }
    CHECK(outside == 0);
}

// The tile and block sizes the blocked path of T runs with (1 for the generic path).
template <class T>
struct sizes {
    static constexpr std::size_t mr() {
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) return loom::detail::gemm_blocking<T>::MR;
#endif
        return 4;
    }
    static constexpr std::size_t nr() {
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) return loom::detail::gemm_blocking<T>::NR;
#endif
        return 8;
    }
    static constexpr std::size_t kc() {
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) return loom::detail::gemm_blocking<T>::KC;
#endif
        return 256;
    }
    static constexpr std::size_t mc() {
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) return loom::detail::gemm_blocking<T>::MC;
#endif
        return 64;
    }
    static constexpr std::size_t nc() {
#if LOOM_SIMD
        if constexpr (std::is_floating_point_v<T>) return loom::detail::gemm_blocking<T>::NC;
#endif
        return 512;
    }
};

using gemm_types = decltype(std::tuple_cat(ref::all_types{}, ref::complex_types{}));

}  // namespace

TEMPLATE_LIST_TEST_CASE("gemm equals the naive triple loop on every shape around a tile or block edge",
                        "[linalg][gemm]", gemm_types) {
    using T = TestType;
    using S = sizes<T>;
    const std::size_t mr = S::mr(), nr = S::nr();
    const std::vector<std::size_t> ms = {1, 2, mr - 1, mr, mr + 1, 2 * mr + 1};
    const std::vector<std::size_t> ns = {1, 2, nr - 1, nr, nr + 1, 2 * nr + 3};
    // the depths around each path's kc (the generic path's is 256, tiny_blocks' 7)
    const std::vector<std::size_t> ks[] = {{1, 2, 5}, {1, 5, 257}, {1, 5, S::kc() + 1}, {1, 2, 7, 8, 15}};
    std::uint64_t seed = 1;
    for (path p : {path::small, path::generic, path::blocked, path::blocked_tiny})
        for (std::size_t m : ms)
            for (std::size_t n : ns)
                for (std::size_t k : ks[static_cast<int>(p) - 1])
                    check<T>(p, m, n, k, layout::row, layout::row, layout::row, seed++);
    // through the dispatch: empty operands, k == 0 (zeros), one row (unpacked) and more (packed)
    for (std::size_t m : {0, 1, 3, 40})
        for (std::size_t n : {0, 1, 3, 40})
            for (std::size_t k : {0, 1, 3, 40}) check<T>(path::dispatch, m, n, k, layout::row, layout::row, layout::row, seed++);
}

TEMPLATE_LIST_TEST_CASE("gemm equals the naive triple loop for every layout of A, B and C", "[linalg][gemm]", gemm_types) {
    using T = TestType;
    using S = sizes<T>;
    // k crosses tiny_blocks' kc, not the others': those paths cross theirs on row-major operands above
    const std::size_t m = 2 * S::mr() + 1, n = S::nr() + 3, k = 17;
    std::uint64_t seed = 1000;
    for (path p : {path::small, path::generic, path::blocked, path::blocked_tiny})
        for (layout la : operand_layouts)
            for (layout lb : operand_layouts)
                for (layout lc : target_layouts) check<T>(p, m, n, k, la, lb, lc, seed++);
}

TEMPLATE_LIST_TEST_CASE("gemm equals the naive triple loop on a matrix times a vector, for every layout",
                        "[linalg][gemm]", gemm_types) {
    using T = TestType;
    std::uint64_t seed = 3000;
    // rows around the four-row step, lengths around a batch's lanes (and its four-column step)
    for (std::size_t rows : {1, 3, 4, 5, 9, 37})
        for (std::size_t len : {1, 3, 4, 7, 8, 9, 17, 67})
            for (layout la : operand_layouts)
                for (layout lb : operand_layouts)
                    for (layout lc : target_layouts) {
                        check<T>(path::gemv, rows, 1, len, la, lb, lc, seed++);  // (rows, len) @ (len, 1)
                        check<T>(path::gemv, 1, rows, len, la, lb, lc, seed++);  // (1, len) @ (len, rows)
                    }
}

TEST_CASE("a matrix times a vector keeps an infinity where the naive loop has one", "[linalg][gemm]") {
    // the infinity in the last column, which the column-at-a-time path handles after its groups of four
    for (layout la : {layout::row, layout::col})
        for (std::size_t len : {5, 7, 9}) {
            INFO("A " << name(la) << ", " << len << " columns");
            matrix<double> a(6, len, la, 0.0), x(len, 1, layout::row, 0.0), y(6, 1, layout::row, 0.0);
            for (std::size_t i = 0; i < 6; ++i)
                for (std::size_t p = 0; p < len; ++p) a.at(i, p) = static_cast<double>(i + p + 1);
            for (std::size_t p = 0; p < len; ++p) x.at(p, 0) = 1.0;
            a.at(2, len - 1) = std::numeric_limits<double>::infinity();
            loom::detail::gemm<double>(6, 1, len, a.data(), a.rs, a.cs, x.data(), x.rs, x.cs, y.data(), y.rs, y.cs);
            for (std::size_t i = 0; i < 6; ++i) {
                if (i == 2) CHECK(y.at(i, 0) == std::numeric_limits<double>::infinity());
                else CHECK(y.at(i, 0) == static_cast<double>(len * (i + 1) + len * (len - 1) / 2));
            }
        }
}

TEMPLATE_LIST_TEST_CASE("gemm equals the naive triple loop on large products and across blocks", "[linalg][gemm]", gemm_types) {
    using T = TestType;
    using S = sizes<T>;
    if constexpr (std::is_floating_point_v<T>) {
        check<T>(path::dispatch, 300, 257, 513, layout::row, layout::row, layout::row, 7, 5);
        check<T>(path::dispatch, 100, 70, 200, layout::col, layout::strided, layout::col, 8);
    } else {  // (the generic path's kc is 256)
        check<T>(path::dispatch, 70, 61, 260, layout::row, layout::row, layout::row, 7);
        check<T>(path::dispatch, 70, 61, 260, layout::col, layout::strided, layout::col, 8);
    }
    // several row blocks of A and column panels of B
    check<T>(path::dispatch, S::mc() + 3, S::nc() + 5, 3, layout::row, layout::row, layout::row, 9);
    // few rows across panels of B and depths (B packed a row at a time)
    if constexpr (std::is_floating_point_v<T>)
        check<T>(path::dispatch, 2 * S::mr() + 1, S::nc() + 5, S::kc() + 1, layout::row, layout::row, layout::row, 11, 4);
    check<T>(path::dispatch, S::nc() + 5, S::mc() + 3, 3, layout::reversed, layout::col, layout::col, 10);
}
