// loom/eval/reduce/computed.hpp: reductions and cumulative nodes as leaves: computed by the prepared pass into storage the assignment owns, then read as memory.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "../../core/shape.hpp"
#include "../../core/storage.hpp"
#include "../../detail/small_vector.hpp"
#include "../../expr/reduction_nodes.hpp"
#include "../alias.hpp"
#include "../walk.hpp"
#include "axes.hpp"
#include "blocked.hpp"
#include "cumulative.hpp"
#include "memory.hpp"
#include "moments.hpp"

namespace loom::detail {

// What computing a reduction needs besides its result's shape: the operand's
// shape and which of its axes are reduced.
struct reduce_input {
    shape_t s;
    small_vector<bool, 8> red;
};
template <class K, class R, class X>
shape_t result_shape(const reduction<K, R, X>& e, reduce_input& in) {
    return reduced_shape(e, in.s, in.red);
}

// out (row-major in the result's shape rs, at least one element) <- e's
// values, from its operand's memory (with_operand) or block by block
// (reduce_blocked); memo: the means the assignment shares (null: none).
template <class K, class R, class X>
void compute(const reduction<K, R, X>& e, R* out, const shape_t& rs, const reduce_input& in, shared_means* memo) {
    using V = typename X::value_type;
    const shape_t& s = in.s;
    const bool* red = in.red.data();
    if constexpr (!K::arg && !K::moment && !memory_leaf<X> && !lone_leaf<X>) {
        reduce_blocked<K, R>(out, e.arg_, s, red);
        if constexpr (K::divides) sums_to_means(out, size_of(rs), reduced_count(s, red));
    } else {
        // means are shared only over the user's memory: a temporary's address may come again
        shared_means* const shared = memory_leaf<X> ? memo : nullptr;
        with_operand(e.arg_, s, [&](const V* data, const strides_t& st) {
            if constexpr (K::arg) arg_memory<K, V>(out, data, s, st, red);
            else if constexpr (K::moment) moment_memory<K, R, V>(out, data, s, st, red, e.correction_, shared);
            else if constexpr (K::divides) means_memory(out, size_of(rs), data, s, st, red, shared);
            else reduce_memory<K, R, V>(out, data, s, st, red);
        });
    }
}

// Reductions and cumulative nodes read as leaves: the prepared pass computes
// each into a slot of storage the assignment owns (once per assignment), and
// the loop reads that slot as memory. In is what compute needs besides the shape.
template <class E, class R, class In>
struct computed_leaf : leaf_reads<R> {
    static constexpr std::size_t slots = 1;
    static void collect(const E& e, leaf_desc* out, prepare_ctx& ctx) {
        In in;
        shape_t rs = result_shape(e, in);
        prepared& p = ctx.take();
        R* values = p.template hold<R>(std::move(rs));
        compute(e, values, p.shape, in, ctx.means);
        *out = {p.values.data(), sizeof(R), &p.shape, &p.strides};
    }
    // A lone node assigned to memory already of its result's shape s, row-major
    // (an array's or tensor's buffer, a contiguous view; pipeline.hpp,
    // assign_computed): computed straight into it, with no buffer of its own,
    // when its operand is an array or view apart from that memory; false
    // (nothing done) otherwise.
    static bool compute_into(const E& e, R* out, const shape_t& s) {
        using X = std::remove_cvref_t<decltype(e.arg_)>;
        if constexpr (!memory_leaf<X>) {
            return false;
        } else {
            In in;
            if (result_shape(e, in) != s) return false;
            const auto l = e.arg_.layout();
            if (span_meets(reinterpret_cast<const std::byte*>(l.data), sizeof(typename X::value_type), *l.shape,
                           *l.strides, reinterpret_cast<const std::byte*>(out), size_of(s) * sizeof(R)))
                return false;
            compute(e, out, s, in, nullptr);
            return true;
        }
    }
    // A lone node assigned to an array or tensor (pipeline.hpp, assign_handed): its
    // values, computed into a buffer of its own, and their shape, for the target to take.
    static buffer<R> hand_over(const E& e, shape_t& s) {
        In in;
        s = result_shape(e, in);
        buffer<R> b(std::max<std::size_t>(size_of(s), 1));
        compute(e, b.data(), s, in, nullptr);
        return b;
    }
};

template <class K, class R, class X>
struct walker<reduction<K, R, X>> : computed_leaf<reduction<K, R, X>, R, reduce_input> {
    static void shape_into(const reduction<K, R, X>& e, shape_t& acc) {
        reduce_input in;
        broadcast_into(acc, result_shape(e, in));
    }
};

template <class K, class R, class X>
struct walker<cumulative<K, R, X>> : computed_leaf<cumulative<K, R, X>, R, cumulative_input> {
    static void shape_into(const cumulative<K, R, X>& e, shape_t& acc) {
        cumulative_input in;
        broadcast_into(acc, result_shape(e, in));
    }
};

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_not_one(const char* fn, const shape_t& s) {
    throw std::invalid_argument(std::string("loom::") + fn + ": only a reduction of one element converts to a number; this one has shape " +
                                to_string(s));
}

template <class E>
typename E::value_type value_of_one(const E& e) {
    using V = typename E::value_type;
    const shape_t s = shape_of(e);
    if (size_of(s) != 1)
        throw std::invalid_argument("loom: only an expression of one element converts to a number; this one has shape " +
                                    to_string(s));
    buffer<V> one(1);
    assign_fresh(fresh_target<V>{one.data(), s, c_strides(s)}, e, prepared_leaves<E>(e));
    return one.data()[0];
}

}  // namespace loom::detail

namespace loom {

template <class Kind, class R, class X>
reduction<Kind, R, X>::operator R() const {
    detail::reduce_input in;
    const shape_t rs = detail::result_shape(*this, in);
    if (size_of(rs) != 1) detail::throw_not_one(Kind::name, rs);
    R v{};
    detail::compute(*this, &v, rs, in, nullptr);
    return v;
}

}  // namespace loom
