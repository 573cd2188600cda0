// tests/eval/test_alloc.cpp: heap allocations of evaluation, counted by replacing every global operator new and delete.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

#include "../support/reference.hpp"

// ---- counting replacements of the global allocation functions -----------------

namespace {

// atomic: one test allocates in a thread of its own
std::atomic<std::size_t> allocations{0};          // every successful operator new, all forms
std::atomic<std::size_t> aligned_allocations{0};  // the std::align_val_t forms among them
std::atomic<std::size_t> deallocations{0};

void* counted(std::size_t n) noexcept {
    void* p = std::malloc(n ? n : 1);
    if (p) ++allocations;
    return p;
}
void* counted_aligned(std::size_t n, std::align_val_t a) noexcept {
    std::size_t al = static_cast<std::size_t>(a);
    if (al < sizeof(void*)) al = sizeof(void*);
    void* p = nullptr;
    if (posix_memalign(&p, al, n ? n : 1) != 0) return nullptr;
    ++allocations;
    ++aligned_allocations;
    return p;
}
// Not inlined: GCC would otherwise see free() on a pointer from operator new
// and warn (-Wmismatched-new-delete), not knowing both are replaced here.
[[gnu::noinline]] void release(void* p) noexcept {
    if (!p) return;
    ++deallocations;
    std::free(p);
}

}  // namespace

void* operator new(std::size_t n) {
    if (void* p = counted(n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
    if (void* p = counted(n)) return p;
    throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted(n); }
void* operator new(std::size_t n, std::align_val_t a) {
    if (void* p = counted_aligned(n, a)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
    if (void* p = counted_aligned(n, a)) return p;
    throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return counted_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return counted_aligned(n, a); }

void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }

// ---- the tests ---------------------------------------------------------------

namespace {
// The counting tests expect each buffer over 1 KiB to be one operator new: the
// cache of larger blocks (core/storage.hpp) is off in this program but in the
// cases of its own at the end, which turn it on for their duration.
const std::size_t large_cache_default = loom::set_buffer_cache_bytes(0);

struct large_cache_scope {
    std::size_t old;
    explicit large_cache_scope(std::size_t bytes) : old(loom::set_buffer_cache_bytes(bytes)) {}
    ~large_cache_scope() { loom::set_buffer_cache_bytes(old); }
};
}  // namespace

using loom::shape_t;

// The tests that count an evaluation's buffers use arrays over 1 KiB, which the
// cache of small blocks (core/storage.hpp) never keeps: a buffer is then one
// operator new. The cache has test cases of its own at the end.

TEST_CASE("the counters see every form of operator new", "[eval][alloc]") {
    const std::size_t before = allocations, before_aligned = aligned_allocations, before_free = deallocations;
    void* p = ::operator new(24);
    void* q = ::operator new[](24);
    void* r = ::operator new(256, std::align_val_t{64});
    void* s = ::operator new(8, std::nothrow);
    const std::size_t after = allocations;
    const bool aligned = reinterpret_cast<std::uintptr_t>(r) % 64 == 0;
    ::operator delete(p);
    ::operator delete[](q);
    ::operator delete(r, std::align_val_t{64});
    ::operator delete(s, std::nothrow);
    // counts are taken before any CHECK: a reporter (JUnit) allocates per assertion
    const std::size_t freed = deallocations - before_free, aligned_count = aligned_allocations - before_aligned;
    CHECK(aligned);
    CHECK(after - before == 4);
    CHECK(aligned_count == 1);
    CHECK(freed == 4);
}

TEST_CASE("array r = a * b + c * d - e on rank-2 operands allocates exactly once", "[eval][alloc]") {
    const auto a = ref::filled<double>({64, 48}, 1);
    const auto b = ref::filled<double>({64, 48}, 2);
    const auto c = ref::filled<double>({64, 48}, 3);
    const auto d = ref::filled<double>({64, 48}, 4);
    const auto e = ref::filled<double>({64, 48}, 5);

    const std::size_t before = allocations;
    loom::array<double> r = a * b + c * d - e;
    const std::size_t used = allocations - before;
    CHECK(used == 1);  // r's buffer
    // and it computed the right thing
    CHECK(ref::mismatch(r, {64, 48}, [&](const ref::index_t& i) {
              const std::size_t k = i[0] * 48 + i[1];
              const double p = a.data()[k] * b.data()[k];
              const double q = c.data()[k] * d.data()[k];
              const double s = p + q;
              return s - e.data()[k];
          }) == "");

    SECTION("r += a * b allocates nothing") {
        const std::size_t mark = allocations;
        r += a * b;
        CHECK(allocations - mark == 0);
    }
    SECTION("every compound assignment allocates nothing") {
        const std::size_t mark = allocations;
        r -= e;
        r *= a;
        r /= b;
        r += 1.0;
        CHECK(allocations - mark == 0);
    }
    SECTION("r = expr of the same size reuses r's buffer") {
        const double* p = r.data();
        const std::size_t mark = allocations;
        r = a - b * c;
        CHECK(allocations - mark == 0);
        CHECK(r.data() == p);
    }
    SECTION("r = expr of a smaller shape reuses r's buffer") {
        const auto row = ref::filled<double>({48}, 6);
        const std::size_t mark = allocations;
        r = row * 2.0;
        CHECK(allocations - mark == 0);
        CHECK(r.shape() == shape_t{48});
    }
}

TEST_CASE("broadcast operands allocate nothing but the result", "[eval][alloc]") {
    const auto m = ref::filled<float>({33, 17}, 1);
    const auto row = ref::filled<float>({17}, 2);
    const auto col = ref::filled<float>({33, 1}, 3);
    const loom::array<float> s(shape_t{}, 2.0f);
    std::size_t mark = allocations;
    loom::array<float> r = m * row + col - s;
    CHECK(allocations - mark == 1);
    mark = allocations;
    r += col * row;  // outer product, in place
    r -= loom::sqrt(loom::abs(m)) * 0.5f;
    CHECK(allocations - mark == 0);
    // rank 8 operands: shapes stay inline
    const auto h = ref::filled<double>({2, 1, 2, 3, 1, 2, 2, 3}, 4);
    const auto k = ref::filled<double>({2, 1, 1, 1, 2, 1, 3}, 5);
    mark = allocations;
    loom::array<double> big = h * k;
    CHECK(allocations - mark == 1);
    mark = allocations;
    big += k;
    CHECK(allocations - mark == 0);
}

TEST_CASE("building an expression and asking its shape allocate nothing", "[eval][alloc]") {
    const auto a = ref::filled<double>({8, 5}, 1);
    const auto b = ref::filled<double>({5}, 2);
    const std::size_t mark = allocations;
    const auto e = loom::where(a > b, loom::exp(a) * b, -a) + 1.0;
    const shape_t s = e.shape();
    const std::size_t n = e.size();
    CHECK(allocations - mark == 0);
    CHECK(s == shape_t{8, 5});
    CHECK(n == 40);
}

TEST_CASE("strided views, as operands and as targets, allocate nothing", "[eval][alloc]") {
    auto backing = ref::filled<double>({40, 40}, 1);
    const auto a = ref::filled<double>({20, 20}, 2);
    const std::size_t mark = allocations;
    loom::strided_view<double> every_other(backing.data(), {20, 20}, {80, 2});       // strided target
    const loom::strided_view<const double> trans(a.data(), {20, 20}, {1, 20});      // transposed operand
    const loom::strided_view<const double> rev(a.data() + 399, {20, 20}, {-20, -1}); // reversed operand
    every_other = trans * 2.0 + rev;
    every_other += trans;
    CHECK(allocations - mark == 0);
    CHECK(every_other(3, 4) == a(4, 3) * 2.0 + a(16, 15) + a(4, 3));
}

TEST_CASE("eval allocates the result only; aliasing costs at most one temporary", "[eval][alloc]") {
    auto x = ref::filled<int>({24, 24}, 1);
    std::size_t mark = allocations;
    const auto y = loom::eval(x * 3 + 1);
    CHECK(allocations - mark == 1);
    // x += transpose(x) must read the old values: one temporary at most
    const loom::strided_view<const int> xt(x.data(), {24, 24}, {1, 24});
    mark = allocations;
    x += xt;
    CHECK(allocations - mark <= 1);
    CHECK(y(0, 0) == x(0, 0) / 2 * 3 + 1);  // x(0, 0) doubled
}

TEST_CASE("shapes of rank 8 or less never touch the heap", "[eval][alloc][shape]") {
    // counts are taken before any CHECK: a reporter (JUnit) allocates per assertion
    std::size_t mark = allocations;
    bool same = false, unit_stride = false;
    {
        const loom::shape_t s{2, 3, 4, 5, 6, 7, 8, 9};
        loom::shape_t t{3, 4, 5, 6, 7, 8, 9};
        t.push_back(1);  // rank 8: still inline
        t.erase(7);
        const loom::shape_t u = loom::broadcast_shapes(s, loom::shape_t{1, 1, 1, 1, 1, 1, 1, 9}, t);
        same = u == s;
        const loom::strides_t st = loom::c_strides(u);
        unit_stride = st[7] == 1;
    }
    const std::size_t inline_allocs = allocations - mark;
    CHECK(same);
    CHECK(unit_stride);
    CHECK(inline_allocs == 0);
    // rank 9 goes to the heap, and gives it back
    mark = allocations;
    const std::size_t freed = deallocations;
    std::size_t rank = 0;
    {
        loom::shape_t s{1, 2, 3, 4, 5, 6, 7, 8, 9};
        rank = s.size();
    }
    const std::size_t heap_allocs = allocations - mark, heap_frees = deallocations - freed;
    CHECK(rank == 9);
    CHECK(heap_allocs >= 1);
    CHECK(heap_frees == heap_allocs);
}

// ---- the cache of small blocks (core/storage.hpp) -------------------------------
// The portable configuration builds this file a second time with LOOM_BUFFER_CACHE=0
// (tests/meson.build): then every block comes from operator new and goes straight back.

constexpr bool cached = LOOM_BUFFER_CACHE != 0;

TEST_CASE("a small buffer freed is the thread's next array of its size class", "[eval][alloc][cache]") {
    loom::detail::empty_block_cache();
    const double* first = nullptr;
    std::size_t mark = allocations, freed = deallocations;
    {
        loom::array<double> a(shape_t{4, 4}, 1.0);  // 128 bytes
        first = a.data();
    }
    const std::size_t made = allocations - mark, given = deallocations - freed;
    mark = allocations;
    freed = deallocations;
    const std::int8_t* second = nullptr;
    bool values = false;
    {
        // another element type and shape in the same 64-byte class (65 to 128 bytes)
        loom::array<std::int8_t> b(shape_t{100}, std::int8_t{7});
        second = b.data();
        values = b(0) == 7 && b(99) == 7;
    }
    const std::size_t made_again = allocations - mark, given_again = deallocations - freed;
    CHECK(made == 1);
    CHECK(given == (cached ? 0 : 1));  // kept
    CHECK(made_again == (cached ? 0 : 1));
    CHECK(given_again == (cached ? 0 : 1));
    if (cached) CHECK(static_cast<const void*>(second) == static_cast<const void*>(first));
    CHECK(reinterpret_cast<std::uintptr_t>(second) % 64 == 0);
    CHECK(values);
    loom::detail::empty_block_cache();
}

TEST_CASE("the cache keeps four blocks a size class and nothing over 1 KiB", "[eval][alloc][cache]") {
    loom::detail::empty_block_cache();
    std::size_t mark = allocations, freed = deallocations;
    {
        const shape_t s{40};  // 160 bytes of float
        loom::array<float> a1(s, 1.f), a2(s, 2.f), a3(s, 3.f), a4(s, 4.f), a5(s, 5.f), a6(s, 6.f);
    }
    const std::size_t six_made = allocations - mark, two_given = deallocations - freed;
    mark = allocations;
    freed = deallocations;
    {
        const shape_t s{20, 2};  // 160 bytes again
        loom::array<float> a1(s, 1.f), a2(s, 2.f), a3(s, 3.f), a4(s, 4.f);
    }
    const std::size_t four_reused = allocations - mark, none_given = deallocations - freed;
    freed = deallocations;
    loom::detail::empty_block_cache();
    const std::size_t four_emptied = deallocations - freed;
    mark = allocations;
    freed = deallocations;
    {
        loom::array<double> big(shape_t{129}, 1.0);  // 1032 bytes: over the limit
    }
    {
        loom::array<double> big(shape_t{129}, 1.0);
    }
    const std::size_t big_made = allocations - mark, big_given = deallocations - freed;
    mark = allocations;
    freed = deallocations;
    {
        loom::array<double> edge(shape_t{128}, 1.0);  // 1024 bytes: the largest class
    }
    {
        loom::array<double> edge(shape_t{128}, 1.0);
    }
    const std::size_t edge_made = allocations - mark, edge_given = deallocations - freed;
    loom::detail::empty_block_cache();
    CHECK(six_made == 6);
    CHECK(two_given == (cached ? 2 : 6));
    CHECK(four_reused == (cached ? 0 : 4));
    CHECK(none_given == (cached ? 0 : 4));
    CHECK(four_emptied == (cached ? 4 : 0));
    CHECK(big_made == 2);
    CHECK(big_given == 2);
    CHECK(edge_made == (cached ? 1 : 2));
    CHECK(edge_given == (cached ? 0 : 2));
}

TEST_CASE("a thread's cached blocks go back when it ends, and later frees go straight back", "[eval][alloc][cache]") {
    const std::size_t mark = allocations, freed = deallocations;
    bool values = false;
    std::thread t([&values] {
        // made before the thread's cache has an owner, so destroyed after the
        // owner has emptied and closed it: its block must not be cached then
        thread_local loom::array<double> late(shape_t{3, 3}, 2.0);
        double sum = 0;
        for (int round = 0; round < 3; ++round) {
            loom::array<double> a(shape_t{4, 4}, 1.0), b(shape_t{7}, 2.0), c(shape_t{2, 60}, 3.0);
            loom::array<double> r = a + late(0, 0);
            sum += r(3, 3) + b(6) + c(1, 59);
        }
        values = sum == 3 * (3.0 + 2.0 + 3.0);
    });
    t.join();
    const std::size_t made = allocations - mark, given = deallocations - freed;  // before any CHECK
    CHECK(values);
    CHECK(made == given);
}

TEST_CASE("a column copied onto the next column of its matrix needs no temporary", "[eval][alloc][alias]") {
    auto p = ref::filled<double>({300, 300}, 1);
    const std::size_t mark = allocations;
    loom::view(p, loom::all, -1) = loom::view(p, loom::all, -2);  // spans overlap, elements never meet
    const std::size_t apart = allocations - mark;
    const std::size_t mark2 = allocations;
    loom::view(p, loom::range(1, loom::none), 0) = loom::view(p, loom::range(0, -1), 0);  // the same column, shifted
    const std::size_t shifted = allocations - mark2;
    CHECK(apart == 0);
    CHECK(shifted == 1);  // read as copied first: one temporary (2,392 bytes)
    CHECK(p(5, 299) == ref::pattern<double>(5 * 300 + 298, 1));
    CHECK(p(5, 0) == ref::pattern<double>(4 * 300, 1));
}

// ---- the cache of larger blocks (core/storage.hpp) ----------------------------

TEST_CASE("a freed buffer over 1 KiB is the thread's next array of its size class", "[eval][alloc][cache]") {
    CHECK(large_cache_default == (cached ? std::size_t{128} << 20 : 0));  // unless LOOM_BUFFER_CACHE_BYTES is set
    const large_cache_scope on(std::size_t{64} << 20);
    CHECK(loom::buffer_cache_bytes() == (cached ? std::size_t{64} << 20 : 0));
    const auto a = ref::filled<double>({64, 48}, 1), b = ref::filled<double>({64, 48}, 2);
    const auto c = ref::filled<double>({60, 100}, 3);
    const double* first = nullptr;
    std::size_t mark = allocations, freed = deallocations;
    {
        const loom::array<double> t = a * b;  // 24 KiB
        first = t.data();
    }
    const std::size_t made = allocations - mark, given = deallocations - freed;
    mark = allocations;
    freed = deallocations;
    const float* second = nullptr;
    bool values = false;
    {
        // another element type and shape in the same class (an eighth of 16 KiB: 23 to 24 KiB)
        const loom::array<float> u = loom::astype<float>(c) * 2.0f;  // 24,000 bytes
        second = u.data();
        values = u(59, 99) == static_cast<float>(c(59, 99)) * 2.0f;
    }
    const std::size_t made_again = allocations - mark, given_again = deallocations - freed;
    CHECK(made == 1);
    CHECK(given == (cached ? 0 : 1));  // kept
    CHECK(made_again == (cached ? 0 : 1));
    CHECK(given_again == (cached ? 0 : 1));
    if (cached) CHECK(static_cast<const void*>(second) == static_cast<const void*>(first));
    CHECK(reinterpret_cast<std::uintptr_t>(second) % 64 == 0);
    CHECK(values);
    loom::detail::empty_block_cache();
}

TEST_CASE("the cache of larger blocks keeps 16 and buffer_cache_bytes at most, the oldest going first",
          "[eval][alloc][cache]") {
    const large_cache_scope on(std::size_t{64} << 20);
    loom::detail::empty_block_cache();
    const shape_t s{256};  // 2 KiB of double: its own class
    std::vector<loom::array<double>> live;
    live.reserve(20);  // (the vector's own block is counted too)
    std::size_t freed = deallocations;
    for (int i = 0; i < 20; ++i) live.emplace_back(s, double(i));
    live.clear();
    const std::size_t four_given = deallocations - freed;  // 20 freed, 16 kept
    freed = deallocations;
    loom::set_buffer_cache_bytes(3 * 2048);  // the calling thread's cache shrinks at once
    const std::size_t thirteen_given = deallocations - freed;
    freed = deallocations;
    std::size_t mark = allocations;
    {
        const loom::array<double> r(s, 1.0);  // reused
        const loom::array<double> big(shape_t{1024}, 1.0);  // 8 KiB: over the bound, never kept
    }
    const std::size_t one_made = allocations - mark, big_given = deallocations - freed;
    freed = deallocations;
    loom::set_buffer_cache_bytes(0);
    const std::size_t three_given = deallocations - freed;
    CHECK(four_given == (cached ? 4 : 20));
    CHECK(thirteen_given == (cached ? 13 : 0));
    CHECK(one_made == (cached ? 1 : 2));
    CHECK(big_given == (cached ? 1 : 2));
    CHECK(three_given == (cached ? 3 : 0));
}

TEST_CASE("a thread's larger cached blocks go back when it ends", "[eval][alloc][cache]") {
    const large_cache_scope on(std::size_t{64} << 20);
    std::size_t mark = allocations;
    std::thread([] {}).join();
    const std::size_t spawn = allocations - mark;  // a thread's own blocks
    mark = allocations;
    const std::size_t freed = deallocations;
    double sum = 0;
    std::thread t([&sum] {
        for (int round = 0; round < 3; ++round) {
            loom::array<double> a(shape_t{40, 40}, 1.0);  // 12.5 KiB
            loom::array<double> r = a * 2.0;
            sum += r(39, 39);
        }
    });
    t.join();
    const std::size_t made = allocations - mark, given = deallocations - freed;  // before any CHECK
    CHECK(sum == 6.0);
    CHECK(made == given);
    CHECK(made - spawn == (cached ? 2 : 6));  // a and r once, or every round
}

TEST_CASE("a short reduction read once per result allocates nothing: it runs in the element-wise pass", "[eval][alloc][reduce]") {
    const auto X = ref::filled<double>({300, 1, 3}, 1);
    const auto Y = ref::filled<double>({1, 200, 3}, 2);
    loom::array<double> r(shape_t{300, 200});
    r = loom::sqrt(loom::sum(loom::square(X - Y), -1));  // OpenMP's threads, where it starts them, exist now
    const std::size_t mark = allocations;
    r = loom::sqrt(loom::sum(loom::square(X - Y), -1));
    const std::size_t short_one = allocations - mark;
    // over 5 elements a result it is computed into a buffer first
    const auto X5 = ref::filled<double>({300, 1, 5}, 1);
    const auto Y5 = ref::filled<double>({1, 200, 5}, 2);
    const std::size_t mark5 = allocations;
    r = loom::sqrt(loom::sum(loom::square(X5 - Y5), -1));
    const std::size_t long_one = allocations - mark5;  // counts before any CHECK
    CHECK(short_one == 0);
    CHECK(long_one > 0);
    for (std::size_t i = 0; i < 300; i += 37)
        for (std::size_t j = 0; j < 200; j += 13) {
            double s = 0;
            for (std::size_t k = 0; k < 5; ++k) {
                const double t = X5.data()[i * 5 + k] - Y5.data()[j * 5 + k];
                s += t * t;
            }
            CHECK(r.data()[i * 200 + j] == Approx(std::sqrt(s)).epsilon(1e-14));
        }
}

TEST_CASE("an assignment on threads allocates nothing once OpenMP's threads exist", "[eval][alloc][threads]") {
    const loom::threads_scope two(2);
    const auto a = ref::filled<double>({600, 500}, 1), b = ref::filled<double>({600, 500}, 2);
    loom::array<double> r(shape_t{600, 500});
    r = a * b + a;  // the first team: the runtime's own allocations
    const std::size_t mark = allocations;
    r = a * b + a;
    r = a - loom::view(b, loom::all, loom::range(loom::none, loom::none, -1));  // by plan, reversed rows
    const std::size_t n = allocations - mark;
    CHECK(n == 0);
    CHECK(r.data()[1] == a.data()[1] - b.data()[498]);
}
