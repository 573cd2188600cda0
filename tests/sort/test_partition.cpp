// tests/sort/test_partition.cpp: partition and argpartition by the partition property (NumPy leaves the order
// within the two sides to the implementation): each lane a permutation of x's, the sorted value at every kth,
// nothing larger before it nor smaller after (NaN last); over the element types, axes, layouts, and NumPy's errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/sort/partition.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();

// NumPy's sort order: NaN after everything else.
template <class T>
bool before(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a < b || (std::isnan(b) && !std::isnan(a));
    else return a < b;
}

// The lanes of the row-major values v (shape s) along axis a, each in order.
template <class T>
std::vector<std::vector<T>> lanes(const std::vector<T>& v, const std::vector<std::size_t>& s, std::size_t a) {
    std::vector<std::size_t> outer = s;
    outer[a] = 1;
    const auto st = ref::row_major(s);
    std::vector<std::vector<T>> r;
    ref::for_each_index(outer, [&](const ref::index_t& i) {
        std::ptrdiff_t off = 0;
        for (std::size_t k = 0; k < s.size(); ++k) off += static_cast<std::ptrdiff_t>(i[k]) * st[k];
        std::vector<T> lane;
        for (std::size_t j = 0; j < s[a]; ++j) lane.push_back(v[static_cast<std::size_t>(off + static_cast<std::ptrdiff_t>(j) * st[a])]);
        r.push_back(lane);
    });
    return r;
}

// Empty when `got` is a partition of `lane` about every k of ks, else what is wrong.
template <class T>
std::string partition_problem(std::vector<T> lane, const std::vector<T>& got, const std::vector<std::size_t>& ks) {
    std::stable_sort(lane.begin(), lane.end(), before<T>);
    std::vector<T> g = got;
    std::stable_sort(g.begin(), g.end(), before<T>);
    for (std::size_t i = 0; i < g.size(); ++i)
        if (!ref::same<T>(g[i], lane[i])) return "not a permutation of the lane";
    for (std::size_t k : ks) {
        if (!ref::same<T>(got[k], lane[k])) return "at kth " + std::to_string(k) + ": " + ref::text<T>(got[k]) + ", sorted has " + ref::text<T>(lane[k]);
        for (std::size_t i = 0; i < got.size(); ++i)
            if ((i < k && before<T>(got[k], got[i])) || (i > k && before<T>(got[i], got[k])))
                return "element " + std::to_string(i) + " on the wrong side of kth " + std::to_string(k);
    }
    return "";
}

std::size_t positive(std::ptrdiff_t k, std::size_t n) { return static_cast<std::size_t>(k < 0 ? k + static_cast<std::ptrdiff_t>(n) : k); }

template <class T>
void check_partitions(const loom::array<T>& x, const std::vector<std::size_t>& s, std::ptrdiff_t axis,
                      const std::vector<std::ptrdiff_t>& kth) {
    const std::size_t a = positive(axis, s.size());
    std::vector<std::size_t> ks;
    for (std::ptrdiff_t k : kth) ks.push_back(positive(k, s[a]));
    const auto want = lanes(ref::values(x), s, a);
    ref::each_layout(x, [&](const auto& operand, const char* layout) {
        INFO(layout << ", axis " << axis << ", " << kth.size() << " kth, the first " << kth[0]);
        const loom::array<T> p = kth.size() == 1 ? loom::partition(operand, kth[0], axis) : loom::partition(operand, kth, axis);
        REQUIRE(p.shape() == x.shape());
        const auto got = lanes(ref::values(p), s, a);
        const loom::array<std::int64_t> ip = kth.size() == 1 ? loom::argpartition(operand, kth[0], axis)
                                                             : loom::argpartition(operand, kth, axis);
        REQUIRE(ip.shape() == x.shape());
        const auto idx = lanes(ref::values(ip), s, a);
        for (std::size_t l = 0; l < want.size(); ++l) {
            CHECK(partition_problem(want[l], got[l], ks) == "");
            // argpartition: the lane's positions, each once, that pick a partition
            std::vector<T> picked;
            std::vector<bool> seen(s[a], false);
            bool each_once = true;
            for (std::int64_t i : idx[l]) {
                if (i < 0 || static_cast<std::size_t>(i) >= s[a] || seen[static_cast<std::size_t>(i)]) {
                    each_once = false;
                    break;
                }
                seen[static_cast<std::size_t>(i)] = true;
                picked.push_back(want[l][static_cast<std::size_t>(i)]);
            }
            REQUIRE(each_once);
            CHECK(partition_problem(want[l], picked, ks) == "");
        }
    });
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("partition and argpartition: the partition property on every lane, each axis and layout",
                        "[sort][partition]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s = {6, 9, 4};
    const auto x = ref::filled<T>(s, 7);
    check_partitions(x, s, -1, {2});
    check_partitions(x, s, 1, {0});
    check_partitions(x, s, 1, {-1});
    check_partitions(x, s, 1, {7, 2, 4});
    check_partitions(x, s, 0, {3});
    check_partitions(x, s, -3, {5, 0, -2});
    // lanes across rows, more than one group of them, long enough for introselect's own paths
    const std::vector<std::size_t> tall = {67, 21};
    const auto y = ref::filled<T>(tall, 3);
    check_partitions(y, tall, 0, {33});
    check_partitions(y, tall, 0, {66, 1, 40, 40});
    check_partitions(y, tall, 1, {10, 20});
}

TEST_CASE("partition with NaN: last, as in NumPy's sort", "[sort][partition]") {
    // NumPy 1.24: np.partition([3, 1, 2, nan, 0], 2) is [0, 1, 2, nan, 3] (2 at position 2)
    const loom::array<double> x = {3, 1, 2, nan_v, 0};
    const std::vector<double> xv = ref::values(x);
    CHECK(partition_problem(xv, ref::values(loom::partition(x, 2)), {2}) == "");
    CHECK(loom::partition(x, 2).data()[2] == 2.0);
    CHECK(std::isnan(loom::partition(x, -1).data()[4]));
    CHECK(std::isnan(loom::partition(x, {3, 1}).data()[4]));
    CHECK(loom::partition(x, {3, 1}).data()[3] == 3.0);
    CHECK(loom::argpartition(x, -1).data()[4] == 3);
    CHECK(loom::argpartition(x, 2).data()[2] == 2);
    // many NaN among numbers, along both axes
    loom::array<double> m = ref::filled<double>({9, 13}, 4);
    for (std::size_t i = 0; i < m.size(); i += 3) m.data()[i] = nan_v;
    check_partitions(m, {9, 13}, 1, {0, 6, 12});
    check_partitions(m, {9, 13}, 0, {4});
    // -0.0 and 0.0 are equal
    const auto z = loom::partition(loom::array<double>{0.0, -0.0, -1.0}, 2);
    CHECK(z.data()[2] == 0.0);
}

TEST_CASE("partition and argpartition: kth lists, empty arrays, rank 0 and errors", "[sort][partition]") {
    const loom::array<int> x = {7, 1, 5, 3, 9};
    // any range of integers as the list; an empty list leaves x as it is (np.partition(x, np.array([], int)))
    const std::vector<std::size_t> ks = {1, 3};
    CHECK(partition_problem(ref::values(x), ref::values(loom::partition(x, ks)), {1, 3}) == "");
    CHECK(ref::values(loom::partition(x, std::vector<int>{})) == ref::values(x));
    CHECK(ref::values(loom::argpartition(x, std::vector<int>{})) == std::vector<std::int64_t>{0, 1, 2, 3, 4});
    CHECK(loom::partition(x, 2).data()[2] == 5);
    CHECK(loom::argpartition(x, 2).data()[2] == 2);
    // kth out of range: NumPy's ValueError "kth(=5) out of bounds (5)"
    CHECK_THROWS_AS(loom::partition(x, 5), std::invalid_argument);
    CHECK_THROWS_WITH(loom::partition(x, 5), Catch::Contains("kth 5 is out of bounds for an axis of length 5"));
    CHECK_THROWS_WITH(loom::partition(x, -6), Catch::Contains("kth -6 is out of bounds"));
    CHECK_THROWS_WITH(loom::argpartition(x, {1, 7}), Catch::Contains("loom::argpartition: kth 7"));
    // a bad axis (NumPy's AxisError), rank 0 included for partition
    CHECK_THROWS_AS(loom::partition(loom::array<double>(shape_t{2, 3}), 0, 2), loom::index_error);
    CHECK_THROWS_AS(loom::argpartition(loom::array<double>(shape_t{2, 3}), 0, -3), loom::index_error);
    CHECK_THROWS_AS(loom::partition(loom::array<double>(shape_t{}, 5.0), 0), loom::index_error);
    // argpartition of rank 0: NumPy's np.argpartition(np.array(5), 0) is [0] (x as shape (1,))
    const auto r0 = loom::argpartition(loom::array<double>(shape_t{}, 5.0), 0);
    CHECK(r0.shape() == shape_t{1});
    CHECK(r0.data()[0] == 0);
    CHECK_THROWS_AS(loom::argpartition(loom::array<double>(shape_t{}, 5.0), 3), std::invalid_argument);
    CHECK_THROWS_AS(loom::argpartition(loom::array<double>(shape_t{}, 5.0), 0, 1), loom::index_error);
    // empty arrays: kth not checked (np.partition(np.zeros((3, 0)), 0), np.partition(np.zeros((0, 3)), 5))
    CHECK(loom::partition(loom::array<double>(shape_t{3, 0}), 0).shape() == shape_t{3, 0});
    CHECK(loom::partition(loom::array<double>(shape_t{0, 3}), 5).shape() == shape_t{0, 3});
    CHECK(loom::argpartition(loom::array<double>(shape_t{0, 3}), {5, 1}, 0).shape() == shape_t{0, 3});
    // an expression: partitioned values of x * 2
    CHECK(loom::partition(x * 2, 0).data()[0] == 2);
}
