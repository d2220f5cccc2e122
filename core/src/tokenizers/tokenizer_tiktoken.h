#pragma once
// tiktoken's byte-level BPE from a rank file (*.tiktoken: one "<base64 bytes>
// <rank>" per line; the rank is also the token id). Two adjacent tokens merge
// when their concatenated bytes have a rank, the lowest rank first. With
// r50k_base's ranks this equals GPT-2's merge list.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "tokenizers/tokenizer_bpe.h"

namespace attnscope {

class TiktokenTokenizer final : public BpeTokenizer {
public:
    // Reads and checks a rank file. Throws Error(BadFormat) naming the file and
    // line (bad base64, a rank twice, bytes twice, a rank past kMaxTokenizerVocab,
    // a missing single byte), Error(TooLarge) or Error(Io).
    static std::unique_ptr<TiktokenTokenizer> load(const std::string& path);

protected:
    std::optional<Merge> find_merge(int left, int right) const override;

private:
    struct Ranks;
    TiktokenTokenizer(const std::string& path, Ranks&& ranks);

    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const noexcept {
            return std::hash<std::string_view>{}(s);
        }
    };
    std::unordered_map<std::string, int, Hash, std::equal_to<>> rank_of_;
};

// Strict standard base64 (RFC 4648, with padding); false for anything else.
bool decode_base64(std::string_view text, std::string& out);

}  // namespace attnscope
