// tests/differential/case_reader.hpp: the tokens of one line of a generated case file (gen_cases.py, reduce_cases.py).
#pragma once

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
};

}  // namespace loom_diff
