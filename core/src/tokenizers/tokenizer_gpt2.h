#pragma once
// BPE from a vocabulary and a merge list, as stored in encoder.json +
// vocab.bpe, vocab.json + merges.txt or a tokenizer.json. GPT-2's byte-level
// tokens are written in its byte-to-unicode alphabet (each byte is one
// printable character, e.g. the space is "Ġ"); SentencePiece-style tokens
// (Llama 2, Mistral) are text with "▁" for the space. Merges are pairs of
// tokens, the earlier the stronger.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tokenizers/tokenizer_bpe.h"

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

    // SentencePiece-style vocabulary (tokenizer.json without ByteLevel): tokens
    // are UTF-8 text with "▁" for the space, pre-tokens start as one symbol per
    // character, and "<0xNN>" tokens stand for single bytes. A character not in
    // the vocabulary becomes its bytes' "<0xNN>" tokens (byte_fallback, which
    // needs all 256) or else `unk_token` (consecutive ones fused when fuse_unk).
    bool sentencepiece = false;
    bool byte_fallback = false;
    std::string unk_token;  // empty: none
    bool fuse_unk = false;
    // Hugging Face's ignore_merges: a pre-token that is itself in the vocabulary
    // becomes that one token without merging.
    bool ignore_merges = false;
    // Each merge's priority (lower merges first), when not its index: a GGUF
    // SentencePiece vocabulary merges by the merged piece's score, and pieces
    // of equal score tie (the leftmost pair merges first).
    std::vector<int> merge_priority;
};

class Gpt2BpeTokenizer final : public BpeTokenizer {
public:
    // Throws Error(BadFormat) naming the file and the first inconsistency:
    // ids out of range or given twice, a token twice, a byte without its
    // single-byte token, a merge of unknown tokens or into an unknown token.
    explicit Gpt2BpeTokenizer(const Gpt2BpeSpec& spec);

    // The id of a token written as in the vocabulary file, or -1.
    int id_of(std::string_view token) const;
    int eos_id() const override { return id_of("<|endoftext|>"); }

protected:
    std::optional<Merge> find_merge(int left, int right) const override;
    void initial_symbols(std::string_view piece, std::vector<int>& ids,
                         std::vector<uint32_t>& lengths) const override;
    int whole_piece(std::string_view piece) const override;

private:
    struct Checked;
    static Checked check_vocab(const Gpt2BpeSpec& spec);
    Gpt2BpeTokenizer(const Gpt2BpeSpec& spec, Checked&& checked);

    // (left id << 32 | right id) -> merge.
    std::unordered_map<uint64_t, Merge> merges_;
    // Token (as written in the file) -> id; kept for SentencePiece symbols and ignore_merges.
    // (std::hash<std::string> keeps each key's hash beside it, which makes
    // building this map of 150k tokens several times faster than a
    // transparent hash would.)
    std::unordered_map<std::string, int> ids_;
    bool sentencepiece_ = false;
    bool ignore_merges_ = false;
    int unk_ = -1;
    bool fuse_unk_ = false;
};

// GPT-2's bytes_to_unicode(): the character that stands for each byte. Bytes
// that are printable Latin-1 stand for themselves; the other 68 are moved to
// U+0100 and up, in byte order.
char32_t gpt2_byte_to_char(unsigned char byte);
// The inverse; -1 for a character outside the alphabet.
int gpt2_char_to_byte(char32_t c);

}  // namespace attnscope
