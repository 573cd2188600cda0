// A Python module written with loom (docs/python.md): built by meson.build and by one c++ line
// (build.sh); check.py calls it with NumPy arrays.
// snippet: kernels
#include <loom/python.hpp>

// The NumPy array's own memory, written in place (any strides).
void scale(loom::array_ref<double> x, double a) { x *= a; }

// One fused loop; the result is handed to NumPy without a copy.
loom::array<double> magnitude(loom::array_ref<const double> x, loom::array_ref<const double> y) {
    return loom::sqrt(x * x + y * y);
}

PYBIND11_MODULE(kernels, m) {
    m.def("scale", &scale, pybind11::arg("x"), pybind11::arg("a"), loom::python::nogil());
    m.def("magnitude", &magnitude, loom::python::nogil());
}
// end snippet
