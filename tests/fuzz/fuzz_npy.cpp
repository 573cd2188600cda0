// tests/fuzz/fuzz_npy.cpp: libFuzzer target over the .npy reader: the header parser and the loader on arbitrary bytes.
//
// Every input is loaded as several element types (bool, int16, double, complex<float>): each
// load either succeeds with an array whose element count is its shape's, or throws
// std::runtime_error naming "loom::load_npy: <path>: ". A header that parses is loaded as its
// own element type too, written back as save_npy writes it (loom's header and the elements'
// bytes) and loaded again: the two arrays must hold the same bytes. Anything else, a crash or
// undefined behaviour (built with -fsanitize=fuzzer,address,undefined), is a finding.
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include <loom/loom.hpp>

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_npy: %s\n", what);
    std::abort();
}

const std::string path = "fuzz.npy";

void check_message(const std::runtime_error& e) {
    if (std::string_view(e.what()).rfind("loom::load_npy: fuzz.npy: ", 0) != 0) fail(e.what());
}

template <class T>
void load_as(std::string_view bytes) {
    try {
        const loom::array<T> a = loom::detail::load_npy_bytes<T>(bytes, path);
        if (a.size() != loom::size_of(a.shape())) fail("the element count is not the shape's");
        for (std::size_t i = 0; i < a.size(); ++i) {
            if constexpr (std::is_same_v<T, bool>) {  // every bool loaded is 0 or 1
                unsigned char b;
                std::memcpy(&b, a.data() + i, 1);
                if (b > 1) fail("a bool that is not 0 or 1");
            }
        }
    } catch (const std::runtime_error& e) {
        check_message(e);
    }
}

// The header's own element type: load, write as save_npy does, load again, the same bytes.
void round_trip(std::string_view bytes) {
    loom::detail::npy_header h;
    try {
        h = loom::detail::parse_npy_header(bytes, path);
    } catch (const std::runtime_error& e) {
        check_message(e);
        return;
    }
    if (h.data_offset > bytes.size()) fail("the data starts past the end");
    loom::detail::visit_npy_type(h, [&]<class F>(std::type_identity<F>) {
        loom::array<F> a;
        try {
            a = loom::detail::load_npy_bytes<F>(bytes, path);
        } catch (const std::runtime_error& e) {
            check_message(e);
            return;
        }
        if (a.shape() != h.shape) fail("the array's shape is not the header's");
        const std::size_t n = a.size() * sizeof(F);
        std::string again = loom::detail::npy_header_bytes<F>(a.shape());
        if (again.size() % 64 != 0) fail("save_npy's header is not a multiple of 64 bytes");
        again.append(reinterpret_cast<const char*>(a.data()), n);
        const loom::array<F> b = loom::detail::load_npy_bytes<F>(again, path);
        if (b.shape() != a.shape() || (n != 0 && std::memcmp(a.data(), b.data(), n) != 0))
            fail("written and read again, the array changed");
    });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    load_as<bool>(bytes);
    load_as<std::int16_t>(bytes);
    load_as<double>(bytes);
    load_as<std::complex<float>>(bytes);
    round_trip(bytes);
    return 0;
}
