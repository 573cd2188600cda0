// tests/differential/case_reader.hpp: the tokens of one line of a generated case file, and the main loop of the checkers
// that read such files (reduce_check, sort_check, manip_check).
#pragma once

#include <complex>
#include <cstddef>
#include <fstream>
#include <iostream>
#include <span>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>

namespace loom_diff {

struct reader {
    std::istringstream in;
    std::string next() {
        std::string t;
        if (!(in >> t)) throw std::runtime_error("case file: line ends early");
        return t;
    }
    long long integer() { return std::stoll(next()); }
    double real() { return std::strtod(next().c_str(), nullptr); }  // "nan" and "inf" included
    // A complex number is one token, its parts separated by a comma: "1.5,-inf".
    std::complex<double> complex() {
        const std::string t = next();
        const auto comma = t.find(',');
        if (comma == std::string::npos) throw std::runtime_error("case file: complex number without a comma: " + t);
        return {std::strtod(t.c_str(), nullptr), std::strtod(t.c_str() + comma + 1, nullptr)};
    }
};

// A checker's main: `prog CASES_FILE` runs check(line) on every line (an empty string: the case
// matches; an exception: a mismatch), prints the first 20 mismatches and "N <what> cases checked,
// M mismatches", and fails on a mismatch or no case; `prog --dtypes` lists the element types compiled in.
template <class Check>
int check_file(int argc, char** argv, const char* prog, const char* what, std::span<const char* const> compiled,
               Check check) {
    if (argc == 2 && std::string(argv[1]) == "--dtypes") {
        for (const char* t : compiled) std::cout << t << '\n';
        return 0;
    }
    if (argc != 2) {
        std::cerr << "usage: " << prog << " CASES_FILE | --dtypes\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::string line;
    std::size_t n = 0, bad = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        ++n;
        std::string why;
        try {
            why = check(line);
        } catch (const std::exception& e) {
            why = std::string("exception: ") + e.what();
        }
        if (!why.empty() && ++bad <= 20) std::cout << "MISMATCH: " << why << "\n  " << line.substr(0, 800) << "\n";
    }
    std::cout << n << " " << what << " cases checked, " << bad << " mismatches\n";
    return bad || n == 0 ? 1 : 0;
}

}  // namespace loom_diff
