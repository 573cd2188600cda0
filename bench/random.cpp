// bench/random.cpp (issue 50): 10M and 1M draws of <loom/random.hpp>'s generator, one thread: random(),
// standard_normal() and integers(0, 100) (int64, NumPy's default dtype) of default_rng(42), and random<float>() and
// standard_normal<float>(); the same streams as NumPy's, bit for bit (checked against NumPy's first values in main).
// Against, in the same binary:
//   std   the standard library's engine and distributions: std::mt19937_64 (seed 42) with
//         std::uniform_real_distribution, std::normal_distribution and std::uniform_int_distribution<std::int64_t>(0, 99),
//         writing into a preallocated buffer;
//   hand  (random only) the loop a careful C++ programmer writes with loom's own bit generator, into a preallocated
//         buffer: `loom::random::pcg64 g(seed_sequence(42)); for (i) out[i] = g.next_double();` (float: the
//         top 24 bits of next32(), NumPy's float32 draw): what the array and the generator's API cost on top.
// loom is timed as users call it, `r = rng.random({n})`: each call allocates its result array, and that allocation
// is inside the timing (what users pay; in a loop of such calls loom's buffer cache hands back the block of the
// array the last call replaced, so, as for the loops' preallocated buffers, no timed run maps fresh pages).
// Every implementation's generator lives on across the runs: each run draws the next n values of its stream.
// bench/numpy_cases.py times the same draws with NumPy (`rng.random(n)`, ..., the "random" filter).
#include "common.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <utility>

#include <loom/random.hpp>

namespace {

namespace lr = loom::random;

constexpr std::uint64_t seed = 42;

// The reference of a stream: ref(0), ref(1), ... in that order (bench::add checks a result once, front to back)
// are the draws of `next(state)` from a fresh copy of `init`, one scalar draw at a time.
template <class State, class Next>
auto stream(State init, Next next) {
    struct cursor {
        State init, state;
        std::size_t i = 0;
    };
    auto c = std::make_shared<cursor>(cursor{init, init, 0});
    return [c, next](std::size_t i) -> double {
        if (i == 0) {
            c->state = c->init;
            c->i = 0;
        }
        if (i != c->i) {
            std::fprintf(stderr, "bench/random.cpp: the reference stream is read out of order\n");
            std::abort();
        }
        ++c->i;
        return static_cast<double>(next(c->state));
    };
}

lr::pcg64 fresh_pcg64() { return lr::pcg64(lr::seed_sequence(seed)); }

// The scalar draws of NumPy's algorithms (loom's distributions.hpp), the references of the loom and hand results.
template <class T>
T pcg_random(lr::pcg64& g) {
    if constexpr (std::is_same_v<T, double>) return g.next_double();
    else return static_cast<float>(g.next32() >> 8) * (1.0f / 16777216.0f);
}
template <class T>
T pcg_normal(lr::pcg64& g) {
    if constexpr (std::is_same_v<T, double>) return lr::detail::standard_normal(g);
    else return lr::detail::standard_normal_f(g);
}
std::int64_t pcg_integer(lr::pcg64& g) {
    lr::detail::word_buffer wb;
    return static_cast<std::int64_t>(lr::detail::bounded<std::uint64_t>(g, 0, 99, wb));
}

std::string name(const char* kase, const char* impl, const char* size) {
    return std::string(kase) + "/" + impl + "/" + size;
}

// loom: `r = draw(rng)`, the array allocated by the call, inside the timing.
template <class T, class Draw, class Ref>
void add_loom(const char* kase, std::size_t n, const char* size, Draw draw, Ref ref) {
    bench::add({name(kase, "loom", size), n, n * sizeof(T), 0.0}, ref, [n, draw] {
        struct job {
            lr::generator<lr::pcg64> rng;
            loom::array<T> r;
            std::size_t n;
            Draw draw;
            void run() { r = draw(rng, n); }
            const T* out() const { return r.data(); }
        };
        // The result's pages mapped before timing, as the loops' buffers are: the job holds one array and loom's
        // buffer cache another, the two blocks `r = draw(...)` alternates between (else the first timed call
        // would map fresh memory, which a loop of calls pays once).
        loom::array<T> r(loom::shape_t{n});
        { const loom::array<T> cached(loom::shape_t{n}); }
        return job{lr::default_rng(seed), std::move(r), n, draw};
    });
}

// A loop over a preallocated buffer: out[i] = one(state), the state (an engine and its distribution) kept.
template <class T, class State, class One, class Ref>
void add_loop(const char* kase, const char* impl, std::size_t n, const char* size, State init, One one, Ref ref) {
    bench::add({name(kase, impl, size), n, n * sizeof(T), 0.0}, ref, [n, init, one] {
        struct job {
            State state;
            bench::buffer<T> r;
            One one;
            void run() {
                T* __restrict p = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) p[i] = one(state);
            }
            const T* out() const { return r.data(); }
        };
        return job{init, bench::buffer<T>(n), one};
    });
}

// std::mt19937_64 (seed 42) and one standard distribution D.
template <class D>
struct std_state {
    std::mt19937_64 g{seed};
    D d;
};
template <class D>
auto std_one() {
    return [](std_state<D>& s) { return s.d(s.g); };
}

template <class T>
void uniform(const char* kase, std::size_t n, const char* size) {
    const auto one = [](lr::pcg64& g) { return pcg_random<T>(g); };
    add_loom<T>(kase, n, size, [](auto& rng, std::size_t m) { return rng.template random<T>({m}); },
                stream(fresh_pcg64(), one));
    add_loop<T>(kase, "hand", n, size, fresh_pcg64(), one, stream(fresh_pcg64(), one));
    using D = std::uniform_real_distribution<T>;
    add_loop<T>(kase, "std", n, size, std_state<D>{}, std_one<D>(), stream(std_state<D>{}, std_one<D>()));
}

template <class T>
void normal(const char* kase, std::size_t n, const char* size) {
    add_loom<T>(kase, n, size, [](auto& rng, std::size_t m) { return rng.template standard_normal<T>({m}); },
                stream(fresh_pcg64(), [](lr::pcg64& g) { return pcg_normal<T>(g); }));
    using D = std::normal_distribution<T>;
    add_loop<T>(kase, "std", n, size, std_state<D>{}, std_one<D>(), stream(std_state<D>{}, std_one<D>()));
}

void integers(const char* kase, std::size_t n, const char* size) {
    add_loom<std::int64_t>(kase, n, size, [](auto& rng, std::size_t m) { return rng.integers(0, 100, {m}); },
                           stream(fresh_pcg64(), pcg_integer));
    using D = std::uniform_int_distribution<std::int64_t>;
    const auto init = std_state<D>{std::mt19937_64{seed}, D(0, 99)};
    add_loop<std::int64_t>(kase, "std", n, size, init, std_one<D>(), stream(init, std_one<D>()));
}

// The first draws of default_rng(42) in NumPy 1.24 (printed with repr): the streams measured are NumPy's.
bool numpy_streams() {
    bool ok = true;
    const auto expect = [&ok](const char* what, const auto& got, std::initializer_list<double> want) {
        std::size_t i = 0;
        for (double w : want) {
            if (static_cast<double>(got.data()[i]) != w) {
                std::fprintf(stderr, "bench/random.cpp: %s[%zu] is %.17g, NumPy's is %.17g\n", what, i,
                             static_cast<double>(got.data()[i]), w);
                ok = false;
            }
            ++i;
        }
    };
    expect("random", lr::default_rng(seed).random({4}),
           {0.7739560485559633, 0.4388784397520523, 0.8585979199113825, 0.6973680290593639});
    expect("standard_normal", lr::default_rng(seed).standard_normal({4}),
           {0.30471707975443135, -1.0399841062404955, 0.7504511958064572, 0.9405647163912139});
    expect("integers(0, 100)", lr::default_rng(seed).integers(0, 100, {8}), {8, 77, 65, 43, 43, 85, 8, 69});
    expect("random<float>", lr::default_rng(seed).random<float>({4}),
           {0.08925092220306396, 0.7739560008049011, 0.6545714735984802, 0.4388784170150757});
    expect("standard_normal<float>", lr::default_rng(seed).standard_normal<float>({4}),
           {0.14190717041492462, -1.6685079336166382, -1.3321080207824707, 0.5825534462928772});
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    loom::set_num_threads(1);  // one thread, as the loops and (pinned) NumPy: large random() fills use threads otherwise
    if (!numpy_streams()) return 1;
    for (const auto& [n, size] : {std::pair<std::size_t, const char*>{10'000'000, "10M"}, {1'000'000, "1M"}}) {
        uniform<double>("random_f64", n, size);
        uniform<float>("random_f32", n, size);
        normal<double>("random_normal_f64", n, size);
        normal<float>("random_normal_f32", n, size);
        integers("random_integers_i64", n, size);
    }
    return bench::run_main(argc, argv);
}
