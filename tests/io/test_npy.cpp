// tests/io/test_npy.cpp: save_npy and load_npy<T>: round trips, NumPy's exact bytes, hand-made files, corrupt ones.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <algorithm>
#include <bit>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <unistd.h>

using Catch::Contains;
using loom::shape_t;

namespace {

namespace fs = std::filesystem;

// A unique file name in the temporary directory, removed when the test leaves it.
struct temp_file {
    fs::path path;
    temp_file() {
        static int counter = 0;
        path = fs::temp_directory_path() /
               ("loom_test_npy_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".npy");
    }
    ~temp_file() {
        std::error_code ec;
        fs::remove(path, ec);
    }
    temp_file(const temp_file&) = delete;
    temp_file& operator=(const temp_file&) = delete;
};

std::string read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A .npy file by hand: magic, version major.0, the length in 2 (major 1) or 4 bytes, the
// dict padded with spaces and '\n' so that the data starts at a multiple of `align`, the data.
std::string npy_file(const std::string& dict, const std::string& data = "", int major = 1, std::size_t align = 64) {
    const std::size_t prefix = major == 1 ? 10 : 12;
    std::size_t len = dict.size() + 1;
    while ((prefix + len) % align != 0) ++len;
    std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
    for (std::size_t i = 0; i < prefix - 8; ++i) out += static_cast<char>((len >> (8 * i)) & 0xff);
    return out + dict + std::string(len - dict.size() - 1, ' ') + '\n' + data;
}

// The bytes of values in little-endian order (this machine's, checked below) or reversed each.
template <class T>
std::string bytes_of(const std::vector<T>& v, bool big = false) {
    static_assert(std::endian::native == std::endian::little, "the hand-made files here are little-endian");
    std::string out;
    for (const T& x : v) {
        if constexpr (loom::is_complex_v<T>) {
            out += bytes_of(std::vector<typename T::value_type>{x.real(), x.imag()}, big);
        } else {
            char b[sizeof(T)];
            std::memcpy(b, &x, sizeof(T));
            if (big) std::reverse(b, b + sizeof(T));
            out.append(b, sizeof(T));
        }
    }
    return out;
}

// Distinct values of every type for element i.
template <class T>
T value_at(std::size_t i) {
    if constexpr (std::is_same_v<T, bool>) return i % 3 == 1;
    else if constexpr (loom::is_complex_v<T>) return T(static_cast<float>(i) * 0.5f - 3.f, -static_cast<float>(i));
    else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(i) * T(0.25) - T(3);
    else if constexpr (std::is_signed_v<T>) return static_cast<T>(static_cast<int>(i) * 5 - 60);
    else return static_cast<T>(i * 11 + 1);
}

template <class T>
loom::array<T> numbered(const shape_t& s) {
    loom::array<T> a(s);
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = value_at<T>(i);
    return a;
}

template <class T>
bool same_elements(const loom::array<T>& a, const loom::array<T>& b) {
    if (a.shape() != b.shape()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a.data()[i] == b.data()[i])) return false;
    return true;
}

const std::string mem = "mem.npy";  // the path the in-memory loads name

template <class T>
loom::array<T> from_bytes(const std::string& bytes) {
    return loom::detail::load_npy_bytes<T>(bytes, mem);
}

using npy_types = std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                             std::uint32_t, std::uint64_t, float, double, std::complex<float>, std::complex<double>>;

}  // namespace

TEMPLATE_LIST_TEST_CASE("save_npy and load_npy round trip every element type", "[io][npy]", npy_types) {
    using T = TestType;
    for (const shape_t& s : {shape_t{2, 3, 4}, shape_t{}, shape_t{7}, shape_t{0}, shape_t{3, 0, 2}}) {
        CAPTURE(s);
        const loom::array<T> a = numbered<T>(s);
        temp_file f;
        loom::save_npy(f.path, a);
        const std::string bytes = read_all(f.path);
        // the data starts at a multiple of 64, the elements' bytes as they are in memory
        const std::size_t data = bytes.size() - a.size() * sizeof(T);
        CHECK(data % 64 == 0);
        CHECK(bytes.compare(0, 8, std::string("\x93NUMPY\x01\x00", 8)) == 0);
        CHECK(bytes.substr(data) == bytes_of(std::vector<T>(a.begin(), a.end())));
        const loom::array<T> b = loom::load_npy<T>(f.path);
        CHECK(same_elements(a, b));
        CHECK(same_elements(a, from_bytes<T>(bytes)));
    }
}

TEST_CASE("save_npy and load_npy take a path as a C string, std::string, std::string_view or std::filesystem::path",
          "[io][npy]") {
    temp_file f;
    const std::string name = f.path.string();
    const loom::array<double> a = {1.5, -2.0, 3.25};
    loom::save_npy(name, a);
    CHECK(loom::array_equal(loom::load_npy<double>(name.c_str()), a));
    CHECK(loom::array_equal(loom::load_npy<double>(std::string_view(name)), a));
    loom::save_npy(name.c_str(), a * 2);
    CHECK(loom::array_equal(loom::load_npy<double>(f.path), a * 2));
}

TEST_CASE("save_npy writes np.save's bytes", "[io][npy]") {
    // NumPy 1.24's np.save of the same arrays: the dict, then spaces and '\n' to 128 bytes
    const std::string magic("\x93NUMPY\x01\x00v\x00", 10);
    temp_file f;
    loom::save_npy(f.path, loom::reshape(loom::arange<double>(6), {2, 3}));
    CHECK(read_all(f.path) ==
          magic + "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }" + std::string(58, ' ') + "\n" +
              bytes_of(std::vector<double>{0, 1, 2, 3, 4, 5}));
    loom::save_npy(f.path, loom::array<bool>(shape_t{}, true));
    CHECK(read_all(f.path) ==
          magic + "{'descr': '|b1', 'fortran_order': False, 'shape': (), }" + std::string(62, ' ') + "\n\x01");
    loom::save_npy(f.path, loom::array<std::complex<float>>(shape_t{5}));
    CHECK(read_all(f.path) == magic + "{'descr': '<c8', 'fortran_order': False, 'shape': (5,), }" +
                                  std::string(60, ' ') + "\n" + std::string(40, '\0'));
    loom::save_npy(f.path, loom::array<std::int16_t>(shape_t{3, 0, 7}));
    CHECK(read_all(f.path) ==
          magic + "{'descr': '<i2', 'fortran_order': False, 'shape': (3, 0, 7), }" + std::string(55, ' ') + "\n");
}

TEST_CASE("save_npy takes views of any strides and expressions, and writes C order", "[io][npy]") {
    const loom::array<std::int32_t> a = numbered<std::int32_t>({3, 4});
    temp_file f;
    // rows reversed, every other column from the last: a(2 - i, 3 - 2 j)
    loom::save_npy(f.path, loom::view(a, loom::range(loom::none, loom::none, -1),
                                      loom::range(loom::none, loom::none, -2)));
    const auto v = loom::load_npy<std::int32_t>(f.path);
    REQUIRE(v.shape() == shape_t{3, 2});
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 2; ++j) CHECK(v(i, j) == value_at<std::int32_t>((2 - i) * 4 + 3 - 2 * j));
    loom::save_npy(f.path, loom::transpose(a) * 2.5 + 1);  // an expression of double elements
    const auto e = loom::load_npy<double>(f.path);
    REQUIRE(e.shape() == shape_t{4, 3});
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 3; ++j) CHECK(e(i, j) == value_at<std::int32_t>(j * 4 + i) * 2.5 + 1);
}

TEST_CASE("save_npy writes format 2.0 when the header needs more than 65535 bytes", "[io][npy]") {
    // 22000 axes of 1 ("1, " each): a header of about 66 KB
    const shape_t s(std::vector<std::size_t>(22000, 1));
    temp_file f;
    loom::save_npy(f.path, loom::array<std::uint8_t>(s, 7));
    const std::string bytes = read_all(f.path);
    REQUIRE(bytes.size() > 65536);
    CHECK(bytes[6] == 2);
    std::size_t len = 0;
    for (int i = 3; i >= 0; --i) len = len << 8 | static_cast<unsigned char>(bytes[8 + static_cast<std::size_t>(i)]);
    CHECK(len > 65535);
    CHECK(12 + len == bytes.size() - 1);
    CHECK(bytes[12 + len - 1] == '\n');
    const auto b = loom::load_npy<std::uint8_t>(f.path);
    CHECK(b.shape() == s);
    CHECK(b.data()[0] == 7);
}

TEST_CASE("load_npy converts what converts without loss and refuses the rest", "[io][npy]") {
    const std::string i16 = npy_file("{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }",
                                     bytes_of(std::vector<std::int16_t>{-300, 0, 32767}));
    CHECK(same_elements(from_bytes<std::int32_t>(i16), loom::array<std::int32_t>{-300, 0, 32767}));
    CHECK(same_elements(from_bytes<double>(i16), loom::array<double>{-300, 0, 32767}));
    CHECK(same_elements(from_bytes<std::complex<double>>(i16), loom::array<std::complex<double>>{-300.0, 0.0, 32767.0}));
    REQUIRE_THROWS_WITH(from_bytes<std::int8_t>(i16),
                        Contains("loom::load_npy: mem.npy: the file's dtype '<i2' (int16) does not convert to int8"));
    REQUIRE_THROWS_WITH(from_bytes<std::uint32_t>(i16), Contains("(int16) does not convert to uint32"));
    const std::string f8 = npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }",
                                    bytes_of(std::vector<double>{1.5, -2}));
    REQUIRE_THROWS_WITH(from_bytes<float>(f8), Contains("'<f8' (float64) does not convert to float32"));
    REQUIRE_THROWS_WITH(from_bytes<std::int64_t>(f8), Contains("does not convert to int64"));
    CHECK(same_elements(from_bytes<std::complex<double>>(f8), loom::array<std::complex<double>>{1.5, -2.0}));
    const std::string c8 = npy_file("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
                                    bytes_of(std::vector<std::complex<float>>{{1.5f, -0.25f}}));
    CHECK(from_bytes<std::complex<double>>(c8).data()[0] == std::complex<double>(1.5, -0.25));
    REQUIRE_THROWS_WITH(from_bytes<double>(c8), Contains("(complex64) does not convert to float64"));
    const std::string b1 = npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", std::string("\1\0\1", 3));
    CHECK(same_elements(from_bytes<std::uint8_t>(b1), loom::array<std::uint8_t>{1, 0, 1}));
    CHECK(same_elements(from_bytes<float>(b1), loom::array<float>{1, 0, 1}));
    // a file of another type, through the file path too
    temp_file f;
    write_all(f.path, i16);
    CHECK(same_elements(loom::load_npy<std::int64_t>(f.path), loom::array<std::int64_t>{-300, 0, 32767}));
    REQUIRE_THROWS_WITH(loom::load_npy<bool>(f.path), Contains(f.path.string() + ": the file's dtype '<i2'"));
}

TEST_CASE("load_npy reads format 2.0 and 3.0, any alignment, Fortran order and big-endian files", "[io][npy]") {
    const std::string d = bytes_of(std::vector<double>{0, 1, 2, 3, 4, 5});
    const loom::array<double> c = {{0, 1, 2}, {3, 4, 5}};
    const std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";
    CHECK(same_elements(from_bytes<double>(npy_file(dict, d, 2)), c));
    CHECK(same_elements(from_bytes<double>(npy_file(dict, d, 3)), c));
    CHECK(same_elements(from_bytes<double>(npy_file(dict, d, 1, 16)), c));  // old NumPy's 16-byte alignment
    CHECK(same_elements(from_bytes<double>(npy_file(dict, d, 1, 1)), c));   // none
    // other spellings Python's literal syntax allows: double quotes, another key order, no trailing
    // comma, Python 2's long integers
    CHECK(same_elements(from_bytes<double>(npy_file("{\"shape\":(2L,3L),\"fortran_order\":False,\"descr\":\"<f8\"}", d)), c));
    // Fortran order: the file holds the columns one after the other
    const loom::array<double> fo = from_bytes<double>(npy_file("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", d));
    CHECK(same_elements(fo, loom::array<double>{{0, 2, 4}, {1, 3, 5}}));
    const auto n24 = loom::arange<std::int16_t>(24);  // 0, 1, ... in file order
    const loom::array<std::int16_t> f3 = from_bytes<std::int16_t>(
        npy_file("{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3, 4), }",
                 bytes_of(std::vector<std::int16_t>(n24.begin(), n24.end()))));
    REQUIRE(f3.shape() == shape_t{2, 3, 4});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) CHECK(f3(i, j, k) == static_cast<std::int16_t>(i + 2 * j + 6 * k));
    // big-endian
    const std::vector<double> dv = {1.5, -2.25, 1e300};
    CHECK(same_elements(from_bytes<double>(npy_file("{'descr': '>f8', 'fortran_order': False, 'shape': (3,), }",
                                                     bytes_of(dv, true))),
                        loom::array<double>{1.5, -2.25, 1e300}));
    const std::vector<std::int32_t> iv = {-2, 70000, 1};
    CHECK(same_elements(from_bytes<std::int64_t>(npy_file("{'descr': '>i4', 'fortran_order': False, 'shape': (3,), }",
                                                           bytes_of(iv, true))),
                        loom::array<std::int64_t>{-2, 70000, 1}));
    const std::vector<std::complex<double>> zv = {{1, -2}, {0.5, 3}};
    const auto z = from_bytes<std::complex<double>>(
        npy_file("{'descr': '>c16', 'fortran_order': True, 'shape': (1, 2), }", bytes_of(zv, true)));
    CHECK(same_elements(z, loom::array<std::complex<double>>({{std::complex<double>(1, -2), std::complex<double>(0.5, 3)}})));
    // one-byte types with any byte-order mark
    CHECK(from_bytes<std::int8_t>(npy_file("{'descr': '>i1', 'fortran_order': False, 'shape': (), }", "\xfe")).data()[0] == -2);
}

TEST_CASE("load_npy refuses dtypes loom has no type for", "[io][npy]") {
    auto dtype = [](const std::string& descr) {
        return npy_file("{'descr': " + descr + ", 'fortran_order': False, 'shape': (1,), }", std::string(16, '\0'));
    };
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'|O'")),
                        Contains("loom::load_npy: mem.npy: dtype '|O' (Python objects) is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'<U3'")), Contains("dtype '<U3' (Unicode strings) is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'|S4'")), Contains("dtype '|S4' (byte strings) is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'<f2'")), Contains("dtype '<f2' (float16) is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'<f16'")), Contains("dtype '<f16' (long double) is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'<M8[ns]'")), Contains("dtype '<M8[ns]' (dates and times)"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("'<i3'")), Contains("dtype '<i3' is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("''")), Contains("dtype '' is not supported"));
    REQUIRE_THROWS_WITH(from_bytes<double>(dtype("[('a', '<f8'), ('b', '<i4')]")),
                        Contains("mem.npy: a structured dtype (a list of fields) is not supported"));
}

TEST_CASE("load_npy names the path and the reason for a corrupt file", "[io][npy]") {
    const std::string good = npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }",
                                      bytes_of(std::vector<double>{1, 2}));
    auto fails = [](const std::string& bytes, const std::string& reason) {
        CAPTURE(bytes);
        REQUIRE_THROWS_WITH(from_bytes<double>(bytes), Contains("loom::load_npy: mem.npy: " + reason));
    };
    auto dict = [](const std::string& d, const std::string& data = std::string(16, '\0')) { return npy_file(d, data); };
    // the preamble
    fails("", "truncated: 0 bytes");
    fails(good.substr(0, 7), "truncated: 7 bytes");
    fails(good.substr(0, 9), "truncated: 9 bytes");
    fails("PK\x03\x04 a zip file", "not a .npy file: it starts with 'PK\\x03\\x04 a'");
    fails("\x93NUMPX" + good.substr(6), "not a .npy file");
    std::string v = good;
    v[6] = 4;
    fails(v, "unsupported .npy format version 4.0");
    v[6] = 1;
    v[7] = 1;
    fails(v, "unsupported .npy format version 1.1");
    fails(good.substr(0, 60), "the header length 118 runs past the end of the file (60 bytes)");
    std::string huge = good;
    huge[8] = huge[9] = '\xff';
    fails(huge, "the header length 65535 runs past the end of the file");
    fails(std::string("\x93NUMPY\x02\x00\xff\xff\xff\xff", 12), "the header length 4294967295 runs past the end");
    // the dict
    fails(dict("'descr': '<f8', 'fortran_order': False, 'shape': (2,), }"), "malformed header: expected '{' at byte 0");
    fails(dict("{'descr' '<f8', 'fortran_order': False, 'shape': (2,), }"), "malformed header: expected ':' at byte 9");
    fails(dict("{'descr': '<f8, 'fortran_order': False, 'shape': (2,), }"), "malformed header");
    fails(dict("{'descr': '<f8'"), "malformed header: expected ',' or '}'");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), } x"), "malformed header: text after the dict");
    fails(dict("{'descr': '<f8', 'fortran_order': no, 'shape': (2,), }"), "malformed header: 'fortran_order' is not True or False");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'x': 1}"), "the header has an unexpected key 'x'");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'descr': '<f8', 'shape': (2,)}"), "malformed header: the key 'descr' twice");
    fails(dict("{'descr': '<f8', 'fortran_order': False, }"), "the header has no 'shape' key");
    fails(dict("{'fortran_order': False, 'shape': (2,), }"), "the header has no 'descr' key");
    fails(dict("{'descr': '<f8', 'shape': (2,), }"), "the header has no 'fortran_order' key");
    fails(dict("{'descr': 8, 'fortran_order': False, 'shape': (2,), }"), "malformed header: expected the dtype (a string)");
    fails(dict("{'descr': 'a\\'b', 'fortran_order': False, 'shape': (2,), }"), "malformed header: an escape in a string");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (2), }"), "malformed header: 'shape' is an integer in parentheses");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': [2], }"), "malformed header: expected a tuple for 'shape'");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (2, x), }"), "malformed header: expected an integer in 'shape'");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (2 3), }"), "malformed header: expected ',' or ')' in 'shape'");
    // the shape
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (2, -1), }"), "the shape entry -1 is negative");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (18446744073709551616,), }"),
          "the shape entry 18446744073709551616 does not fit std::size_t");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"),
          "the shape (4294967296, 4294967296) of dtype '<f8' has more bytes than memory can hold");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4294967296, 4294967296), }"),
          "the shape (0, 4294967296, 4294967296) of dtype '<f8' has more bytes than memory can hold");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (1152921504606846976,), }"),
          "the shape (1152921504606846976,) of dtype '<f8' has more bytes than memory can hold");
    // the data
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }"),
          "truncated: the data is 16 bytes, but shape (3,) of dtype '<f8' needs 24");
    fails(dict("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }"),
          "truncated: the data is 16 bytes, but shape (1000000000000,) of dtype '<f8' needs 8000000000000");
    REQUIRE_THROWS_WITH(from_bytes<bool>(npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
                                                  std::string("\1\0\2", 3))),
                        Contains("mem.npy: the bool element 2 is the byte 2, not 0 or 1"));
    REQUIRE_THROWS_WITH(from_bytes<double>(npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (1,), }", "\xff")),
                        Contains("the bool element 0 is the byte 255"));
    // a longer file than the shape needs is read as NumPy reads it: the rest is ignored
    CHECK(same_elements(from_bytes<double>(good + "more"), loom::array<double>{1, 2}));
}

TEST_CASE("load_npy and save_npy name the path and the system's reason for a file they cannot use", "[io][npy]") {
    temp_file f;
    REQUIRE_THROWS_WITH(loom::load_npy<double>(f.path),
                        Contains("loom::load_npy: " + f.path.string() + ": cannot open it: No such file or directory"));
    const fs::path nowhere = f.path / "sub" / "a.npy";
    REQUIRE_THROWS_WITH(loom::save_npy(nowhere, loom::array<double>{1.0}),
                        Contains("loom::save_npy: " + nowhere.string() + ": cannot open it for writing: "));
    REQUIRE_THROWS_WITH(loom::load_npy<double>(fs::temp_directory_path()),
                        Contains("loom::load_npy: " + fs::temp_directory_path().string() + ": "));
    // truncated and corrupt files, read from disk
    loom::save_npy(f.path, loom::array<double>{1, 2, 3});
    const std::string whole = read_all(f.path);
    write_all(f.path, whole.substr(0, whole.size() - 1));
    REQUIRE_THROWS_WITH(loom::load_npy<double>(f.path),
                        Contains(f.path.string() + ": truncated: the data is 23 bytes, but shape (3,) of dtype '<f8' needs 24"));
    write_all(f.path, whole.substr(0, 100));
    REQUIRE_THROWS_WITH(loom::load_npy<double>(f.path), Contains(f.path.string() + ": the header length 118 runs past"));
    write_all(f.path, whole.substr(0, 5));
    REQUIRE_THROWS_WITH(loom::load_npy<double>(f.path), Contains(f.path.string() + ": truncated: 5 bytes"));
    write_all(f.path, npy_file("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", std::string("\0\3", 2)));
    REQUIRE_THROWS_WITH(loom::load_npy<bool>(f.path), Contains(f.path.string() + ": the bool element 1 is the byte 3"));
    // and the good ones of each path through load_npy: the same type, another type, big-endian
    write_all(f.path, npy_file("{'descr': '>i2', 'fortran_order': True, 'shape': (2, 2), }",
                               bytes_of(std::vector<std::int16_t>{1, 2, 3, -4}, true)));
    CHECK(same_elements(loom::load_npy<std::int16_t>(f.path), loom::array<std::int16_t>{{1, 3}, {2, -4}}));
    CHECK(same_elements(loom::load_npy<float>(f.path), loom::array<float>{{1, 3}, {2, -4}}));
}
