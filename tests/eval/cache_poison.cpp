// tests/eval/cache_poison.cpp: under AddressSanitizer, a block the cache of small
// blocks keeps (core/storage.hpp) is poisoned: reading a freed array through a kept
// pointer is reported, as it would be if the block had gone back to operator delete.
// The sanitizer configuration runs it and expects the report (tests/meson.build).
#include <loom/loom.hpp>

#include <cstdio>

int main() {
    const double* kept = nullptr;
    {
        loom::array<double> a(loom::shape_t{4, 4}, 1.0);  // 128 bytes: cached when freed
        kept = a.data();
    }
    std::printf("%f\n", kept[3]);  // use after free: AddressSanitizer stops here
    return 0;
}
