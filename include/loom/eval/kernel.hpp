// loom/eval/kernel.hpp: one expression's row loops, the families of loops/ put together, and its row functions for the driver.
#pragma once

#include <cstddef>

#include "classify.hpp"
#include "driver.hpp"
#include "kernel_traits.hpp"
#include "loops/contiguous.hpp"
#include "loops/gathered.hpp"
#include "loops/scalar.hpp"
#include "loops/splatted.hpp"
#include "plan.hpp"

namespace loom::detail {

// Assigning E into T: every loop family's rows of the expression, and the
// row functions (rows_fn) through which the driver, compiled once per element
// type and leaf count, runs them.
template <class T, class E>
struct kernel : contiguous_rows<T, E>, splatted_rows<T, E>, gathered_rows<T, E>, scalar_rows<T, E> {
    using Tr = kernel_traits<T, E>;
    using Tr::each;
    using Tr::L;
    using Tr::may_stream;
    using Tr::vectorized;
    using Tr::W;
    using typename Tr::row_state;
    using driver_type = driver<T, L, vectorized, may_stream, W>;
    using contiguous_rows<T, E>::row_flat;
    using gathered_rows<T, E>::row_packed;
    using scalar_rows<T, E>::row_scalar;
    using splatted_rows<T, E>::rows_for;

    // What classify reads of this kernel (classify.hpp).
    static constexpr route_limits limits{Tr::parallel_min, Tr::all_bytes, may_stream, vectorized, W};

    // The bytes an assignment by plan p moves (driver::moved), and a bound of it.
    static std::size_t moved(const plan<L>& p) { return driver_type::moved(p); }
    static std::size_t moved_at_most(const plan<L>& p) { return driver_type::moved_at_most(p); }

    // The rows of each kind (rows_fn): m rows of n elements from ptr, the rows
    // os (target, elements) and is[k] (leaves, bytes) apart, s.planes times.
    LOOM_HOT_LOOPS static void flat_rows(const void* ev, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                         const std::ptrdiff_t* is, const row_state& s, std::size_t m, std::size_t n) {
        const E& e = *static_cast<const E*>(ev);
        each(out, s.ps, ptr, s.ips, s.planes, [&](T* o, const std::byte* const* q) {
            each(o, os, q, is, m, [&](T* row, const std::byte* const* base) { row_flat(e, row, base, n, s.disjoint); });
        });
    }
    LOOM_HOT_LOOPS static void general_rows(const void* ev, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                            const std::ptrdiff_t* is, const row_state& s, std::size_t m, std::size_t n) {
        const E& e = *static_cast<const E*>(ev);
        rows_for(s.c)(e, out, os, ptr, is, s.c, m, n, s.planes, s.ps, s.ips);
    }
    LOOM_HOT_LOOPS static void packed_rows(const void* ev, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                           const std::ptrdiff_t* is, const row_state& s, std::size_t m, std::size_t n) {
        const E& e = *static_cast<const E*>(ev);
        each(out, s.ps, ptr, s.ips, s.planes, [&](T* o, const std::byte* const* q) {
            each(o, os, q, is, m, [&](T* row, const std::byte* const* base) {
                if constexpr (vectorized) row_packed(e, row, base, s, n);
                else row_scalar(e, row, base, s, n);
            });
        });
    }

    // The rows run<Dense> can reach (driver::run): with Dense, no leaf or target
    // is strided, so packed_rows is not compiled; not vectorized, every kind
    // is packed_rows' scalar rows.
    template <bool Dense>
    static constexpr row_bodies<T, L> bodies() {
        if constexpr (!vectorized) return {nullptr, nullptr, &packed_rows, Tr::work, Tr::parallel_min};
        else if constexpr (Dense) return {&flat_rows, &general_rows, nullptr, Tr::work, Tr::parallel_min};
        else return {&flat_rows, &general_rows, &packed_rows, Tr::work, Tr::parallel_min};
    }

    // target <- e by plan p.
    template <bool Dense = false>
    LOOM_INLINE static void run(const E& e, T* out, const plan<L>& p) {
        static constexpr row_bodies<T, L> b = bodies<Dense>();
        driver_type::template run<Dense && vectorized>(&e, out, p, b);
    }
};

}  // namespace loom::detail
