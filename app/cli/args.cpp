#include "cli/args.h"

#include <charconv>

namespace cli {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
           const std::set<std::string>& flags) {
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a.size() > 1 && a[0] == '-' && !(a.size() > 1 && std::isdigit(static_cast<unsigned char>(a[1])))) {
            std::string key = a.substr(a.rfind('-', 1) + 1);
            std::string value;
            bool inline_value = false;
            if (const size_t eq = key.find('='); eq != std::string::npos) {
                value = key.substr(eq + 1);
                key = key.substr(0, eq);
                inline_value = true;
            }
            if (valued.count(key)) {
                if (!inline_value) {
                    if (i + 1 >= argv.size()) throw UsageError("option --" + key + " needs a value");
                    value = argv[++i];
                }
                if (values_.count(key)) throw UsageError("option --" + key + " given twice");
                values_[key] = value;
            } else if (flags.count(key) && !inline_value) {
                flags_.insert(key);
            } else {
                throw UsageError("unknown option " + a);
            }
        } else {
            positional_.push_back(a);
        }
    }
}

std::string Args::get(const std::string& key, const std::string& fallback) const {
    const auto it = values_.find(key);
    return it == values_.end() ? fallback : it->second;
}

int Args::get_int(const std::string& key, int fallback, int lo, int hi) const {
    const auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    int v = 0;
    const std::string& s = it->second;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi)
        throw UsageError("--" + key + " must be an integer in [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "], not '" + s + "'");
    return v;
}

double Args::get_double(const std::string& key, double fallback, double lo, double hi, bool lo_open) const {
    const auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    double v = 0;
    const std::string& s = it->second;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || !(lo_open ? v > lo : v >= lo) || !(v <= hi)) {
        const auto text = [](double d) {
            char buf[32];
            return std::string(buf, std::to_chars(buf, buf + sizeof buf, d).ptr);
        };
        throw UsageError("--" + key + " must be a number in " + (lo_open ? "(" : "[") + text(lo) + ", " + text(hi) +
                         "], not '" + s + "'");
    }
    return v;
}

uint64_t Args::get_u64(const std::string& key, uint64_t fallback) const {
    const auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    uint64_t v = 0;
    const std::string& s = it->second;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty())
        throw UsageError("--" + key + " must be an integer from 0 to 18446744073709551615, not '" + s + "'");
    return v;
}

}  // namespace cli
