#include "tokenizers/tokenizer_gpt2.h"

#include <algorithm>
#include <array>

#include "attnscope/common/error.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

struct ByteAlphabet {
    std::array<char32_t, 256> to_char{};
    std::array<int, 0x144> to_byte{};  // every character of the alphabet is below U+0144
};

constexpr bool stands_for_itself(int b) {
    return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
}

constexpr ByteAlphabet make_alphabet() {
    ByteAlphabet a;
    for (auto& b : a.to_byte) b = -1;
    char32_t moved = 0x100;
    for (int b = 0; b < 256; ++b) {
        const char32_t c = stands_for_itself(b) ? char32_t(b) : moved++;
        a.to_char[size_t(b)] = c;
        a.to_byte[size_t(c)] = b;
    }
    return a;
}

constexpr ByteAlphabet kAlphabet = make_alphabet();

// Quoted for a message, with control bytes escaped so the message stays one line.
std::string quoted_token(std::string_view token) {
    std::string out = "'";
    for (const char ch : token) {
        const auto b = static_cast<unsigned char>(ch);
        if (b < 0x20 || b == 0x7F) out += utf8::escape_byte(b);
        else out += ch;
    }
    return out + "'";
}

// The bytes a token stands for: each character mapped back through the
// alphabet. A token with a character outside it (a special token such as
// "<|endoftext|>" is inside; "<s>" too) stands for its own UTF-8 text, as in
// Hugging Face's ByteLevel decoder.
std::string token_to_bytes(std::string_view token) {
    std::string out;
    out.reserve(token.size());
    size_t pos = 0;
    while (pos < token.size()) {
        const utf8::Decoded d = utf8::decode(token, pos);
        const int b = d.valid ? gpt2_char_to_byte(d.code_point) : -1;
        if (b < 0) return std::string(token);
        out += char(b);
        pos += size_t(d.length);
    }
    return out;
}

constexpr std::string_view kSpiceSpace = "\xE2\x96\x81";  // U+2581, SentencePiece's space

// "<0x0A>" -> 0x0A; -1 for any other token.
int byte_of_fallback_token(std::string_view token) {
    if (token.size() != 6 || !token.starts_with("<0x") || token[5] != '>') return -1;
    int v = 0;
    for (const char h : token.substr(3, 2)) {
        const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

std::string fallback_token(unsigned char b) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("<0x") + kHex[b >> 4] + kHex[b & 15] + ">";
}

// The bytes a SentencePiece-style token stands for: "▁" is a space, and with
// byte fallback "<0xNN>" is the byte NN, as Hugging Face's decoders read them.
std::string sentencepiece_bytes(std::string_view token, bool byte_fallback) {
    if (const int b = byte_fallback ? byte_of_fallback_token(token) : -1; b >= 0)
        return std::string(1, char(b));
    std::string out;
    out.reserve(token.size());
    for (size_t pos = 0; pos < token.size();) {
        if (token.substr(pos).starts_with(kSpiceSpace)) {
            out += ' ';
            pos += kSpiceSpace.size();
        } else {
            out += token[pos++];
        }
    }
    return out;
}

}  // namespace

char32_t gpt2_byte_to_char(unsigned char byte) { return kAlphabet.to_char[byte]; }

int gpt2_char_to_byte(char32_t c) {
    return c < kAlphabet.to_byte.size() ? kAlphabet.to_byte[size_t(c)] : -1;
}

struct Gpt2BpeTokenizer::Checked {
    std::vector<std::optional<std::string>> tokens;  // id -> bytes
    std::unordered_map<std::string, int> ids;  // token as written -> id
    std::array<int, 256> byte_tokens{};
};

Gpt2BpeTokenizer::Checked Gpt2BpeTokenizer::check_vocab(const Gpt2BpeSpec& spec) {
    const std::string& where = spec.vocab_file;
    if (spec.vocab.empty()) bad_format_at(where, "the vocabulary is empty");
    int64_t max_id = -1;
    for (const auto& [token, id] : spec.vocab) {
        if (id < 0 || id >= kMaxTokenizerVocab)
            bad_format_at(where, "token " + quoted_token(token) + " has id " + std::to_string(id) +
                           ", outside [0, " + std::to_string(kMaxTokenizerVocab) + ")");
        if (token.empty()) bad_format_at(where, "token id " + std::to_string(id) + " is the empty string");
        if (find_invalid_utf8(token) != std::string_view::npos)
            bad_format_at(where, "token id " + std::to_string(id) + " is not valid UTF-8");
        max_id = std::max(max_id, id);
    }
    for (const auto& [text, id] : spec.added) {
        if (id < 0 || id >= kMaxTokenizerVocab)
            bad_format_at(where, "added token " + quoted_token(text) + " has id " + std::to_string(id) +
                           ", outside [0, " + std::to_string(kMaxTokenizerVocab) + ")");
        max_id = std::max(max_id, id);
    }

    Checked c;
    c.tokens.resize(size_t(max_id + 1));
    c.ids.reserve(spec.vocab.size());
    std::vector<const std::string*> owner(size_t(max_id + 1), nullptr);
    for (const auto& [token, id] : spec.vocab) {
        if (owner[size_t(id)])
            bad_format_at(where, "id " + std::to_string(id) + " is given to both " +
                           quoted_token(*owner[size_t(id)]) + " and " + quoted_token(token));
        if (!c.ids.emplace(token, int(id)).second) bad_format_at(where, "token " + quoted_token(token) + " appears twice");
        owner[size_t(id)] = &token;
        c.tokens[size_t(id)] = spec.sentencepiece ? sentencepiece_bytes(token, spec.byte_fallback)
                                                  : token_to_bytes(token);
    }
    for (const auto& [text, id] : spec.added) {
        if (text.empty()) bad_format_at(where, "added token id " + std::to_string(id) + " is the empty string");
        if (!c.tokens[size_t(id)]) c.tokens[size_t(id)] = text;
        c.ids.emplace(text, int(id));
    }
    if (spec.sentencepiece) {
        for (int b = 0; b < 256; ++b) {
            const std::string name = fallback_token(static_cast<unsigned char>(b));
            const auto it = c.ids.find(name);
            if (spec.byte_fallback && it == c.ids.end())
                bad_format_at(where, "byte_fallback is true but " + quoted_token(name) + " is not in the vocabulary");
            c.byte_tokens[size_t(b)] = spec.byte_fallback ? it->second : -1;
        }
        if (!spec.unk_token.empty() && !c.ids.contains(spec.unk_token))
            bad_format_at(where, "the unk_token " + quoted_token(spec.unk_token) + " is not in the vocabulary");
        if (!spec.byte_fallback && spec.unk_token.empty())
            bad_format_at(where, "neither byte_fallback nor an unk_token, so characters outside the vocabulary "
                       "could not be encoded");
        return c;
    }
    for (int b = 0; b < 256; ++b) {
        std::string symbol;
        utf8::append(symbol, gpt2_byte_to_char(static_cast<unsigned char>(b)));
        const auto it = c.ids.find(symbol);
        if (it == c.ids.end())
            bad_format_at(where, "no token for the byte " + utf8::escape_byte(static_cast<unsigned char>(b)) +
                           " (written " + quoted_token(symbol) + "); not a byte-level BPE vocabulary");
        c.byte_tokens[size_t(b)] = it->second;
    }
    return c;
}

Gpt2BpeTokenizer::Gpt2BpeTokenizer(const Gpt2BpeSpec& spec)
    : Gpt2BpeTokenizer(spec, check_vocab(spec)) {}

Gpt2BpeTokenizer::Gpt2BpeTokenizer(const Gpt2BpeSpec& spec, Checked&& checked)
    : BpeTokenizer("gpt2-bpe", spec.source, std::move(checked.tokens), checked.byte_tokens),
      ids_(std::move(checked.ids)),
      sentencepiece_(spec.sentencepiece),
      ignore_merges_(spec.ignore_merges),
      unk_(spec.unk_token.empty() ? -1 : ids_.at(spec.unk_token)),
      fuse_unk_(spec.fuse_unk) {
    merges_.reserve(spec.merges.size());
    const auto& ids = ids_;
    for (size_t i = 0; i < spec.merges.size(); ++i) {
        const auto& [left, right] = spec.merges[i];
        const auto l = ids.find(left);
        const auto r = ids.find(right);
        if (l == ids.end() || r == ids.end())
            bad_format_at(spec.merge_name(i), "merges " + quoted_token(left) + " and " + quoted_token(right) + ", but " +
                                        quoted_token(l == ids.end() ? left : right) +
                                        " is not in the vocabulary (" + spec.vocab_file + ")");
        const auto m = ids.find(left + right);
        if (m == ids.end())
            bad_format_at(spec.merge_name(i), "merges " + quoted_token(left) + " and " + quoted_token(right) +
                                        " into " + quoted_token(left + right) +
                                        ", which is not in the vocabulary (" + spec.vocab_file + ")");
        // Spans and round trips rely on a merged token being its parts' bytes.
        if (bytes_of(m->second) != bytes_of(l->second) + bytes_of(r->second))
            bad_format_at(spec.merge_name(i), "merging " + quoted_token(left) + " and " + quoted_token(right) +
                                        " does not give the bytes of " + quoted_token(left + right));
        // A pair listed twice keeps its later priority, as in encoder.py and
        // Hugging Face's tokenizers.
        const uint64_t key = (uint64_t(uint32_t(l->second)) << 32) | uint32_t(r->second);
        merges_[key] = Merge{spec.merge_priority.empty() ? int(i) : spec.merge_priority[i], m->second};
    }
}

int Gpt2BpeTokenizer::id_of(std::string_view token) const {
    const auto it = ids_.find(std::string(token));
    return it == ids_.end() ? -1 : it->second;
}

void Gpt2BpeTokenizer::initial_symbols(std::string_view piece, std::vector<int>& ids,
                                       std::vector<uint32_t>& lengths) const {
    if (!sentencepiece_) return BpeTokenizer::initial_symbols(piece, ids, lengths);
    bool after_unk = false;
    for (size_t pos = 0; pos < piece.size();) {
        const utf8::Decoded d = utf8::decode(piece, pos);
        const std::string_view ch = piece.substr(pos, size_t(d.length));
        pos += size_t(d.length);
        if (const int id = d.valid ? id_of(ch) : -1; id >= 0) {
            ids.push_back(id);
            lengths.push_back(uint32_t(ch.size()));
            after_unk = false;
        } else if (byte_token(0) >= 0) {
            for (const char b : ch) {
                ids.push_back(byte_token(static_cast<unsigned char>(b)));
                lengths.push_back(1);
            }
            after_unk = false;
        } else if (fuse_unk_ && after_unk) {
            lengths.back() += uint32_t(ch.size());
        } else {
            ids.push_back(unk_);
            lengths.push_back(uint32_t(ch.size()));
            after_unk = true;
        }
    }
}

int Gpt2BpeTokenizer::whole_piece(std::string_view piece) const {
    if (!ignore_merges_) return -1;
    if (sentencepiece_) return id_of(piece);
    std::string token;
    for (const char b : piece) utf8::append(token, gpt2_byte_to_char(static_cast<unsigned char>(b)));
    return id_of(token);
}

std::optional<BpeTokenizer::Merge> Gpt2BpeTokenizer::find_merge(int left, int right) const {
    const auto it = merges_.find((uint64_t(uint32_t(left)) << 32) | uint32_t(right));
    if (it == merges_.end()) return std::nullopt;
    return it->second;
}

}  // namespace attnscope
