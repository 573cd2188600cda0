// loom/core/print.hpp: NumPy-like text for arrays, views and expressions (operator<<).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <ostream>
#include <string>
#include <type_traits>

#include "../expr/node.hpp"
#include "array.hpp"
#include "shape.hpp"

namespace loom {

namespace detail {

// The layout NumPy's str() uses: 75 columns, more than 1000 elements summarized
// with 3 edge items per axis.
inline constexpr std::size_t print_line_width = 75;
inline constexpr std::size_t print_threshold = 1000;
inline constexpr std::size_t print_edge_items = 3;

// One element without padding: True/False, plain integers, floats with a
// trailing '.' when integral-valued and up to 8 significant digits otherwise.
template <class T>
std::string format_element(T v) {
    if constexpr (std::is_same_v<T, bool>) {
        return v ? "True" : "False";
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

// Prints the elements of a strided block of memory, mirroring NumPy's
// _formatArray (str() form: ' ' between elements, blank lines between blocks).
template <class T>
class printer {
public:
    printer(const T* data, const shape_t& shape, const strides_t& strides)
        : data_(data), shape_(shape), strides_(strides), summarize_(size_of(shape) > print_threshold) {}

    void print(std::ostream& os) {
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
        os << recurse(0, data_, " ", print_line_width);
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

    void measure(std::size_t axis, const T* p) {
        shown(axis, [&](std::size_t i) {
            const T* q = at(p, axis, i);
            if (axis + 1 != shape_.size()) return measure(axis + 1, q);
            const std::string w = format_element(*q);
            width_ = std::max(width_, w.size());
            if constexpr (std::is_floating_point_v<T>) {
                if (!std::isfinite(*q)) {
                    nonfinite_ = std::max(nonfinite_, w.size());
                } else if (w.find('e') != std::string::npos) {
                    scientific_ = true;
                } else {
                    const std::size_t dot = w.find('.');
                    left_ = std::max(left_, dot);
                    right_ = std::max(right_, w.size() - dot - 1);
                }
            }
        });
        // NumPy's FloatingFormat: decimal points aligned, nan/inf right-aligned in the same width
        if (axis == 0 && nonfinite_ > right_ + 1) left_ = std::max(left_, nonfinite_ - right_ - 1);
    }

    std::string word(const T* p) const {
        std::string w = format_element(*p);
        if constexpr (std::is_floating_point_v<T>) {
            if (!scientific_) {
                const std::size_t dot = w.find('.');
                if (std::isfinite(*p) && dot != std::string::npos)  // measure() made left_ >= dot, right_ >= the fraction
                    return std::string(left_ - dot, ' ') + w + std::string(right_ - (w.size() - dot - 1), ' ');
                const std::size_t all = left_ + 1 + right_;
                if (w.size() < all) w.insert(0, all - w.size(), ' ');
                return w;
            }
        }
        if (w.size() < width_) w.insert(0, width_ - w.size(), ' ');
        return w;
    }

    // NumPy's _extendLine: wrap before `w` when the line would get too long,
    // unless wrapping cannot help.
    static void extend(std::string& s, std::string& line, const std::string& w, std::size_t width,
                       const std::string& indent) {
        if (line.size() + w.size() > width && line.size() > indent.size()) {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            s += line;
            s += '\n';
            line = indent;
        }
        line += w;
    }

    std::string recurse(std::size_t axis, const T* p, const std::string& indent, std::size_t width) const {
        const std::size_t n = shape_[axis];
        const std::size_t left = shape_.size() - axis;
        const bool summary = summarized(axis);
        const std::size_t lead = summary ? print_edge_items : 0;
        const std::size_t first_trailing = summary ? n - print_edge_items : 0;
        const std::string next_indent = indent + ' ';
        const std::size_t next_width = width - 1;  // room for the ']'
        std::string s;
        if (left == 1) {
            const std::size_t elem_width = width - 1;
            std::string line = indent;
            for (std::size_t i = 0; i < lead; ++i) {
                extend(s, line, word(at(p, axis, i)), elem_width, indent);
                line += ' ';
            }
            if (summary) {
                extend(s, line, "...", elem_width, indent);
                line += ' ';
            }
            for (std::size_t i = first_trailing; i + 1 < n; ++i) {
                extend(s, line, word(at(p, axis, i)), elem_width, indent);
                line += ' ';
            }
            extend(s, line, word(at(p, axis, n - 1)), elem_width, indent);
            s += line;
        } else {
            const std::string sep(left - 1, '\n');
            for (std::size_t i = 0; i < lead; ++i)
                s += indent + recurse(axis + 1, at(p, axis, i), next_indent, next_width) + sep;
            if (summary) s += indent + "..." + sep;
            for (std::size_t i = first_trailing; i + 1 < n; ++i)
                s += indent + recurse(axis + 1, at(p, axis, i), next_indent, next_width) + sep;
            s += indent + recurse(axis + 1, at(p, axis, n - 1), next_indent, next_width);
        }
        return '[' + s.substr(indent.size()) + ']';
    }

    const T* data_;
    const shape_t& shape_;
    const strides_t& strides_;
    bool summarize_;
    std::size_t width_ = 0;
    // floating point: the widest integer part, fraction and nan/inf among the
    // shown elements, and whether one is written with an exponent (then
    // everything is right-aligned in width_)
    std::size_t left_ = 0, right_ = 0, nonfinite_ = 0;
    bool scientific_ = false;
};

}  // namespace detail

//! Prints NumPy-like text; an expression is evaluated first.
//!   std::cout << loom::array<double>{{1, 2, 3}, {4, 5, 6}};   // [[1. 2. 3.]
//!                                                             //  [4. 5. 6.]]
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
