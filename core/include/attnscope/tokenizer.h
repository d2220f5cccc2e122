#pragma once
// Text <-> token ids. Every tokenizer works on UTF-8 bytes; each token decodes
// back to exactly the bytes it was made from.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "attnscope/safetensors.h"

namespace attnscope {

struct Encoding {
    std::vector<int> ids;
    // For each token, its [begin, end) byte range in the encoded text.
    std::vector<std::pair<size_t, size_t>> spans;
};

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    // "char", "gpt2-bpe" or "tiktoken".
    virtual std::string kind() const = 0;
    // Where it came from: a file path, or "model metadata".
    virtual std::string source() const = 0;
    virtual int vocab_size() const = 0;

    // Throws Error(InvalidUtf8) naming the byte offset when `text` is not valid
    // UTF-8, and Error(InvalidArgument) for a character the vocabulary lacks
    // (char tokenizer).
    virtual Encoding encode(std::string_view text) const = 0;
    // The exact bytes of one token (for byte-level BPE, possibly part of a
    // UTF-8 character). Throws Error(InvalidArgument) for an unknown id.
    virtual std::string token_bytes(int id) const = 0;

    std::vector<int> encode_ids(std::string_view text) const { return encode(text).ids; }
    // Concatenated token bytes.
    std::string decode(std::span<const int> ids) const;
    // One token for display: valid UTF-8 as is, any stray byte as "\xNN".
    std::string token_text(int id) const;
};

// The first invalid byte offset of `text`, or npos when it is valid UTF-8.
size_t find_invalid_utf8(std::string_view text);
// `text` with every invalid sequence replaced by U+FFFD; `replaced` tells whether any was.
std::string sanitize_utf8(std::string_view text, bool* replaced = nullptr);

// Character-level tokenizer from a vocabulary of single characters (UTF-8).
std::unique_ptr<Tokenizer> make_char_tokenizer(std::vector<std::string> vocab,
                                               std::string source = "model metadata");

// A tokenizer from a file or folder: encoder.json + vocab.bpe, vocab.json +
// merges.txt, tokenizer.json (BPE model), or a *.tiktoken rank file. For a
// folder, those files inside it. Throws Error(TokenizerMissing) listing what it
// looked for, or Error(BadFormat) naming the broken file.
std::unique_ptr<Tokenizer> load_tokenizer(const std::string& path);

// The tokenizer stored in a model's metadata (kMetaTokenizer), or nullptr.
std::unique_ptr<Tokenizer> tokenizer_from_metadata(const Metadata& metadata);

// Looks for a tokenizer for the model at `model_path`: its metadata first, then
// tokenizer files in the model's folder. Returns nullptr when none is found and
// appends every place it looked to `looked`.
std::unique_ptr<Tokenizer> find_tokenizer(const std::string& model_path, const Metadata& metadata,
                                          std::vector<std::string>* looked);

}  // namespace attnscope
