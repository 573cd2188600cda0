// examples/python/loom_example.cpp: a Python extension module whose functions are written with loom
// (docs/python.md). Built by Meson's python module with -Dpython=enabled; tests/python calls it.
#include <loom/linalg.hpp>
#include <loom/python.hpp>

#include <complex>
#include <cstdint>

namespace py = pybind11;
using loom::array;
using loom::array_ref;
using loom::tensor;

// Scales x in place: the NumPy array's own memory, any strides.
void scale(array_ref<double> x, double a) { x *= a; }

// A fused expression: one loop over x, one new array handed to NumPy.
array<double> wave(array_ref<const double> x) { return loom::exp(-0.5 * x * x) * loom::cos(3.0 * x) + 0.1 * x; }

// The same expression written into a caller's array (no allocation).
void wave_into(array_ref<double> out, array_ref<const double> x) {
    out = loom::exp(-0.5 * x * x) * loom::cos(3.0 * x) + 0.1 * x;
}

// Arithmetic only (no transcendental function): one loop against NumPy's four temporaries.
array<double> blend(array_ref<const double> x, array_ref<const double> y) { return 0.5 * x * y + 2.0 * x - y / 3.0; }

// Where x's first element is: the NumPy array's address when nothing was copied.
std::uintptr_t address(array_ref<const double> x) { return reinterpret_cast<std::uintptr_t>(x.data()); }

// Broadcasting as NumPy does; a broadcast_error becomes ValueError.
array<double> add(array_ref<const double> a, array_ref<const double> b) { return a + b; }

// A checked element read; an index_error becomes IndexError.
double at(array_ref<const double> x, std::int64_t i) { return x.at(i); }

// The sum of all elements (threads over large arrays).
double total(array_ref<const double> x) { return double(loom::sum(x)); }

// tensor<T, 2>: a copy whose rank is checked on the way in; linalg_error becomes LinAlgError.
tensor<double, 2> inverse(tensor<double, 2> m) { return tensor<double, 2>(loom::linalg::inv(m)); }

// A new array of n elements 0, 1, ..., n - 1, owned by NumPy from then on.
array<double> ramp(std::int64_t n) { return loom::arange<double>(0, static_cast<double>(n)); }

// Every element type: a copy in and the array handed back, and an in-place copy between views.
template <class T>
array<T> echo(array<T> x) {
    return x;
}
template <class T>
void copy_into(array_ref<T> out, array_ref<const T> x) {
    out = x;
}
template <class... T>
void every_type(py::module_& m) {
    (m.def("echo", &echo<T>), ...);
    (m.def("copy_into", &copy_into<T>, loom::python::nogil()), ...);
}

PYBIND11_MODULE(loom_example, m) {
    m.doc() = "Functions written with loom, called with NumPy arrays (docs/python.md)";
    m.def("scale", &scale, py::arg("x"), py::arg("a"), loom::python::nogil());
    m.def("wave", &wave, loom::python::nogil());
    m.def("wave_into", &wave_into, loom::python::nogil());
    m.def("blend", &blend, loom::python::nogil());
    m.def("address", &address);
    m.def("add", &add, loom::python::nogil());
    m.def("at", &at);
    m.def("total", &total, loom::python::nogil());
    m.def("inverse", &inverse, loom::python::nogil());
    m.def("ramp", &ramp);
    every_type<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
               std::uint32_t, std::uint64_t, float, double, std::complex<float>, std::complex<double>>(m);
}
