// loom/eval/plan.hpp: per-leaf strides in the result's index space, axis ordering and coalescing.
#pragma once

#include <array>
#include <cstddef>
#include <cstdlib>
#include <utility>

#include "../core/shape.hpp"
#include "walk.hpp"

namespace loom::detail {

// The bytes from the lowest to one past the highest element of a non-empty
// layout: its first byte, element size, and per axis its extent and its step
// in bytes. The one span computation (the plan's leaves, alias.hpp's layouts).
template <class Extent, class Step>
std::pair<const std::byte*, const std::byte*> byte_span(const std::byte* first, std::size_t elem, std::size_t rank,
                                                        Extent extent, Step step) {
    const std::byte* lo = first;
    const std::byte* hi = first;
    for (std::size_t d = 0; d < rank; ++d) {
        const std::ptrdiff_t reach = step(d) * static_cast<std::ptrdiff_t>(extent(d) - 1);
        (reach < 0 ? lo : hi) += reach;
    }
    return {lo, hi + elem};
}

// The loop nest of one assignment: extents (outermost first), the target's
// strides in elements and every leaf's strides in bytes (0 on broadcast
// axes). One type for both evaluators: the dynamic plan holds its axes in
// small vectors (inline up to rank 8), the static one, made at compile time,
// in arrays of its rank.
template <class Extents, class Strides, std::size_t L>
struct loop_nest {
    std::size_t rank = 0;
    Extents extent{};
    Strides out{};
    std::array<Strides, L ? L : 1> in{};
};

// The dynamic plan: the nest, its element count, and each leaf's first byte
// and element size.
template <std::size_t L>
struct plan : loop_nest<shape_t, strides_t, L> {
    using loop_nest<shape_t, strides_t, L>::rank;
    using loop_nest<shape_t, strides_t, L>::extent;
    using loop_nest<shape_t, strides_t, L>::out;
    using loop_nest<shape_t, strides_t, L>::in;
    std::size_t size = 0;
    std::array<const std::byte*, L> base{};
    std::array<std::size_t, L> elem{};  // bytes of an element of each leaf

    // The elements leaf k reads: the extents of the axes it steps along (a
    // broadcast or size-1 axis has stride 0; merged axes keep that).
    std::size_t leaf_count(std::size_t k) const {
        std::size_t c = 1;
        for (std::size_t d = 0; d < rank; ++d) c *= in[k][d] != 0 ? extent[d] : 1;
        return c;
    }
    // The bytes from the lowest to one past the highest element leaf k reads.
    std::pair<const std::byte*, const std::byte*> leaf_span(std::size_t k) const {
        const auto& st = in[k];
        return byte_span(base[k], elem[k], rank, [&](std::size_t d) { return extent[d]; },
                         [&](std::size_t d) { return st[d]; });
    }
    // Whether leaf k reads memory an earlier leaf reads too (views of one buffer).
    bool reads_earlier(std::size_t k) const {
        const auto [lo, hi] = leaf_span(k);
        for (std::size_t j = 0; j < k; ++j) {
            const auto [l, h] = leaf_span(j);
            if (lo < h && l < hi) return true;
        }
        return false;
    }
};

// Byte stride of leaf `d` along result axis `axis` of a rank-`n` result.
inline std::ptrdiff_t leaf_stride(const leaf_desc& d, std::size_t n, std::size_t axis) {
    const std::size_t r = d.shape->size();
    if (axis + r < n) return 0;
    const std::size_t j = axis + r - n;
    if ((*d.shape)[j] == 1) return 0;
    return (*d.strides)[j] * static_cast<std::ptrdiff_t>(d.elem);
}

// Merges axis i-1 into axis i wherever the target (out) and every leaf (in[k])
// step evenly across both, working from the innermost axis out; the kept
// axes move to the front. Returns the new rank. Any indexable containers:
// the static evaluator runs this at compile time.
template <class Extent, class Out, class In>
constexpr std::size_t coalesce(std::size_t r, Extent& extent, Out& out, In& in, std::size_t leaves) {
    if (r == 0) return 0;
    std::size_t w = r - 1;  // write position
    for (std::size_t i = r; i-- > 1;) {
        const auto inner_ext = static_cast<std::ptrdiff_t>(extent[w]);
        bool ok = out[i - 1] == out[w] * inner_ext;
        for (std::size_t k = 0; ok && k < leaves; ++k) ok = in[k][i - 1] == in[k][w] * inner_ext;
        if (ok) {
            extent[w] *= extent[i - 1];
        } else {
            --w;
            extent[w] = extent[i - 1];
            out[w] = out[i - 1];
            for (std::size_t k = 0; k < leaves; ++k) in[k][w] = in[k][i - 1];
        }
    }
    for (std::size_t i = w; w > 0 && i < r; ++i) {
        extent[i - w] = extent[i];
        out[i - w] = out[i];
        for (std::size_t k = 0; k < leaves; ++k) in[k][i - w] = in[k][i];
    }
    return r - w;
}

// The axes of a rank-n result whose size is not 0, into ext, out and in[k]
// (room for n each): axes of extent 1 dropped, the rest ordered by the
// target's strides (largest outermost: insertion sort, ranks are small), then
// coalesced. extent_at(i), out_at(i) and leaf_at(k, i) give result axis i.
// Returns the nest's rank. The one set of rules for both evaluators: the
// static one runs it at compile time.
template <std::size_t L, class ExtentAt, class OutAt, class LeafAt>
constexpr std::size_t lay_axes(std::size_t n, ExtentAt extent_at, OutAt out_at, LeafAt leaf_at, std::size_t* ext,
                               std::ptrdiff_t* out, std::ptrdiff_t* const* in) {
    std::size_t r = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (extent_at(i) == 1) continue;
        ext[r] = extent_at(i);
        out[r] = out_at(i);
        for (std::size_t k = 0; k < L; ++k) in[k][r] = leaf_at(k, i);
        ++r;
    }
    const auto mag = [](std::ptrdiff_t v) { return v < 0 ? -v : v; };
    for (std::size_t i = 1; i < r; ++i) {
        for (std::size_t j = i; j > 0 && mag(out[j]) > mag(out[j - 1]); --j) {
            std::swap(ext[j], ext[j - 1]);
            std::swap(out[j], out[j - 1]);
            for (std::size_t k = 0; k < L; ++k) std::swap(in[k][j], in[k][j - 1]);
        }
    }
    return coalesce(r, ext, out, in, L);
}

template <std::size_t L>
void make_plan(plan<L>& p, const shape_t& shape, const strides_t& out_strides,
               const leaf_desc* leaves) {
    const std::size_t n = shape.size();
    p.size = size_of(shape);
    for (std::size_t k = 0; k < L; ++k) {
        p.base[k] = leaves[k].data;
        p.elem[k] = leaves[k].elem;
    }
    // room for the axes longer than 1 (none when the result is empty)
    std::size_t r = 0;
    const std::size_t* sh = shape.data();
    for (std::size_t i = 0; p.size && i < n; ++i) r += sh[i] != 1;
    p.extent.resize_for_overwrite(r);  // every entry is written below
    p.out.resize_for_overwrite(r);
    // raw pointers from here: small_vector's data() once, not per access
    std::array<std::ptrdiff_t*, L ? L : 1> in{};
    for (std::size_t k = 0; k < L; ++k) {
        p.in[k].resize_for_overwrite(r);
        in[k] = p.in[k].data();
    }
    if (r != 0) {
        const std::ptrdiff_t* ost = out_strides.data();
        r = lay_axes<L>(
            n, [sh](std::size_t i) { return sh[i]; }, [ost](std::size_t i) { return ost[i]; },
            [leaves, n](std::size_t k, std::size_t i) { return leaf_stride(leaves[k], n, i); }, p.extent.data(),
            p.out.data(), in.data());
    }
    p.rank = r;
    p.extent.resize(r);
    p.out.resize(r);
    for (std::size_t k = 0; k < L; ++k) p.in[k].resize(r);
}

}  // namespace loom::detail
