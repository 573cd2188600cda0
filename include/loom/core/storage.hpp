// loom/core/storage.hpp: the aligned, owning element buffer behind loom::array.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

#include "../config.hpp"

#if defined(__linux__) && __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif
#if defined(MADV_HUGEPAGE)
#define LOOM_HAS_MADV_HUGEPAGE 1
#else
#define LOOM_HAS_MADV_HUGEPAGE 0
#endif

// Cached blocks are poisoned under AddressSanitizer, so that a pointer kept
// into a freed array is still reported while its block waits for reuse.
#if defined(__SANITIZE_ADDRESS__)
#define LOOM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LOOM_ASAN 1
#endif
#endif
#ifdef LOOM_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace loom {

namespace detail {
// The process's switch for huge_pages(), set on first use from the
// environment (LOOM_HUGE_PAGES=0 turns the advice off). Read and written with
// the compilers' atomic builtins (Linux builds: GCC and Clang), which spare
// every file that includes loom the parsing of <atomic>.
inline bool& huge_pages_switch() noexcept {
    static bool on = [] {
        const char* e = std::getenv("LOOM_HUGE_PAGES");
        return !(e && e[0] == '0' && e[1] == '\0');
    }();
    return on;
}
}  // namespace detail

//! Whether buffers of huge_page_bytes or more are advised to the kernel as
//! wanting huge pages (Linux: madvise(MADV_HUGEPAGE), as NumPy does for its
//! arrays of 4 MiB and more). On by default; LOOM_HUGE_PAGES=0 in the
//! environment turns it off for the process. Elsewhere always false.
inline bool huge_pages() noexcept {
#if LOOM_HAS_MADV_HUGEPAGE
    return __atomic_load_n(&detail::huge_pages_switch(), __ATOMIC_RELAXED);
#else
    return false;
#endif
}

//! Turns the advice on or off for the buffers the process allocates from now
//! on (all threads); returns the previous setting. No effect where there is
//! no such advice (huge_pages() stays false).
inline bool set_huge_pages([[maybe_unused]] bool on) noexcept {
#if LOOM_HAS_MADV_HUGEPAGE
    return __atomic_exchange_n(&detail::huge_pages_switch(), on, __ATOMIC_RELAXED);
#else
    return false;
#endif
}

//! The size from which a buffer is advised: 4 MiB, NumPy's threshold.
inline constexpr std::size_t huge_page_bytes = std::size_t{1} << 22;

}  // namespace loom

namespace loom::detail {

// Asks the kernel to back the whole pages of [p, p + bytes) with huge pages
// (2 MiB on x86-64) when they are first touched, if huge_pages() is on. Large
// arrays are walked from end to end; with 4 KiB pages every 4 KiB costs a
// TLB miss, which a virtual machine's nested page tables make dear
// (docs/performance.md, "Huge pages"). Only advice: where the
// kernel declines (no transparent huge pages, or set to never) nothing
// changes.
[[gnu::noinline, gnu::cold]] inline void advise_huge_pages([[maybe_unused]] void* p,
                                                            [[maybe_unused]] std::size_t bytes) noexcept {
#if LOOM_HAS_MADV_HUGEPAGE
    if (!huge_pages()) return;
    constexpr std::uintptr_t page = 4096;
    const auto begin = (reinterpret_cast<std::uintptr_t>(p) + page - 1) & ~(page - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(page - 1);
    if (end > begin) (void)::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

inline constexpr std::size_t buffer_alignment = 64;
// What a buffer's block holds besides its elements: the pointer ::operator new
// returned, just before the data, and the slack to align the data.
inline constexpr std::size_t block_header = sizeof(void*), block_extra = block_header + buffer_alignment;

// Small buffers a thread frees are kept for that thread's next arrays, as
// NumPy keeps small data buffers: up to `depth` blocks in each 64-byte size
// class up to `max_bytes` (under 40 KiB a thread in all), taken back before
// ::operator new is asked: malloc and free are a large part of making and
// dropping a small array. The blocks still come from
// ::operator new and go back to ::operator delete: when the cache is full,
// when the thread ends, and after that. LOOM_BUFFER_CACHE=0 turns it off.
struct block_cache {
    static constexpr std::size_t classes = 16, depth = 4, class_bytes = 64, max_bytes = classes * class_bytes;
    void* blocks[classes][depth];
    unsigned char count[classes];
    bool owned;   // the thread's block_cache_owner exists and will empty it
    bool closed;  // it has emptied it: the thread is ending

    // The class of a buffer of 1 to max_bytes bytes, and the size of its blocks.
    static constexpr std::size_t class_of(std::size_t bytes) { return (bytes - 1) / class_bytes; }
    static constexpr std::size_t block_bytes(std::size_t c) { return (c + 1) * class_bytes + block_extra; }
    // The block of class c kept last (count[c] > 0), no longer poisoned.
    void* pop(std::size_t c) noexcept {
        void* raw = blocks[c][--count[c]];
#ifdef LOOM_ASAN
        ASAN_UNPOISON_MEMORY_REGION(raw, block_bytes(c));
#endif
        return raw;
    }
};
// Trivially destructible and zero-initialized: used without a TLS init call.
inline thread_local block_cache cache_of_thread{};

// Gives every block the thread's caches hold back to ::operator delete.
inline void trim_large_cache(std::size_t count, std::size_t bytes) noexcept;
inline void empty_block_cache() noexcept {
    block_cache& k = cache_of_thread;
    for (std::size_t c = 0; c < block_cache::classes; ++c)
        while (k.count[c] > 0) ::operator delete(k.pop(c));
    trim_large_cache(0, 0);
}

// Empties the thread's cache when the thread ends (constructed on the first
// block cached). Arrays destroyed after it (thread_local or static ones made
// before) give their blocks straight back.
struct block_cache_owner {
    block_cache_owner() noexcept { cache_of_thread.owned = true; }
    ~block_cache_owner() {
        cache_of_thread.closed = true;
        empty_block_cache();
    }
};
inline thread_local block_cache_owner cache_owner_of_thread;

// Larger buffers a thread frees are kept too, for the temporaries a program
// makes and frees in a loop: taken again, their pages are already mapped,
// where a fresh block faults in every page (glibc returns large blocks to the
// system). Up to `entries` blocks and buffer_cache_bytes() bytes in all, the
// oldest given back first; a buffer of over 1 KiB is allocated in a size class
// of an eighth of a power of two (12.5% more at most), and only a block of
// the requested class is reused.
struct large_cache {
    static constexpr std::size_t entries = 16;
    // classes up to max_bytes (1 GiB); larger buffers are never kept
    static constexpr std::size_t max_bytes = std::size_t{1} << 30;
    void* blocks[entries];
    std::size_t sizes[entries];  // each block's class, in bytes of elements
    std::size_t count;
    std::size_t total;  // the classes' sum

    static constexpr std::size_t class_of(std::size_t bytes) {
        if (bytes > max_bytes) return bytes;
        const std::size_t step = std::bit_floor(bytes) / 8;  // bytes > 1 KiB: step >= 128
        return (bytes + step - 1) / step * step;
    }
    void* take(std::size_t i) noexcept {
        void* raw = blocks[i];
#ifdef LOOM_ASAN
        ASAN_UNPOISON_MEMORY_REGION(raw, sizes[i] + block_extra);
#endif
        total -= sizes[i];
        --count;
        for (std::size_t j = i; j < count; ++j) {
            blocks[j] = blocks[j + 1];
            sizes[j] = sizes[j + 1];
        }
        return raw;
    }
};
inline constinit thread_local large_cache large_cache_of_thread{};

// The bound of every thread's large_cache, in bytes; LOOM_BUFFER_CACHE_BYTES in
// the environment sets it for the process, else 128 MiB.
inline std::size_t& cache_limit_switch() noexcept {
    static std::size_t limit = [] {
        const char* e = std::getenv("LOOM_BUFFER_CACHE_BYTES");
        return e && *e ? static_cast<std::size_t>(std::strtoull(e, nullptr, 10)) : std::size_t{128} << 20;
    }();
    return limit;
}
inline std::size_t cache_limit() noexcept { return __atomic_load_n(&cache_limit_switch(), __ATOMIC_RELAXED); }

// Gives the oldest blocks of the thread's large_cache back until it holds at
// most `count` blocks and `bytes` bytes.
inline void trim_large_cache(std::size_t count, std::size_t bytes) noexcept {
    large_cache& k = large_cache_of_thread;
    while (k.count > 0 && (k.count > count || k.total > bytes)) ::operator delete(k.take(0));
}

// A block for `bytes` of elements and block_extra: class c holds (c + 1) * 64.
inline void* take_block(std::size_t bytes) {
#if LOOM_BUFFER_CACHE
    if (bytes <= block_cache::max_bytes) {
        const std::size_t c = block_cache::class_of(bytes);
        block_cache& k = cache_of_thread;
        return k.count[c] > 0 ? k.pop(c) : ::operator new(block_cache::block_bytes(c));
    }
    bytes = large_cache::class_of(bytes);
    large_cache& k = large_cache_of_thread;
    for (std::size_t i = k.count; i-- > 0;)  // the newest first
        if (k.sizes[i] == bytes) return k.take(i);
#endif
    void* raw = ::operator new(bytes + block_extra);
    if (bytes >= huge_page_bytes) advise_huge_pages(raw, bytes + block_extra);
    return raw;
}

// Gives back a block take_block(bytes) returned.
inline void give_block(void* raw, [[maybe_unused]] std::size_t bytes) noexcept {
#if LOOM_BUFFER_CACHE
    block_cache& small = cache_of_thread;  // its owner empties both caches
    if (!small.owned && !small.closed) (void)&cache_owner_of_thread;  // constructs it, once a thread
    if (small.closed) {
        // the thread is ending: straight back
    } else if (bytes <= block_cache::max_bytes) {
        const std::size_t c = block_cache::class_of(bytes);
        if (small.count[c] < block_cache::depth) {
#ifdef LOOM_ASAN
            ASAN_POISON_MEMORY_REGION(raw, block_cache::block_bytes(c));
#endif
            small.blocks[c][small.count[c]++] = raw;
            return;
        }
    } else {
        bytes = large_cache::class_of(bytes);
        const std::size_t limit = cache_limit();
        if (bytes <= limit && bytes <= large_cache::max_bytes) {
            trim_large_cache(large_cache::entries - 1, limit - bytes);
            large_cache& k = large_cache_of_thread;
#ifdef LOOM_ASAN
            ASAN_POISON_MEMORY_REGION(raw, bytes + block_extra);
#endif
            k.blocks[k.count] = raw;
            k.sizes[k.count] = bytes;
            ++k.count;
            k.total += bytes;
            return;
        }
    }
#endif
    ::operator delete(raw);
}

// A 64-byte aligned block of `capacity` elements of trivially copyable T.
template <class T>
class buffer {
public:
    buffer() noexcept = default;
    LOOM_INLINE explicit buffer(std::size_t n) : data_(allocate(n)), capacity_(n) {}
    buffer(buffer&& o) noexcept : data_(std::exchange(o.data_, nullptr)), capacity_(std::exchange(o.capacity_, 0)) {}
    buffer& operator=(buffer&& o) noexcept {
        buffer(std::move(o)).swap(*this);
        return *this;
    }
    buffer(const buffer&) = delete;
    buffer& operator=(const buffer&) = delete;
    ~buffer() { deallocate(data_, capacity_); }

    void swap(buffer& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(capacity_, o.capacity_);
    }
    T* data() const noexcept { return data_; }
    std::size_t capacity() const noexcept { return capacity_; }

private:
    // Plain ::operator new over-allocated and aligned by hand: the aligned
    // form (std::align_val_t) costs several times more per call here, which
    // dominates small arrays. The original pointer sits just before the data.
    LOOM_INLINE static T* allocate(std::size_t n) {
        if (n == 0) return nullptr;
        if (n > (static_cast<std::size_t>(-1) - block_extra) / sizeof(T)) throw std::bad_alloc();
        void* raw = take_block(n * sizeof(T));
        auto addr = reinterpret_cast<std::uintptr_t>(raw) + block_header;
        addr = (addr + buffer_alignment - 1) & ~(std::uintptr_t{buffer_alignment} - 1);
        reinterpret_cast<void**>(addr)[-1] = raw;
        return reinterpret_cast<T*>(addr);
    }
    static void deallocate(T* p, std::size_t n) noexcept {
        if (p) give_block(reinterpret_cast<void**>(p)[-1], n * sizeof(T));
    }

    T* data_ = nullptr;
    std::size_t capacity_ = 0;
};

}  // namespace loom::detail

namespace loom {

//! The bytes of freed buffers over 1 KiB that each thread keeps for its next
//! arrays (at most 16 buffers): 128 MiB unless LOOM_BUFFER_CACHE_BYTES in the
//! environment says otherwise; 0 in a build with LOOM_BUFFER_CACHE=0.
inline std::size_t buffer_cache_bytes() noexcept {
    return LOOM_BUFFER_CACHE ? detail::cache_limit() : 0;
}

//! Sets that bound for every thread (0: keep none); what the calling thread
//! keeps beyond it goes back at once, other threads' at their next free.
//! Returns the previous bound.
//!   loom::set_buffer_cache_bytes(0);  // every buffer over 1 KiB back at once
inline std::size_t set_buffer_cache_bytes(std::size_t bytes) noexcept {
    const std::size_t old = __atomic_exchange_n(&detail::cache_limit_switch(), bytes, __ATOMIC_RELAXED);
#if LOOM_BUFFER_CACHE
    detail::trim_large_cache(detail::large_cache::entries, bytes);
#endif
    return LOOM_BUFFER_CACHE ? old : 0;
}

}  // namespace loom
