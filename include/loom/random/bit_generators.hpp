// loom/random/bit_generators.hpp: NumPy's bit generators PCG64, PCG64DXSM and Philox (4x64, 10
// rounds), seeded by a seed_sequence as NumPy seeds them, with NumPy's 32-bit half buffer.
// Each is an engine (the state that draws, small enough to live in registers during a fill) and
// the seed_sequence it came from (for spawn).
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
template <class E>
struct half_buffer {
    bool has_uint32 = false;
    std::uint32_t uinteger = 0;

    std::uint32_t next32() {
        if (has_uint32) {
            has_uint32 = false;
            return uinteger;
        }
        const std::uint64_t v = static_cast<E*>(this)->next64();
        has_uint32 = true;
        uinteger = static_cast<std::uint32_t>(v >> 32);
        return static_cast<std::uint32_t>(v);
    }
    //! A double in [0, 1) of 53 random bits, as NumPy's next_double.
    double next_double() { return double(static_cast<E*>(this)->next64() >> 11) * (1.0 / 9007199254740992.0); }
    void reset_buffer() {
        has_uint32 = false;
        uinteger = 0;
    }
};

inline constexpr uint128_t pcg_default_mult = (uint128_t(0x2360ED051FC65DA4ULL) << 64) | 0x4385DF649FCCF645ULL;
inline constexpr std::uint64_t pcg_cheap_mult = 0xda942042e4dd58b5ULL;

struct pcg64_engine : half_buffer<pcg64_engine> {
    uint128_t s = 0, inc = 0;
    static constexpr uint128_t mult = pcg_default_mult;
    static constexpr bool pre_step = false;  // a draw is the output of the state after the step
    static std::uint64_t output(uint128_t x) {
        const auto hi = static_cast<std::uint64_t>(x >> 64), lo = static_cast<std::uint64_t>(x);
        return rotr64(hi ^ lo, static_cast<unsigned>(hi >> 58));
    }
    std::uint64_t next64() {
        s = s * mult + inc;
        return output(s);
    }
};

struct pcg64dxsm_engine : half_buffer<pcg64dxsm_engine> {
    uint128_t s = 0, inc = 0;
    static constexpr uint128_t mult = pcg_cheap_mult;
    static constexpr bool pre_step = true;  // a draw is the DXSM output of the state before the step
    static std::uint64_t output(uint128_t x) {
        auto hi = static_cast<std::uint64_t>(x >> 64);
        const auto lo = static_cast<std::uint64_t>(x) | 1;
        hi ^= hi >> 32;
        hi *= pcg_cheap_mult;
        hi ^= hi >> 48;
        return hi * lo;
    }
    std::uint64_t next64() {
        const std::uint64_t r = output(s);
        s = s * mult + inc;
        return r;
    }
};

// n draws of next64(), each through `convert`, from a PCG engine into o, on four interleaved LCG lanes
// (each lane four steps at a time: x -> a^4 x + c (a^3 + a^2 + a + 1)), which cuts the chain of
// dependent 128-bit products: the same numbers and the same final state as n calls.
template <class E, class T, class F>
void pcg_fill(E& e, T* o, std::size_t n, F convert) {
    if (n == 0) return;
    constexpr uint128_t a = E::mult, a4 = E::mult * E::mult * E::mult * E::mult;
    const uint128_t c = e.inc, c4 = e.inc * (a * a * a + a * a + a + 1);
    uint128_t p[4];
    p[0] = E::pre_step ? e.s : e.s * a + c;  // the state whose output is draw 0
    for (int k = 1; k < 4; ++k) p[k] = p[k - 1] * a + c;
    uint128_t last = p[0];  // the state of the last draw made
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        for (int k = 0; k < 4; ++k) o[i + k] = convert(E::output(p[k]));
        last = p[3];
        for (int k = 0; k < 4; ++k) p[k] = p[k] * a4 + c4;
    }
    for (uint128_t x = p[0]; i < n; ++i, x = x * a + c) {
        o[i] = convert(E::output(x));
        last = x;
    }
    e.s = E::pre_step ? last * a + c : last;
}

// n draws of next_double() from a PCG engine into o.
template <class E>
void pcg_fill_double(E& e, double* o, std::size_t n) {
    pcg_fill(e, o, n, [](std::uint64_t w) { return double(w >> 11) * (1.0 / 9007199254740992.0); });
}

// Engines with an LCG state that pcg_fill can run ahead on and lcg_advance can set back.
template <class E>
concept lcg_engine = requires(E e) {
    E::mult;
    e.s;
    e.inc;
};

struct philox_engine : half_buffer<philox_engine> {
    std::uint64_t counter[4] = {}, key[2] = {}, buffer[4] = {};
    int buffer_pos = 4;

    std::uint64_t next64() {
        if (buffer_pos < 4) return buffer[buffer_pos++];
        for (int i = 0; i < 4 && ++counter[i] == 0; ++i) {
        }
        block();
        buffer_pos = 1;
        return buffer[0];
    }
    void block() {
        std::uint64_t c0 = counter[0], c1 = counter[1], c2 = counter[2], c3 = counter[3], k0 = key[0], k1 = key[1];
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
        buffer[0] = c0;
        buffer[1] = c1;
        buffer[2] = c2;
        buffer[3] = c3;
    }
};

// What every bit generator has: its engine, its seed sequence, and the draws forwarded to the engine.
template <class E>
struct bit_generator_base {
    E engine;
    std::optional<seed_sequence> seq;

    std::uint64_t next64() { return engine.next64(); }
    std::uint32_t next32() { return engine.next32(); }
    double next_double() { return engine.next_double(); }
};

// PCG64 and PCG64DXSM: one 128-bit LCG, seeded alike; they differ in multiplier and output.
template <class G, class E>
struct pcg_base : bit_generator_base<E> {
    static constexpr uint128_t jump_step = (uint128_t(0x9e3779b97f4a7c15ULL) << 64) | 0xf39cc0605cedc835ULL;

    //! The bit generator's state (NumPy's `bit_generator.state`: state, inc, has_uint32, uinteger).
    struct state_type {
        uint128_t state = 0, inc = 0;
        bool has_uint32 = false;
        std::uint32_t uinteger = 0;
        bool operator==(const state_type&) const = default;
    };

    explicit pcg_base(seed_sequence ss) {
        this->seq = std::move(ss);
        const auto w = this->seq->generate_state64(4);
        const uint128_t initstate = (uint128_t(w[0]) << 64) | w[1], initseq = (uint128_t(w[2]) << 64) | w[3];
        E& e = this->engine;
        e.inc = (initseq << 1) | 1;  // both generators seed with the default multiplier, as NumPy's pcg64_set_seed
        e.s = e.s * pcg_default_mult + e.inc;
        e.s += initstate;
        e.s = e.s * pcg_default_mult + e.inc;
    }

    state_type state() const {
        const E& e = this->engine;
        return {e.s, e.inc, e.has_uint32, e.uinteger};
    }
    void set_state(const state_type& st) {
        E& e = this->engine;
        e.s = st.state;
        e.inc = st.inc | 1;
        e.has_uint32 = st.has_uint32;
        e.uinteger = st.uinteger;
    }
    //! As if `delta` 64-bit draws were made (mod 2^128); empties the 32-bit half buffer, as NumPy.
    G& advance(uint128_t delta) {
        E& e = this->engine;
        e.s = lcg_advance(e.s, delta, E::mult, e.inc);
        e.reset_buffer();
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
struct pcg64 : detail::pcg_base<pcg64, detail::pcg64_engine> {
    explicit pcg64(seed_sequence ss) : pcg_base(std::move(ss)) {}
    explicit pcg64(std::uint64_t seed) : pcg64(seed_sequence(seed)) {}
};

//! PCG64 with the DXSM output and a 64-bit multiplier (`np.random.PCG64DXSM`).
struct pcg64dxsm : detail::pcg_base<pcg64dxsm, detail::pcg64dxsm_engine> {
    explicit pcg64dxsm(seed_sequence ss) : pcg_base(std::move(ss)) {}
    explicit pcg64dxsm(std::uint64_t seed) : pcg64dxsm(seed_sequence(seed)) {}
};

//! The counter-based Philox 4x64 with 10 rounds (`np.random.Philox`): key from the seed, counter 0.
struct philox : detail::bit_generator_base<detail::philox_engine> {
    struct state_type {
        std::uint64_t counter[4] = {}, key[2] = {}, buffer[4] = {};
        int buffer_pos = 4;
        bool has_uint32 = false;
        std::uint32_t uinteger = 0;
        bool operator==(const state_type&) const = default;
    };

    explicit philox(seed_sequence ss) {
        seq = std::move(ss);
        const auto k = seq->generate_state64(2);
        engine.key[0] = k[0];
        engine.key[1] = k[1];
    }
    explicit philox(std::uint64_t seed) : philox(seed_sequence(seed)) {}

    state_type state() const {
        state_type s;
        copy_state(s, engine);
        return s;
    }
    void set_state(const state_type& s) { copy_state(engine, s); }
    //! Adds `delta` (a 256-bit number, lowest word first) to the counter; empties the buffers.
    philox& advance(const std::uint64_t (&delta)[4]) {
        bool carry = false;
        for (int i = 0; i < 4; ++i) {
            if (carry) carry = ++engine.counter[i] == 0;
            const std::uint64_t before = engine.counter[i];
            engine.counter[i] += delta[i];
            if (engine.counter[i] < before && !carry) carry = true;
        }
        for (auto& w : engine.buffer) w = 0;  // as NumPy's philox_advance
        engine.buffer_pos = 4;
        engine.reset_buffer();
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
    // The engine's fields to NumPy's state or back (both have the same names).
    template <class To, class From>
    static void copy_state(To& to, const From& from) {
        for (int i = 0; i < 4; ++i) {
            to.counter[i] = from.counter[i];
            to.buffer[i] = from.buffer[i];
        }
        to.key[0] = from.key[0];
        to.key[1] = from.key[1];
        to.buffer_pos = from.buffer_pos;
        to.has_uint32 = from.has_uint32;
        to.uinteger = from.uinteger;
    }
};

}  // namespace loom::random
