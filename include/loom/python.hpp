// loom/python.hpp: pybind11 type casters, so that a C++ function written with loom is callable
// from Python with NumPy arrays: views without a copy, arrays with one, results handed over.
//
//   #include <loom/python.hpp>
//   void scale(loom::array_ref<double> x, double a) { x *= a; }          // writes into the NumPy array
//   loom::array<double> wave(loom::array_ref<const double> x) { return loom::exp(-x * x) * loom::cos(3 * x); }
//   PYBIND11_MODULE(kernels, m) {
//       m.def("scale", &scale, loom::python::nogil());
//       m.def("wave", &wave, loom::python::nogil());
//   }
//
// Parameters (an argument must be a numpy.ndarray of the element type; nothing is converted):
//   array_ref<T> (strided_view<T>)        the NumPy memory itself, any strides (negative too); writable
//   array_ref<const T>                    the same, read-only (a read-only NumPy array is accepted)
//   array<T>, tensor<T, N>                a copy, made before the function runs (tensor checks the rank)
// Results: array<T> and tensor<T, N> become NumPy arrays that own loom's buffer (no copy); the
// buffer is freed when the last NumPy array using it is collected.
// Errors: another dtype or rank raises TypeError, a read-only array for a writable view ValueError,
// both naming what was expected and what came. loom's exceptions: broadcast_error and other
// std::invalid_argument -> ValueError, index_error -> IndexError (pybind11's own translation),
// linalg_error -> loom.LinAlgError (a numpy.linalg.LinAlgError and a ValueError), with loom's
// message.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom.hpp"

namespace loom::python {

//! The call guard that releases the GIL while the C++ function runs: the casters do their Python
//! work (checks, copies in, results out) before and after it. Only for functions that touch no
//! Python object themselves.
using nogil = pybind11::call_guard<pybind11::gil_scoped_release>;

//! Makes loom::linalg_error raise loom.LinAlgError, a subclass of numpy.linalg.LinAlgError and of
//! ValueError, with loom's message.
//! Every loom caster calls it on first use; call it in a module's init when a function that can
//! throw linalg_error takes no loom array.
inline void register_errors() {
    static const bool once = [] {
        pybind11::register_exception_translator([](std::exception_ptr p) {
            try {
                if (p) std::rethrow_exception(p);
            } catch (const loom::linalg_error& e) {
                // numpy.linalg.LinAlgError and ValueError both catch it; kept for the process's
                // life, as a translator may run while modules are torn down
                static PyObject* type = [] {
                    namespace py = pybind11;
                    py::object bases = py::make_tuple(py::module_::import("numpy.linalg").attr("LinAlgError"),
                                                      py::handle(PyExc_ValueError));
                    py::dict body;
                    body["__module__"] = "loom";
                    py::handle meta(reinterpret_cast<PyObject*>(&PyType_Type));
                    return meta("LinAlgError", bases, body).release().ptr();
                }();
                PyErr_SetString(type, e.what());
            }
        });
        return true;
    }();
    (void)once;
}

namespace detail {

// What load found in a NumPy array: its first element, shape and strides in elements.
struct numpy_window {
    void* data = nullptr;
    shape_t shape;
    strides_t strides;
};

// What a parameter asks for, for the checks and their messages.
struct wanted {
    PyObject* dtype;         // the element type's descriptor
    const char* type;        // its NumPy name
    std::size_t itemsize;
    std::ptrdiff_t rank;     // -1: any
    bool writable;
    const char* parameter;   // "array_ref<float64>", "array<float64>", "tensor<float64, 2>"
};

[[noreturn, gnu::cold]] inline void fail_type(const wanted& w, const std::string& got) {
    throw pybind11::type_error("loom: " + std::string(w.parameter) + " expects a numpy.ndarray of dtype " + w.type +
                               ", got " + got);
}

// Reads src's window into out when it is an ndarray of the wanted type, rank and writability.
// A mismatch is `false` in pybind11's first pass over an overload set (convert == false), so that
// another overload may take the argument, and a TypeError or ValueError naming both in its last.
inline bool inspect(pybind11::handle src, bool convert, const wanted& w, numpy_window& out) {
    namespace py = pybind11;
    register_errors();
    auto& api = py::detail::npy_api::get();
    if (!api.PyArray_Check_(src.ptr())) {
        if (!convert) return false;
        fail_type(w, std::string(Py_TYPE(src.ptr())->tp_name));
    }
    auto* a = py::detail::array_proxy(src.ptr());
    if (!api.PyArray_EquivTypes_(a->descr, w.dtype)) {
        if (!convert) return false;
        fail_type(w, "dtype " + py::str(py::handle(a->descr)).cast<std::string>());
    }
    const auto rank = static_cast<std::size_t>(a->nd);
    if (w.rank >= 0 && rank != static_cast<std::size_t>(w.rank)) {
        if (!convert) return false;
        throw py::type_error("loom: " + std::string(w.parameter) + " expects an array of rank " + std::to_string(w.rank) +
                             ", got one of rank " + std::to_string(rank));
    }
    if (w.writable && !(a->flags & py::detail::npy_api::NPY_ARRAY_WRITEABLE_)) {
        if (!convert) return false;
        throw py::value_error("loom: " + std::string(w.parameter) + " writes into its array; this one is read-only");
    }
    out.shape.resize_for_overwrite(rank);
    out.strides.resize_for_overwrite(rank);
    const auto item = static_cast<std::ptrdiff_t>(w.itemsize);
    bool bad = !(a->flags & py::detail::npy_api::NPY_ARRAY_ALIGNED_);
    for (std::size_t d = 0; d < rank; ++d) {
        out.shape[d] = static_cast<std::size_t>(a->dimensions[d]);
        const auto s = static_cast<std::ptrdiff_t>(a->strides[d]);
        bad = bad || s % item != 0;
        out.strides[d] = s / item;
    }
    if (bad) {  // a field of a structured array, or memory from a byte buffer
        if (!convert) return false;
        throw py::value_error("loom: " + std::string(w.parameter) +
                              " needs element-aligned memory and strides that are multiples of the element size (" +
                              std::to_string(w.itemsize) + " bytes); pass numpy.ascontiguousarray(x)");
    }
    out.data = a->data;
    return true;
}

// The parameter's name in messages: array_ref<float64>, array_ref<const float64>, array<float64>, tensor<float64, 2>.
template <class T>
const char* view_name() {
    static const std::string s = std::string("array_ref<") + (std::is_const_v<T> ? "const " : "") +
                                 loom::detail::type_name<std::remove_const_t<T>>() + ">";
    return s.c_str();
}
template <class T, std::ptrdiff_t N>
const char* owner_name() {
    static const std::string s = N < 0 ? std::string("array<") + loom::detail::type_name<T>() + ">"
                                       : std::string("tensor<") + loom::detail::type_name<T>() + ", " +
                                             std::to_string(N) + ">";
    return s.c_str();
}

template <class T, std::ptrdiff_t N>
wanted owner_wanted(PyObject* dtype) {
    return {dtype, loom::detail::type_name<T>(), sizeof(T), N, false, owner_name<T, N>()};
}

// A NumPy array over x's elements that owns x (moved to the heap, deleted by a capsule).
template <class Owner>
pybind11::handle hand_over(Owner&& x) {
    namespace py = pybind11;
    using T = typename Owner::value_type;
    register_errors();
    std::unique_ptr<Owner> held(new Owner(std::move(x)));  // freed here if the capsule cannot be made
    py::capsule base(held.get(), [](void* p) { delete static_cast<Owner*>(p); });
    Owner* owner = held.release();
    const std::size_t rank = owner->ndim();
    std::vector<py::ssize_t> shape(rank), strides(rank);
    for (std::size_t d = 0; d < rank; ++d) {
        shape[d] = static_cast<py::ssize_t>(owner->shape()[d]);
        strides[d] = static_cast<py::ssize_t>(owner->strides()[d] * static_cast<std::ptrdiff_t>(sizeof(T)));
    }
    return py::array(py::dtype::of<T>(), std::move(shape), std::move(strides), owner->data(), base).release();
}

template <class T>
using dtype_name_of = pybind11::detail::npy_format_descriptor<std::remove_const_t<T>>;

}  // namespace detail
}  // namespace loom::python

namespace pybind11::detail {

//! array_ref<T> / strided_view<T>: the NumPy array's own memory, no copy.
template <class T>
    requires loom::element<std::remove_const_t<T>>
struct type_caster<loom::strided_view<T>> {
    using E = std::remove_const_t<T>;
    using view = loom::strided_view<T>;
    static constexpr auto name = const_name("numpy.ndarray[") + loom::python::detail::dtype_name_of<T>::name +
                                 const_name("]");

    bool load(handle src, bool convert) {
        const auto want = dtype::of<E>();
        const loom::python::detail::wanted w{want.ptr(), loom::detail::type_name<E>(), sizeof(E), -1,
                                             !std::is_const_v<T>, loom::python::detail::view_name<T>()};
        loom::python::detail::numpy_window win;
        if (!loom::python::detail::inspect(src, convert, w, win)) return false;
        value.emplace(static_cast<T*>(win.data), std::move(win.shape), std::move(win.strides));
        return true;
    }

    operator view*() { return &*value; }
    operator view&() { return *value; }
    operator view&&() && { return std::move(*value); }
    template <class U>
    using cast_op_type = movable_cast_op_type<U>;

private:
    std::optional<view> value;
};

//! array<T>: a copy of the NumPy array (any strides) in; a returned array handed to NumPy without one.
template <class T>
    requires loom::element<T>
struct type_caster<loom::array<T>> {
    PYBIND11_TYPE_CASTER(loom::array<T>, const_name("numpy.ndarray[") + npy_format_descriptor<T>::name + const_name("]"));

    bool load(handle src, bool convert) {
        const auto want = dtype::of<T>();
        loom::python::detail::numpy_window win;
        if (!loom::python::detail::inspect(src, convert, loom::python::detail::owner_wanted<T, -1>(want.ptr()), win))
            return false;
        value = loom::strided_view<const T>(static_cast<const T*>(win.data), std::move(win.shape), std::move(win.strides));
        return true;
    }
    static handle cast(loom::array<T>&& src, return_value_policy, handle) {
        return loom::python::detail::hand_over(std::move(src));
    }
    static handle cast(const loom::array<T>& src, return_value_policy, handle) {
        return loom::python::detail::hand_over(loom::array<T>(src));
    }
};

//! tensor<T, N>: as array<T>, with the rank checked on the way in.
template <class T, std::size_t N>
    requires loom::element<T>
struct type_caster<loom::tensor<T, N>> {
    using tensor_type = loom::tensor<T, N>;
    PYBIND11_TYPE_CASTER(tensor_type, const_name("numpy.ndarray[") + npy_format_descriptor<T>::name + const_name("]"));

    bool load(handle src, bool convert) {
        const auto want = dtype::of<T>();
        loom::python::detail::numpy_window win;
        constexpr auto rank = static_cast<std::ptrdiff_t>(N);
        if (!loom::python::detail::inspect(src, convert, loom::python::detail::owner_wanted<T, rank>(want.ptr()), win))
            return false;
        value = loom::tensor<T, N>(
            loom::array<T>(loom::strided_view<const T>(static_cast<const T*>(win.data), std::move(win.shape),
                                                       std::move(win.strides))));
        return true;
    }
    static handle cast(loom::tensor<T, N>&& src, return_value_policy, handle) {
        return loom::python::detail::hand_over(std::move(src));
    }
    static handle cast(const loom::tensor<T, N>& src, return_value_policy, handle) {
        return loom::python::detail::hand_over(loom::tensor<T, N>(src));
    }
};

}  // namespace pybind11::detail
