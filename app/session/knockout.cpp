#include "session/knockout.h"

#include <charconv>

#include "attnscope/run/model.h"

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

void checkKnockouts(const std::vector<attnscope::Knockout>& knockouts, const attnscope::ModelConfig& c, int tokens) {
    const auto bad = attnscope::knockout_out_of_range(knockouts, c, tokens);
    if (!bad) return;
    // A parsed spec's parts are * or at least 0: the one out of range is past the last.
    using Part = attnscope::KnockoutOutOfRange::Part;
    const std::string value = std::to_string(bad->value), last = std::to_string(bad->count - 1);
    const std::string ofTokens = " is past the last of the " + std::to_string(bad->count) +
                                 " tokens (positions count from 0)";
    std::string why;
    switch (bad->part) {
    case Part::Layer: why = "layer " + value + " is past the last, " + last; break;
    case Part::Head: why = "head " + value + " is past the last, " + last; break;
    case Part::Query: why = "query " + value + ofTokens; break;
    case Part::Key: why = "key " + value + ofTokens; break;
    }
    throw KnockoutSpecError("knockout '" + attnscope::format_knockout(knockouts[bad->index]) + "': " + why);
}

}  // namespace session
