// loom/view/strided_view.hpp: strided_view<T>, a window (pointer, shape, strides) onto memory, its flat iterator; adapt.
#pragma once

#include <cstddef>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>

#include "../core/errors.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../expr/ops.hpp"

namespace loom {

namespace detail {
struct fill_layout_t {
    explicit fill_layout_t() = default;
};
inline constexpr fill_layout_t fill_layout{};
}  // namespace detail

//! A strided window onto memory the view does not own. Writable when T is not
//! const; assigning to it is in place (the value must broadcast to its shape).
//! Copying a view copies the window, assigning to one writes elements.
template <class T>
class strided_view {
public:
    using value_type = std::remove_const_t<T>;
    static constexpr bool loom_expression = true;
    static constexpr bool writable = !std::is_const_v<T>;

    strided_view(T* data, shape_t shape, strides_t strides)
        : data_(data), shape_(std::move(shape)), strides_(std::move(strides)) {}
    //! For loom's own view functions: a view of `rank` axes whose extents and
    //! strides `fill(extents, strides)` writes in place, returning the pointer
    //! to the first element (nothing built and moved in between).
    template <class Fill>
    strided_view(detail::fill_layout_t, std::size_t rank, Fill&& fill) {
        shape_.resize_for_overwrite(rank);
        strides_.resize_for_overwrite(rank);
        data_ = fill(shape_.data(), strides_.data());
    }
    strided_view(const strided_view&) = default;
    strided_view(strided_view&&) noexcept = default;
    //! A writable view converts to a read-only one.
    template <class U>
        requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>)
    strided_view(const strided_view<U>& o) : data_(o.data()), shape_(o.shape()), strides_(o.strides()) {}

    //! Writes `e` into the viewed elements (in-place rule; nothing written on error).
    strided_view& operator=(const strided_view& e)
        requires writable
    {
        return assign_from(e);
    }
    template <operand X>
        requires writable
    strided_view& operator=(X&& x) {
        return assign_from(std::forward<X>(x));
    }

    template <operand X> requires writable strided_view& operator+=(X&& x) { return compound<ops::add>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator-=(X&& x) { return compound<ops::subtract>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator*=(X&& x) { return compound<ops::multiply>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator/=(X&& x) { return compound<ops::divide>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator%=(X&& x) { return compound<ops::modulo>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator&=(X&& x) { return compound<ops::bit_and>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator|=(X&& x) { return compound<ops::bit_or>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator^=(X&& x) { return compound<ops::bit_xor>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator<<=(X&& x) { return compound<ops::shift_left>(std::forward<X>(x)); }
    template <operand X> requires writable strided_view& operator>>=(X&& x) { return compound<ops::shift_right>(std::forward<X>(x)); }

    const shape_t& shape() const noexcept { return shape_; }
    const strides_t& strides() const noexcept { return strides_; }
    std::size_t ndim() const noexcept { return shape_.size(); }
    std::size_t size() const noexcept { return size_of(shape_); }
    T* data() const noexcept { return data_; }
    leaf_layout<value_type> layout() const noexcept { return {data_, &shape_, &strides_}; }

    //! Element reference, unchecked (checked by an assertion in builds without NDEBUG).
    template <std::integral... I>
    T& operator()(I... i) const noexcept {
        detail::debug_index("a view", shape_, i...);
        return data_[detail::element_offset(strides_, i...)];
    }
    //! Element reference, checked: one index per axis, each in range (negative
    //! counts from the end); index_error otherwise.
    template <std::integral... I>
    T& at(I... i) const {
        return data_[detail::checked_element_offset("a view", shape_, strides_, i...)];
    }

    //! Flat iteration over the viewed elements in row-major order.
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::remove_const_t<T>;
        using difference_type = std::ptrdiff_t;
        using pointer = T*;
        using reference = T&;

        iterator() = default;
        T& operator*() const noexcept { return *p_; }
        T* operator->() const noexcept { return p_; }
        iterator& operator++() noexcept {
            ++pos_;
            const shape_t& s = v_->shape_;
            for (std::size_t d = s.size(); d-- > 0;) {
                p_ += v_->strides_[d];
                if (++idx_[d] < s[d]) return *this;
                p_ -= v_->strides_[d] * static_cast<std::ptrdiff_t>(s[d]);
                idx_[d] = 0;
            }
            return *this;
        }
        iterator operator++(int) noexcept {
            iterator old = *this;
            ++*this;
            return old;
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.pos_ == b.pos_; }

    private:
        friend class strided_view;
        iterator(const strided_view* v, std::size_t pos)
            : v_(v), p_(v->data_), idx_(v->shape_.size(), 0), pos_(pos) {}
        const strided_view* v_ = nullptr;
        T* p_ = nullptr;
        shape_t idx_;
        std::size_t pos_ = 0;
    };
    using const_iterator = iterator;
    iterator begin() const { return iterator(this, 0); }
    iterator end() const { return iterator(this, size()); }

private:
    template <class X>
    strided_view& assign_from(const X& x) {  // x outlives the assignment: x and std::move(x) share one instantiation
        detail::assign<detail::mode::inplace>(*this, detail::capture_operand(x));
        return *this;
    }
    template <class Op, class X>
    strided_view& compound(const X& x) {
        detail::compound_assign<Op>(*this, x);
        return *this;
    }

    T* data_;
    shape_t shape_;
    strides_t strides_;
};

//! array_ref<T>: the name a view goes by as a parameter (writable; array_ref<const T> read-only),
//! as in the Python bindings' signatures (<loom/python.hpp>).
template <class T>
using array_ref = strided_view<T>;

//! A writable view over caller-owned row-major memory.
//!   double buf[6];  auto v = loom::adapt(buf, {2, 3});  v = 1.0;
template <class T>
    requires element<std::remove_const_t<T>>
strided_view<T> adapt(T* p, const shape_t& shape) {
    return strided_view<T>(p, shape, c_strides(shape));
}

}  // namespace loom
