// loom/core/shape.hpp: shape_t and strides_t, row-major strides, element counts, printing.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <limits>
#include <ostream>
#include <ranges>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../detail/small_vector.hpp"

namespace loom {

//! The extents of an array: `shape_t{2, 3}`, `shape_t{}` (rank 0), or built from
//! any range of integers. Ranks up to 8 never touch the heap.
class shape_t : public detail::small_vector<std::size_t, 8> {
    using base = detail::small_vector<std::size_t, 8>;

public:
    shape_t() noexcept = default;
    shape_t(std::initializer_list<std::size_t> init) : base(init) {}
    template <std::ranges::input_range R>
        requires std::integral<std::ranges::range_value_t<R>> &&
                 (!std::same_as<std::remove_cvref_t<R>, shape_t>)
    explicit shape_t(const R& r) : base(std::ranges::begin(r), std::ranges::end(r)) {}
    explicit shape_t(std::size_t rank, std::size_t fill) : base(rank, fill) {}
    template <class It>
    shape_t(It first, It last) : base(first, last) {}

    friend bool operator==(const shape_t& a, const shape_t& b) noexcept {
        return static_cast<const base&>(a) == static_cast<const base&>(b);
    }
};

//! Strides in elements (not bytes), one per axis.
using strides_t = detail::small_vector<std::ptrdiff_t, 8>;

namespace detail {

template <class Seq>
void print_tuple(std::ostream& os, const Seq& s) {
    os << '(';
    for (std::size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
    if (s.size() == 1) os << ',';
    os << ')';
}

template <class Seq>
std::string to_string(const Seq& s) {
    std::ostringstream os;
    print_tuple(os, s);
    return os.str();
}

}  // namespace detail

//! Prints like a Python tuple: `(2, 3)`, `(3,)`, `()`.
inline std::ostream& operator<<(std::ostream& os, const shape_t& s) {
    detail::print_tuple(os, s);
    return os;
}

//! Number of elements; throws std::length_error when the product overflows std::size_t.
inline std::size_t size_of(const shape_t& s) {
    std::size_t n = 1;
    bool overflow = false;
    for (std::size_t e : s) {
        if (e == 0) return 0;
        overflow |= __builtin_mul_overflow(n, e, &n);  // no division on this hot path
    }
    if (overflow)
        throw std::length_error("loom: shape " + detail::to_string(s) +
                                " has more elements than std::size_t can count");
    return n;
}

//! Row-major (C order) strides of a shape, in elements.
inline strides_t c_strides(const shape_t& s) {
    strides_t st(s.size(), 0);
    std::ptrdiff_t acc = 1;
    for (std::size_t i = s.size(); i-- > 0;) {
        st[i] = acc;
        acc *= static_cast<std::ptrdiff_t>(s[i] ? s[i] : 1);
    }
    return st;
}

}  // namespace loom
