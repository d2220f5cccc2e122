#pragma once
// Command-line parsing for attnscope-cli: `verb --key value --flag ... [positional]`.
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace cli {

// Bad usage: attnscope-cli exits with status 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Args {
public:
    // `valued`: options that take a value; `flags`: options that do not.
    Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
         const std::set<std::string>& flags);

    bool has(const std::string& key) const { return values_.count(key) || flags_.count(key); }
    std::string get(const std::string& key, const std::string& fallback = {}) const;
    int get_int(const std::string& key, int fallback, int lo, int hi) const;
    // A decimal number (read the same in every locale) in [lo, hi]; `lo_open`
    // excludes lo itself. A usage error otherwise.
    double get_double(const std::string& key, double fallback, double lo, double hi, bool lo_open = false) const;
    // A non-negative integer up to 2^64 - 1 (a seed).
    uint64_t get_u64(const std::string& key, uint64_t fallback) const;
    const std::vector<std::string>& positional() const { return positional_; }

private:
    std::map<std::string, std::string> values_;
    std::set<std::string> flags_;
    std::vector<std::string> positional_;
};

}  // namespace cli
