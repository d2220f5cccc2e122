#pragma once
// Text changed by a tokenizer.json normalizer, with every byte tracing back to
// the stretch of the original text it came from, so token spans can be given
// in the text the user typed.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnscope {

struct AlignedText {
    std::string text;
    // For each byte of `text`, the [begin, end) bytes of the original text it
    // stands for; inserted bytes have an empty range.
    std::vector<std::pair<uint32_t, uint32_t>> origin;

    // text[begin, end) unchanged, each byte standing for itself.
    static AlignedText slice(std::string_view text, size_t begin, size_t end);
    // `text` with each invalid UTF-8 sequence (its maximal subpart, as in
    // sanitize_utf8()) replaced by U+FFFD standing for the bytes it replaced.
    static AlignedText sanitized(std::string_view text);
    // This text's bytes [begin, end), with their origins.
    AlignedText sub(size_t begin, size_t end) const;

    // The original range of this text's bytes [begin, end) (end > begin).
    std::pair<size_t, size_t> origin_of(size_t begin, size_t end) const {
        return {origin[begin].first, origin[end - 1].second};
    }
};

// One step of a normalizer (the Sequence of a tokenizer.json is a list of them).
struct NormalizerStep {
    enum class Kind { Prepend, Replace, Nfc, Nfd, Nfkc, Nfkd } kind;
    std::string text;     // Prepend: what to prepend; Replace: what to find
    std::string content;  // Replace: what replaces it

    void apply(AlignedText& t) const;
};

}  // namespace attnscope
