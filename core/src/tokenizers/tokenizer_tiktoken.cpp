#include "tokenizers/tokenizer_tiktoken.h"

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "attnscope/common/error.h"
#include "tokenizers/tokenizer_files.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

}  // namespace

bool decode_base64(std::string_view text, std::string& out) {
    out.clear();
    if (text.empty() || text.size() % 4 != 0) return false;
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + size_t(k)];
            if (c == '=' && last && k >= 2) {
                v[k] = 0;
                ++pad;
                continue;
            }
            if (pad > 0) return false;  // data after padding
            v[k] = base64_value(c);
            if (v[k] < 0) return false;
        }
        const unsigned bits = unsigned(v[0]) << 18 | unsigned(v[1]) << 12 | unsigned(v[2]) << 6 |
                              unsigned(v[3]);
        out += char((bits >> 16) & 0xFF);
        if (pad < 2) out += char((bits >> 8) & 0xFF);
        if (pad < 1) out += char(bits & 0xFF);
        // Canonical form: the bits that padding drops must be zero.
        if ((pad == 2 && (bits & 0xFFFF) != 0) || (pad == 1 && (bits & 0xFF) != 0)) return false;
    }
    return true;
}

struct TiktokenTokenizer::Ranks {
    std::vector<std::optional<std::string>> tokens;  // rank -> bytes
    std::array<int, 256> byte_tokens{};
    std::unordered_map<std::string, int, Hash, std::equal_to<>> rank_of;  // bytes -> rank
};

std::unique_ptr<TiktokenTokenizer> TiktokenTokenizer::load(const std::string& path) {
    // The pre-tokenization pattern is not in the file. r50k_base and p50k_base
    // use GPT-2's, which is the one AttnScope implements; later encodings do not.
    const std::string stem = std::filesystem::path(path).stem().string();
    for (const char* other : {"cl100k", "o200k"})
        if (stem.find(other) != std::string::npos)
            throw Error(ErrorCode::BadFormat,
                        path + ": " + other +
                            " encodings split text with a pattern AttnScope does not implement "
                            "(it reads GPT-2-pattern rank files such as r50k_base and p50k_base)",
                        {path});

    const std::string text = read_tokenizer_file(path);
    const auto bad = [&](size_t line, const std::string& what) {
        const std::string where = path + " line " + std::to_string(line);
        return Error(ErrorCode::BadFormat, where + ": " + what, {path, std::to_string(line), what});
    };

    // First pass: parse and range-check every line, so the tables below are
    // sized from checked ranks only.
    struct Entry {
        std::string bytes;
        int rank;
        size_t line;
    };
    std::vector<Entry> entries;
    int max_rank = -1;
    for_each_line(text, [&](size_t line, std::string_view row) {
        // Ranks are distinct and below the limit, so more lines than that is hostile.
        if (entries.size() >= size_t(kMaxTokenizerVocab))
            throw Error(ErrorCode::TooLarge,
                        path + ": more than " + std::to_string(kMaxTokenizerVocab) + " ranks",
                        {path, std::to_string(kMaxTokenizerVocab)});
        const size_t space = row.find(' ');
        if (space == std::string_view::npos || row.find(' ', space + 1) != std::string_view::npos)
            throw bad(line, "expected \"<base64 token> <rank>\"");
        const std::string_view b64 = row.substr(0, space), digits = row.substr(space + 1);
        Entry e{{}, -1, line};
        if (!decode_base64(b64, e.bytes))
            throw bad(line, "bad base64 '" + std::string(b64.substr(0, 64)) + "'");
        int64_t rank = -1;
        const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
        const bool whole = !digits.empty() && p == digits.data() + digits.size();
        if (ec == std::errc::invalid_argument || !whole || digits[0] == '-' || digits[0] == '+')
            throw bad(line, "rank '" + std::string(digits.substr(0, 32)) + "' is not a number");
        if (ec == std::errc::result_out_of_range || rank >= kMaxTokenizerVocab)
            throw bad(line, "rank " + std::string(digits.substr(0, 32)) + " is outside [0, " +
                                std::to_string(kMaxTokenizerVocab) + ")");
        e.rank = int(rank);
        max_rank = std::max(max_rank, e.rank);
        entries.push_back(std::move(e));
    });
    if (entries.empty()) throw Error(ErrorCode::BadFormat, path + ": no ranks in the file", {path});

    Ranks r;
    r.tokens.resize(size_t(max_rank + 1));
    std::vector<size_t> line_of_rank(size_t(max_rank + 1), 0);
    r.rank_of.reserve(entries.size());
    for (Entry& e : entries) {
        if (const size_t other = line_of_rank[size_t(e.rank)])
            throw bad(e.line, "rank " + std::to_string(e.rank) + " appears twice (also on line " +
                                  std::to_string(other) + ")");
        line_of_rank[size_t(e.rank)] = e.line;
        if (const auto [it, fresh] = r.rank_of.emplace(e.bytes, e.rank); !fresh)
            throw bad(e.line, "the same token bytes appear twice (also on line " +
                                  std::to_string(line_of_rank[size_t(it->second)]) + ")");
        r.tokens[size_t(e.rank)] = std::move(e.bytes);
    }
    for (int b = 0; b < 256; ++b) {
        const char c = char(b);
        const auto it = r.rank_of.find(std::string_view(&c, 1));
        if (it == r.rank_of.end())
            throw Error(ErrorCode::BadFormat,
                        path + ": no rank for the single byte " +
                            utf8::escape_byte(static_cast<unsigned char>(b)) +
                            "; byte-level BPE needs one for every byte",
                        {path});
        r.byte_tokens[size_t(b)] = it->second;
    }
    return std::unique_ptr<TiktokenTokenizer>(new TiktokenTokenizer(path, std::move(r)));
}

TiktokenTokenizer::TiktokenTokenizer(const std::string& path, Ranks&& ranks)
    : BpeTokenizer("tiktoken", path, std::move(ranks.tokens), ranks.byte_tokens),
      rank_of_(std::move(ranks.rank_of)) {}

std::optional<BpeTokenizer::Merge> TiktokenTokenizer::find_merge(int left, int right) const {
    std::string joined = bytes_of(left);
    joined += bytes_of(right);
    const auto it = rank_of_.find(std::string_view(joined));
    if (it == rank_of_.end()) return std::nullopt;
    return Merge{it->second, it->second};
}

}  // namespace attnscope
