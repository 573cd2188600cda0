// tests/differential/main.cpp: reads gen_cases.py's case file and checks every case against loom.
//
// Usage: differential CASES_FILE. Prints the number of cases checked; each mismatch
// prints the case (its reason and the input line) and the program exits 1.
// `differential --combos` prints the type combinations compiled in, one per line.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "case_reader.hpp"
#include "differential.hpp"

namespace loom_diff {
namespace {

array_data read_array(reader& r) {
    array_data d;
    d.dtype = r.next();
    const auto rank = r.integer();
    std::vector<std::size_t> dims;
    for (long long k = 0; k < rank; ++k) dims.push_back(static_cast<std::size_t>(r.integer()));
    d.shape = loom::shape_t(dims);
    const auto n = r.integer();
    const bool cplx = d.dtype.rfind("complex", 0) == 0;
    for (long long k = 0; k < n; ++k) {
        if (cplx) {
            const std::complex<double> z = r.complex();
            d.values.push_back(z.real());
            d.imag.push_back(z.imag());
        } else {
            d.values.push_back(r.real());
        }
    }
    return d;
}

std::optional<std::ptrdiff_t> bound(const std::string& t) {
    if (t == "N") return std::nullopt;
    return static_cast<std::ptrdiff_t>(std::stoll(t));
}

test_case read_case(const std::string& line) {
    reader r{std::istringstream(line)};
    test_case c;
    c.line = line;
    c.id = r.next();
    c.name = r.next();
    c.combo = r.next();
    for (auto& o : c.ops) {
        o.data = read_array(r);
        const auto n = r.integer();
        o.has_spec = n >= 0;
        for (long long k = 0; k < n; ++k) {
            spec_item it{};
            const std::string kind = r.next();
            it.kind = kind[0];
            if (it.kind == 'I') it.index = static_cast<std::ptrdiff_t>(r.integer());
            if (it.kind == 'S') {
                it.start = bound(r.next());
                it.stop = bound(r.next());
                it.step = static_cast<std::ptrdiff_t>(r.integer());
            }
            o.spec.push_back(it);
        }
    }
    c.s = static_cast<int>(r.integer());
    c.f = r.real();
    const std::string e = r.next();
    c.expect_error = e == "E";
    c.expect_overflow = e == "O";
    const bool inplace = c.name == "iadd" || c.name == "isub_mul" || c.name == "imul" || c.name == "vassign" ||
                         c.name == "vadd" || c.name.rfind("alias_", 0) == 0;
    if ((!c.expect_error && !c.expect_overflow) || inplace) c.expected = read_array(r);
    return c;
}

}  // namespace
}  // namespace loom_diff

loom_diff::registry& loom_diff::compiled() {
    static registry reg;
    return reg;
}

int main(int argc, char** argv) {
    using namespace loom_diff;
    const registry& reg = compiled();
    if (argc == 2 && std::string(argv[1]) == "--combos") {  // gen_cases.py draws only these
        std::set<std::string> combos;
        for (const auto& entry : reg) combos.insert(entry.first.substr(entry.first.find('/') + 1));
        for (const auto& c : combos) std::cout << c << "\n";
        return 0;
    }
    if (argc != 2) {
        std::cerr << "usage: differential CASES_FILE | differential --combos\n";
        return 2;
    }

    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "differential: cannot read " << argv[1] << "\n";
        return 2;
    }
    std::string line;
    long cases = 0, failures = 0, errors_expected = 0, overflows_expected = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        test_case c;
        try {
            c = read_case(line);
        } catch (const std::exception& ex) {
            std::cout << "MALFORMED case line (" << ex.what() << "): " << line.substr(0, 200) << "\n";
            ++failures;
            continue;
        }
        ++cases;
        errors_expected += c.expect_error;
        overflows_expected += c.expect_overflow;
        std::string why;
        bool ok = false;
        const auto it = reg.find(c.name + "/" + c.combo);
        try {
            if (it == reg.end()) why = "no compiled expression shape " + c.name + "/" + c.combo;
            else ok = it->second(c, why);
        } catch (const std::exception& ex) {
            why = std::string("unexpected exception: ") + ex.what();
        }
        if (!ok) {
            if (++failures <= 20)
                std::cout << "MISMATCH case " << c.id << " " << c.name << "/" << c.combo << ": " << why << "\n  "
                          << line << "\n";
        }
    }
    std::cout << "differential: " << cases << " cases checked (" << errors_expected << " expecting broadcast_error, "
              << overflows_expected << " overflow_error), "
              << failures << " mismatches\n";
    return failures == 0 && cases > 0 ? 0 : 1;
}
