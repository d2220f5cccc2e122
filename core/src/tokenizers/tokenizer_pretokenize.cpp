#include "tokenizers/tokenizer_pretokenize.h"

#include <QChar>

#include <array>

#include "attnscope/tokenizers/tokenizer.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

// The four classes the pattern distinguishes: \p{L}, \p{N}, \s and the rest.
enum class CharClass : unsigned char { Letter, Number, Space, Other };

constexpr std::array<CharClass, 128> make_ascii_classes() {
    std::array<CharClass, 128> t{};
    for (int c = 0; c < 128; ++c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) t[size_t(c)] = CharClass::Letter;
        else if (c >= '0' && c <= '9') t[size_t(c)] = CharClass::Number;
        // White_Space in ASCII: TAB, LF, VT, FF, CR and SPACE (not 0x1C..0x1F).
        else if ((c >= 0x09 && c <= 0x0D) || c == ' ') t[size_t(c)] = CharClass::Space;
        else t[size_t(c)] = CharClass::Other;
    }
    return t;
}

constexpr std::array<CharClass, 128> kAsciiClasses = make_ascii_classes();

struct Char {
    CharClass cls;
    size_t length;  // bytes
};

// QChar::isSpace() is exactly Unicode's White_Space property (Zs, Zl, Zp,
// TAB..CR and U+0085), which is what \s means in OpenAI's Python and Rust code.
// JavaScript's \s differs in U+0085 (not space there) and U+FEFF (space there).
// Letters and numbers follow Qt's Unicode tables (Unicode 14 in Qt 6.4), so a
// character assigned in a later Unicode version counts as punctuation here.
Char char_at(std::string_view text, size_t pos) {
    const auto b = static_cast<unsigned char>(text[pos]);
    if (b < 0x80) return {kAsciiClasses[b], 1};
    const utf8::Decoded d = utf8::decode(text, pos);
    if (!d.valid) return {CharClass::Other, size_t(d.length)};
    const char32_t cp = d.code_point;
    CharClass cls = CharClass::Other;
    if (QChar::isSpace(cp)) cls = CharClass::Space;
    else if (QChar::isLetter(cp)) cls = CharClass::Letter;
    else if (QChar::isNumber(cp)) cls = CharClass::Number;
    return {cls, size_t(d.length)};
}

// End of the run of characters of class `cls` that starts at `pos`.
size_t run_end(std::string_view text, size_t pos, CharClass cls) {
    while (pos < text.size()) {
        const Char c = char_at(text, pos);
        if (c.cls != cls) break;
        pos += c.length;
    }
    return pos;
}

// Length of the contraction ('s 't 're 've 'm 'll 'd) at `pos`, or 0. The
// letters are ASCII, so comparing bytes compares characters.
size_t contraction_at(std::string_view text, size_t pos) {
    const std::string_view rest = text.substr(pos);
    if (rest.size() < 2 || rest[0] != '\'') return 0;
    switch (rest[1]) {
    case 's': case 't': case 'm': case 'd': return 2;
    default: break;
    }
    if (rest.size() >= 3) {
        const std::string_view two = rest.substr(1, 2);
        if (two == "re" || two == "ve" || two == "ll") return 3;
    }
    return 0;
}

}  // namespace

void split_gpt2_pieces(std::string_view text, std::vector<std::pair<size_t, size_t>>& pieces) {
    const size_t n = text.size();
    size_t pos = 0;
    while (pos < n) {
        const size_t start = pos;
        // 's|'t|'re|'ve|'m|'ll|'d
        if (const size_t len = contraction_at(text, pos); len > 0) {
            pieces.emplace_back(start, start + len);
            pos = start + len;
            continue;
        }
        const Char c = char_at(text, pos);
        // " ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+" with the optional space: a
        // space followed by anything but whitespace joins the run after it.
        if (text[pos] == ' ' && pos + 1 < n) {
            const Char next = char_at(text, pos + 1);
            if (next.cls != CharClass::Space) {
                pos = run_end(text, pos + 1, next.cls);
                pieces.emplace_back(start, pos);
                continue;
            }
        }
        // The same three alternatives without the space.
        if (c.cls != CharClass::Space) {
            pos = run_end(text, pos, c.cls);
            pieces.emplace_back(start, pos);
            continue;
        }
        // "\s+(?!\S)|\s+": the whole run of whitespace if it ends the text or
        // is one character; otherwise all but its last character, which then
        // starts the next piece (as " word", or as a whitespace piece itself).
        size_t last = pos;  // start of the run's last character
        while (pos < n) {
            const Char w = char_at(text, pos);
            if (w.cls != CharClass::Space) break;
            last = pos;
            pos += w.length;
        }
        if (pos < n && last > start) pos = last;
        pieces.emplace_back(start, pos);
    }
}

std::vector<std::pair<size_t, size_t>> gpt2_pretokenize(std::string_view text) {
    utf8::require_valid(text);
    std::vector<std::pair<size_t, size_t>> pieces;
    split_gpt2_pieces(text, pieces);
    return pieces;
}

}  // namespace attnscope
