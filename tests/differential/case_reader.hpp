// tests/differential/case_reader.hpp: the tokens of one line of a generated case file (gen_cases.py, reduce_cases.py).
#pragma once

#include <complex>
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

}  // namespace loom_diff
