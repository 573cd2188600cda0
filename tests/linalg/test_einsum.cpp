// tests/linalg/test_einsum.cpp: einsum against a brute-force sum over every label's values (the
// definition), for products, traces, diagonals, sums, broadcasting, '...', chains of operands, views,
// expressions and element types; values NumPy 1.24 gives for the same calls; the errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/linalg/einsum.hpp>

#include <complex>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

// The explicit form "ab,bc->ac" evaluated by definition: every assignment of the labels, the
// product of the operands' elements added to the output's (a size-1 axis broadcasts).
template <class R>
std::vector<R> by_definition(const std::string& spec, const std::vector<std::vector<R>>& ops,
                             const std::vector<std::vector<std::size_t>>& shapes, std::vector<std::size_t>& out_shape) {
    const std::size_t arrow = spec.find("->");
    std::vector<std::string> terms;
    for (std::size_t s = 0;;) {
        const std::size_t c = spec.find(',', s);
        terms.push_back(spec.substr(s, std::min(c, arrow) - s));
        if (c == std::string::npos || c > arrow) break;
        s = c + 1;
    }
    const std::string out = spec.substr(arrow + 2);
    std::map<char, std::size_t> size;
    for (std::size_t o = 0; o < terms.size(); ++o)
        for (std::size_t i = 0; i < terms[o].size(); ++i) {
            auto& z = size[terms[o][i]];
            if (z <= 1) z = shapes[o][i];
        }
    std::vector<char> labels;
    for (const auto& [l, z] : size) labels.push_back(l);
    out_shape.clear();
    for (const char l : out) out_shape.push_back(size[l]);
    std::vector<R> r(ref::count(out_shape), R(0));
    std::vector<std::size_t> ext;
    for (const char l : labels) ext.push_back(size[l]);
    ref::for_each_index(ext, [&](const ref::index_t& idx) {
        std::map<char, std::size_t> at;
        for (std::size_t i = 0; i < labels.size(); ++i) at[labels[i]] = idx[i];
        R p = R(1);
        for (std::size_t o = 0; o < terms.size(); ++o) {
            ref::index_t oi;
            for (std::size_t i = 0; i < terms[o].size(); ++i) oi.push_back(shapes[o][i] == 1 ? 0 : at[terms[o][i]]);
            const R v = ops[o][static_cast<std::size_t>(ref::offset(oi, shapes[o]))];
            if constexpr (std::is_same_v<R, bool>) p = p && v;
            else p = static_cast<R>(p * v);
        }
        ref::index_t ri;
        for (const char l : out) ri.push_back(at[l]);
        auto&& d = r[static_cast<std::size_t>(ref::offset(ri, out_shape))];
        if constexpr (std::is_same_v<R, bool>) d = d || p;
        else d = static_cast<R>(d + p);
    });
    return r;
}

template <class T>
std::string compare(const loom::array<T>& got, const std::vector<T>& want, const std::vector<std::size_t>& ws) {
    if (got.shape() != ref::to_shape(ws)) return "shape " + loom::detail::to_string(got.shape()) + ", want " + loom::detail::to_string(ref::to_shape(ws));
    const double tol = std::is_same_v<T, float> || std::is_same_v<T, std::complex<float>> ? 1e-5 : 1e-12;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (!ref::near(got.data()[i], want[i], tol, tol)) return "element " + std::to_string(i) + ": " + ref::text(got.data()[i]) + ", want " + ref::text(want[i]);
    return "";
}

struct einsum_case {
    std::string subscripts;  // as given to einsum
    std::string explicit_form;  // the same with every axis lettered and the output given
    std::vector<std::vector<std::size_t>> shapes;
};

const std::vector<einsum_case> cases = {
    {"ij,jk->ik", "ij,jk->ik", {{2, 3}, {3, 4}}},
    {"ij,jk", "ij,jk->ik", {{3, 5}, {5, 2}}},
    {" i j , j k -> i k ", "ij,jk->ik", {{2, 3}, {3, 4}}},
    {"bij,bjk->bik", "bij,bjk->bik", {{3, 2, 4}, {3, 4, 5}}},
    {"bij,bjk->bki", "bij,bjk->bki", {{3, 2, 4}, {3, 4, 5}}},
    {"ij,jk->ki", "ij,jk->ki", {{4, 3}, {3, 5}}},
    {"ijk,kl->jil", "ijk,kl->jil", {{2, 3, 4}, {4, 5}}},
    {"ijk,ikl->jl", "ijk,ikl->jl", {{2, 3, 4}, {2, 4, 5}}},
    {"ij,kj->ik", "ij,kj->ik", {{3, 4}, {5, 4}}},
    {"ij,j->i", "ij,j->i", {{4, 6}, {6}}},
    {"j,jk->k", "j,jk->k", {{6}, {6, 3}}},
    {"ij,jk->k", "ij,jk->k", {{3, 4}, {4, 2}}},
    {"ii->", "ii->", {{4, 4}}},
    {"ii", "ii->", {{5, 5}}},
    {"ii->i", "ii->i", {{4, 4}}},
    {"iij->ji", "iij->ji", {{3, 3, 2}}},
    {"ij->ji", "ij->ji", {{2, 3}}},
    {"ji", "ji->ij", {{2, 3}}},
    {"ij->", "ij->", {{3, 7}}},
    {"ij->i", "ij->i", {{3, 7}}},
    {"ij->j", "ij->j", {{3, 7}}},
    {"i,i->", "i,i->", {{9}, {9}}},
    {"i,i", "i,i->", {{9}, {9}}},
    {"i,j->ij", "i,j->ij", {{3}, {4}}},
    {"ij,ij->ij", "ij,ij->ij", {{3, 4}, {3, 4}}},
    {"ij,ij->i", "ij,ij->i", {{1, 3}, {2, 1}}},
    {"ij,ij->", "ij,ij->", {{3, 4}, {3, 4}}},
    {"ij,jk->ik", "ij,jk->ik", {{2, 1}, {3, 4}}},
    {"ij,jk,kl->il", "ij,jk,kl->il", {{2, 3}, {3, 4}, {4, 5}}},
    {"i,i,i->", "i,i,i->", {{5}, {5}, {5}}},
    {"ij,jk,k->i", "ij,jk,k->i", {{2, 3}, {3, 4}, {4}}},
    {"...ij,...jk", "abij,bjk->abik", {{5, 1, 2, 3}, {4, 3, 2}}},
    {"...ij,...jk->...ik", "abij,bjk->abik", {{2, 1, 2, 3}, {4, 3, 2}}},
    {"ij...,jk...->...", "ijx,jkx->x", {{2, 3, 5}, {3, 2, 5}}},
    {"i...,i...->...", "ix,ix->x", {{2, 3}, {2, 3}}},
    {"...", "ab->ab", {{2, 3}}},
    {"ij,jk->ik", "ij,jk->ik", {{2, 0}, {0, 3}}},
    {"ij,jk->ik", "ij,jk->ik", {{0, 3}, {3, 2}}},
    {"i->", "i->", {{0}}},
    {"", "->", {{}}},
    {"->", "->", {{}}},
    {",ij->ij", ",ij->ij", {{}, {2, 2}}},
    {"Ba", "Ba->Ba", {{2, 3}}},
    {"bA", "bA->Ab", {{2, 3}}},
};

template <class T>
void check_cases() {
    for (const auto& c : cases) {
        std::vector<loom::array<T>> ops;
        std::vector<std::vector<T>> vals;
        for (std::size_t o = 0; o < c.shapes.size(); ++o) {
            ops.push_back(ref::filled<T>(c.shapes[o], o + 1));
            vals.push_back(std::vector<T>(ops.back().begin(), ops.back().end()));
        }
        std::vector<std::size_t> ws;
        const std::vector<T> want = by_definition<T>(c.explicit_form, vals, c.shapes, ws);
        loom::array<T> got;
        if (ops.size() == 1) got = loom::einsum(c.subscripts, ops[0]);
        else if (ops.size() == 2) got = loom::einsum(c.subscripts, ops[0], ops[1]);
        else got = loom::einsum(c.subscripts, ops[0], ops[1], ops[2]);
        INFO(c.subscripts);
        CHECK(compare(got, want, ws) == "");
    }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("einsum is the sum over every label's values of the products", "[linalg][einsum]", ref::all_types) {
    check_cases<TestType>();
}

TEST_CASE("einsum of complex numbers does not conjugate", "[linalg][einsum]") {
    check_cases<std::complex<double>>();
}

TEST_CASE("einsum reads views in place and evaluates expressions", "[linalg][einsum]") {
    const loom::array<double> a = ref::filled<double>({4, 3}, 1), b = ref::filled<double>({4, 5}, 2);
    std::vector<std::size_t> ws;
    const auto at = ref::values(loom::matrix_transpose(a));
    const std::vector<double> want = by_definition<double>("ij,jk->ik", {at, ref::values(b)}, {{3, 4}, {4, 5}}, ws);
    CHECK(compare(loom::einsum("ij,jk->ik", loom::matrix_transpose(a), b), want, ws) == "");
    CHECK(compare(loom::einsum("ji,jk->ik", a, b), want, ws) == "");
    // a reversed and strided view, and an expression over one
    const auto r = loom::view(b, loom::range(loom::none, loom::none, -1), loom::range(0, 5, 2));
    const auto rv = ref::values(r);
    const std::vector<double> w2 = by_definition<double>("ij,jk->ik", {at, rv}, {{3, 4}, {4, 3}}, ws);
    CHECK(compare(loom::einsum("ij,jk->ik", loom::matrix_transpose(a), r), w2, ws) == "");
    std::vector<double> r1 = rv;
    for (auto& v : r1) v += 1;
    const std::vector<double> w3 = by_definition<double>("ij,jk->ik", {at, r1}, {{3, 4}, {4, 3}}, ws);
    CHECK(compare(loom::einsum("ij,jk->ik", loom::matrix_transpose(a), r + 1.0), w3, ws) == "");
    // the operands are left as they were
    CHECK(ref::values(a) == ref::values(ref::filled<double>({4, 3}, 1)));
}

TEST_CASE("einsum promotes the element types as the operators do", "[linalg][einsum]") {
    const loom::array<std::int32_t> a{1, 2};
    const loom::array<std::int8_t> b{3, 4};
    const auto r = loom::einsum("i,i", a, b);
    STATIC_REQUIRE(std::is_same_v<decltype(r)::value_type, std::int32_t>);
    CHECK(r.ndim() == 0);
    CHECK(r.data()[0] == 11);
    const loom::array<double> c{0.5, 0.25};
    const auto d = loom::einsum("i,j->ij", a, c);
    STATIC_REQUIRE(std::is_same_v<decltype(d)::value_type, double>);
    CHECK(ref::values(d) == std::vector<double>{0.5, 0.25, 1.0, 0.5});
}

TEST_CASE("einsum gives NumPy's values", "[linalg][einsum]") {
    // np.einsum('ii', np.arange(9).reshape(3, 3)) is 12; np.einsum('iij->ji', np.arange(18).reshape(3, 3, 2))
    const auto a = ref::iota<std::int64_t>({3, 3});
    CHECK(loom::einsum("ii", a).data()[0] == 12);
    const auto b = ref::iota<std::int64_t>({3, 3, 2});
    CHECK(ref::values(loom::einsum("iij->ji", b)) == std::vector<std::int64_t>{0, 8, 16, 1, 9, 17});
    // np.einsum('ij,jk->', a, a.T) with a = np.arange(6.).reshape(2, 3) is 83.0
    const auto c = ref::iota<double>({2, 3});
    CHECK(loom::einsum("ij,jk->", c, loom::matrix_transpose(c)).data()[0] == 83.0);
    // np.einsum('i...,i...->...', a, a) is [9, 17, 29]
    CHECK(ref::values(loom::einsum("i...,i...->...", c, c)) == std::vector<double>{9, 17, 29});
    // np.einsum('...ij,...jk', ones((5, 1, 2, 3)), ones((4, 3, 2))).shape is (5, 4, 2, 2)
    CHECK(loom::einsum("...ij,...jk", loom::ones<double>({5, 1, 2, 3}), loom::ones<double>({4, 3, 2})).shape() == shape_t{5, 4, 2, 2});
    // booleans: np.einsum('i,i', [True, False], [True, True]) is True
    CHECK(loom::einsum("i,i", loom::array<bool>{true, false}, loom::array<bool>{true, true}).data()[0] == true);
    CHECK(loom::einsum("i,i", loom::array<bool>{false, true}, loom::array<bool>{true, false}).data()[0] == false);
}

TEST_CASE("einsum names the subscript and the shapes in its errors", "[linalg][einsum]") {
    const auto a = ref::iota<double>({2, 3});
    const auto b = ref::iota<double>({4, 5});
    CHECK(ref::what_of<loom::broadcast_error>([&] { (void)loom::einsum("ij,jk", a, b); }) ==
          "loom: einsum(\"ij,jk\"): label 'j' has 3 elements in operand 0 of shape (2, 3) and 4 in operand 1 of shape (4, 5)");
    CHECK(ref::what_of<loom::broadcast_error>([&] { (void)loom::einsum("ii", a); }) ==
          "loom: einsum(\"ii\"): label 'i' is repeated in operand 0 of shape (2, 3) over axes of 2 and 3 elements");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("ij->ik", a); }) ==
          "loom::einsum(\"ij->ik\"): the output's label 'k' is in no operand");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("ij->ii", a); }) ==
          "loom::einsum(\"ij->ii\"): the output names label 'i' twice");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("ijk", a); }) ==
          "loom::einsum(\"ijk\"): operand 0 has shape (2, 3) (2 axes) and 3 subscripts and no '...'");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("i", a); }) ==
          "loom::einsum(\"i\"): operand 0 has shape (2, 3) (2 axes) and 1 subscripts and no '...'");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("i,j", a); }) ==
          "loom::einsum(\"i,j\"): the subscripts name 2 operands and 1 are given");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("ij", a, a); }) ==
          "loom::einsum(\"ij\"): the subscripts name 1 operand and 2 are given");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("i2", a); }) ==
          "loom::einsum(\"i2\"): '2' in operand 0's subscripts is not a letter; subscripts are letters, ',', '->' and '...'");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("i.j", a); }) ==
          "loom::einsum(\"i.j\"): a '.' in operand 0's subscripts is not part of one '...'");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("i...j...", a); }) ==
          "loom::einsum(\"i...j...\"): a '.' in operand 0's subscripts is not part of one '...'");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("...i->i", a); }) ==
          "loom::einsum(\"...i->i\"): the operands' '...' stands for 1 axes and the output has no '...' to hold them");
    CHECK(ref::what_of<std::invalid_argument>([&] { (void)loom::einsum("ij->i-", a); }) ==
          "loom::einsum(\"ij->i-\"): '-' in the output is not a letter; subscripts are letters, ',', '->' and '...'");
}

TEST_CASE("einsum called again with the same subscripts and other shapes, after an error too", "[linalg][einsum]") {
    const auto a = ref::iota<double>({2, 3}), b = ref::iota<double>({3, 4}), c = ref::iota<double>({4, 1});
    CHECK(loom::einsum("ij,jk", a, b).shape() == shape_t{2, 4});
    CHECK(loom::einsum("ij,jk", b, c).shape() == shape_t{3, 1});
    CHECK_THROWS_AS(loom::einsum("ij,jk", a, c), loom::broadcast_error);
    CHECK(loom::einsum("ij,jk", b, c).shape() == shape_t{3, 1});
    CHECK(loom::einsum("ij,jk->ki", a, b).shape() == shape_t{4, 2});
    CHECK(ref::values(loom::einsum("ij,jk", a, b)) == ref::values(loom::matmul(a, b)));
}
