// tests/differential/random_main.cpp: reads random_cases.py's case file, performs each case's calls
// with loom::random (<loom/random.hpp>) and prints their results and the bit generator's state after
// each, for random_cases.py to compare with NumPy's exactly.
//
// Usage: random_check CASES_FILE. Prints one line a case: `id result ; state | result ; state ...`,
// a number 'dtype . v', an array 'dtype rank extents v...' (floats as the hex of their bits,
// integers in decimal, bool 0/1; over 4096 elements '#' and a checksum, the sum of bits_i (2 i + 1)
// mod 2^64), bytes 'bytes n hex', a call that threw 'E V' (std::invalid_argument) or 'E I'
// (loom::index_error), anything else 'E X' and its message; the state 'S' and its fields (PCG: state,
// inc, has_uint32, uinteger; Philox: counter, key, buffer, buffer_pos, has_uint32, uinteger).
// Each call's tokens are read before it runs, so that a throw leaves the line's reading in step.
// To keep the compile short, one translation unit: one runner templated on the bit generator (3),
// the integer dtypes dispatched once (9), real parameters as numbers or loom::array<double>, int64
// ones as numbers or loom::array<std::int64_t>.
#include <loom/random.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "case_reader.hpp"

namespace {

namespace lr = loom::random;
using loom_diff::reader;
using i64 = std::int64_t;
using u64 = std::uint64_t;
using opt_shape = std::optional<loom::shape_t>;
__extension__ typedef __int128 i128;

constexpr std::size_t big = 4096;  // arrays above this many elements: a checksum (random_cases.py's BIG)

// ---- reading

i128 read_i128(reader& r) {
    const std::string t = r.next();
    const bool neg = !t.empty() && t[0] == '-';
    const u64 mag = std::stoull(neg ? t.substr(1) : t);
    return neg ? -i128(mag) : i128(mag);
}

loom::shape_t read_size(reader& r) {
    std::vector<std::size_t> d(static_cast<std::size_t>(r.integer()));
    for (auto& e : d) e = static_cast<std::size_t>(r.integer());
    return loom::shape_t(d);
}

opt_shape read_opt_size(reader& r) {
    const std::string t = r.next();
    if (t == "-") return std::nullopt;
    if (t != "s") throw std::runtime_error("case file: a size is '-' or 's', not " + t);
    return read_size(r);
}

template <class T>
loom::array<T> read_array(reader& r) {
    loom::array<T> a(read_size(r));
    for (std::size_t i = 0; i < a.size(); ++i) {
        if constexpr (std::is_floating_point_v<T>) a.data()[i] = r.real();
        else a.data()[i] = static_cast<T>(r.integer());
    }
    return a;
}

// A parameter: a number or an array of T, as its form letter says ('n' or 'a').
template <class T>
struct param {
    bool is_array = false;
    T number{};
    loom::array<T> values;
};

template <class T>
param<T> read_param(reader& r, char form) {
    param<T> p;
    p.is_array = form == 'a';
    if (p.is_array) p.values = read_array<T>(r);
    else if constexpr (std::is_floating_point_v<T>) p.number = r.real();
    else p.number = static_cast<T>(r.integer());
    return p;
}

// ---- printing

template <class T>
u64 bits(T v) {
    if constexpr (std::is_same_v<T, double>) {
        u64 b;
        std::memcpy(&b, &v, 8);
        return b;
    } else if constexpr (std::is_same_v<T, float>) {
        std::uint32_t b;
        std::memcpy(&b, &v, 4);
        return b;
    } else if constexpr (std::is_same_v<T, bool>) {
        return v ? 1 : 0;
    } else {
        return static_cast<u64>(static_cast<std::make_unsigned_t<T>>(v));
    }
}

template <class T>
void put_value(std::string& o, T v) {
    char buf[40];
    if constexpr (std::is_same_v<T, double>)
        std::snprintf(buf, sizeof buf, " %016llx", static_cast<unsigned long long>(bits(v)));
    else if constexpr (std::is_same_v<T, float>)
        std::snprintf(buf, sizeof buf, " %08llx", static_cast<unsigned long long>(bits(v)));
    else if constexpr (std::is_same_v<T, bool>) std::snprintf(buf, sizeof buf, " %d", v ? 1 : 0);
    else if constexpr (std::is_signed_v<T>) std::snprintf(buf, sizeof buf, " %lld", static_cast<long long>(v));
    else std::snprintf(buf, sizeof buf, " %llu", static_cast<unsigned long long>(v));
    o += buf;
}

template <class T>
std::string dtype_of() {
    return loom::detail::type_name<T>();
}

template <class T>
std::string show(T v) {  // a number
    std::string o = dtype_of<T>() + " .";
    put_value(o, v);
    return o;
}

template <class T>
std::string show(const loom::array<T>& a) {
    std::string o = dtype_of<T>() + " " + std::to_string(a.shape().size());
    for (std::size_t d : a.shape()) o += " " + std::to_string(d);
    const T* p = a.data();
    if (a.size() > big) {
        u64 h = 0;
        for (std::size_t i = 0; i < a.size(); ++i) h += bits(p[i]) * (2 * u64(i) + 1);
        return o + " # " + std::to_string(h);
    }
    for (std::size_t i = 0; i < a.size(); ++i) put_value(o, p[i]);
    return o;
}

std::string hex64(u64 v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

template <class BG>
std::string state_of(const BG& bg) {
    const auto s = bg.state();
    std::string o = "S";
    if constexpr (std::is_same_v<BG, lr::philox>) {
        for (u64 w : s.counter) o += " " + hex64(w);
        for (u64 w : s.key) o += " " + hex64(w);
        for (u64 w : s.buffer) o += " " + hex64(w);
        o += " " + std::to_string(s.buffer_pos);
    } else {
        o += " " + hex64(static_cast<u64>(s.state >> 64)) + hex64(static_cast<u64>(s.state));
        o += " " + hex64(static_cast<u64>(s.inc >> 64)) + hex64(static_cast<u64>(s.inc));
    }
    return o + " " + std::to_string(s.has_uint32 ? 1 : 0) + " " + std::to_string(s.uinteger);
}

// ---- dispatch

template <class T>
struct tag {
    using type = T;
};

// f(tag<I>) for the integer dtype named t
template <class F>
std::string with_int_type(const std::string& t, F&& f) {
    if (t == "bool") return f(tag<bool>{});
    if (t == "int8") return f(tag<std::int8_t>{});
    if (t == "int16") return f(tag<std::int16_t>{});
    if (t == "int32") return f(tag<std::int32_t>{});
    if (t == "int64") return f(tag<std::int64_t>{});
    if (t == "uint8") return f(tag<std::uint8_t>{});
    if (t == "uint16") return f(tag<std::uint16_t>{});
    if (t == "uint32") return f(tag<std::uint32_t>{});
    if (t == "uint64") return f(tag<std::uint64_t>{});
    throw std::runtime_error("case file: unknown integer dtype " + t);
}

// f(low, high) with each bound as int64, or uint64 above int64's range
template <class F>
std::string with_bounds(i128 lo, i128 hi, F&& f) {
    const i128 m = INT64_MAX;
    if (lo <= m && hi <= m) return f(static_cast<i64>(lo), static_cast<i64>(hi));
    if (lo <= m) return f(static_cast<i64>(lo), static_cast<u64>(hi));
    if (hi <= m) return f(static_cast<u64>(lo), static_cast<i64>(hi));
    return f(static_cast<u64>(lo), static_cast<u64>(hi));
}

// f(a) and f(a, b) with each parameter as its number or its array; with the size when given
template <class F, class A>
std::string call1(F&& f, const param<A>& a, const opt_shape& size) {
    auto go = [&](const auto& x) { return size ? show(f(x, *size)) : show(f(x)); };
    return a.is_array ? go(a.values) : go(a.number);
}
template <class F, class A, class B>
std::string call2(F&& f, const param<A>& a, const param<B>& b, const opt_shape& size) {
    auto go = [&](const auto& x, const auto& y) { return size ? show(f(x, y, *size)) : show(f(x, y)); };
    if (a.is_array) return b.is_array ? go(a.values, b.values) : go(a.values, b.number);
    return b.is_array ? go(a.number, b.values) : go(a.number, b.number);
}

// ---- a case

template <class BG>
struct runner {
    lr::generator<BG> g;
    std::string out;

    // runs one call (its tokens already read) and appends its result and the state after it
    template <class F>
    void emit(F&& f) {
        if (!out.empty()) out += " | ";
        try {
            out += f();
        } catch (const loom::index_error&) {
            out += "E I";
        } catch (const std::invalid_argument&) {
            out += "E V";
        } catch (const std::exception& e) {
            out += std::string("E X ") + e.what();
        }
        out += " ; " + state_of(g.bit_generator());
    }

    void op(reader& r) {
        const std::string name = r.next();
        if (name == "spawn") {
            const auto skip = static_cast<std::size_t>(r.integer()), k = static_cast<std::size_t>(r.integer());
            const auto i = static_cast<std::size_t>(r.integer());
            emit([&] {
                if (skip) g.spawn(skip);
                auto kids = g.spawn(k);
                g = kids.at(i);
                return std::string("ok");
            });
        } else if (name == "jump") {
            const u64 j = std::stoull(r.next());
            emit([&] {
                g = g.jumped(j);
                return std::string("ok");
            });
        } else if (name == "random" || name == "standard_normal" || name == "standard_exponential") {
            const bool f32 = r.next() == "f32";
            const opt_shape size = read_opt_size(r);
            emit([&] { return f32 ? simple<float>(name, size) : simple<double>(name, size); });
        } else if (name == "integers") {
            const std::string t = r.next(), form = r.next();
            if (form == "a") {
                const auto lo = read_array<i64>(r), hi = read_array<i64>(r);
                const bool ep = r.integer() != 0;
                const opt_shape size = read_opt_size(r);
                emit([&] {
                    return with_int_type(t, [&](auto tg) {
                        using I = typename decltype(tg)::type;
                        return show(g.template integers<I>(lo, hi, size, ep));
                    });
                });
                return;
            }
            i128 lo = 0, hi = 0;
            if (form != "n1") lo = read_i128(r);
            hi = read_i128(r);
            bool ep = false;
            opt_shape size;
            if (form == "n3" || form == "s") ep = r.integer() != 0;
            if (form == "s") size = read_size(r);
            emit([&] {
                return with_int_type(t, [&](auto tg) {
                    using I = typename decltype(tg)::type;
                    if (form == "n1") return show(g.template integers<I>(static_cast<i64>(hi)));
                    if (form == "n2") return show(g.template integers<I>(static_cast<i64>(lo), static_cast<i64>(hi)));
                    return with_bounds(lo, hi, [&](auto l, auto h) {
                        return size ? show(g.template integers<I>(l, h, *size, ep))
                                    : show(g.template integers<I>(l, h, ep));
                    });
                });
            });
        } else if (name == "uniform" || name == "normal" || name == "gamma" || name == "beta") {
            const std::string form = r.next();
            const auto a = read_param<double>(r, form[0]), b = read_param<double>(r, form[1]);
            const opt_shape size = read_opt_size(r);
            emit([&] {
                auto f = [&](const auto&... x) {
                    if (name == "uniform") return g.uniform(x...);
                    if (name == "normal") return g.normal(x...);
                    if (name == "gamma") return g.gamma(x...);
                    return g.beta(x...);
                };
                return call2(f, a, b, size);
            });
        } else if (name == "exponential" || name == "standard_gamma") {
            const std::string form = r.next();
            const auto a = read_param<double>(r, form[0]);
            const opt_shape size = read_opt_size(r);
            emit([&] {
                auto f = [&](const auto&... x) {
                    return name == "exponential" ? g.exponential(x...) : g.standard_gamma(x...);
                };
                return call1(f, a, size);
            });
        } else if (name == "poisson") {
            const std::string form = r.next();
            const auto a = read_param<double>(r, form[0]);
            const opt_shape size = read_opt_size(r);
            emit([&] { return call1([&](const auto&... x) { return g.poisson(x...); }, a, size); });
        } else if (name == "binomial") {
            const std::string form = r.next();
            const auto n = read_param<i64>(r, form[0]);
            const auto p = read_param<double>(r, form[1]);
            const opt_shape size = read_opt_size(r);
            emit([&] { return call2([&](const auto&... x) { return g.binomial(x...); }, n, p, size); });
        } else if (name == "choice") {
            const bool from_array = r.next() == "a";
            i64 pop = 0;
            loom::array<i64> src;
            if (from_array) src = read_array<i64>(r);
            else pop = r.integer();
            const opt_shape size = read_opt_size(r);
            const bool replace = r.integer() != 0;
            std::vector<double> p;
            const bool with_p = r.next() == "p";
            if (with_p) {
                p.resize(static_cast<std::size_t>(r.integer()));
                for (double& v : p) v = r.real();
            }
            emit([&] {
                if (!with_p) return show(from_array ? g.choice(src, size, replace) : g.choice(pop, size, replace));
                const std::span<const double> ps(p);
                return show(from_array ? g.choice(src, size, replace, ps) : g.choice(pop, size, replace, ps));
            });
        } else if (name == "permutation") {
            if (r.next() == "i") {
                const i64 n = r.integer();
                emit([&] { return show(g.permutation(n)); });
            } else {
                const auto a = read_array<i64>(r);
                const auto axis = static_cast<std::ptrdiff_t>(r.integer());
                emit([&] { return show(g.permutation(a, axis)); });
            }
        } else if (name == "shuffle") {
            auto a = read_array<i64>(r);
            const auto axis = static_cast<std::ptrdiff_t>(r.integer());
            emit([&] {
                g.shuffle(a, axis);
                return show(a);
            });
        } else if (name == "bytes") {
            const auto n = static_cast<std::size_t>(r.integer());
            emit([&] {
                const std::string b = g.bytes(n);
                std::string o = "bytes " + std::to_string(n) + " ";
                static const char digits[] = "0123456789abcdef";
                for (unsigned char c : b) {
                    o += digits[c >> 4];
                    o += digits[c & 15];
                }
                return b.empty() ? o + "-" : o;
            });
        } else {
            throw std::runtime_error("case file: unknown call " + name);
        }
    }

    template <class T>
    std::string simple(const std::string& name, const opt_shape& size) {
        if (name == "random") return size ? show(g.template random<T>(*size)) : show(g.template random<T>());
        if (name == "standard_normal")
            return size ? show(g.template standard_normal<T>(*size)) : show(g.template standard_normal<T>());
        return size ? show(g.template standard_exponential<T>(*size)) : show(g.template standard_exponential<T>());
    }
};

lr::seed_sequence read_seed(reader& r) {
    if (r.next() == "i") return lr::seed_sequence(static_cast<u64>(std::stoull(r.next())));
    std::vector<u64> words(static_cast<std::size_t>(r.integer()));
    for (u64& w : words) w = std::stoull(r.next());
    return lr::seed_sequence(std::span<const u64>(words));
}

template <class BG>
std::string run(reader& r, lr::seed_sequence seq) {
    runner<BG> x{lr::generator<BG>(BG(std::move(seq))), {}};
    const auto n = r.integer();
    for (long long k = 0; k < n; ++k) x.op(r);
    return x.out;
}

std::string run_case(const std::string& line) {
    reader r{std::istringstream(line)};
    const std::string id = r.next(), bg = r.next();
    lr::seed_sequence seq = read_seed(r);
    std::string out;
    if (bg == "pcg64") out = run<lr::pcg64>(r, std::move(seq));
    else if (bg == "pcg64dxsm") out = run<lr::pcg64dxsm>(r, std::move(seq));
    else if (bg == "philox") out = run<lr::philox>(r, std::move(seq));
    else throw std::runtime_error("case file: unknown bit generator " + bg);
    return id + " " + out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: random_check CASES_FILE\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "random_check: cannot read " << argv[1] << "\n";
        return 2;
    }
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        ++n;
        std::cout << run_case(line) << '\n';
    }
    return n == 0 ? 1 : 0;
}
