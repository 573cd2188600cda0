// tests/compile_fail/convert_signed_to_unsigned.cpp: uint8 += int64 (computed in int64) must not compile.
// expect: elements_do_not_convert<
// expect: unsigned char, false>
// expect: convert explicitly with loom::astype<U>(e)
#include <loom/loom.hpp>

#include <cstdint>

int main() {
    const loom::array<std::int64_t> i = {1, -2, 300};
    loom::array<std::uint8_t> u = {1, 2, 3};
    u += i;
    return u(0);
}
