// tests/differential/manip_main.cpp: reads manip_cases.py's case file and checks flip, moveaxis, unstack,
// concat, stack, repeat, tile, roll, take, take_along_axis and mask (read and assigned) against loom;
// flip also written through.
//
// Usage: manip_check CASES_FILE. Prints the number of cases checked; each mismatch prints the
// reason and the case's line, and the program exits 1. Every case checks the result's element
// type, shape and values exactly (NaN equal to NaN, -0.0 not equal to 0.0), or the kind of error
// ('I' index_error, 'V' std::invalid_argument that is not a broadcast_error, 'B' broadcast_error),
// and that the operands are unchanged afterwards (but for the target of a mask assignment that
// succeeded, compared with NumPy's array after the assignment).
// To keep the compile short, the operand's element type is one of five (int32, float64, uint8,
// bool, complex128) and each function is compiled for three operand kinds: an array, a strided
// view, and an expression (view - 0).
#include <loom/loom.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "case_reader.hpp"
#include "outcome.hpp"

namespace {

using loom_diff::and_unchanged;
using loom_diff::outcome_of;
using loom_diff::reader;
using loom_diff::snapshot;
using cd = std::complex<double>;
using ints = std::vector<std::ptrdiff_t>;

// An array as the script writes it: dtype rank extents values.
struct arr_spec {
    std::string dtype;
    loom::shape_t shape;
    std::vector<cd> vals;
};

// An operand: base[::steps] of an array of dtype; kind 'a' (the array), 'v' (the strided view) or 'e' (view - 0).
struct op_spec {
    std::string dtype;
    loom::shape_t base;
    std::vector<cd> vals;
    ints steps;
    char kind = 'a';
};

struct test_case {
    std::string func, dtype;
    op_spec x, m;
    std::vector<op_spec> parts;  // concat, stack
    char mode = 'n', form = 0;
    ints l1, l2;  // axes / source / shifts / reps; destination / axes; counts (repeat)
    std::string count_dtype;
    arr_spec idx, value;
    char outcome = 'R';
    arr_spec want;
};

bool is_complex_name(const std::string& t) { return t.rfind("complex", 0) == 0; }

std::vector<cd> read_values(reader& r, const std::string& t, std::size_t n) {
    std::vector<cd> v(n);
    for (auto& e : v) e = is_complex_name(t) ? r.complex() : cd(r.real(), 0);
    return v;
}

loom::shape_t read_shape(reader& r) {
    std::vector<std::size_t> d(static_cast<std::size_t>(r.integer()));
    for (auto& e : d) e = static_cast<std::size_t>(r.integer());
    return loom::shape_t(d);
}

ints read_ints(reader& r) {
    ints v(static_cast<std::size_t>(r.integer()));
    for (auto& e : v) e = static_cast<std::ptrdiff_t>(r.integer());
    return v;
}

arr_spec read_arr(reader& r) {
    arr_spec a;
    a.dtype = r.next();
    a.shape = read_shape(r);
    a.vals = read_values(r, a.dtype, loom::size_of(a.shape));
    return a;
}

op_spec read_op(reader& r) {
    op_spec o;
    o.dtype = r.next();
    o.base = read_shape(r);
    o.vals = read_values(r, o.dtype, static_cast<std::size_t>(r.integer()));
    o.steps = read_ints(r);
    o.kind = r.next()[0];
    return o;
}

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    r.next();  // id
    c.func = r.next();
    c.dtype = r.next();
    const std::string& f = c.func;
    if (f == "concat" || f == "stack") {
        c.form = r.next()[0];
        c.mode = r.next()[0];
        c.l1 = read_ints(r);
        c.parts.resize(static_cast<std::size_t>(r.integer()));
        for (auto& p : c.parts) p = read_op(r);
    } else {
        c.x = read_op(r);
        if (f == "flip_assign") {
            c.mode = r.next()[0];
            c.l1 = read_ints(r);
            c.form = r.next()[0];
            c.value = read_arr(r);
        } else if (f == "mask_read" || f == "mask_set" || f == "mask_add") {
            c.m = read_op(r);
            c.form = r.next()[0];
            if (f != "mask_read") c.value = read_arr(r);
        } else if (f == "tile") {
            c.l1 = read_ints(r);
        } else {
            c.mode = r.next()[0];
            c.l1 = read_ints(r);
            if (f == "moveaxis" || f == "roll") c.l2 = read_ints(r);
            if (f == "repeat") {
                c.form = r.next()[0];
                c.count_dtype = r.next();
                c.l2 = read_ints(r);
            }
            if (f == "take" || f == "take_along_axis") c.idx = read_arr(r);
        }
    }
    c.outcome = r.next()[0];
    if (c.outcome == 'R') c.want = read_arr(r);
    return c;
}

template <class T>
const char* dtype_name() {
    if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_same_v<T, std::int8_t>) return "int8";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
    else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return "uint8";
    else if constexpr (std::is_same_v<T, double>) return "float64";
    else if constexpr (std::is_same_v<T, std::complex<float>>) return "complex64";
    else if constexpr (std::is_same_v<T, std::complex<double>>) return "complex128";
    else return "?";
}

template <class T>
T conv(cd v) {
    if constexpr (loom::is_complex_v<T>) return T(v);
    else if constexpr (std::is_same_v<T, bool>) return v.real() != 0;
    else return static_cast<T>(v.real());
}

template <class T>
loom::array<T> make(const loom::shape_t& s, const std::vector<cd>& v) {
    loom::array<T> a(s);
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = conv<T>(v[i]);
    return a;
}

// base[::steps[0], ::steps[1], ...] as a strided view (NumPy's basic slicing with steps).
template <class T>
loom::strided_view<T> window(loom::array<T>& base, const ints& steps) {
    loom::shape_t s;
    loom::strides_t st;
    const loom::strides_t cs = loom::c_strides(base.shape());
    T* p = base.data();
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const std::size_t b = base.shape()[k];
        const std::ptrdiff_t step = steps[k];
        const std::size_t a = static_cast<std::size_t>(step < 0 ? -step : step);
        s.push_back((b + a - 1) / a);
        st.push_back(cs[k] * step);
        if (step < 0 && base.size() != 0) p += static_cast<std::ptrdiff_t>(b - 1) * cs[k];
    }
    return loom::strided_view<T>(p, s, st);
}

template <class V>
auto expr_of(const V& v) {
    using T = typename V::value_type;
    return v - T(0);  // keeps -0.0, NaN and infinities; bool: xor with false
}

// Exact equality: NaN equals NaN, the signs of zeros count.
inline bool same(double g, double e) {
    return (std::isnan(g) && std::isnan(e)) || (g == e && std::signbit(g) == std::signbit(e));
}

template <class R>
std::string compare_values(const R* got, const std::vector<cd>& want, std::size_t offset, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const cd e = want[offset + i];
        cd g;
        if constexpr (loom::is_complex_v<R>) g = cd(got[i]);
        else g = cd(static_cast<double>(got[i]), 0);
        if (!same(g.real(), e.real()) || !same(g.imag(), e.imag())) {
            std::ostringstream os;
            os.precision(17);
            os << "element " << offset + i << " is " << g << ", want " << e;
            return os.str();
        }
    }
    return "";
}

template <class R>
std::string compare(const loom::array<R>& got, const arr_spec& w) {
    if (w.dtype != dtype_name<R>()) return std::string("element type ") + dtype_name<R>() + ", want " + w.dtype;
    if (got.shape() != w.shape)
        return "shape " + loom::detail::to_string(got.shape()) + ", want " + loom::detail::to_string(w.shape);
    return compare_values(got.data(), w.vals, 0, got.size());
}

template <class R>
std::string result(const test_case& c, const loom::array<R>& got) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    return compare(got, c.want);
}

// f({v[0], ...}): a braced list of the lengths drawn (0 to 4), for the overloads that take one.
template <class F>
std::string with_list(const ints& v, F&& f) {
    switch (v.size()) {
        case 0: return f({});
        case 1: return f({v[0]});
        case 2: return f({v[0], v[1]});
        case 3: return f({v[0], v[1], v[2]});
        case 4: return f({v[0], v[1], v[2], v[3]});
        default: return "a list of " + std::to_string(v.size()) + " is not drawn";
    }
}

// An index or count array of the drawn integer type.
template <class F>
std::string with_index(const arr_spec& a, F&& f) {
    if (a.dtype == "int8") { auto i = make<std::int8_t>(a.shape, a.vals); return f(i); }
    if (a.dtype == "int32") { auto i = make<std::int32_t>(a.shape, a.vals); return f(i); }
    if (a.dtype == "int64") { auto i = make<std::int64_t>(a.shape, a.vals); return f(i); }
    if (a.dtype == "uint8") { auto i = make<std::uint8_t>(a.shape, a.vals); return f(i); }
    return "index type " + a.dtype + " is not compiled in";
}

// f(m): the mask operand, an array, a strided view of one or an expression over that view (m - false).
template <class F>
std::string with_mask(const test_case& c, F&& f) {
    loom::array<bool> base = make<bool>(c.m.base, c.m.vals);
    const snapshot keep(base, "the mask");
    std::string why;
    if (c.m.kind == 'v') {
        auto v = window(base, c.m.steps);
        why = f(v);
    } else if (c.m.kind == 'e') {
        auto v = window(base, c.m.steps);
        auto e = expr_of(v);
        why = f(e);
    } else {
        why = f(base);
    }
    return and_unchanged(why, {&keep});
}

template <class T, class X>
std::string on_x(const test_case& c, X& x, loom::array<T>& base) {
    const std::string& f = c.func;
    const bool one = c.mode == 'i';
    const std::ptrdiff_t a = c.l1.empty() ? 0 : c.l1[0];
    if (f == "flip") {
        return outcome_of(c, [&] {
            if (c.mode == 'n') return result(c, loom::eval(loom::flip(x)));
            if (one) return result(c, loom::eval(loom::flip(x, a)));
            return result(c, loom::eval(loom::flip(x, c.l1)));
        });
    }
    if (f == "flip_assign") {  // written through the view: an array of x's shape, or x itself (reversed in place)
        constexpr bool writable = std::is_same_v<X, loom::array<T>> || std::is_same_v<X, loom::strided_view<T>>;
        if constexpr (writable) {
            const loom::array<T> v = make<T>(c.value.shape, c.value.vals);
            return outcome_of(c, [&] {
                const auto into = [&](auto&& value) {
                    if (c.mode == 'n') loom::flip(x) = value;
                    else if (one) loom::flip(x, a) = value;
                    else loom::flip(x, c.l1) = value;
                };
                if (c.form == 'r') into(x);
                else into(v);
                return result(c, base);  // the whole array after the assignment
            });
        } else {
            return "flip assignment to an expression is not drawn";
        }
    }
    if (f == "moveaxis") {
        return outcome_of(c, [&] {
            if (one) return result(c, loom::eval(loom::moveaxis(x, a, c.l2[0])));
            return result(c, loom::eval(loom::moveaxis(x, c.l1, c.l2)));
        });
    }
    if (f == "unstack") {
        return outcome_of(c, [&]() -> std::string {
            const auto pieces = one ? loom::unstack(x, a) : loom::unstack(x);
            if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
            const loom::shape_t& ws = c.want.shape;
            if (pieces.size() != ws[0])
                return std::to_string(pieces.size()) + " pieces, want " + std::to_string(ws[0]);
            const loom::shape_t rest(ws.begin() + 1, ws.end());
            for (std::size_t i = 0; i < pieces.size(); ++i) {
                const loom::array<T> p = pieces[i];
                if (p.shape() != rest)
                    return "piece " + std::to_string(i) + " has shape " + loom::detail::to_string(p.shape()) +
                           ", want " + loom::detail::to_string(rest);
                const std::string why = compare_values(p.data(), c.want.vals, i * p.size(), p.size());
                if (!why.empty()) return "piece " + std::to_string(i) + ": " + why;
            }
            return "";
        });
    }
    if (f == "repeat") {
        if (c.form == 's') {
            const std::ptrdiff_t n = c.l2[0];
            return outcome_of(c, [&] {
                return one ? result(c, loom::repeat(x, n, a)) : result(c, loom::repeat(x, n));
            });
        }
        const arr_spec counts{c.count_dtype, loom::shape_t{c.l2.size()}, std::vector<cd>(c.l2.begin(), c.l2.end())};
        const auto run = [&](const auto& k) {
            const snapshot keep(k, "the counts");
            return and_unchanged(outcome_of(c, [&] {
                return one ? result(c, loom::repeat(x, k, a)) : result(c, loom::repeat(x, k));
            }), {&keep});
        };
        if (c.count_dtype == "int32") return run(make<std::int32_t>(counts.shape, counts.vals));
        return run(make<std::int64_t>(counts.shape, counts.vals));
    }
    if (f == "tile") return outcome_of(c, [&] { return result(c, loom::tile(x, c.l1)); });
    if (f == "roll") {
        return outcome_of(c, [&] {
            switch (c.mode) {
                case 'n': return result(c, loom::roll(x, c.l1[0]));
                case 'i': return result(c, loom::roll(x, c.l1[0], c.l2[0]));
                case 's':
                    return with_list(c.l2, [&](std::initializer_list<std::ptrdiff_t> axes) {
                        return result(c, loom::roll(x, c.l1[0], axes));
                    });
                default:
                    return with_list(c.l1, [&](std::initializer_list<std::ptrdiff_t> shifts) {
                        return with_list(c.l2, [&](std::initializer_list<std::ptrdiff_t> axes) {
                            return result(c, loom::roll(x, shifts, axes));
                        });
                    });
            }
        });
    }
    if (f == "take" || f == "take_along_axis") {
        const bool along = f == "take_along_axis";
        return with_index(c.idx, [&](const auto& idx) {
            const snapshot keep(idx, "the indices");
            return and_unchanged(outcome_of(c, [&] {
                if (along) return one ? result(c, loom::take_along_axis(x, idx, a)) : result(c, loom::take_along_axis(x, idx));
                return one ? result(c, loom::take(x, idx, a)) : result(c, loom::take(x, idx));
            }), {&keep});
        });
    }
    if (f == "mask_read") {
        return with_mask(c, [&](auto& m) {
            return outcome_of(c, [&] {
                switch (c.form) {
                    case 'd': {  // assigned to an array: written straight into it
                        loom::array<T> r;
                        r = loom::mask(x, m);
                        return result(c, r);
                    }
                    case 'c': return result(c, loom::eval(loom::mask(x, m)));
                    default: {  // inside an expression: gathered first
                        loom::array<T> r = loom::mask(x, m) - T(0);
                        return result(c, r);
                    }
                }
            });
        });
    }
    if (f == "mask_set" || f == "mask_add") {
        constexpr bool writable = std::is_same_v<X, loom::array<T>> || std::is_same_v<X, loom::strided_view<T>>;
        if constexpr (writable) {
            const bool add = f == "mask_add";
            const loom::array<T> v = make<T>(c.value.shape, c.value.vals);
            const snapshot keep_v(v, "the value");
            std::string why = with_mask(c, [&](auto& m) {
                return outcome_of(c, [&]() -> std::string {
                    if (c.form == 's') {
                        const T s = v.data()[0];
                        if (add) loom::mask(x, m) += s;
                        else loom::mask(x, m) = s;
                    } else if (c.form == 'r') {  // the value reads the target
                        if (add) loom::mask(x, m) += loom::mask(x, m);
                        else loom::mask(x, m) = loom::mask(x, m) + loom::mask(x, m);
                    } else {
                        if (add) loom::mask(x, m) += v;
                        else loom::mask(x, m) = v;
                    }
                    return result(c, base);  // the whole array after the assignment
                });
            });
            return and_unchanged(why, {&keep_v});
        } else {
            return "mask assignment to an expression is not drawn";
        }
    }
    return "unknown function " + f;
}

template <class T>
std::string run(const test_case& c) {
    loom::array<T> base = make<T>(c.x.base, c.x.vals);
    const snapshot keep(base, "x");
    const bool assigns = c.func == "mask_set" || c.func == "mask_add" || c.func == "flip_assign";
    std::string why;
    auto v = window(base, c.x.steps);
    switch (c.x.kind) {
        case 'a': why = on_x<T>(c, base, base); break;
        case 'v': why = on_x<T>(c, v, base); break;
        default: {
            auto e = expr_of(v);
            why = on_x<T>(c, e, base);
        }
    }
    // a successful mask assignment was compared with NumPy's array after it
    if (!(assigns && c.outcome == 'R')) why = and_unchanged(why, {&keep});
    return why;
}

// concat / stack of parts of one type: 'r' a std::vector of strided views, 'l' a braced list of arrays (copies).
template <class T>
std::string run_join(const test_case& c) {
    const bool stack = c.func == "stack";
    std::vector<loom::array<T>> bases;
    for (const op_spec& p : c.parts) bases.push_back(make<T>(p.base, p.vals));
    std::vector<snapshot> keep;
    for (std::size_t i = 0; i < bases.size(); ++i) keep.emplace_back(bases[i], "x" + std::to_string(i + 1));
    std::vector<loom::strided_view<T>> views;
    for (std::size_t i = 0; i < bases.size(); ++i) views.push_back(window(bases[i], c.parts[i].steps));
    const bool given = c.mode == 'i';
    const std::ptrdiff_t a = given ? c.l1[0] : 0;
    std::string why = outcome_of(c, [&] {
        if (c.form == 'r') {
            if (stack) return result(c, given ? loom::stack(views, a) : loom::stack(views));
            return result(c, given ? loom::concat(views, a) : loom::concat(views));
        }
        if (bases.size() == 2) {
            if (stack) return result(c, given ? loom::stack({bases[0], bases[1]}, a) : loom::stack({bases[0], bases[1]}));
            return result(c, given ? loom::concat({bases[0], bases[1]}, a) : loom::concat({bases[0], bases[1]}));
        }
        if (bases.size() == 3) {
            if (stack) return result(c, given ? loom::stack({bases[0], bases[1], bases[2]}, a)
                                              : loom::stack({bases[0], bases[1], bases[2]}));
            return result(c, given ? loom::concat({bases[0], bases[1], bases[2]}, a)
                                   : loom::concat({bases[0], bases[1], bases[2]}));
        }
        return std::string("a braced list of ") + std::to_string(bases.size()) + " is not drawn";
    });
    for (const snapshot& k : keep) why = and_unchanged(why, {&k});
    return why;
}

// concat / stack of two types: std::tie(an array of A, an expression over a view of B).
template <class A, class B>
std::string run_pair(const test_case& c) {
    if (c.parts.size() != 2) return "a pair needs two operands";
    loom::array<A> x1 = make<A>(c.parts[0].base, c.parts[0].vals);
    loom::array<B> b2 = make<B>(c.parts[1].base, c.parts[1].vals);
    const snapshot k1(x1, "x1"), k2(b2, "x2");
    auto v2 = window(b2, c.parts[1].steps);
    auto x2 = expr_of(v2);
    const bool given = c.mode == 'i';
    const std::ptrdiff_t a = given ? c.l1[0] : 0;
    const std::string why = outcome_of(c, [&] {
        if (c.func == "stack") return result(c, given ? loom::stack(std::tie(x1, x2), a) : loom::stack(std::tie(x1, x2)));
        return result(c, given ? loom::concat(std::tie(x1, x2), a) : loom::concat(std::tie(x1, x2)));
    });
    return and_unchanged(why, {&k1, &k2});
}

template <class F>
std::string by_type(const std::string& t, F&& f) {
    if (t == "int32") return f(std::int32_t{});
    if (t == "float64") return f(double{});
    if (t == "uint8") return f(std::uint8_t{});
    if (t == "bool") return f(bool{});
    if (t == "complex128") return f(std::complex<double>{});
    return "element type " + t + " is not compiled in";
}

std::string run_case(const test_case& c) {
    const std::string& t = c.dtype;
    if ((c.func == "concat" || c.func == "stack") && c.form == 't') {
        if (t == "int32,int32") return run_pair<std::int32_t, std::int32_t>(c);
        if (t == "float64,float64") return run_pair<double, double>(c);
        if (t == "uint8,uint8") return run_pair<std::uint8_t, std::uint8_t>(c);
        if (t == "bool,bool") return run_pair<bool, bool>(c);
        if (t == "complex128,complex128") return run_pair<std::complex<double>, std::complex<double>>(c);
        if (t == "int32,float64") return run_pair<std::int32_t, double>(c);
        if (t == "float64,int32") return run_pair<double, std::int32_t>(c);
        if (t == "uint8,int32") return run_pair<std::uint8_t, std::int32_t>(c);
        if (t == "int32,uint8") return run_pair<std::int32_t, std::uint8_t>(c);
        if (t == "bool,int32") return run_pair<bool, std::int32_t>(c);
        if (t == "int32,bool") return run_pair<std::int32_t, bool>(c);
        if (t == "uint8,float64") return run_pair<std::uint8_t, double>(c);
        if (t == "float64,uint8") return run_pair<double, std::uint8_t>(c);
        if (t == "float64,complex128") return run_pair<double, std::complex<double>>(c);
        if (t == "complex128,float64") return run_pair<std::complex<double>, double>(c);
        if (t == "int32,complex128") return run_pair<std::int32_t, std::complex<double>>(c);
        if (t == "complex128,int32") return run_pair<std::complex<double>, std::int32_t>(c);
        if (t == "bool,float64") return run_pair<bool, double>(c);
        if (t == "float64,bool") return run_pair<double, bool>(c);
        if (t == "int32,complex64") return run_pair<std::int32_t, std::complex<float>>(c);
        if (t == "complex64,int32") return run_pair<std::complex<float>, std::int32_t>(c);
        return "pair " + t + " is not compiled in";
    }
    if (c.func == "concat" || c.func == "stack")
        return by_type(t, [&](auto z) { return run_join<decltype(z)>(c); });
    return by_type(t, [&](auto z) { return run<decltype(z)>(c); });
}

}  // namespace

int main(int argc, char** argv) {
    return loom_diff::check_file(argc, argv, "manip_check", "manipulation", std::span<const char* const>{},
                                 [](const std::string& line) { return run_case(read_case(line)); });
}
