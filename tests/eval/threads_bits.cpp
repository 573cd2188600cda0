// tests/eval/threads_bits.cpp: prints the bits of tests/eval/threads_cases.hpp's reductions, one case a line; built with and without OpenMP (tests/meson.build), whose outputs must be the same for every count of threads.
#include "threads_cases.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

int main() {
    for (const auto& [name, values] : threads_cases::run()) {
        std::printf("%s:", name.c_str());
        for (double v : values) {
            std::uint64_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            std::printf(" %016llx", static_cast<unsigned long long>(bits));
        }
        std::printf("\n");
    }
}
