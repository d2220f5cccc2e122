#pragma once
// A Hugging Face tokenizer.json pipeline around a BPE model: added tokens are
// split off first (leftmost, longest), each stretch between them is normalized
// (NFC, Prepend, Replace), pre-tokenized (Split by the model's own regex,
// ByteLevel) and merged, and the post-processor's special tokens (BOS) are put
// around the result. Byte-level models (Llama 3, Qwen) and SentencePiece-style
// ones with "▁" and byte fallback (Llama 2, Mistral, TinyLlama) both run here.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "attnscope/tokenizers/tokenizer.h"
#include "tokenizers/tokenizer_gpt2.h"
#include "tokenizers/tokenizer_normalize.h"
#include "tokenizers/tokenizer_regex.h"

namespace attnscope {

// One step of a pre-tokenizer (a Sequence is a list of them): each splits every
// piece that the steps before it made.
struct PreTokenizerStep {
    enum class Kind {
        Split,      // by `regex`: matches and the text between them, each a piece
        SplitDrop,  // by `regex`, dropping the matches (behavior "Removed")
        Gpt2,       // ByteLevel with use_regex: GPT-2's pattern
    } kind;
    std::shared_ptr<const PretokenizerRegex> regex;
};

struct AddedToken {
    std::string content;
    int id = -1;
    bool lstrip = false;  // whitespace before it belongs to it
    bool rstrip = false;  // whitespace after it belongs to it
};

// SentencePiece's Metaspace pre-tokenizer, run before the other steps: spaces
// become `replacement`, which is prepended to every stretch ("always") or to
// the one at the start of the text ("first"); the Split step it implies is
// among the pipeline's pre_tokenizers.
struct Metaspace {
    std::string replacement;
    enum class Prepend { Always, First, Never } prepend = Prepend::Always;
    // Prepend even to a stretch that starts with a space (llama.cpp's
    // SentencePiece: " a" is "▁▁a"); Hugging Face's Metaspace does not.
    bool prepend_to_space = false;
};

struct HfPipeline {
    std::vector<AddedToken> added;
    std::vector<NormalizerStep> normalizers;
    std::optional<Metaspace> metaspace;
    std::vector<PreTokenizerStep> pre_tokenizers;
    std::vector<int> prefix;  // special tokens before the text (BOS)
    std::vector<int> suffix;  // and after it (EOS)
    int eos = -1;             // the end-of-text token (tokenizer_config.json's eos_token), or -1
};

class HfTokenizer final : public Tokenizer {
public:
    // `kind` is "byte-level-bpe" or "sentencepiece-bpe".
    HfTokenizer(std::string kind, std::unique_ptr<Gpt2BpeTokenizer> model, HfPipeline pipeline);

    std::string kind() const override { return kind_; }
    std::string source() const override { return model_->source(); }
    int vocab_size() const override { return model_->vocab_size(); }
    std::string token_bytes(int id) const override { return model_->token_bytes(id); }
    // tokenizer_config.json's eos_token, else the first of "<|endoftext|>",
    // "</s>" and "<|end_of_text|>" the vocabulary has.
    int eos_id() const override;

    // Spans are in `text`: a token made from normalized text covers the
    // original bytes it came from (a stretch NFC changed as a whole, for each
    // of its tokens); BOS and "▁" prepended by the normalizer have empty spans.
    Encoding encode(std::string_view text) const override;
    // Each invalid UTF-8 sequence is read as U+FFFD, as Python's
    // errors="replace" and JavaScript's TextDecoder do (so the ids are the ones
    // Hugging Face's tokenizers give for the decoded text), and its token
    // covers the invalid bytes. Nothing is skipped.
    Encoding encode_lenient(std::string_view text, std::vector<Skipped>& skipped) const override;

private:
    Encoding run(const AlignedText& text, size_t original_size) const;
    // `first`: the section starts the text.
    void encode_section(AlignedText section, bool first, Encoding& out) const;
    // [begin, end) of the added token starting at `pos`, longest first, or -1.
    int added_at(std::string_view text, size_t pos) const;

    std::string kind_;
    std::unique_ptr<Gpt2BpeTokenizer> model_;
    HfPipeline pipeline_;
    // A byte trie of the added tokens: node -> (byte -> child), and the added
    // token ending at each node (index in pipeline_.added, or -1).
    std::vector<std::vector<std::pair<unsigned char, int>>> trie_;
    std::vector<int> trie_token_;
};

}  // namespace attnscope
