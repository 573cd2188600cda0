// tests/select/test_select.cpp: take, take_along_axis and loom::mask against index arithmetic done by hand,
// over contiguous arrays, reversed views and expressions; bad indices and masks leave the arrays as they were.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::at;
using ref::each_layout;
using ref::index_t;
using ref::values;

}  // namespace

TEST_CASE("take picks slices along an axis by integer indices", "[select][take]") {
    const std::vector<std::size_t> s{3, 4, 5};
    const auto x = ref::filled<double>(s, 1);
    const auto xv = values(x);
    each_layout(x, [&](const auto& xx, const char* how) {
        INFO(how);
        for (std::size_t ax = 0; ax < 3; ++ax) {
            const auto n = static_cast<std::int64_t>(s[ax]);
            const loom::array<std::int64_t> idx = {n - 1, 0, -1, -n, 1, 1};
            const auto t = loom::take(xx, idx, static_cast<std::ptrdiff_t>(ax));
            std::vector<std::size_t> ts = s;
            ts[ax] = 6;
            REQUIRE(t.shape() == ref::to_shape(ts));
            const auto got = values(t);
            std::size_t flat = 0;
            ref::for_each_index(ts, [&](const index_t& i) {
                index_t j = i;
                const std::int64_t k = idx.data()[i[ax]];
                j[ax] = static_cast<std::size_t>(k < 0 ? k + n : k);
                CHECK(got[flat++] == at(xv, s, j));
            });
        }
        // no axis: over the flattened elements
        CHECK(values(loom::take(xx, loom::array<std::uint16_t>{59, 0, 7})) == std::vector<double>{xv[59], xv[0], xv[7]});
        // indices of rank 2 replace the axis by their shape (NumPy's)
        const auto t2 = loom::take(xx, loom::array<int>{{0, 2}, {1, 1}}, 1);
        CHECK(t2.shape() == shape_t{3, 2, 2, 5});
        CHECK(values(loom::view(t2, 2, 0, 1)) == values(loom::view(x, 2, 2)));
    });
    // a strided slab (not one run of memory) per index
    const auto tv = loom::take(loom::transpose(x), loom::array<int>{1}, 0);
    CHECK(values(tv) == values(loom::expand_dims(loom::view(loom::transpose(x), 1), 0)));
    CHECK(loom::take(x, loom::array<int>(shape_t{0}), 1).shape() == shape_t{3, 0, 5});
    CHECK(values(loom::take(loom::array<bool>{true, false}, loom::array<std::int8_t>{1, 1, 0})) == std::vector<bool>{false, false, true});
    // indices from an expression: its evaluated memory lives until the copy is done
    const loom::array<int> idx = {3, 0, 2};
    CHECK(values(loom::take(loom::array<double>{10, 20, 30, 40}, idx + 0)) == std::vector<double>{40, 10, 30});
    CHECK(values(loom::take_along_axis(loom::array<double>{10, 20, 30, 40}, idx * 1)) == std::vector<double>{40, 10, 30});
}

TEST_CASE("take rejects indices out of range before writing anything", "[select][take]") {
    const auto x = ref::iota<int>({2, 3});
    CHECK_THROWS_AS(loom::take(x, loom::array<int>{0, 3}, 1), loom::index_error);
    CHECK_THROWS_WITH(loom::take(x, loom::array<int>{0, 3}, 1), Catch::Contains("take: index 3 is out of bounds for axis 1 with size 3"));
    CHECK_THROWS_WITH(loom::take(x, loom::array<int>{-3}, 0), Catch::Contains("take: index -3 is out of bounds for axis 0 with size 2"));
    CHECK_THROWS_WITH(loom::take(x, loom::array<std::uint64_t>{~std::uint64_t{0}}, 0), Catch::Contains("out of bounds for axis 0 with size 2"));
    CHECK_THROWS_WITH(loom::take(x, loom::array<int>{6}), Catch::Contains("take: index 6 is out of bounds for axis 0 with size 6"));
    CHECK_THROWS_WITH(loom::take(x, loom::array<int>{0}, 2), Catch::Contains("take: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_WITH(loom::take(x, loom::array<int>{0}, 0 * 1 + 5), Catch::Contains("axis 5"));
    CHECK_THROWS_WITH(loom::take(loom::array<int>(shape_t{0, 3}), loom::array<int>{3}, 1), Catch::Contains("index 3 is out of bounds for axis 1 with size 3"));
    CHECK(values(x) == std::vector<int>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("take_along_axis picks one element per index, broadcasting the other axes", "[select][take_along_axis]") {
    const std::vector<std::size_t> s{3, 4};
    const auto x = ref::filled<float>(s, 2);
    const auto xv = values(x);
    each_layout(x, [&](const auto& xx, const char* how) {
        INFO(how);
        // along axis 1: indices (3, 2)
        const loom::array<int> i1 = {{3, 0}, {-1, 1}, {2, 2}};
        const auto t1 = loom::take_along_axis(xx, i1, 1);
        REQUIRE(t1.shape() == shape_t{3, 2});
        const auto g1 = values(t1);
        std::size_t flat = 0;
        ref::for_each_index({3, 2}, [&](const index_t& i) {
            const int k = i1.data()[2 * i[0] + i[1]];
            CHECK(g1[flat++] == at(xv, s, {i[0], static_cast<std::size_t>(k < 0 ? k + 4 : k)}));
        });
        // along axis 0, indices (1, 4) broadcast... and (2, 1) broadcast along axis 1
        const loom::array<long> i0 = {{2, 0, 1, 2}};
        CHECK(values(loom::take_along_axis(xx, i0, 0)) == std::vector<float>{xv[8], xv[1], xv[6], xv[11]});
        const loom::array<long> ic = {{1}, {0}};
        const auto tc = loom::take_along_axis(xx, ic, 0);
        REQUIRE(tc.shape() == shape_t{2, 4});
        CHECK(values(tc) == std::vector<float>{xv[4], xv[5], xv[6], xv[7], xv[0], xv[1], xv[2], xv[3]});
    });
    // with argsort's pairing: each row's elements reordered by an index array
    const loom::array<double> r = {{3, 1, 2}, {9, 8, 7}};
    CHECK(values(loom::take_along_axis(r, loom::array<int>{{1, 2, 0}, {2, 1, 0}})) == std::vector<double>{1, 2, 3, 7, 8, 9});
    CHECK_THROWS_WITH(loom::take_along_axis(x, loom::array<int>{1}, 0), Catch::Contains("take_along_axis: indices have shape (1,) and x shape (3, 4): they need one rank"));
    CHECK_THROWS_WITH(loom::take_along_axis(x, loom::array<int>{{4}}, 1), Catch::Contains("take_along_axis: index 4 is out of bounds for axis 1 with size 4"));
    CHECK_THROWS_AS(loom::take_along_axis(x, loom::array<int>{{0}, {0}}, 1), loom::broadcast_error);
    CHECK_THROWS_WITH(loom::take_along_axis(x, loom::array<int>{{0}, {0}}, 1), Catch::Contains("cannot broadcast indices of shape (2, 1) with x of shape (3, 4): axis 0 has 2 and 3"));
    CHECK(values(x) == xv);
}

TEST_CASE("mask reads the selected elements as a rank-1 operand", "[select][mask]") {
    const std::vector<std::size_t> s{3, 5};
    const auto x = ref::filled<std::int32_t>(s, 3);
    const auto xv = values(x);
    each_layout(x, [&](const auto& xx, const char* how) {
        INFO(how);
        std::vector<std::int32_t> want;
        for (const auto v : xv)
            if (v > 0) want.push_back(v);
        auto sel = loom::mask(xx, xx > 0);
        CHECK(sel.count() == want.size());
        CHECK(sel.shape() == shape_t{want.size()});
        CHECK(values(sel) == want);
        // an operand like any other: in expressions and reductions, evaluated once per assignment
        loom::array<std::int64_t> twice = sel * 2;
        for (std::size_t i = 0; i < want.size(); ++i) CHECK(twice.data()[i] == 2 * want[i]);
        std::int64_t sum = 0;
        for (const auto v : want) sum += v;
        CHECK(static_cast<std::int64_t>(loom::sum(sel)) == sum);
        // a mask of fewer axes broadcasts to x: whole columns
        const loom::array<bool> cols = {true, false, false, true, true};
        std::vector<std::int32_t> wc;
        ref::for_each_index(s, [&](const index_t& i) {
            if (cols.data()[i[1]]) wc.push_back(at(xv, s, i));
        });
        CHECK(values(loom::mask(xx, cols)) == wc);
    });
    // straight into an array or tensor (the target takes the count), with another shape or its own
    loom::array<std::int32_t> r = {1, 2};
    r = loom::mask(x, x > 0);
    CHECK(r.size() == loom::mask(x, x > 0).count());
    r = loom::mask(x, x < 100);
    CHECK(values(r) == xv);
    loom::tensor<std::int32_t, 1> t1 = loom::mask(x, x < 100);
    CHECK(values(t1) == xv);
    CHECK_THROWS_WITH((loom::tensor<std::int32_t, 2>(loom::mask(x, x < 100))), Catch::Contains("to a tensor of rank 2"));
    CHECK(values(loom::mask(x, loom::zeros<bool>(shape_t{3, 5}))).empty());
    CHECK(values(loom::mask(loom::full<int>(shape_t{}, 4), loom::full<bool>(shape_t{}, true))) == std::vector<int>{4});
    CHECK_THROWS_AS(loom::mask(x, loom::array<bool>{true, false}), loom::broadcast_error);
    CHECK_THROWS_WITH(loom::mask(x, loom::array<bool>{true, false}), Catch::Contains("(2,)") && Catch::Contains("(3, 5)"));
}

TEST_CASE("mask assigns the selected elements", "[select][mask]") {
    const std::vector<std::size_t> s{4, 3};
    const auto x0 = ref::filled<double>(s, 4);
    const auto x0v = values(x0);
    // into an array, a strided view and a reversed view
    for (int layout = 0; layout < 3; ++layout) {
        INFO("layout " << layout);
        loom::array<double> base = layout == 1 ? loom::array<double>(shape_t{4, 6}) : loom::array<double>(x0);
        if (layout == 1) loom::view(base, loom::all, loom::range(0, 6, 2)) = x0;
        if (layout == 2) base = loom::flip(x0);
        auto target = [&] {
            if (layout == 1) return loom::view(base, loom::all, loom::range(0, 6, 2));
            if (layout == 2) return loom::view(base, loom::range(loom::none, loom::none, -1), loom::range(loom::none, loom::none, -1));
            return loom::view(base, loom::all, loom::all);
        };
        auto t = target();
        // a number
        loom::mask(t, t < 0) = 0.0;
        std::vector<double> want = x0v;
        for (auto& v : want) v = v < 0 ? 0.0 : v;
        CHECK(values(target()) == want);
        // a rank-1 operand of the count, in C order
        const loom::array<bool> m = ref::make<bool>(s, {true, false, true, false, false, true, true, true, false, false, false, true});
        loom::array<double> vals = {10, 20, 30, 40, 50, 60};
        loom::mask(t, m) = vals;
        std::size_t k = 0;
        for (std::size_t i = 0; i < want.size(); ++i)
            if (m.data()[i]) want[i] = vals.data()[k++];
        CHECK(values(target()) == want);
        // compound: only the selected change
        loom::mask(t, m) += 1;
        loom::mask(t, m) *= loom::array<double>{1, 2, 3, 4, 5, 6};
        k = 0;
        for (std::size_t i = 0; i < want.size(); ++i)
            if (m.data()[i]) want[i] = (want[i] + 1) * static_cast<double>(++k);
        CHECK(values(target()) == want);
        // one value broadcast to the count
        loom::mask(t, m) = loom::array<double>{-1};
        for (std::size_t i = 0; i < want.size(); ++i)
            if (m.data()[i]) want[i] = -1;
        CHECK(values(target()) == want);
    }
}

TEST_CASE("mask assignment of the wrong count writes nothing; reading its own target is safe", "[select][mask]") {
    auto x = ref::iota<int>({2, 3});
    const auto before = values(x);
    CHECK_THROWS_AS(loom::mask(x, x > 2) = loom::array<int>(1, 2), loom::broadcast_error);
    CHECK_THROWS_WITH(loom::mask(x, x > 2) = loom::array<int>(1, 2), Catch::Contains("(2,)") && Catch::Contains("(3,)"));
    CHECK_THROWS_AS(loom::mask(x, x > 2) += loom::array<int>(1, 2, 3, 4), loom::broadcast_error);
    CHECK(values(x) == before);
    // the values read from x itself, in another order: evaluated before any write
    loom::mask(x, x > 2) = loom::flip(loom::mask(x, x > 2));
    CHECK(values(x) == std::vector<int>{0, 1, 2, 5, 4, 3});
    x = loom::mask(x, x != 4);  // the array takes the selection's shape
    CHECK(values(x) == std::vector<int>{0, 1, 2, 5, 3});
    // the mask changed after mask() counted it
    loom::array<bool> m = {true, false, true, false, true};
    auto sel = loom::mask(x, m);
    m.data()[1] = true;
    CHECK_THROWS_WITH(loom::array<int>(sel), Catch::Contains("mask: the mask selected 3 elements when mask() was called and 4 now"));
}

TEST_CASE("mask over long contiguous operands at every density: read, assigned, updated, and a mask that changed", "[select][mask]") {
    std::uint64_t state = 12345;
    const auto next = [&] {  // a small LCG: the same masks on every platform
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) * 0x1.0p-53;
    };
    for (const double density : {0.0, 0.002, 0.1, 0.5, 0.9, 1.0})
        for (const std::size_t n : {1, 7, 8, 9, 16, 17, 63, 64, 65, 1000}) {
            INFO("density " << density << ", " << n << " elements");
            loom::array<double> x(shape_t{n});
            loom::array<bool> m(shape_t{n});
            std::vector<double> want;
            for (std::size_t i = 0; i < n; ++i) {
                x.data()[i] = static_cast<double>(i) + 0.5;
                m.data()[i] = next() < density;
                if (m.data()[i]) want.push_back(x.data()[i]);
            }
            CHECK(values(loom::array<double>(loom::mask(x, m))) == want);
            double mean = 0;
            for (const double v : want) mean += v;
            if (!want.empty()) CHECK(static_cast<double>(loom::mean(loom::mask(x, m))) == Approx(mean / double(want.size())));
            // x[m] = -1, then x[m] += its index among the selected, then x[m] = the selection reversed
            std::vector<double> xv = values(x);
            loom::mask(x, m) = -1.0;
            for (std::size_t i = 0; i < n; ++i)
                if (m.data()[i]) xv[i] = -1.0;
            CHECK(values(x) == xv);
            loom::mask(x, m) += loom::arange(static_cast<double>(want.size()));
            std::size_t k = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (m.data()[i]) xv[i] += static_cast<double>(k++);
            CHECK(values(x) == xv);
            loom::array<double> picked(shape_t{want.size()});
            std::copy(want.begin(), want.end(), picked.data());
            loom::mask(x, m) = loom::flip(picked);
            k = want.size();
            for (std::size_t i = 0; i < n; ++i)
                if (m.data()[i]) xv[i] = want[--k];
            CHECK(values(x) == xv);
            // one more true after mask() counted: reading it throws, whichever way the extra one is found
            auto sel = loom::mask(x, m);
            std::size_t off = 0;
            while (off < n && m.data()[off]) ++off;
            if (off < n) {
                m.data()[off] = true;
                CHECK_THROWS_WITH(loom::array<double>(sel), Catch::Contains("the mask selected"));
            }
        }
}
