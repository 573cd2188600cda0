// tests/differential/print_main.cpp: prints each array of print_cases.py's file with loom's operator<<.
//
// Input, one array a line: DTYPE RANK DIM... COUNT VALUE... (floats as C hex literals, exact;
// a complex number as its two parts so, separated by a comma).
// Output: each array's text followed by a line "@@". print_cases.py compares it with NumPy's str().
#include <loom/loom.hpp>

#include <complex>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

template <class T>
void print_one(std::istringstream& in, const loom::shape_t& shape, std::size_t count) {
    loom::array<T> a(shape);
    for (std::size_t i = 0; i < count; ++i) {
        std::string v;
        in >> v;
        if constexpr (loom::is_complex_v<T>) {
            using R = typename T::value_type;
            char* end = nullptr;
            const double re = std::strtod(v.c_str(), &end);
            a.data()[i] = T(static_cast<R>(re), static_cast<R>(std::strtod(end + 1, nullptr)));
        } else if constexpr (std::is_floating_point_v<T>) a.data()[i] = static_cast<T>(std::strtod(v.c_str(), nullptr));
        else if constexpr (std::is_signed_v<T>) a.data()[i] = static_cast<T>(std::stoll(v));
        else a.data()[i] = static_cast<T>(std::stoull(v));
    }
    std::cout << a << "\n@@\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: print_check CASES_FILE\n";
        return 2;
    }
    std::ifstream file(argv[1]);
    std::string line;
    while (std::getline(file, line)) {
        std::istringstream in(line);
        std::string dtype;
        std::size_t rank = 0, count = 0;
        in >> dtype >> rank;
        std::vector<std::size_t> dims(rank);
        for (auto& d : dims) in >> d;
        in >> count;
        const loom::shape_t shape(dims);
        if (dtype == "float64") print_one<double>(in, shape, count);
        else if (dtype == "float32") print_one<float>(in, shape, count);
        else if (dtype == "complex128") print_one<std::complex<double>>(in, shape, count);
        else if (dtype == "complex64") print_one<std::complex<float>>(in, shape, count);
        else if (dtype == "int32") print_one<std::int32_t>(in, shape, count);
        else if (dtype == "int8") print_one<std::int8_t>(in, shape, count);
        else if (dtype == "uint64") print_one<std::uint64_t>(in, shape, count);
        else if (dtype == "bool") print_one<bool>(in, shape, count);
        else return std::cerr << "unknown dtype " << dtype << "\n", 2;
    }
    return 0;
}
