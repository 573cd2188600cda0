// loom/containers/print.hpp: NumPy-like text for arrays, views and expressions (operator<<).
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdio>
#include <ostream>
#include <string>
#include <type_traits>

#include "../expr/node.hpp"
#include "array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"

namespace loom {

namespace detail {

// The layout NumPy's str() uses: 75 columns, more than 1000 elements summarized
// with 3 edge items per axis.
inline constexpr std::size_t print_line_width = 75;
inline constexpr std::size_t print_threshold = 1000;
inline constexpr std::size_t print_edge_items = 3;

// A floating value as NumPy's dragon4 writes it with unique=True: the shortest
// digits that read back as v, rounded to at most `cap` digits after the point
// (cap < 0: no limit); positional ("3.", "0.25") or scientific ("1.e-05").
template <class T>
[[gnu::cold]] std::string float_text(T v, bool scientific, int cap) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    char buf[512];
    const auto fmt = scientific ? std::chars_format::scientific : std::chars_format::fixed;
    std::string t(buf, std::to_chars(buf, buf + sizeof buf, v, fmt).ptr);
    const std::size_t e = scientific ? t.find('e') : t.size();
    const std::size_t dot = t.find('.');
    const std::size_t frac = dot == std::string::npos || dot > e ? 0 : e - dot - 1;
    if (cap >= 0 && frac > static_cast<std::size_t>(cap)) {
        t.assign(buf, std::to_chars(buf, buf + sizeof buf, v, fmt, cap).ptr);
        std::size_t end = scientific ? t.find('e') : t.size();
        std::size_t cut = end;
        while (cut > 0 && t[cut - 1] == '0') --cut;  // trailing zeros of the rounded digits
        t.erase(cut, end - cut);
    }
    const std::size_t e2 = scientific ? t.find('e') : t.size();
    if (t.find('.') == std::string::npos || t.find('.') > e2) t.insert(e2, ".");  // "3." as NumPy
    return t;
}

// One part of a complex scalar as NumPy's str() writes it: the shortest digits,
// positional when the part is 0 or 1e-4 <= |v| < 1e16, scientific otherwise,
// without a trailing '.' ("1", "1.5e+20"); `plus`: a sign even when positive.
template <class R>
[[gnu::cold]] std::string scalar_part_text(R v, bool plus) {
    const double a = std::fabs(static_cast<double>(v));
    const bool scientific = !(a == 0 || (a >= 1e-4 && a < 1e16));
    std::string t = float_text(v, scientific, -1);
    if (!scientific && a != 0) {
        // an integer beyond the type's exact digits is its shortest digits, then zeros
        // (float 123456792 is "123456790"), where to_chars writes every digit
        char buf[64];
        std::string s(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific).ptr);
        const std::size_t e = s.find('e');
        int exp = 0;
        std::from_chars(s.data() + e + 2, s.data() + s.size(), exp);
        if (s[e + 1] == '-') exp = -exp;
        s.erase(e);
        if (const std::size_t dot = s.find('.'); dot != std::string::npos) s.erase(dot, 1);
        const int digits = static_cast<int>(s.size()) - (v < 0);
        if (exp + 1 >= digits) t = s + std::string(static_cast<std::size_t>(exp + 1 - digits), '0') + ".";
    }
    const std::size_t dot = t.find('.');
    if (dot != std::string::npos && (dot + 1 == t.size() || t[dot + 1] == 'e')) t.erase(dot, 1);
    if (plus && t[0] != '-') t.insert(0, "+");
    return t;
}

// One element without padding: True/False, plain integers, floats (rank 0)
// with a trailing '.' when integral-valued and up to 8 significant digits otherwise,
// complex numbers as NumPy's str() of a complex scalar: "(1+2j)", "2j" when the
// real part is +0.
template <class T>
[[gnu::cold]] std::string format_element(T v) {
    if constexpr (std::is_same_v<T, bool>) {
        return v ? "True" : "False";
    } else if constexpr (is_complex_v<T>) {
        if (v.real() == 0 && !std::signbit(v.real())) return scalar_part_text(v.imag(), false) + "j";
        return "(" + scalar_part_text(v.real(), false) + scalar_part_text(v.imag(), true) + "j)";
    } else if constexpr (std::is_integral_v<T>) {
        if constexpr (std::is_signed_v<T>) return std::to_string(static_cast<long long>(v));
        else return std::to_string(static_cast<unsigned long long>(v));
    } else {
        const double d = static_cast<double>(v);
        if (std::isnan(d)) return "nan";
        if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
        char buf[40];
        if (d == std::trunc(d) && std::fabs(d) < 1e16) {
            // integral-valued: "3.", "-0."
            std::snprintf(buf, sizeof buf, "%.0f.", d);
            return buf;
        }
        std::snprintf(buf, sizeof buf, "%.8g", d);
        return buf;
    }
}

// NumPy's FloatingFormat (precision 8, floatmode maxprec) over one set of
// values: the real elements, or the real or the imaginary parts of complex ones.
// Scientific when the largest finite nonzero magnitude is >= 1e8, the smallest
// < 1e-4, or they are more than 1e3 apart; positional otherwise, decimal points
// aligned. nan/inf are right-aligned in the common width. `plus` is NumPy's
// sign='+' (imaginary parts): every value, nan included, has a sign.
template <class R>
class float_format {
public:
    explicit float_format(bool plus) : plus_(plus) {}

    // Sizes the format to the values each(f) passes to f (it is called twice).
    template <class Each>
    [[gnu::cold]] void measure(Each&& each) {
        double hi = 0, lo = 0;
        each([&](R v) {
            const double a = std::fabs(static_cast<double>(v));
            if (!std::isfinite(a) || a == 0) return;
            hi = std::max(hi, a);
            lo = lo == 0 ? a : std::min(lo, a);
        });
        scientific_ = hi != 0 && (hi >= 1e8 || lo < 1e-4 || hi / lo > 1e3);
        each([&](R v) {
            const std::string w = signed_text(float_text(v, scientific_, 8), v);
            if (!std::isfinite(v)) {
                nonfinite_ = std::max(nonfinite_, w.size());
                return;
            }
            const std::size_t dot = w.find('.'), e = scientific_ ? w.find('e') : w.size();
            left_ = std::max(left_, dot);
            right_ = std::max(right_, e - dot - 1);
            if (scientific_) exp_ = std::max(exp_, w.size() - e - 2);  // digits after "e+"
        });
        const std::size_t tail = scientific_ ? 2 + exp_ : 0;  // "e+" and the exponent's digits
        if (nonfinite_ > right_ + 1 + tail) left_ = std::max(left_, nonfinite_ - right_ - 1 - tail);
        width_ = left_ + 1 + right_ + tail;
    }

    // v padded to the common width (positional: spaces on both sides of the digits).
    [[gnu::cold]] std::string word(R v) const {
        std::string w = signed_text(float_text(v, scientific_, 8), v);
        if (!std::isfinite(v)) return std::string(width_ > w.size() ? width_ - w.size() : 0, ' ') + w;
        const std::size_t dot = w.find('.'), e = scientific_ ? w.find('e') : w.size();
        const std::size_t frac = e - dot - 1;
        if (scientific_) {
            // every mantissa to the longest one's digits, the extra ones the value's own
            // (NumPy's min_digits: 6.505995e-10 beside a 7-digit one is 6.5059952e-10),
            // exponents to one number of digits
            char buf[64];
            w.assign(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific,
                                        static_cast<int>(right_)).ptr);
            if (right_ == 0) w.insert(w.find('e'), ".");
            w = signed_text(std::move(w), v);
            const std::size_t digits = w.size() - (w.find('e') + 2);
            w.insert(w.find('e') + 2, exp_ - digits, '0');
            return std::string(left_ - w.find('.'), ' ') + w;
        }
        return std::string(left_ - dot, ' ') + w + std::string(right_ - frac, ' ');
    }

private:
    // t with a leading '+' when the format wants one and t (the text of v) has no '-'
    std::string signed_text(std::string t, R v) const {
        if (plus_ && (std::isnan(v) || !std::signbit(v))) t.insert(0, "+");
        return t;
    }

    bool plus_;
    bool scientific_ = false;
    // the widest sign and integer part, fraction, exponent and nan/inf among the
    // values, and the width of every word
    std::size_t left_ = 0, right_ = 0, exp_ = 0, nonfinite_ = 0, width_ = 0;
};

// Prints the elements of a strided block of memory, mirroring NumPy's
// _formatArray (str() form: ' ' between elements, blank lines between blocks).
// Its functions (and float_text, format_element, float_format's) are cold: optimized for size,
// as text is never a loop's hot path and its code is a fair part of a small
// program's compile time.
template <class T>
class printer {
public:
    printer(const T* data, const shape_t& shape, const strides_t& strides)
        : data_(data), shape_(shape), strides_(strides), summarize_(size_of(shape) > print_threshold) {}

    [[gnu::cold]] void print(std::ostream& os) {
        if (shape_.size() == 0) {
            os << format_element(*data_);
            return;
        }
        if (size_of(shape_) == 0) {
            os << "[]";
            return;
        }
        // one width for every shown element; bool is always 5 wide (" True", "False")
        if constexpr (std::is_same_v<T, bool>) width_ = 5;
        else measure(0, data_);
        std::string out;
        recurse(out, 0, data_, 1, print_line_width);
        os << out;
    }

private:
    bool summarized(std::size_t axis) const { return summarize_ && 2 * print_edge_items < shape_[axis]; }
    const T* at(const T* p, std::size_t axis, std::size_t i) const {
        return p + static_cast<std::ptrdiff_t>(i) * strides_[axis];
    }

    // Calls f(i) for each index of `axis` that is shown, in order.
    template <class F>
    void shown(std::size_t axis, F&& f) const {
        const std::size_t n = shape_[axis];
        if (!summarized(axis)) {
            for (std::size_t i = 0; i < n; ++i) f(i);
            return;
        }
        for (std::size_t i = 0; i < print_edge_items; ++i) f(i);
        for (std::size_t i = n - print_edge_items; i < n; ++i) f(i);
    }

    // Calls f(q) for each shown element, in order.
    template <class F>
    void each_shown(std::size_t axis, const T* p, F&& f) const {
        shown(axis, [&](std::size_t i) {
            const T* q = at(p, axis, i);
            if (axis + 1 == shape_.size()) f(q);
            else each_shown(axis + 1, q, f);
        });
    }

    [[gnu::cold]] void measure(std::size_t axis, const T* p) {
        if constexpr (is_complex_v<T>) {
            // NumPy's ComplexFloatingFormat: one format over the real parts, one over the imaginary ones
            real_.measure([&](auto f) { each_shown(axis, p, [&](const T* q) { f(q->real()); }); });
            imag_.measure([&](auto f) { each_shown(axis, p, [&](const T* q) { f(q->imag()); }); });
        } else if constexpr (std::is_floating_point_v<T>) {
            real_.measure([&](auto f) { each_shown(axis, p, [&](const T* q) { f(*q); }); });
        } else {
            each_shown(axis, p, [&](const T* q) { width_ = std::max(width_, format_element(*q).size()); });
        }
    }

    [[gnu::cold]] std::string word(const T* p) const {
        if constexpr (is_complex_v<T>) {
            // the imaginary part's trailing padding goes after its 'j', as NumPy's
            std::string im = imag_.word(p->imag());
            im.insert(im.find_last_not_of(' ') + 1, 1, 'j');
            return real_.word(p->real()) + im;
        } else if constexpr (std::is_floating_point_v<T>) {
            return real_.word(*p);
        } else {
            std::string w = format_element(*p);
            if (w.size() < width_) w.insert(0, width_ - w.size(), ' ');
            return w;
        }
    }

    // Appends to `out` the text NumPy's _formatArray recurser returns for the
    // block at p (axis `axis`; a hanging indent of `indent` spaces, which the
    // first line leaves out; lines at most `width` long), written in place.
    [[gnu::cold]] void recurse(std::string& out, std::size_t axis, const T* p, std::size_t indent, std::size_t width) const {
        const std::size_t n = shape_[axis];
        const bool summary = summarized(axis);
        const std::size_t lead = summary ? print_edge_items : 0;
        const std::size_t first_trailing = summary ? n - print_edge_items : 0;
        out += '[';
        if (axis + 1 == shape_.size()) {
            const std::size_t elem_width = width - 1;  // room for the ']'
            std::size_t line = indent;  // the current line's length, its indent included
            // NumPy's _extendLine: wrap before w when the line would get too long,
            // unless wrapping cannot help; then the separator, but after the last word
            const auto put = [&](const std::string& w, bool last) {
                if (line + w.size() > elem_width && line > indent) {
                    while (out.back() == ' ') out.pop_back();  // the line has a word that is not blank
                    out += '\n';
                    out.append(indent, ' ');
                    line = indent;
                }
                out += w;
                line += w.size() + !last;
                if (!last) out += ' ';
            };
            for (std::size_t i = 0; i < lead; ++i) put(word(at(p, axis, i)), false);
            if (summary) put("...", false);
            for (std::size_t i = first_trailing; i < n; ++i) put(word(at(p, axis, i)), i + 1 == n);
        } else {
            const std::size_t breaks = shape_.size() - axis - 1;  // blank lines between blocks
            const auto block = [&](std::size_t i) {
                if (i > 0) out.append(indent, ' ');
                recurse(out, axis + 1, at(p, axis, i), indent + 1, width - 1);
                if (i + 1 < n) out.append(breaks, '\n');
            };
            for (std::size_t i = 0; i < lead; ++i) block(i);
            if (summary) {
                out.append(indent, ' ');
                out += "...";
                out.append(breaks, '\n');
            }
            for (std::size_t i = first_trailing; i < n; ++i) block(i);
        }
        out += ']';
    }

    const T* data_;
    const shape_t& shape_;
    const strides_t& strides_;
    bool summarize_;
    std::size_t width_ = 0;  // bool and integers
    // floating point: the format of the elements, or of complex ones' real and imaginary parts
    float_format<real_of_t<T>> real_{false}, imag_{true};
};

}  // namespace detail

//! Prints NumPy-like text; an expression is evaluated first.
//!   std::cout << loom::array<double>{{1, 2, 3}, {4, 5, 6}};   // [[1. 2. 3.]
//!                                                             //  [4. 5. 6.]]
//! Complex elements print as NumPy's: `[1.5+2.j   3. -4.25j]`, `(1+2j)` at rank 0.
template <expression E>
std::ostream& operator<<(std::ostream& os, const E& e) {
    if constexpr (memory_leaf<E>) {
        const auto l = e.layout();
        detail::printer<typename E::value_type>(l.data, *l.shape, *l.strides).print(os);
    } else {
        const auto a = eval(e);
        detail::printer<typename decltype(a)::value_type>(a.data(), a.shape(), a.strides()).print(os);
    }
    return os;
}

}  // namespace loom
