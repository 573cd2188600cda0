// tests/differential/fft_main.cpp: reads fft_cases.py's case file, calls loom::fft on each case's
// operand and prints the results, for fft_cases.py to compare with NumPy's.
//
// Usage: fft_check CASES_FILE. A case line: `id fn dtype layout [a] params`, the operand a `rank
// extents values` (complex values `re,im`; none for fftfreq and rfftfreq). layout (float64 and
// complex128 only, to keep the compile short): 0 the array; 1 the operand holds a's axes reversed and
// a is loom::transpose of it; 2 the operand holds a reversed along axis 0 and a is a view of it with
// step -1; 3 a is the expression `operand * 1`. params:
//   fft ifft rfft irfft hfft ihfft         n (or None) axis norm
//   fftn ifftn rfftn irfftn                s axes norm (s and axes: None or comma-separated lists)
//   fft2 ifft2 rfft2 irfft2                s axes norm (axes None: the default (-2, -1))
//   fftshift ifftshift                     axes
//   fftfreq rfftfreq                       n d (dtype float32: fftfreq<float>)
// Prints one line a case: `id | tag rank extents values` (tag f4 f8 c8 c16 i4 b: the result's element
// type; %.17g, complex `re,im`), or ` E I` (loom::index_error), ` E V` (std::invalid_argument),
// ` E X message` (anything else, or the operand changed by the call).
#include <loom/fft.hpp>

#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "case_reader.hpp"
#include "case_values.hpp"

namespace {

namespace lf = loom::fft;
using loom_diff::put;
using loom_diff::read_array;
using loom_diff::reader;
using cf = std::complex<float>;
using cd = std::complex<double>;


template <class T>
const char* tag() {
    if constexpr (std::is_same_v<T, float>) return "f4";
    else if constexpr (std::is_same_v<T, double>) return "f8";
    else if constexpr (std::is_same_v<T, cf>) return "c8";
    else if constexpr (std::is_same_v<T, cd>) return "c16";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "i4";
    else if constexpr (std::is_same_v<T, bool>) return "b";
    else return "?";
}


template <class T>
void print(std::ostream& o, const loom::array<T>& a) {
    o << " | " << tag<T>() << ' ' << a.shape().size();
    for (std::size_t e : a.shape()) o << ' ' << e;
    for (std::size_t i = 0; i < a.size(); ++i) put(o, a.data()[i]);
}

std::optional<std::size_t> read_n(reader& r) {
    const std::string t = r.next();
    if (t == "None") return std::nullopt;
    return static_cast<std::size_t>(std::stoull(t));
}

template <class I>
std::optional<std::vector<I>> read_list(reader& r) {
    const std::string t = r.next();
    if (t == "None") return std::nullopt;
    std::vector<I> v;
    if (t == "[]") return v;
    std::istringstream in(t);
    std::string item;
    while (std::getline(in, item, ',')) v.push_back(static_cast<I>(std::stoll(item)));
    return v;
}

lf::norm read_norm(reader& r) {
    const std::string t = r.next();
    if (t == "backward") return lf::norm::backward;
    if (t == "ortho") return lf::norm::ortho;
    if (t == "forward") return lf::norm::forward;
    throw std::runtime_error("unknown norm " + t);
}

// The call `fn` on a (an array, a view or an expression of element type T) and the rest of the line.
template <class T, class A>
void dispatch(std::ostream& o, const std::string& fn, const A& a, reader& r) {
    constexpr bool real = !loom::is_complex_v<T>;
    if (fn == "fft" || fn == "ifft" || fn == "rfft" || fn == "irfft" || fn == "hfft" || fn == "ihfft") {
        const auto n = read_n(r);
        const auto axis = static_cast<std::ptrdiff_t>(r.integer());
        const lf::norm nm = read_norm(r);
        if (fn == "fft") return print(o, lf::fft(a, n, axis, nm));
        if (fn == "ifft") return print(o, lf::ifft(a, n, axis, nm));
        if (fn == "irfft") return print(o, lf::irfft(a, n, axis, nm));
        if (fn == "hfft") return print(o, lf::hfft(a, n, axis, nm));
        if constexpr (real) {
            if (fn == "rfft") return print(o, lf::rfft(a, n, axis, nm));
            if (fn == "ihfft") return print(o, lf::ihfft(a, n, axis, nm));
        }
    } else if (fn == "fftn" || fn == "ifftn" || fn == "rfftn" || fn == "irfftn") {
        const auto s = read_list<std::size_t>(r);
        const auto axes = read_list<std::ptrdiff_t>(r);
        const lf::norm nm = read_norm(r);
        if (fn == "fftn") return print(o, lf::fftn(a, s, axes, nm));
        if (fn == "ifftn") return print(o, lf::ifftn(a, s, axes, nm));
        if (fn == "irfftn") return print(o, lf::irfftn(a, s, axes, nm));
        if constexpr (real) {
            if (fn == "rfftn") return print(o, lf::rfftn(a, s, axes, nm));
        }
    } else if (fn == "fft2" || fn == "ifft2" || fn == "rfft2" || fn == "irfft2") {
        const auto s = read_list<std::size_t>(r);
        const auto given = read_list<std::ptrdiff_t>(r);
        const std::vector<std::ptrdiff_t> axes = given ? *given : std::vector<std::ptrdiff_t>{-2, -1};
        const lf::norm nm = read_norm(r);
        if (fn == "fft2") return print(o, lf::fft2(a, s, axes, nm));
        if (fn == "ifft2") return print(o, lf::ifft2(a, s, axes, nm));
        if (fn == "irfft2") return print(o, lf::irfft2(a, s, axes, nm));
        if constexpr (real) {
            if (fn == "rfft2") return print(o, lf::rfft2(a, s, axes, nm));
        }
    } else if (fn == "fftshift" || fn == "ifftshift") {
        const auto axes = read_list<std::ptrdiff_t>(r);
        return print(o, fn == "fftshift" ? lf::fftshift(a, axes) : lf::ifftshift(a, axes));
    }
    throw std::runtime_error("unknown function " + fn + " for dtype " + tag<T>());
}

template <class T>
void run(std::ostream& o, const std::string& fn, int layout, reader& r) {
    const loom::array<T> stored = read_array<T>(r);
    const loom::array<T> before = stored;
    if constexpr (std::is_same_v<T, double> || std::is_same_v<T, cd>) {
        if (layout == 1) dispatch<T>(o, fn, loom::transpose(stored), r);
        else if (layout == 2) dispatch<T>(o, fn, loom::view(stored, loom::range(loom::none, loom::none, -1)), r);
        else if (layout == 3) dispatch<T>(o, fn, stored * T(1), r);
        else dispatch<T>(o, fn, stored, r);
    } else {
        if (layout != 0) throw std::runtime_error("layouts other than 0 are for float64 and complex128");
        dispatch<T>(o, fn, stored, r);
    }
    if (stored.size() && std::memcmp(stored.data(), before.data(), stored.size() * sizeof(T)) != 0)
        throw std::runtime_error("the operand was changed");
}

void freq(std::ostream& o, const std::string& fn, const std::string& dtype, reader& r) {
    const auto n = static_cast<std::size_t>(r.integer());
    const double d = r.real();
    if (dtype == "float32") print(o, fn == "fftfreq" ? lf::fftfreq<float>(n, d) : lf::rfftfreq<float>(n, d));
    else print(o, fn == "fftfreq" ? lf::fftfreq(n, d) : lf::rfftfreq(n, d));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: fft_check CASES_FILE\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        reader r{std::istringstream(line)};
        const std::string id = r.next(), fn = r.next(), dtype = r.next();
        const int layout = static_cast<int>(r.integer());
        std::ostringstream o;
        try {
            if (fn == "fftfreq" || fn == "rfftfreq") freq(o, fn, dtype, r);
            else if (dtype == "float64") run<double>(o, fn, layout, r);
            else if (dtype == "float32") run<float>(o, fn, layout, r);
            else if (dtype == "complex128") run<cd>(o, fn, layout, r);
            else if (dtype == "complex64") run<cf>(o, fn, layout, r);
            else if (dtype == "int32") run<std::int32_t>(o, fn, layout, r);
            else if (dtype == "bool") run<bool>(o, fn, layout, r);
            else throw std::runtime_error("unknown dtype " + dtype);
        } catch (const loom::index_error&) {
            o.str("");
            o << " E I";
        } catch (const std::invalid_argument&) {
            o.str("");
            o << " E V";
        } catch (const std::exception& e) {
            o.str("");
            o << " E X " << e.what();
        }
        std::cout << id << o.str() << '\n';
    }
}
