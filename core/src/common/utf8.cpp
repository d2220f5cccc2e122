#include "common/utf8.h"

#include <QChar>

#include <cstdio>

#include "attnscope/common/error.h"
#include "attnscope/common/utf8.h"

namespace attnscope {

namespace utf8 {

namespace {

bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

}  // namespace

Decoded decode(std::string_view text, size_t pos) noexcept {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char b0 = byte(pos);
    if (b0 < 0x80) return {b0, 1, true};

    // The lead byte fixes the length and the allowed range of the second byte;
    // that range is what excludes overlongs, surrogates and values > U+10FFFF.
    int length = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    char32_t cp = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
        cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        cp = b0 & 0x0F;
        if (b0 == 0xE0) lo = 0xA0;  // overlong below U+0800
        if (b0 == 0xED) hi = 0x9F;  // surrogates U+D800..U+DFFF
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        cp = b0 & 0x07;
        if (b0 == 0xF0) lo = 0x90;  // overlong below U+10000
        if (b0 == 0xF4) hi = 0x8F;  // past U+10FFFF
    } else {
        return {};  // a continuation byte, C0/C1 (always overlong) or F5..FF
    }

    for (int i = 1; i < length; ++i) {
        if (pos + size_t(i) >= text.size()) return {0, i, false};  // truncated
        const unsigned char b = byte(pos + size_t(i));
        const bool ok = i == 1 ? (b >= lo && b <= hi) : is_continuation(b);
        if (!ok) return {0, i, false};
        cp = (cp << 6) | (b & 0x3F);
    }
    return {cp, length, true};
}

void append(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

std::string code_point_name(char32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    return buf;
}

std::string describe_character(char32_t cp) {
    const std::string name = code_point_name(cp);
    switch (cp) {
    case '\n': return "'\\n' (" + name + ")";
    case '\r': return "'\\r' (" + name + ")";
    case '\t': return "'\\t' (" + name + ")";
    default: break;
    }
    // Spaces print as nothing visible, so they are named instead.
    if (QChar::isPrint(cp) && !QChar::isSpace(cp)) {
        std::string quoted = "'";
        append(quoted, cp);
        return quoted + "' (" + name + ")";
    }
    return name;
}

std::string escape_byte(unsigned char byte) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(byte));
    return buf;
}

void require_valid(std::string_view text) {
    const size_t bad = find_invalid_utf8(text);
    if (bad == std::string_view::npos) return;
    throw Error(ErrorCode::InvalidUtf8,
                "text is not valid UTF-8 at byte " + std::to_string(bad) + " (" +
                    escape_byte(static_cast<unsigned char>(text[bad])) + ")",
                {std::to_string(bad)});
}

}  // namespace utf8

size_t find_invalid_utf8(std::string_view text) {
    size_t pos = 0;
    while (pos < text.size()) {
        // Runs of ASCII are the common case.
        if (static_cast<unsigned char>(text[pos]) < 0x80) {
            ++pos;
            continue;
        }
        const utf8::Decoded d = utf8::decode(text, pos);
        if (!d.valid) return pos;
        pos += size_t(d.length);
    }
    return std::string_view::npos;
}

std::string sanitize_utf8(std::string_view text, bool* replaced) {
    if (replaced) *replaced = false;
    std::string out;
    out.reserve(text.size());
    size_t pos = 0;
    while (pos < text.size()) {
        const utf8::Decoded d = utf8::decode(text, pos);
        if (d.valid) {
            out.append(text.substr(pos, size_t(d.length)));
        } else {
            out += "\xEF\xBF\xBD";  // U+FFFD
            if (replaced) *replaced = true;
        }
        pos += size_t(d.length);
    }
    return out;
}

}  // namespace attnscope
