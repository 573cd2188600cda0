// tests/differential/extra_main.cpp: reads extra_cases.py's case file and checks NumPy's manipulation,
// index and set functions beyond the Array API against loom: pad, split, array_split, hstack, vstack,
// dstack, column_stack, swapaxes, rot90, diagonal (read and written through), trace, outer, inner,
// kron, argwhere, unravel_index, ravel_multi_index, coordinate_array, isin, intersect1d, union1d,
// setdiff1d, partition and argpartition.
//
// Usage: extra_check CASES_FILE. Prints the number of cases checked; each mismatch prints the reason
// and the case's line, and the program exits 1. Every case checks the results' element types, shapes
// and values (exactly: NaN equal to NaN, -0.0 not equal to 0.0, but for the sums of inner and trace
// and the set functions' results, whose zeros' signs are not compared), or the kind of error ('I'
// index_error, 'V' std::invalid_argument that is not a broadcast_error, 'B' broadcast_error), and
// that the operands are unchanged afterwards (but for the array a diagonal is assigned through,
// compared whole with NumPy's after the assignment; a failed one must leave it unchanged). split's
// pieces of an array or a view must be views of its memory. partition and argpartition are checked
// by invariants against NumPy's sorted lanes (their order within the two sides is their own).
// To keep the compile short, one translation unit: the element types are five (float64, float32,
// int32, uint8, bool; four pairs where a function takes two operands; int64 and int32 index
// arrays), and each function is compiled for three operand kinds: an array, a loom::strided_view of
// one (transposed or strided, the layout read from the case) and an expression over that view
// (view - 0), but trace (array and view: its sum over an expression is a reduction kernel of its own
// per type, 15 s of compile) and diagonal written through (array and view); outer, inner and kron
// of one type for a view and an expression, the set functions for two arrays or a view and an
// expression, and the four pairs of element types for one combination (an array and a view; hstack
// and the others: an array and an expression).
// Compiled as one file (g++ 12, -O1): about 80 s of CPU and 1.1 GiB.
#include <loom/loom.hpp>
#include <loom/linalg/outer.hpp>
#include <loom/manipulation/join.hpp>
#include <loom/manipulation/pad.hpp>
#include <loom/manipulation/split.hpp>
#include <loom/select/indices.hpp>
#include <loom/sort/partition.hpp>
#include <loom/sort/sets.hpp>
#include <loom/view/diagonal.hpp>
#include <loom/view/swap.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "case_reader.hpp"
#include "operands.hpp"
#include "outcome.hpp"

namespace {

using loom_diff::and_unchanged;
using loom_diff::arr_spec;
using loom_diff::at_end;
using loom_diff::conv;
using loom_diff::dtype_name;
using loom_diff::make;
using loom_diff::op_spec;
using loom_diff::operand;
using loom_diff::read_arr;
using loom_diff::read_ints;
using loom_diff::read_op;
using loom_diff::read_shape;
using loom_diff::read_tokens;
using loom_diff::real_of;
using loom_diff::outcome_of;
using loom_diff::reader;
using loom_diff::snapshot;
using ints = std::vector<std::ptrdiff_t>;
using strs = std::vector<std::string>;

// An argument that is an operand or a C++ number ('n'), or (index functions) an array ('a').
struct arg_spec {
    char kind = 'o';
    std::string number;
    op_spec op;
    arr_spec a;
};

struct test_case {
    std::string func, dtype;
    std::vector<op_spec> ops;
    std::vector<arg_spec> args;
    std::string form, mode, value, flag;
    std::vector<ints> lists;
    long long n1 = 0, n2 = 0;
    char outcome = 'R';
    std::vector<arr_spec> want;
    bool zero_signs = true;  // whether the signs of zeros are compared
};

bool is_one_of(const std::string& f, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (f == n) return true;
    return false;
}

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    r.next();  // id
    c.func = r.next();
    c.dtype = r.next();
    const std::string& f = c.func;
    if (f == "pad") {
        c.ops.push_back(read_op(r));
        c.form = r.next();
        const auto n = static_cast<std::size_t>(r.integer());
        ints w(2 * n);
        for (auto& e : w) e = static_cast<std::ptrdiff_t>(r.integer());
        c.lists.push_back(w);
        c.mode = r.next();
        c.value = r.next();
    } else if (f == "split" || f == "array_split") {
        c.ops.push_back(read_op(r));
        c.mode = r.next();
        c.n1 = r.integer();  // the axis
        c.form = r.next();
        c.lists.push_back(read_ints(r));
    } else if (is_one_of(f, {"hstack", "vstack", "dstack", "column_stack"})) {
        c.form = r.next();
        c.ops.resize(static_cast<std::size_t>(r.integer()));
        for (auto& o : c.ops) o = read_op(r);
    } else if (f == "swapaxes") {
        c.ops.push_back(read_op(r));
        c.n1 = r.integer();
        c.n2 = r.integer();
    } else if (f == "rot90") {
        c.ops.push_back(read_op(r));
        c.mode = r.next();
        c.n1 = r.integer();  // k
        c.lists.push_back(read_ints(r));
    } else if (f == "diagonal" || f == "diagonal_set" || f == "trace") {
        c.ops.push_back(read_op(r));
        c.form = r.next();
        c.lists.push_back({static_cast<std::ptrdiff_t>(r.integer()), static_cast<std::ptrdiff_t>(r.integer()),
                           static_cast<std::ptrdiff_t>(r.integer())});  // offset, axis1, axis2
        if (f == "diagonal_set") {
            c.mode = r.next();
            arg_spec v;
            v.a = read_arr(r);
            c.args.push_back(v);
        }
    } else if (is_one_of(f, {"outer", "inner", "kron"})) {
        c.form = r.next();
        c.ops.push_back(read_op(r));
        c.ops.push_back(read_op(r));
    } else if (f == "argwhere") {
        c.ops.push_back(read_op(r));
    } else if (f == "unravel_index") {
        arg_spec i;
        i.kind = r.next()[0];
        if (i.kind == 'n') i.number = r.next();
        else if (i.kind == 'a') i.a = read_arr(r);
        else i.op = read_op(r);
        c.args.push_back(i);
        c.lists.push_back(read_ints(r));
    } else if (f == "ravel_multi_index") {
        c.form = r.next();
        c.args.resize(static_cast<std::size_t>(r.integer()));
        for (auto& a : c.args) {
            a.kind = r.next()[0];
            if (a.kind == 'n') a.number = r.next();
            else a.a = read_arr(r);
        }
        c.lists.push_back(read_ints(r));
    } else if (f == "coordinate_array") {
        if (c.dtype == "n") c.value = r.next();
        else c.ops.push_back(read_op(r));
    } else if (is_one_of(f, {"isin", "intersect1d", "union1d", "setdiff1d"})) {
        c.form = r.next();
        c.flag = r.next();
        for (const char k : c.form) {
            arg_spec a;
            a.kind = k == 'n' ? 'n' : 'o';
            if (k == 'n') {
                if (r.next() != "n") throw std::runtime_error("case file: 'n' and a number expected");
                a.number = r.next();
            } else {
                a.op = read_op(r);
            }
            c.args.push_back(a);
        }
        c.zero_signs = f == "isin";
    } else if (f == "partition" || f == "argpartition") {
        c.ops.push_back(read_op(r));
        c.form = r.next();
        c.lists.push_back(read_ints(r));
        c.mode = r.next();
        c.n1 = r.integer();  // the axis
    } else {
        throw std::runtime_error("unknown function " + f);
    }
    if (f == "inner" || f == "trace") c.zero_signs = false;
    c.outcome = r.next()[0];
    if (c.outcome == 'R') {
        c.want.resize(static_cast<std::size_t>(r.integer()));
        for (auto& w : c.want) w = read_arr(r);
    }
    return c;
}

// Equality: NaN equals NaN; the signs of zeros count when `signs`.
inline bool same(double g, double e, bool signs) {
    if (std::isnan(g) || std::isnan(e)) return std::isnan(g) && std::isnan(e);
    return g == e && (!signs || std::signbit(g) == std::signbit(e));
}

template <class R>
std::string compare(const loom::array<R>& got, const arr_spec& w, bool signs = true) {
    if (w.dtype != dtype_name<R>()) return std::string("element type ") + dtype_name<R>() + ", want " + w.dtype;
    if (got.shape() != w.shape)
        return "shape " + loom::detail::to_string(got.shape()) + ", want " + loom::detail::to_string(w.shape);
    for (std::size_t i = 0; i < got.size(); ++i) {
        const R g = got.data()[i], e = conv<R>(w.vals[i]);
        bool ok;
        if constexpr (std::is_floating_point_v<R>) ok = same(g, e, signs);
        else ok = g == e;
        if (!ok) {
            std::ostringstream os;
            os.precision(17);
            os << "element " << i << " is " << +g << ", want " << +e;
            return os.str();
        }
    }
    return "";
}

template <class R>
std::string result(const test_case& c, const loom::array<R>& got) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    if (c.want.size() != 1) return "one result, want " + std::to_string(c.want.size());
    return compare(got, c.want[0], c.zero_signs);
}

// Several results (split's pieces, unravel_index's coordinates), each converted to an array.
template <class V>
std::string results(const test_case& c, const std::vector<V>& got) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    if (got.size() != c.want.size())
        return std::to_string(got.size()) + " results, want " + std::to_string(c.want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        const loom::array<typename V::value_type> g = got[i];
        const std::string why = compare(g, c.want[i], c.zero_signs);
        if (!why.empty()) return "result " + std::to_string(i) + ": " + why;
    }
    return "";
}

// f(x): the operand as an array, a view of one, or an expression over the view.
template <class T, class F>
std::string with_x(operand<T>& o, F&& f) {
    if (o.kind == 'a') return f(o.base);
    if (o.kind == 'e') {
        auto e = o.view - T(0);  // keeps -0.0, NaN and infinities; bool: xor with false
        return f(e);
    }
    return f(o.view);
}

template <class F>
std::string by_type(const std::string& t, F&& f) {
    if (t == "float64") return f(double{});
    if (t == "float32") return f(float{});
    if (t == "int32") return f(std::int32_t{});
    if (t == "uint8") return f(std::uint8_t{});
    if (t == "bool") return f(bool{});
    return "element type " + t + " is not compiled in";
}

// f(a, b) for the pairs of element types drawn (extra_cases.py's PAIRS).
template <class F>
std::string by_pair(const std::string& t, F&& f) {
    if (t == "int32,float64") return f(std::int32_t{}, double{});
    if (t == "uint8,int32") return f(std::uint8_t{}, std::int32_t{});
    if (t == "bool,float64") return f(bool{}, double{});
    if (t == "float32,float64") return f(float{}, double{});
    return "pair " + t + " is not compiled in";
}

// f({v[0], ...}): a braced list of the lengths drawn (0 to 4).
template <class E, class F>
std::string with_list(const std::vector<E>& v, F&& f) {
    switch (v.size()) {
        case 0: return f(std::initializer_list<E>{});
        case 1: return f(std::initializer_list<E>{v[0]});
        case 2: return f(std::initializer_list<E>{v[0], v[1]});
        case 3: return f(std::initializer_list<E>{v[0], v[1], v[2]});
        case 4: return f(std::initializer_list<E>{v[0], v[1], v[2], v[3]});
        default: return "a list of " + std::to_string(v.size()) + " is not drawn";
    }
}

// ---- pad

loom::pad_mode mode_of(const std::string& m) {
    if (m == "edge") return loom::pad_mode::edge;
    if (m == "reflect") return loom::pad_mode::reflect;
    if (m == "symmetric") return loom::pad_mode::symmetric;
    if (m == "wrap") return loom::pad_mode::wrap;
    return loom::pad_mode::constant;
}

template <class T>
std::string run_pad(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const ints& w = c.lists[0];
    using P = std::pair<std::ptrdiff_t, std::ptrdiff_t>;
    std::vector<P> pairs;
    for (std::size_t i = 0; i + 1 < w.size(); i += 2) pairs.emplace_back(w[i], w[i + 1]);
    const loom::pad_mode mode = mode_of(c.mode);
    const bool defaults = c.mode == "-", no_value = c.value == "-";
    const T value = no_value ? T(0) : conv<T>(c.value);
    return and_unchanged(with_x(x, [&](const auto& v) {
        return outcome_of(c, [&]() -> std::string {
            const auto call = [&](const auto& widths) {
                if (defaults) return result(c, loom::pad(v, widths));
                if (no_value) return result(c, loom::pad(v, widths, mode));
                return result(c, loom::pad(v, widths, mode, value));
            };
            if (c.form == "i") return call(static_cast<int>(pairs.at(0).first));  // one integer
            if (c.form == "p") return call(pairs.at(0));                          // one pair
            if (c.form == "l") return with_list(pairs, [&](std::initializer_list<P> l) { return call(l); });
            std::vector<std::pair<int, int>> r;  // a range of pairs of another integer type
            for (const P& p : pairs) r.emplace_back(static_cast<int>(p.first), static_cast<int>(p.second));
            return call(r);
        });
    }), {&keep});
}

// ---- split, array_split

template <class T>
std::string run_split(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const bool arr_split = c.func == "array_split", given = c.mode == "i";
    const std::ptrdiff_t axis = static_cast<std::ptrdiff_t>(c.n1);
    const ints& l = c.lists[0];
    return and_unchanged(with_x(x, [&](auto& v) {
        return outcome_of(c, [&]() -> std::string {
            const auto check = [&](const auto& pieces) {
                std::string why = results(c, pieces);
                if (why.empty() && x.kind != 'e')  // the pieces of an array or a view are views of its memory
                    for (std::size_t i = 0; i < pieces.size(); ++i)
                        if (pieces[i].size() != 0 && !x.holds(pieces[i].data()))
                            return "piece " + std::to_string(i) + " is not a view of x";
                return why;
            };
            const auto call = [&](const auto& s) {
                if (arr_split) return given ? check(loom::array_split(v, s, axis)) : check(loom::array_split(v, s));
                return given ? check(loom::split(v, s, axis)) : check(loom::split(v, s));
            };
            if (c.form == "s") return call(l.at(0));  // sections
            if (c.form == "l") return with_list(l, [&](std::initializer_list<std::ptrdiff_t> i) { return call(i); });
            return call(std::vector<int>(l.begin(), l.end()));
        });
    }), {&keep});
}

// ---- hstack, vstack, dstack, column_stack

template <class P>
auto join_of(const std::string& f, const P& parts) {
    if (f == "hstack") return loom::hstack(parts);
    if (f == "vstack") return loom::vstack(parts);
    if (f == "dstack") return loom::dstack(parts);
    return loom::column_stack(parts);
}
template <class T>
auto join_of(const std::string& f, std::initializer_list<loom::array<T>> parts) {
    if (f == "hstack") return loom::hstack(parts);
    if (f == "vstack") return loom::vstack(parts);
    if (f == "dstack") return loom::dstack(parts);
    return loom::column_stack(parts);
}

// 'l' a braced list of arrays (copies), 'r' a std::vector of views (every operand a view of its memory).
template <class T>
std::string run_join(const test_case& c) {
    std::vector<operand<T>> xs;
    for (const op_spec& o : c.ops) xs.emplace_back(o);
    std::vector<snapshot> keep;
    for (std::size_t i = 0; i < xs.size(); ++i) keep.emplace_back(xs[i].base, "x" + std::to_string(i + 1));
    std::string why = outcome_of(c, [&]() -> std::string {
        if (c.form == "r") {
            std::vector<loom::strided_view<T>> views;
            for (auto& x : xs) views.push_back(x.view);
            return result(c, join_of(c.func, views));
        }
        std::vector<loom::array<T>> a;
        for (auto& x : xs) a.push_back(x.base);
        return with_list(a, [&](std::initializer_list<loom::array<T>> l) -> std::string {
            if (l.size() == 0) return "an empty braced list is not drawn";
            return result(c, join_of<T>(c.func, l));
        });
    });
    for (const snapshot& k : keep) why = and_unchanged(why, {&k});
    return why;
}

// 't': std::tie(an array of A, an expression over a view of B).
template <class A, class B>
std::string run_join_pair(const test_case& c) {
    if (c.ops.size() != 2) return "a pair needs two operands";
    operand<A> x1(c.ops[0]);
    operand<B> b(c.ops[1]);
    const snapshot k1(x1.base, "x1"), k2(b.base, "x2");
    auto x2 = b.view - B(0);
    const std::string why = outcome_of(c, [&] { return result(c, join_of(c.func, std::tie(x1.base, x2))); });
    return and_unchanged(why, {&k1, &k2});
}

// ---- swapaxes, rot90, diagonal, trace

// trace is not drawn of an expression: its sum over one is a reduction kernel of its own per type.
template <class T>
std::string run_view(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const std::string& f = c.func;
    return and_unchanged(with_x(x, [&](auto& v) {
        using V = std::remove_cvref_t<decltype(v)>;
        constexpr bool memory = std::is_same_v<V, loom::array<T>> || std::is_same_v<V, loom::strided_view<T>>;
        return outcome_of(c, [&]() -> std::string {
            if (f == "swapaxes") {
                const loom::array<T> r = loom::swapaxes(v, c.n1, c.n2);
                return result(c, r);
            }
            if (f == "rot90") {
                const ints& axes = c.lists[0];
                const auto k = static_cast<std::ptrdiff_t>(c.n1);
                if (c.mode == "n") return result(c, loom::array<T>(loom::rot90(v)));
                if (c.mode == "k") return result(c, loom::array<T>(loom::rot90(v, k)));
                if (c.mode == "l")
                    return with_list(axes, [&](std::initializer_list<std::ptrdiff_t> a) {
                        return result(c, loom::array<T>(loom::rot90(v, k, a)));
                    });
                return result(c, loom::array<T>(loom::rot90(v, k, std::vector<long>(axes.begin(), axes.end()))));
            }
            const ints& d = c.lists[0];
            if (f == "diagonal") {
                if (c.form == "n") return result(c, loom::array<T>(loom::diagonal(v)));
                if (c.form == "o") return result(c, loom::array<T>(loom::diagonal(v, d[0])));
                return result(c, loom::array<T>(loom::diagonal(v, d[0], d[1], d[2])));
            }
            if constexpr (memory) {
                const auto sums = [&](auto&& t) {
                    using R = typename std::remove_cvref_t<decltype(t)>::value_type;
                    return result(c, loom::array<R>(t));
                };
                if (c.form == "n") return sums(loom::trace(v));
                if (c.form == "o") return sums(loom::trace(v, d[0]));
                return sums(loom::trace(v, d[0], d[1], d[2]));
            } else {
                return std::string("trace of an expression is not drawn");
            }
        });
    }), {&keep});
}

// diagonal(x, ...) = v through an array or a view; the whole memory compared after.
template <class T>
std::string run_diagonal_set(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const loom::array<T> val = make<T>(c.args[0].a);
    const snapshot keep_v(val, "the value");
    const ints& d = c.lists[0];
    const bool number = c.mode == "s";
    const T s = val.size() ? val.data()[0] : T{};
    const auto set = [&](auto& v) {
        return outcome_of(c, [&]() -> std::string {
            if (c.form == "n") {
                if (number) loom::diagonal(v) = s;
                else loom::diagonal(v) = val;
            } else if (c.form == "o") {
                if (number) loom::diagonal(v, d[0]) = s;
                else loom::diagonal(v, d[0]) = val;
            } else {
                if (number) loom::diagonal(v, d[0], d[1], d[2]) = s;
                else loom::diagonal(v, d[0], d[1], d[2]) = val;
            }
            if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
            loom::array<T> flat(loom::shape_t{x.base.size()});  // the whole memory, C order
            std::copy(x.base.data(), x.base.data() + x.base.size(), flat.data());
            return compare(flat, c.want.at(0));
        });
    };
    std::string why;
    if (x.kind == 'a') why = set(x.base);
    else if (x.kind == 'v') why = set(x.view);
    else return "an assignment through an expression is not drawn";
    if (c.outcome != 'R') why = and_unchanged(why, {&keep});  // a failed assignment writes nothing
    return and_unchanged(why, {&keep_v});
}

// ---- outer, inner, kron

template <class X1, class X2>
std::string product_of(const test_case& c, const X1& x1, const X2& x2) {
    return outcome_of(c, [&]() -> std::string {
        if (c.func == "outer") {
            auto e = loom::outer(x1, x2);
            return result(c, loom::array<typename decltype(e)::value_type>(e));
        }
        if (c.func == "inner") return result(c, loom::inner(x1, x2));
        return result(c, loom::kron(x1, x2));
    });
}

// Same type: a view and an expression ('ve'; arrays are x1 of the pairs).
template <class T>
std::string run_product(const test_case& c) {
    if (c.form != "ve") return "products of one type are drawn as a view and an expression";
    operand<T> x1(c.ops[0]), x2(c.ops[1]);
    const snapshot k1(x1.base, "x1"), k2(x2.base, "x2");
    return and_unchanged(product_of(c, x1.view, x2.view - T(0)), {&k1, &k2});
}

// Two types: an array of A and a view of B ('av').
template <class A, class B>
std::string run_product_pair(const test_case& c) {
    operand<A> x1(c.ops[0]);
    operand<B> x2(c.ops[1]);
    const snapshot k1(x1.base, "x1"), k2(x2.base, "x2");
    return and_unchanged(product_of(c, x1.base, x2.view), {&k1, &k2});
}

// ---- argwhere, unravel_index, ravel_multi_index, coordinate_array

template <class T>
std::string run_argwhere(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    return and_unchanged(with_x(x, [&](const auto& v) { return outcome_of(c, [&] { return result(c, loom::argwhere(v)); }); }),
                         {&keep});
}

loom::shape_t shape_of(const ints& v) {
    std::vector<std::size_t> d;
    for (const auto e : v) d.push_back(static_cast<std::size_t>(e));
    return loom::shape_t(d);
}

std::string run_unravel(const test_case& c) {
    const arg_spec& i = c.args[0];
    const loom::shape_t shape = shape_of(c.lists[0]);
    const auto call = [&](const auto& idx) { return outcome_of(c, [&] { return results(c, loom::unravel_index(idx, shape)); }); };
    if (i.kind == 'n') return call(static_cast<long long>(std::stoll(i.number)));
    if (i.kind == 'v') {
        operand<std::int64_t> x(i.op);
        const snapshot keep(x.base, "the indices");
        return and_unchanged(call(x.view), {&keep});
    }
    const auto of = [&](auto z) {
        const auto idx = make<decltype(z)>(i.a);
        const snapshot keep(idx, "the indices");
        return and_unchanged(call(idx), {&keep});
    };
    if (i.a.dtype == "int32") return of(std::int32_t{});
    if (i.a.dtype == "int64") return of(std::int64_t{});
    if (i.a.dtype == "uint8") return of(std::uint8_t{});
    return "indices of " + i.a.dtype + " are not compiled in";
}

std::string run_ravel(const test_case& c) {
    const loom::shape_t shape = shape_of(c.lists[0]);
    std::vector<loom::array<std::int32_t>> a32;
    std::vector<loom::array<std::int64_t>> a64;
    std::vector<snapshot> keep;
    a32.reserve(c.args.size());
    a64.reserve(c.args.size());
    std::vector<loom::coordinate_array> coords;  // each converts implicitly: an index array or a number
    for (const arg_spec& a : c.args) {
        if (a.kind == 'n') {
            coords.push_back(static_cast<long long>(std::stoll(a.number)));
        } else if (a.a.dtype == "int32") {
            a32.push_back(make<std::int32_t>(a.a));
            keep.emplace_back(a32.back(), "a coordinate array");
            coords.push_back(a32.back());
        } else {
            a64.push_back(make<std::int64_t>(a.a));
            keep.emplace_back(a64.back(), "a coordinate array");
            coords.push_back(a64.back());
        }
    }
    std::string why = outcome_of(c, [&]() -> std::string {
        if (c.form == "r") return result(c, loom::ravel_multi_index(coords, shape));
        return with_list(coords, [&](std::initializer_list<loom::coordinate_array> l) {
            return result(c, loom::ravel_multi_index(l, shape));
        });
    });
    for (const snapshot& k : keep) why = and_unchanged(why, {&k});
    return why;
}

std::string run_coordinate(const test_case& c) {
    if (c.dtype == "n") {
        const loom::coordinate_array a = static_cast<long long>(std::stoll(c.value));
        return result(c, a.values());
    }
    const auto of = [&](auto z) {
        using I = decltype(z);
        operand<I> x(c.ops[0]);
        const snapshot keep(x.base, "x");
        return and_unchanged(with_x(x, [&](const auto& v) {
            const loom::coordinate_array a = v;
            return result(c, a.values());
        }), {&keep});
    };
    if (c.dtype == "int32") return of(std::int32_t{});
    if (c.dtype == "uint8") return of(std::uint8_t{});
    if (c.dtype == "int64") return of(std::int64_t{});
    return "coordinates of " + c.dtype + " are not compiled in";
}

// ---- isin, intersect1d, union1d, setdiff1d

template <class X1, class X2>
std::string set_of(const test_case& c, const X1& a, const X2& b) {
    const std::string& f = c.func;
    const bool given = c.flag != "-", on = c.flag == "1";
    return outcome_of(c, [&]() -> std::string {
        if (f == "isin") return given ? result(c, loom::isin(a, b, on)) : result(c, loom::isin(a, b));
        if (f == "intersect1d") return given ? result(c, loom::intersect1d(a, b, on)) : result(c, loom::intersect1d(a, b));
        if (f == "union1d") return result(c, loom::union1d(a, b));
        return given ? result(c, loom::setdiff1d(a, b, on)) : result(c, loom::setdiff1d(a, b));
    });
}

// Same type: 'aa', 've'; a C++ number for one operand ('na', 'an': int for int32, double for float64).
template <class T>
std::string run_set(const test_case& c) {
    const std::string& fm = c.form;
    if (fm == "na" || fm == "an") {
        if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, double>) {
            using N = std::conditional_t<std::is_same_v<T, double>, double, int>;
            const arg_spec& o = c.args[fm == "na" ? 1 : 0];
            const N n = std::is_same_v<N, int> ? static_cast<N>(std::stoll(c.args[fm == "na" ? 0 : 1].number))
                                               : static_cast<N>(real_of(c.args[fm == "na" ? 0 : 1].number));
            operand<T> x(o.op);
            const snapshot keep(x.base, "x");
            return and_unchanged(fm == "na" ? set_of(c, n, x.base) : set_of(c, x.base, n), {&keep});
        } else {
            return "a number with " + c.dtype + " is not drawn";
        }
    }
    operand<T> x1(c.args[0].op), x2(c.args[1].op);
    const snapshot k1(x1.base, "ar1"), k2(x2.base, "ar2");
    std::string why;
    if (fm == "aa") why = set_of(c, x1.base, x2.base);
    else why = set_of(c, x1.view, x2.view - T(0));
    return and_unchanged(why, {&k1, &k2});
}

template <class A, class B>
std::string run_set_pair(const test_case& c) {
    operand<A> x1(c.args[0].op);
    operand<B> x2(c.args[1].op);
    const snapshot k1(x1.base, "ar1"), k2(x2.base, "ar2");
    return and_unchanged(set_of(c, x1.base, x2.view), {&k1, &k2});
}

// ---- partition, argpartition: invariants against NumPy's sorted lanes

template <class T>
bool is_nan(T v) {
    if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
    else return false;
}
// a <= b in sort's order, NaN last
template <class T>
bool sorts_before_or_equal(T a, T b) {
    if (is_nan(b)) return true;
    if (is_nan(a)) return false;
    return a <= b;
}
// the bits of a value, to compare multisets exactly (-0.0 and NaN included)
template <class T>
std::uint64_t bits_of(T v) {
    if constexpr (std::is_floating_point_v<T>) {
        std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> u;
        std::memcpy(&u, &v, sizeof u);
        return u;
    } else {
        return static_cast<std::uint64_t>(v);
    }
}

// The lanes of a C-order shape along axis: f(first element, step, length).
template <class F>
void each_lane(const loom::shape_t& s, std::size_t ax, F&& f) {
    std::size_t outer = 1, inner = 1;
    for (std::size_t k = 0; k < ax; ++k) outer *= s[k];
    for (std::size_t k = ax + 1; k < s.size(); ++k) inner *= s[k];
    const std::size_t len = s[ax];
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t j = 0; j < inner; ++j) f(o * len * inner + j, inner, len);
}

// xs: x's elements in C order; got: partition's result, or argpartition's indices gathered
// (once its indices were found a permutation of each lane); sorted: NumPy's sorted lanes.
template <class T>
std::string check_partition(const test_case& c, const loom::shape_t& s, const T* xs, const T* got, const T* sorted) {
    const std::size_t ax = static_cast<std::size_t>(c.n1 < 0 ? c.n1 + static_cast<long long>(s.size()) : c.n1);
    const auto len = static_cast<std::ptrdiff_t>(s[ax]);
    std::vector<std::size_t> ks;  // out of range only for an empty x (where NumPy and loom check none)
    for (const std::ptrdiff_t k : c.lists[0])
        if (k >= -len && k < len) ks.push_back(static_cast<std::size_t>(k < 0 ? k + len : k));
    std::string why;
    each_lane(s, ax, [&](std::size_t first, std::size_t step, std::size_t n) {
        if (!why.empty()) return;
        const auto at = [&](std::size_t i) { return first + i * step; };
        std::vector<std::uint64_t> a, b;
        for (std::size_t i = 0; i < n; ++i) a.push_back(bits_of(xs[at(i)])), b.push_back(bits_of(got[at(i)]));
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (a != b) {
            why = "the lane from element " + std::to_string(first) + " is not a permutation of x's";
            return;
        }
        for (const std::size_t k : ks) {
            const T v = got[at(k)], e = sorted[at(k)];
            const bool equal = is_nan(v) || is_nan(e) ? is_nan(v) && is_nan(e) : v == e;
            std::ostringstream os;
            os.precision(9);
            if (!equal) {
                os << "the lane from element " << first << ": position " << k << " holds " << +v << ", sorted " << +e;
                why = os.str();
                return;
            }
            for (std::size_t i = 0; i < n; ++i) {
                const T u = got[at(i)];
                if (i < k ? !sorts_before_or_equal(u, v) : (i > k && !sorts_before_or_equal(v, u))) {
                    os << "the lane from element " << first << ": position " << i << " holds " << +u << ", kth " << k
                       << " holds " << +v;
                    why = os.str();
                    return;
                }
            }
        }
    });
    return why;
}

template <class T>
std::string run_partition(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const bool arg = c.func == "argpartition", given = c.mode == "i";
    const auto axis = static_cast<std::ptrdiff_t>(c.n1);
    const ints& kth = c.lists[0];
    const loom::array<T> xs(x.view);  // x's elements, C order
    const auto check = [&](const auto& r) -> std::string {
        if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
        const arr_spec& w = c.want.at(0);
        using R = typename std::remove_cvref_t<decltype(r)>::value_type;
        if (std::string(dtype_name<R>()) != (arg ? "int64" : w.dtype))
            return std::string("element type ") + dtype_name<R>() + ", want " + (arg ? "int64" : w.dtype);
        if (r.shape() != w.shape)
            return "shape " + loom::detail::to_string(r.shape()) + ", want " + loom::detail::to_string(w.shape);
        const loom::array<T> sorted = make<T>(w.shape, w.vals);  // not std::vector<bool>: no data()
        const loom::shape_t& s = w.shape;
        if constexpr (std::is_same_v<R, std::int64_t>) {  // the indices: a permutation of each lane, gathered
            const std::size_t ax = static_cast<std::size_t>(c.n1 < 0 ? c.n1 + static_cast<long long>(s.size()) : c.n1);
            loom::array<T> gathered(s);
            std::string why;
            each_lane(s, ax, [&](std::size_t first, std::size_t step, std::size_t n) {
                std::vector<bool> seen(n, false);
                for (std::size_t i = 0; i < n && why.empty(); ++i) {
                    const std::int64_t j = r.data()[first + i * step];
                    if (j < 0 || static_cast<std::size_t>(j) >= n || seen[static_cast<std::size_t>(j)]) {
                        why = "the indices of the lane from element " + std::to_string(first) + " are not a permutation";
                        return;
                    }
                    seen[static_cast<std::size_t>(j)] = true;
                    gathered.data()[first + i * step] = xs.data()[first + static_cast<std::size_t>(j) * step];
                }
            });
            if (!why.empty()) return why;
            return check_partition(c, s, xs.data(), gathered.data(), sorted.data());
        } else {
            return check_partition(c, s, xs.data(), r.data(), sorted.data());
        }
    };
    return and_unchanged(with_x(x, [&](const auto& v) {
        return outcome_of(c, [&]() -> std::string {
            const auto call = [&](const auto& k) {
                if (arg) return given ? check(loom::argpartition(v, k, axis)) : check(loom::argpartition(v, k));
                return given ? check(loom::partition(v, k, axis)) : check(loom::partition(v, k));
            };
            if (c.form == "s") return call(kth.at(0));
            if (c.form == "l") return with_list(kth, [&](std::initializer_list<std::ptrdiff_t> k) { return call(k); });
            return call(std::vector<long long>(kth.begin(), kth.end()));
        });
    }), {&keep});
}

std::string run_case(const test_case& c) {
    const std::string& f = c.func;
    const std::string& t = c.dtype;
    const bool pair = t.find(',') != std::string::npos;
    if (f == "pad") return by_type(t, [&](auto z) { return run_pad<decltype(z)>(c); });
    if (f == "split" || f == "array_split") return by_type(t, [&](auto z) { return run_split<decltype(z)>(c); });
    if (is_one_of(f, {"hstack", "vstack", "dstack", "column_stack"})) {
        if (c.form == "t") return by_pair(t, [&](auto a, auto b) { return run_join_pair<decltype(a), decltype(b)>(c); });
        return by_type(t, [&](auto z) { return run_join<decltype(z)>(c); });
    }
    if (is_one_of(f, {"swapaxes", "rot90", "diagonal", "trace"})) return by_type(t, [&](auto z) { return run_view<decltype(z)>(c); });
    if (f == "diagonal_set") return by_type(t, [&](auto z) { return run_diagonal_set<decltype(z)>(c); });
    if (is_one_of(f, {"outer", "inner", "kron"})) {
        if (pair) return by_pair(t, [&](auto a, auto b) { return run_product_pair<decltype(a), decltype(b)>(c); });
        return by_type(t, [&](auto z) { return run_product<decltype(z)>(c); });
    }
    if (f == "argwhere") return by_type(t, [&](auto z) { return run_argwhere<decltype(z)>(c); });
    if (f == "unravel_index") return run_unravel(c);
    if (f == "ravel_multi_index") return run_ravel(c);
    if (f == "coordinate_array") return run_coordinate(c);
    if (is_one_of(f, {"isin", "intersect1d", "union1d", "setdiff1d"})) {
        if (pair) return by_pair(t, [&](auto a, auto b) { return run_set_pair<decltype(a), decltype(b)>(c); });
        return by_type(t, [&](auto z) { return run_set<decltype(z)>(c); });
    }
    if (f == "partition" || f == "argpartition") return by_type(t, [&](auto z) { return run_partition<decltype(z)>(c); });
    return "unknown function " + f;
}

}  // namespace

int main(int argc, char** argv) {
    return loom_diff::check_file(argc, argv, "extra_check", "pad, split, join, view, product, index, set and partition",
                                 std::span<const char* const>{}, [](const std::string& line) { return run_case(read_case(line)); });
}
