// loom/eval/shared_means.hpp: the means one assignment computes over arrays and views, shared by its mean, var and stddev nodes.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../detail/small_vector.hpp"

namespace loom::detail {

template <class R>
inline constexpr char type_tag = 0;

// The means computed while one assignment collects its leaves (its prepared
// pass owns this, eval/direct.hpp), keyed by the
// operand's memory, shape and strides, the reduced axes and the result type.
// The operands are the user's arrays: nothing writes them before the
// element-wise pass, so a mean found here is the one that would be computed.
class shared_means {
public:
    template <class R>
    const R* find(const void* data, const shape_t& s, const strides_t& st, const bool* red) const {
        for (std::size_t i = 0; i < count_; ++i)
            if (kept_[i].matches(data, &type_tag<R>, s, st, red)) return reinterpret_cast<const R*>(kept_[i].values.data());
        return nullptr;
    }
    template <class R>
    void keep(const void* data, const shape_t& s, const strides_t& st, const bool* red, const R* values, std::size_t m) {
        if (count_ == capacity) return;
        entry& k = kept_[count_++];
        k.data = data;
        k.type = &type_tag<R>;
        k.shape = s;
        k.strides = st;
        k.red.assign(red, red + s.size());
        k.values = buffer<std::byte>(m * sizeof(R));
        if (m) std::memcpy(k.values.data(), values, m * sizeof(R));
    }

private:
    struct entry {
        const void* data = nullptr;
        const void* type = nullptr;
        shape_t shape;
        strides_t strides;
        small_vector<bool, 8> red;
        buffer<std::byte> values;
        bool matches(const void* d, const void* t, const shape_t& s, const strides_t& st, const bool* r) const {
            if (d != data || t != type || s != shape || st != strides) return false;
            for (std::size_t i = 0; i < s.size(); ++i)
                if (r[i] != red[i]) return false;
            return true;
        }
    };
    static constexpr std::size_t capacity = 4;
    entry kept_[capacity];
    std::size_t count_ = 0;
};

}  // namespace loom::detail
