// loom/containers/array.hpp: loom::array<T>, an owning N-d row-major array with value semantics.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../detail/compound_assignments.hpp"
#include "../expr/ops.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"

namespace loom {

namespace detail {

// Nested braces of depth R: nested_list<T, 2> is initializer_list<initializer_list<T>>.
template <class T, std::size_t R>
struct nested_list {
    using type = std::initializer_list<typename nested_list<T, R - 1>::type>;
};
template <class T>
struct nested_list<T, 0> {
    using type = T;
};
template <class T, std::size_t R>
using nested_list_t = typename nested_list<T, R>::type;

// Out of line (never inlined): one copy of the message's code, not one per rank and type.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_ragged(std::size_t depth, std::size_t got, std::size_t want) {
    throw std::invalid_argument("loom: ragged nested initializer: a list at depth " + std::to_string(depth) + " has " +
                                std::to_string(got) + " elements where another has " + std::to_string(want));
}

template <class T, std::size_t R>
void nested_shape(const nested_list_t<T, R>& l, shape_t& s, std::size_t depth) {
    if constexpr (R > 0) {
        if (s.size() <= depth) s.push_back(l.size());
        else if (s[depth] != l.size()) throw_ragged(depth, l.size(), s[depth]);
        if constexpr (R > 1)
            for (const auto& sub : l) nested_shape<T, R - 1>(sub, s, depth + 1);
        if (R > 1 && l.size() == 0)
            for (std::size_t d = depth + 1; d < depth + R; ++d)
                if (s.size() <= d) s.push_back(0);
    }
}

template <class T, std::size_t R>
void nested_copy(const nested_list_t<T, R>& l, T*& out) {
    if constexpr (R == 1) {
        for (const T& v : l) *out++ = v;
    } else {
        for (const auto& sub : l) nested_copy<T, R - 1>(sub, out);
    }
}

}  // namespace detail

//! An owning N-d array of T in row-major order, with value semantics.
//!   loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
//!   loom::array<double> r = a * 2 + 1;   // one fused pass, one allocation
template <element T>
class array : public detail::compound_assignments<array<T>> {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    static constexpr bool loom_expression = true;

    //! An empty array of shape (0), ready to be assigned.
    array() { make_empty(); }
    //! A zero-filled array of shape `s`.
    explicit array(const shape_t& s) : array(s, T{}) {}
    //! An array of shape `s` filled with `value`.
    array(const shape_t& s, T value) : shape_(s), strides_(c_strides(s)), buf_(size_of(s)) {
        shaped(buf_.capacity());  // the buffer was made for size_of(s) elements
        std::fill_n(buf_.data(), size(), value);
    }
    //! Nested braces, rank 1 to 4; ragged input throws std::invalid_argument.
    //!   loom::array<double> v = {1, 2.5, 3};          // (3,)
    //!   loom::array<double> c = {{1}, {2}, {3}};      // (3, 1)
    //! Rank 1 takes its elements as arguments (not an initializer_list<T>), so
    //! that `{{1}, {2}}` is a (2, 1) column and not the vector (1, 2).
    //! (Innermost lists of one element at rank 3 or 4, as in `{{{1}}, {{2}}}`,
    //! are ambiguous in C++: build those with reshape.)
    template <scalar_value... U>
        requires(sizeof...(U) >= 1)
    array(U... v) {
        const T values[] = {static_cast<T>(v)...};
        from_values(values, sizeof...(U));
    }
    //! A rank-1 copy of contiguous memory: `loom::array<double> a(std::span<const double>(v))`,
    //! or `loom::array<double> a(v)` for a `std::vector<double> v` (anything that converts to the span).
    explicit array(std::span<const T> s) { from_values(s.data(), s.size()); }
    array(detail::nested_list_t<T, 2> l) { from_nested<2>(l); }
    array(detail::nested_list_t<T, 3> l) { from_nested<3>(l); }
    array(detail::nested_list_t<T, 4> l) { from_nested<4>(l); }

    //! Evaluates `e` in one pass; the only allocation is this array's buffer.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, array>)
    array(const E& e) {
        detail::assign<detail::mode::init>(*this, e);
    }

    array(const array& o) : shape_(o.shape_), strides_(o.strides_), buf_(o.size()), size_(o.size_), key_(o.key_) {
        std::copy_n(o.data(), o.size(), data());
    }
    array(array&& o) noexcept
        : shape_(std::move(o.shape_)), strides_(std::move(o.strides_)), buf_(std::move(o.buf_)), size_(o.size_),
          key_(o.key_) {
        o.make_empty();
    }
    array& operator=(const array& o) {
        if (this != &o) detail::assign<detail::mode::value>(*this, o);  // a copy, as for any expression
        return *this;
    }
    array& operator=(array&& o) noexcept {
        if (this != &o) {
            shape_ = std::move(o.shape_);
            strides_ = std::move(o.strides_);
            buf_ = std::move(o.buf_);
            size_ = o.size_;
            key_ = o.key_;
            o.make_empty();
        }
        return *this;
    }
    //! Value semantics: takes `e`'s broadcast shape (reusing the buffer when it
    //! fits); correct even when `e` reads this array.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, array>)
    LOOM_INLINE array& operator=(const E& e) {
        detail::assign<detail::mode::value>(*this, e);
        return *this;
    }

    //! Not value semantics for a number: `r = 2.0` would make r the 1-element
    //! array (2.); use `r.fill(2.0)` or `view(r, ellipsis) = 2.0`.
    template <scalar_value U>
    array& operator=(U) = delete;

    // += -= *= /= %= &= |= ^= <<= >>= (detail::compound_assignments) write in place: `x` must broadcast to shape(); nothing is written otherwise.

    const shape_t& shape() const noexcept { return shape_; }
    const strides_t& strides() const noexcept { return strides_; }
    std::size_t ndim() const noexcept { return shape_.size(); }
    std::size_t size() const noexcept { return size_; }
    T* data() noexcept { return buf_.data(); }
    const T* data() const noexcept { return buf_.data(); }
    leaf_layout<T> layout() const noexcept { return {buf_.data(), &shape_, &strides_}; }

    //! Element reference, unchecked (checked by an assertion in builds without NDEBUG).
    template <std::integral... I>
    T& operator()(I... i) noexcept {
        detail::debug_index("an array", shape_, i...);
        return data()[offset(i...)];
    }
    template <std::integral... I>
    const T& operator()(I... i) const noexcept {
        detail::debug_index("an array", shape_, i...);
        return data()[offset(i...)];
    }
    //! Element reference, checked: one index per axis, each in range (negative counts from the end).
    template <std::integral... I>
    T& at(I... i) { return data()[checked_offset(i...)]; }
    template <std::integral... I>
    const T& at(I... i) const { return data()[checked_offset(i...)]; }

    iterator begin() noexcept { return data(); }
    iterator end() noexcept { return data() + size(); }
    const_iterator begin() const noexcept { return data(); }
    const_iterator end() const noexcept { return data() + size(); }

    //! Sets every element to `value`.
    void fill(T value) noexcept { std::fill_n(data(), size(), value); }
    //! An array of one element converts to it, as `float(a)` in NumPy:
    //! `double d = double(loom::linalg::det(m));` (std::invalid_argument for another size).
    explicit operator T() const {
        if (size() != 1)
            throw std::invalid_argument("loom: only an array of one element converts to a number; this one has shape " +
                                        to_string(shape_));
        return data()[0];
    }

private:
    friend struct detail::value_access;
    // What the pipeline's value mode changes (eval/pipeline.hpp):
    // shape s, with the buffer kept when it holds enough elements
    void take_shape(const shape_t& s) {
        const std::size_t n = size_of(s);
        if (n > buf_.capacity()) buf_ = detail::buffer<T>(n);
        shape_ = s;
        detail::c_strides_into(s, strides_);
        shaped(n);
    }
    // the shape of an owning leaf (an array or a tensor), a buffer for it;
    // Fresh: this array is being constructed (it has no buffer)
    template <bool Fresh, class X>
    LOOM_INLINE void take_like(const X& x) {
        if constexpr (requires { x.as_array(); }) {
            take_like<Fresh>(x.as_array());
        } else {
            if (Fresh || x.size_ > buf_.capacity()) buf_ = detail::buffer<T>(x.size_);
            shape_ = x.shape_;
            strides_ = x.strides_;  // an array's strides are row-major: the same for every T
            size_ = x.size_;
            key_ = x.key_;
        }
    }
    // shape s and a buffer already holding the values
    void adopt(detail::buffer<T>&& b, const shape_t& s) {
        buf_ = std::move(b);
        take_shape(s);
    }
    // size_ and key_ for a new shape_ of n elements (a count known to fit)
    void shaped(std::size_t n) noexcept {
        size_ = n;
        key_ = detail::shape_key(shape_);
    }
    // shape (0), as a new or moved-from array has (no buffer)
    void make_empty() noexcept {
        shape_ = shape_t{0};
        strides_ = strides_t{1};
        shaped(0);
    }

    void from_values(const T* values, std::size_t n) {
        detail::buffer<T> b(n);
        std::copy_n(values, n, b.data());
        shape_ = shape_t{n};
        strides_ = c_strides(shape_);
        buf_ = std::move(b);
        shaped(n);
    }

    template <std::size_t R>
    void from_nested(const detail::nested_list_t<T, R>& l) {
        shape_t s;
        detail::nested_shape<T, R>(l, s, 0);
        const std::size_t n = size_of(s);
        detail::buffer<T> b(n);
        T* out = b.data();
        detail::nested_copy<T, R>(l, out);
        shape_ = s;
        strides_ = c_strides(s);
        buf_ = std::move(b);
        shaped(n);
    }

    template <class L>
    friend struct detail::owning;
    template <element U>
    friend class array;
    friend struct detail::compound_assignments<array<T>>;
    template <class Op, class X>
    array& compound(const X& x) {  // x outlives the assignment: one instantiation for x and std::move(x)
        detail::compound_assign<Op>(*this, x);
        return *this;
    }

    template <class... I>
    std::size_t offset(I... i) const noexcept {
        return static_cast<std::size_t>(detail::element_offset(strides_, i...));
    }
    template <class... I>
    std::size_t checked_offset(I... i) const {
        return static_cast<std::size_t>(detail::checked_element_offset("an array", shape_, strides_, i...));
    }

    shape_t shape_;
    strides_t strides_;
    detail::buffer<T> buf_;
    std::size_t size_ = 0;    // elements, kept with shape_
    std::uint64_t key_ = 0;   // detail::shape_key(shape_): same-shape checks in one compare
};

namespace detail {
template <element T>
struct owning<array<T>> : std::true_type {
    // two arrays: their keys, and the shapes only when neither has one
    template <element U>
    static bool same_shape(const array<T>& a, const array<U>& target) noexcept {
        return a.key_ == target.key_ && (a.key_ != 0 || a.shape_ == target.shape_);
    }
    template <class S>
    static bool same_shape(const array<T>& a, const S& s) noexcept {
        return a.shape() == shape_ref(s);
    }
};
}  // namespace detail

//! Evaluates an expression into a new array of its value type.
template <expression E>
auto eval(const E& e) {
    return array<typename std::remove_cvref_t<E>::value_type>(e);
}

}  // namespace loom
