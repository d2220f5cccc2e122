#pragma once
// BPE after GPT-2's pre-tokenization. Each pre-token starts as one token per
// byte (or per character, for SentencePiece-style vocabularies); then, repeatedly, the adjacent pair with the best (lowest)
// priority merges into one token, leftmost first on ties, until no adjacent
// pair can merge. Subclasses say which pairs merge: a merge list (GPT-2,
// Hugging Face) or tiktoken's ranks. Results are cached per pre-token.
#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attnscope/tokenizers/tokenizer.h"

namespace attnscope {

class BpeTokenizer : public Tokenizer {
public:
    std::string kind() const override { return kind_; }
    std::string source() const override { return source_; }
    int vocab_size() const override { return static_cast<int>(tokens_.size()); }
    Encoding encode(std::string_view text) const override;
    std::string token_bytes(int id) const override;

    // The tokens of one pre-token (from the cache when it was seen before),
    // appended to `ids`, with the number of the pre-token's bytes each token
    // covers appended to `lengths` (they add up to piece.size()).
    void encode_piece(std::string_view piece, std::vector<int>& ids,
                      std::vector<uint32_t>& lengths) const;
    // The token of the single byte `b`, or -1.
    int byte_token(unsigned char b) const override { return byte_tokens_[b]; }

protected:
    struct Merge {
        int priority;  // lower merges first
        int merged;    // the token the pair becomes
    };

    // `tokens[id]` holds the bytes of token `id` (vocabularies may have gaps);
    // `byte_tokens[b]` is the token of the single byte b, and must exist.
    BpeTokenizer(std::string kind, std::string source,
                 std::vector<std::optional<std::string>> tokens, std::array<int, 256> byte_tokens);

    // How the pair (left, right) of adjacent tokens merges, if it does.
    virtual std::optional<Merge> find_merge(int left, int right) const = 0;

    // The symbols a pre-token starts as, before any merge: by default one token
    // per byte. `ids` and `lengths` (bytes of the piece per symbol) are empty
    // on entry.
    virtual void initial_symbols(std::string_view piece, std::vector<int>& ids,
                                 std::vector<uint32_t>& lengths) const;
    // A token to use for the whole pre-token without merging, or -1.
    virtual int whole_piece(std::string_view) const { return -1; }

    const std::string& bytes_of(int id) const { return *tokens_[size_t(id)]; }

private:
    struct Tokens {
        std::vector<int> ids;
        std::vector<uint32_t> lengths;
    };
    // The tokens of one pre-token, merged.
    Tokens merge_piece(std::string_view piece) const;

    struct PieceHash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const noexcept {
            return std::hash<std::string_view>{}(s);
        }
    };

    std::string kind_;
    std::string source_;
    std::vector<std::optional<std::string>> tokens_;
    std::array<int, 256> byte_tokens_;

    // Pre-token -> tokens. Shared by every thread that encodes with this
    // tokenizer, hence the mutex; cleared when it grows past a bound.
    mutable std::mutex cache_mutex_;
    mutable std::unordered_map<std::string, Tokens, PieceHash, std::equal_to<>> cache_;
};

}  // namespace attnscope
