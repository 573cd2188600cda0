// loom/eval/walk.hpp: how the evaluator walks an expression tree: shapes, leaves, scalar and batch values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../broadcast/policy.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../expr/node.hpp"
#include "../expr/ops.hpp"
#include "../simd/simd.hpp"

namespace loom::detail {

// One memory leaf as the planner sees it.
struct leaf_desc {
    const std::byte* data;
    std::size_t elem;  // bytes per element
    const shape_t* shape;
    const strides_t* strides;  // elements
};

class shared_means;

// One slot of the storage an assignment owns for what it prepares before its
// loop: the values of a reduction, a cumulative or a masked node (computed
// once per assignment, then read as memory), or the raised layouts of the
// leaves under an in_dim. Nodes keep no state of their own.
struct prepared {
    buffer<std::byte> values;
    shape_t shape;
    strides_t strides;
    // Room for values of R in shape s, row-major (at least one element).
    template <class R>
    R* hold(shape_t s) {
        values = buffer<std::byte>((size_of(s) ? size_of(s) : 1) * sizeof(R));
        strides = c_strides(s);
        shape = std::move(s);
        return reinterpret_cast<R*>(values.data());
    }
};

// The prepared pass while an assignment collects its leaves (eval/direct.hpp,
// prepared_leaves): the next free slot, taken depth first (walker<E>::slots
// of them for a tree E), and the means its mean, var and stddev nodes share
// (eval/shared_means.hpp; null when they share none).
struct prepare_ctx {
    prepared* next;
    shared_means* means;
    prepared& take() { return *next++; }
};

// Where the kernel reads a leaf in the current row: a pointer and the byte
// steps per SIMD batch and per scalar element. A leaf broadcast along the row
// has steps of 0 and its batches are its one value splatted.
struct cursor {
    const std::byte* p;
    std::ptrdiff_t step_batch;
    std::ptrdiff_t step_one;
    std::uint64_t held = 0;  // step_batch 0: the leaf's value for this row (kernel::row_steps)
};

template <class E>
struct walker;

// Which leaves are broadcast along the row (bit K: leaf K), where the row loop
// knows it at compile time (kernel::rows_for); splats_unknown: each leaf's
// batch tests its step at run time.
inline constexpr std::uint64_t splats_unknown = ~std::uint64_t{0};
template <std::uint64_t S>
constexpr bool splatted(std::size_t k, const cursor& c) {
    return S == splats_unknown ? c.step_batch == 0 : ((S >> k) & 1) != 0;
}

// An in_dim operand (loom/broadcast/in_dim.hpp) is raised to a rank the
// operation holding it decides: walkers of trees that hold one have
// `needs_rank` and take that rank (`ctx`) in shape_into and collect.
inline constexpr std::size_t no_rank = static_cast<std::size_t>(-1);

template <class E>
struct needs_rank : std::false_type {};
template <class E>
    requires requires { walker<E>::needs_rank; }
struct needs_rank<E> : std::bool_constant<walker<E>::needs_rank> {};

// in_dim operands themselves (specialized by in_dim.hpp)
template <class E>
struct is_raised : std::false_type {};

// Whether a tree has a heavy op (ops::heavy) anywhere (in_dim.hpp specializes it too).
template <class E>
struct heavy_tree : std::false_type {};
template <class Op, class... A>
struct heavy_tree<fn<Op, A...>> : std::bool_constant<ops::heavy<Op> || (heavy_tree<A>::value || ...)> {};

// The work of one element of a tree, in units of about one add: an operation
// one unit, a heavy one (a math function) 32 (eval/threads.hpp weighs an
// assignment by it; in_dim.hpp specializes it too).
template <class E>
struct tree_work : std::integral_constant<std::size_t, 0> {};
template <class Op, class... A>
struct tree_work<fn<Op, A...>>
    : std::integral_constant<std::size_t, (ops::heavy<Op> ? 32 : 1) + (tree_work<A>::value + ... + 0)> {};

// How many mean, var and stddev nodes over an array or view a tree holds
// (eval/extensions.hpp counts them); with two or more, its assignment shares
// their means (eval/shared_means.hpp).
template <class E>
struct mean_readers : std::integral_constant<int, 0> {};
template <class Op, class... A>
struct mean_readers<fn<Op, A...>> : std::integral_constant<int, (mean_readers<A>::value + ... + 0)> {};

// The reductions of a tree that the element-wise pass may evaluate itself
// when they turn out short (eval/unroll.hpp): how many, and whether the tree
// holds a node that keeps it from doing so (any but operations, memory and numbers).
template <class E>
struct short_reductions {
    static constexpr int count = 0;
    static constexpr bool blocked = !memory_leaf<E> && !std::is_same_v<E, scalar_node<typename E::value_type>>;
};
template <class Op, class... A>
struct short_reductions<fn<Op, A...>> {
    static constexpr int count = (short_reductions<A>::count + ... + 0);
    static constexpr bool blocked = (short_reductions<A>::blocked || ...);
};

// the larger rank, no_rank standing for "none yet"
inline std::size_t max_rank(std::size_t a, std::size_t b) { return a == no_rank || (b != no_rank && b > a) ? b : a; }

template <class E>
std::size_t rank_of(const E& e);

template <class E>
void shape_in(const E& e, shape_t& acc, std::size_t ctx) {
    if constexpr (needs_rank<E>::value) walker<E>::shape_into(e, acc, ctx);
    else walker<E>::shape_into(e, acc);
}
template <class E>
void collect_in(const E& e, leaf_desc* out, prepare_ctx& p, std::size_t ctx) {
    if constexpr (needs_rank<E>::value) walker<E>::collect(e, out, p, ctx);
    else walker<E>::collect(e, out, p);
}

// What every walker has for SIMD, beside its scalar():
//   lane            the first numeric type an operation of the tree computes
//                   in (void when none): its batches set the lanes W
//   vec<W>          whether the tree runs in batches of W lanes
//   elems           the bytes of an element of each leaf, depth first
//   batch<K, X, S>  the value as a batch of X (lanes<X> == W), converted
//   truth<K, X, S>  whether the value is not zero, as a mask over batches of X
//   pack<K, W, S>   the value as W elements of its own type (bool as bytes)
// Leaves of any element type are loaded as packs and converted in registers.

// How a leaf of T elements in memory is read at its cursor, whatever holds
// the memory: an array or view (walker<memory_leaf> below), or the buffer a
// reduction is computed into (eval/reduce.hpp).
template <class T>
struct leaf_reads {
    static constexpr std::size_t leaves = 1;
    static constexpr std::size_t slots = 0;  // prepared slots (computed leaves have one)
    using lane = void;
    template <std::size_t W>
    static constexpr bool vec = true;
    static constexpr std::array<std::size_t, 1> elems{sizeof(T)};

    template <std::size_t K, class E>
    static T scalar(const E&, const cursor* c) {
        return *reinterpret_cast<const T*>(c[K].p);
    }
#if LOOM_SIMD
    // A leaf broadcast along the row (step 0) is its one value splatted, held
    // in the cursor; with S known the test is gone, and otherwise it is
    // loop-invariant, so compilers unswitch the row loop on it.
    template <std::size_t K, std::uint64_t S>
    static T held(const cursor* c) {
        T v;
        if constexpr (sizeof(T) > sizeof c[K].held) std::memcpy(static_cast<void*>(&v), c[K].p, sizeof(T));  // complex<double>: at p
        else std::memcpy(static_cast<void*>(&v), &c[K].held, sizeof(T));
        return v;
    }
    template <std::size_t K, class X, std::uint64_t S = splats_unknown, class E>
    static simd::batch<X> batch(const E&, const cursor* c) {
        if (splatted<S>(K, c[K])) return simd::splat(static_cast<X>(held<K, S>(c)));
        if constexpr (std::is_same_v<T, X>) return simd::load(reinterpret_cast<const X*>(c[K].p));
        else return simd::to_batch<X>(simd::convert<X>(pack_at<simd::lanes<X>>(c[K].p)));
    }
    template <std::size_t K, class X, std::uint64_t S = splats_unknown, class E>
    static simd::mask<X> truth(const E& e, const cursor* c) {
        if constexpr (std::is_same_v<T, X>) {
            return simd::truth(batch<K, X, S>(e, c));
        } else {
            if (splatted<S>(K, c[K])) return simd::mask<X>(held<K, S>(c) != T(0));
            return simd::truth_of<X>(pack_at<simd::lanes<X>>(c[K].p));
        }
    }
    template <std::size_t K, std::size_t W, std::uint64_t S = splats_unknown, class E>
    static simd::pack<T, W> pack(const E&, const cursor* c) {
        if (splatted<S>(K, c[K])) return simd::splat_pack<T, W>(held<K, S>(c));
        return pack_at<W>(c[K].p);
    }
    template <std::size_t W>
    static simd::pack<T, W> pack_at(const std::byte* p) {
        return simd::load_pack<T, W>(reinterpret_cast<const T*>(p));
    }
#endif
};

// Memory leaves: arrays, views and references to them.
template <class E>
    requires memory_leaf<E>
struct walker<E> : leaf_reads<typename E::value_type> {
    using T = typename E::value_type;
    static void shape_into(const E& e, shape_t& acc) { broadcast_into(acc, *e.layout().shape); }
    static void collect(const E& e, leaf_desc* out, prepare_ctx&) {
        const auto l = e.layout();
        *out = {reinterpret_cast<const std::byte*>(l.data), sizeof(T), l.shape, l.strides};
    }
};

template <class T>
struct walker<scalar_node<T>> {
    static constexpr std::size_t leaves = 0, slots = 0;
    using lane = void;
    template <std::size_t W>
    static constexpr bool vec = true;
    static constexpr std::array<std::size_t, 0> elems{};

    static void shape_into(const scalar_node<T>&, shape_t&) {}
    static void collect(const scalar_node<T>&, leaf_desc*, prepare_ctx&) {}
    template <std::size_t K>
    static T scalar(const scalar_node<T>& e, const cursor*) { return e.value_; }
#if LOOM_SIMD
    template <std::size_t K, class X, std::uint64_t S = splats_unknown>
    static simd::batch<X> batch(const scalar_node<T>& e, const cursor*) {
        return simd::splat(static_cast<X>(e.value_));
    }
    template <std::size_t K, class X, std::uint64_t S = splats_unknown>
    static simd::mask<X> truth(const scalar_node<T>& e, const cursor*) {
        return simd::mask<X>(e.value_ != T(0));
    }
    template <std::size_t K, std::size_t W, std::uint64_t S = splats_unknown>
    static simd::pack<T, W> pack(const scalar_node<T>& e, const cursor*) {
        return simd::splat_pack<T, W>(e.value_);
    }
#endif
};

// How an operation runs in batches (walker<fn>::form).
enum class batch_form {
    numeric,  // Op on batches of its compute type C, the result of type C
    compare,  // Op on batches of C, the result a mask (== < ...)
    logical,  // Op on the operands' masks (logical_and; & | ^ ~ == != on bool)
    select,   // where: the condition as a mask, the others as batches of C
    convert,  // astype: the operand's value converted
};

template <class Op>
struct is_cast : std::false_type {};
template <class U>
struct is_cast<ops::cast<U>> : std::true_type {};

template <class Op, class C, class R>
constexpr batch_form form_of() {
    if constexpr (is_cast<Op>::value) return batch_form::convert;
    else if constexpr (std::is_same_v<Op, ops::where>) return batch_form::select;
    else if constexpr (ops::on_masks<Op, C>) return batch_form::logical;
    else if constexpr (std::is_same_v<R, bool>) return batch_form::compare;
    else return batch_form::numeric;
}

// The first of the types that is not void.
template <class... L>
struct first_lane {
    using type = void;
};
template <class L0, class... L>
struct first_lane<L0, L...> {
    using type = std::conditional_t<std::is_void_v<L0>, typename first_lane<L...>::type, L0>;
};

template <class Op, class... A>
struct walker<fn<Op, A...>> {
    using E = fn<Op, A...>;
    using C = typename E::compute_type;
    using R = typename E::value_type;
    using index = std::index_sequence_for<A...>;

    // first leaf index of each operand, in depth-first order
    static constexpr std::array<std::size_t, sizeof...(A) + 1> offset = [] {
        std::array<std::size_t, sizeof...(A) + 1> o{};
        std::size_t i = 0, acc = 0;
        ((o[i++] = acc, acc += walker<A>::leaves), ...);
        o[i] = acc;
        return o;
    }();
    static constexpr std::size_t leaves = offset[sizeof...(A)];
    static constexpr std::size_t slots = (walker<A>::slots + ... + 0);
    static constexpr batch_form form = form_of<Op, C, R>();
    static constexpr bool computes = form == batch_form::numeric || form == batch_form::compare ||
                                     form == batch_form::select;
    using lane = typename first_lane<std::conditional_t<computes, C, void>, typename walker<A>::lane...>::type;
    template <std::size_t W>
    static constexpr bool vec = [] {
        if constexpr (!(walker<A>::template vec<W> && ...)) return false;
        else if constexpr (form == batch_form::logical || form == batch_form::convert) return true;
        else if constexpr (simd::lanes<C> != W || !simd::vectorizable<C>) return false;
        else if constexpr (form == batch_form::select) return true;
        else return Op::template simd<C>;
    }();
    static constexpr auto elems = [] {
        std::array<std::size_t, offset[sizeof...(A)]> e{};
        std::size_t i = 0;
        (
            [&] {
                for (std::size_t s : walker<A>::elems) e[i++] = s;
            }(),
            ...);
        return e;
    }();

    template <std::size_t I>
    static const auto& arg(const E& e) { return boost::hana::at_c<I>(e.args_); }

    static constexpr bool needs_rank = (detail::needs_rank<A>::value || ...);

    // The largest rank among the operands that are not in_dim (no_rank when
    // none has a rank of its own yet), found from the tree's structure alone.
    static std::size_t local_rank(const E& e) {
        std::size_t r = no_rank;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            ((r = is_raised<A>::value ? r : max_rank(r, rank_of(arg<I>(e)))), ...);
        }(index{});
        return r;
    }
    // The rank this operation's in_dim operands are raised to: the largest rank
    // among the other operands when it is 1 or more; when they are all rank 0
    // (C++ numbers) or in_dim, the rank the enclosing operation passes down.
    static std::size_t raise_rank(const E& e, std::size_t ctx) {
        const std::size_t r = local_rank(e);
        if (r != no_rank && r > 0) return r;
        return ctx != no_rank ? ctx : r;
    }

    static void shape_into(const E& e, shape_t& acc, std::size_t ctx = no_rank) {
        const rank_promotion policy = rank_policy_;
        if constexpr (!needs_rank) {
            if (policy == rank_promotion::allow) {
                [&]<std::size_t... I>(std::index_sequence<I...>) {
                    (walker<A>::shape_into(arg<I>(e), acc), ...);
                }(index{});
                return;
            }
        }
        // each operand's own shape (in_dim ones raised), then the policy looks at them all
        shape_t s[sizeof...(A)];
        const std::size_t n = needs_rank ? raise_rank(e, ctx) : no_rank;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (shape_in(arg<I>(e), s[I], n), ...);
        }(index{});
        if (policy != rank_promotion::allow && sizeof...(A) > 1) check_rank_promotion(policy, s, sizeof...(A));
        for (const shape_t& si : s) broadcast_into(acc, si);
    }
    // The leaves depth first; the operands' slots are taken in the same order.
    static void collect(const E& e, leaf_desc* out, prepare_ctx& p, std::size_t ctx = no_rank) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            if constexpr (needs_rank) {
                const std::size_t n = raise_rank(e, ctx);
                (collect_in(arg<I>(e), out + offset[I], p, n), ...);
            } else {
                (walker<A>::collect(arg<I>(e), out + offset[I], p), ...);
            }
        }(index{});
    }
    template <std::size_t K>
    static R scalar(const E& e, const cursor* c) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return static_cast<R>(
                e.op_(static_cast<C>(walker<A>::template scalar<K + offset[I]>(arg<I>(e), c))...));
        }(index{});
    }
#if LOOM_SIMD
    template <std::size_t K, class X, std::uint64_t S = splats_unknown>
    static simd::batch<X> batch(const E& e, const cursor* c) {
        if constexpr (std::is_same_v<R, bool>)
            return xsimd::select(truth<K, X, S>(e, c), simd::batch<X>(X(1)), simd::batch<X>(X(0)));
        else if constexpr (form == batch_form::convert)
            return simd::to_batch<X>(simd::convert<X>(pack<K, simd::lanes<X>, S>(e, c)));
        else
            return simd::convert<X>(value<K, S>(e, c));
    }
    template <std::size_t K, class X, std::uint64_t S = splats_unknown>
    static simd::mask<X> truth(const E& e, const cursor* c) {
        if constexpr (form == batch_form::logical) {
            return [&]<std::size_t... I>(std::index_sequence<I...>) {
                return Op::masks(walker<A>::template truth<K + offset[I], X, S>(arg<I>(e), c)...);
            }(index{});
        } else if constexpr (form == batch_form::compare) {
            return simd::mask_as<X>(on_batches<K, S>(e, c));
        } else if constexpr (form == batch_form::convert && std::is_same_v<R, bool>) {
            return walker<A...>::template truth<K, X, S>(arg<0>(e), c);
        } else if constexpr (form == batch_form::convert) {
            return simd::truth_of<X>(pack<K, simd::lanes<X>, S>(e, c));
        } else {
            return simd::mask_as<X>(simd::truth(value<K, S>(e, c)));
        }
    }
    template <std::size_t K, std::size_t W, std::uint64_t S = splats_unknown>
    static simd::pack<R, W> pack(const E& e, const cursor* c) {
        if constexpr (std::is_same_v<R, bool>)
            return simd::to_bools(truth<K, simd::uint_lanes<W>, S>(e, c));
        else if constexpr (form == batch_form::convert)
            return simd::convert<R>(walker<A...>::template pack<K, W, S>(arg<0>(e), c));
        else
            return simd::to_pack(value<K, S>(e, c));
    }

private:
    // The value of a numeric or select form: a batch of C, or of its real type
    // for the ops that take a complex number to a real one (abs, real, imag).
    template <std::size_t K, std::uint64_t S>
    static auto value(const E& e, const cursor* c) {
        if constexpr (form == batch_form::select) {
            using W0 = walker<std::tuple_element_t<0, std::tuple<A...>>>;
            using W1 = walker<std::tuple_element_t<1, std::tuple<A...>>>;
            using W2 = walker<std::tuple_element_t<2, std::tuple<A...>>>;
            return xsimd::select(W0::template truth<K + offset[0], C, S>(arg<0>(e), c),
                                 W1::template batch<K + offset[1], C, S>(arg<1>(e), c),
                                 W2::template batch<K + offset[2], C, S>(arg<2>(e), c));
        } else {
            return on_batches<K, S>(e, c);
        }
    }
    // Op on the operands as batches of C.
    template <std::size_t K, std::uint64_t S>
    static auto on_batches(const E& e, const cursor* c) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return e.op_(walker<A>::template batch<K + offset[I], C, S>(arg<I>(e), c)...);
        }(index{});
    }

public:
#endif
};

template <class E>
shape_t shape_of(const E& e) {
    shape_t s;
    walker<E>::shape_into(e, s);
    return s;
}

template <class T>
struct is_fn : std::false_type {};
template <class Op, class... A>
struct is_fn<fn<Op, A...>> : std::true_type {};

// The rank of an operand's shape from the tree's structure (no shapes are
// broadcast, no policy is checked); no_rank for an in_dim, and for an
// operation whose rank is the one its enclosing operation passes down.
template <class E>
std::size_t rank_of(const E& e) {
    if constexpr (is_raised<E>::value) {
        return no_rank;
    } else if constexpr (memory_leaf<E>) {
        return e.layout().shape->size();
    } else if constexpr (is_fn<E>::value) {
        const std::size_t r = walker<E>::local_rank(e);
        return r == 0 && needs_rank<E>::value ? no_rank : r;
    } else {
        return shape_of(e).size();
    }
}

}  // namespace loom::detail

// The specialisations of these traits for nodes other headers define.
#include "extensions.hpp"
