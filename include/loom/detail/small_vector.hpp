// loom/detail/small_vector.hpp: a vector of trivially copyable values with inline storage.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <new>
#include <type_traits>

namespace loom::detail {

// Up to N elements live inline; more go to the heap. Only for trivially
// copyable T (shape extents and strides): elements are never constructed or
// destroyed, only assigned, or copied as bytes when the heap block grows.
template <class T, std::size_t N = 8>
class small_vector {
    static_assert(std::is_trivially_copyable_v<T>);

public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = T*;
    using const_iterator = const T*;
    using reference = T&;
    using const_reference = const T&;

    small_vector() noexcept = default;
    explicit small_vector(size_type n, T value = T{}) { assign(n, value); }
    small_vector(std::initializer_list<T> init) { assign(init.begin(), init.end()); }
    template <class It>
    small_vector(It first, It last) { assign(first, last); }

    small_vector(const small_vector& other) { copy_from(other); }
    small_vector(small_vector&& other) noexcept { steal(other); }
    small_vector& operator=(const small_vector& other) {
        if (this != &other) copy_from(other);
        return *this;
    }
    small_vector& operator=(small_vector&& other) noexcept {
        if (this != &other) {
            release();
            steal(other);
        }
        return *this;
    }
    ~small_vector() { release(); }

    template <class It>
    void assign(It first, It last) {
        const auto n = static_cast<size_type>(std::distance(first, last));
        reserve_discard(n);
        size_ = n;
        T* out = data();
        for (; first != last; ++first) *out++ = static_cast<T>(*first);
    }
    void assign(size_type n, T value) {
        reserve_discard(n);
        size_ = n;
        std::fill_n(data(), n, value);
    }

    // size n, the elements left for the caller to write (no fill, which is a
    // memset call for a few words)
    void resize_for_overwrite(size_type n) {
        reserve_discard(n);
        size_ = n;
    }
    void resize(size_type n, T value = T{}) {
        if (n > capacity_) grow(n);
        if (n > size_) std::fill(data() + size_, data() + n, value);
        size_ = n;
    }
    void push_back(T value) {
        if (size_ == capacity_) grow(capacity_ * 2);
        data()[size_++] = value;
    }
    void insert(size_type pos, T value) {
        push_back(value);
        std::rotate(data() + pos, data() + size_ - 1, data() + size_);
    }
    void erase(size_type pos) {
        std::copy(data() + pos + 1, data() + size_, data() + pos);
        --size_;
    }
    void clear() noexcept { size_ = 0; }

    T* data() noexcept { return heap_ ? heap_ : inline_; }
    const T* data() const noexcept { return heap_ ? heap_ : inline_; }
    size_type size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    T& operator[](size_type i) noexcept { return data()[i]; }
    const T& operator[](size_type i) const noexcept { return data()[i]; }
    T& back() noexcept { return data()[size_ - 1]; }
    const T& back() const noexcept { return data()[size_ - 1]; }
    T* begin() noexcept { return data(); }
    T* end() noexcept { return data() + size_; }
    const T* begin() const noexcept { return data(); }
    const T* end() const noexcept { return data() + size_; }

    friend bool operator==(const small_vector& a, const small_vector& b) noexcept {
        // an element loop, not memcmp: these are a few words just written, and
        // a wide memcmp load over narrower recent stores stalls on forwarding
        if (a.size_ != b.size_) return false;
        for (size_type i = 0; i < a.size_; ++i)
            if (a[i] != b[i]) return false;
        return true;
    }

private:
    // Inline elements are copied by copy_inline: a new array from same-shape
    // operands copies the first one's shape and strides.
    void copy_from(const small_vector& other) {
        if (other.heap_) return assign(other.begin(), other.end());
        if (heap_) release();
        copy_inline(other);
    }
    // other's inline elements (other.size_ <= N), element by element and
    // unrolled: no loop of run-time length, no library memcpy, and no wide
    // copy of the whole block either, which made small arrays slower to make
    // (likely: a shape written with wide stores and read back element by
    // element right after does not forward; docs/design/performance-notes.md).
    // (GCC 12 at -O1 cannot see that only the first size_ elements, all set, are read: a false
    // "may be used uninitialized" where a shape is moved, silenced here.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
    void copy_inline(const small_vector& other) noexcept {
        size_ = other.size_;
#pragma GCC unroll 8
        for (size_type i = 0; i < N; ++i)
            if (i < size_) inline_[i] = other.inline_[i];
    }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
    void reserve_discard(size_type n) {
        if (n <= capacity_) return;
        release();
        heap_ = static_cast<T*>(::operator new(n * sizeof(T)));
        capacity_ = n;
    }
    void grow(size_type n) {
        T* fresh = static_cast<T*>(::operator new(n * sizeof(T)));
        std::memcpy(fresh, data(), size_ * sizeof(T));
        release();
        heap_ = fresh;
        capacity_ = n;
    }
    void release() noexcept {
        if (heap_) ::operator delete(heap_);
        heap_ = nullptr;
        capacity_ = N;
    }
    void steal(small_vector& other) noexcept {
        size_ = other.size_;
        if (other.heap_) {
            heap_ = other.heap_;
            capacity_ = other.capacity_;
            other.heap_ = nullptr;
            other.capacity_ = N;
        } else {
            copy_inline(other);
        }
        other.size_ = 0;
    }

    T* heap_ = nullptr;
    size_type size_ = 0;
    size_type capacity_ = N;
    T inline_[N];
};

}  // namespace loom::detail
