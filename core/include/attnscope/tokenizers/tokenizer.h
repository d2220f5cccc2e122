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

#include "attnscope/common/utf8.h"
#include "attnscope/formats/safetensors.h"

namespace attnscope {

struct Encoding {
    std::vector<int> ids;
    // For each token, its [begin, end) byte range in the encoded text.
    std::vector<std::pair<size_t, size_t>> spans;
};

// A piece of text encode_lenient() left out of the ids.
struct Skipped {
    size_t begin = 0, end = 0;  // byte range in the text
    bool invalid_utf8 = false;  // else: a character the vocabulary lacks
};

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    // "char", "gpt2-bpe", "tiktoken", "byte-level-bpe" (a tokenizer.json with
    // its own pre-tokenizer, normalizer or special tokens: Llama 3, Qwen) or
    // "sentencepiece-bpe" (a tokenizer.json with "▁" and byte fallback: Llama 2,
    // Mistral, TinyLlama).
    virtual std::string kind() const = 0;
    // Where it came from: a file path, or "model metadata".
    virtual std::string source() const = 0;
    // One past the largest token id.
    virtual int vocab_size() const = 0;

    // Throws Error(InvalidUtf8) naming the byte offset when `text` is not valid
    // UTF-8, and Error(InvalidArgument) for a character the vocabulary lacks
    // (char tokenizer). For "gpt2-bpe" and "tiktoken", special tokens such as
    // "<|endoftext|>" in the text are ordinary text, as in gpt-3-encoder and
    // tiktoken's encode_ordinary(). For "byte-level-bpe" and
    // "sentencepiece-bpe", the added tokens of the tokenizer.json typed in the
    // text are recognised (leftmost, longest first), the text between them is
    // normalized (so decode() gives the normalized text, e.g. NFC, and
    // SentencePiece's prepended space), and the BOS/EOS that the
    // post_processor or tokenizer_config.json asks for is added, with an empty
    // span. Safe to call from several threads at once.
    virtual Encoding encode(std::string_view text) const = 0;
    // As encode(), but never refuses the text: an invalid UTF-8 sequence is
    // encoded as its bytes where the tokenizer has a token per byte (byte-level
    // BPE) and skipped otherwise, and a character the vocabulary lacks (char
    // tokenizer) is skipped. Every skipped piece is appended to `skipped`, in order.
    // "byte-level-bpe" and "sentencepiece-bpe" read each invalid sequence as
    // U+FFFD instead (as Python's errors="replace" does, so the ids are those
    // Hugging Face's tokenizers give), its tokens spanning the invalid bytes.
    virtual Encoding encode_lenient(std::string_view text, std::vector<Skipped>& skipped) const;
    // The exact bytes of one token (for byte-level BPE, possibly part of a
    // UTF-8 character). Throws Error(InvalidArgument) for an unknown id.
    virtual std::string token_bytes(int id) const = 0;

    // The end-of-text token a generation stops at ("<|endoftext|>" of GPT-2,
    // a tokenizer.json's eos_token or "</s>"), or -1 when there is none (a
    // character vocabulary).
    virtual int eos_id() const { return -1; }

    std::vector<int> encode_ids(std::string_view text) const { return encode(text).ids; }
    // Concatenated token bytes.
    std::string decode(std::span<const int> ids) const;

protected:
    // The token of the single byte `b`, for byte fallback, or -1 when there is none.
    virtual int byte_token(unsigned char b) const;

public:
    // One token for display: valid UTF-8 as is, any stray byte as "\xNN"
    // (upper-case hex).
    std::string token_text(int id) const;
};


// GPT-2's pre-tokenization of `text` (the pattern
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// with \s meaning Unicode White_Space, as in OpenAI's encoder.py and tiktoken),
// as [begin, end) byte ranges that cover the text in order. Byte-level BPE runs
// on each range separately. Throws Error(InvalidUtf8) naming the byte offset.
std::vector<std::pair<size_t, size_t>> gpt2_pretokenize(std::string_view text);

// Splits `text` with a tokenizer.json Split pre-tokenizer pattern, keeping the
// matches and the text between them ("Isolated"), as [begin, end) byte ranges
// that cover the text in order. Patterns use the subset described in
// core/src/tokenizer_regex.h (enough for Llama 3, Qwen, GPT-2, cl100k, o200k);
// others throw Error(BadFormat) naming the pattern. Throws Error(InvalidUtf8)
// naming the byte offset.
std::vector<std::pair<size_t, size_t>> regex_pretokenize(std::string_view pattern, std::string_view text);

// Limits on tokenizer files, so a hostile file cannot make the loader allocate
// without bound (the worst case stays near 300 MB). Real files are far below
// them: GPT-2's tokenizer.json is 1.4 MB with about 100k JSON values, Llama 3's
// 9 MB with about 1M; the largest vocabularies have about 260k tokens.
inline constexpr size_t kMaxTokenizerFileBytes = size_t(64) << 20;
inline constexpr size_t kMaxTokenizerJsonValues = size_t(2) << 20;
// Token ids and tiktoken ranks must be below this.
inline constexpr int kMaxTokenizerVocab = 2 << 20;

// Character-level tokenizer from a vocabulary of single characters (UTF-8).
std::unique_ptr<Tokenizer> make_char_tokenizer(std::vector<std::string> vocab,
                                               std::string source = "model metadata");

// The character vocabulary a tutorial builds from its training text:
// sorted(set(text)), one UTF-8 character per entry in code point order (as
// Python sorts str). Invalid UTF-8 throws Error(InvalidUtf8) naming the byte.
std::vector<std::string> char_vocabulary_of(std::string_view text);
// AttnScope's char tokenizer JSON, {"type":"char","vocab":[...]}: what
// tokenizer_from_metadata() and load_tokenizer() read back.
std::string char_tokenizer_json(const std::vector<std::string>& vocab);

// A tokenizer from a file or folder: encoder.json + vocab.bpe, vocab.json +
// merges.txt, tokenizer.json (BPE model, byte-level or SentencePiece-style; a
// tokenizer_config.json beside it may set add_bos_token / add_eos_token), or a
// *.tiktoken rank file. For a
// folder, those files inside it (in that order of preference: tokenizer.json,
// vocab.json + merges.txt, encoder.json + vocab.bpe, *.tiktoken). A .json file
// holding {"type":"char","vocab":[...]} gives a char tokenizer. Throws
// Error(TokenizerMissing) listing what it looked for, Error(BadFormat) naming the
// broken file and the problem, or Error(TooLarge) for a file past the size
// limits (kMaxTokenizerFileBytes, kMaxTokenizerJsonValues).
std::unique_ptr<Tokenizer> load_tokenizer(const std::string& path);

// The tokenizer stored in a model's metadata (kMetaTokenizer), or nullptr when
// the key is absent. The value is JSON: {"type":"char","vocab":["\n"," ",...]},
// one UTF-8 character per entry, id = index. Throws Error(BadFormat) when it is
// present but malformed.
std::unique_ptr<Tokenizer> tokenizer_from_metadata(const Metadata& metadata);

// Looks for a tokenizer for the model at `model_path`: its metadata first, then
// tokenizer files in the model's folder (`model_path` itself when it is a
// folder), in load_tokenizer()'s order. Returns nullptr when none is found and
// appends every place it looked to `looked` (may be null). A tokenizer that is
// found but broken throws, as in load_tokenizer(), rather than being skipped.
std::unique_ptr<Tokenizer> find_tokenizer(const std::string& model_path, const Metadata& metadata,
                                          std::vector<std::string>* looked);

}  // namespace attnscope
