// examples/semantics_xla.cpp: XLA's explicit broadcasting: in_dim inside operations, broadcast_in_dim as a view.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    using loom::in_dim;
    loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};  // (2, 3)
    loom::array<double> v = {7, 8, 9};               // (3,)
    loom::array<double> r = X + in_dim(v, {1});      // v's axis 0 is X's axis 1
    std::cout << r << '\n';

    // A (3, 3) matrix and a (3,) vector: two ways to line them up.
    loom::array<double> M = loom::zeros<double>({3, 3});
    loom::array<double> rows = M + in_dim(v, {1});  // each row is 7 8 9
    loom::array<double> cols = M + in_dim(v, {0});  // each column is 7 8 9
    std::cout << rows << '\n' << cols << '\n';

    // Broadcast composition: raise by dims, then size-1 broadcasting.
    loom::array<double> u = {1, 2, 3, 4};   // (4,)
    loom::array<double> m = {{5, 6}};       // (1, 2)
    loom::array<double> s = in_dim(u, {0}) + m;  // (4, 1) + (1, 2) -> (4, 2)
    std::cout << s << '\n';

    // (1, 2) + (4, 3, 1) with dims {1, 2}: (1, 1, 2) + (4, 3, 1) -> (4, 3, 2)
    loom::array<double> big = loom::ones<double>({4, 3, 1});
    std::cout << (in_dim(m, {1, 2}) + big).shape() << '\n';

    // BroadcastInDim as an operation of its own: a read-only view, no copy.
    auto b = loom::broadcast_in_dim(v, {2, 3}, {1});
    std::cout << b << '\n';

    // Dims XLA rejects throw broadcast_error.
    try {
        loom::array<double> bad = X + in_dim(v, {2});  // X has no axis 2
    } catch (const loom::broadcast_error& e) {
        std::cout << e.what() << '\n';
    }
    bool ok = loom::array_equal(s, loom::array<double>{{6, 7}, {7, 8}, {8, 9}, {9, 10}});
    ok = ok && loom::array_equal(cols, loom::array<double>{{7, 7, 7}, {8, 8, 8}, {9, 9, 9}});
    return ok ? 0 : 1;
}
