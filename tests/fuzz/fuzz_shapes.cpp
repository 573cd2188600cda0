// tests/fuzz/fuzz_shapes.cpp: libFuzzer target over broadcast_shapes, view arguments, reshape, broadcast_in_dim and in_dim.
//
// Every call either succeeds with a result checked here (the broadcast shape equals a
// reference written below; a view's every element lies inside its buffer; a reshape
// keeps the element count; broadcast_in_dim's shape is out_shape) or throws one of
// loom's documented exceptions (broadcast_error, index_error, std::invalid_argument,
// std::length_error, std::bad_alloc for huge sizes). Anything else, a crash or
// undefined behaviour (built with -fsanitize=fuzzer,address,undefined), is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <optional>
#include <stdexcept>
#include <vector>

#include <loom/loom.hpp>

namespace {

struct bytes {
    const std::uint8_t* p;
    std::size_t n;
    std::uint8_t u8() {
        if (n == 0) return 0;
        --n;
        return *p++;
    }
    // a size: mostly 0..5, sometimes large or near the top of size_t
    std::size_t size() {
        const std::uint8_t b = u8();
        if (b < 200) return b % 6;
        if (b < 230) return b;
        if (b < 250) return std::size_t(1) << (b % 64);
        return SIZE_MAX - (b - 250);
    }
    std::ptrdiff_t small() { return static_cast<std::ptrdiff_t>(static_cast<std::int8_t>(u8())) % 9; }
};

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_shapes: %s\n", what);
    std::abort();
}

loom::shape_t read_shape(bytes& in, std::size_t max_rank, bool small_only) {
    const std::size_t rank = in.u8() % (max_rank + 1);
    std::vector<std::size_t> d;
    for (std::size_t k = 0; k < rank; ++k) d.push_back(small_only ? in.u8() % 5 : in.size());
    return loom::shape_t(d);
}

// The Array API algorithm, written again: nullopt when the shapes do not broadcast.
std::optional<std::vector<std::size_t>> reference_broadcast(const std::vector<loom::shape_t>& shapes) {
    std::size_t rank = 0;
    for (const auto& s : shapes) rank = std::max<std::size_t>(rank, s.size());
    std::vector<std::size_t> out(rank, 1);
    for (const auto& s : shapes) {
        for (std::size_t k = 0; k < s.size(); ++k) {
            std::size_t& o = out[rank - s.size() + k];
            const std::size_t v = s[k];
            if (v == 1) continue;
            if (o == 1) o = v;
            else if (o != v) return std::nullopt;
        }
    }
    return out;
}

template <class V, class T>
void check_inside(const V& v, const T* lo, std::size_t count) {
    const auto& shape = v.shape();
    const auto& strides = v.strides();
    for (std::size_t k = 0; k < shape.size(); ++k)
        if (shape[k] == 0) return;  // no element
    // the extreme addresses: each axis at 0 or at its last index, by the stride's sign
    std::ptrdiff_t min_off = 0, max_off = 0;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        const std::ptrdiff_t span = strides[k] * static_cast<std::ptrdiff_t>(shape[k] - 1);
        (span < 0 ? min_off : max_off) += span;
    }
    const std::ptrdiff_t base = v.data() - lo;
    if (base + min_off < 0 || base + max_off >= static_cast<std::ptrdiff_t>(count)) fail("view outside its buffer");
}

void fuzz_broadcast(bytes& in) {
    std::vector<loom::shape_t> shapes;
    const std::size_t n = 1 + in.u8() % 4;
    for (std::size_t k = 0; k < n; ++k) shapes.push_back(read_shape(in, 10, false));
    const auto want = reference_broadcast(shapes);
    try {
        loom::shape_t got = shapes.size() == 1   ? loom::broadcast_shapes(shapes[0])
                            : shapes.size() == 2 ? loom::broadcast_shapes(shapes[0], shapes[1])
                            : shapes.size() == 3 ? loom::broadcast_shapes(shapes[0], shapes[1], shapes[2])
                                                 : loom::broadcast_shapes(shapes[0], shapes[1], shapes[2], shapes[3]);
        if (!want) fail("broadcast_shapes accepted incompatible shapes");
        if (!(got == loom::shape_t(*want))) fail("broadcast_shapes result differs from the reference");
    } catch (const loom::broadcast_error&) {
        if (want) fail("broadcast_shapes rejected compatible shapes");
    }
}

void fuzz_view(bytes& in) {
    const loom::shape_t shape = read_shape(in, 5, true);
    loom::array<double> x(shape);
    std::optional<loom::strided_view<double>> v(loom::view(x));
    const std::size_t nargs = in.u8() % 6;
    for (std::size_t k = 0; k < nargs; ++k) {
        const std::uint8_t kind = in.u8() % 6;
        auto opt = [&]() -> std::optional<std::ptrdiff_t> {
            const auto b = in.small();
            return b == 8 ? std::nullopt : std::optional<std::ptrdiff_t>(b);
        };
        switch (kind) {
        case 0: v.emplace(loom::view(*v, in.small())); break;
        case 1: {
            const auto a = opt(), b = opt();
            const std::ptrdiff_t step = in.small();
            const auto s = a && b ? loom::range(*a, *b, step)
                           : a    ? loom::range(*a, loom::none, step)
                           : b    ? loom::range(loom::none, *b, step)
                                  : loom::range(loom::none, loom::none, step);
            v.emplace(loom::view(*v, loom::all, s));
            break;
        }
        case 2: v.emplace(loom::view(*v, loom::newaxis, loom::ellipsis, loom::newaxis)); break;
        case 3: v.emplace(loom::view(*v, loom::ellipsis, in.small())); break;
        case 4: v.emplace(loom::view(*v, loom::ellipsis, loom::ellipsis)); break;  // always index_error
        default: {
            std::vector<std::ptrdiff_t> perm;
            for (std::size_t a = v->ndim(); a-- > 0;) perm.push_back(static_cast<std::ptrdiff_t>(a));
            if (in.u8() % 2 && !perm.empty()) perm[0] = in.small();
            v.emplace(loom::permute_dims(*v, perm));
        }
        }
        check_inside(*v, x.data(), x.size());
    }
    // write through the view: stays in x's buffer (ASan checks every store)
    *v = 1.0;
}

void fuzz_reshape(bytes& in) {
    const loom::shape_t shape = read_shape(in, 4, true);
    loom::array<float> x(shape);
    const std::size_t rank = in.u8() % 6;
    std::vector<std::ptrdiff_t> target;
    for (std::size_t k = 0; k < rank; ++k) {
        const std::uint8_t b = in.u8();
        target.push_back(b < 240 ? b % 7 - 1 : b < 250 ? std::ptrdiff_t(1) << (b % 63) : -static_cast<std::ptrdiff_t>(b));
    }
    auto r = loom::reshape(x, target);
    if (r.size() != x.size()) fail("reshape changed the element count");
    check_inside(r, x.data(), x.size());
}

void fuzz_in_dim(bytes& in) {
    const loom::shape_t xs = read_shape(in, 4, true);
    const loom::shape_t out = read_shape(in, 6, false);
    std::vector<std::ptrdiff_t> dims;
    const std::size_t nd = in.u8() % 6;
    for (std::size_t k = 0; k < nd; ++k) dims.push_back(in.small());
    loom::array<std::int32_t> x(xs);
    if (in.u8() % 2) {
        auto b = loom::broadcast_in_dim(x, out, dims);
        if (!(b.shape() == out)) fail("broadcast_in_dim's shape is not out_shape");
        check_inside(b, x.data(), x.size());
    } else {
        const loom::shape_t ys = read_shape(in, 5, true);
        loom::array<std::int32_t> y(ys);
        auto e = y + loom::in_dim(x, dims);
        const loom::shape_t s = e.shape();
        if (s.size() < ys.size()) fail("in_dim result lost axes");
        loom::array<std::int32_t> r = e;
        if (!(r.shape() == s)) fail("in_dim evaluated to another shape");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bytes in{data, size};
    try {
        switch (in.u8() % 4) {
        case 0: fuzz_broadcast(in); break;
        case 1: fuzz_view(in); break;
        case 2: fuzz_reshape(in); break;
        default: fuzz_in_dim(in); break;
        }
    } catch (const loom::broadcast_error&) {
    } catch (const loom::index_error&) {
    } catch (const std::length_error&) {
    } catch (const std::invalid_argument&) {
    } catch (const std::bad_alloc&) {
    }
    return 0;
}
