// examples/tutorial_kmeans.cpp: k-means clustering in a few array expressions (docs/tutorial.md, the closing program).
#include <loom/loom.hpp>

#include <cstdint>
#include <iostream>

// Squared distances between every point (n, d) and every centroid (k, d): an (n, k) array.
loom::array<double> squared_distances(const loom::array<double>& points, const loom::array<double>& centroids) {
    auto diff = loom::view(points, loom::all, loom::newaxis, loom::all)       // (n, 1, d)
              - loom::view(centroids, loom::newaxis, loom::all, loom::all);   // (1, k, d)
    return loom::sum(diff * diff, -1);                                        // (n, k)
}

int main() {
    loom::array<double> points = {{3, 2}, {2, 4}, {7, 8}, {1, 2}, {4, 5},
                                  {2, 1}, {9, 10}, {8, 7}, {10, 8}};   // 9 points in the plane
    const std::int64_t k = 2;
    loom::array<double> centroids = loom::view(points, loom::range(0, k));  // start: the first k points
    loom::array<std::int64_t> label;

    for (int step = 1; step <= 10; ++step) {
        loom::array<double> d2 = squared_distances(points, centroids);
        loom::array<std::int64_t> nearest = loom::argmin(d2, 1);   // each point's centroid
        std::cout << "step " << step << ": labels " << nearest
                  << ", sum of squared distances " << double(loom::sum(loom::min(d2, 1))) << '\n';
        if (loom::array_equal(nearest, label)) break;               // nothing moved: done
        label = nearest;

        // member(i, j) is 1 when point i belongs to cluster j: (n, 1) == (k,) broadcasts to (n, k)
        loom::array<double> member = loom::astype<double>(
            loom::view(label, loom::all, loom::newaxis) == loom::arange<std::int64_t>(k));
        loom::array<double> count = loom::sum(member, 0, loom::keepdims);  // (1, k)
        // each centroid: the mean of its points, (k, n) @ (n, d) divided by the counts
        centroids = loom::matmul(loom::transpose(member), points) / loom::transpose(count);
        std::cout << centroids << '\n';
    }
}
