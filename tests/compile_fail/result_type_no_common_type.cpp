// tests/compile_fail/result_type_no_common_type.cpp: result_type_t of int64 and uint64 must not compile, and say why.
// expect: loom::result_type_t: these element types have no common type
// expect: loom::astype<U>
#include <loom/loom.hpp>

#include <cstdint>

int main() {
    loom::result_type_t<std::int64_t, std::uint64_t> x{};
    return static_cast<int>(x);
}
