#pragma once
// Byte-level BPE after GPT-2's pre-tokenization. Each pre-token starts as one
// token per byte; then, repeatedly, the adjacent pair with the best (lowest)
// priority merges into one token, leftmost first on ties, until no adjacent
// pair can merge. Subclasses say which pairs merge: a merge list (GPT-2,
// Hugging Face) or tiktoken's ranks. Results are cached per pre-token.
#include <array>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attnscope/tokenizer.h"

namespace attnscope {

class BpeTokenizer : public Tokenizer {
public:
    std::string kind() const override { return kind_; }
    std::string source() const override { return source_; }
    int vocab_size() const override { return static_cast<int>(tokens_.size()); }
    Encoding encode(std::string_view text) const override;
    std::string token_bytes(int id) const override;

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

    const std::string& bytes_of(int id) const { return *tokens_[size_t(id)]; }
    int byte_token(unsigned char b) const override { return byte_tokens_[b]; }

private:
    // Appends the tokens of one pre-token to `out`.
    void merge_piece(std::string_view piece, std::vector<int>& out) const;
    void cached_piece(std::string_view piece, std::vector<int>& out) const;

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
    mutable std::unordered_map<std::string, std::vector<int>, PieceHash, std::equal_to<>> cache_;
};

}  // namespace attnscope
