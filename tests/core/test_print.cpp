// tests/core/test_print.cpp: NumPy-like text for arrays, views and expressions.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <complex>
#include <limits>
#include <sstream>
#include <string>

#include "../support/reference.hpp"

namespace {

template <class E>
std::string text(const E& e) {
    std::ostringstream os;
    os << e;
    return os.str();
}

}  // namespace

// The expected strings below are NumPy 1.24's str() output for the same data
// (integers, bools, integral-valued floats), or worked out by hand from the
// rules (other floats: up to 8 significant digits, right-aligned to one width).

TEST_CASE("doubles print like NumPy", "[core][print]") {
    const loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    CHECK(text(a) == "[[1. 2. 3.]\n [4. 5. 6.]]");
    CHECK(text(loom::array<double>{1, 2, 10}) == "[ 1.  2. 10.]");
    CHECK(text(loom::array<double>{-0.0, 1, -3}) == "[-0.  1. -3.]");
    CHECK(text(loom::array<double>{0.5, 0.25, 10}) == "[ 0.5   0.25 10.  ]");  // decimal points aligned, as NumPy
    CHECK(text(loom::array<double>{-0.75, 2.5}) == "[-0.75  2.5 ]");
    CHECK(text(loom::array<double>{{1.5, 2}, {30, -4.25}}) == "[[ 1.5   2.  ]\n [30.   -4.25]]");
    CHECK(text(loom::array<double>{std::nan(""), 0.5}) == "[nan 0.5]");
    CHECK(text(loom::array<double>{1.0 / 3, 2.0 / 3}) == "[0.33333333 0.66666667]");
    CHECK(text(loom::array<double>{100.0 / 3}) == "[33.33333333]");  // 8 digits after the point, as NumPy
    CHECK(text(loom::array<double>{123456789.5}) == "[1.2345679e+08]");
    CHECK(text(loom::array<double>{1e-5}) == "[1.e-05]");
    // NumPy's scientific mode: mantissas padded with zeros, exponents to one width, nan right-aligned
    CHECK(text(loom::array<double>{1000.5, 0.5}) == "[1.0005e+03 5.0000e-01]");
    CHECK(text(loom::array<double>{1e20, -1e-20, std::nan("")}) == "[ 1.e+20 -1.e-20     nan]");
    CHECK(text(loom::array<double>{1e100, 1}) == "[1.e+100 1.e+000]");
    CHECK(text(loom::array<double>{0.0, 1e-5}) == "[0.e+00 1.e-05]");
    CHECK(text(loom::array<float>{100.0f / 3}) == "[33.333332]");  // float32's own shortest digits
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(text(loom::array<double>{std::nan(""), inf, -inf, 1}) == "[ nan  inf -inf   1.]");
}

TEST_CASE("floats print their own value, not a widened one", "[core][print]") {
    CHECK(text(loom::array<float>{0.1f, 1.0f / 3}) == "[0.1        0.33333334]");
    CHECK(text(loom::array<float>{2, 4}) == "[2. 4.]");
}

TEST_CASE("integers print plainly, right-aligned", "[core][print]") {
    CHECK(text(loom::array<int>{{1, 2}, {3, 4}}) == "[[1 2]\n [3 4]]");
    CHECK(text(loom::array<int>{1, -20, 300}) == "[  1 -20 300]");
    // 8-bit types print as numbers, not characters
    CHECK(text(loom::array<std::int8_t>{1, -2, 3}) == "[ 1 -2  3]");
    CHECK(text(loom::array<std::uint8_t>{0, 255, 65}) == "[  0 255  65]");
    CHECK(text(loom::array<std::uint64_t>{18446744073709551615ull, 0}) == "[18446744073709551615                    0]");
    CHECK(text(loom::array<std::int64_t>{-9223372036854775807ll - 1}) == "[-9223372036854775808]");
}

TEST_CASE("bool prints True and False", "[core][print]") {
    CHECK(text(loom::array<bool>{true, false}) == "[ True False]");
    CHECK(text(loom::array<bool>{true, true}) == "[ True  True]");
    CHECK(text(ref::make<bool>({2, 1}, {false, true})) == "[[False]\n [ True]]");
    CHECK(text(loom::array<bool>(loom::shape_t{}, true)) == "True");
}

TEST_CASE("rank 0 prints the bare value and empty arrays print []", "[core][print]") {
    CHECK(text(loom::array<double>(loom::shape_t{}, 5.0)) == "5.");
    CHECK(text(loom::array<double>(loom::shape_t{}, 2.5)) == "2.5");
    CHECK(text(loom::array<int>(loom::shape_t{}, -7)) == "-7");
    CHECK(text(loom::zeros<double>({0})) == "[]");
    CHECK(text(loom::zeros<double>({2, 0})) == "[]");
    CHECK(text(loom::zeros<int>({0, 3})) == "[]");
    CHECK(text(loom::array<double>()) == "[]");
}

TEST_CASE("higher ranks separate blocks with blank lines", "[core][print]") {
    loom::array<int> a = loom::zeros<int>({2, 2, 2});
    for (int i = 0; i < 8; ++i) a.data()[i] = i;
    CHECK(text(a) == "[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]");
    loom::array<int> b = loom::zeros<int>({1, 2, 1, 2});
    for (int i = 0; i < 4; ++i) b.data()[i] = i;
    CHECK(text(b) == "[[[[0 1]]\n\n  [[2 3]]]]");
}

TEST_CASE("long rows wrap at 75 columns as NumPy's do", "[core][print]") {
    const auto a = loom::arange<int>(30);
    CHECK(text(a) ==
          "[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n"
          " 24 25 26 27 28 29]");
    const auto b = loom::arange<int>(1000);
    const std::string t = text(b);
    // 1000 elements is not over the threshold: nothing is summarized
    CHECK(t.find("...") == std::string::npos);
    CHECK(t.substr(0, 20) == "[  0   1   2   3   4");
    CHECK(t.substr(t.size() - 8) == "998 999]");
}

TEST_CASE("more than 1000 elements are summarized with 3 edge items per axis", "[core][print]") {
    CHECK(text(loom::arange<int>(1001)) == "[   0    1    2 ...  998  999 1000]");
    const auto a = loom::arange<int>(1200);
    CHECK(text(loom::adapt(a.data(), {2, 600})) ==
          "[[   0    1    2 ...  597  598  599]\n [ 600  601  602 ... 1197 1198 1199]]");
    const auto b = loom::arange<int>(10000);
    CHECK(text(loom::adapt(b.data(), {100, 100})) ==
          "[[   0    1    2 ...   97   98   99]\n"
          " [ 100  101  102 ...  197  198  199]\n"
          " [ 200  201  202 ...  297  298  299]\n"
          " ...\n"
          " [9700 9701 9702 ... 9797 9798 9799]\n"
          " [9800 9801 9802 ... 9897 9898 9899]\n"
          " [9900 9901 9902 ... 9997 9998 9999]]");
    // rank 3: the summarized outer axis gets a "..." block between blank lines
    const auto c = loom::arange<int>(1400);
    CHECK(text(loom::adapt(c.data(), {7, 2, 100})) ==
          "[[[   0    1    2 ...   97   98   99]\n"
          "  [ 100  101  102 ...  197  198  199]]\n"
          "\n"
          " [[ 200  201  202 ...  297  298  299]\n"
          "  [ 300  301  302 ...  397  398  399]]\n"
          "\n"
          " [[ 400  401  402 ...  497  498  499]\n"
          "  [ 500  501  502 ...  597  598  599]]\n"
          "\n"
          " ...\n"
          "\n"
          " [[ 800  801  802 ...  897  898  899]\n"
          "  [ 900  901  902 ...  997  998  999]]\n"
          "\n"
          " [[1000 1001 1002 ... 1097 1098 1099]\n"
          "  [1100 1101 1102 ... 1197 1198 1199]]\n"
          "\n"
          " [[1200 1201 1202 ... 1297 1298 1299]\n"
          "  [1300 1301 1302 ... 1397 1398 1399]]]");
    // the width comes from the shown elements only
    loom::array<double> d = loom::zeros<double>({2000});
    d.data()[1000] = 123456;  // hidden by the summary
    CHECK(text(d) == "[0. 0. 0. ... 0. 0. 0.]");
}

TEST_CASE("views print their own elements through their strides", "[core][print]") {
    loom::array<int> a = {{1, 2, 3}, {4, 5, 6}};
    // a transposed view, strides made by hand
    const loom::strided_view<const int> t(a.data(), {3, 2}, {1, 3});
    CHECK(text(t) == "[[1 4]\n [2 5]\n [3 6]]");
    const loom::strided_view<int> row(a.data() + 3, {3}, {1});
    CHECK(text(row) == "[4 5 6]");
    const loom::strided_view<int> col(a.data() + 2, {2}, {3});
    CHECK(text(col) == "[3 6]");
}

TEST_CASE("expressions are evaluated, then printed", "[core][print]") {
    const loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    CHECK(text(a * 2 + 0.5) == "[[ 2.5  4.5  6.5]\n [ 8.5 10.5 12.5]]");
    CHECK(text(a > 2.0) == "[[False False  True]\n [ True  True  True]]");
    CHECK(text(loom::astype<int>(a) * loom::array<int>{10, 20, 30}) == "[[ 10  40  90]\n [ 40 100 180]]");
    // printing does not change the stream's further output
    std::ostringstream os;
    os << loom::array<int>{1, 2} << " and " << 3;
    CHECK(os.str() == "[1 2] and 3");
}

TEMPLATE_LIST_TEST_CASE("every element type prints", "[core][print]", ref::every_type) {
    const loom::array<TestType> a = {TestType(1), TestType(0)};
    const std::string t = text(a);
    if constexpr (std::is_same_v<TestType, bool>) CHECK(t == "[ True False]");
    else if constexpr (std::is_floating_point_v<TestType>) CHECK(t == "[1. 0.]");
    else CHECK(t == "[1 0]");
}

// The expected strings here are NumPy 1.24's actual str() output for the same
// data: each part has its own format (the imaginary one always signed), and an
// imaginary part's padding goes after its 'j'.
TEST_CASE("complex numbers print like NumPy", "[core][print]") {
    using C = std::complex<double>;
    using F = std::complex<float>;
    const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
    CHECK(text(loom::array<C>{C(1, 2), C(3, -4)}) == "[1.+2.j 3.-4.j]");
    // mixed widths: real and imaginary parts aligned each on its own decimal point
    CHECK(text(loom::array<C>{C(1.5, 2), C(3, -4.25)}) == "[1.5+2.j   3. -4.25j]");
    CHECK(text(loom::array<C>{C(1.5, 2), C(-30, 0.5)}) == "[  1.5+2.j  -30. +0.5j]");
    // negative zeros keep their sign
    CHECK(text(loom::array<C>{C(1, -0.0), C(2, 0)}) == "[1.-0.j 2.+0.j]");
    CHECK(text(loom::array<C>{C(-0.0, -0.0), C(0, 1)}) == "[-0.-0.j  0.+1.j]");
    // nan and inf: "+nan", "-inf" in the imaginary column, right-aligned in each part's width
    CHECK(text(loom::array<C>{C(nan, nan), C(inf, -inf), C(1, 1)}) == "[nan+nanj inf-infj  1. +1.j]");
    CHECK(text(loom::array<C>{C(1, 2), C(nan, nan)}) == "[ 1. +2.j nan+nanj]");
    CHECK(text(loom::array<C>{C(-inf, nan), C(0.5, inf)}) == "[-inf+nanj  0.5+infj]");
    // scientific or positional is decided for each part on its own
    CHECK(text(loom::array<C>{C(1e20, 1), C(-2, 1e-5)}) == "[ 1.e+20+1.e+00j -2.e+00+1.e-05j]");
    CHECK(text(loom::array<C>{C(1000.5, 1), C(0.5, 2)}) == "[1.0005e+03+1.j 5.0000e-01+2.j]");
    CHECK(text(loom::array<C>{C(1e-5, 1e100), C(nan, 1)}) == "[1.e-05+1.e+100j    nan+1.e+000j]");
    // complex<float>: float's own shortest digits
    CHECK(text(loom::array<F>{F(1.0f / 3, 2.0f / 3), F(0.1f, -1)}) == "[0.33333334+0.6666667j 0.1       -1.j       ]");
    CHECK(text(loom::array<C>{C(1.0 / 3, 2.0 / 3), C(0.1, -1)}) == "[0.33333333+0.66666667j 0.1       -1.j        ]");
    CHECK(text(loom::array<F>{F(100.0f / 3, 1e9f)}) == "[33.333332+1.e+09j]");
    // rank 0: NumPy's str() of a complex scalar, the real part left out when it is +0
    CHECK(text(loom::array<C>(loom::shape_t{}, C(1, 2))) == "(1+2j)");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(0, 2))) == "2j");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(0, -0.0))) == "-0j");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(-0.0, -0.0))) == "(-0-0j)");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(1.5, -0.25))) == "(1.5-0.25j)");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(nan, nan))) == "(nan+nanj)");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(inf, -inf))) == "(inf-infj)");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(0, nan))) == "nanj");
    CHECK(text(loom::array<C>(loom::shape_t{}, C(1e20, 1e-5))) == "(1e+20+1e-05j)");
    CHECK(text(loom::array<F>(loom::shape_t{}, F(1.0f / 3, 2.0f / 3))) == "(0.33333334+0.6666667j)");
    // an integer beyond float's exact digits: its shortest digits, then zeros
    CHECK(text(loom::array<F>(loom::shape_t{}, F(123456789.5f, 1))) == "(123456790+1j)");
    // 2-D
    CHECK(text(loom::array<C>{{C(1, 2), C(-3.5, 0)}, {C(10, -1), C(0, 0.25)}}) ==
          "[[ 1. +2.j   -3.5+0.j  ]\n [10. -1.j    0. +0.25j]]");
    // summarized (1001 elements), the widths from the shown elements, and wrapped
    loom::array<C> s = loom::zeros<C>({1001});
    for (int i = 0; i < 1001; ++i) s.data()[i] = C(i, 1000 - i);
    CHECK(text(s) == "[   0.+1000.j    1. +999.j    2. +998.j ...  998.   +2.j  999.   +1.j\n 1000.   +0.j]");
    // a long line wraps at 75 columns, the padding at the end of a line dropped
    loom::array<C> w = loom::zeros<C>({12});
    for (int i = 0; i < 12; ++i) w.data()[i] = C(i, 0.5 * i);
    CHECK(text(w) ==
          "[ 0.+0.j   1.+0.5j  2.+1.j   3.+1.5j  4.+2.j   5.+2.5j  6.+3.j   7.+3.5j\n"
          "  8.+4.j   9.+4.5j 10.+5.j  11.+5.5j]");
    // expressions of complex arrays are evaluated, then printed
    const loom::array<C> a = {C(1, 2), C(3, -4)}, b = {C(1.5, 2), C(3, -4.25)};
    CHECK(text(a * b) == "[-2.5 +5.j   -8. -24.75j]");
    CHECK(text(loom::arange<double>(12) * C(1, 0.5)) == text(w));
}
