// loom/random/bit_generators.hpp: NumPy's bit generators PCG64, PCG64DXSM and Philox (4x64, 10
// rounds), seeded by a seed_sequence as NumPy seeds them, with NumPy's 32-bit half buffer.
#pragma once

#include <cstdint>
#include <optional>

#include "seed_sequence.hpp"

namespace loom::random {

__extension__ typedef unsigned __int128 uint128_t;  // __extension__: no -Wpedantic warning

namespace detail {

inline std::uint64_t rotr64(std::uint64_t v, unsigned r) { return (v >> r) | (v << ((64 - r) & 63)); }

// Brown's arbitrary-stride jump for an LCG: the state after `delta` steps of x -> x * mult + plus.
inline uint128_t lcg_advance(uint128_t state, uint128_t delta, uint128_t mult, uint128_t plus) {
    uint128_t acc_mult = 1, acc_plus = 0;
    while (delta > 0) {
        if (delta & 1) {
            acc_mult *= mult;
            acc_plus = acc_plus * mult + plus;
        }
        plus = (mult + 1) * plus;
        mult *= mult;
        delta >>= 1;
    }
    return acc_mult * state + acc_plus;
}

// NumPy's next_uint32 of every bit generator: a 64-bit draw gives its low half now, its high half next.
template <class G>
struct half_buffer {
    bool has_uint32 = false;
    std::uint32_t uinteger = 0;

    std::uint32_t next32() {
        if (has_uint32) {
            has_uint32 = false;
            return uinteger;
        }
        const std::uint64_t v = static_cast<G*>(this)->next64();
        has_uint32 = true;
        uinteger = static_cast<std::uint32_t>(v >> 32);
        return static_cast<std::uint32_t>(v);
    }
    //! A double in [0, 1) of 53 random bits, as NumPy's next_double.
    double next_double() { return double(static_cast<G*>(this)->next64() >> 11) * (1.0 / 9007199254740992.0); }
    void reset_buffer() {
        has_uint32 = false;
        uinteger = 0;
    }
};

// The 128-bit LCG under PCG64 and PCG64DXSM; they differ in multiplier and output function.
template <class G>
struct pcg_base : half_buffer<G> {
    static constexpr uint128_t default_mult = (uint128_t(0x2360ED051FC65DA4ULL) << 64) | 0x4385DF649FCCF645ULL;
    static constexpr std::uint64_t cheap_mult = 0xda942042e4dd58b5ULL;
    static constexpr uint128_t jump_step = (uint128_t(0x9e3779b97f4a7c15ULL) << 64) | 0xf39cc0605cedc835ULL;

    //! The bit generator's state (NumPy's `bit_generator.state`: state, inc, has_uint32, uinteger).
    struct state_type {
        uint128_t state = 0, inc = 0;
        bool has_uint32 = false;
        std::uint32_t uinteger = 0;
        bool operator==(const state_type&) const = default;
    };

    uint128_t s = 0, inc = 0;
    std::optional<seed_sequence> seq;

    explicit pcg_base(seed_sequence ss) : seq(std::move(ss)) {
        const auto w = seq->generate_state64(4);
        const uint128_t initstate = (uint128_t(w[0]) << 64) | w[1], initseq = (uint128_t(w[2]) << 64) | w[3];
        inc = (initseq << 1) | 1;  // both generators seed with the default multiplier, as NumPy's pcg64_set_seed
        s = s * default_mult + inc;
        s += initstate;
        s = s * default_mult + inc;
    }

    state_type state() const { return {s, inc, this->has_uint32, this->uinteger}; }
    void set_state(const state_type& st) {
        s = st.state;
        inc = st.inc | 1;
        this->has_uint32 = st.has_uint32;
        this->uinteger = st.uinteger;
    }
    //! As if `delta` 64-bit draws were made (mod 2^128); empties the 32-bit half buffer, as NumPy.
    G& advance(uint128_t delta) {
        s = lcg_advance(s, delta, static_cast<G*>(this)->multiplier(), inc);
        this->reset_buffer();
        return *static_cast<G*>(this);
    }
    //! A copy advanced by `jumps` * 0x9e3779b97f4a7c15f39cc0605cedc835 draws (NumPy's `jumped`).
    G jumped(std::uint64_t jumps = 1) const {
        G g = *static_cast<const G*>(this);
        g.advance(jump_step * jumps);
        return g;
    }
};

}  // namespace detail

//! NumPy's default bit generator: a 128-bit LCG with the XSL-RR output (`np.random.PCG64`).
struct pcg64 : detail::pcg_base<pcg64> {
    explicit pcg64(seed_sequence ss) : pcg_base(std::move(ss)) {}
    explicit pcg64(std::uint64_t seed) : pcg64(seed_sequence(seed)) {}
    std::uint64_t next64() {
        s = s * default_mult + inc;
        const auto hi = static_cast<std::uint64_t>(s >> 64), lo = static_cast<std::uint64_t>(s);
        return detail::rotr64(hi ^ lo, static_cast<unsigned>(hi >> 58));
    }
    static constexpr uint128_t multiplier() { return default_mult; }
};

//! PCG64 with the DXSM output and a 64-bit multiplier (`np.random.PCG64DXSM`).
struct pcg64dxsm : detail::pcg_base<pcg64dxsm> {
    explicit pcg64dxsm(seed_sequence ss) : pcg_base(std::move(ss)) {}
    explicit pcg64dxsm(std::uint64_t seed) : pcg64dxsm(seed_sequence(seed)) {}
    std::uint64_t next64() {
        auto hi = static_cast<std::uint64_t>(s >> 64);
        const auto lo = static_cast<std::uint64_t>(s) | 1;
        hi ^= hi >> 32;
        hi *= cheap_mult;
        hi ^= hi >> 48;
        hi *= lo;
        s = s * cheap_mult + inc;
        return hi;
    }
    static constexpr uint128_t multiplier() { return cheap_mult; }
};

//! The counter-based Philox 4x64 with 10 rounds (`np.random.Philox`): key from the seed, counter 0.
struct philox : detail::half_buffer<philox> {
    struct state_type {
        std::uint64_t counter[4] = {}, key[2] = {}, buffer[4] = {};
        int buffer_pos = 4;
        bool has_uint32 = false;
        std::uint32_t uinteger = 0;
        bool operator==(const state_type&) const = default;
    };

    state_type st;
    std::optional<seed_sequence> seq;

    explicit philox(seed_sequence ss) : seq(std::move(ss)) {
        const auto k = seq->generate_state64(2);
        st.key[0] = k[0];
        st.key[1] = k[1];
    }
    explicit philox(std::uint64_t seed) : philox(seed_sequence(seed)) {}

    std::uint64_t next64() {
        if (st.buffer_pos < 4) return st.buffer[st.buffer_pos++];
        for (int i = 0; i < 4 && ++st.counter[i] == 0; ++i) {
        }
        block(st.counter, st.key, st.buffer);
        st.buffer_pos = 1;
        return st.buffer[0];
    }
    state_type state() const {
        state_type s = st;
        s.has_uint32 = has_uint32;
        s.uinteger = uinteger;
        return s;
    }
    void set_state(const state_type& s) {
        st = s;
        has_uint32 = s.has_uint32;
        uinteger = s.uinteger;
    }
    //! Adds `delta` (a 256-bit number, lowest word first) to the counter; empties the buffers.
    philox& advance(const std::uint64_t (&delta)[4]) {
        bool carry = false;
        for (int i = 0; i < 4; ++i) {
            if (carry) carry = ++st.counter[i] == 0;
            const std::uint64_t before = st.counter[i];
            st.counter[i] += delta[i];
            if (st.counter[i] < before && !carry) carry = true;
        }
        st.buffer_pos = 4;
        reset_buffer();
        return *this;
    }
    //! A copy advanced by `jumps` * 2^128 blocks (NumPy's `jumped`).
    philox jumped(std::uint64_t jumps = 1) const {
        philox g = *this;
        const std::uint64_t d[4] = {0, 0, jumps, 0};
        g.advance(d);
        return g;
    }

private:
    static void block(const std::uint64_t (&ctr)[4], const std::uint64_t (&key)[2], std::uint64_t (&out)[4]) {
        std::uint64_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3], k0 = key[0], k1 = key[1];
        for (int r = 0; r < 10; ++r) {
            if (r > 0) {
                k0 += 0x9E3779B97F4A7C15ULL;
                k1 += 0xBB67AE8584CAA73BULL;
            }
            const uint128_t p0 = uint128_t(0xD2E7470EE14C6C93ULL) * c0, p1 = uint128_t(0xCA5A826395121157ULL) * c2;
            const auto hi0 = static_cast<std::uint64_t>(p0 >> 64), lo0 = static_cast<std::uint64_t>(p0);
            const auto hi1 = static_cast<std::uint64_t>(p1 >> 64), lo1 = static_cast<std::uint64_t>(p1);
            c0 = hi1 ^ c1 ^ k0;
            c1 = lo1;
            c2 = hi0 ^ c3 ^ k1;
            c3 = lo0;
        }
        out[0] = c0;
        out[1] = c1;
        out[2] = c2;
        out[3] = c3;
    }
};

}  // namespace loom::random
