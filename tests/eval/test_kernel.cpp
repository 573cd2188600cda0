// tests/eval/test_kernel.cpp: laws of the fused evaluator: every layout of operands and target gives the plain loop's values.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {

using law_types = ref::all_types;

// A layout of a test operand or target: shape, strides in elements (empty:
// row-major) and how many elements past an aligned start it begins.
struct layout {
    std::vector<std::size_t> shape;
    std::vector<std::ptrdiff_t> strides{};
    std::size_t misalign = 0;
};

std::vector<std::ptrdiff_t> strides_of(const layout& l) {
    return l.strides.empty() ? ref::row_major(l.shape) : l.strides;
}

// A layout placed in a buffer of its own, every slot of the buffer filled
// (the gaps between strided elements too) with pattern values.
template <class T>
struct placed {
    layout l;
    std::vector<std::ptrdiff_t> st;
    loom::array<T> buf;  // 64-byte aligned
    std::ptrdiff_t origin = 0;

    placed(const layout& lay, std::size_t seed) : l(lay), st(strides_of(lay)) {
        std::ptrdiff_t lo = 0, hi = 0;
        for (std::size_t i = 0; i < l.shape.size(); ++i) {
            if (l.shape[i] == 0) continue;
            const std::ptrdiff_t reach = st[i] * static_cast<std::ptrdiff_t>(l.shape[i] - 1);
            (reach < 0 ? lo : hi) += reach;
        }
        origin = static_cast<std::ptrdiff_t>(l.misalign) - lo;
        const auto n = static_cast<std::size_t>(origin + hi + 2);
        buf = loom::array<T>(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) buf.data()[i] = ref::pattern<T>(i, seed);
    }
    T* start() { return buf.data() + origin; }
    const T* start() const { return buf.data() + origin; }
    loom::strided_view<const T> view() const { return {start(), ref::to_shape(l.shape), loom::strides_t(st.begin(), st.end())}; }
    loom::strided_view<T> writable() { return {start(), ref::to_shape(l.shape), loom::strides_t(st.begin(), st.end())}; }
    // the element read at result index idx (broadcasting by plain index arithmetic)
    T at(const index_t& idx) const { return start()[ref::offset(idx, l.shape, st)]; }
};

// The expressions under test. e1 runs in SIMD batches for every type, e2 has
// an op without a batch body, so it runs the scalar kernel.
template <class T, class A, class B, class C>
auto e1(const A& a, const B& b, const C& c) {
    if constexpr (std::is_same_v<T, bool>) return (a & b) | c;
    else if constexpr (std::is_floating_point_v<T>) return a * b + c;
    else return a + b - c;
}
template <class T>
T r1(T x, T y, T z) {
    if constexpr (std::is_same_v<T, bool>) return static_cast<bool>((x & y) | z);
    else if constexpr (std::is_floating_point_v<T>) {
        const T p = x * y;  // one operation a statement: no FMA contraction
        return p + z;
    } else {
        const T s = static_cast<T>(x + y);
        return static_cast<T>(s - z);
    }
}
template <class T, class A, class B, class C>
auto e2(const A& a, const B& b, const C& c) {
    if constexpr (std::is_same_v<T, bool>) return (a + b) & c;  // + on bool: no batch body
    else if constexpr (std::is_floating_point_v<T>) return a % b - c * T(2);
    else return a % b + c * T(3);
}
template <class T>
T r2(T x, T y, T z) {
    if constexpr (std::is_same_v<T, bool>) return static_cast<bool>((x || y) && z);
    else if constexpr (std::is_floating_point_v<T>) {
        const T m = std::fmod(x, y);
        const T t = z * T(2);
        return m - t;
    } else {
        // loom's %: C++'s, but x % 0 and x % -1 are 0
        const T m = y == 0 || (std::is_signed_v<T> && y == T(-1)) ? T(0) : static_cast<T>(x % y);
        const T q = static_cast<T>(z * T(3));
        return static_cast<T>(m + q);
    }
}

// Whether the target's buffer holds the expected values where the target
// layout addresses it (compared by eq; by default exactly) and its old
// contents everywhere else.
template <class T, class F, class Eq>
std::string check_target(const placed<T>& t, const loom::array<T>& before, const std::vector<std::size_t>& rs, F want,
                         Eq eq) {
    std::vector<bool> hit(t.buf.size(), false);
    std::size_t bad = 0;
    std::string first;
    ref::for_each_index(rs, [&](const index_t& idx) {
        const auto pos = static_cast<std::size_t>(t.origin + ref::offset(idx, t.l.shape, t.st));
        hit[pos] = true;
        const T w = want(idx), got = t.buf.data()[pos];
        if (!eq(got, w) && bad++ == 0)
            first = "at " + ref::text(idx) + ": got " + ref::text(got) + ", want " + ref::text(w);
    });
    for (std::size_t i = 0; i < hit.size(); ++i)
        if (!hit[i] && !ref::same(t.buf.data()[i], before.data()[i]) && bad++ == 0)
            first = "slot " + std::to_string(i) + " outside the target was written";
    return bad ? first + " (" + std::to_string(bad) + " bad)" : "";
}
template <class T, class F>
std::string check_target(const placed<T>& t, const loom::array<T>& before, const std::vector<std::size_t>& rs, F want) {
    return check_target(t, before, rs, want, [](T x, T y) { return ref::same(x, y); });
}

// u += e into an array of shape rs holding pattern values gives them plus
// want (numbers only: bool has no +=).
template <class T, class E, class W>
void check_add_into_array(const std::vector<std::size_t>& rs, const E& e, W want) {
    if constexpr (!std::is_same_v<T, bool>) {
        const placed<T> old({rs}, 4);
        loom::array<T> u = old.view();
        u += e;
        CHECK(ref::mismatch(u, rs, [&](const index_t& i) { return static_cast<T>(old.at(i) + want(i)); }) == "");
    }
}

// The law: for operands a, b, c and a target of layout `tl` (with shape rs,
// the broadcast shape), evaluating e1 and e2 into a new array and into the
// strided target gives what the plain loop gives; so does filling the target
// with a number, and for 2-D results, evaluating e1 into an array with `=`
// and `+=`.
template <class T>
void law(const layout& la, const layout& lb, const layout& lc, const layout& tl) {
    const std::vector<std::size_t>& rs = tl.shape;
    INFO("a " << ref::to_shape(la.shape) << ", b " << ref::to_shape(lb.shape) << ", c " << ref::to_shape(lc.shape)
              << " -> " << ref::to_shape(rs));
    const placed<T> a(la, 1), b(lb, 2), c(lc, 3);
    const auto va = a.view();
    const auto vb = b.view();
    const auto vc = c.view();
    if constexpr (LOOM_SIMD) {
        static_assert(loom::detail::runs_simd<T, decltype(e1<T>(va, vb, vc))>);
        static_assert(!loom::detail::runs_simd<T, decltype(e2<T>(va, vb, vc))>);
    }
    auto want1 = [&](const index_t& i) { return r1<T>(a.at(i), b.at(i), c.at(i)); };
    auto want2 = [&](const index_t& i) { return r2<T>(a.at(i), b.at(i), c.at(i)); };
    {
        const loom::array<T> r = e1<T>(va, vb, vc);
        CHECK(ref::mismatch(r, rs, want1) == "");
        const loom::array<T> s = e2<T>(va, vb, vc);
        CHECK(ref::mismatch(s, rs, want2) == "");
    }
    {
        placed<T> t(tl, 4);
        const loom::array<T> before = t.buf;
        auto vt = t.writable();
        vt = e1<T>(va, vb, vc);
        CHECK(check_target(t, before, rs, want1) == "");
        vt = e2<T>(va, vb, vc);
        CHECK(check_target(t, before, rs, want2) == "");
        // expressions without leaves (assign.hpp fill): a number, numbers combined
        const T fill = ref::pattern<T>(7, 5);
        vt = fill;
        CHECK(check_target(t, before, rs, [&](const index_t&) { return fill; }) == "");
        if constexpr (!std::is_same_v<T, bool>) {
            vt = loom::scalar_node<T>(fill) * T(2) + T(1);
            CHECK(check_target(t, before, rs, [&](const index_t&) { return static_cast<T>(fill * T(2) + T(1)); }) == "");
        }
    }
    if (rs.size() == 2) {  // into an array of the result's shape, `=` and `+=`: views whose rows are contiguous
        loom::array<T> r(ref::to_shape(rs));  // take the rows route (classify.hpp takes_rows)
        r = e1<T>(va, vb, vc);
        CHECK(ref::mismatch(r, rs, want1) == "");
        check_add_into_array<T>(rs, e1<T>(va, vb, vc), want1);
    }
}

// Same operands, all three of shape `s`, contiguous, with the given misalignment.
template <class T>
void law_contiguous(const std::vector<std::size_t>& s, std::size_t misalign) {
    law<T>({s, {}, misalign}, {s, {}, misalign}, {s, {}, misalign}, {s, {}, misalign});
}

// The law for owning operands (arrays, tensors), which take their own paths:
// all of the target's shape (one flat loop), rank <= 2 broadcast into a 2-D
// target (rows without a plan), anything else (the planner). Into a target of
// the result's shape, into one of another shape, a new array, a tensor, and in
// place with `+=`.
template <class T>
void law_owning(const std::vector<std::size_t>& sa, const std::vector<std::size_t>& sb,
                const std::vector<std::size_t>& sc, const std::vector<std::size_t>& rs) {
    INFO("owning a " << ref::to_shape(sa) << ", b " << ref::to_shape(sb) << ", c " << ref::to_shape(sc) << " -> "
                     << ref::to_shape(rs));
    const placed<T> a({sa}, 1), b({sb}, 2), c({sc}, 3);
    const loom::array<T> oa = a.view(), ob = b.view(), oc = c.view();
    auto want = [&](const index_t& i) { return r1<T>(a.at(i), b.at(i), c.at(i)); };
    loom::array<T> r(ref::to_shape(rs));
    r = e1<T>(oa, ob, oc);
    CHECK(ref::mismatch(r, rs, want) == "");
    loom::array<T> other(shape_t{1});
    other = e1<T>(oa, ob, oc);
    CHECK(ref::mismatch(other, rs, want) == "");
    const loom::array<T> fresh = e1<T>(oa, ob, oc);
    CHECK(ref::mismatch(fresh, rs, want) == "");
    if (rs.size() == 2) {
        loom::tensor<T, 2> t(ref::to_shape(rs));
        t = e1<T>(oa, ob, oc);
        CHECK(ref::mismatch(t, rs, want) == "");
    }
    check_add_into_array<T>(rs, e1<T>(oa, ob, oc), want);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("owning operands: flat, rows without a plan, and the planner", "[eval][kernel][owning]",
                        law_types) {
    for (std::size_t m : {1, 3, 5}) {
        for (std::size_t n : {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 33}) {
            law_owning<TestType>({m, n}, {m, n}, {m, n}, {m, n});  // same shape: one flat loop
            law_owning<TestType>({m, n}, {n}, {m, n}, {m, n});     // row
            law_owning<TestType>({m, n}, {m, 1}, {m, n}, {m, n});  // column
            law_owning<TestType>({m, 1}, {1, n}, {n}, {m, n});     // outer, plus a row
            law_owning<TestType>({1}, {m, n}, {}, {m, n});         // rank 1 and rank 0 operands
        }
    }
    law_owning<TestType>({4, 1, 10}, {3, 1}, {10}, {4, 3, 10});  // rank 3: the planner
    law_owning<TestType>({0, 4}, {4}, {1, 4}, {0, 4});           // empty
    // same shapes without a shape key (rank 5; an extent past the rank-4 field): compared axis by axis
    law_owning<TestType>({2, 3, 1, 2, 3}, {2, 3, 1, 2, 3}, {2, 3, 1, 2, 3}, {2, 3, 1, 2, 3});
    law_owning<TestType>({1, 1, 1, 32768}, {1, 1, 1, 32768}, {1, 1, 1, 32768}, {1, 1, 1, 32768});
    law_owning<TestType>({1, 1, 1, 32768}, {32768}, {1, 32768}, {1, 1, 1, 32768});
}

TEST_CASE("owning operands with the target's element count but another shape do not take the flat loop",
          "[eval][kernel][owning]") {
    const loom::array<double> a = ref::iota<double>({2, 8}), b = ref::iota<double>({2, 8});
    for (const shape_t& other : {shape_t{4, 4}, shape_t{8, 2}, shape_t{16}, shape_t{1, 16}, shape_t{2, 8, 1},
                                 shape_t{1, 2, 2, 4}}) {
        INFO("target " << other);
        loom::array<double> r(other);
        r = a + 2.0 * b;  // value semantics: r takes (2, 8)
        CHECK(r.shape() == shape_t{2, 8});
        CHECK(ref::mismatch(r, {2, 8}, [&](const index_t& i) { return 3.0 * static_cast<double>(i[0] * 8 + i[1]); }) ==
              "");
        loom::array<double> u(other, 5.0);
        CHECK_THROWS_AS(u += a, loom::broadcast_error);  // (2, 8) does not broadcast to any of them
        CHECK(u.shape() == other);
        CHECK(std::all_of(u.begin(), u.end(), [](double v) { return v == 5.0; }));
        const loom::array<double> fresh = u + 1.0;  // a new array from one owning leaf: u's shape and count
        CHECK(fresh.shape() == other);
        CHECK(fresh.size() == 16);
        CHECK(fresh.strides() == u.strides());
    }
    // rank 5 on both sides: no shape keys, the axes are compared
    const loom::array<double> a5 = ref::iota<double>({2, 2, 2, 2, 1});
    loom::array<double> r5(shape_t{1, 2, 2, 2, 2});
    r5 = a5 + 2.0 * a5;
    CHECK(r5.shape() == shape_t{2, 2, 2, 2, 1});
    CHECK(r5.data()[15] == 45.0);
    loom::array<double> u5(shape_t{1, 2, 2, 2, 2}, 5.0);
    CHECK_THROWS_AS(u5 += a5, loom::broadcast_error);
    CHECK(std::all_of(u5.begin(), u5.end(), [](double v) { return v == 5.0; }));
}

TEMPLATE_LIST_TEST_CASE("contiguous operands, every length around the SIMD width", "[eval][kernel][simd]", law_types) {
    std::vector<std::size_t> sizes;
    for (std::size_t n = 0; n <= 17; ++n) sizes.push_back(n);
    for (std::size_t n : {31, 33, 63, 65, 1000}) sizes.push_back(n);
    for (std::size_t n : sizes) {
        law_contiguous<TestType>({n}, 0);
        law_contiguous<TestType>({n}, 1);  // misaligned starts: adapt over data() + 1
        law_contiguous<TestType>({n}, 3);
    }
    // the same lengths as 2-D blocks (coalesced into one loop)
    law_contiguous<TestType>({7, 9}, 0);
    law_contiguous<TestType>({3, 1, 11}, 1);
}

TEMPLATE_LIST_TEST_CASE("misaligned operands with an aligned target and the other way round", "[eval][kernel][simd]", law_types) {
    for (std::size_t n : {1, 2, 3, 5, 8, 13, 17, 33}) {
        law<TestType>({{n}, {}, 1}, {{n}, {}, 2}, {{n}, {}, 0}, {{n}, {}, 0});
        law<TestType>({{n}, {}, 0}, {{n}, {}, 0}, {{n}, {}, 0}, {{n}, {}, 1});
        law<TestType>({{2, n}, {}, 5}, {{2, n}, {}, 1}, {{2, n}, {}, 7}, {{2, n}, {}, 3});
    }
}

TEMPLATE_LIST_TEST_CASE("row, column and outer broadcasting", "[eval][kernel][broadcast]", law_types) {
    for (std::size_t m : {1, 3, 5}) {
        for (std::size_t n : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33}) {
            // row: A(M,N) + b(N)
            law<TestType>({{m, n}}, {{n}}, {{m, n}}, {{m, n}});
            // column: A(M,N) + c(M,1)
            law<TestType>({{m, n}}, {{m, 1}}, {{m, n}}, {{m, n}});
            // outer: x(M,1) * y(1,N), plus a row
            law<TestType>({{m, 1}}, {{1, n}}, {{n}}, {{m, n}});
            // a scalar-shaped operand, and the broadcast operand first
            law<TestType>({{1}}, {{m, n}}, {{}}, {{m, n}});
            // views: rows of another pitch, reversed rows, misaligned, a column as
            // expand_dims makes it (strides {1, 0}) and a row with a 0 row stride
            const auto N = static_cast<std::ptrdiff_t>(n);
            law<TestType>(layout{{m, n}, {N + 3, 1}, 1}, {{n}}, layout{{m, 1}, {1, 0}}, {{m, n}});
            law<TestType>(layout{{m, n}, {-(N + 2), 1}, 2}, layout{{1, n}, {0, 1}, 1}, {{m, n}}, {{m, n}});
        }
    }
    // a column over a 3-D block and a row over its last axis
    law<TestType>({{4, 3, 10}}, {{3, 1}}, {{10}}, {{4, 3, 10}});
    law<TestType>({{4, 1, 10}}, {{1, 3, 1}}, {{1, 1, 10}}, {{4, 3, 10}});
}

// Two operands: the general kind runs a row loop of its own for each set of
// one splatted and one stepping operand (kernel::rows_for), and the loop that
// tests each operand for the other sets. (a - b) + 1 in a new array, in a
// strided and misaligned target (into which an expression of a smaller shape
// may broadcast, both operands splatted), and streamed.
template <class T>
void law_two(const layout& la, const layout& lb, const layout& tl) {
    const std::vector<std::size_t>& rs = tl.shape;
    INFO("a " << ref::to_shape(la.shape) << ", b " << ref::to_shape(lb.shape) << " -> " << ref::to_shape(rs));
    const placed<T> a(la, 1), b(lb, 2);
    const auto va = a.view();
    const auto vb = b.view();
    const auto want = [&](const index_t& i) {
        const T d = static_cast<T>(a.at(i) - b.at(i));  // one operation a statement, in T
        return static_cast<T>(d + T(1));
    };
    const auto e = (va - vb) + T(1);
    static_assert(!LOOM_SIMD || loom::detail::runs_simd<T, std::remove_const_t<decltype(e)>>);
    static_assert(loom::detail::walker<std::remove_const_t<decltype(e)>>::leaves == 2);
    for (const std::size_t threshold : {std::size_t{0}, std::size_t{1}}) {  // plain stores, then streamed
        const loom::streaming_threshold_scope scope(threshold);
        if (loom::broadcast_shapes(va.shape(), vb.shape()) == ref::to_shape(rs)) {
            const loom::array<T> r = e;
            CHECK(ref::mismatch(r, rs, want) == "");
        }
        placed<T> t(tl, 4);
        const loom::array<T> before = t.buf;
        auto vt = t.writable();
        vt = e;
        CHECK(check_target(t, before, rs, want) == "");
    }
}

// The same with the target as the stepping operand, in step with itself
// (t = (t - b) + 1, t = (b - t) + 1, t -= b, into a view and into an array):
// every element is read before it is written, once. A row loop that computed
// elements again (a last batch ending at the row's end, as tried in
// docs/performance.md "Short rows") would read them back changed here.
template <class T>
void law_two_in_place(const layout& tl, const layout& lb) {
    const std::vector<std::size_t>& rs = tl.shape;
    INFO("t " << ref::to_shape(rs) << ", b " << ref::to_shape(lb.shape));
    const placed<T> old(tl, 4), b(lb, 2);
    const auto vb = b.view();
    const auto minus = [&](const index_t& i) { return static_cast<T>(old.at(i) - b.at(i)); };
    const auto check = [&](auto assign, auto want) {
        placed<T> t(tl, 4);
        const loom::array<T> before = t.buf;
        auto vt = t.writable();
        assign(vt);
        CHECK(check_target(t, before, rs, want) == "");
    };
    check([&](auto& vt) { vt = (vt - vb) + T(1); }, [&](const index_t& i) { return static_cast<T>(minus(i) + T(1)); });
    check([&](auto& vt) { vt = (vb - vt) + T(1); },
          [&](const index_t& i) { return static_cast<T>(static_cast<T>(b.at(i) - old.at(i)) + T(1)); });
    check([&](auto& vt) { vt -= vb; }, minus);
    loom::array<T> u = old.view();
    u -= vb;
    CHECK(ref::mismatch(u, rs, minus) == "");
}

TEMPLATE_LIST_TEST_CASE("two operands: each set of operands splatted along the rows", "[eval][kernel][broadcast]",
                        law_types) {
    using T = TestType;
    if constexpr (!std::is_same_v<T, bool>) {  // no - on bool
        for (std::size_t n : {1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 15, 16, 17, 33}) {
            const auto N = static_cast<std::ptrdiff_t>(n);
            const layout target{{3, n}, {N + 2, 1}, 1};
            law_two<T>({{3, n}}, {{3, 1}}, {{3, n}});               // the second splatted
            law_two<T>({{3, 1}}, {{3, n}}, target);                 // the first
            law_two<T>({{3, 1}}, {{1, n}}, target);                 // one each way (outer)
            law_two<T>({{3, 1}}, {{1}}, target);                    // both: the target is wider
            law_two<T>({{3, n}}, {{3, n}, {1, 3}}, {{3, n}});       // neither: a strided operand (gathered)
            law_two<T>({{20, n}}, {{20, n}, {1, 20}}, {{20, n}});   // neither: turned tiles (20 elements a step)
            law_two<T>({{2, 1, 3, 1}}, {{4, 1, n}}, {{2, 4, 3, n}});  // the 4-D pattern, with planes
            law_two<T>({{4, 1, n}}, {{2, 1, 3, 1}}, layout{{2, 4, 3, n}, {16 * N + 20, 4 * N + 4, N + 1, 1}, 3});
            law_two_in_place<T>({{3, n}}, {{3, 1}});
            law_two_in_place<T>(target, {{3, 1}});
            law_two_in_place<T>({{2, 4, 3, n}}, {{2, 1, 3, 1}});
        }
    }
}

TEMPLATE_LIST_TEST_CASE("strided, transposed and reversed operands", "[eval][kernel][strided]", law_types) {
    for (std::size_t m : {1, 2, 5}) {
        for (std::size_t n : {1, 3, 4, 9, 17, 40}) {
            const auto M = static_cast<std::ptrdiff_t>(m), N = static_cast<std::ptrdiff_t>(n);
            const layout contiguous{{m, n}};
            const layout every_other{{m, n}, {2 * N + 1, 2}};
            const layout transposed{{m, n}, {1, M}};
            const layout reversed{{m, n}, {-N, -1}};
            const layout reversed_rows{{m, n}, {-N, 1}, 1};
            law<TestType>(every_other, contiguous, contiguous, contiguous);
            law<TestType>(contiguous, transposed, every_other, contiguous);
            law<TestType>(reversed, contiguous, transposed, contiguous);
            law<TestType>(reversed_rows, every_other, reversed, contiguous);
            // strided operands with a broadcast one
            law<TestType>(transposed, layout{{n}, {-1}}, layout{{m, 1}, {3, 1}}, contiguous);
        }
    }
    // a strided row of 1000: packed in chunks
    law<TestType>({{1000}, {3}}, {{1000}}, {{1000}, {-2}}, {{1000}});
}

// Operands or a target running against the target's order past a cache line
// (more than 64 bytes a step) are walked in tiles; operands contiguous down the
// target's columns (A + transpose(B)) have their tiles transposed into rows in
// 4x4 blocks. Sizes around the tiles (16 x 64, 64 x 64) and the blocks, with
// tails in both directions.
TEMPLATE_LIST_TEST_CASE("tiled: operands and targets against the target's order", "[eval][kernel][tiled]", law_types) {
    for (const auto& [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{
             {9, 17}, {17, 9}, {33, 70}, {70, 33}, {65, 130}, {131, 66}}) {
        const auto M = static_cast<std::ptrdiff_t>(m), N = static_cast<std::ptrdiff_t>(n);
        const layout contiguous{{m, n}};
        const layout transposed{{m, n}, {1, M}};
        const layout transposed_off{{m, n}, {1, M + 3}, 1};  // padded columns, misaligned
        const layout every_other_down{{m, n}, {2, 2 * M + 1}};  // against the order, not contiguous: gathered
        // one transposed operand, two (one misaligned), with a row and a column broadcast
        law<TestType>(contiguous, transposed, contiguous, contiguous);
        law<TestType>(transposed, transposed_off, layout{{n}}, contiguous);
        law<TestType>(transposed, transposed, transposed_off, contiguous);  // three: their buffers on the heap
        law<TestType>(layout{{m, 1}}, transposed, transposed_off, layout{{m, n}, {}, 3});
        // a strided operand against the order beside a transposed one: gathered row by row
        law<TestType>(transposed, layout{{m, 1}}, every_other_down, contiguous);
        // targets against the order
        law<TestType>(contiguous, transposed, layout{{n}}, layout{{m, n}, {1, M}});
        law<TestType>(transposed, contiguous, contiguous, layout{{m, n}, {1, M + 2}, 1});
        // rank 3: each (m, n) block transposed, a broadcast over the blocks
        law<TestType>(layout{{3, m, n}, {M * N, 1, M}}, layout{{3, 1, 1}}, layout{{n}}, layout{{3, m, n}});
    }
}

TEMPLATE_LIST_TEST_CASE("strided, transposed and reversed targets", "[eval][kernel][strided]", law_types) {
    for (std::size_t m : {1, 2, 5}) {
        for (std::size_t n : {1, 3, 4, 9, 17, 40}) {
            const auto M = static_cast<std::ptrdiff_t>(m), N = static_cast<std::ptrdiff_t>(n);
            const layout contiguous{{m, n}};
            law<TestType>(contiguous, contiguous, contiguous, layout{{m, n}, {2 * N + 3, 2}});
            law<TestType>(contiguous, layout{{n}}, contiguous, layout{{m, n}, {1, M}});
            law<TestType>(contiguous, layout{{m, 1}}, layout{{m, n}, {1, M}}, layout{{m, n}, {-N, -1}});
            law<TestType>(layout{{m, n}, {2 * N, 2}}, layout{{m, 1}}, layout{{n}}, layout{{m, n}, {N + 5, 1}, 1});
        }
    }
    law<TestType>({{1000}}, {{1}}, {{1000}}, {{1000}, {2}});
    law<TestType>({{1000}}, {{1}}, {{1000}}, {{1000}, {-1}});
}

// Untiled, the rows' call also runs the third axis from the end (the block's
// planes, kernel.hpp row_state::planes): every kind with row and plane pitches
// that keep the axes from coalescing, planes walked backwards, rank 4 (the
// odometer around the planes), rows shorter and longer than a batch, and the
// non-temporal stores.
template <class T>
void law_planes() {
    for (std::size_t n : {5, 33}) {
        const auto N = static_cast<std::ptrdiff_t>(n);
        const layout gaps{{3, 4, n}, {5 * (N + 2), N + 2, 1}};   // rows of n, 2 apart; planes of 4 rows, 1 row apart
        const layout target{{3, 4, n}, {4 * (N + 1) + 3, N + 1, 1}, 1};
        law<T>(gaps, gaps, gaps, target);                                       // flat
        law<T>(gaps, layout{{4, 1}}, layout{{n}}, target);                      // general
        law<T>(layout{{3, 4, n}, {8 * N + 8, 2 * N + 2, 2}}, layout{{4, 1}}, gaps, target);  // packed
        law<T>(gaps, gaps, layout{{3, 1, 1}}, layout{{3, 4, n}, {-(4 * N + 7), N + 1, 1}});  // planes backwards
        law<T>(layout{{3, 4, n}, {-5 * (N + 2), N + 2, 1}}, layout{{1, 4, n}}, layout{{1}}, target);
        // rank 4: the 4-D pattern (8,1,6,1) with (7,1,5), smaller and with rows of n
        law<T>({{2, 1, 3, 1}}, {{4, 1, n}}, {{1}}, {{2, 4, 3, n}});
        law<T>({{2, 1, 3, 1}}, {{4, 1, n}}, {{1}}, layout{{2, 4, 3, n}, {16 * N + 20, 4 * N + 4, N + 1, 1}});
        law<T>({{2, 3, 1, n}}, gaps, {{4, 1}}, layout{{2, 3, 4, n}, {16 * N + 20, 4 * N + 4, N + 1, 1}, 3});
    }
}
TEMPLATE_LIST_TEST_CASE("the third axis from the end in the rows' call: every kind, ranks 3 and 4", "[eval][kernel][planes]",
                        law_types) {
    law_planes<TestType>();
    const loom::streaming_threshold_scope everything(1);  // the same with non-temporal stores
    law_planes<TestType>();
}

TEMPLATE_LIST_TEST_CASE("0-size axes and rank 0", "[eval][kernel][edge]", law_types) {
    law<TestType>({{0}}, {{0}}, {{0}}, {{0}});
    law<TestType>({{0}}, {{1}}, {{}}, {{0}});
    law<TestType>({{2, 0}}, {{2, 1}}, {{0}}, {{2, 0}});
    law<TestType>({{0, 5}}, {{5}}, {{1, 5}}, {{0, 5}});
    law<TestType>({{3, 0, 2}}, {{1, 0, 1}}, {{2}}, {{3, 0, 2}});
    law<TestType>({{0, 1}}, {{1, 0}}, {{}}, {{0, 0}});
    // rank 0 everywhere, and rank 0 with size-1 axes
    law<TestType>({{}}, {{}}, {{}}, {{}});
    law<TestType>({{1, 1}}, {{}}, {{1}}, {{1, 1}});
    law<TestType>({{}, {}, 1}, {{}}, {{}, {}, 3}, {{}, {}, 1});
}

TEMPLATE_LIST_TEST_CASE("rank 5 and beyond, with broadcasting on several axes", "[eval][kernel][rank]", law_types) {
    law<TestType>({{2, 3, 1, 4, 5}}, {{3, 1, 5}}, {{4, 1}}, {{2, 3, 3, 4, 5}});
    law<TestType>({{2, 1, 3, 1, 2, 5}}, {{1, 4, 1, 3, 1, 5}}, {{5}}, {{2, 4, 3, 3, 2, 5}});
    // rank 9 and 12: shapes past the inline capacity of shape_t
    law<TestType>({{2, 1, 2, 1, 2, 1, 2, 1, 3}}, {{2, 1, 1, 1, 1, 1, 1, 3}}, {{3}}, {{2, 2, 2, 1, 2, 1, 2, 1, 3}});
    law<TestType>({{1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 3}}, {{2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1}},
                  {{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3}}, {{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3}});
    // a strided rank-5 operand (every other element of a bigger block) into a transposed-ish target
    law<TestType>({{2, 3, 2, 2, 3}, {144, 48, 12, 6, 2}}, {{2, 1, 3}}, {{2, 3}},
                  {{2, 3, 2, 2, 3}, {1, 2, 6, 12, 24}});
}

TEST_CASE("a mixed tree of math, comparisons, where and casts over broadcast operands", "[eval][kernel]") {
    // a mixed tree: math, comparisons, where, casts and scalars over broadcast operands
    const std::vector<std::size_t> as{4, 1, 6}, bs{5, 1}, cs{6};
    const auto a = ref::filled<double>(as, 1);
    const auto b = ref::filled<float>(bs, 2);
    const auto c = ref::filled<std::int32_t>(cs, 3);
    const loom::array<double> r = loom::where(a > b, loom::sqrt(loom::abs(a * b)) + c, -loom::astype<double>(c) / 3.0);
    CHECK(ref::mismatch_near(r, {4, 5, 6}, [&](const index_t& i) {
              const double x = a.data()[ref::offset(i, as)], y = b.data()[ref::offset(i, bs)];
              const double z = c.data()[ref::offset(i, cs)];
              if (x > y) {
                  const double p = x * y;
                  return std::sqrt(std::fabs(p)) + z;
              }
              return -z / 3.0;
          }, 1e-15) == "");
}

// The non-temporal stores (loom::set_streaming_threshold) on every path that
// takes them: the flat loop (owning operands and views), rows without a plan,
// the planner's general kind and turned tiles; misaligned targets (their first
// elements stored one by one), tails, rows of every length around the SIMD
// width. Strided targets store as before.
TEMPLATE_LIST_TEST_CASE("non-temporal stores give the plain loop's values on every path", "[eval][kernel][stream]",
                        law_types) {
    const loom::streaming_threshold_scope everything(1);  // every assignment here streams
    REQUIRE(loom::streaming_threshold() == 1);
    for (std::size_t n : {0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 1000}) {
        law_contiguous<TestType>({n}, 0);
        law_contiguous<TestType>({n}, 1);
        law_contiguous<TestType>({n}, 3);
    }
    for (std::size_t m : {1, 3, 5}) {
        for (std::size_t n : {1, 3, 8, 9, 17, 33}) {
            law_owning<TestType>({m, n}, {m, n}, {m, n}, {m, n});  // flat
            law_owning<TestType>({m, n}, {n}, {m, n}, {m, n});     // row, without a plan
            law_owning<TestType>({m, 1}, {1, n}, {n}, {m, n});     // outer
            law<TestType>({{m, n}}, {{m, 1}}, {{m, n}}, {{m, n}, {}, 3});  // column, misaligned target
            law<TestType>({{m, 1}}, {{1, n}}, {{n}}, {{m, n}, {}, 1});
        }
    }
    law_owning<TestType>({4, 1, 10}, {3, 1}, {10}, {4, 3, 10});  // the planner, general kind
    law<TestType>({{4, 3, 10}, {}, 1}, {{4, 3, 10}}, {{4, 3, 10}, {}, 2}, {{4, 3, 10}, {}, 5});  // planner, flat kind
    for (const auto& [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{{17, 9}, {33, 70}, {65, 130}}) {
        const auto M = static_cast<std::ptrdiff_t>(m);
        const layout contiguous{{m, n}};
        const layout transposed{{m, n}, {1, M}};
        law<TestType>(contiguous, transposed, contiguous, contiguous);                 // turned tiles
        // streamed, the turned tiles are 64 rows tall, their buffers on the heap: two and three of them
        law<TestType>(transposed, contiguous, transposed, contiguous);
        law<TestType>(transposed, transposed, transposed, layout{{m, n}, {}, 1});
        law<TestType>(layout{{m, 1}}, transposed, layout{{n}}, layout{{m, n}, {}, 3});  // misaligned target
        law<TestType>(contiguous, transposed, layout{{n}}, layout{{m, n}, {1, M}});  // a target against the order
    }
    law<TestType>({{1000}}, {{1}}, {{1000}}, {{1000}, {2}});  // a strided target
    law<TestType>({{}}, {{}}, {{}}, {{}});                    // rank 0
    law<TestType>({{}, {}, 1}, {{}}, {{}, {}, 3}, {{}, {}, 1});
}

TEST_CASE("the streaming threshold: per thread, 0 for never, against the bytes an assignment moves",
          "[eval][kernel][stream]") {
    // the default: the build's value, or the last-level cache's size when larger (0 stays never)
    constexpr auto built = static_cast<std::size_t>(LOOM_STREAMING_THRESHOLD);
    const std::size_t llc = loom::detail::last_level_cache_bytes();
    const std::size_t def = built == 0 ? 0 : std::max(built, llc);
    INFO("last-level cache " << llc << " bytes");
    CHECK(loom::detail::default_streaming_threshold() == def);
    CHECK(loom::streaming_threshold() == def);
    if (def > 0) {  // below the default an assignment does not stream, from it on it does
        CHECK_FALSE(loom::detail::streams<double>(def - 1));
        CHECK(loom::detail::streams<double>(def) == (loom::simd::stream_align<double> != 0));
    }
    const std::size_t old = loom::set_streaming_threshold(1000);
    CHECK(old == def);
    CHECK(loom::streaming_threshold() == 1000);
    std::size_t elsewhere = 0;
    std::thread([&] { elsewhere = loom::streaming_threshold(); }).join();
    CHECK(elsewhere == def);  // another thread keeps the default

    // x86 builds with SIMD have the stores; the others never stream
    constexpr bool has = loom::simd::stream_align<double> != 0;
#if LOOM_SIMD && (defined(__x86_64__) || defined(__i386__))
    STATIC_REQUIRE(has);
#endif
    alignas(64) double buf[16] = {};
    CHECK(loom::detail::streams<double>(1000) == has);
    CHECK(loom::detail::streams<double>(1001) == has);
    CHECK_FALSE(loom::detail::streams<double>(999));
    CHECK_FALSE(loom::detail::streams<double>(0));
    {
        const loom::streaming_threshold_scope never(0);  // 0: never, however many bytes
        CHECK(loom::streaming_threshold() == 0);
        CHECK_FALSE(loom::detail::streams<double>(std::numeric_limits<std::size_t>::max()));
        CHECK_FALSE(loom::detail::streams<double>(0));
    }
    {
        const loom::streaming_threshold_scope largest(std::numeric_limits<std::size_t>::max());
        CHECK(loom::streaming_threshold() == std::numeric_limits<std::size_t>::max());
        CHECK(loom::detail::streams<double>(std::numeric_limits<std::size_t>::max()) == has);
        CHECK_FALSE(loom::detail::streams<double>(std::numeric_limits<std::size_t>::max() - 1));
    }
    CHECK(loom::streaming_threshold() == 1000);
    // the elements before the first one aligned for the stores: all of them
    // for a pointer that is not aligned to its element type (never streamed)
    if constexpr (has) {
        constexpr std::size_t per = loom::simd::stream_align<double> / sizeof(double);
        CHECK(loom::detail::stream_head(buf, 100) == 0);
        CHECK(loom::detail::stream_head(buf + 1, 100) == per - 1);
        CHECK(loom::detail::stream_head(buf + 1, per - 2) == per - 2);  // no more than there are
        const auto* odd = reinterpret_cast<const double*>(reinterpret_cast<const char*>(buf) + 4);
        CHECK(loom::detail::stream_head(odd, 100) == 100);
        CHECK(loom::detail::stream_head(odd, 0) == 0);
    }
    // the bytes a planned assignment moves: the target's elements and each
    // operand's own, broadcast axes not counted (derived from the plan's strides)
    const loom::array<double> a = ref::iota<double>({4, 1, 10}), b = ref::iota<double>({3, 1}),
                              c = ref::iota<double>({10});
    const auto e = a * b + c;
    using E = std::remove_cvref_t<decltype(e)>;
    const loom::detail::prepared_leaves<E> lv(e);
    const shape_t rs{4, 3, 10};
    loom::detail::plan<3> p;
    loom::detail::make_plan(p, rs, loom::c_strides(rs), lv.d);
    using K = loom::detail::kernel<double, E>;
    CHECK(K::moved(p) == (120 + 40 + 3 + 10) * sizeof(double));
    CHECK(K::moved_at_most(p) == 4 * 120 * sizeof(double));
    // views of one buffer (a stencil's) count once
    const loom::array<double> g = ref::iota<double>({12});
    const auto st = loom::view(g, loom::range(0, -2)) + loom::view(g, loom::range(2, loom::none));
    using S = std::remove_cvref_t<decltype(st)>;
    const loom::detail::prepared_leaves<S> ls(st);
    loom::detail::plan<2> q;
    loom::detail::make_plan(q, shape_t{10}, loom::c_strides(shape_t{10}), ls.d);
    CHECK(loom::detail::kernel<double, S>::moved(q) == (10 + 10) * sizeof(double));
    loom::set_streaming_threshold(0);
    CHECK_FALSE(loom::detail::streams<double>(static_cast<std::size_t>(-1)));
    loom::set_streaming_threshold(old);
    CHECK(loom::streaming_threshold() == def);
    {
        const loom::streaming_threshold_scope plain(0);
        CHECK(loom::streaming_threshold() == 0);
    }
    CHECK(loom::streaming_threshold() == def);
}

TEST_CASE("loops bound by computing never stream and prefetch: math functions but sqrt, and pow", "[eval][kernel][stream]") {
    using A = loom::array<double>;
    const A a = ref::iota<double>({3}), b = ref::iota<double>({3});
    const auto may = [](const auto& e) { return loom::detail::kernel<double, std::remove_cvref_t<decltype(e)>>::may_stream; };
    const auto pre = [](const auto& e) { return loom::detail::kernel<double, std::remove_cvref_t<decltype(e)>>::prefetches; };
    constexpr bool simd = LOOM_SIMD != 0;
    CHECK(may(a * b + 1.0) == simd);
    CHECK(may(loom::sqrt(a) / b - loom::abs(a)) == simd);
    CHECK(may(loom::maximum(a, b) * 2.0) == simd);
    CHECK_FALSE(pre(a * b + 1.0));
    CHECK_FALSE(pre(loom::sqrt(a) / b - loom::abs(a)));
    CHECK_FALSE(may(loom::exp(a) * loom::sin(b)));
    CHECK_FALSE(may(a + loom::pow(a, b)));
    CHECK_FALSE(may(a * (b + loom::log(a))));  // deep in the tree
    CHECK_FALSE(may(loom::expand_dims(a, 0) + loom::in_dim(loom::tanh(b), {1})));  // inside an in_dim operand
    CHECK(pre(loom::exp(a) * loom::sin(b)) == simd);
    CHECK(pre(a + loom::pow(a, b)) == simd);
    CHECK(pre(a * (b + loom::log(a))) == simd);
    CHECK(pre(loom::expand_dims(a, 0) + loom::in_dim(loom::tanh(b), {1})) == simd);
    CHECK_FALSE(loom::detail::kernel<bool, std::remove_cvref_t<decltype(loom::isnan(loom::exp(a)))>>::prefetches);  // scalar loop
    CHECK(loom::detail::kernel<bool, std::remove_cvref_t<decltype(loom::exp(a) > b)>>::prefetches == simd);  // into bool in SIMD
    // a heavy loop over a target past the threshold: plain stores, the plain loop's values
    const loom::streaming_threshold_scope everything(1);
    const A r = loom::exp(a) * loom::sin(b);
    for (std::size_t i = 0; i < 3; ++i) {
        const double x = std::exp(a.data()[i]), y = std::sin(b.data()[i]);
        CHECK(r.data()[i] == Approx(x * y).epsilon(1e-15));
    }
}

// A heavy tree (kernel::prefetches: its SIMD loops prefetch ahead of every
// leaf and the target) on every path, from views into a placed target and
// from owning copies into a new array, against std::exp within a few ulps.
// Products only, so that the relative error stays that of exp.
template <class T>
void law_heavy(const layout& la, const layout& lb, const layout& lc, const layout& tl) {
    const std::vector<std::size_t>& rs = tl.shape;
    INFO("heavy: a " << ref::to_shape(la.shape) << ", b " << ref::to_shape(lb.shape) << ", c "
                     << ref::to_shape(lc.shape) << " -> " << ref::to_shape(rs));
    const placed<T> a(la, 1), b(lb, 2), c(lc, 3);
    const auto h = [](const auto& x, const auto& y, const auto& z) { return loom::exp(x / T(64)) * y * z; };
    STATIC_REQUIRE(loom::detail::kernel<T, decltype(h(a.view(), b.view(), c.view()))>::prefetches == (LOOM_SIMD != 0));
    const auto want = [&](const index_t& i) {
        const T e = static_cast<T>(std::exp(static_cast<double>(a.at(i)) / 64));
        const T p = e * b.at(i);
        return static_cast<T>(p * c.at(i));
    };
    const ref::tolerance near{8 * std::numeric_limits<T>::epsilon()};
    placed<T> t(tl, 4);
    const loom::array<T> before = t.buf;
    auto vt = t.writable();
    vt = h(a.view(), b.view(), c.view());
    CHECK(check_target(t, before, rs, want, near) == "");
    const loom::array<T> oa = a.view(), ob = b.view(), oc = c.view();
    const loom::array<T> fresh = h(oa, ob, oc);
    CHECK(ref::mismatch_within(fresh, rs, want, near) == "");
}

TEMPLATE_TEST_CASE("heavy trees (prefetching loops) on every path", "[eval][kernel][prefetch]", float, double) {
    using T = TestType;
    for (std::size_t n : {1, 7, 9, 17, 33, 300, 1000}) {
        law_heavy<T>({{n}}, {{n}}, {{n}}, {{n}});
        law_heavy<T>({{n}, {}, 1}, {{n}, {}, 3}, {{n}}, {{n}, {}, 1});
    }
    for (std::size_t m : {1, 3, 5}) {
        for (std::size_t n : {1, 9, 33, 300}) {
            law_heavy<T>({{m, n}}, {{n}}, {{m, n}}, {{m, n}});          // row
            law_heavy<T>({{m, 1}}, {{1, n}}, {{n}}, {{m, n}, {}, 1});   // outer, misaligned target
            law_heavy<T>({{m, n}}, {{m, 1}}, {{m, n}}, {{m, n}, {}, 3});  // column
        }
    }
    law_heavy<T>({{4, 1, 10}}, {{3, 1}}, {{10}}, {{4, 3, 10}});  // the planner, general kind
    law_heavy<T>({{4, 3, 10}, {}, 1}, {{4, 3, 10}}, {{4, 3, 10}, {}, 2}, {{4, 3, 10}, {}, 5});  // planner, flat
    for (const auto& [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{{17, 9}, {65, 130}}) {
        const auto M = static_cast<std::ptrdiff_t>(m);
        const layout contiguous{{m, n}};
        const layout transposed{{m, n}, {1, M}};
        law_heavy<T>(contiguous, transposed, contiguous, contiguous);  // turned tiles
        law_heavy<T>(contiguous, transposed, layout{{n}}, layout{{m, n}, {1, M}});  // a target against the order
    }
    law_heavy<T>({{1000}}, {{1}}, {{1000}}, {{1000}, {2}});  // a strided target
}

// At the build's threshold (the default on a machine whose last-level cache
// is no larger), into a misaligned view: an assignment that moves just over
// the threshold (its target and two operands) and one just under it.
TEST_CASE("assignments around the default streaming threshold give the plain loop's values", "[eval][kernel][stream]") {
    // a build with streaming_threshold=0 checks the same sizes with plain stores
    const std::size_t t = LOOM_STREAMING_THRESHOLD ? LOOM_STREAMING_THRESHOLD : std::size_t{32} << 20;
    const loom::streaming_threshold_scope at(LOOM_STREAMING_THRESHOLD);
    for (const std::size_t n : {t / (3 * sizeof(double)) + 13, t / (3 * sizeof(double)) - 13}) {
        INFO("elements " << n);
        const loom::array<double> a = ref::iota<double>({n}), b = ref::filled<double>({n}, 2);
        loom::array<double> buf(shape_t{n + 1}, -1.0);
        auto target = loom::view(buf, loom::range(1, static_cast<std::ptrdiff_t>(n) + 1));
        target = a * b + 1.0;
        CHECK(buf.data()[0] == -1.0);  // the element before the view is untouched
        std::size_t bad = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double p = a.data()[i] * b.data()[i];
            bad += buf.data()[i + 1] != p + 1.0;
        }
        CHECK(bad == 0);
        const loom::array<double> fresh = a + b;  // a new array, flat owning path
        bad = 0;
        for (std::size_t i = 0; i < n; ++i) bad += fresh.data()[i] != a.data()[i] + b.data()[i];
        CHECK(bad == 0);
    }
}
