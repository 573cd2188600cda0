// loom/eval/pipeline.hpp: the one way into evaluation: every assignment runs shape -> check -> alias -> plan -> strategy -> loop here.
#pragma once

#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "alias.hpp"
#include "check.hpp"
#include "classify.hpp"
#include "direct.hpp"
#include "kernel.hpp"
#include "loops/fill.hpp"
#include "plan.hpp"
#include "strategy.hpp"
#include "walk.hpp"

namespace loom::detail {

// What an assignment may do to its target:
//   fresh    a row-major buffer just allocated: no leaf reads it
//   init     a new array or tensor (a constructor) takes e's shape
//   value    an array or tensor takes e's shape (`r = e`), reusing its
//            buffer when it fits
//   inplace  the target keeps its shape and e must broadcast to it
//            (`view = e`, `r += e`, fixed_array)
enum class mode { fresh, init, value, inplace };

// A buffer just allocated, as a target (mode::fresh).
template <class T>
struct fresh_target {
    using value_type = T;
    T* data_;
    const shape_t& shape_;
    const strides_t& strides_;
    T* data() const noexcept { return data_; }
    const shape_t& shape() const noexcept { return shape_; }
    const strides_t& strides() const noexcept { return strides_; }
};

// Steps 3 to 7 (alias, plan, strategy, loop) as classify (classify.hpp)
// routes them: flat and rows without a plan; copied: a leaf reads the
// target's memory other than in step, so e is evaluated into a temporary
// first, as if every operand had been copied (NumPy's rule); planned: the
// plan and driver::run (strategy, streaming, threads). CheckAlias: a leaf may
// read the target (not for a fresh buffer, nor an array from arrays); Dense:
// the target is row-major contiguous and owning leaves are whole (then the
// strided loops are not compiled for owning trees). Known: e's shape is
// resolved (or checked, in place); else false when the leaves do not show it
// (route::unresolved: nothing done). Exact: e's shape is the target's, else
// it broadcasts to it.
template <bool CheckAlias, bool Dense, into Into, class T, class E>
bool assign_routed(T* data, const shape_t& shape, const strides_t& strides, const E& e, const leaves_of<E>& lv,
                   bool known, bool exact) {
    using K = kernel<T, E>;
    constexpr std::size_t L = K::L;
    if constexpr (L == 0) {
        if (!known && exact && !shape.empty()) return false;  // a number has shape (): another shape in value mode
        fill(data, shape, strides, static_cast<T>(walker<E>::template scalar<0>(e, nullptr)));
        ran(strategy::fill);
        return true;
    } else {
        constexpr bool owned = Dense && owning_tree<E>();
        const routing<T, L> r =
            classify<T, L, Into, owned>(data, shape, strides, lv.d, known, exact, CheckAlias, K::limits);
        switch (r.how) {
        case route::unresolved: return false;
        case route::flat: run_flat_route<Dense && owning_flat<T, E>>(data, e, r); return true;
        case route::rows: run_rows_route<Into == into::owning && owned>(data, e, r); return true;
        case route::copied:
            if constexpr (CheckAlias) {
                buffer<T> tmp(size_of(shape));
                const strides_t cs = c_strides(shape);
                {
                    plan<L> p;
                    make_plan(p, shape, cs, lv.d);
                    K::run(e, tmp.data(), p);
                }
                const raw_leaf<T> src{tmp.data(), &shape, &cs};
                const prepared_leaves<raw_leaf<T>> d(src);
                plan<1> p;
                make_plan(p, shape, strides, d.d);
                kernel<T, raw_leaf<T>>::run(src, data, p);
                return true;
            }
            [[fallthrough]];
        default: {
            plan<L> p;
            make_plan(p, shape, strides, lv.d);
            K::template run<owned>(e, data, p);
            return true;
        }
        }
    }
}

// target <- e into a buffer just allocated, where e's shape broadcasts to the
// target's (the caller resolved it): no check, no alias.
template <class T, class E>
void assign_fresh(const fresh_target<T>& t, const E& e, const leaves_of<E>& lv) {
    assign_routed<false, true, into::fresh>(t.data(), t.shape(), t.strides(), e, lv, true, true);
}

// target <- e in place (an array or tensor: owning; a view, a fixed_array):
// nothing is written when e's shape does not broadcast to the target's.
template <class Target, class E>
void assign_inplace_general(Target& target, const E& e) {
    using T = typename Target::value_type;
    // arrays and tensors: owning leaves read them in step or not at all
    constexpr bool own = owning<Target>::value;
    constexpr bool check_alias = !own || !owning_tree<E>();
    constexpr into kind = own ? into::owning : into::other;
    T* const data = target.data();
    const shape_t& shape = target.shape();
    const strides_t& strides = target.strides();
    const prepared_leaves<E> lv(e);
    if (assign_routed<check_alias, own, kind>(data, shape, strides, e, lv, false, false)) return;
    check_inplace(shape, shape_of(e));  // the leaves did not show it: nothing is written when it throws
    assign_routed<check_alias, own, kind>(data, shape, strides, e, lv, true, false);
}
template <class Target, class E>
LOOM_INLINE void assign_inplace(Target& target, const E& e) {
    // small arrays: owning leaves of the target's own shape read it in step
    // or not at all, and nothing broadcasts: one flat loop, nothing else
    if constexpr (owning<Target>::value)
        if (assign_owning(target.data(), target, e)) return;
    assign_inplace_general(target, e);
}

// What value mode changes in an array or tensor (their private members):
// its shape (the buffer kept when it holds enough elements), the shape of an
// owning leaf, or a buffer already holding the values.
struct value_access {
    template <class Target>
    static void take_shape(Target& t, const shape_t& s) { t.take_shape(s); }
    template <bool Fresh, class Target, class X>
    LOOM_INLINE static void take_like(Target& t, const X& x) { t.template take_like<Fresh>(x); }
    template <class Target, class T>
    static void adopt(Target& t, buffer<T>&& b, const shape_t& s) { t.adopt(std::move(b), s); }
    template <class Target>
    static void make_empty(Target& t) { t.make_empty(); }
};

// An array or tensor takes e's shape: the shape step resolves it (and throws
// before anything changes), the alias step decides between the target's
// buffer and a fresh one. Out of line: the small-array path comes first, inlined.
template <class Target, class E>
[[gnu::noinline]] void assign_value_general(Target& target, const E& e) {
    using T = typename Target::value_type;
    const prepared_leaves<E> lv(e);
    // owning leaves (arrays, tensors) read this buffer in step or not at all
    constexpr bool check_alias = !owning_tree<E>();
    // the leaves show e's shape to be the target's (the same shapes, the 2-D rows)
    if (assign_routed<check_alias, true, into::owning>(target.data(), target.shape(), target.strides(), e, lv, false,
                                                       true))
        return;
    const shape_t s = shape_of(e);
    if (s == target.shape()) {
        assign_routed<check_alias, true, into::owning>(target.data(), target.shape(), target.strides(), e, lv, true,
                                                       true);
        return;
    }
    // another shape: into a fresh buffer when a leaf reads the target's (or it is too small)
    bool reads_self = false;
    const auto* self = reinterpret_cast<const std::byte*>(target.data());
    for (std::size_t k = 0; k < lv.size; ++k)
        reads_self = reads_self || span_meets(lv.d[k].data, lv.d[k].elem, *lv.d[k].shape, *lv.d[k].strides, self,
                                              target.size() * sizeof(T));
    if (reads_self) {
        buffer<T> fresh(size_of(s));
        const strides_t st = c_strides(s);
        assign_fresh(fresh_target<T>{fresh.data(), s, st}, e, lv);
        value_access::adopt(target, std::move(fresh), s);
        return;
    }
    value_access::take_shape(target, s);
    assign_fresh(fresh_target<T>{target.data(), target.shape(), target.strides()}, e, lv);
}
// Small arrays into a new shape: owning leaves of one shape, the first
// leaf's, which the target takes (none of them is the target; Fresh: it is
// being constructed). False when the leaves differ in shape (nothing was done).
template <bool Fresh, class Target, class E>
LOOM_INLINE bool assign_owning_reshaped(Target& target, const E& e) {
    using T = typename Target::value_type;
    if constexpr (owning_flat<T, E>) {
        const auto& first = first_leaf(e);
        if (owning_shaped(e, first)) {
            value_access::take_like<Fresh>(target, first);
            run_owning_flat(target.data(), e, target.size());
            return true;
        }
    }
    return false;
}
// Value mode but for small arrays of the target's shape. Out of line: the
// path into the target's own shape is the one inlined.
template <class Target, class E>
[[gnu::noinline]] void assign_value_other(Target& target, const E& e) {
    if (!assign_owning_reshaped<false>(target, e)) assign_value_general(target, e);
}
// A new array or tensor from anything but small arrays: e's shape, a buffer
// for it, then as into a fresh buffer (nothing can read it).
template <class Target, class E>
[[gnu::noinline]] void assign_init_general(Target& target, const E& e) {
    using T = typename Target::value_type;
    value_access::make_empty(target);
    value_access::take_shape(target, shape_of(e));  // throws before anything is allocated
    assign_fresh(fresh_target<T>{target.data(), target.shape(), target.strides()}, e, prepared_leaves<E>(e));
}

// A new array or tensor, its members not set yet: small arrays take the
// first leaf's shape; everything else starts from shape (0).
template <class Target, class E>
LOOM_INLINE void assign_init(Target& target, const E& e) {
    if (!assign_owning_reshaped<true>(target, e)) assign_init_general(target, e);
}
template <class Target, class E>
LOOM_INLINE void assign_value(Target& target, const E& e) {
    using T = typename Target::value_type;
    if constexpr (owning_flat<T, E>) {
        // small arrays: owning leaves of the target's shape
        if (assign_owning(target.data(), target, e)) return;
    }
    assign_value_other(target, e);
}

// target <- e with its short reductions evaluated in the element-wise pass,
// when they fit it (eval/unroll.hpp); false when nothing was done.
template <mode M, class Target, class E>
bool assign_unrolled(Target& target, const E& e);

// Whether e's elements may be stored in T implicitly (same_kind_v); a compile
// error naming both types when not.
template <class E, class T>
inline constexpr bool converts_to =
    elements_do_not_convert<typename strip_weak<promo_t<E>>::type, T, same_kind_v<promo_t<E>, T>>::value;

// A lone node that writes its values straight into an array's or tensor's row-major memory
// (loom::mask): `write_into(T*)`, and `reads_memory(p, bytes)` to tell when it reads the target.
template <class E, class T>
concept writes_into = requires(const E& e, T* p) {
    e.write_into(p);
    { e.reads_memory(p, std::size_t{}) } -> std::same_as<bool>;
};

// target <- e for such a node: the target takes e's shape and e writes into it, with no
// buffer of e's own and no second pass; false (nothing done) when e reads the target.
template <mode M, class Target, class E>
bool assign_written(Target& target, const E& e) {
    using T = typename Target::value_type;
    if constexpr (M == mode::value)
        if (e.reads_memory(target.data(), target.size() * sizeof(T))) return false;
    const shape_t s = shape_of(e);
    if constexpr (M == mode::init) value_access::make_empty(target);
    if (M == mode::init || target.shape() != s) value_access::take_shape(target, s);
    e.write_into(target.data());
    return true;
}

// A lone reduction or cumulative node of T elements (eval/reduce.hpp): it is computed into a
// buffer of its own, as whenever it is read, and hands that buffer over. Not one that the
// element-wise pass may evaluate itself when its rows are short (eval/unroll.hpp).
template <class E, class T>
concept hands_over = std::is_same_v<typename E::value_type, T> && short_reductions<E>::count == 0 &&
                     requires(const E& e, shape_t& s, T* p) {
                         { walker<E>::hand_over(e, s) } -> std::same_as<buffer<T>>;
                         { walker<E>::compute_into(e, p, s) } -> std::same_as<bool>;
                     };

// target <- e for such a node: the array or tensor takes e's buffer and shape, with no
// element-wise pass (none is compiled for e). e reads the target before it changes, and
// a tensor of another rank throws before it changes.
template <mode M, class Target, class E>
void assign_handed(Target& target, const E& e) {
    if constexpr (M == mode::value)  // already of e's shape: computed into the target's buffer
        if (walker<E>::compute_into(e, target.data(), target.shape())) return;
    shape_t s;
    auto b = walker<E>::hand_over(e, s);
    if constexpr (M == mode::init) value_access::make_empty(target);
    value_access::adopt(target, std::move(b), s);
}

// Every other assignment: written by a node (mask), short reductions unrolled into the
// element-wise pass, or the element-wise pass by mode.
template <mode M, class Target, class E>
LOOM_INLINE void assign_elementwise(Target& target, const E& e) {
    if constexpr ((M == mode::init || M == mode::value) && writes_into<E, typename Target::value_type>) {
        if (assign_written<M>(target, e)) return;
    }
    if constexpr (short_reductions<E>::count > 0 && !short_reductions<E>::blocked) {
        if (assign_unrolled<M>(target, e)) return;
    }
    if constexpr (M == mode::init) {
        assign_init(target, e);
    } else if constexpr (M == mode::value) {
        assign_value(target, e);
    } else if constexpr (M == mode::inplace) {
        assign_inplace(target, e);
    } else {
        assign_fresh(target, e, prepared_leaves<E>(e));
    }
}

// A lone such node in place: computed straight into the target when it is
// row-major memory of the node's shape apart from its operand; false (nothing
// done) otherwise, for the element-wise pass to read the node as a leaf.
template <class Target, class E>
bool assign_computed(Target& target, const E& e) {
    return is_contiguous(target.shape(), target.strides()) && walker<E>::compute_into(e, target.data(), target.shape());
}

//! The one entry point of evaluation: target <- e in mode M. Arrays and
//! tensors (init, value, inplace), views and fixed arrays (inplace) and
//! fresh buffers (fresh) all come here.
template <mode M, class Target, class E>
LOOM_INLINE void assign(Target& target, const E& e) {
    if constexpr (M != mode::fresh) static_assert(converts_to<E, typename Target::value_type>);
    if constexpr ((M == mode::init || M == mode::value) && hands_over<E, typename Target::value_type>) {
        assign_handed<M>(target, e);
    } else {
        if constexpr (M == mode::inplace && hands_over<E, typename Target::value_type>)
            if (assign_computed(target, e)) return;
        assign_elementwise<M>(target, e);
    }
}

// target op= x: checked before a single element is written. The whole
// `target op x` node is resolved, so in_dim operands take the target's rank
// and the rank-promotion policy sees the operation as `target = target op x`.
template <class Op, class Target, class X>
void compound_assign(Target& target, X&& x) {
    assign<mode::inplace>(target, make_fn<Op>(target, std::forward<X>(x)));
}

}  // namespace loom::detail
