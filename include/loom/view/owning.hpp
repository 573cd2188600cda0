// loom/view/owning.hpp: views of temporaries: owning_view (a view that keeps its memory alive) and how the view functions take a temporary array or an expression.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include "../containers/array.hpp"
#include "../core/shape.hpp"
#include "../expr/node.hpp"
#include "as_view.hpp"
#include "strided_view.hpp"

namespace loom {

//! A strided view that owns what it looks at: the view functions give one for a temporary
//! (`loom::reshape(loom::arange<int>(12), {3, 4})`, `loom::view(loom::eval(e), 0)`). Copies
//! share that memory, as views of one array do; it lives as long as the last of them.
template <class T>
class owning_view : public strided_view<T> {
public:
    owning_view(std::shared_ptr<const void> owner, strided_view<T> v)
        : strided_view<T>(std::move(v)), owner_(std::move(owner)) {}
    owning_view(const owning_view&) = default;
    owning_view(owning_view&&) noexcept = default;
    //! A writable view converts to a read-only one.
    template <class U>
        requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>)
    owning_view(const owning_view<U>& o) : strided_view<T>(o), owner_(o.owner()) {}

    //! Writes elements, as strided_view's assignments do (the owner stays).
    owning_view& operator=(const owning_view& e)
        requires strided_view<T>::writable
    {
        strided_view<T>::operator=(static_cast<const strided_view<T>&>(e));
        return *this;
    }
    using strided_view<T>::operator=;

    const std::shared_ptr<const void>& owner() const noexcept { return owner_; }

private:
    std::shared_ptr<const void> owner_;
};

template <class T>
struct is_strided_view<owning_view<T>> : std::true_type {};

template <class T>
struct is_owning_view : std::false_type {};
template <class T>
struct is_owning_view<owning_view<T>> : std::true_type {};

//! What the view functions take: what `viewable` admits, a temporary array, tensor or
//! fixed_array (the view owns it), or any expression.
template <class X>
concept view_source = viewable<X> || expression<X>;

namespace detail {

template <class V>
using view_element_t = std::remove_reference_t<decltype(*std::declval<const V&>().data())>;

// An owning_view of what f makes of `m`, kept alive by `owner`.
template <class F, class M>
auto owned(std::shared_ptr<const void> owner, M& m, F& f) {
    auto v = f(m);
    return owning_view<view_element_t<decltype(v)>>(std::move(owner), std::move(v));
}

// f(an lvalue memory leaf) for a view function's operand x: x itself when the
// caller keeps its memory; a temporary container moved into memory the result
// owns; an expression evaluated once into an array the result owns.
template <class X, class F>
auto view_of(X&& x, F&& f) {
    using D = std::remove_cvref_t<X>;
    if constexpr (is_owning_view<D>::value) {
        return owned(x.owner(), x, f);
    } else if constexpr (viewable<X&&>) {
        return f(x);
    } else if constexpr (memory_leaf<D>) {
        auto owner = std::make_shared<D>(std::forward<X>(x));
        return owned(owner, *owner, f);
    } else {
        auto owner = std::make_shared<array<typename D::value_type>>(x);
        return owned(owner, *owner, f);
    }
}

// Lazy view functions over expressions: every memory leaf of the tree is
// stretched to the tree's broadcast shape, then f makes its view of it; the
// tree keeps its operations. A tree with other nodes (reductions, in_dim) is
// evaluated instead (view_of).
template <class E>
struct maps_leaves : std::bool_constant<memory_leaf<E>> {};
template <element T>
struct maps_leaves<scalar_node<T>> : std::true_type {};
template <class Op, class... A>
struct maps_leaves<fn<Op, A...>> : std::bool_constant<(maps_leaves<A>::value && ...)> {};

template <class E, class F>
auto map_leaves(const E& e, const shape_t& s, F& f) {
    if constexpr (is_scalar_node<E>::value) {
        return e;
    } else if constexpr (requires { e.args_; }) {
        return boost::hana::unpack(e.args_, [&](const auto&... a) {
            return [&]<class Op, class... A>(const fn<Op, A...>*) {
                return fn<Op, decltype(map_leaves(a, s, f))...>(e.op_, map_leaves(a, s, f)...);
            }(&e);
        });
    } else if constexpr (is_owning_view<E>::value) {
        auto v = stretch(as_const_view(e), s);
        return owned(e.owner(), v, f);
    } else if constexpr (requires { e.leaf_; } || is_strided_view<E>::value) {  // memory the caller keeps
        auto v = stretch(as_const_view(e), s);
        return f(v);
    } else {  // a container the tree holds by value: copied into memory the view owns
        auto owner = std::make_shared<const E>(e);
        auto v = stretch(as_const_view(*owner), s);
        return owned(owner, v, f);
    }
}

// The read-only view of an operand's memory: its own, or, for a temporary or an expression,
// memory the view owns (view_of).
template <class X>
auto source_view(X&& x) {
    return view_of(std::forward<X>(x), [](auto& v) { return as_const_view(v); });
}

template <class X, class F>
auto lazy_view_of(X&& x, F&& f) {
    using D = std::remove_cvref_t<X>;
    if constexpr (!memory_leaf<D> && maps_leaves<D>::value) {
        const shape_t s = x.shape();  // broadcast_error here for operands that do not broadcast
        return map_leaves(x, s, f);
    } else {
        return view_of(std::forward<X>(x), std::forward<F>(f));
    }
}

}  // namespace detail

}  // namespace loom
