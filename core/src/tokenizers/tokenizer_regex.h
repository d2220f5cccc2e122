#pragma once
// The regular expressions of tokenizer.json pre-tokenizers (Split with a
// "Regex" pattern), run by a small backtracking matcher with Perl semantics:
// alternatives are tried left to right, quantifiers are greedy, and the first
// match found at the leftmost position wins, as in Oniguruma, which Hugging
// Face's tokenizers use.
//
// The syntax is the subset real pre-tokenizer patterns use (Llama 3, Qwen,
// GPT-2, cl100k and o200k style): literals; escapes \r \n \t \f \v \xHH
// \x{H...} \uHHHH and escaped punctuation; the classes . \s \S \d \D \w \W
// \p{..} \P{..} (general categories such as L, Lu, N, Nd, P, S, M, Z, C);
// bracket classes with ranges and negation; groups (?:...), (...), (?i:...);
// lookahead (?=...) and (?!...); greedy ? * + {n} {n,} {n,m}. Anything else
// (anchors, backreferences, lazy or possessive quantifiers, scripts such as
// \p{Han}, * + or {n,} on a group) is refused when the pattern is compiled, with
// an error naming the pattern and the construct.
//
// \s is Unicode White_Space, \p{..} follows Qt's Unicode tables, and (?i)
// compares simple case foldings (so 's matches 'ſ, as in Oniguruma).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnscope {

class PretokenizerRegex {
public:
    // Throws Error(BadFormat) "<where>: pre-tokenizer pattern '<pattern>': <problem>"
    // for syntax outside the subset above, and for a pattern that backtracks
    // too much on a few probe texts (nested or repeated quantifiers).
    PretokenizerRegex(std::string_view pattern, std::string where);

    // The matches in `text` (code points), as [begin, end) indexes, leftmost
    // first and not overlapping; empty matches are left out. Throws
    // Error(TooLarge) when matching takes more steps than a bound linear in the
    // text's length (a pattern that backtracks catastrophically).
    std::vector<std::pair<size_t, size_t>> find_all(std::u32string_view text) const;

    const std::string& pattern() const { return pattern_; }

    // A set of code points: the union of its items, complemented when `negated`.
    struct CharSet {
        struct Item {
            enum class Kind : uint8_t { Range, Categories, Space, Word } kind;
            bool negated = false;   // \S, \P{..}, \W, \D inside a bracket class
            char32_t lo = 0, hi = 0;  // Range
            uint32_t categories = 0;  // bit QChar::Category
        };
        std::vector<Item> items;
        bool negated = false;
        bool ignore_case = false;
        uint64_t ascii[2] = {0, 0};  // contains() for code points below 128, filled by finish()

        bool contains(char32_t c) const {
            if (c < 128) return (ascii[c >> 6] >> (c & 63)) & 1;
            return slow_contains(c);
        }
        bool slow_contains(char32_t c) const;
        void finish();
    };

    struct Inst {
        enum class Op : uint8_t { Set, Split, Jmp, Match, Look } op;
        bool negate = false;  // Look: (?!...)
        uint32_t x = 0;       // Set: index in sets_; Split: preferred pc; Jmp, Look: target pc
        uint32_t y = 0;       // Split: the other pc
    };

private:
    struct Frame {
        uint32_t pc;
        uint32_t pos;
    };
    // The end of the match of the program starting at `pc` at `pos`, or -1.
    long run(uint32_t pc, std::u32string_view text, uint32_t pos, std::vector<Frame>& stack,
             uint64_t& steps, uint64_t budget) const;
    [[noreturn]] void too_slow(size_t length) const;

    std::string pattern_;
    std::string where_;
    std::vector<CharSet> sets_;
    std::vector<Inst> program_;
};

}  // namespace attnscope
