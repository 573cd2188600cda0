// loom/core/storage.hpp: the aligned, owning element buffer behind loom::array.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>

namespace loom::detail {

inline constexpr std::size_t buffer_alignment = 64;

// A 64-byte aligned block of `capacity` elements of trivially copyable T.
template <class T>
class buffer {
public:
    buffer() noexcept = default;
    explicit buffer(std::size_t n) : data_(allocate(n)), capacity_(n) {}
    buffer(buffer&& o) noexcept : data_(std::exchange(o.data_, nullptr)), capacity_(std::exchange(o.capacity_, 0)) {}
    buffer& operator=(buffer&& o) noexcept {
        buffer(std::move(o)).swap(*this);
        return *this;
    }
    buffer(const buffer&) = delete;
    buffer& operator=(const buffer&) = delete;
    ~buffer() { deallocate(data_); }

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
    static constexpr std::size_t header = sizeof(void*);
    static T* allocate(std::size_t n) {
        if (n == 0) return nullptr;
        if (n > (static_cast<std::size_t>(-1) - 2 * header) / sizeof(T)) throw std::bad_alloc();
        void* raw = ::operator new(n * sizeof(T) + header + buffer_alignment);
        auto addr = reinterpret_cast<std::uintptr_t>(raw) + header;
        addr = (addr + buffer_alignment - 1) & ~(std::uintptr_t{buffer_alignment} - 1);
        reinterpret_cast<void**>(addr)[-1] = raw;
        return reinterpret_cast<T*>(addr);
    }
    static void deallocate(T* p) noexcept {
        if (p) ::operator delete(reinterpret_cast<void**>(p)[-1]);
    }

    T* data_ = nullptr;
    std::size_t capacity_ = 0;
};

}  // namespace loom::detail
