// loom/linalg/einsum.hpp: einsum, NumPy's Einstein summation, parsed at run time; contractions go
// to the matrix product, the rest (traces, diagonals, sums, element-wise products) to one fused loop.
#pragma once

#include <cstddef>
#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../expr/functions.hpp"
#include "../expr/reduction.hpp"
#include "../view/as_view.hpp"
#include "../select/take.hpp"
#include "../view/reshape.hpp"
#include "matmul.hpp"

namespace loom {

namespace detail {

// Labels: 'A'..'Z' are 0..25, 'a'..'z' 26..51 (ASCII order, the order of an implicit output);
// the axes an ellipsis stands for are 52, 53, ..., the broadcast ellipsis axes left to right.
inline constexpr int ein_letters = 52;

inline std::string ein_label_name(int l) {
    if (l < 26) return std::string("'") + char('A' + l) + "'";
    if (l < ein_letters) return std::string("'") + char('a' + (l - 26)) + "'";
    return "axis " + std::to_string(l - ein_letters) + " of '...'";
}

using ein_labels = small_vector<int, 8>;

// What a subscripts string says, resolved against the operands' shapes.
struct ein_spec {
    std::vector<ein_labels> in;           // per operand, a label per axis (repeated for a diagonal)
    ein_labels out;                       // the result's labels, in its order
    small_vector<std::size_t, 64> size;   // per label, its extent (size-1 axes broadcast)
};

[[noreturn, gnu::cold, gnu::noinline]] inline void ein_fail(std::string_view subscripts, const std::string& why) {
    throw std::invalid_argument("loom::einsum(\"" + std::string(subscripts) + "\"): " + why);
}

// Where a term stands, for messages: operand o, or the output (o < 0).
inline std::string ein_which(int o) {
    return o < 0 ? std::string("the output") : "operand " + std::to_string(o) + "'s subscripts";
}

// One term of the subscripts (an operand's or the output's): its letters, and where its
// ellipsis stands (-1 for none), as a count of letters before it.
struct ein_term {
    ein_labels letters;
    int ellipsis = -1;
};

inline ein_term ein_parse_term(std::string_view s, std::string_view all, int which) {
    ein_term t;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == ' ') continue;
        if (c == '.') {
            if (s.substr(i, 3) != "..." || t.ellipsis >= 0)
                ein_fail(all, "a '.' in " + ein_which(which) + " is not part of one '...'");
            t.ellipsis = static_cast<int>(t.letters.size());
            i += 2;
        } else if (c >= 'A' && c <= 'Z') {
            t.letters.push_back(c - 'A');
        } else if (c >= 'a' && c <= 'z') {
            t.letters.push_back(26 + (c - 'a'));
        } else {
            ein_fail(all, std::string("'") + c + "' in " + ein_which(which) + " is not a letter; subscripts are letters, ',', '->' and '...'");
        }
    }
    return t;
}

inline ein_spec ein_parse(std::string_view subscripts, std::span<const shape_t> shapes) {
    const std::size_t arrow = subscripts.find("->");
    const std::string_view lhs = subscripts.substr(0, arrow);
    std::vector<ein_term> terms;
    terms.reserve(shapes.size());
    for (std::size_t start = 0;;) {
        const std::size_t comma = lhs.find(',', start);
        terms.push_back(ein_parse_term(lhs.substr(start, comma - start), subscripts, static_cast<int>(terms.size())));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (terms.size() != shapes.size())
        ein_fail(subscripts, "the subscripts name " + std::to_string(terms.size()) + " operand" +
                                 (terms.size() == 1 ? "" : "s") + " and " + std::to_string(shapes.size()) + " are given");
    ein_spec sp;
    sp.in.reserve(terms.size());
    int count[ein_letters] = {};  // occurrences of each letter over the operands
    std::size_t ell_rank = 0;  // the ellipsis axes' count after broadcasting
    for (std::size_t o = 0; o < terms.size(); ++o) {
        const ein_term& t = terms[o];
        const std::size_t rank = shapes[o].size(), n = t.letters.size();
        if (n > rank || (t.ellipsis < 0 && n != rank))
            ein_fail(subscripts, "operand " + std::to_string(o) + " has shape " + to_string(shapes[o]) + " (" +
                                     std::to_string(rank) + " axes) and " + std::to_string(n) + " subscripts" +
                                     (t.ellipsis < 0 ? " and no '...'" : ""));
        if (t.ellipsis >= 0) ell_rank = std::max(ell_rank, rank - n);
    }
    sp.size.assign(ein_letters + ell_rank, 1);
    // extents that do not match: thrown (broadcast_error) once the output's subscripts are checked, as
    // NumPy checks them first
    std::string mismatch;
    small_vector<std::size_t, 64> first_operand;  // per label, the operand its extent comes from, or none
    first_operand.assign(sp.size.size(), std::size_t(-1));
    for (std::size_t o = 0; o < terms.size(); ++o) {
        const ein_term& t = terms[o];
        const shape_t& s = shapes[o];
        ein_labels& labels = sp.in.emplace_back();
        const std::size_t e = t.ellipsis < 0 ? 0 : s.size() - t.letters.size();
        for (std::size_t li = 0; li <= t.letters.size(); ++li) {
            if (static_cast<int>(li) == t.ellipsis)
                for (std::size_t j = 0; j < e; ++j) labels.push_back(static_cast<int>(ein_letters + ell_rank - e + j));
            if (li < t.letters.size()) labels.push_back(t.letters[li]);
        }
        for (std::size_t ax = 0; ax < s.size(); ++ax) {
            const int l = labels[ax];
            const auto li = static_cast<std::size_t>(l);
            const std::size_t ext = s[ax];
            if (l < ein_letters) ++count[li];
            for (std::size_t b = 0; b < ax; ++b)  // a repeated label takes a diagonal: its extents equal exactly
                if (labels[b] == l && s[b] != ext && mismatch.empty())
                    mismatch = "einsum(\"" + std::string(subscripts) + "\"): label " + ein_label_name(l) +
                               " is repeated in operand " + std::to_string(o) + " of shape " + to_string(s) +
                               " over axes of " + std::to_string(s[b]) + " and " + std::to_string(ext) + " elements";
            if (first_operand[li] == std::size_t(-1) || (sp.size[li] == 1 && ext != 1)) {
                sp.size[li] = ext;
                first_operand[li] = o;
            } else if (ext != sp.size[li] && ext != 1 && mismatch.empty()) {
                const std::size_t p = first_operand[li];
                mismatch = "einsum(\"" + std::string(subscripts) + "\"): label " + ein_label_name(l) + " has " +
                           std::to_string(sp.size[li]) + " elements in operand " + std::to_string(p) + " of shape " +
                           to_string(shapes[p]) + " and " + std::to_string(ext) + " in operand " + std::to_string(o) +
                           " of shape " + to_string(s);
            }
        }
    }
    if (arrow == std::string_view::npos) {  // implicit: the '...' axes, then the letters seen once, in ASCII order
        for (std::size_t j = 0; j < ell_rank; ++j) sp.out.push_back(static_cast<int>(ein_letters + j));
        for (int l = 0; l < ein_letters; ++l)
            if (count[static_cast<std::size_t>(l)] == 1) sp.out.push_back(l);
        if (!mismatch.empty()) throw broadcast_error(mismatch);
        return sp;
    }
    const ein_term t = ein_parse_term(subscripts.substr(arrow + 2), subscripts, -1);
    if (t.ellipsis < 0 && ell_rank > 0)
        ein_fail(subscripts, "the operands' '...' stands for " + std::to_string(ell_rank) +
                                 " axes and the output has no '...' to hold them");
    bool in_out[ein_letters] = {};
    for (std::size_t li = 0; li <= t.letters.size(); ++li) {
        if (static_cast<int>(li) == t.ellipsis)
            for (std::size_t j = 0; j < ell_rank; ++j) sp.out.push_back(static_cast<int>(ein_letters + j));
        if (li == t.letters.size()) break;
        const int l = t.letters[li];
        if (count[static_cast<std::size_t>(l)] == 0)
            ein_fail(subscripts, "the output's label " + ein_label_name(l) + " is in no operand");
        if (in_out[static_cast<std::size_t>(l)]) ein_fail(subscripts, "the output names label " + ein_label_name(l) + " twice");
        in_out[static_cast<std::size_t>(l)] = true;
        sp.out.push_back(l);
    }
    if (!mismatch.empty()) throw broadcast_error(mismatch);
    return sp;
}

using ein_sizes = small_vector<std::size_t, 64>;

// An operand while einsum works: memory of element type R (the caller's, or `own`), one axis per
// distinct label, of the label's extent (an axis that broadcasts has stride 0).
template <class R>
struct ein_term_data {
    std::optional<array<R>> own;
    const R* borrowed = nullptr;
    ein_labels labels;
    strides_t strides;  // one per label
    const R* data() const { return own ? own->data() : borrowed; }
};

template <class R>
ein_term_data<R> ein_from(std::optional<array<R>> own, const R* data, const shape_t& s, const strides_t& st,
                          const ein_labels& axis_labels, const ein_sizes& size) {
    ein_term_data<R> t{std::move(own), data, {}, {}};
    for (std::size_t ax = 0; ax < s.size(); ++ax) {
        const int l = axis_labels[ax];
        std::size_t k = 0;
        while (k < t.labels.size() && t.labels[k] != l) ++k;
        const std::ptrdiff_t stride = (s[ax] == 1 && size[static_cast<std::size_t>(l)] != 1) ? 0 : st[ax];
        if (k == t.labels.size()) {
            t.labels.push_back(l);
            t.strides.push_back(stride);
        } else {
            t.strides[k] += stride;  // a diagonal: the axes' strides add up
        }
    }
    return t;
}

template <class R>
ein_term_data<R> ein_owned(array<R>&& a, const ein_labels& labels) {
    strides_t st = a.strides();
    return ein_term_data<R>{std::move(a), nullptr, labels, std::move(st)};
}

inline bool ein_has(const ein_labels& v, int l) {
    for (const int x : v)
        if (x == l) return true;
    return false;
}

// The view of t over `loop` labels (extents from size; stride 0 for a label t lacks).
template <class R>
strided_view<const R> ein_view(const ein_term_data<R>& t, const ein_labels& loop, const ein_sizes& size) {
    return strided_view<const R>(detail::fill_layout, loop.size(), [&](std::size_t* ext, std::ptrdiff_t* st) {
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const int l = loop[i];
            ext[i] = size[static_cast<std::size_t>(l)];
            st[i] = 0;
            for (std::size_t k = 0; k < t.labels.size(); ++k)
                if (t.labels[k] == l) st[i] = t.strides[k];
        }
        return t.data();
    });
}

template <class R>
array<R> ein_contiguous(const strided_view<const R>& v) {  // a plain walk: no evaluator instantiated for it
    array<R> a = uninitialized<R>(v.shape());
    if (a.size() != 0) copy_block(v.data(), v.shape().data(), v.strides().data(), v.ndim(), a.data());
    return a;
}

// The fused route: the product of one or two terms over out (then the summed labels), summed
// over the latter, in one loop; bool as NumPy's: `and` for products, `or` for sums.
template <class R>
ein_term_data<R> ein_fused(const ein_term_data<R>& a, const ein_term_data<R>* b, const ein_labels& out, const ein_sizes& size) {
    ein_labels loop = out;
    for (const int l : a.labels)
        if (!ein_has(loop, l)) loop.push_back(l);
    if (b)
        for (const int l : b->labels)
            if (!ein_has(loop, l)) loop.push_back(l);
    small_vector<std::ptrdiff_t, 8> summed;
    for (std::size_t i = out.size(); i < loop.size(); ++i) summed.push_back(static_cast<std::ptrdiff_t>(i));
    const auto eval = [&](const auto& e) -> array<R> {
        if constexpr (std::is_same_v<R, bool>) return array<R>(loom::any(e, summed));
        else return array<R>(loom::sum<R>(e, summed));
    };
    const auto v0 = ein_view(a, loop, size);
    if (!b) {
        if (summed.empty()) return ein_owned(ein_contiguous(v0), out);
        if constexpr (!std::is_same_v<R, bool>)
            if (out.empty()) return ein_owned(array<R>(loom::sum<R>(v0)), out);  // a trace, a total: no axes to walk
        return ein_owned(eval(v0), out);
    }
    const auto v1 = ein_view(*b, loop, size);
    if (summed.empty()) {
        if constexpr (std::is_same_v<R, bool>) return ein_owned(array<R>(loom::logical_and(v0, v1)), out);
        else return ein_owned(array<R>(v0 * v1), out);
    }
    if constexpr (std::is_same_v<R, bool>) return ein_owned(eval(loom::logical_and(v0, v1)), out);
    else return ein_owned(eval(v0 * v1), out);
}

// (rows, cols) strides of the axes from `from` on, the first `split` of them as rows and the rest
// as columns, when the layout allows it without a copy.
inline bool ein_matrix_strides(const shape_t& s, const strides_t& st, std::size_t from, std::size_t split, std::ptrdiff_t& rs,
                               std::ptrdiff_t& cs) {
    std::size_t rows = 1, cols = 1;
    shape_t ms;
    strides_t mst;
    for (std::size_t i = from; i < s.size(); ++i) {
        (i < from + split ? rows : cols) *= s[i];
        ms.push_back(s[i]);
        mst.push_back(st[i]);
    }
    strides_t o;
    if (!reshape_strides(ms, mst, shape_t{rows, cols}, o)) return false;
    rs = o[0];
    cs = o[1];
    return true;
}

// The contraction of a and b to `out` by matrix products: a as (batch, M, K), b as (batch, K, N),
// the batch labels walked, M, K and N each flattened to one axis (a copy where the layout forbids).
template <class R>
ein_term_data<R> ein_product(const ein_term_data<R>& a, const ein_term_data<R>& b, const ein_labels& out, const ein_sizes& size) {
    ein_labels batch, M, K, N;
    for (const int l : a.labels)
        (ein_has(b.labels, l) ? (ein_has(out, l) ? batch : K) : M).push_back(l);
    for (const int l : b.labels)
        if (!ein_has(a.labels, l)) N.push_back(l);
    const auto cat = [](const ein_labels& x, const ein_labels& y, const ein_labels& z) {
        ein_labels r = x;
        for (const int l : y) r.push_back(l);
        for (const int l : z) r.push_back(l);
        return r;
    };
    const auto extent = [&](const ein_labels& ls) {
        std::size_t n = 1;
        for (const int l : ls) n *= size[static_cast<std::size_t>(l)];
        return n;
    };
    const std::size_t m = extent(M), n = extent(N), k = extent(K), nb = batch.size();
    // a and b as matrices per batch: their own memory when it allows, else a copy in that order
    const auto operand = [&](const ein_term_data<R>& t, const ein_labels& order, std::size_t split, std::ptrdiff_t& rs,
                             std::ptrdiff_t& cs) {
        const strided_view<const R> v = ein_view(t, order, size);
        if (ein_matrix_strides(v.shape(), v.strides(), nb, split, rs, cs)) return ein_term_data<R>{std::nullopt, v.data(), order, v.strides()};
        ein_term_data<R> c = ein_owned(ein_contiguous(v), order);
        ein_matrix_strides(v.shape(), c.strides, nb, split, rs, cs);
        return c;
    };
    std::ptrdiff_t rsa = 0, csa = 0, rsb = 0, csb = 0, rsc = 0, csc = 0;
    const ein_term_data<R> A = operand(a, cat(batch, M, K), M.size(), rsa, csa);
    const ein_term_data<R> B = operand(b, cat(batch, K, N), K.size(), rsb, csb);
    // the result in out's order, written in place when its (M, N) axes make a matrix
    shape_t os;
    for (const int l : out) os.push_back(size[static_cast<std::size_t>(l)]);
    ein_term_data<R> C = ein_owned(uninitialized<R>(os), out);
    if (C.own->size() == 0) return C;
    if (k == 0) {  // an empty contraction: zeros (and the operands may have no memory to offset)
        std::fill_n(C.own->data(), C.own->size(), R(0));
        return C;
    }
    const strided_view<const R> cv = ein_view(C, cat(batch, M, N), size);
    std::optional<array<R>> tmp;
    R* cdata = C.own->data();
    strides_t cstr = cv.strides();
    if (!ein_matrix_strides(cv.shape(), cstr, nb, M.size(), rsc, csc)) {
        tmp = uninitialized<R>(cv.shape());
        cdata = tmp->data();
        cstr = tmp->strides();
        rsc = static_cast<std::ptrdiff_t>(n);
        csc = 1;
    }
    small_vector<std::size_t, 8> pos(nb, 0);
    const std::size_t count = extent(batch);
    const R* pa = A.data();
    const R* pb = B.data();
    for (std::size_t i = 0; i < count; ++i) {
        std::ptrdiff_t oa = 0, ob = 0, oc = 0;
        for (std::size_t j = 0; j < nb; ++j) {
            const auto p = static_cast<std::ptrdiff_t>(pos[j]);
            oa += p * A.strides[j];
            ob += p * B.strides[j];
            oc += p * cstr[j];
        }
        product(m, n, k, pa + oa, rsa, csa, pb + ob, rsb, csb, cdata + oc, rsc, csc);
        for (std::size_t j = nb; j-- > 0;) {
            if (++pos[j] < size[static_cast<std::size_t>(batch[j])]) break;
            pos[j] = 0;
        }
    }
    if (tmp) {  // out's order is not (batch, M, N): the products permuted into it
        auto put = [](R& d, const R& v) { d = v; };
        update_block(C.own->data(), cv.shape().data(), cv.strides().data(), cv.ndim(), static_cast<const R*>(tmp->data()), put);
    }
    return C;
}

// Contracts a and b into the labels `out` (its order kept).
template <class R>
ein_term_data<R> ein_pair(const ein_term_data<R>& a, const ein_term_data<R>& b, const ein_labels& out, const ein_sizes& size) {
    bool contracted = false, free_a = false, free_b = false;
    for (const int l : a.labels) {
        if (ein_has(b.labels, l) && !ein_has(out, l)) contracted = true;
        if (!ein_has(b.labels, l) && ein_has(out, l)) free_a = true;
    }
    for (const int l : b.labels)
        if (!ein_has(a.labels, l) && ein_has(out, l)) free_b = true;
    if constexpr (!std::is_same_v<R, bool>) {
        if (contracted && (free_a || free_b)) {  // a matrix product (or matrix-vector), after labels only one side sums
            const auto keep = [&](const ein_term_data<R>& t, const ein_term_data<R>& other) -> std::optional<ein_term_data<R>> {
                ein_labels kept;
                for (const int l : t.labels)
                    if (ein_has(out, l) || ein_has(other.labels, l)) kept.push_back(l);
                if (kept.size() == t.labels.size()) return std::nullopt;
                return ein_fused<R>(t, nullptr, kept, size);
            };
            const auto ra = keep(a, b), rb = keep(b, a);
            return ein_product(ra ? *ra : a, rb ? *rb : b, out, size);
        }
    }
    return ein_fused<R>(a, &b, out, size);
}

// The spec of the last call on this thread, kept for the next with the same subscripts and
// shapes (a loop calling einsum parses once).
inline const ein_spec& ein_spec_of(std::string_view subscripts, std::span<const shape_t> shapes) {
    struct last_t {
        std::string subscripts;
        std::vector<shape_t> shapes;
        ein_spec spec;
    };
    thread_local last_t last;
    if (!last.shapes.empty() && subscripts == last.subscripts && std::equal(shapes.begin(), shapes.end(), last.shapes.begin(), last.shapes.end()))
        return last.spec;
    ein_spec sp = ein_parse(subscripts, shapes);
    last.shapes.clear();  // an exception below leaves no half-stored entry behind
    last.spec = std::move(sp);
    last.subscripts.assign(subscripts);
    last.shapes.assign(shapes.begin(), shapes.end());
    return last.spec;
}

template <class R>
array<R> ein_run(const ein_spec& sp, std::span<ein_term_data<R>> ts) {
    if (ts.size() == 1) return std::move(*ein_fused<R>(ts[0], nullptr, sp.out, sp.size).own);
    // left to right, each step keeping the labels the output or a later operand needs
    ein_term_data<R> cur = std::move(ts[0]);
    for (std::size_t i = 1; i < ts.size(); ++i) {
        ein_labels out;
        if (i + 1 == ts.size()) {
            out = sp.out;
        } else {
            const auto needed = [&](int l) {
                if (ein_has(sp.out, l)) return true;
                for (std::size_t j = i + 1; j < ts.size(); ++j)
                    if (ein_has(ts[j].labels, l)) return true;
                return false;
            };
            for (const int l : cur.labels)  // batch and cur's free labels, then the new operand's
                if (needed(l)) out.push_back(l);
            for (const int l : ts[i].labels)
                if (needed(l) && !ein_has(out, l)) out.push_back(l);
        }
        cur = ein_pair(cur, ts[i], out, sp.size);
    }
    return std::move(*cur.own);
}

template <class R, class X>
ein_term_data<R> ein_input(const X& x, const ein_labels& axis_labels, const ein_sizes& size) {
    if constexpr (memory_leaf<X> && std::is_same_v<typename X::value_type, R>) {
        return with_memory(x, [&](const R* d, const shape_t& s, const strides_t& st) {
            return ein_from<R>(std::nullopt, d, s, st, axis_labels, size);
        });
    } else {
        array<R> own = loom::astype<R>(x);
        const shape_t s = own.shape();
        const strides_t st = own.strides();
        return ein_from<R>(std::move(own), nullptr, s, st, axis_labels, size);
    }
}

}  // namespace detail

//! einsum(subscripts, x1, ..., xn): NumPy's np.einsum, the subscripts parsed at run time, as a new
//! array of the operands' promoted element type. "ij,jk->ik" names each operand's axes by letters
//! and the result's after "->" (without it: the letters used once, in alphabetical order, upper
//! case first); a letter repeated within an operand takes its diagonal; letters missing from the
//! output are summed over; "..." stands for the remaining axes (broadcast, and first in an implicit
//! output). Size-1 axes broadcast. Contractions run as matrix products (two operands at a time,
//! left to right), the rest as one fused loop. std::invalid_argument for a malformed string,
//! broadcast_error naming the label and both shapes for extents that differ.
//!   loom::array<double> c = loom::einsum("bij,bjk->bik", a, b);
template <class... X>
    requires(sizeof...(X) >= 1 && (expression<X> && ...))
auto einsum(std::string_view subscripts, const X&... x) {
    using R = result_type_t<typename X::value_type...>;
    const std::array<shape_t, sizeof...(X)> shapes{shape_t(x.shape())...};
    const detail::ein_spec& sp = detail::ein_spec_of(subscripts, shapes);
    std::size_t o = 0;
    std::array<detail::ein_term_data<R>, sizeof...(X)> ts{detail::ein_input<R>(x, sp.in[o++], sp.size)...};
    return detail::ein_run<R>(sp, std::span<detail::ein_term_data<R>>(ts));
}

}  // namespace loom
