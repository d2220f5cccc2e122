#pragma once
// GPT-2's byte-level BPE from a vocabulary and a merge list, as stored in
// encoder.json + vocab.bpe, vocab.json + merges.txt or a tokenizer.json. Tokens
// are written in GPT-2's byte-to-unicode alphabet (each byte is one printable
// character, e.g. the space is "Ġ"); merges are pairs of such tokens, the
// earlier the stronger.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tokenizer_bpe.h"

namespace attnscope {

// What a loader read from the files, before any consistency check.
struct Gpt2BpeSpec {
    std::string source;      // for Tokenizer::source(), e.g. "/m/encoder.json + /m/vocab.bpe"
    std::string vocab_file;  // names the vocabulary in messages
    std::vector<std::pair<std::string, int64_t>> vocab;  // token -> id, file order
    std::vector<std::pair<std::string, std::string>> merges;  // in priority order
    // Names merge i in messages, e.g. "/m/vocab.bpe line 7".
    std::function<std::string(size_t)> merge_name;
    // Added tokens (tokenizer.json): plain UTF-8 text, used when the id is not in `vocab`.
    std::vector<std::pair<std::string, int64_t>> added;
};

class Gpt2BpeTokenizer final : public BpeTokenizer {
public:
    // Throws Error(BadFormat) naming the file and the first inconsistency:
    // ids out of range or given twice, a token twice, a byte without its
    // single-byte token, a merge of unknown tokens or into an unknown token.
    explicit Gpt2BpeTokenizer(const Gpt2BpeSpec& spec);

protected:
    std::optional<Merge> find_merge(int left, int right) const override;

private:
    struct Checked;
    static Checked check_vocab(const Gpt2BpeSpec& spec);
    Gpt2BpeTokenizer(const Gpt2BpeSpec& spec, Checked&& checked);

    // (left id << 32 | right id) -> merge.
    std::unordered_map<uint64_t, Merge> merges_;
};

// GPT-2's bytes_to_unicode(): the character that stands for each byte. Bytes
// that are printable Latin-1 stand for themselves; the other 68 are moved to
// U+0100 and up, in byte order.
char32_t gpt2_byte_to_char(unsigned char byte);
// The inverse; -1 for a character outside the alphabet.
int gpt2_char_to_byte(char32_t c);

}  // namespace attnscope
