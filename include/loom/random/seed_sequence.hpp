// loom/random/seed_sequence.hpp: NumPy's SeedSequence (its entropy pool, hash mixing and
// generate_state), so that a seed starts a bit generator where NumPy's starts.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <vector>

namespace loom::random {

//! Seeding as `np.random.SeedSequence`: the same entropy (an integer or a list of them) and spawn key
//! give the same `generate_state` words as NumPy.
//!   loom::random::seed_sequence ss(42);
//!   auto words = ss.generate_state64(4);   // np.random.SeedSequence(42).generate_state(4, np.uint64)
class seed_sequence {
public:
    static constexpr std::size_t pool_size = 4;

    //! Entropy of one non-negative integer (NumPy: an int), split in 32-bit words, lowest first.
    template <std::integral I>
    explicit seed_sequence(I entropy, std::vector<std::uint64_t> spawn_key = {}) {
        if constexpr (std::is_signed_v<I>)
            if (entropy < 0) throw std::invalid_argument("loom::random::seed_sequence: seed < 0");
        append_words(entropy_, static_cast<std::uint64_t>(entropy));
        init(std::move(spawn_key));
    }
    //! Entropy of a list of integers, each split in 32-bit words as above and joined.
    explicit seed_sequence(std::span<const std::uint64_t> entropy, std::vector<std::uint64_t> spawn_key = {}) {
        for (std::uint64_t v : entropy) append_words(entropy_, v);
        if (entropy.empty())
            throw std::invalid_argument("loom::random::seed_sequence: entropy is an empty list");
        init(std::move(spawn_key));
    }
    seed_sequence(std::initializer_list<std::uint64_t> entropy, std::vector<std::uint64_t> spawn_key = {})
        : seed_sequence(std::span<const std::uint64_t>(entropy.begin(), entropy.size()), std::move(spawn_key)) {}

    //! `n` 32-bit words of state (`generate_state(n, np.uint32)`).
    std::vector<std::uint32_t> generate_state32(std::size_t n) const {
        std::vector<std::uint32_t> out(n);
        std::uint32_t h = init_b;
        for (std::size_t i = 0; i < n; ++i) {
            std::uint32_t v = pool_[i % pool_size] ^ h;
            h *= mult_b;
            v *= h;
            out[i] = v ^ (v >> xshift);
        }
        return out;
    }
    //! `n` 64-bit words (`generate_state(n, np.uint64)`: pairs of 32-bit words, low word first).
    std::vector<std::uint64_t> generate_state64(std::size_t n) const {
        const auto w = generate_state32(2 * n);
        std::vector<std::uint64_t> out(n);
        for (std::size_t i = 0; i < n; ++i) out[i] = std::uint64_t(w[2 * i]) | (std::uint64_t(w[2 * i + 1]) << 32);
        return out;
    }
    //! `n` children, as `SeedSequence.spawn(n)`: the same entropy, the spawn key extended by the
    //! child's number; numbering goes on across calls.
    std::vector<seed_sequence> spawn(std::size_t n) {
        std::vector<seed_sequence> kids;
        kids.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            auto key = spawn_key_;
            key.push_back(children_spawned_ + i);
            kids.push_back(seed_sequence(entropy_, std::move(key), 0));
        }
        children_spawned_ += n;
        return kids;
    }

    const std::vector<std::uint32_t>& entropy_words() const noexcept { return entropy_; }
    const std::vector<std::uint64_t>& spawn_key() const noexcept { return spawn_key_; }
    std::uint64_t n_children_spawned() const noexcept { return children_spawned_; }

private:
    static constexpr std::uint32_t init_a = 0x43b0d7e5, mult_a = 0x931e8875, init_b = 0x8b51f9dd,
                                   mult_b = 0x58f38ded, mix_l = 0xca01f9dd, mix_r = 0x4973f715, xshift = 16;

    seed_sequence(std::vector<std::uint32_t> words, std::vector<std::uint64_t> key, int) : entropy_(std::move(words)) {
        init(std::move(key));
    }
    static void append_words(std::vector<std::uint32_t>& w, std::uint64_t v) {
        w.push_back(static_cast<std::uint32_t>(v));
        if (v >> 32) w.push_back(static_cast<std::uint32_t>(v >> 32));
    }
    static std::uint32_t hashmix(std::uint32_t v, std::uint32_t& h) {
        v ^= h;
        h *= mult_a;
        v *= h;
        return v ^ (v >> xshift);
    }
    static std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
        std::uint32_t r = mix_l * x - mix_r * y;
        return r ^ (r >> xshift);
    }
    void init(std::vector<std::uint64_t> key) {
        spawn_key_ = std::move(key);
        std::vector<std::uint32_t> words = entropy_;
        if (!spawn_key_.empty()) {
            if (words.size() < pool_size) words.resize(pool_size, 0);
            for (std::uint64_t k : spawn_key_) append_words(words, k);
        }
        std::uint32_t h = init_a;
        for (std::size_t i = 0; i < pool_size; ++i) pool_[i] = hashmix(i < words.size() ? words[i] : 0, h);
        for (std::size_t s = 0; s < pool_size; ++s)
            for (std::size_t d = 0; d < pool_size; ++d)
                if (s != d) pool_[d] = mix(pool_[d], hashmix(pool_[s], h));
        for (std::size_t s = pool_size; s < words.size(); ++s)
            for (std::size_t d = 0; d < pool_size; ++d) pool_[d] = mix(pool_[d], hashmix(words[s], h));
    }

    std::vector<std::uint32_t> entropy_;
    std::vector<std::uint64_t> spawn_key_;
    std::uint64_t children_spawned_ = 0;
    std::uint32_t pool_[pool_size] = {};
};

}  // namespace loom::random
