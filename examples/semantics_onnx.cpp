// examples/semantics_onnx.cpp: the ONNX-style Broadcast operator (N in, N out) and broadcast_to.
#include <loom/loom.hpp>

#include <cstdint>
#include <iostream>

int main() {
    loom::array<std::int32_t> a = {1, 2, 3};                 // (3,)
    loom::array<double> b0 = {0.5, 1.5};
    auto b = loom::expand_dims(b0, 1);                        // (2, 1), a view
    loom::array<bool> c = loom::full<bool>({4, 1, 1}, true);  // (4, 1, 1)

    // Z1, Z2, Z3 = Broadcast(X1, X2, X3): read-only views of one common shape.
    auto [za, zb, zc] = loom::broadcast_arrays(a, b, c);
    std::cout << za.shape() << ' ' << zb.shape() << ' ' << zc.shape() << '\n';
    std::cout << loom::view(zb, 0) << '\n';  // zb[0]: column 0.5 1.5 stretched along the last axis

    // One input to a given shape: stride 0 on the stretched axes, no copy.
    auto t = loom::broadcast_to(a, {2, 3});
    std::cout << t << '\n';
    std::cout << "strides " << t.strides()[0] << ' ' << t.strides()[1] << '\n';
    return za.shape() == loom::shape_t{4, 2, 3} && t.data() == a.data() ? 0 : 1;
}
