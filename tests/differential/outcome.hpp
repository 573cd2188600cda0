// tests/differential/outcome.hpp: what the checkers that expect errors and untouched operands share
// (manip_check, more_check): a call's outcome against the expected error letter, and operand snapshots.
#pragma once

#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <loom/containers/array.hpp>
#include <loom/core/errors.hpp>

namespace loom_diff {

// f() runs loom and compares; a thrown error is compared with the expected one (c.outcome: 'B'
// broadcast_error, 'I' index_error, 'V' another std::invalid_argument).
template <class Case, class F>
std::string outcome_of(const Case& c, F&& f) {
    try {
        return f();
    } catch (const loom::broadcast_error& e) {
        return c.outcome == 'B' ? "" : std::string("broadcast_error: ") + e.what();
    } catch (const loom::index_error& e) {
        return c.outcome == 'I' ? "" : std::string("index_error: ") + e.what();
    } catch (const std::invalid_argument& e) {
        return c.outcome == 'V' ? "" : std::string("invalid_argument: ") + e.what();
    }
}

// The bytes of an operand's memory before the call, to check it is unchanged after.
struct snapshot {
    const void* p;
    std::vector<unsigned char> bytes;
    std::string name;
    template <class T>
    snapshot(const loom::array<T>& a, std::string n) : p(a.data()), bytes(a.size() * sizeof(T)), name(std::move(n)) {
        if (!bytes.empty()) std::memcpy(bytes.data(), p, bytes.size());
    }
    std::string changed() const {
        return bytes.empty() || std::memcmp(bytes.data(), p, bytes.size()) == 0 ? "" : name + " was changed";
    }
};

// why, or else whether the operands are unchanged
inline std::string and_unchanged(std::string why, std::initializer_list<const snapshot*> s) {
    for (const snapshot* k : s)
        if (why.empty()) why = k->changed();
    return why;
}

}  // namespace loom_diff
