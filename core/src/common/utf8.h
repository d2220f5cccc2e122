#pragma once
// Strict UTF-8 decoding (no overlongs, surrogates, code points past U+10FFFF or
// truncated sequences), shared by the tokenizers. The public entry points
// find_invalid_utf8() and sanitize_utf8() are declared in attnscope/tokenizer.h.
#include <cstddef>
#include <string>
#include <string_view>

namespace attnscope::utf8 {

struct Decoded {
    char32_t code_point = 0;  // valid only when `valid`
    int length = 1;           // bytes used; for an invalid sequence, its maximal subpart (>= 1)
    bool valid = false;
};

// Decodes the sequence that starts at text[pos] (pos < text.size()). An invalid
// sequence reports the length of its maximal subpart, the unit the Unicode
// standard (and WHATWG decoders) replace with one U+FFFD.
Decoded decode(std::string_view text, size_t pos) noexcept;

// Appends the UTF-8 form of a valid scalar value.
void append(std::string& out, char32_t code_point);

// "U+00E9" (at least four hex digits).
std::string code_point_name(char32_t code_point);

// A character for a message: "'é' (U+00E9)" when printable, "'\n' (U+000A)" for
// the common C escapes, and "U+200B" alone otherwise.
std::string describe_character(char32_t code_point);

// "\xNN" with two upper-case hex digits.
std::string escape_byte(unsigned char byte);

// Throws Error(InvalidUtf8) naming the offset and byte of the first invalid
// sequence of `text` (args: {offset}).
void require_valid(std::string_view text);

}  // namespace attnscope::utf8
