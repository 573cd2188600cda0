// loom/config.hpp: the build configuration (SIMD on or off, the streaming-store threshold, a BLAS or not, a LAPACK or not) and the library version.
#pragma once

// Where the values come from:
// - a Meson build (loom's own, or loom as a subproject) generates
//   <loom/config_build.hpp> from its options (config/loom/config_build.hpp.in)
//   and puts it on loom's include path; `meson install` installs it next to
//   this file. This file reads it.
// - with include/ simply added to the include path and no build, there is no
//   generated header and the defaults below apply (SIMD on).
// The configuration is never a macro users define before including: every
// translation unit that finds loom through the same include path sees the
// same header, hence the same values.

#ifdef LOOM_SIMD
#error "loom: LOOM_SIMD is set by loom's build configuration (Meson option 'simd'); do not define it yourself"
#endif
#ifdef LOOM_BLAS
#error "loom: LOOM_BLAS is set by loom's build configuration (Meson option 'blas'); do not define it yourself"
#endif
#ifdef LOOM_LAPACK
#error "loom: LOOM_LAPACK is set by loom's build configuration (Meson option 'lapack'); do not define it yourself"
#endif
#ifdef LOOM_STREAMING_THRESHOLD
#error "loom: LOOM_STREAMING_THRESHOLD is set by loom's build configuration (Meson option 'streaming_threshold'); do not define it yourself, call loom::set_streaming_threshold"
#endif

#if __has_include(<loom/config_build.hpp>)
#include <loom/config_build.hpp>
#if LOOM_VERSION_MAJOR != 0 || LOOM_VERSION_MINOR != 1 || LOOM_VERSION_PATCH != 0
#error "loom: the <loom/config_build.hpp> on the include path belongs to another loom version than these headers (0.1.0)"
#endif
#ifndef LOOM_STREAMING_THRESHOLD
// generated before the option existed (a build tree or install not yet regenerated): its default
#define LOOM_STREAMING_THRESHOLD 33554432u
#endif
#ifndef LOOM_BLAS
#define LOOM_BLAS 0  // generated before the option existed
#endif
#ifndef LOOM_LAPACK
#define LOOM_LAPACK 0  // generated before the option existed
#endif
#else
#define LOOM_VERSION_MAJOR 0
#define LOOM_VERSION_MINOR 1
#define LOOM_VERSION_PATCH 0
#define LOOM_VERSION (LOOM_VERSION_MAJOR * 10000 + LOOM_VERSION_MINOR * 100 + LOOM_VERSION_PATCH)
#define LOOM_VERSION_STRING "0.1.0"
#define LOOM_SIMD 1
#define LOOM_STREAMING_THRESHOLD 33554432u
#define LOOM_BLAS 0
#define LOOM_LAPACK 0
#endif

// 1 (the default): small buffers a thread frees are kept for its next arrays
// (core/storage.hpp); 0: every buffer comes from ::operator new and goes back
// to ::operator delete at once.
#ifndef LOOM_BUFFER_CACHE
#define LOOM_BUFFER_CACHE 1
#endif

// 1: every assignment records the strategy it ran, for detail::last_traversal()
// (loom's own tests build with it); 0 (the default): nothing is recorded, a
// store to thread-local memory saved on every assignment. It must be the same
// in every translation unit of a program.
#ifndef LOOM_TRACE_STRATEGY
#define LOOM_TRACE_STRATEGY 0
#endif

// Forces inlining of the evaluator's per-row functions into their loops when
// optimizing. Without optimization (-O0: debug builds, the sanitizer build of
// the tests) they stay plain inline functions: forced there, every caller got
// its own copy of each row loop, unoptimized, and the test build grew slower.
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define LOOM_INLINE [[gnu::always_inline]] inline
#else
#define LOOM_INLINE inline
#endif

// On the out-of-line functions that hold the evaluator's row loops: with GCC,
// their loops start on a 32-byte boundary (GCC's default is 16), so that a
// row loop of up to 32 bytes (a batch or two a trip) never straddles a 64-byte
// line: a loop that straddles one can take much longer (the measurements are
// in docs/design/performance-notes.md, "Code placement"). GCC appends these options
// to the command line's (-O3, -ffast-math stay), and inlines no function whose
// options differ from its caller's: the attribute is only for functions that
// are called. Clang ignores the attribute and warns, so it gets none.
#if defined(__GNUC__) && !defined(__clang__) && defined(__OPTIMIZE__)
#define LOOM_HOT_LOOPS [[gnu::optimize("align-loops=32")]]
#else
#define LOOM_HOT_LOOPS
#endif
