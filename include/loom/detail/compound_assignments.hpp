// loom/detail/compound_assignments.hpp: the ten compound assignment operators, written once for every owning array type.
#pragma once

#include <utility>

#include "../expr/node.hpp"
#include "../expr/ops.hpp"

namespace loom::detail {

// `x op= value` for a Derived that provides `template <class Op, class X>
// Derived& compound(const X&)` (array, tensor, fixed_array: each has its own
// rules for writing in place, and befriends this base; the operand outlives
// the assignment, so x and std::move(x) share one instantiation).
template <class Derived>
struct compound_assignments {
    template <operand X> Derived& operator+=(X&& x) { return self().template compound<ops::add>(std::forward<X>(x)); }
    template <operand X> Derived& operator-=(X&& x) { return self().template compound<ops::subtract>(std::forward<X>(x)); }
    template <operand X> Derived& operator*=(X&& x) { return self().template compound<ops::multiply>(std::forward<X>(x)); }
    template <operand X> Derived& operator/=(X&& x) { return self().template compound<ops::divide>(std::forward<X>(x)); }
    template <operand X> Derived& operator%=(X&& x) { return self().template compound<ops::modulo>(std::forward<X>(x)); }
    template <operand X> Derived& operator&=(X&& x) { return self().template compound<ops::bit_and>(std::forward<X>(x)); }
    template <operand X> Derived& operator|=(X&& x) { return self().template compound<ops::bit_or>(std::forward<X>(x)); }
    template <operand X> Derived& operator^=(X&& x) { return self().template compound<ops::bit_xor>(std::forward<X>(x)); }
    template <operand X> Derived& operator<<=(X&& x) { return self().template compound<ops::shift_left>(std::forward<X>(x)); }
    template <operand X> Derived& operator>>=(X&& x) { return self().template compound<ops::shift_right>(std::forward<X>(x)); }

private:
    Derived& self() noexcept { return static_cast<Derived&>(*this); }
};

}  // namespace loom::detail
