// loom/manipulation/join.hpp: hstack, vstack, dstack and column_stack: operands given NumPy's least rank, then joined by concat's code into a new array.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <ranges>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"
#include "concat.hpp"

namespace loom {

namespace detail {

// How an operand's rank is raised before the join: NumPy's atleast_1d, atleast_2d, atleast_3d,
// and column_stack's (a rank-1 operand becomes a column).
enum class least_rank { one, two, three, column };

// The view v with the size-1 axes (stride 0) NumPy adds: () -> (1,), (1, 1) or (1, 1, 1);
// (n,) -> (1, n), (1, n, 1) or (n, 1) for a column; (m, n) -> (m, n, 1) for three.
template <class V>
auto raised(const V& v, least_rank to) {
    using T = std::remove_pointer_t<decltype(v.data())>;
    shape_t s = v.shape();
    strides_t st = v.strides();
    const auto add = [&](std::size_t at) {
        s.insert(at, 1);
        st.insert(at, 0);
    };
    const std::size_t r = s.size();
    if (r == 0) {
        const std::size_t want = to == least_rank::one ? 1 : to == least_rank::three ? 3 : 2;
        while (s.size() < want) add(0);
    } else if (r == 1 && to == least_rank::column) {
        add(1);
    } else if (r == 1 && to != least_rank::one) {
        add(0);
        if (to == least_rank::three) add(2);
    } else if (r == 2 && to == least_rank::three) {
        add(2);
    }
    strided_view<T> w(v.data(), std::move(s), std::move(st));
    if constexpr (is_owning_view<V>::value) return owning_view<T>(v.owner(), std::move(w));
    else return w;
}

// Each operand's memory (an expression evaluated once) raised: a std::vector of views for a
// list or range, a tuple of views for a tuple.
template <class P>
auto raised_parts(const P& parts, least_rank to) {
    if constexpr (requires { std::tuple_size<P>::value; }) {
        return std::apply([&](const auto&... x) { return std::tuple{raised(source_view(x), to)...}; }, parts);
    } else {
        using W = decltype(raised(source_view(*std::ranges::begin(parts)), to));
        std::vector<W> r;
        for (const auto& x : parts) r.push_back(raised(source_view(x), to));
        return r;
    }
}

// The raised operands joined along `axis` (hstack: -1, for 0 when x1 has rank 1, else 1), after
// concat's checks under the caller's name.
template <class R, class P>
array<R> join_raised(const P& parts, least_rank to, std::ptrdiff_t axis, const char* fn) {
    const auto rp = raised_parts(parts, to);
    std::vector<shape_t> shapes;
    each_part(rp, [&](const auto& x, std::size_t) { shapes.push_back(x.shape()); });
    if (shapes.empty()) throw_parts(fn, "no operands: give one array or more");
    const shape_t& s0 = shapes[0];
    if (axis < 0) axis = s0.size() == 1 ? 0 : 1;
    const auto a = static_cast<std::size_t>(axis);
    for (std::size_t i = 1; i < shapes.size(); ++i) {
        const shape_t& s = shapes[i];
        if (s.size() != s0.size()) throw_part_shape(fn, i, s, s0, s0.size());
        for (std::size_t k = 0; k < s.size(); ++k)
            if (k != a && s[k] != s0[k]) throw_part_shape(fn, i, s, s0, k, a);
    }
    return join_parts<false, R>(rp, axis);
}

}  // namespace detail

//! The operands joined along their second axis, or their first when x1 has rank 1 (rank 0
//! counts as (1,)), as a new array of their promoted element type (NumPy's np.hstack). The
//! operands are given as concat's: a braced list, a range, or a tuple of references (std::tie).
//! Operands that do not fit throw std::invalid_argument naming them and their shapes.
//!   loom::hstack({a, b});   // (2,) and (3,) -> (5,); (2, 1) and (2, 3) -> (2, 4)
template <class X>
    requires expression<X>
auto hstack(std::initializer_list<X> parts) {
    return detail::join_raised<typename X::value_type>(parts, detail::least_rank::one, -1, "hstack");
}
template <class P>
    requires detail::range_of_expressions<P> || detail::tuple_of_expressions<P>
auto hstack(const P& parts) {
    return detail::join_raised<detail::parts_value_t<P>>(parts, detail::least_rank::one, -1, "hstack");
}

//! The operands joined along their first axis after rank 0 and 1 become rows, () -> (1, 1) and
//! (n,) -> (1, n) (NumPy's np.vstack), as a new array of their promoted element type.
//!   loom::vstack({loom::array<int>{1, 2}, loom::array<int>{3, 4}});   // {{1, 2}, {3, 4}}
template <class X>
    requires expression<X>
auto vstack(std::initializer_list<X> parts) {
    return detail::join_raised<typename X::value_type>(parts, detail::least_rank::two, 0, "vstack");
}
template <class P>
    requires detail::range_of_expressions<P> || detail::tuple_of_expressions<P>
auto vstack(const P& parts) {
    return detail::join_raised<detail::parts_value_t<P>>(parts, detail::least_rank::two, 0, "vstack");
}

//! The operands joined along their third axis after () -> (1, 1, 1), (n,) -> (1, n, 1) and
//! (m, n) -> (m, n, 1) (NumPy's np.dstack), as a new array of their promoted element type.
//!   loom::dstack({r, g, b});   // three (h, w) planes -> (h, w, 3)
template <class X>
    requires expression<X>
auto dstack(std::initializer_list<X> parts) {
    return detail::join_raised<typename X::value_type>(parts, detail::least_rank::three, 2, "dstack");
}
template <class P>
    requires detail::range_of_expressions<P> || detail::tuple_of_expressions<P>
auto dstack(const P& parts) {
    return detail::join_raised<detail::parts_value_t<P>>(parts, detail::least_rank::three, 2, "dstack");
}

//! The operands joined along their second axis after rank 1 becomes a column, (n,) -> (n, 1),
//! and rank 0 (1, 1) (NumPy's np.column_stack), as a new array of their promoted element type.
//!   loom::column_stack({x, y});   // two (n,) -> (n, 2)
template <class X>
    requires expression<X>
auto column_stack(std::initializer_list<X> parts) {
    return detail::join_raised<typename X::value_type>(parts, detail::least_rank::column, 1, "column_stack");
}
template <class P>
    requires detail::range_of_expressions<P> || detail::tuple_of_expressions<P>
auto column_stack(const P& parts) {
    return detail::join_raised<detail::parts_value_t<P>>(parts, detail::least_rank::column, 1, "column_stack");
}

}  // namespace loom
