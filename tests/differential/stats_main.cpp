// tests/differential/stats_main.cpp: reads stats_cases.py's case file and checks loom's statistics
// against it: median, quantile and percentile (<loom/stats/quantile.hpp>); nansum, nanmean, nanmax,
// nanmin, nanargmax, nanargmin, nanvar and nanstd (<loom/stats/nan_reductions.hpp>); average, ptp,
// cov and corrcoef (<loom/stats/average.hpp>); convolve and correlate (<loom/stats/convolve.hpp>).
//
// Usage: stats_check CASES_FILE. Prints the number of cases checked; each mismatch prints the reason
// and the case's line, and the program exits 1. Every case checks the result's element type, shape
// and values (exactly: NaN equal to NaN, -0.0 not equal to 0.0; 'Z': exactly but the sign of a
// zero; 'T': within the tolerance given per element, the sign of a zero not compared), or the kind
// of error ('I' index_error, 'V' std::invalid_argument that is not a broadcast_error), and that the
// operands are unchanged afterwards.
// To keep the compile short (about 85 s of CPU at -O1, g++ 12), one translation unit and few element
// types: float64, float32, int32, int64, bool and complex128, each function only with those
// stats_cases.py draws for it; an operand that is not an array is a loom::strided_view of one
// (transposed or strided, the layout read from the case) or the expression view - 0 over it, and
// each function and element type is compiled for one or two of these three kinds (run_case, as
// stats_cases.py's KINDS): the lazy reductions (the nan ones, mean, ptp) cost seconds each.
#include <loom/stats/average.hpp>
#include <loom/stats/convolve.hpp>
#include <loom/stats/nan_reductions.hpp>
#include <loom/stats/quantile.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
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
using loom_diff::read_op;
using loom_diff::read_shape;
using loom_diff::read_tokens;
using loom_diff::real_of;
using loom_diff::outcome_of;
using loom_diff::reader;
using loom_diff::snapshot;
using cd = std::complex<double>;
using i32 = std::int32_t;
using i64 = std::int64_t;
using strs = std::vector<std::string>;

// Axes: 'n' none (every axis), 'i' one integer, 'b' a braced list, 'l' a std::vector; keepdims.
struct axes_arg {
    char mode = 'n';
    std::vector<std::ptrdiff_t> list;
    bool keep = false;
};

struct test_case {
    std::string func, dtype;
    std::vector<op_spec> ops;  // x (and the weights, y, or convolve's v)
    axes_arg ax;
    char qform = 'n';          // quantile: 'n' a number, 'l' a braced list, 'a' an array
    std::vector<double> qs;
    arr_spec qarr;
    std::string method, mode;  // quantile's method; convolve's mode ("default": left out)
    double corr = 0;
    bool rowvar = true;
    long long ddof = 1;
    char outcome = 'R';
    arr_spec want;
    char tol_kind = 0;  // 0 exact, 'Z' exact but the sign of a zero, 'T' per element
    arr_spec tol;
};

axes_arg read_axes(reader& r) {
    axes_arg a;
    a.mode = r.next()[0];
    a.list.resize(static_cast<std::size_t>(r.integer()));
    for (auto& e : a.list) e = static_cast<std::ptrdiff_t>(r.integer());
    a.keep = r.integer() != 0;
    return a;
}

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    r.next();  // id
    c.func = r.next();
    c.dtype = r.next();
    const std::string& f = c.func;
    c.ops.push_back(read_op(r));
    if (f == "median") {
        c.ax = read_axes(r);
    } else if (f == "quantile" || f == "percentile") {
        c.qform = r.next()[0];
        if (c.qform == 'n') {
            c.qs.push_back(r.real());
        } else if (c.qform == 'l') {
            c.qs.resize(static_cast<std::size_t>(r.integer()));
            for (auto& q : c.qs) q = r.real();
        } else {
            c.qarr = read_arr(r);
        }
        c.method = r.next();
        c.ax = read_axes(r);
    } else if (f.rfind("nan", 0) == 0 || f == "ptp") {
        c.ax = read_axes(r);
        if (f == "nanvar" || f == "nanstd") c.corr = r.real();
    } else if (f == "average") {
        c.ax = read_axes(r);
        if (r.next() == "w") c.ops.push_back(read_op(r));
    } else if (f == "cov" || f == "corrcoef") {
        if (r.next() == "y") c.ops.push_back(read_op(r));
        c.rowvar = r.integer() != 0;
        if (f == "cov") c.ddof = r.integer();
    } else if (f == "convolve" || f == "correlate") {
        c.ops.push_back(read_op(r));
        c.mode = r.next();
    } else {
        throw std::runtime_error("unknown function " + f);
    }
    c.outcome = r.next()[0];
    if (c.outcome == 'R') {
        c.want = read_arr(r);
        if (!at_end(r)) {
            const std::string k = r.next();
            c.tol_kind = k[0];
            if (k == "T") c.tol = read_arr(r);
            else if (k != "Z") throw std::runtime_error("case file: 'T' or 'Z' expected, not " + k);
        }
    }
    return c;
}

// The operand kinds a function compiles for an element type (stats_cases.py's KINDS): A the array,
// V the strided view, E the expression view - 0.
constexpr int A = 1, V = 2, E = 4;

// f(x): the operand as an array, a view of one or the expression view - 0, those of Kinds only.
template <class T, int Kinds, class F>
std::string with_x(operand<T>& o, F&& f) {
    if constexpr ((Kinds & A) != 0)
        if (o.kind == 'a') return f(o.base);
    if constexpr ((Kinds & V) != 0)
        if (o.kind == 'v') return f(o.view);
    if constexpr ((Kinds & E) != 0)
        if (o.kind == 'e') return f(o.view - T(0));  // keeps -0.0, NaN and infinities; bool: xor with false
    return std::string("operand kind ") + o.kind + " of " + dtype_name<T>() + " is not compiled in for this function";
}

// One number: NaN equals NaN; tol < 0: exactly, the sign of a zero too; else within tol, the
// sign of a zero not compared (a value that is not finite must be the same).
inline bool same(double g, double e, double tol) {
    if (std::isnan(g) || std::isnan(e)) return std::isnan(g) && std::isnan(e);
    if (tol < 0) return g == e && std::signbit(g) == std::signbit(e);
    return g == e || std::abs(g - e) <= tol;
}

template <class R>
std::string compare(const test_case& c, const loom::array<R>& got) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    const arr_spec& w = c.want;
    if (w.dtype != dtype_name<R>()) return std::string("element type ") + dtype_name<R>() + ", want " + w.dtype;
    if (got.shape() != w.shape)
        return "shape " + loom::detail::to_string(got.shape()) + ", want " + loom::detail::to_string(w.shape);
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double t = c.tol_kind == 'T' ? real_of(c.tol.vals[i]) : c.tol_kind == 'Z' ? 0.0 : -1.0;
        const R g = got.data()[i], e = conv<R>(w.vals[i]);
        bool ok;
        if constexpr (loom::is_complex_v<R>) ok = same(g.real(), e.real(), t) && same(g.imag(), e.imag(), t);
        else if constexpr (std::is_floating_point_v<R>) ok = same(g, e, t);
        else ok = g == e;
        if (!ok) {
            std::ostringstream os;
            os.precision(17);
            if constexpr (std::is_same_v<R, bool>) os << "element " << i << " is " << g << ", want " << e;
            else os << "element " << i << " is " << +g << ", want " << +e;
            if (t >= 0) os << " (tolerance " << t << ")";
            return os.str();
        }
    }
    return "";
}

// f(k, axes...): the axes as the case gives them (none, an integer, a braced list of 1 to 3 or a
// std::vector) and k, loom::keepdims or no_keep; reduce_over(a, g) calls g(axes..., keepdims...).
struct no_keep {};
template <class F>
std::string with_axes(const axes_arg& a, F&& f) {
    const auto keep = [&](const auto&... ax) -> std::string { return a.keep ? f(loom::keepdims, ax...) : f(no_keep{}, ax...); };
    const std::vector<std::ptrdiff_t>& l = a.list;
    switch (a.mode) {
        case 'n': return keep();
        case 'i': return keep(l.at(0));
        case 'l': return keep(l);
        case 'b': {  // an initializer_list, as a braced list in a call makes it
            if (l.size() == 1) {
                const std::initializer_list<std::ptrdiff_t> b{l[0]};
                return keep(b);
            }
            if (l.size() == 2) {
                const std::initializer_list<std::ptrdiff_t> b{l[0], l[1]};
                return keep(b);
            }
            if (l.size() == 3) {
                const std::initializer_list<std::ptrdiff_t> b{l[0], l[1], l[2]};
                return keep(b);
            }
            return "a braced list of " + std::to_string(l.size()) + " axes is not drawn";
        }
        default: return std::string("unknown axes mode ") + a.mode;
    }
}
template <class G>
std::string reduce_over(const axes_arg& a, G&& g) {
    return with_axes(a, [&](auto k, const auto&... ax) {
        if constexpr (std::is_same_v<decltype(k), no_keep>) return g(ax...);
        else return g(ax..., k);
    });
}

// ---- median, quantile, percentile

loom::method method_of(const std::string& m) {
    if (m == "lower") return loom::method::lower;
    if (m == "higher") return loom::method::higher;
    if (m == "nearest") return loom::method::nearest;
    if (m == "midpoint") return loom::method::midpoint;
    if (m == "linear" || m == "default") return loom::method::linear;
    throw std::runtime_error("unknown method " + m);
}

// quantile or percentile of x at q (a number, an array, or an initializer_list as a braced list
// makes it), the axes, the method (left out for "default") and keepdims, in that order.
template <class X, class Q>
std::string quantile_at(const test_case& c, const X& x, const Q& q) {
    const bool pct = c.func == "percentile", dflt = c.method == "default";
    const loom::method m = method_of(c.method);
    return with_axes(c.ax, [&](auto k, const auto&... ax) -> std::string {
        constexpr bool keep = !std::is_same_v<decltype(k), no_keep>;
        if constexpr (keep) {
            if (dflt) return pct ? compare(c, loom::percentile(x, q, ax..., k)) : compare(c, loom::quantile(x, q, ax..., k));
            return pct ? compare(c, loom::percentile(x, q, ax..., m, k)) : compare(c, loom::quantile(x, q, ax..., m, k));
        } else {
            if (dflt) return pct ? compare(c, loom::percentile(x, q, ax...)) : compare(c, loom::quantile(x, q, ax...));
            return pct ? compare(c, loom::percentile(x, q, ax..., m)) : compare(c, loom::quantile(x, q, ax..., m));
        }
    });
}

template <class X>
std::string quantile_on(const test_case& c, const X& x) {
    if (c.qform == 'n') return quantile_at(c, x, c.qs.at(0));
    if (c.qform == 'a') {
        const loom::array<double> q = make<double>(c.qarr.shape, c.qarr.vals);
        const snapshot keep_q(q, "q");
        return and_unchanged(quantile_at(c, x, q), {&keep_q});
    }
    const std::vector<double>& q = c.qs;  // a braced list of 1 to 3
    if (q.size() == 1) {
        const std::initializer_list<double> l{q[0]};
        return quantile_at(c, x, l);
    }
    if (q.size() == 2) {
        const std::initializer_list<double> l{q[0], q[1]};
        return quantile_at(c, x, l);
    }
    if (q.size() == 3) {
        const std::initializer_list<double> l{q[0], q[1], q[2]};
        return quantile_at(c, x, l);
    }
    return "a braced list of " + std::to_string(q.size()) + " q is not drawn";
}

template <class T, int Kinds>
std::string run_quantile(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    return and_unchanged(with_x<T, Kinds>(x, [&](const auto& v) {
        return outcome_of(c, [&] {
            if (c.func == "median") return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::median(v, a...)); });
            return quantile_on(c, v);
        });
    }), {&keep});
}

// ---- nansum ... nanstd

// Values: the reductions (nansum ... nanstd); Args: nanargmax and nanargmin.
template <class T, int Kinds, bool Values, bool Args>
std::string run_nan(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const std::string& f = c.func;
    const loom::correction_t corr{c.corr};
    return and_unchanged(with_x<T, Kinds>(x, [&](const auto& v) {
        return outcome_of(c, [&]() -> std::string {
            if constexpr (Values) {
                if (f == "nansum") return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::nansum(v, a...))); });
                if (f == "nanmean") return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::nanmean(v, a...))); });
                if (f == "nanvar")
                    return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::nanvar(v, a..., corr))); });
                if constexpr (!loom::is_complex_v<T>) {
                    if (f == "nanstd")
                        return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::nanstd(v, a..., corr))); });
                    if (f == "nanmax") return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::nanmax(v, a...))); });
                    if (f == "nanmin") return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::nanmin(v, a...))); });
                }
            }
            if constexpr (Args) {
                if (f == "nanargmax" || f == "nanargmin") {
                    const bool mx = f == "nanargmax";
                    const auto arg = [&](const auto&... a) { return mx ? loom::nanargmax(v, a...) : loom::nanargmin(v, a...); };
                    if (c.ax.mode == 'n') return c.ax.keep ? compare(c, arg(loom::keepdims)) : compare(c, arg());
                    if (c.ax.mode != 'i') return "nanargmax takes one axis";
                    const std::ptrdiff_t one = c.ax.list.at(0);
                    return c.ax.keep ? compare(c, arg(one, loom::keepdims)) : compare(c, arg(one));
                }
            }
            return f + " of " + c.dtype + " is not compiled in for operand kind " + c.ops[0].kind;
        });
    }), {&keep});
}

// ---- average, ptp

template <class T, int Kinds, class W, int WKinds>
std::string run_average(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    if constexpr (std::is_void_v<W>) {
        return and_unchanged(with_x<T, Kinds>(x, [&](const auto& v) {
            return outcome_of(c, [&] { return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::average(v, a...))); }); });
        }), {&keep});
    } else {
        operand<W> w(c.ops[1]);
        const snapshot keep_w(w.base, "the weights");
        const std::string why = with_x<T, Kinds>(x, [&](const auto& v) {
            return with_x<W, WKinds>(w, [&](const auto& wv) {
                return outcome_of(c, [&]() -> std::string {
                    if (c.ax.mode == 'n')  // average(x, weights[, keepdims])
                        return c.ax.keep ? compare(c, loom::average(v, wv, loom::keepdims)) : compare(c, loom::average(v, wv));
                    return with_axes(c.ax, [&](auto k, const auto&... a) -> std::string {
                        if constexpr (sizeof...(a) != 1) return "average with weights takes one axes argument";
                        else if constexpr (std::is_same_v<decltype(k), no_keep>) return compare(c, loom::average(v, a..., wv));
                        else return compare(c, loom::average(v, a..., wv, k));
                    });
                });
            });
        });
        return and_unchanged(why, {&keep, &keep_w});
    }
}

template <class T, int Kinds>
std::string average_on(const test_case& c, const std::string& wt) {
    if constexpr (std::is_floating_point_v<T>)  // without weights: mean's node, for two types
        if (wt.empty()) return run_average<T, Kinds, void, 0>(c);
    if (wt == "float64") return run_average<T, Kinds, double, A>(c);
    if (wt == "float32") return run_average<T, Kinds, float, V>(c);
    if (wt == "int32") return run_average<T, Kinds, i32, A>(c);
    if (wt == "bool") return run_average<T, Kinds, bool, V>(c);
    return "weights of " + wt + " are not compiled in";
}

template <class T, int Kinds>
std::string run_ptp(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    return and_unchanged(with_x<T, Kinds>(x, [&](const auto& v) {
        return outcome_of(c, [&] { return reduce_over(c.ax, [&](const auto&... a) { return compare(c, loom::eval(loom::ptp(v, a...))); }); });
    }), {&keep});
}

// ---- cov, corrcoef

template <class T, int Kinds, class Y, int YKinds>
std::string run_cov(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const bool cov = c.func == "cov";
    const auto d = static_cast<std::ptrdiff_t>(c.ddof);
    if constexpr (std::is_void_v<Y>) {
        return and_unchanged(with_x<T, Kinds>(x, [&](const auto& v) {
            return outcome_of(c, [&] {
                if (c.rowvar && d == 1) return cov ? compare(c, loom::cov(v)) : compare(c, loom::corrcoef(v));  // the defaults
                return cov ? compare(c, loom::cov(v, c.rowvar, d)) : compare(c, loom::corrcoef(v, c.rowvar));
            });
        }), {&keep});
    } else {
        operand<Y> y(c.ops[1]);
        const snapshot keep_y(y.base, "y");
        const std::string why = with_x<T, Kinds>(x, [&](const auto& v) {
            return with_x<Y, YKinds>(y, [&](const auto& yv) {
                return outcome_of(c, [&] {
                    return cov ? compare(c, loom::cov(v, yv, c.rowvar, d)) : compare(c, loom::corrcoef(v, yv, c.rowvar));
                });
            });
        });
        return and_unchanged(why, {&keep, &keep_y});
    }
}

template <class T, int Kinds>
std::string cov_on(const test_case& c, const std::string& xt, const std::string& yt) {
    if (yt.empty()) return run_cov<T, Kinds, void, 0>(c);
    if (yt == "float64") return run_cov<T, Kinds, double, A | V>(c);
    if (yt == xt) return run_cov<T, Kinds, T, V>(c);
    return "y of " + yt + " is not compiled in";
}

// ---- convolve, correlate

template <class TA, int KA, class TV, int KV>
std::string run_conv(const test_case& c) {
    operand<TA> a(c.ops[0]);
    operand<TV> v(c.ops[1]);
    const snapshot keep_a(a.base, "a"), keep_v(v.base, "v");
    const bool conv = c.func == "convolve";
    const std::string& m = c.mode;
    const loom::conv_mode mode = m == "full" ? loom::conv_mode::full : m == "same" ? loom::conv_mode::same : loom::conv_mode::valid;
    const std::string why = with_x<TA, KA>(a, [&](const auto& av) {
        return with_x<TV, KV>(v, [&](const auto& vv) {
            return outcome_of(c, [&] {
                if (m == "default") return conv ? compare(c, loom::convolve(av, vv)) : compare(c, loom::correlate(av, vv));
                return conv ? compare(c, loom::convolve(av, vv, mode)) : compare(c, loom::correlate(av, vv, mode));
            });
        });
    });
    return and_unchanged(why, {&keep_a, &keep_v});
}

// ---- the element types and operand kinds compiled (stats_cases.py's KINDS draws only these)

std::pair<std::string, std::string> two_types(const std::string& t) {
    const auto comma = t.find(',');
    return {t.substr(0, comma), comma == std::string::npos ? "" : t.substr(comma + 1)};
}

std::string run_case(const test_case& c) {
    const std::string& f = c.func;
    const std::string& t = c.dtype;
    if (f == "median" || f == "quantile" || f == "percentile") {
        if (t == "float64") return run_quantile<double, A | E>(c);
        if (t == "float32") return run_quantile<float, V | E>(c);
        if (t == "int32") return run_quantile<i32, A>(c);
        if (t == "int64") return run_quantile<i64, V>(c);
        if (t == "bool") return run_quantile<bool, A>(c);
    } else if (f.rfind("nan", 0) == 0) {
        const bool args = f == "nanargmax" || f == "nanargmin";
        if (t == "float64") return args ? run_nan<double, V | E, false, true>(c) : run_nan<double, V, true, false>(c);
        if (t == "float32") return run_nan<float, A, true, true>(c);
        if (t == "complex128") return run_nan<cd, E, true, false>(c);
    } else if (f == "average") {
        const auto [xt, wt] = two_types(t);
        if (xt == "float64") return average_on<double, E>(c, wt);
        if (xt == "float32") return average_on<float, A>(c, wt);
        if (xt == "int32") return average_on<i32, V>(c, wt);
        if (xt == "bool") return average_on<bool, A>(c, wt);
    } else if (f == "ptp") {
        if (t == "float64") return run_ptp<double, E>(c);
        if (t == "int32") return run_ptp<i32, A>(c);
        if (t == "int64") return run_ptp<i64, V>(c);
    } else if (f == "cov" || f == "corrcoef") {
        const auto [xt, yt] = two_types(t);
        if (xt == "float64") return cov_on<double, A | E>(c, xt, yt);
        if (xt == "float32") return cov_on<float, V>(c, xt, yt);
        if (xt == "int32") return cov_on<i32, A>(c, xt, yt);
        if (xt == "int64") return cov_on<i64, E>(c, xt, yt);
        if (xt == "bool") return cov_on<bool, V>(c, xt, yt);
    } else if (f == "convolve" || f == "correlate") {
        if (t == "float64,float64") return run_conv<double, A | V | E, double, A | V>(c);
        if (t == "float32,float32") return run_conv<float, A | V, float, A | V>(c);
        if (t == "int32,int32") return run_conv<i32, A | V, i32, A | V>(c);
        if (t == "int64,int64") return run_conv<i64, A | V, i64, A | V>(c);
        if (t == "bool,bool") return run_conv<bool, A | V, bool, A | V>(c);
        if (t == "complex128,complex128") return run_conv<cd, A | V, cd, A | V>(c);
        if (t == "int32,float64") return run_conv<i32, A, double, V>(c);
        if (t == "float64,int32") return run_conv<double, V, i32, A>(c);
        if (t == "bool,int32") return run_conv<bool, A, i32, V>(c);
        if (t == "int32,bool") return run_conv<i32, V, bool, A>(c);
        if (t == "float32,float64") return run_conv<float, A, double, V>(c);
        if (t == "float64,float32") return run_conv<double, V, float, A>(c);
    } else {
        return "unknown function " + f;
    }
    return f + " of " + t + " is not compiled in";
}

}  // namespace

int main(int argc, char** argv) {
    return loom_diff::check_file(argc, argv, "stats_check", "statistics", std::span<const char* const>{},
                                 [](const std::string& line) { return run_case(read_case(line)); });
}
