#include "attnscope/common/printable.h"

namespace attnscope {

std::string printable_text(std::string_view s, size_t max_bytes) {
    static const char* digits = "0123456789abcdef";
    auto hex = [](std::string& out, unsigned char u) {
        out += "\\x";
        out += digits[u >> 4];
        out += digits[u & 15];
    };
    const bool cut = max_bytes > 0 && s.size() > max_bytes;
    if (cut) s = s.substr(0, max_bytes);
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        const auto u = static_cast<unsigned char>(s[i]);
        if (u < 0x20 || u == 0x7F) {
            hex(out, u);
        } else if (u == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(s[i + 1]) <= 0x9F) {
            // U+0080..U+009F, the C1 controls (CSI is U+009B).
            hex(out, u);
            hex(out, static_cast<unsigned char>(s[++i]));
        } else {
            out += char(u);
        }
    }
    if (cut) out += "...";
    return out;
}

}  // namespace attnscope
