// loom/linalg/product.hpp: one matrix product C = A B: a BLAS's cblas_?gemm when loom is built with one (Meson option blas) and the product is large, loom's own kernel otherwise.
#pragma once

#include <algorithm>
#include <climits>
#include <complex>
#include <cstddef>
#include <type_traits>

#include "../config.hpp"
#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../view/strided_view.hpp"
#include "gemm.hpp"

#if LOOM_BLAS
#include <cblas.h>
#endif

namespace loom::detail {

#if LOOM_BLAS
// The element types a BLAS multiplies.
template <class T>
inline constexpr bool blas_type = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                  std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>;

// Products of at least this many multiply-adds (m n k) go to the BLAS; below it loom's kernel
// is as fast and skips the library's set-up.
inline constexpr std::size_t blas_min_work = std::size_t{32} * 32 * 32;

// How a BLAS reads a rows x cols operand at strides (rs, cs): row-major (trans false, ld = rs)
// or column-major (trans true, ld = cs); false when neither. Axes of one element take any stride.
inline bool blas_layout(std::size_t rows, std::size_t cols, std::ptrdiff_t rs, std::ptrdiff_t cs, bool& trans, int& ld) {
    const auto r = static_cast<std::ptrdiff_t>(std::max<std::size_t>(rows, 1));
    const auto c = static_cast<std::ptrdiff_t>(std::max<std::size_t>(cols, 1));
    const std::ptrdiff_t rs_row = rows <= 1 ? c : rs, cs_row = cols <= 1 ? 1 : cs;
    const std::ptrdiff_t rs_col = rows <= 1 ? 1 : rs, cs_col = cols <= 1 ? r : cs;
    if (cs_row == 1 && rs_row >= c && rs_row <= INT_MAX) {
        trans = false, ld = static_cast<int>(rs_row);
        return true;
    }
    if (rs_col == 1 && cs_col >= r && cs_col <= INT_MAX) {
        trans = true, ld = static_cast<int>(cs_col);
        return true;
    }
    return false;
}

template <class T>
void blas_gemm(bool ta, bool tb, int m, int n, int k, const T* a, int lda, const T* b, int ldb, T* c, int ldc) {
    const auto opa = ta ? CblasTrans : CblasNoTrans, opb = tb ? CblasTrans : CblasNoTrans;
    if constexpr (std::is_same_v<T, float>) {
        cblas_sgemm(CblasRowMajor, opa, opb, m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, ldc);
    } else if constexpr (std::is_same_v<T, double>) {
        cblas_dgemm(CblasRowMajor, opa, opb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
    } else {
        const T one(1), zero(0);
        if constexpr (std::is_same_v<T, std::complex<float>>)
            cblas_cgemm(CblasRowMajor, opa, opb, m, n, k, &one, a, lda, b, ldb, &zero, c, ldc);
        else
            cblas_zgemm(CblasRowMajor, opa, opb, m, n, k, &one, a, lda, b, ldb, &zero, c, ldc);
    }
}

// C = A B by the BLAS; false (nothing done) when the sizes are beyond its int or C is not row-major.
// An operand it cannot read in place (negative or gapped inner strides) is copied row-major first.
template <class T>
bool blas_product(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
                  const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
    if (m > INT_MAX || n > INT_MAX || k > INT_MAX) return false;
    bool tc = false;
    int ldc = 0;
    if (!blas_layout(m, n, rsc, csc, tc, ldc) || tc) return false;
    array<T> ca, cb;  // row-major copies, when needed
    bool ta = false, tb = false;
    int lda = 0, ldb = 0;
    if (!blas_layout(m, k, rsa, csa, ta, lda)) {
        ca = strided_view<const T>(a, shape_t{m, k}, strides_t{rsa, csa});
        a = ca.data(), ta = false, lda = static_cast<int>(std::max<std::size_t>(k, 1));
    }
    if (!blas_layout(k, n, rsb, csb, tb, ldb)) {
        cb = strided_view<const T>(b, shape_t{k, n}, strides_t{rsb, csb});
        b = cb.data(), tb = false, ldb = static_cast<int>(std::max<std::size_t>(n, 1));
    }
    blas_gemm<T>(ta, tb, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), a, lda, b, ldb, c, ldc);
    return true;
}
#endif

// C = A B (element (i, j) of each at p[i * rs + j * cs]; C overwritten). A matrix times a
// vector stays with loom's kernel: one pass over the matrix, as a BLAS's, without its set-up.
template <class T>
void product(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
             const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
#if LOOM_BLAS
    if constexpr (blas_type<T>) {
        if (k > 0 && m > 1 && n > 1 && m * n * k >= blas_min_work && blas_product(m, n, k, a, rsa, csa, b, rsb, csb, c, rsc, csc)) return;
    }
#endif
    gemm(m, n, k, a, rsa, csa, b, rsb, csb, c, rsc, csc);
}

}  // namespace loom::detail
