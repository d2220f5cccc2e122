#include "session/knockout.h"

#include <charconv>

namespace session {

namespace {

// A number in [0, INT_MAX), or `*` (-1) where `any` allows it.
bool parsePart(std::string_view s, bool any, int* out) {
    if (any && s == "*") {
        *out = -1;
        return true;
    }
    if (s.empty() || s.size() > 9) return false;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return ec == std::errc() && p == s.data() + s.size() && *out >= 0;
}

attnscope::Knockout parseOne(std::string_view spec) {
    const auto bad = [&] {
        return KnockoutSpecError("bad knockout '" + std::string(spec) +
                                 "': expected LAYER.HEAD:QUERY>KEY, e.g. 2.*:9>4 or *.*:*>5 (* for every one)");
    };
    const size_t dot = spec.find('.'), colon = spec.find(':'), gt = spec.find('>');
    if (dot == std::string_view::npos || colon == std::string_view::npos || gt == std::string_view::npos ||
        !(dot < colon && colon < gt))
        throw bad();
    attnscope::Knockout k;
    if (!parsePart(spec.substr(0, dot), true, &k.layer) || !parsePart(spec.substr(dot + 1, colon - dot - 1), true, &k.head) ||
        !parsePart(spec.substr(colon + 1, gt - colon - 1), true, &k.query) || !parsePart(spec.substr(gt + 1), false, &k.key))
        throw bad();
    return k;
}

std::string part(int v) { return v < 0 ? "*" : std::to_string(v); }

}  // namespace

std::vector<attnscope::Knockout> parseKnockouts(const std::string& text) {
    std::vector<attnscope::Knockout> out;
    if (text.empty()) throw KnockoutSpecError("empty knockout list: expected LAYER.HEAD:QUERY>KEY, e.g. 2.*:9>4");
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        out.push_back(parseOne(std::string_view(text).substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (out.size() > attnscope::kMaxKnockouts)
            throw KnockoutSpecError("more than " + std::to_string(attnscope::kMaxKnockouts) + " knockouts");
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

std::string formatKnockout(const attnscope::Knockout& k) {
    return part(k.layer) + "." + part(k.head) + ":" + part(k.query) + ">" + std::to_string(k.key);
}

void checkKnockouts(const std::vector<attnscope::Knockout>& knockouts, const attnscope::ModelConfig& c, int tokens) {
    for (const attnscope::Knockout& k : knockouts) {
        const auto fail = [&](const std::string& why) {
            throw KnockoutSpecError("knockout '" + formatKnockout(k) + "': " + why);
        };
        if (k.layer >= c.n_layer) fail("layer " + std::to_string(k.layer) + " is past the last, " + std::to_string(c.n_layer - 1));
        if (k.head >= c.n_head) fail("head " + std::to_string(k.head) + " is past the last, " + std::to_string(c.n_head - 1));
        if (k.query >= tokens)
            fail("query " + std::to_string(k.query) + " is past the last of the " + std::to_string(tokens) +
                 " tokens (positions count from 0)");
        if (k.key >= tokens)
            fail("key " + std::to_string(k.key) + " is past the last of the " + std::to_string(tokens) +
                 " tokens (positions count from 0)");
    }
}

}  // namespace session
