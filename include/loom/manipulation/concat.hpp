// loom/manipulation/concat.hpp: concat and stack: operands joined along an axis into a new array.
#pragma once

#include <concepts>
#include <cstring>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../eval/check.hpp"
#include "../view/as_view.hpp"
#include "../view/axes.hpp"
#include "../view/strided_view.hpp"

namespace loom {

namespace detail {

// A new array of shape s whose elements are not set yet (each is written once after).
template <element T>
array<T> uninitialized(const shape_t& s) {
    array<T> r;
    value_access::adopt(r, buffer<T>(size_of(s)), s);
    return r;
}

// f(part, i) for each operand of a list: a braced list or range of one type, or a tuple (std::tie).
template <class P, class F>
void each_part(const P& parts, F&& f) {
    if constexpr (requires { std::tuple_size<P>::value; }) {
        std::apply([&](const auto&... x) {
            std::size_t i = 0;
            (f(x, i++), ...);
        }, parts);
    } else {
        std::size_t i = 0;
        for (const auto& x : parts) f(x, i++);
    }
}

template <class P>
struct parts_value;
template <class... X>
struct parts_value<std::tuple<X...>> {
    using type = promote_t<typename std::remove_cvref_t<X>::value_type...>;
};
template <class P>
    requires std::ranges::range<P>
struct parts_value<P> {
    using type = typename std::remove_cvref_t<std::ranges::range_value_t<P>>::value_type;
};
template <class P>
using parts_value_t = typename parts_value<P>::type;

template <class P>
concept tuple_of_expressions = requires { typename parts_value<P>::type; } && requires { std::tuple_size<P>::value; };
template <class P>
concept range_of_expressions = std::ranges::range<P> && expression<std::ranges::range_value_t<P>>;

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_parts(const char* fn, const std::string& why) {
    throw std::invalid_argument(std::string("loom::") + fn + ": " + why);
}

// Operand i's shape s against x1's s0: ranks that differ (axis == s0's rank), a stack of
// different shapes, or a concat whose shapes differ along `axis`, not the joined axis `a`.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_part_shape(const char* fn, std::size_t i, const shape_t& s,
                                                                    const shape_t& s0, std::size_t axis, std::size_t a = 0) {
    std::string why = "x" + std::to_string(i + 1) + " has shape " + to_string(s) + " where x1 has " + to_string(s0);
    if (axis == s0.size()) why += s.size() != s0.size() ? ": the ranks differ" : ": stacked arrays must have one shape";
    else why += ": they differ along axis " + std::to_string(axis) + ", not only along the joined axis " + std::to_string(a);
    throw_parts(fn, why);
}

// The operands' shapes, checked: one operand or more, all of one rank (1 or
// more for concat) and equal shapes except along `axis` (concat) or at all (stack).
template <bool Stack, class P>
std::vector<shape_t> part_shapes(const P& parts, std::ptrdiff_t axis, std::size_t& a) {
    const char* fn = Stack ? "stack" : "concat";
    std::vector<shape_t> shapes;
    each_part(parts, [&](const auto& x, std::size_t) { shapes.push_back(x.shape()); });
    if (shapes.empty()) throw_parts(fn, "no operands: give one array or more");
    const shape_t& s0 = shapes[0];
    const std::size_t n = s0.size();
    if (!Stack && n == 0) throw_parts(fn, "x1 has shape (); operands need one axis or more");
    a = normalize_axis(axis, Stack ? n + 1 : n, fn);
    for (std::size_t i = 1; i < shapes.size(); ++i) {
        const shape_t& s = shapes[i];
        if (s.size() != n) throw_part_shape(fn, i, s, s0, n);
        for (std::size_t k = 0; k < n; ++k)
            if (s[k] != s0[k] && (Stack || k != a)) throw_part_shape(fn, i, s, s0, Stack ? n : k, a);
    }
    return shapes;
}

// A part of the result's element type in row-major memory, copied as the blocks it makes in the
// result: one per index of its axes before `a` (its axes from `a` on fill a run of the result),
// one memcpy each, as a hand-written join does. False (nothing done) otherwise.
template <class R, class X>
bool copied_rows(R* dst, const strides_t& os, std::size_t a, const X& x, const shape_t& s) {
    if constexpr (memory_leaf<X> && std::is_same_v<typename X::value_type, R>) {
        return with_memory(x, [&](const R* src, const shape_t&, const strides_t& st) {
            if (!is_contiguous(s, st)) return false;
            const std::size_t lead = a;
            std::size_t outer = 1, block = 1;
            for (std::size_t k = 0; k < s.size(); ++k) (k < lead ? outer : block) *= s[k];
            const std::ptrdiff_t step = lead == 0 ? 0 : os[lead - 1];
            for (std::size_t o = 0; o < outer; ++o)
                std::memcpy(static_cast<void*>(dst + static_cast<std::ptrdiff_t>(o) * step), src + o * block, block * sizeof(R));
            return true;
        });
    } else {
        return false;
    }
}

// Each part written into its place in a new array: a strided window of the
// result per part, filled by the element-wise evaluator (any layout, any type
// converting to the promoted one).
template <bool Stack, class R, class P>
array<R> join_parts(const P& parts, std::ptrdiff_t axis) {
    std::size_t a = 0;
    const std::vector<shape_t> shapes = part_shapes<Stack>(parts, axis, a);
    shape_t out = shapes[0];
    if constexpr (Stack) {
        out.insert(a, shapes.size());
    } else {
        out[a] = 0;
        for (const shape_t& s : shapes) out[a] += s[a];
    }
    array<R> r = uninitialized<R>(out);
    const strides_t& os = r.strides();
    strides_t ps = os;  // a part's window: the result's strides (without the new axis for stack)
    if constexpr (Stack) ps.erase(a);
    std::ptrdiff_t offset = 0;
    each_part(parts, [&](const auto& x, std::size_t i) {
        const shape_t& s = shapes[i];
        if (size_of(s) != 0 && !copied_rows(r.data() + offset, os, a, x, s)) {
            strided_view<R> window(r.data() + offset, s, ps);
            window = x;
        }
        offset += os.empty() ? 0 : os[a] * static_cast<std::ptrdiff_t>(Stack ? 1 : s[a]);
    });
    return r;
}

}  // namespace detail

//! The operands joined along an existing axis, as a new array of their promoted
//! element type (Array API `concat`, NumPy `np.concatenate`). They have one
//! rank (1 or more) and one shape but along `axis`; std::invalid_argument otherwise.
//!   loom::array<double> c = loom::concat({a, b});          // along axis 0
//!   auto d = loom::concat(std::tie(ints, doubles), 1);    // mixed types: a tuple of references
//! A braced list holds copies of what it lists (C++ initializer lists do): for large
//! arrays, list views or pass `std::tie(...)`. Any range of operands works too (a std::vector of views).
template <class X>
    requires expression<X>
auto concat(std::initializer_list<X> parts, std::ptrdiff_t axis = 0) {
    return detail::join_parts<false, typename X::value_type>(parts, axis);
}
template <class P>
    requires detail::range_of_expressions<P> || detail::tuple_of_expressions<P>
auto concat(const P& parts, std::ptrdiff_t axis = 0) {
    return detail::join_parts<false, detail::parts_value_t<P>>(parts, axis);
}

//! The operands, all of one shape, joined along a new axis at `axis` (in
//! [-ndim - 1, ndim]), as a new array of their promoted element type (Array API `stack`).
//!   auto s = loom::stack({x, y}, 1);   // two (3,) arrays -> (3, 2)
template <class X>
    requires expression<X>
auto stack(std::initializer_list<X> parts, std::ptrdiff_t axis = 0) {
    return detail::join_parts<true, typename X::value_type>(parts, axis);
}
template <class P>
    requires detail::range_of_expressions<P> || detail::tuple_of_expressions<P>
auto stack(const P& parts, std::ptrdiff_t axis = 0) {
    return detail::join_parts<true, detail::parts_value_t<P>>(parts, axis);
}

}  // namespace loom
