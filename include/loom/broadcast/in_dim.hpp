// loom/broadcast/in_dim.hpp: in_dim(x, dims), XLA "InDim" broadcasting as an operand of element-wise operations.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../eval/walk.hpp"
#include "../expr/node.hpp"
#include "../view/axes.hpp"
#include "dims.hpp"

namespace loom {

//! The operand `in_dim(x, dims)` builds: `x` (captured like any operand) and its dims.
template <class X>
struct in_dim_node : expression_base<in_dim_node<X>> {
    using value_type = typename X::value_type;
    X arg_;
    detail::axes_t dims_;

    in_dim_node(X x, detail::axes_t dims) : arg_(std::move(x)), dims_(std::move(dims)) {}
};

//! XLA "InDim" broadcasting inside an element-wise operation: axis i of `x`
//! is matched to axis `dims[i]` of the other operands. `x` is raised to their
//! rank (the largest rank among the operands of the same operation that are not
//! in_dim; when those are all C++ numbers or in_dim, the rank of the enclosing
//! operation) with size-1 axes everywhere else, then the usual size-1
//! broadcasting applies. `dims` is a braced list or any range of
//! integers: one entry per axis of `x`, strictly increasing, below that rank;
//! broadcast_error otherwise (when the shape is resolved).
//!   loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};
//!   loom::array<double> v = {10, 20};
//!   loom::array<double> r = X + loom::in_dim(v, {0});   // {{11, 12, 13}, {24, 25, 26}}
template <class X>
    requires expression<X&&>
auto in_dim(X&& x, std::initializer_list<std::ptrdiff_t> dims) {
    return in_dim_node<detail::capture_t<X&&>>(detail::capture_operand(std::forward<X>(x)), detail::to_axes(dims));
}
template <class X, integer_range R>
    requires expression<X&&>
auto in_dim(X&& x, const R& dims) {
    return in_dim_node<detail::capture_t<X&&>>(detail::capture_operand(std::forward<X>(x)), detail::to_axes(dims));
}

namespace detail {

template <class X>
struct is_raised<in_dim_node<X>> : std::true_type {};
template <class X>
struct heavy_tree<in_dim_node<X>> : heavy_tree<X> {};
template <class X>
struct tree_work<in_dim_node<X>> : tree_work<X> {};

template <class X>
struct walker<in_dim_node<X>> {
    using E = in_dim_node<X>;
    static constexpr std::size_t leaves = walker<X>::leaves;
    static constexpr std::size_t slots = leaves + walker<X>::slots;  // a raised layout per leaf, then x's
    static constexpr bool needs_rank = true;
    using lane = typename walker<X>::lane;
    template <std::size_t W>
    static constexpr bool vec = walker<X>::template vec<W>;
    static constexpr auto elems = walker<X>::elems;

    // n: the rank to raise to, no_rank when no other operand gives one
    static void check(const E& e, const shape_t& s, std::size_t n) {
        if (n == no_rank)
            throw broadcast_error("in_dim(" + to_string(s) + ", dims " + to_string(e.dims_) +
                                  "): no other operand of the element-wise operation gives a rank to raise to");
        check_dims("in_dim", s, e.dims_, n);
    }

    static void shape_into(const E& e, shape_t& acc, std::size_t n = no_rank) {
        const shape_t s = shape_of(e.arg_);
        check(e, s, n);
        shape_t r(n, 1);
        for (std::size_t i = 0; i < s.size(); ++i) r[static_cast<std::size_t>(e.dims_[i])] = s[i];
        broadcast_into(acc, r);
    }

    // Every leaf below gets a rank-n layout, kept in the assignment's slots:
    // its axes, aligned at the right within x's shape, moved to the dims they map to.
    static void collect(const E& e, leaf_desc* out, prepare_ctx& p, std::size_t n = no_rank) {
        check(e, shape_of(e.arg_), n);
        prepared* const raised_at = p.next;
        p.next += leaves;
        walker<X>::collect(e.arg_, out, p);
        const std::size_t m = e.dims_.size();
        for (std::size_t k = 0; k < leaves; ++k) {
            prepared& raised = raised_at[k];
            const shape_t& s = *out[k].shape;
            const strides_t& st = *out[k].strides;
            const std::size_t r = s.size();
            raised.shape.assign(n, 1);
            raised.strides.assign(n, 0);
            for (std::size_t j = 0; j < r; ++j) {
                const auto d = static_cast<std::size_t>(e.dims_[m - r + j]);
                raised.shape[d] = s[j];
                raised.strides[d] = st[j];
            }
            out[k].shape = &raised.shape;
            out[k].strides = &raised.strides;
        }
    }

    template <std::size_t K>
    static auto scalar(const E& e, const cursor* c) {
        return walker<X>::template scalar<K>(e.arg_, c);
    }
#if LOOM_SIMD
    template <std::size_t K, class C, std::uint64_t S = splats_unknown>
    static simd::batch<C> batch(const E& e, const cursor* c) {
        return walker<X>::template batch<K, C, S>(e.arg_, c);
    }
    template <std::size_t K, class C, std::uint64_t S = splats_unknown>
    static simd::mask<C> truth(const E& e, const cursor* c) {
        return walker<X>::template truth<K, C, S>(e.arg_, c);
    }
    template <std::size_t K, std::size_t W, std::uint64_t S = splats_unknown>
    static auto pack(const E& e, const cursor* c) {
        return walker<X>::template pack<K, W, S>(e.arg_, c);
    }
#endif
};

}  // namespace detail

}  // namespace loom
