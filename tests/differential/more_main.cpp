// tests/differential/more_main.cpp: reads more_cases.py's case file and checks einsum, diff, bincount,
// digitize, histogram, interp, loom::index (read, `= v`, `+= v`, add_at) and reshape with
// loom::copy_if_needed against loom.
//
// Usage: more_check CASES_FILE. Prints the number of cases checked; each mismatch prints the reason
// and the case's line, and the program exits 1. Every case checks the result's element type, shape
// and values (exactly: NaN equal to NaN, -0.0 not equal to 0.0; einsum's floating results within
// the tolerance given per element), or the kind of error ('I' index_error, 'V'
// std::invalid_argument that is not a broadcast_error, 'B' broadcast_error), and that the operands
// are unchanged afterwards (but for the array an index assignment writes, compared whole with
// NumPy's after the assignment; a failed one must leave it unchanged).
// To keep the compile short, one translation unit: the operands' element types are five (int32,
// int64, float64, complex128, bool; a few pairs where a function takes two), every operand that is
// not an array is passed as a loom::strided_view of one (transposed or strided, the layout read
// from the case) so each function is compiled for two operand kinds (diff for an expression too),
// and the index functions take seven combinations of index types.
#include <loom/loom.hpp>
#include <loom/linalg/einsum.hpp>
#include <loom/select/index.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iostream>
#include <optional>
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
using cd = std::complex<double>;
using ints = std::vector<std::ptrdiff_t>;
using strs = std::vector<std::string>;

// An index argument: a number ('n') or an array ('a').
struct index_arg {
    char kind = 'n';
    long long number = 0;
    arr_spec a;
};

struct test_case {
    std::string func, dtype;
    std::vector<op_spec> ops;  // einsum's operands; elsewhere x (and bincount's weights)
    std::string subs, form, number, left, right;
    long long n = 0, axis = 0, minlength = 0, bins = 0;
    char mode = 0;
    bool right_side = false;
    double lo = 0, hi = 0;
    std::vector<arr_spec> arrs;  // bins, edges, xp and fp, the value
    std::vector<index_arg> idx;
    ints shape;
    char outcome = 'R';
    std::vector<arr_spec> want;  // the result (histogram: counts, edges)
    std::optional<arr_spec> tol;  // einsum's floating results
    std::string flag;             // reshape: '1' a view of x, '0' a copy, '-' empty
};

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    r.next();  // id
    c.func = r.next();
    c.dtype = r.next();
    const std::string& f = c.func;
    if (f == "einsum") {
        c.subs = r.next().substr(2);  // "s:" and the subscripts
        c.ops.resize(static_cast<std::size_t>(r.integer()));
        for (auto& o : c.ops) o = read_op(r);
    } else if (f == "diff") {
        c.ops.push_back(read_op(r));
        c.n = r.integer();
        c.axis = r.integer();
    } else if (f == "bincount") {
        c.ops.push_back(read_op(r));
        c.form = r.next();
        if (c.form == "w") c.ops.push_back(read_op(r));
        c.minlength = r.integer();
    } else if (f == "digitize" || f == "interp") {
        c.form = r.next();
        if (c.form == "n") c.number = r.next();
        else c.ops.push_back(read_op(r));
        c.arrs.push_back(read_arr(r));
        if (f == "digitize") {
            c.right_side = r.integer() != 0;
        } else {
            c.arrs.push_back(read_arr(r));
            c.left = r.next();
            c.right = r.next();
        }
    } else if (f == "histogram") {
        c.ops.push_back(read_op(r));
        c.mode = r.next()[0];
        if (c.mode == 'b') {
            c.bins = r.integer();
            c.form = r.next();
            c.lo = r.real();
            c.hi = r.real();
        } else {
            c.arrs.push_back(read_arr(r));
        }
    } else if (f.rfind("index_", 0) == 0) {
        c.ops.push_back(read_op(r));
        c.idx.resize(static_cast<std::size_t>(r.integer()));
        for (auto& i : c.idx) {
            i.kind = r.next()[0];
            if (i.kind == 'n') i.number = r.integer();
            else i.a = read_arr(r);
        }
        if (f != "index_read") {
            c.form = r.next();
            c.arrs.push_back(read_arr(r));
        }
    } else if (f == "reshape") {
        c.ops.push_back(read_op(r));
        c.shape.resize(static_cast<std::size_t>(r.integer()));
        for (auto& e : c.shape) e = static_cast<std::ptrdiff_t>(r.integer());
    } else {
        throw std::runtime_error("unknown function " + f);
    }
    c.outcome = r.next()[0];
    if (c.outcome == 'R') {
        c.want.push_back(read_arr(r));
        if (f == "histogram") c.want.push_back(read_arr(r));
        if (f == "reshape") c.flag = r.next();
        if (f == "einsum" && !at_end(r)) {
            if (r.next() != "T") throw std::runtime_error("case file: 'T' and the tolerances expected");
            c.tol = read_arr(r);
        }
    }
    return c;
}

// Equality: NaN equals NaN, the signs of zeros count; for einsum's sums (tol >= 0) within tol,
// the signs of zeros not compared (a sum's order decides them).
inline bool same(double g, double e, double tol) {
    if (std::isnan(g) || std::isnan(e)) return std::isnan(g) && std::isnan(e);
    if (tol >= 0) return g == e || std::abs(g - e) <= tol;
    return g == e && std::signbit(g) == std::signbit(e);
}

template <class R>
std::string compare_values(const R* got, std::size_t n, const arr_spec& w, const arr_spec* tol) {
    if (n != w.vals.size()) return std::to_string(n) + " elements, want " + std::to_string(w.vals.size());
    for (std::size_t i = 0; i < n; ++i) {
        const double t = tol ? real_of(tol->vals[i]) : -1.0;
        const R e = conv<R>(w.vals[i]);
        bool ok;
        if constexpr (loom::is_complex_v<R>) ok = same(got[i].real(), e.real(), t) && same(got[i].imag(), e.imag(), t);
        else if constexpr (std::is_floating_point_v<R>) ok = same(got[i], e, t);
        else ok = got[i] == e;
        if (!ok) {
            std::ostringstream os;
            os.precision(17);
            if constexpr (std::is_same_v<R, bool>) os << "element " << i << " is " << got[i] << ", want " << e;
            else os << "element " << i << " is " << +got[i] << ", want " << +e;
            if (t >= 0) os << " (tolerance " << t << ")";
            return os.str();
        }
    }
    return "";
}

template <class R>
std::string compare(const loom::array<R>& got, const arr_spec& w, const arr_spec* tol = nullptr) {
    if (w.dtype != dtype_name<R>()) return std::string("element type ") + dtype_name<R>() + ", want " + w.dtype;
    if (got.shape() != w.shape)
        return "shape " + loom::detail::to_string(got.shape()) + ", want " + loom::detail::to_string(w.shape);
    return compare_values(got.data(), got.size(), w, tol);
}

template <class R>
std::string result(const test_case& c, const loom::array<R>& got) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    return compare(got, c.want[0], c.tol ? &*c.tol : nullptr);
}

// The whole memory an assignment wrote through (x's array, or the values its view is into), in C order.
template <class T>
std::string result_flat(const test_case& c, const loom::array<T>& base) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    if (c.want[0].dtype != dtype_name<T>()) return "element type " + std::string(dtype_name<T>()) + ", want " + c.want[0].dtype;
    return compare_values(base.data(), base.size(), c.want[0], nullptr);
}

// f(x): the operand as an array or a view of one (and, with Expr, an expression over the view).
template <class T, bool Expr = false, class F>
std::string with_x(operand<T>& o, F&& f) {
    if (o.kind == 'a') return f(o.base);
    if constexpr (Expr) {
        if (o.kind == 'e') {
            auto e = o.view - T(0);  // keeps -0.0, NaN and infinities; bool: xor with false
            return f(e);
        }
    }
    return f(o.view);
}

template <class F>
std::string by_type(const std::string& t, F&& f) {
    if (t == "int32") return f(std::int32_t{});
    if (t == "int64") return f(std::int64_t{});
    if (t == "float64") return f(double{});
    if (t == "complex128") return f(cd{});
    if (t == "bool") return f(bool{});
    return "element type " + t + " is not compiled in";
}

// ---- einsum: arrays when every operand is one, else strided views

template <class... T, std::size_t... I>
std::string einsum_of(const test_case& c, std::index_sequence<I...>) {
    std::tuple<operand<T>...> ops{operand<T>(c.ops[I])...};
    const std::vector<snapshot> keep{snapshot(std::get<I>(ops).base, "operand " + std::to_string(I))...};
    const bool arrays = ((std::get<I>(ops).kind == 'a') && ...);
    std::string why = outcome_of(c, [&] {
        if (arrays) return result(c, loom::einsum(c.subs, std::get<I>(ops).base...));
        return result(c, loom::einsum(c.subs, std::get<I>(ops).view...));
    });
    for (const snapshot& k : keep) why = and_unchanged(why, {&k});
    return why;
}
template <class... T>
std::string einsum_of(const test_case& c) {
    if (c.ops.size() != sizeof...(T)) return "operand count and element types differ";
    return einsum_of<T...>(c, std::index_sequence_for<T...>{});
}

std::string run_einsum(const test_case& c) {
    const std::string& t = c.dtype;
    if (t == "int32,float64") return einsum_of<std::int32_t, double>(c);
    if (t == "float64,int32") return einsum_of<double, std::int32_t>(c);
    if (t == "float64,int32,float64") return einsum_of<double, std::int32_t, double>(c);
    const std::string one = t.substr(0, t.find(','));
    return by_type(one, [&](auto z) -> std::string {
        using T = decltype(z);
        switch (c.ops.size()) {
            case 1: return einsum_of<T>(c);
            case 2: return einsum_of<T, T>(c);
            case 3: return einsum_of<T, T, T>(c);
            default: return "einsum of " + std::to_string(c.ops.size()) + " operands is not drawn";
        }
    });
}

// ---- diff

template <class T>
std::string run_diff(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    return and_unchanged(with_x<T, true>(x, [&](const auto& v) {
        return outcome_of(c, [&] { return result(c, loom::diff(v, c.n, c.axis)); });
    }), {&keep});
}

// ---- bincount, digitize, histogram, interp

template <class T, class W>
std::string bincount_of(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const auto m = static_cast<std::size_t>(c.minlength);
    std::string why;
    if constexpr (std::is_void_v<W>) {
        why = with_x<T>(x, [&](const auto& v) { return outcome_of(c, [&] { return result(c, loom::bincount(v, m)); }); });
    } else {
        operand<W> w(c.ops[1]);
        const snapshot keep_w(w.base, "the weights");
        why = outcome_of(c, [&] {  // both arrays or both views
            if (x.kind == 'a' && w.kind == 'a') return result(c, loom::bincount(x.base, w.base, m));
            return result(c, loom::bincount(x.view, w.view, m));
        });
        why = and_unchanged(why, {&keep_w});
    }
    return and_unchanged(why, {&keep});
}

std::string run_bincount(const test_case& c) {
    const std::string& t = c.dtype;
    const auto x = [&](auto z) -> std::string {
        using T = decltype(z);
        if (c.form == "n") return bincount_of<T, void>(c);
        if (c.ops[1].dtype == "float64") return bincount_of<T, double>(c);
        if (c.ops[1].dtype == "int32") return bincount_of<T, std::int32_t>(c);
        return "weights of " + c.ops[1].dtype + " are not compiled in";
    };
    const std::string xt = t.substr(0, t.find(','));
    if (xt == "int32") return x(std::int32_t{});
    if (xt == "int64") return x(std::int64_t{});
    if (xt == "bool") return x(bool{});
    return "bincount of " + xt + " is not compiled in";
}

template <class T, class B>
std::string digitize_of(const test_case& c) {
    const loom::array<B> bins = make<B>(c.arrs[0]);
    const snapshot keep_b(bins, "the bins");
    std::string why;
    if (c.form == "n") {
        const double v = real_of(c.number);
        why = outcome_of(c, [&] { return result(c, loom::digitize(v, bins, c.right_side)); });
    } else {
        operand<T> x(c.ops[0]);
        const snapshot keep(x.base, "x");
        why = with_x<T>(x, [&](const auto& v) {
            return outcome_of(c, [&] { return result(c, loom::digitize(v, bins, c.right_side)); });
        });
        why = and_unchanged(why, {&keep});
    }
    return and_unchanged(why, {&keep_b});
}

std::string run_digitize(const test_case& c) {
    const std::string& t = c.dtype;
    if (t == "float64,float64") return digitize_of<double, double>(c);
    if (t == "int32,float64") return digitize_of<std::int32_t, double>(c);
    if (t == "int64,float64") return digitize_of<std::int64_t, double>(c);
    if (t == "float64,int64") return digitize_of<double, std::int64_t>(c);
    if (t == "int64,int64") return digitize_of<std::int64_t, std::int64_t>(c);
    if (t == "int32,int32") return digitize_of<std::int32_t, std::int32_t>(c);
    return "digitize of " + t + " is not compiled in";
}

template <class H>
std::string histogram_result(const test_case& c, const H& h) {
    if (c.outcome != 'R') return std::string("no error thrown, want ") + c.outcome;
    std::string why = compare(h.counts, c.want[0]);
    if (!why.empty()) return "counts: " + why;
    why = compare(h.edges, c.want[1]);
    return why.empty() ? why : "edges: " + why;
}

template <class T, class E>
std::string histogram_of(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    return and_unchanged(with_x<T>(x, [&](const auto& v) {
        return outcome_of(c, [&] {
            if constexpr (std::is_void_v<E>) {
                const auto bins = static_cast<std::size_t>(c.bins);
                if (c.form == "r") return histogram_result(c, loom::histogram(v, bins, std::pair{c.lo, c.hi}));
                return histogram_result(c, loom::histogram(v, bins));
            } else {
                const loom::array<E> edges = make<E>(c.arrs[0]);
                const snapshot keep_e(edges, "the edges");
                return and_unchanged(histogram_result(c, loom::histogram(v, edges)), {&keep_e});
            }
        });
    }), {&keep});
}

std::string run_histogram(const test_case& c) {
    const std::string& t = c.dtype;
    const std::string xt = t.substr(0, t.find(','));
    const auto x = [&](auto z) -> std::string {
        using T = decltype(z);
        if (c.mode == 'b') return histogram_of<T, void>(c);
        if (c.arrs[0].dtype == "float64") return histogram_of<T, double>(c);
        if (c.arrs[0].dtype == "int64") return histogram_of<T, std::int64_t>(c);
        return "edges of " + c.arrs[0].dtype + " are not compiled in";
    };
    if (xt == "float64") return x(double{});
    if (xt == "int32") return x(std::int32_t{});
    if (xt == "int64") return x(std::int64_t{});
    return "histogram of " + xt + " is not compiled in";
}

template <class T>
std::string interp_of(const test_case& c) {
    const loom::array<double> xp = make<double>(c.arrs[0]), fp = make<double>(c.arrs[1]);
    const snapshot keep_xp(xp, "xp"), keep_fp(fp, "fp");
    const std::optional<double> left = c.left == "-" ? std::nullopt : std::optional<double>(real_of(c.left));
    const std::optional<double> right = c.right == "-" ? std::nullopt : std::optional<double>(real_of(c.right));
    std::string why;
    if (c.form == "n") {
        const double v = real_of(c.number);
        why = outcome_of(c, [&] { return result(c, loom::interp(v, xp, fp, left, right)); });
    } else {
        operand<T> x(c.ops[0]);
        const snapshot keep(x.base, "x");
        why = with_x<T>(x, [&](const auto& v) {
            return outcome_of(c, [&] {
                if (!left && !right) return result(c, loom::interp(v, xp, fp));  // the defaults
                return result(c, loom::interp(v, xp, fp, left, right));
            });
        });
        why = and_unchanged(why, {&keep});
    }
    return and_unchanged(why, {&keep_xp, &keep_fp});
}

std::string run_interp(const test_case& c) {
    if (c.dtype == "float64") return interp_of<double>(c);
    if (c.dtype == "int32") return interp_of<std::int32_t>(c);
    return "interp of " + c.dtype + " is not compiled in";
}

// ---- index

struct number_tag {};

// f(i0[, i1]): the index arguments as the drawn types (seven combinations): arrays of int32 or
// int64, or a number (std::ptrdiff_t).
template <class F>
std::string with_indices(const test_case& c, F&& f) {
    const auto arg = [&](std::size_t k, auto z) {
        using I = decltype(z);
        if constexpr (std::is_same_v<I, number_tag>) return static_cast<std::ptrdiff_t>(c.idx[k].number);
        else return make<I>(c.idx[k].a);
    };
    const auto kind = [&](std::size_t k) { return c.idx[k].kind == 'n' ? std::string("n") : c.idx[k].a.dtype; };
    using i32 = std::int32_t;
    using i64 = std::int64_t;
    using num = number_tag;
    if (c.idx.size() == 1) {
        const std::string k0 = kind(0);
        if (k0 == "int32") return f(arg(0, i32{}));
        if (k0 == "int64") return f(arg(0, i64{}));
        if (k0 == "n") return f(arg(0, num{}));
    } else if (c.idx.size() == 2) {
        const std::string k = kind(0) + "," + kind(1);
        if (k == "int64,int64") return f(arg(0, i64{}), arg(1, i64{}));
        if (k == "int32,int64") return f(arg(0, i32{}), arg(1, i64{}));
        if (k == "int64,n") return f(arg(0, i64{}), arg(1, num{}));
        if (k == "n,int32") return f(arg(0, num{}), arg(1, i32{}));
    }
    return "this combination of index types is not compiled in";
}

template <class T>
std::string run_index(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    const std::string& how = c.func;
    const bool reads = how == "index_read";
    std::optional<loom::array<T>> value;
    if (!reads) value = make<T>(c.arrs[0]);
    std::string why = with_x<T>(x, [&](auto& v) {
        return with_indices(c, [&](const auto&... i) {
            return outcome_of(c, [&]() -> std::string {
                if (reads) {
                    const loom::array<T> r = loom::index(v, i...);
                    return result(c, r);
                }
                const loom::array<T>& val = *value;
                const bool number = c.form == "s";
                const T s = val.size() ? val.data()[0] : T{};
                if (how == "index_set") {
                    if (number) loom::index(v, i...) = s;
                    else loom::index(v, i...) = val;
                } else if (how == "index_iadd") {
                    if (number) loom::index(v, i...) += s;
                    else loom::index(v, i...) += val;
                } else if (how == "index_addat") {
                    if (number) loom::add_at(loom::index(v, i...), s);
                    else loom::add_at(loom::index(v, i...), val);
                } else if (how == "index_addat1") {
                    if constexpr (sizeof...(i) == 1) {
                        if (number) loom::add_at(v, i..., s);
                        else loom::add_at(v, i..., val);
                    } else {
                        return "add_at(x, i, v) takes one index";
                    }
                } else {
                    return "unknown function " + how;
                }
                return result_flat(c, x.base);  // the whole memory written through
            });
        });
    });
    // a read, or a failed assignment, leaves x as it was
    if (reads || c.outcome != 'R') why = and_unchanged(why, {&keep});
    return why;
}

// ---- reshape

template <class T>
std::string run_reshape(const test_case& c) {
    operand<T> x(c.ops[0]);
    const snapshot keep(x.base, "x");
    return and_unchanged(with_x<T>(x, [&](auto& v) {
        return outcome_of(c, [&]() -> std::string {
            const auto r = loom::reshape(v, c.shape, loom::copy_if_needed);
            const loom::array<T> got = r;
            std::string why = result(c, got);
            if (!why.empty() || c.flag == "-") return why;
            const T* p = r.data();
            const bool shares = p >= x.base.data() && p < x.base.data() + x.base.size();
            if (shares != (c.flag == "1"))
                return shares ? "a view of x, NumPy's is a copy" : "a copy, NumPy's is a view of x";
            return "";
        });
    }), {&keep});
}

std::string run_case(const test_case& c) {
    const std::string& f = c.func;
    if (f == "einsum") return run_einsum(c);
    if (f == "bincount") return run_bincount(c);
    if (f == "digitize") return run_digitize(c);
    if (f == "histogram") return run_histogram(c);
    if (f == "interp") return run_interp(c);
    if (f == "diff") return by_type(c.dtype, [&](auto z) { return run_diff<decltype(z)>(c); });
    if (f == "reshape") return by_type(c.dtype, [&](auto z) { return run_reshape<decltype(z)>(c); });
    if (f.rfind("index_", 0) == 0) return by_type(c.dtype, [&](auto z) { return run_index<decltype(z)>(c); });
    return "unknown function " + f;
}

}  // namespace

int main(int argc, char** argv) {
    return loom_diff::check_file(argc, argv, "more_check", "einsum, diff, bins, index and reshape",
                                 std::span<const char* const>{}, [](const std::string& line) { return run_case(read_case(line)); });
}
