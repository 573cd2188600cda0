// tests/differential/operands.hpp: the arrays and operands of the case files of more_cases.py, extra_cases.py
// and stats_cases.py, read from a line and made into loom arrays and views (the checkers more_check,
// extra_check and stats_check).
#pragma once

#include <loom/loom.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "case_reader.hpp"

namespace loom_diff {

using strs = std::vector<std::string>;
using ints = std::vector<std::ptrdiff_t>;

// An array as the script writes it: dtype rank extents values (the values kept as tokens: int64 exactly).
struct arr_spec {
    std::string dtype;
    loom::shape_t shape;
    strs vals;
};

// An operand: 'a' an array of `shape` holding vals; 'v' the view (shape, strides, offset) into the
// vals (a rank-1 array); 'e' the expression view - 0.
struct op_spec {
    std::string dtype;
    char kind = 'a';
    strs vals;
    loom::shape_t shape;
    loom::strides_t strides;
    std::ptrdiff_t offset = 0;
};

inline bool at_end(reader& r) {
    r.in >> std::ws;
    return r.in.eof();
}

inline loom::shape_t read_shape(reader& r, std::size_t rank) {
    std::vector<std::size_t> d(rank);
    for (auto& e : d) e = static_cast<std::size_t>(r.integer());
    return loom::shape_t(d);
}

inline strs read_tokens(reader& r, std::size_t n) {
    strs v(n);
    for (auto& e : v) e = r.next();
    return v;
}

// A count, then that many integers.
inline ints read_ints(reader& r) {
    ints v(static_cast<std::size_t>(r.integer()));
    for (auto& e : v) e = static_cast<std::ptrdiff_t>(r.integer());
    return v;
}

inline arr_spec read_arr(reader& r) {
    arr_spec a;
    a.dtype = r.next();
    a.shape = read_shape(r, static_cast<std::size_t>(r.integer()));
    a.vals = read_tokens(r, loom::size_of(a.shape));
    return a;
}

inline op_spec read_op(reader& r) {
    op_spec o;
    o.dtype = r.next();
    o.kind = r.next()[0];
    o.vals = read_tokens(r, static_cast<std::size_t>(r.integer()));
    const auto rank = static_cast<std::size_t>(r.integer());
    o.shape = read_shape(r, rank);
    for (std::size_t k = 0; k < rank; ++k) o.strides.push_back(static_cast<std::ptrdiff_t>(r.integer()));
    o.offset = static_cast<std::ptrdiff_t>(r.integer());
    return o;
}

// NumPy's name of T.
template <class T>
const char* dtype_name() {
    if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_same_v<T, std::int8_t>) return "int8";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
    else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return "uint8";
    else if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
    else if constexpr (std::is_same_v<T, float>) return "float32";
    else if constexpr (std::is_same_v<T, double>) return "float64";
    else if constexpr (std::is_same_v<T, std::complex<float>>) return "complex64";
    else if constexpr (std::is_same_v<T, std::complex<double>>) return "complex128";
    else return "?";
}

inline double real_of(const std::string& s) { return std::strtod(s.c_str(), nullptr); }  // "nan", "inf" included

// A token as T: a complex number's parts separated by a comma ("1.5,-inf"), bool "0" or "1".
template <class T>
T conv(const std::string& s) {
    if constexpr (loom::is_complex_v<T>) {
        const auto comma = s.find(',');
        if (comma == std::string::npos) throw std::runtime_error("case file: complex number without a comma: " + s);
        return T(static_cast<typename T::value_type>(real_of(s)),
                 static_cast<typename T::value_type>(std::strtod(s.c_str() + comma + 1, nullptr)));
    } else if constexpr (std::is_same_v<T, bool>) {
        return s != "0";
    } else if constexpr (std::is_floating_point_v<T>) {
        return static_cast<T>(real_of(s));
    } else if constexpr (std::is_unsigned_v<T>) {
        return static_cast<T>(std::stoull(s));
    } else {
        return static_cast<T>(std::stoll(s));
    }
}

template <class T>
loom::array<T> make(const loom::shape_t& s, const strs& v) {
    loom::array<T> a(s);
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = conv<T>(v[i]);
    return a;
}
template <class T>
loom::array<T> make(const arr_spec& a) {
    return make<T>(a.shape, a.vals);
}

// An operand's memory and its view: the array itself for 'a', else the vals as a rank-1 array
// and the view at (offset, shape, strides) into it ('a': the array's own layout).
template <class T>
struct operand {
    loom::array<T> base;
    loom::strided_view<T> view;
    char kind;
    explicit operand(const op_spec& o)
        : base(make<T>(o.kind == 'a' ? o.shape : loom::shape_t{o.vals.size()}, o.vals)),
          view(base.data() + (o.kind == 'a' ? 0 : o.offset), o.shape, o.kind == 'a' ? base.strides() : o.strides),
          kind(o.kind) {}
    bool holds(const void* p) const {  // whether p points into the operand's memory
        const auto* q = static_cast<const T*>(p);
        return q >= base.data() && q < base.data() + base.size();
    }
};

}  // namespace loom_diff
