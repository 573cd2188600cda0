// loom/eval/threads.hpp: how many threads an assignment may use, whether one is worth them, and the one place work is split among them (OpenMP, where the program is compiled with it).
#pragma once

#include <cstddef>
#include <exception>
#include <stdexcept>
#include <string>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace loom {

namespace detail {
// This thread's limit (set_num_threads): 0 for OpenMP's default.
inline constinit thread_local int thread_limit_ = 0;
}  // namespace detail

//! Threads an assignment may use: this thread's limit (set_num_threads), or
//! else OpenMP's default (OMP_NUM_THREADS); 1 in a build without OpenMP.
inline int num_threads() noexcept {
#ifdef _OPENMP
    const int n = detail::thread_limit_;
    return n > 0 ? n : omp_get_max_threads();
#else
    return 1;
#endif
}

//! Sets this thread's limit of threads per assignment (0: OpenMP's default)
//! and returns the previous setting; a negative count throws
//! std::invalid_argument and changes nothing.
inline int set_num_threads(int n) {
    if (n < 0)
        throw std::invalid_argument("loom::set_num_threads: the count of threads must be 0 (the default) or more, not " +
                                    std::to_string(n));
    const int previous = detail::thread_limit_;
    detail::thread_limit_ = n;
    return previous;
}

//! set_num_threads(n) for the guard's lifetime: `loom::threads_scope one(1);`.
class threads_scope {
public:
    explicit threads_scope(int n) : previous_(set_num_threads(n)) {}
    ~threads_scope() { detail::thread_limit_ = previous_; }
    threads_scope(const threads_scope&) = delete;
    threads_scope& operator=(const threads_scope&) = delete;

private:
    int previous_;
};

namespace detail {

// Work of an assignment, in units of about one add of one element: each
// thread needs parallel_work of it, and below three times that no thread
// starts (a team's start and join cost about as much as this much work on
// one core).
inline constexpr std::size_t parallel_work = std::size_t{1} << 18;
inline constexpr std::size_t parallel_start = 3 * parallel_work;

// The work of one element: its operations and a unit per 4 bytes it moves
// (kernel_traits::work for assignments, reduce_threads for reductions).
constexpr std::size_t element_work(std::size_t ops, std::size_t bytes) { return ops + bytes / 4 + 1; }

// The least element count at which an assignment of `work` units an element
// may start threads; none without OpenMP.
constexpr std::size_t parallel_floor(std::size_t work) {
#ifdef _OPENMP
    return parallel_start / (work ? work : 1);
#else
    (void)work;
    return static_cast<std::size_t>(-1);
#endif
}

// The threads for `work` units, never more than `pieces` (the chunks the work
// can be cut into): 1 below parallel_start, inside a parallel region of the
// caller's (no nested teams), or without OpenMP.
inline int threads_for(std::size_t work, std::size_t pieces) noexcept {
#ifdef _OPENMP
    if (work < parallel_start || pieces < 2 || omp_get_level() > 0) return 1;
    std::size_t n = static_cast<std::size_t>(num_threads());
    if (n > work / parallel_work) n = work / parallel_work;
    if (n > pieces) n = pieces;
    return n < 1 ? 1 : static_cast<int>(n);  // pieces may be 0: fewer than 64 columns of one output row
#else
    (void)work;
    (void)pieces;
    return 1;
#endif
}

// f(c) for every chunk c of [0, chunks), on `threads` threads (OpenMP) or on
// this one: each chunk once, the chunks of a thread in increasing order. An
// exception from a chunk reaches the caller after every thread has stopped
// (the first one caught; the chunks it skipped are left as they were).
template <class F>
void parallel_chunks(std::size_t chunks, int threads, F&& f) {
#ifdef _OPENMP
    if (threads > 1 && chunks > 1) {
        std::exception_ptr error;
        const auto count = static_cast<std::ptrdiff_t>(chunks);
#pragma omp parallel for num_threads(threads) schedule(static)
        for (std::ptrdiff_t c = 0; c < count; ++c) {
            try {
                f(static_cast<std::size_t>(c));
            } catch (...) {
#pragma omp critical(loom_parallel_error)
                if (!error) error = std::current_exception();
            }
        }
        if (error) std::rethrow_exception(error);
        return;
    }
#else
    (void)threads;
#endif
    for (std::size_t c = 0; c < chunks; ++c) f(c);
}

// The reduction of [0, n) as its serial recursion computes it (a range of
// more than `leaf` elements is the combination of its first half(m) elements
// and the rest), with the subtrees `depth` levels down computed by f(lo, m)
// on `threads` threads and combined in the same tree: the same bits for any
// count of threads, and as without threads.
template <class A, class Half, class F, class Combine>
A parallel_halves(std::size_t n, std::size_t leaf, Half half, F f, Combine combine, int threads) {
    constexpr std::size_t depth = 4;  // at most 16 subtrees
    struct piece {
        std::size_t lo, n;
    };
    piece pieces[std::size_t{1} << depth];
    std::size_t count = 0;
    const auto cut = [&](const auto& self, std::size_t lo, std::size_t m, std::size_t d) -> void {
        if (d == depth || m <= leaf) {
            pieces[count++] = {lo, m};
            return;
        }
        const std::size_t h = half(m);
        self(self, lo, h, d + 1);
        self(self, lo + h, m - h, d + 1);
    };
    cut(cut, 0, n, 0);
    A part[std::size_t{1} << depth];
    parallel_chunks(count, threads, [&](std::size_t i) { part[i] = f(pieces[i].lo, pieces[i].n); });
    std::size_t next = 0;
    const auto join = [&](const auto& self, std::size_t m, std::size_t d) -> A {
        if (d == depth || m <= leaf) return part[next++];
        const std::size_t h = half(m);
        const A left = self(self, h, d + 1);
        return combine(left, self(self, m - h, d + 1));
    };
    return join(join, n, 0);
}

}  // namespace detail
}  // namespace loom
