// loom/broadcast/policy.hpp: the rank-promotion policy (allow, warn, raise), per thread, and its check.
#pragma once

#include <cstddef>
#include <iostream>
#include <string>

#include "../core/errors.hpp"
#include "../core/shape.hpp"

namespace loom {

//! What an implicit rank promotion between non-scalar operands of an
//! element-wise operation does (JAX's `jax_numpy_rank_promotion`).
//!   loom::rank_promotion_scope guard(loom::rank_promotion::raise);
//!   auto r = loom::eval(m23 + v3);   // throws loom::broadcast_error
enum class rank_promotion { allow, warn, raise };

namespace detail {
inline constinit thread_local rank_promotion rank_policy_ = rank_promotion::allow;
}  // namespace detail

//! This thread's rank-promotion policy (`allow` unless changed).
inline rank_promotion get_rank_promotion() noexcept { return detail::rank_policy_; }

//! Sets this thread's rank-promotion policy; returns the previous one.
//!   auto old = loom::set_rank_promotion(loom::rank_promotion::warn);
inline rank_promotion set_rank_promotion(rank_promotion p) noexcept {
    const rank_promotion old = detail::rank_policy_;
    detail::rank_policy_ = p;
    return old;
}

//! Sets this thread's policy for the lifetime of the guard, then restores the previous one.
//!   { loom::rank_promotion_scope guard(loom::rank_promotion::raise); ... }
class rank_promotion_scope {
public:
    explicit rank_promotion_scope(rank_promotion p) noexcept : previous_(set_rank_promotion(p)) {}
    ~rank_promotion_scope() { set_rank_promotion(previous_); }
    rank_promotion_scope(const rank_promotion_scope&) = delete;
    rank_promotion_scope& operator=(const rank_promotion_scope&) = delete;

private:
    rank_promotion previous_;
};

namespace detail {

[[gnu::cold]] inline void report_rank_promotion(rank_promotion p, const shape_t& a, const shape_t& b) {
    const std::string what = "implicit rank promotion of " + to_string(a) + " with " + to_string(b);
    if (p == rank_promotion::raise)
        throw broadcast_error(what +
                              " in an element-wise operation under rank_promotion::raise; make it explicit "
                              "with in_dim, expand_dims, newaxis, broadcast_to or broadcast_in_dim");
    std::clog << "loom: warning: " << what << " in an element-wise operation\n";
}

// Checks the shapes of one element-wise operation's operands under policy `p`
// (not `allow`): two operands of rank >= 1 with different ranks is a promotion.
// Rank-0 operands (C++ numbers, rank-0 arrays) never count, as in JAX.
inline void check_rank_promotion(rank_promotion p, const shape_t* shapes, std::size_t n) {
    const shape_t* first = nullptr;
    for (std::size_t i = 0; i < n; ++i) {
        if (shapes[i].size() == 0) continue;
        if (!first) first = &shapes[i];
        else if (first->size() != shapes[i].size()) return report_rank_promotion(p, *first, shapes[i]);
    }
}

}  // namespace detail

}  // namespace loom
