// loom/eval/reduce/moments.hpp: mean, var and stddev over an operand in memory, sharing the means an assignment has already computed.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "../../core/shape.hpp"
#include "../../core/storage.hpp"
#include "../../expr/ops.hpp"
#include "../shared_means.hpp"
#include "axes.hpp"
#include "blocked.hpp"
#include "memory.hpp"

namespace loom::detail {

// out (m elements) <- the means over the reduced axes of the operand at data.
// memo: the means the assignment shares (eval/shared_means.hpp; null when it
// shares none, or when data is not the user's memory): taken from it when
// another mean, var or stddev node of the assignment computed them, left in it otherwise.
template <class R, class V>
void means_memory(R* out, std::size_t m, const V* data, const shape_t& s, const strides_t& st, const bool* red,
                  shared_means* memo) {
    if (memo) {
        if (const R* v = memo->find<R>(data, s, st, red)) return void(std::copy_n(v, m, out));
    }
    reduce_memory<reduce_kind::sum, R, V>(out, data, s, st, red);
    sums_to_means(out, m, reduced_count(s, red));
    if (memo) memo->keep<R>(data, s, st, red, out, m);
}

// var and stddev into out: the mean, then the sum of the squared deviations
// from it over N - correction (NaN where that is not positive).
template <class K, class R, class V>
void moment_memory(R* out, const V* data, const shape_t& s, const strides_t& st, const bool* red, double correction,
                   shared_means* memo) {
    const std::size_t count = reduced_count(s, red);
    shape_t ks;  // the reduced shape with the reduced axes as 1
    for (std::size_t i = 0; i < s.size(); ++i) ks.push_back(red[i] ? 1 : s[i]);
    const std::size_t m = size_of(ks);
    using M = std::conditional_t<is_complex_v<V>, std::complex<R>, R>;  // the means' type
    buffer<M> mu(std::max<std::size_t>(m, 1));
    means_memory(mu.data(), m, data, s, st, red, memo);
    const strides_t kst = c_strides(ks);
    const raw_leaf<V> xl{data, &s, &st};
    const raw_leaf<M> ml{mu.data(), &ks, &kst};
    // the squared deviations (|d|^2 = real(d * conj(d)) for complex ones), summed block by block as they are computed
    auto d = make_fn<ops::subtract>(xl, ml);
    if constexpr (is_complex_v<V>)
        reduce_blocked<reduce_kind::sum, R>(out, make_fn<ops::real>(make_fn<ops::multiply>(d, make_fn<ops::conj>(d))), s, red);
    else
        reduce_blocked<reduce_kind::sum, R>(out, make_fn<ops::square>(d), s, red);
    const double dof = static_cast<double>(count) - correction;
    for (std::size_t i = 0; i < m; ++i) {
        R v = dof > 0 ? static_cast<R>(out[i] / static_cast<R>(dof)) : std::numeric_limits<R>::quiet_NaN();
        if constexpr (K::root) v = std::sqrt(v);
        out[i] = v;
    }
}

}  // namespace loom::detail
