// tests/differential/case_values.hpp: arrays read from a case line and numbers written back, as the
// linalg and fft checkers exchange them with their Python drivers (rank, extents, then the values:
// a complex number "re,im", bool as 0 or 1; written with 17 digits).
#pragma once

#include <loom/loom.hpp>

#include <cstddef>
#include <cstdio>
#include <ostream>
#include <type_traits>
#include <vector>

#include "case_reader.hpp"

namespace loom_diff {

template <class T>
loom::array<T> read_array(reader& r) {
    std::vector<std::size_t> ext(static_cast<std::size_t>(r.integer()));
    for (auto& e : ext) e = static_cast<std::size_t>(r.integer());
    loom::array<T> a{loom::shape_t(ext)};
    for (std::size_t i = 0; i < a.size(); ++i) {
        if constexpr (loom::is_complex_v<T>) a.data()[i] = T(r.complex());
        else if constexpr (std::is_same_v<T, bool>) a.data()[i] = r.real() != 0;
        else a.data()[i] = static_cast<T>(r.real());
    }
    return a;
}

template <class T>
void put(std::ostream& o, const T& v) {
    char buf[80];
    if constexpr (loom::is_complex_v<T>) {
        std::snprintf(buf, sizeof buf, "%.17g,%.17g", double(v.real()), double(v.imag()));
    } else {
        std::snprintf(buf, sizeof buf, "%.17g", double(v));
    }
    o << ' ' << buf;
}

}  // namespace loom_diff
