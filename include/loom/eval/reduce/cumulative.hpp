// loom/eval/reduce/cumulative.hpp: running sums and products along one axis (cumulative_sum, cumulative_prod).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "../../core/errors.hpp"
#include "../../core/shape.hpp"
#include "../../detail/small_vector.hpp"
#include "../../expr/reduction_nodes.hpp"
#include "blocked.hpp"

namespace loom::detail {

// What computing a cumulative node needs besides its result's shape: the
// operand's shape (rank 0 as one element along a single axis) and the axis.
struct cumulative_input {
    shape_t s;
    std::size_t axis = 0;
};

// The result's shape of a cumulative node; info gets the rest.
template <class K, class R, class X>
shape_t result_shape(const cumulative<K, R, X>& e, cumulative_input& info) {
    shape_t& s = info.s;
    std::size_t& axis = info.axis;
    s = shape_of(e.arg_);
    if (s.empty()) s = shape_t{1};
    else if (!e.has_axis_ && s.size() > 1)
        throw std::invalid_argument(std::string("loom::cumulative_") + (K::name[0] == 's' ? "sum" : "prod") +
                                    ": an operand of rank " + std::to_string(s.size()) + " needs an axis");
    const auto r = static_cast<std::ptrdiff_t>(s.size());
    const std::ptrdiff_t a = e.has_axis_ ? e.axis_ : 0;
    if (a < -r || a >= r)
        throw index_error(std::string("loom::cumulative_") + (K::name[0] == 's' ? "sum" : "prod") + ": axis " +
                          std::to_string(a) + " is out of range for an operand of rank " + std::to_string(s.size()));
    axis = static_cast<std::size_t>(a < 0 ? a + r : a);
    shape_t rs = s;
    rs[axis] += e.initial_ ? 1 : 0;
    return rs;
}

// out (row-major in the result's shape rs) <- the running sums or products.
template <class K, class R, class X>
void compute(const cumulative<K, R, X>& e, R* out, const shape_t& rs, const cumulative_input& info, shared_means*) {
    using V = typename X::value_type;
    const shape_t& s = info.s;
    const std::size_t axis = info.axis;
    const strides_t ors = c_strides(rs);
    const shape_t xs = shape_of(e.arg_);  // rank 0 stays rank 0 for the operand's own strides
    with_operand(e.arg_, xs, [&](const V* data, const strides_t& st0) {
        strides_t st = st0;
        if (xs.empty()) st = strides_t{1};
        const std::size_t n = s[axis], lines = n ? size_of(s) / n : 0;
        small_vector<std::size_t, 8> idx(s.size(), 0);
        for (std::size_t l = 0; l < lines; ++l) {
            std::ptrdiff_t in = 0, o = 0;
            for (std::size_t k = 0; k < s.size(); ++k) {
                in += static_cast<std::ptrdiff_t>(idx[k]) * st[k];
                o += static_cast<std::ptrdiff_t>(idx[k]) * ors[k];
            }
            R acc = K::template identity<R>();
            R* dst = out + o;
            if (e.initial_) *dst = acc, dst += ors[axis];
            // the first element is itself, not the identity combined with it (which
            // loses a -0.0 in a sum, and turns inf + 1i into inf + NaN i in a complex product)
            for (std::size_t i = 0; i < n; ++i, dst += ors[axis]) {
                const R x = K::template lift<R>(data[in + static_cast<std::ptrdiff_t>(i) * st[axis]]);
                acc = i == 0 ? x : K::combine(acc, x);
                *dst = acc;
            }
            for (std::size_t k = s.size(); k-- > 0;) {
                if (k == axis) continue;
                if (++idx[k] < s[k]) break;
                idx[k] = 0;
            }
        }
        if (e.initial_ && n == 0) {  // lines of only the identity
            const std::size_t m = size_of(rs);
            for (std::size_t i = 0; i < m; ++i) out[i] = K::template identity<R>();
        }
    });
}

}  // namespace loom::detail
