// tests/differential/npy_main.cpp: loads .npy files written by NumPy and saves them back, for npy_exchange.py.
//
// Input, one case a line: DTYPE IN_PATH OUT_PATH. Each file is loaded as DTYPE
// (load_npy<T>) and saved to OUT_PATH (save_npy). Output, one line a case: "ok", or
// "error " and the exception's message.
#include <loom/loom.hpp>

#include <complex>
#include <cstdint>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

template <class T>
void exchange(const std::string& in, const std::string& out) {
    loom::save_npy(out, loom::load_npy<T>(in));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: npy_check CASES_FILE\n";
        return 2;
    }
    std::ifstream file(argv[1]);
    std::string line;
    while (std::getline(file, line)) {
        std::istringstream fields(line);
        std::string dtype, in, out;
        fields >> dtype >> in >> out;
        try {
            if (dtype == "bool") exchange<bool>(in, out);
            else if (dtype == "int8") exchange<std::int8_t>(in, out);
            else if (dtype == "int16") exchange<std::int16_t>(in, out);
            else if (dtype == "int32") exchange<std::int32_t>(in, out);
            else if (dtype == "int64") exchange<std::int64_t>(in, out);
            else if (dtype == "uint8") exchange<std::uint8_t>(in, out);
            else if (dtype == "uint16") exchange<std::uint16_t>(in, out);
            else if (dtype == "uint32") exchange<std::uint32_t>(in, out);
            else if (dtype == "uint64") exchange<std::uint64_t>(in, out);
            else if (dtype == "float32") exchange<float>(in, out);
            else if (dtype == "float64") exchange<double>(in, out);
            else if (dtype == "complex64") exchange<std::complex<float>>(in, out);
            else if (dtype == "complex128") exchange<std::complex<double>>(in, out);
            else return std::cerr << "unknown dtype " << dtype << "\n", 2;
            std::cout << "ok\n";
        } catch (const std::exception& e) {
            std::cout << "error " << e.what() << "\n";
        }
    }
    return 0;
}
