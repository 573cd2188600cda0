// tests/differential/sort_main.cpp: reads sort_cases.py's case file and checks sort, argsort, searchsorted, nonzero
// and the unique functions against loom.
//
// Usage: sort_check CASES_FILE. Prints the number of cases checked; each mismatch prints the reason and
// the case's line, and the program exits 1. `sort_check --dtypes` prints the element types compiled in.
#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "case_reader.hpp"

namespace {

using loom_diff::reader;

// One array of the case file: its shape and its elements as doubles (exact for every type drawn).
struct flat_array {
    loom::shape_t shape;
    std::vector<double> values;
};

flat_array read_array(reader& r, bool typed) {
    if (typed) r.next();  // the element type, implied by the function
    flat_array a;
    std::vector<std::size_t> dims(static_cast<std::size_t>(r.integer()));
    for (auto& d : dims) d = static_cast<std::size_t>(r.integer());
    a.shape = loom::shape_t(dims);
    a.values.resize(static_cast<std::size_t>(r.integer()));
    for (auto& v : a.values) v = r.real();
    return a;
}

struct test_case {
    std::string func, dtype;
    flat_array x, x2;
    int view = 0;  // 1: a view with a negative step on axis 0; 2: astype of the array (an expression)
    std::ptrdiff_t axis = 0;
    bool right = false, desc = false;
    char outcome = 'R';  // R: results; V: std::invalid_argument; I: index_error
    std::vector<flat_array> want;
};

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    r.next();  // id
    c.func = r.next();
    c.dtype = r.next();
    c.x = read_array(r, false);
    c.view = static_cast<int>(r.integer());
    c.axis = static_cast<std::ptrdiff_t>(r.integer());
    c.right = r.integer() != 0;
    c.desc = r.integer() != 0;
    if (c.func == "searchsorted") c.x2 = read_array(r, true);
    c.outcome = r.next()[0];
    if (c.outcome == 'R') {
        c.want.resize(static_cast<std::size_t>(r.integer()));
        for (auto& w : c.want) w = read_array(r, true);
    }
    return c;
}

// Bit for bit up to NaN payloads: -0.0 and 0.0 differ.
bool same(double g, double e) {
    if (std::isnan(g) || std::isnan(e)) return std::isnan(g) && std::isnan(e);
    return g == e && std::signbit(g) == std::signbit(e);
}

// got against want; `flat` compares the elements only (NumPy's unique gives a flat inverse).
template <class A>
std::string compare(const char* what, const A& got, const flat_array& want, bool flat = false) {
    if (!flat && got.shape() != want.shape)
        return std::string(what) + ": shape " + loom::detail::to_string(got.shape()) + ", want " +
               loom::detail::to_string(want.shape);
    if (got.size() != want.values.size())
        return std::string(what) + ": " + std::to_string(got.size()) + " elements, want " + std::to_string(want.values.size());
    for (std::size_t i = 0; i < want.values.size(); ++i) {
        const double g = static_cast<double>(got.data()[i]);
        if (!same(g, want.values[i])) {
            std::ostringstream os;
            os.precision(17);
            os << what << ": element " << i << " is " << g << ", want " << want.values[i];
            return os.str();
        }
    }
    return "";
}

template <class T>
loom::array<T> make(const flat_array& f) {
    loom::array<T> a(f.shape);
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<T>(f.values[i]);
    return a;
}

template <class T, class X>
std::string run_on(const test_case& c, const X& x) {
    const auto& w = c.want;
    if (c.outcome != 'R') {  // the error must come
        if (c.func == "sort") (void)(c.desc ? loom::sort(x, c.axis, loom::descending) : loom::sort(x, c.axis));
        else if (c.func == "searchsorted") (void)loom::searchsorted(x, make<T>(c.x2));
        else if (c.func == "nonzero") (void)loom::nonzero(x);
        return std::string("no error thrown, want ") + c.outcome;
    }
    std::string why;
    const auto check = [&](const char* what, const auto& got, const flat_array& want, bool flat = false) {
        if (why.empty()) why = compare(what, got, want, flat);
    };
    if (c.func == "sort") {
        if (c.desc) {
            check("sort", loom::sort(x, c.axis, loom::descending), w.at(0));
            check("argsort", loom::argsort(x, c.axis, loom::descending), w.at(1));
        } else {
            check("sort", loom::sort(x, c.axis), w.at(0));
            check("argsort", loom::argsort(x, c.axis), w.at(1));
        }
    } else if (c.func == "searchsorted") {
        check("searchsorted", loom::searchsorted(x, make<T>(c.x2), c.right ? loom::side::right : loom::side::left), w.at(0));
    } else if (c.func == "nonzero") {
        const auto nz = loom::nonzero(x);
        if (nz.size() != w.size()) return "nonzero: " + std::to_string(nz.size()) + " arrays, want " + std::to_string(w.size());
        for (std::size_t a = 0; a < nz.size(); ++a) check("nonzero", nz[a], w[a]);
    } else if (c.func == "unique") {
        const auto all = loom::unique_all(x);
        check("unique_all values", all.values, w.at(0));
        check("unique_all indices", all.indices, w.at(1));
        check("unique_all inverse_indices", all.inverse_indices, w.at(2), true);
        check("unique_all counts", all.counts, w.at(3));
        if (why.empty() && all.inverse_indices.shape() != x.shape()) why = "unique_all: inverse_indices not of x's shape";
        check("unique_values", loom::unique_values(x), w.at(0));
        const auto counts = loom::unique_counts(x);
        check("unique_counts values", counts.values, w.at(0));
        check("unique_counts counts", counts.counts, w.at(3));
        const auto inv = loom::unique_inverse(x);
        check("unique_inverse values", inv.values, w.at(0));
        check("unique_inverse inverse_indices", inv.inverse_indices, w.at(2), true);
    } else {
        return "unknown function " + c.func;
    }
    return why;
}

template <class T>
std::string run(const test_case& c) {
    const loom::array<T> a = make<T>(c.x);
    try {
        switch (c.view) {
            case 1: return run_on<T>(c, loom::view(a, loom::range(loom::none, loom::none, -1)));
            case 2: return run_on<T>(c, loom::astype<T>(a));  // an expression: evaluated once
            default: return run_on<T>(c, a);
        }
    } catch (const loom::index_error& e) {
        return c.outcome == 'I' ? "" : std::string("index_error: ") + e.what();
    } catch (const std::invalid_argument& e) {
        return c.outcome == 'V' ? "" : std::string("invalid_argument: ") + e.what();
    }
}

const char* const compiled[] = {"bool", "int32", "uint8", "float32", "float64"};

std::string run_case(const test_case& c) {
    const std::string& t = c.dtype;
    if (t == "bool") return run<bool>(c);
    if (t == "int32") return run<std::int32_t>(c);
    if (t == "uint8") return run<std::uint8_t>(c);
    if (t == "float32") return run<float>(c);
    if (t == "float64") return run<double>(c);
    return "element type " + t + " is not compiled in (sort_check --dtypes)";
}

}  // namespace

int main(int argc, char** argv) {
    return loom_diff::check_file(argc, argv, "sort_check", "sort", compiled,
                                 [](const std::string& line) { return run_case(read_case(line)); });
}
