#pragma once
// Character-level tokenizer: the vocabulary is a list of single UTF-8
// characters and a character's id is its index (the seed demo model's scheme).
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attnscope/formats/json.h"
#include "attnscope/tokenizers/tokenizer.h"

namespace attnscope {

class CharTokenizer final : public Tokenizer {
public:
    // Throws Error(InvalidArgument) when an entry is not exactly one valid
    // UTF-8 character or appears twice, or the vocabulary is empty.
    CharTokenizer(std::vector<std::string> vocab, std::string source);

    // From {"type":"char","vocab":[...]}; Error(BadFormat) naming `where`.
    static std::unique_ptr<CharTokenizer> from_json(const Json& json, const std::string& where,
                                                    std::string source);

    std::string kind() const override { return "char"; }
    std::string source() const override { return source_; }
    int vocab_size() const override { return static_cast<int>(vocab_.size()); }
    Encoding encode(std::string_view text) const override;
    Encoding encode_lenient(std::string_view text, std::vector<Skipped>& skipped) const override;
    std::string token_bytes(int id) const override;

private:
    int id_of(char32_t c) const;

    std::vector<std::string> vocab_;
    std::string source_;
    std::array<int, 128> ascii_;                 // -1: not in the vocabulary
    std::unordered_map<char32_t, int> others_;  // non-ASCII characters
};

}  // namespace attnscope
