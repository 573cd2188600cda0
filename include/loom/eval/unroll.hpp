// loom/eval/unroll.hpp: short reductions (a few elements per result, each result read once) evaluated inside the element-wise pass, with no buffer.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>

#include "../core/shape.hpp"
#include "../expr/node.hpp"
#include "../expr/reduction_nodes.hpp"
#include "pipeline.hpp"
#include "reduce/axes.hpp"
#include "walk.hpp"

namespace loom::detail {

// A reduction evaluated in the element-wise pass: its operand's leaves
// appear unroll_max times, copy c moved to the c-th reduced element of each
// result (copies past the count are splats nothing reads), and its value is
// the copies combined in registers.
template <class K, class R, class X>
struct unrolled : expression_base<unrolled<K, R, X>> {
    using value_type = R;
    static constexpr std::size_t LX = walker<X>::leaves;
    const reduction<K, R, X>* r;
    std::size_t n = 0;  // elements reduced into each result
    shape_t out_shape;  // the reduction's shape
    shape_t operand;    // its operand's shape
    small_vector<bool, 8> red;
    leaf_desc d[LX];  // the operand's leaves
    shape_t shapes[LX];  // each leaf over the result's axes
    strides_t strides[LX];
    std::ptrdiff_t offset[unroll_max][LX] = {};  // copy c of leaf k: elements from its data
    shape_t point;  // the shape of the copies nothing reads
    strides_t point_strides;
    std::array<prepared, walker<X>::slots> inner;  // for reductions inside the operand

    explicit unrolled(const reduction<K, R, X>& e) : r(&e) {}

    // Whether this reduction may be unrolled into an assignment of shape f:
    // 1 to unroll_max elements per result, and every result read once (f is
    // its shape, up to leading axes of 1). Bad axes throw index_error here.
    bool fits(const shape_t& f) {
        out_shape = reduced_shape(*r, operand, red);
        n = reduced_count(operand, red.data());
        if (n == 0 || n > unroll_max || out_shape.size() > f.size()) return false;
        const std::size_t lead = f.size() - out_shape.size();
        for (std::size_t i = 0; i < f.size(); ++i)
            if (f[i] != (i < lead ? 1 : out_shape[i - lead])) return false;
        return true;
    }

    // The operand's leaves (reductions inside it are computed here) over the
    // result's axes, and where each copy starts.
    void prepare() {
        prepare_ctx ctx{inner.data(), nullptr};
        walker<X>::collect(r->arg_, d, ctx);
        const std::size_t rank = operand.size();
        for (std::size_t k = 0; k < LX; ++k) {
            const shape_t& ls = *d[k].shape;
            const strides_t& st = *d[k].strides;
            const std::size_t lead = rank - ls.size();
            const auto extent = [&](std::size_t i) { return i < lead ? std::size_t{1} : ls[i - lead]; };
            const auto stride = [&](std::size_t i) { return extent(i) == 1 ? std::ptrdiff_t{0} : st[i - lead]; };
            shapes[k].resize(0);
            strides[k].resize(0);
            for (std::size_t i = 0; i < rank; ++i) {
                if (red[i] && !r->keepdims_) continue;
                shapes[k].push_back(red[i] ? 1 : extent(i));
                strides[k].push_back(red[i] ? 0 : stride(i));
            }
            // the reduced elements in row-major order over the reduced axes
            for (std::size_t c = 0; c < n; ++c) {
                std::size_t rest = c;
                std::ptrdiff_t at = 0;
                for (std::size_t i = rank; i-- > 0;) {
                    if (!red[i]) continue;
                    at += static_cast<std::ptrdiff_t>(rest % operand[i]) * stride(i);
                    rest /= operand[i];
                }
                offset[c][k] = at;
            }
        }
    }
};

template <class K, class R, class X>
struct walker<unrolled<K, R, X>> {
    using E = unrolled<K, R, X>;
    using WX = walker<X>;
    static constexpr std::size_t LX = WX::leaves;
    static constexpr std::size_t leaves = unroll_max * LX;
    static constexpr std::size_t slots = 0;  // the node holds its operand's
    using lane = R;
    template <std::size_t W>
    static constexpr bool vec = [] {
        if constexpr (!WX::template vec<W>) return false;
        else return simd::vectorizable<R> && simd::lanes<R> == W;
    }();
    static constexpr auto elems = [] {
        std::array<std::size_t, leaves> e{};
        for (std::size_t c = 0; c < unroll_max; ++c)
            for (std::size_t k = 0; k < LX; ++k) e[c * LX + k] = WX::elems[k];
        return e;
    }();

    static void shape_into(const E& e, shape_t& acc) { broadcast_into(acc, e.out_shape); }
    static void collect(const E& e, leaf_desc* out, prepare_ctx&) {
        for (std::size_t c = 0; c < unroll_max; ++c)
            for (std::size_t k = 0; k < LX; ++k) {
                const leaf_desc& d = e.d[k];
                if (c < e.n)  // an empty leaf's pointer may be null: no offset is added to it
                    out[c * LX + k] = {d.data ? d.data + e.offset[c][k] * static_cast<std::ptrdiff_t>(d.elem) : d.data,
                                       d.elem, &e.shapes[k], &e.strides[k]};
                else
                    out[c * LX + k] = {d.data, d.elem, &e.point, &e.point_strides};
            }
    }

    template <std::size_t Kk>
    static R scalar(const E& e, const cursor* c) {
        const X& x = e.r->arg_;
        R a = static_cast<R>(WX::template scalar<Kk>(x, c));
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            ((I + 1 < e.n ? void(a = K::combine(a, static_cast<R>(WX::template scalar<Kk + (I + 1) * LX>(x, c)))) : void()),
             ...);
        }(std::make_index_sequence<unroll_max - 1>{});
        if constexpr (K::divides) a = a / static_cast<R>(e.n);
        return a;
    }
#if LOOM_SIMD
    template <std::size_t Kk, class Xt, std::uint64_t S = splats_unknown>
    static simd::batch<Xt> batch(const E& e, const cursor* c) {
        return simd::convert<Xt>(value<Kk, S>(e, c));
    }
    template <std::size_t Kk, class Xt, std::uint64_t S = splats_unknown>
    static simd::mask<Xt> truth(const E& e, const cursor* c) {
        return simd::mask_as<Xt>(simd::truth(value<Kk, S>(e, c)));
    }
    template <std::size_t Kk, std::size_t W, std::uint64_t S = splats_unknown>
    static simd::pack<R, W> pack(const E& e, const cursor* c) {
        return simd::to_pack(value<Kk, S>(e, c));
    }

private:
    template <std::size_t Kk, std::uint64_t S>
    static simd::batch<R> value(const E& e, const cursor* c) {
        const X& x = e.r->arg_;
        simd::batch<R> a = WX::template batch<Kk, R, S>(x, c);
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            ((I + 1 < e.n ? void(a = K::combine(a, WX::template batch<Kk + (I + 1) * LX, R, S>(x, c))) : void()), ...);
        }(std::make_index_sequence<unroll_max - 1>{});
        if constexpr (K::divides) a = a / simd::splat(static_cast<R>(e.n));
        return a;
    }

public:
#endif
};

template <class E>
struct is_leaf_ref : std::false_type {};
template <class L>
struct is_leaf_ref<leaf_ref<L>> : std::true_type {};
template <class E>
struct is_unrolled : std::false_type {};
template <class K, class R, class X>
struct is_unrolled<unrolled<K, R, X>> : std::true_type {};

// The tree with its unrollable reductions as unrolled nodes, referring to
// the original's nodes and memory (nothing of the user's is copied).
template <class E>
struct unroll_type {
    using type = std::conditional_t<memory_leaf<E> && !is_leaf_ref<E>::value, leaf_ref<E>, E>;
};
template <class Op, class... A>
struct unroll_type<fn<Op, A...>> {
    using type = fn<Op, typename unroll_type<A>::type...>;
};
template <class K, class R, class X>
struct unroll_type<reduction<K, R, X>> {
    using type = unrolled<K, R, X>;
};
template <class E>
using unroll_t = typename unroll_type<E>::type;

template <class E>
unroll_t<E> unroll_tree(const E& e) {
    if constexpr (is_fn<E>::value) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return unroll_t<E>(e.op_, unroll_tree(boost::hana::at_c<I>(e.args_))...);
        }(std::make_index_sequence<walker<E>::offset.size() - 1>{});
    } else {
        return unroll_t<E>(e);
    }
}

// f(node) for each unrolled node of the tree, until f returns false.
template <class E, class F>
bool each_unrolled(E& e, F&& f) {
    if constexpr (is_fn<E>::value) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return (each_unrolled(boost::hana::at_c<I>(e.args_), f) && ...);
        }(std::make_index_sequence<walker<E>::offset.size() - 1>{});
    } else if constexpr (is_unrolled<E>::value) {
        return f(e);
    } else {
        return true;
    }
}

// target <- e with e's reductions unrolled, when each of them fits the
// assignment's shape; false (nothing done) otherwise. Classify's routes in
// every mode (the unrolled tree has no small-array path to take), so the
// second tree costs one set of row loops to compile.
template <mode M, class Target, class E>
bool assign_unrolled(Target& target, const E& e) {
    using T = typename Target::value_type;
    using U = unroll_t<E>;
    shape_t f;
    if constexpr (M == mode::init || M == mode::value) f = shape_of(e);
    else f = target.shape();
    U u = unroll_tree(e);
    if (!each_unrolled(u, [&](auto& node) { return node.fits(f); })) return false;
    each_unrolled(u, [](auto& node) {
        node.prepare();
        return true;
    });
    const prepared_leaves<U> lv(u);
    if constexpr (M == mode::fresh) {
        assign_routed<false, true, into::fresh>(target.data(), target.shape(), target.strides(), u, lv, true, true);
    } else if constexpr (M == mode::inplace) {
        if (!all_shaped(lv.d, lv.size, f)) check_inplace(f, shape_of(u));
        constexpr bool own = owning<Target>::value;
        assign_routed<true, own, own ? into::owning : into::other>(target.data(), f, target.strides(), u, lv, true,
                                                                   false);
    } else if (M == mode::value && target.shape() == f) {
        assign_routed<true, true, into::owning>(target.data(), f, target.strides(), u, lv, true, true);
    } else {  // a new shape: into a fresh buffer the target then takes
        buffer<T> fresh(size_of(f));
        const strides_t cs = c_strides(f);
        assign_routed<false, true, into::fresh>(fresh.data(), f, cs, u, lv, true, true);
        if constexpr (M == mode::init) value_access::make_empty(target);
        value_access::adopt(target, std::move(fresh), f);
    }
    return true;
}

}  // namespace loom::detail
