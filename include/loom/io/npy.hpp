// loom/io/npy.hpp: NumPy's .npy files: save_npy writes an array, view or expression; load_npy<T> reads one.
#pragma once

#include <algorithm>
#include <bit>
#include <cerrno>
#include <complex>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../view/transpose.hpp"

namespace loom {

namespace detail {

// What a .npy header says, checked: a supported dtype, a shape whose bytes fit in memory.
struct npy_header {
    std::string descr;             // as the file spells it, for messages: '<f8'
    char kind = 0;                 // 'b' 'i' 'u' 'f' 'c'
    std::size_t item = 0;          // bytes per element
    bool swap = false;             // stored in the other byte order than this machine's
    bool fortran_order = false;
    shape_t shape;
    std::size_t count = 0;         // elements
    std::size_t data_offset = 0;   // where the data starts: the size of the header
    std::size_t data_bytes = 0;    // count * item
};

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_npy(const char* fn, const std::string& path,
                                                             const std::string& reason) {
    throw std::runtime_error(std::string(fn) + ": " + path + ": " + reason);
}

// Bytes of a file for a message: printable ASCII as it is, anything else as \xNN, cut after 80.
inline std::string npy_quote(std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < 80; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (s.size() > 80) out += "...";
    return out;
}

inline constexpr std::string_view npy_magic{"\x93NUMPY", 6};

// The parts of a file before the dict: the magic, the version and the header length.
struct npy_preamble {
    std::size_t prefix = 0;  // 10 (version 1.0) or 12 (2.0, 3.0)
    std::size_t total = 0;   // prefix + the dict's length: where the data starts
};

// Reads the preamble from the first bytes of a file of `file_size` bytes (`bytes` holds at
// least 12 of them, or the whole file when it is shorter).
inline npy_preamble read_npy_preamble(std::string_view bytes, std::uint64_t file_size, const std::string& path) {
    const std::size_t m = std::min(bytes.size(), npy_magic.size());
    if (bytes.substr(0, m) != npy_magic.substr(0, m))
        throw_npy("loom::load_npy", path, "not a .npy file: it starts with '" + npy_quote(bytes.substr(0, 6)) +
                                              "', not '\\x93NUMPY'");
    if (bytes.size() < 8)
        throw_npy("loom::load_npy", path,
                  "truncated: " + std::to_string(bytes.size()) + " bytes, too short for a .npy header");
    const auto major = static_cast<unsigned char>(bytes[6]), minor = static_cast<unsigned char>(bytes[7]);
    if ((major != 1 && major != 2 && major != 3) || minor != 0)
        throw_npy("loom::load_npy", path,
                  "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                      " (loom reads 1.0, 2.0 and 3.0)");
    npy_preamble p;
    p.prefix = major == 1 ? 10 : 12;
    if (bytes.size() < p.prefix)
        throw_npy("loom::load_npy", path,
                  "truncated: " + std::to_string(bytes.size()) + " bytes, too short for a .npy header");
    std::uint64_t len = 0;
    for (std::size_t i = p.prefix; i-- > 8;) len = len << 8 | static_cast<unsigned char>(bytes[i]);
    if (len > file_size - p.prefix)
        throw_npy("loom::load_npy", path,
                  "the header length " + std::to_string(len) + " runs past the end of the file (" +
                      std::to_string(file_size) + " bytes)");
    p.total = p.prefix + static_cast<std::size_t>(len);
    return p;
}

// A recursive-descent reader of the header's Python dict literal, the little of Python a
// .npy header uses: strings, True, False, tuples of non-negative integers.
class npy_dict_reader {
public:
    npy_dict_reader(std::string_view text, const std::string& path) : t_(text), path_(path) {}

    void space() {
        while (pos_ < t_.size() && (t_[pos_] == ' ' || t_[pos_] == '\t' || t_[pos_] == '\n' || t_[pos_] == '\r'))
            ++pos_;
    }
    char peek() {
        space();
        return pos_ < t_.size() ? t_[pos_] : '\0';
    }
    bool eat(char c) {
        if (peek() != c || pos_ >= t_.size()) return false;
        ++pos_;
        return true;
    }
    void expect(char c, const char* what) {
        if (!eat(c)) fail(std::string("expected ") + what);
    }
    bool at_end() {
        space();
        return pos_ == t_.size();
    }
    // A string in single or double quotes, without escapes.
    std::string_view string(const char* what) {
        const char q = peek();
        if (q != '\'' && q != '"') fail(std::string("expected ") + what + " (a string)");
        const std::size_t begin = ++pos_;
        while (pos_ < t_.size() && t_[pos_] != q) {
            if (t_[pos_] == '\\') fail("an escape in a string");
            ++pos_;
        }
        if (pos_ == t_.size()) fail("a string without its closing quote");
        return t_.substr(begin, pos_++ - begin);
    }
    bool boolean(const char* key) {
        space();
        for (const std::string_view w : {std::string_view("True"), std::string_view("False")}) {
            if (t_.substr(pos_, w.size()) == w) {
                pos_ += w.size();
                return w[0] == 'T';
            }
        }
        fail(std::string("'") + key + "' is not True or False");
    }
    // (3, 4), (3,), (): non-negative integers (Python 2's 3L too).
    shape_t shape() {
        expect('(', "a tuple for 'shape'");
        std::vector<std::size_t> dims;
        bool comma = false;
        while (!eat(')')) {
            space();
            if (pos_ < t_.size() && t_[pos_] == '-') {
                const std::size_t b = pos_++;
                while (pos_ < t_.size() && t_[pos_] >= '0' && t_[pos_] <= '9') ++pos_;
                throw_npy("loom::load_npy", path_,
                          "the shape entry " + npy_quote(t_.substr(b, pos_ - b)) + " is negative");
            }
            const std::size_t b = pos_;
            std::size_t v = 0;
            bool overflow = false;
            while (pos_ < t_.size() && t_[pos_] >= '0' && t_[pos_] <= '9') {
                overflow |= __builtin_mul_overflow(v, std::size_t{10}, &v);
                overflow |= __builtin_add_overflow(v, static_cast<std::size_t>(t_[pos_] - '0'), &v);
                ++pos_;
            }
            if (pos_ == b) fail("expected an integer in 'shape'");
            if (overflow)
                throw_npy("loom::load_npy", path_,
                          "the shape entry " + npy_quote(t_.substr(b, pos_ - b)) + " does not fit std::size_t");
            if (pos_ < t_.size() && t_[pos_] == 'L') ++pos_;
            dims.push_back(v);
            comma = eat(',');
            if (!comma) {
                expect(')', "',' or ')' in 'shape'");
                break;
            }
        }
        if (dims.size() == 1 && !comma) fail("'shape' is an integer in parentheses, not a tuple (write (n,))");
        return shape_t(dims);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void fail(const std::string& what) const {
        std::string_view shown = t_;  // without the padding
        while (!shown.empty() && (shown.back() == ' ' || shown.back() == '\n')) shown.remove_suffix(1);
        throw_npy("loom::load_npy", path_,
                  "malformed header: " + what + " at byte " + std::to_string(pos_) + " of '" + npy_quote(shown) + "'");
    }

private:
    std::string_view t_;
    const std::string& path_;
    std::size_t pos_ = 0;
};

// What loom makes of a descr such as '<f8': kind, size and byte order; throws for any other dtype.
inline void read_npy_descr(npy_header& h, const std::string& path) {
    std::string_view d = h.descr;
    char order = '=';
    if (!d.empty() && (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '=')) {
        order = d[0];
        d.remove_prefix(1);
    }
    std::size_t size = 0;
    bool digits = d.size() >= 2 && d.size() <= 4;
    for (std::size_t i = 1; digits && i < d.size(); ++i) {
        digits = d[i] >= '0' && d[i] <= '9';
        size = size * 10 + static_cast<std::size_t>(d[i] - '0');
    }
    const char kind = d.empty() ? '\0' : d[0];
    const bool ok = digits && ((kind == 'b' && size == 1) ||
                               ((kind == 'i' || kind == 'u') && (size == 1 || size == 2 || size == 4 || size == 8)) ||
                               (kind == 'f' && (size == 4 || size == 8)) || (kind == 'c' && (size == 8 || size == 16)));
    if (!ok) {
        const char* what = kind == 'O'                   ? " (Python objects)"
                           : kind == 'U'                 ? " (Unicode strings)"
                           : kind == 'S' || kind == 'a'  ? " (byte strings)"
                           : kind == 'V'                 ? " (raw bytes)"
                           : kind == 'M' || kind == 'm'  ? " (dates and times)"
                           : kind == 'f' && size == 2    ? " (float16)"
                           : (kind == 'f' || kind == 'c') && size > 8 && digits ? " (long double)"
                                                                               : "";
        throw_npy("loom::load_npy", path,
                  "dtype '" + npy_quote(h.descr) + "'" + what +
                      " is not supported (loom reads bool, int8 to int64, uint8 to uint64, float32, float64, "
                      "complex64 and complex128)");
    }
    h.kind = kind;
    h.item = size;
    const bool little = std::endian::native == std::endian::little;
    h.swap = size > 1 && ((order == '>' && little) || (order == '<' && !little));
}

// The header at the start of `bytes` (which may go on with the data), checked.
inline npy_header parse_npy_header(std::string_view bytes, const std::string& path) {
    const npy_preamble pre = read_npy_preamble(bytes, bytes.size(), path);
    npy_dict_reader in(bytes.substr(pre.prefix, pre.total - pre.prefix), path);
    npy_header h;
    h.data_offset = pre.total;
    bool seen[3] = {false, false, false};  // descr, fortran_order, shape
    in.expect('{', "'{'");
    while (!in.eat('}')) {
        const std::string_view key = in.string("a key");
        const int k = key == "descr" ? 0 : key == "fortran_order" ? 1 : key == "shape" ? 2 : -1;
        if (k < 0) throw_npy("loom::load_npy", path, "the header has an unexpected key '" + npy_quote(key) + "'");
        if (seen[k]) in.fail("the key '" + std::string(key) + "' twice");
        seen[k] = true;
        in.expect(':', "':'");
        if (k == 0) {
            const char c = in.peek();
            if (c == '[' || c == '{')
                throw_npy("loom::load_npy", path, "a structured dtype (a list of fields) is not supported");
            h.descr = std::string(in.string("the dtype"));
        } else if (k == 1) {
            h.fortran_order = in.boolean("fortran_order");
        } else {
            h.shape = in.shape();
        }
        if (!in.eat(',')) {
            in.expect('}', "',' or '}'");
            break;
        }
    }
    if (!in.at_end()) in.fail("text after the dict");
    for (int k = 0; k < 3; ++k) {
        if (!seen[k])
            throw_npy("loom::load_npy", path,
                      std::string("the header has no '") +
                          (k == 0 ? "descr" : k == 1 ? "fortran_order" : "shape") + "' key");
    }
    read_npy_descr(h, path);
    // NumPy's limit too: the extents other than 0 must multiply to a size memory can hold,
    // whether or not a 0 makes the array empty.
    std::size_t bytes_needed = h.item;
    bool overflow = false;
    for (const std::size_t e : h.shape)
        if (e != 0) overflow |= __builtin_mul_overflow(bytes_needed, e, &bytes_needed);
    if (overflow || bytes_needed > static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max()))
        throw_npy("loom::load_npy", path,
                  "the shape " + to_string(h.shape) + " of dtype '" + npy_quote(h.descr) +
                      "' has more bytes than memory can hold");
    h.count = size_of(h.shape);
    h.data_bytes = h.count * h.item;
    return h;
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_npy_short(const std::string& path, std::size_t got,
                                                                   const npy_header& h) {
    throw_npy("loom::load_npy", path,
              "truncated: the data is " + std::to_string(got) + " bytes, but shape " + to_string(h.shape) +
                  " of dtype '" + npy_quote(h.descr) + "' needs " + std::to_string(h.data_bytes));
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_npy_cast(const std::string& path, const std::string& descr,
                                                                  const char* from, const char* to) {
    throw_npy("loom::load_npy", path,
              "the file's dtype '" + npy_quote(descr) + "' (" + from + ") does not convert to " + to +
                  " without loss (loom::can_cast_v): load it as " + from + " and convert it with loom::astype");
}

// A bool element must be the byte 0 or 1 (any other byte in a bool is undefined behaviour in C++).
inline void check_npy_bools(const unsigned char* p, std::size_t n, const std::string& path) {
    for (std::size_t i = 0; i < n; ++i) {
        if (p[i] > 1)
            throw_npy("loom::load_npy", path,
                      "the bool element " + std::to_string(i) + " is the byte " + std::to_string(p[i]) +
                          ", not 0 or 1");
    }
}

// The kind letter of an element type in a descr.
template <element T>
inline constexpr char npy_kind_v = std::is_same_v<T, bool>        ? 'b'
                                   : is_complex_v<T>              ? 'c'
                                   : std::is_floating_point_v<T>  ? 'f'
                                   : std::is_signed_v<T>          ? 'i'
                                                                  : 'u';

// Calls f(std::type_identity<F>{}) with F the header's element type.
template <class F>
decltype(auto) visit_npy_type(const npy_header& h, F&& f) {
    using std::type_identity;
    switch (h.kind) {
    case 'b': return f(type_identity<bool>{});
    case 'i':
        if (h.item == 1) return f(type_identity<std::int8_t>{});
        if (h.item == 2) return f(type_identity<std::int16_t>{});
        if (h.item == 4) return f(type_identity<std::int32_t>{});
        return f(type_identity<std::int64_t>{});
    case 'u':
        if (h.item == 1) return f(type_identity<std::uint8_t>{});
        if (h.item == 2) return f(type_identity<std::uint16_t>{});
        if (h.item == 4) return f(type_identity<std::uint32_t>{});
        return f(type_identity<std::uint64_t>{});
    case 'f':
        if (h.item == 4) return f(type_identity<float>{});
        return f(type_identity<double>{});
    default:  // 'c': read_npy_descr admits nothing else
        if (h.item == 8) return f(type_identity<std::complex<float>>{});
        return f(type_identity<std::complex<double>>{});
    }
}

// One element of type F from its bytes, swapped to this machine's order when asked.
template <class F>
F read_npy_element(const unsigned char* p, bool swap) {
    if constexpr (is_complex_v<F>) {
        using R = typename F::value_type;
        return F(read_npy_element<R>(p, swap), read_npy_element<R>(p + sizeof(R), swap));
    } else {
        unsigned char b[sizeof(F)];
        for (std::size_t i = 0; i < sizeof(F); ++i) b[i] = p[swap ? sizeof(F) - 1 - i : i];
        F v;
        std::memcpy(&v, b, sizeof(F));
        return v;
    }
}

template <class T, class F>
T convert_npy_element(F v) {
    if constexpr (std::is_same_v<T, F>) return v;
    else if constexpr (is_complex_v<T> && is_complex_v<F>)
        return T(static_cast<real_of_t<T>>(v.real()), static_cast<real_of_t<T>>(v.imag()));
    else if constexpr (is_complex_v<T>) return T(static_cast<real_of_t<T>>(v));
    else return static_cast<T>(v);
}

// The array of a header's shape from a buffer of its elements in file order (C or Fortran).
template <element T>
array<T> arrange_npy(buffer<T>&& b, const npy_header& h) {
    array<T> a;
    if (!h.fortran_order || h.shape.size() < 2) {
        value_access::adopt(a, std::move(b), h.shape);
        return a;
    }
    // Fortran order is C order of the reversed shape: transposed back into C order
    const std::size_t n = h.shape.size();
    shape_t reversed(n, 0);
    for (std::size_t i = 0; i < n; ++i) reversed[i] = h.shape[n - 1 - i];
    value_access::adopt(a, std::move(b), reversed);
    return array<T>(transpose(a));
}

// The elements of a parsed header from its data (at least data_bytes), converted to T.
template <element T>
array<T> decode_npy(const npy_header& h, std::string_view data, const std::string& path) {
    if (data.size() < h.data_bytes) throw_npy_short(path, data.size(), h);
    const auto* p = reinterpret_cast<const unsigned char*>(data.data());
    return visit_npy_type(h, [&]<class F>(std::type_identity<F>) -> array<T> {
        if constexpr (!can_cast_v<F, T>) {
            throw_npy_cast(path, h.descr, type_name<F>(), type_name<T>());
        } else {
            if constexpr (std::is_same_v<F, bool>) check_npy_bools(p, h.count, path);
            buffer<T> b(h.count);
            if (std::is_same_v<F, T> && !h.swap) {
                if (h.count != 0) std::memcpy(b.data(), p, h.data_bytes);
            } else {
                for (std::size_t i = 0; i < h.count; ++i)
                    b.data()[i] = convert_npy_element<T>(read_npy_element<F>(p + i * sizeof(F), h.swap));
            }
            return arrange_npy(std::move(b), h);
        }
    });
}

// A whole .npy file's bytes as array<T>: what load_npy does once it has read the file.
template <element T>
array<T> load_npy_bytes(std::string_view bytes, const std::string& path) {
    const npy_header h = parse_npy_header(bytes, path);
    return decode_npy<T>(h, bytes.substr(h.data_offset), path);
}

// The path a user passes: a C string, std::string or std::string_view, or std::filesystem::path
// (anything with a c_str() of char), without <filesystem> in every program that includes loom.
struct npy_path {
    std::string name;
    npy_path(const char* p) : name(p) {}
    npy_path(std::string_view p) : name(p) {}
    template <class P>
        requires requires(const P& p) {
            { p.c_str() } -> std::convertible_to<const char*>;
        }
    npy_path(const P& p) : name(p.c_str()) {}
};

// A std::FILE closed when it goes.
struct npy_file_closer {
    void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};
using npy_file = std::unique_ptr<std::FILE, npy_file_closer>;

inline npy_file open_npy(const std::string& path, const char* mode, const char* fn) {
    errno = 0;
    npy_file f(std::fopen(path.c_str(), mode));
    if (!f) {
        const int err = errno;
        throw_npy(fn, path,
                  std::string("cannot open it") + (mode[0] == 'w' ? " for writing: " : ": ") +
                      (err ? std::strerror(err) : "unknown error"));
    }
    return f;
}

// The size of an open file in bytes (its end, then back to its start).
inline std::uintmax_t npy_file_size(std::FILE* f, const std::string& path) {
    errno = 0;
    const long end = std::fseek(f, 0, SEEK_END) == 0 ? std::ftell(f) : -1L;
    if (end < 0 || std::fseek(f, 0, SEEK_SET) != 0) {
        const int err = errno;
        throw_npy("loom::load_npy", path, std::string("cannot read its size: ") + (err ? std::strerror(err) : "unknown error"));
    }
    return static_cast<std::uintmax_t>(end);
}

inline void read_npy_exact(std::FILE* f, void* to, std::size_t n, const std::string& path) {
    if (n == 0) return;
    errno = 0;
    const std::size_t got = std::fread(to, 1, n, f);
    if (got == n) return;
    const int err = errno;
    throw_npy("loom::load_npy", path,
              "reading failed after " + std::to_string(got) + " of " + std::to_string(n) + " bytes: " +
                  (std::ferror(f) && err ? std::strerror(err) : "the file ended (did it change while being read?)"));
}

inline void write_npy_exact(std::FILE* f, const void* from, std::size_t n, const std::string& path) {
    if (n == 0) return;
    errno = 0;
    if (std::fwrite(from, 1, n, f) != n) {
        const int err = errno;
        throw_npy("loom::save_npy", path, std::string("writing failed: ") + (err ? std::strerror(err) : "unknown error"));
    }
}

// The descr of an element type in this machine's byte order: '<f8', '|b1'.
template <element T>
std::string npy_descr() {
    const char order = sizeof(T) == 1 ? '|' : std::endian::native == std::endian::little ? '<' : '>';
    return std::string{order, npy_kind_v<T>} + std::to_string(sizeof(T));
}

// The header np.save writes for a C-order array of shape s: the dict as Python's repr spells it,
// NumPy's room for growing the first extent to 21 digits, spaces and '\n' up to a multiple of
// 64 bytes; version 1.0 unless the length needs more than its 2 bytes.
template <element T>
std::string npy_header_bytes(const shape_t& s) {
    std::string d = "{'descr': '" + npy_descr<T>() + "', 'fortran_order': False, 'shape': (";
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i != 0) d += ", ";
        d += std::to_string(s[i]);
    }
    d += s.size() == 1 ? ",), }" : "), }";
    if (!s.empty()) d.append(21 - std::to_string(s[0]).size(), ' ');
    const std::size_t len = d.size() + 1;  // and '\n'
    std::size_t prefix = 10;
    std::size_t pad = 64 - (prefix + len) % 64;
    if (len + pad > 0xffff) {
        prefix = 12;
        pad = 64 - (prefix + len) % 64;
    }
    const std::size_t field = len + pad;
    std::string out(npy_magic);
    out += static_cast<char>(prefix == 10 ? 1 : 2);
    out += '\0';
    for (std::size_t i = 0; i < prefix - 8; ++i) out += static_cast<char>((field >> (8 * i)) & 0xff);
    out += d;
    out.append(pad, ' ');
    out += '\n';
    return out;
}

template <element T>
void write_npy(const std::string& name, const shape_t& s, const T* data) {
    const std::string header = npy_header_bytes<T>(s);
    npy_file f = open_npy(name, "wb", "loom::save_npy");
    write_npy_exact(f.get(), header.data(), header.size(), name);
    write_npy_exact(f.get(), data, size_of(s) * sizeof(T), name);
    errno = 0;
    if (std::fclose(f.release()) != 0) {
        const int err = errno;
        throw_npy("loom::save_npy", name, std::string("writing failed: ") + (err ? std::strerror(err) : "unknown error"));
    }
}

}  // namespace detail

//! Writes `e` (an array, a view of any strides, or an expression, evaluated once) to `path` in
//! NumPy's .npy format, C order, the bytes np.save writes for the same array; the file is
//! written in place (replaced if it exists). std::runtime_error naming the path and the
//! system's reason when it cannot be opened or written.
//!   loom::save_npy("a.npy", loom::arange<double>(6));
template <expression E>
void save_npy(const detail::npy_path& path, const E& e) {
    using V = typename std::remove_cvref_t<E>::value_type;
    if constexpr (std::is_same_v<std::remove_cvref_t<E>, array<V>>) {
        detail::write_npy(path.name, e.shape(), e.data());
    } else {
        const array<V> a(e);
        detail::write_npy(path.name, a.shape(), a.data());
    }
}

//! Reads the .npy file at `path` (format 1.0, 2.0 or 3.0) as an array<T>: its dtype must be T
//! or convert to T without loss (loom::can_cast_v); big-endian and Fortran-order files are read
//! into this machine's order and C order. std::runtime_error naming the path and what was wrong
//! for anything else (another dtype, a truncated or corrupt file, a missing one).
//!   loom::array<double> a = loom::load_npy<double>("a.npy");
template <element T>
array<T> load_npy(const detail::npy_path& path) {
    const std::string& name = path.name;
    detail::npy_file f = detail::open_npy(name, "rb", "loom::load_npy");
    const std::uintmax_t size = detail::npy_file_size(f.get(), name);
    // the preamble, then the dict it gives the length of (no more than the file holds)
    std::string head(static_cast<std::size_t>(std::min<std::uintmax_t>(size, 12)), '\0');
    detail::read_npy_exact(f.get(), head.data(), head.size(), name);
    const detail::npy_preamble pre = detail::read_npy_preamble(head, size, name);
    if (pre.total > head.size()) {
        const std::size_t had = head.size();
        head.resize(pre.total);
        detail::read_npy_exact(f.get(), head.data() + had, pre.total - had, name);
    }
    const detail::npy_header h = detail::parse_npy_header(std::string_view(head).substr(0, pre.total), name);
    if (size - h.data_offset < h.data_bytes) detail::throw_npy_short(name, static_cast<std::size_t>(size - h.data_offset), h);
    if (std::fseek(f.get(), static_cast<long>(h.data_offset), SEEK_SET) != 0)
        detail::throw_npy("loom::load_npy", name, std::string("cannot seek to the data: ") + std::strerror(errno));
    if (h.kind == detail::npy_kind_v<T> && h.item == sizeof(T) && !h.swap) {  // straight into the array's buffer
        detail::buffer<T> b(h.count);
        detail::read_npy_exact(f.get(), b.data(), h.data_bytes, name);
        if constexpr (std::is_same_v<T, bool>)
            detail::check_npy_bools(reinterpret_cast<const unsigned char*>(b.data()), h.count, name);
        return detail::arrange_npy(std::move(b), h);
    }
    std::string data(h.data_bytes, '\0');
    detail::read_npy_exact(f.get(), data.data(), data.size(), name);
    return detail::decode_npy<T>(h, data, name);
}

}  // namespace loom
