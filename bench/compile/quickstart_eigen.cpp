// bench/compile/quickstart_eigen.cpp: examples/quickstart.cpp written with Eigen, the program bench/compile_time.py
// compares loom's quickstart with (as bench/compile/quickstart_xtensor.cpp in xtensor). Same operations, line for line,
// where Eigen has them: its arrays are 2-D, and broadcasts are spelled with rowwise().
#include <Eigen/Dense>

#include <iostream>
#include <stdexcept>
#include <string>

int main() {
    Eigen::ArrayXXd a(2, 3);
    a << 1, 2, 3, 4, 5, 6;                          // shape (2, 3)
    Eigen::Array<double, 1, Eigen::Dynamic> b(3);
    b << 10, 20, 30;                                // a row vector: broadcasts over a's rows with rowwise()

    auto e = (a.rowwise() * b) + 1.0;  // lazy
    Eigen::ArrayXXd r = e;             // evaluated here
    std::cout << r << '\n';

    r.rowwise() -= b;                  // in place
    r.col(0) = 0.0;                    // write through a block: the first column
    std::cout << r.row(1) << '\n';     // the second row

    try {
        // Eigen has neither rank 3 nor broadcasting by shape, and adding an array of another shape
        // in place is an assertion (undefined without asserts): the (2, 2, 3) ones are (4, 3)
        // here, and the shape is checked by hand, throwing as loom does.
        const Eigen::ArrayXXd ones = Eigen::ArrayXXd::Ones(4, 3);
        if (ones.rows() != r.rows() || ones.cols() != r.cols()) {
            throw std::invalid_argument("cannot add (" + std::to_string(ones.rows()) + ", " + std::to_string(ones.cols()) +
                                        ") to (" + std::to_string(r.rows()) + ", " + std::to_string(r.cols()) + ") in place");
        }
        r += ones;
    } catch (const std::invalid_argument& err) {
        std::cout << err.what() << '\n';
    }
}
