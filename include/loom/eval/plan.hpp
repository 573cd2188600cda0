// loom/eval/plan.hpp: per-leaf strides in the result's index space, axis ordering and coalescing.
#pragma once

#include <array>
#include <cstddef>
#include <cstdlib>
#include <utility>

#include "../core/shape.hpp"
#include "walk.hpp"

namespace loom::detail {

// The loop nest of one assignment: extents (outermost first), the target's
// strides in elements and every leaf's strides in bytes (0 on broadcast axes).
template <std::size_t L>
struct plan {
    std::size_t rank = 0;
    std::size_t size = 0;
    shape_t extent;
    strides_t out;
    std::array<strides_t, L> in;
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
        const std::byte* lo = base[k];
        const std::byte* hi = base[k];
        for (std::size_t d = 0; d < rank; ++d) {
            const std::ptrdiff_t reach = in[k][d] * static_cast<std::ptrdiff_t>(extent[d] - 1);
            (reach < 0 ? lo : hi) += reach;
        }
        return {lo, hi + elem[k]};
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

template <std::size_t L>
void make_plan(plan<L>& p, const shape_t& shape, const strides_t& out_strides,
               const leaf_desc* leaves) {
    const std::size_t n = shape.size();
    p.size = size_of(shape);
    for (std::size_t k = 0; k < L; ++k) {
        p.base[k] = leaves[k].data;
        p.elem[k] = leaves[k].elem;
    }
    // keep the axes longer than 1 (none when the result is empty)
    std::size_t r = 0;
    const std::size_t* sh = shape.data();
    for (std::size_t i = 0; p.size && i < n; ++i) r += sh[i] != 1;
    p.extent.resize_for_overwrite(r);  // every entry is written below
    p.out.resize_for_overwrite(r);
    // raw pointers from here: small_vector's data() once, not per access
    std::size_t* ext = p.extent.data();
    std::ptrdiff_t* out = p.out.data();
    std::array<std::ptrdiff_t*, L ? L : 1> in{};
    for (std::size_t k = 0; k < L; ++k) {
        p.in[k].resize_for_overwrite(r);
        in[k] = p.in[k].data();
    }
    if (r == 0) {
        p.rank = 0;
        return;
    }
    const std::ptrdiff_t* ost = out_strides.data();
    for (std::size_t i = 0, j = 0; i < n; ++i) {
        if (sh[i] == 1) continue;
        ext[j] = sh[i];
        out[j] = ost[i];
        for (std::size_t k = 0; k < L; ++k) in[k][j] = leaf_stride(leaves[k], n, i);
        ++j;
    }
    // order axes by the target's strides, largest outermost (insertion sort: ranks are small)
    for (std::size_t i = 1; i < r; ++i) {
        for (std::size_t j = i; j > 0 && std::labs(out[j]) > std::labs(out[j - 1]); --j) {
            std::swap(ext[j], ext[j - 1]);
            std::swap(out[j], out[j - 1]);
            for (std::size_t k = 0; k < L; ++k) std::swap(in[k][j], in[k][j - 1]);
        }
    }
    r = coalesce(r, ext, out, in, L);
    p.rank = r;
    p.extent.resize(r);
    p.out.resize(r);
    for (std::size_t k = 0; k < L; ++k) p.in[k].resize(r);
}

}  // namespace loom::detail
