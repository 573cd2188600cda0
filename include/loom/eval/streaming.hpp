// loom/eval/streaming.hpp: when assignments write with non-temporal (streaming) stores, per thread.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../config.hpp"
#include "../simd/simd.hpp"

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

namespace loom {

namespace detail {
// The threshold less one, wrapping: 0 (never) is the largest value, so that
// streams() is a single comparison on every assignment, small ones included.
// Until a thread sets its own, it holds the build's value, a lower bound of
// the default (threshold_set_ false).
inline constinit thread_local std::size_t streaming_threshold_less1_ =
    static_cast<std::size_t>(LOOM_STREAMING_THRESHOLD) - 1;
inline constinit thread_local bool threshold_set_ = false;

// The size of the last-level cache as the system reports it, 0 where it does
// not (read once a process).
inline std::size_t last_level_cache_bytes() noexcept {
    static const std::size_t bytes = [] {
        long v = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE)
        v = ::sysconf(_SC_LEVEL3_CACHE_SIZE);
        if (v <= 0) v = ::sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
        return v > 0 ? static_cast<std::size_t>(v) : std::size_t{0};
    }();
    return bytes;
}

// A thread's threshold before it sets one: the build's value (Meson option
// `streaming_threshold`), or the last-level cache's size when that is larger;
// 0 (never) when the build's value is 0.
inline std::size_t default_streaming_threshold() noexcept {
    constexpr auto built = static_cast<std::size_t>(LOOM_STREAMING_THRESHOLD);
    const std::size_t llc = last_level_cache_bytes();
    return built == 0 || llc <= built ? built : llc;
}
}  // namespace detail

//! Assignments that move at least this many bytes (the target's elements and
//! each distinct operand buffer's, once however many leaves read it) write with
//! non-temporal stores (x86 with SIMD; elsewhere, or 0 here: never). Such a
//! store sends each line to memory without reading it into the cache first
//! and without keeping it there: when the data is far larger than the last-
//! level cache, that saves a quarter of the memory traffic of `r = a + b`;
//! when it would have stayed in that cache, it costs a trip to memory. This
//! thread's value; the default is the size of the machine's last-level cache,
//! and at least the Meson option `streaming_threshold` (32 MiB): an
//! assignment that moves less may keep its data in that cache.
inline std::size_t streaming_threshold() noexcept {
    return detail::threshold_set_ ? detail::streaming_threshold_less1_ + 1 : detail::default_streaming_threshold();
}

//! Sets this thread's threshold (0: never stream); returns the previous one.
//!   loom::set_streaming_threshold(0);                // plain stores only
//!   loom::set_streaming_threshold(std::size_t{256} << 20);  // assignments moving 256 MiB or more
inline std::size_t set_streaming_threshold(std::size_t bytes) noexcept {
    const std::size_t old = streaming_threshold();
    detail::streaming_threshold_less1_ = bytes - 1;
    detail::threshold_set_ = true;
    return old;
}

//! Sets this thread's threshold for the lifetime of the guard, then restores the previous one.
//!   { loom::streaming_threshold_scope plain(0); r = a + b; }  // plain stores, whatever the size
class streaming_threshold_scope {
public:
    explicit streaming_threshold_scope(std::size_t bytes) noexcept : previous_(set_streaming_threshold(bytes)) {}
    ~streaming_threshold_scope() { set_streaming_threshold(previous_); }
    streaming_threshold_scope(const streaming_threshold_scope&) = delete;
    streaming_threshold_scope& operator=(const streaming_threshold_scope&) = delete;

private:
    std::size_t previous_;
};

namespace detail {

// streams() past the build's value: this thread's own threshold, or the default's.
[[gnu::noinline]] inline bool streams_past(std::size_t bytes) noexcept {
    return threshold_set_ || bytes >= default_streaming_threshold();
}

// Whether an assignment of T elements that moves `bytes` in all writes with
// simd::stream: the threshold and a SIMD build on x86 (a target not aligned
// to a T is handled by stream_head). One comparison below the build's value.
template <class T>
inline bool streams(std::size_t bytes) noexcept {
    if constexpr (simd::stream_align<T> == 0) return false;
    else return bytes > streaming_threshold_less1_ && streams_past(bytes);
}

// How many of n elements at out precede the first one aligned for
// simd::stream: all n when out is not aligned to a T (no element ever is).
template <class T>
inline std::size_t stream_head(const T* out, std::size_t n) noexcept {
    constexpr std::size_t a = simd::stream_align<T> ? simd::stream_align<T> : 1;
    const std::size_t mis = reinterpret_cast<std::uintptr_t>(out) % a;
    if (mis % sizeof(T) != 0) return n;
    const std::size_t head = mis ? (a - mis) / sizeof(T) : 0;
    return head < n ? head : n;
}

}  // namespace detail

}  // namespace loom
