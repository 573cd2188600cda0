// tests/differential/linalg_main.cpp: reads linalg_cases.py's case file, calls loom::linalg on each
// case's operands and prints the results, for linalg_cases.py to compare with NumPy's.
//
// Usage: linalg_check CASES_FILE. A case line: `id fn dtype layout a [b] [param]`, an operand
// `rank extents values` (complex values `re,im`); layout 1: the operand holds a's matrices
// transposed and a is loom::matrix_transpose of it (a view; float64 only, to keep the compile short).
// Prints one line a case: `id` and, for each result, ` | rank extents values` (%.17g; complex
// `re,im`), or ` E L` (loom::linalg_error), ` E V` (std::invalid_argument), ` E X message`.
#include <loom/linalg.hpp>

#include <complex>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "case_reader.hpp"
#include "case_values.hpp"

namespace {

namespace la = loom::linalg;
using loom_diff::put;
using loom_diff::read_array;
using loom_diff::reader;



template <class T>
void print(std::ostream& o, const loom::array<T>& a) {
    o << " | " << a.shape().size();
    for (std::size_t e : a.shape()) o << ' ' << e;
    for (std::size_t i = 0; i < a.size(); ++i) put(o, a.data()[i]);
}

la::norm_order read_ord(reader& r) {
    const std::string t = r.next();
    if (t == "fro" || t == "nuc") return la::norm_order(t.c_str());
    return la::norm_order(std::strtod(t.c_str(), nullptr));
}

// The call `fn` on a (an array, or a transposed view) and the rest of the line.
template <class T, class A>
void call(std::ostream& o, const std::string& fn, const A& a, reader& r) {
    if (fn == "det") {
        print(o, loom::array<T>(la::det(a)));
    } else if (fn == "slogdet") {
        auto [s, l] = la::slogdet(a);
        print(o, s);
        print(o, l);
    } else if (fn == "inv") {
        print(o, la::inv(a));
    } else if (fn == "solve" || fn == "lstsq") {
        const loom::array<T> b = read_array<T>(r);
        if (fn == "solve") {
            print(o, la::solve(a, b));
        } else {
            auto [x, res, rank, s] = la::lstsq(a, b);
            print(o, x);
            print(o, res);
            print(o, rank);
            print(o, s);
        }
    } else if (fn == "cholesky") {
        print(o, la::cholesky(a));
    } else if (fn == "qr" || fn == "qr_complete") {
        auto [q, rr] = la::qr(a, fn == "qr" ? loom::qr_mode::reduced : loom::qr_mode::complete);
        print(o, q);
        print(o, rr);
    } else if (fn == "eigh") {
        auto [w, v] = la::eigh(a);
        print(o, w);
        print(o, v);
    } else if (fn == "eigvalsh") {
        print(o, la::eigvalsh(a));
    } else if (fn == "svd" || fn == "svd_full") {
        auto [u, s, vh] = la::svd(a, fn == "svd_full");
        print(o, u);
        print(o, s);
        print(o, vh);
    } else if (fn == "svdvals") {
        print(o, la::svdvals(a));
    } else if (fn == "eig") {
        auto [w, v] = la::eig(a);
        print(o, w);
        print(o, v);
    } else if (fn == "eigvals") {
        print(o, la::eigvals(a));
    } else if (fn == "pinv") {
        print(o, la::pinv(a));
    } else if (fn == "matrix_rank") {
        print(o, la::matrix_rank(a));
    } else if (fn == "matrix_norm") {
        print(o, la::matrix_norm(a, read_ord(r)));
    } else if (fn == "vector_norm") {
        const la::norm_order ord = read_ord(r);
        const std::string axis = r.next();
        if (axis == "all") print(o, la::vector_norm(a, loom::all, ord));
        else print(o, la::vector_norm(a, std::stoll(axis), ord));
    } else if (fn == "cond") {
        const std::string t = r.next();
        if (t == "None") print(o, la::cond(a));
        else {
            std::istringstream one(t);
            reader rr{std::move(one)};
            print(o, la::cond(a, read_ord(rr)));
        }
    } else if (fn == "matrix_power") {
        print(o, la::matrix_power(a, static_cast<int>(r.integer())));
    } else {
        throw std::runtime_error("unknown function " + fn);
    }
}

template <class T>
void run(std::ostream& o, const std::string& fn, bool transposed, reader& r) {
    const loom::array<T> a = read_array<T>(r);
    if constexpr (std::is_same_v<T, double>) {
        if (transposed) return call<T>(o, fn, loom::matrix_transpose(a), r);
    }
    call<T>(o, fn, a, r);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: linalg_check CASES_FILE\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        reader r{std::istringstream(line)};
        const std::string id = r.next(), fn = r.next(), dtype = r.next();
        const bool transposed = r.integer() != 0;
        std::ostringstream o;
        try {
            if (dtype == "float64") run<double>(o, fn, transposed, r);
            else if (dtype == "float32") run<float>(o, fn, transposed, r);
            else if (dtype == "complex128") run<std::complex<double>>(o, fn, transposed, r);
            else if (dtype == "complex64") run<std::complex<float>>(o, fn, transposed, r);
            else throw std::runtime_error("unknown dtype " + dtype);
        } catch (const loom::linalg_error&) {
            o.str("");
            o << " E L";
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
