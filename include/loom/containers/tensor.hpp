// loom/containers/tensor.hpp: loom::tensor<T, N>, an owning row-major array whose rank is in its type and whose extents are not.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../detail/compound_assignments.hpp"
#include "../expr/ops.hpp"
#include "array.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/extents.hpp"
#include "../core/shape.hpp"

namespace loom {

namespace detail {
// The errors' messages out of line (noinline): their string code once, not once per tensor type.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_tensor_shape(std::size_t n, const shape_t& s) {
    throw std::invalid_argument("loom: tensor<T, " + std::to_string(n) + "> given the shape " + to_string(s) +
                                " of rank " + std::to_string(s.size()));
}
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_tensor_rank(const shape_t& s, std::size_t n) {
    throw broadcast_error("cannot assign a value of shape " + to_string(s) + " to a tensor of rank " + std::to_string(n));
}
}  // namespace detail

//! An array<T> whose rank N is part of its type (xtensor's xtensor<T, N>):
//!   loom::tensor<double, 2> m(loom::shape_t{3, 4});
//!   m = m * 2 + 1;            // value semantics, as array<T>; the rank stays 2
//! A value of another rank is a compile error when its rank is known at compile
//! time, broadcast_error otherwise; the small-array path compares N extents.
template <element T, std::size_t N>
class tensor : public detail::compound_assignments<tensor<T, N>> {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    static constexpr bool loom_expression = true;
    static constexpr std::size_t rank = N;

    //! Zero-filled, every extent 0 (rank 0: the one element 0).
    tensor() : a_(shape_t(N, 0)) { sync(); }
    //! Zero-filled or filled, of shape `s`, which must have N axes (std::invalid_argument).
    explicit tensor(const shape_t& s) : a_(checked(s)) { sync(); }
    tensor(const shape_t& s, T value) : a_(checked(s), value) { sync(); }
    //! Nested braces of depth N (N from 1 to 4): `tensor<int, 2> m = {{1, 2}, {3, 4}};`
    tensor(detail::nested_list_t<T, N> l)
        requires(N >= 1 && N <= 4)
        : a_(from_braces(l)) {
        sync();
    }
    //! Any expression of rank N (evaluated as array<T> would).
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor>)
    tensor(const E& e) : a_(check_rank(e)) {
        sync();
    }
    //! An array<T> of rank N, taken over (std::invalid_argument for another rank).
    explicit tensor(array<T>&& a) : a_(std::move(a)) {
        checked(a_.shape());
        sync();
    }

    tensor(const tensor&) = default;
    tensor& operator=(const tensor&) = default;
    //! A moved-from tensor is empty: every extent 0, the rank still N.
    tensor(tensor&& o) noexcept : a_(std::move(o.a_)), ext_(o.ext_) { o.clear(); }
    tensor& operator=(tensor&& o) noexcept {
        if (this != &o) {
            a_ = std::move(o.a_);
            ext_ = o.ext_;
            o.clear();
        }
        return *this;
    }

    //! Value semantics, as array<T>: takes e's shape, which must have N axes.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor>)
    tensor& operator=(const E& e) {
        constexpr std::size_t r = static_rank_v<E>;
        if constexpr (r != dynamic_rank) static_assert(static_rank_does_not_fit<r, N, r == N>::value);
        detail::assign<detail::mode::value>(*this, e);  // a shape of another rank throws before anything changes
        return *this;
    }
    template <scalar_value U>
    tensor& operator=(U) = delete;  // as array<T>: use fill()

    // += -= *= /= %= &= |= ^= <<= >>= (detail::compound_assignments) write in place: `x` must broadcast to shape(); nothing is written otherwise.

    const shape_t& shape() const noexcept { return a_.shape(); }
    const strides_t& strides() const noexcept { return a_.strides(); }
    static constexpr std::size_t ndim() noexcept { return N; }
    std::size_t size() const noexcept { return a_.size(); }
    T* data() noexcept { return a_.data(); }
    const T* data() const noexcept { return a_.data(); }
    leaf_layout<T> layout() const noexcept { return a_.layout(); }
    //! The elements as an array<T> (a reference: no copy).
    const array<T>& as_array() const noexcept { return a_; }

    //! Element reference, unchecked.
    template <std::integral... I>
        requires(sizeof...(I) == N)
    T& operator()(I... i) noexcept { return a_(i...); }
    template <std::integral... I>
        requires(sizeof...(I) == N)
    const T& operator()(I... i) const noexcept { return a_(i...); }
    //! Element reference, checked: each index in range (negative counts from the end).
    template <std::integral... I>
        requires(sizeof...(I) == N)
    T& at(I... i) { return a_.at(i...); }
    template <std::integral... I>
        requires(sizeof...(I) == N)
    const T& at(I... i) const { return a_.at(i...); }

    iterator begin() noexcept { return a_.begin(); }
    iterator end() noexcept { return a_.end(); }
    const_iterator begin() const noexcept { return a_.begin(); }
    const_iterator end() const noexcept { return a_.end(); }

    //! Sets every element to `value`.
    void fill(T value) noexcept { a_.fill(value); }

private:
    template <class L>
    friend struct detail::owning;
    friend struct detail::value_access;

    // What the pipeline's value mode changes (as array<T>'s), the rank kept N.
    void take_shape(const shape_t& s) {
        if (s.size() != N) detail::throw_tensor_rank(s, N);
        detail::value_access::take_shape(a_, s);
        sync();
    }
    template <bool Fresh, class X>
    void take_like(const X& x) {
        if (x.shape().size() != N) detail::throw_tensor_rank(x.shape(), N);
        detail::value_access::take_like<Fresh>(a_, x);
        sync();
    }
    void adopt(detail::buffer<T>&& b, const shape_t& s) {
        if (s.size() != N) detail::throw_tensor_rank(s, N);
        detail::value_access::adopt(a_, std::move(b), s);
        sync();
    }

    // ext_ mirrors a_'s shape: N words compared without the shape_t's
    // indirection, on the small-array path
    void sync() noexcept {
        for (std::size_t i = 0; i < N; ++i) ext_[i] = a_.shape()[i];
    }
    void clear() noexcept {
        a_ = array<T>(shape_t(N, 0));
        sync();
    }
    static const shape_t& checked(const shape_t& s) {
        if (s.size() != N) detail::throw_tensor_shape(N, s);
        return s;
    }
    static array<T> from_braces(detail::nested_list_t<T, N> l) {
        if constexpr (N == 1) {
            array<T> a(shape_t{l.size()});
            std::copy(l.begin(), l.end(), a.data());
            return a;
        } else {
            return array<T>(l);
        }
    }
    // e's rank must be N: at compile time when it is known, before anything is evaluated otherwise
    template <class E>
    static const E& check_rank(const E& e) {
        constexpr std::size_t r = static_rank_v<E>;
        if constexpr (r != dynamic_rank) {
            static_assert(static_rank_does_not_fit<r, N, r == N>::value);
        } else {
            const shape_t s = e.shape();
            if (s.size() != N) detail::throw_tensor_rank(s, N);
        }
        return e;
    }

    friend struct detail::compound_assignments<tensor<T, N>>;
    template <class Op, class X>
    tensor& compound(const X& x) {  // x outlives the assignment: one instantiation for x and std::move(x)
        detail::compound_assign<Op>(*this, x);
        return *this;
    }

    array<T> a_;
    std::array<std::size_t, N> ext_{};
};

namespace detail {
template <element T, std::size_t N>
struct static_info<tensor<T, N>> {
    static constexpr std::size_t rank = N;
    using shape = void;
};
template <element T, std::size_t N>
struct owning<tensor<T, N>> : std::true_type {
    // N extents, compared without a loop
    template <class U>
    static bool same_shape(const tensor<T, N>& t, const tensor<U, N>& target) noexcept {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return ((t.ext_[I] == target.ext_[I]) && ...);
        }(std::make_index_sequence<N>{});
    }
    template <class S>
    static bool same_shape(const tensor<T, N>& t, const S& target) noexcept {
        const shape_t& s = shape_ref(target);
        if (s.size() != N) return false;
        const std::size_t* a = t.shape().data();
        const std::size_t* b = s.data();
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return ((a[I] == b[I]) && ...);
        }(std::make_index_sequence<N>{});
    }
};
}  // namespace detail

}  // namespace loom
