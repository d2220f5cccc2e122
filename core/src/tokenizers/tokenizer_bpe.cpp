#include "tokenizers/tokenizer_bpe.h"

#include <queue>

#include "attnscope/common/error.h"
#include "tokenizers/tokenizer_pretokenize.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

// Pre-tokens longer than this are not cached (they are rare and would make the
// cache's memory depend on the text), nor is more than this many pre-tokens.
constexpr size_t kMaxCachedPieceBytes = 128;
constexpr size_t kMaxCachedPieces = size_t(1) << 18;

// A pair of adjacent tokens that may merge. Positions index the pre-token's
// initial bytes; a candidate is stale once either side has changed.
struct Candidate {
    int priority;
    int left;   // position of the left token
    int right;  // position of the right token when the candidate was made
    int left_id;
    int right_id;
    int merged;

    // std::priority_queue puts the greatest on top: make that the lowest
    // priority, then the leftmost position.
    bool operator<(const Candidate& o) const {
        if (priority != o.priority) return priority > o.priority;
        return left > o.left;
    }
};

}  // namespace

BpeTokenizer::BpeTokenizer(std::string kind, std::string source,
                           std::vector<std::optional<std::string>> tokens,
                           std::array<int, 256> byte_tokens)
    : kind_(std::move(kind)),
      source_(std::move(source)),
      tokens_(std::move(tokens)),
      byte_tokens_(byte_tokens) {}

std::string BpeTokenizer::token_bytes(int id) const {
    if (id < 0 || size_t(id) >= tokens_.size() || !tokens_[size_t(id)])
        throw Error(ErrorCode::InvalidArgument,
                    "token id " + std::to_string(id) + " is not in the vocabulary of " + source_ +
                        " (" + std::to_string(tokens_.size()) + " ids)",
                    {std::to_string(id), source_});
    return *tokens_[size_t(id)];
}

void BpeTokenizer::initial_symbols(std::string_view piece, std::vector<int>& ids,
                                   std::vector<uint32_t>& lengths) const {
    for (const char c : piece) ids.push_back(byte_tokens_[static_cast<unsigned char>(c)]);
    lengths.assign(piece.size(), 1);
}

// A heap of candidate pairs over a linked list of tokens: O(n log n) in the
// pre-token's length, so a megabyte without spaces cannot stall the encoder.
BpeTokenizer::Tokens BpeTokenizer::merge_piece(std::string_view piece) const {
    Tokens t;
    if (const int whole = whole_piece(piece); whole >= 0) {
        t.ids.push_back(whole);
        t.lengths.push_back(uint32_t(piece.size()));
        return t;
    }
    std::vector<int> id;
    std::vector<uint32_t> len;
    initial_symbols(piece, id, len);
    const int n = static_cast<int>(id.size());
    if (n <= 1) return {std::move(id), std::move(len)};
    const auto count = static_cast<size_t>(n);
    std::vector<int> next(count), prev(count);
    for (int i = 0; i < n; ++i) {
        next[size_t(i)] = i + 1 < n ? i + 1 : -1;
        prev[size_t(i)] = i - 1;
    }
    std::vector<Candidate> storage;
    storage.reserve(count);
    std::priority_queue<Candidate> heap(std::less<Candidate>(), std::move(storage));
    const auto consider = [&](int left, int right) {
        const int a = id[size_t(left)], b = id[size_t(right)];
        if (a < 0 || b < 0) return;
        if (const auto m = find_merge(a, b)) heap.push({m->priority, left, right, a, b, m->merged});
    };
    for (int i = 0; i + 1 < n; ++i) consider(i, i + 1);

    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        // Merged-away positions hold -1, so they never match an id.
        if (id[size_t(c.left)] != c.left_id || next[size_t(c.left)] != c.right ||
            id[size_t(c.right)] != c.right_id)
            continue;
        id[size_t(c.left)] = c.merged;
        len[size_t(c.left)] += len[size_t(c.right)];
        id[size_t(c.right)] = -1;
        const int after = next[size_t(c.right)];
        next[size_t(c.left)] = after;
        if (after >= 0) prev[size_t(after)] = c.left;
        if (prev[size_t(c.left)] >= 0) consider(prev[size_t(c.left)], c.left);
        if (after >= 0) consider(c.left, after);
    }
    for (int i = 0; i >= 0; i = next[size_t(i)]) {
        t.ids.push_back(id[size_t(i)]);
        t.lengths.push_back(len[size_t(i)]);
    }
    return t;
}

void BpeTokenizer::encode_piece(std::string_view piece, std::vector<int>& ids,
                                std::vector<uint32_t>& lengths) const {
    const auto append = [&](const Tokens& t) {
        ids.insert(ids.end(), t.ids.begin(), t.ids.end());
        lengths.insert(lengths.end(), t.lengths.begin(), t.lengths.end());
    };
    const bool cacheable = piece.size() <= kMaxCachedPieceBytes;
    if (cacheable) {
        const std::lock_guard lock(cache_mutex_);
        if (const auto it = cache_.find(piece); it != cache_.end()) {
            append(it->second);
            return;
        }
    }
    Tokens t = merge_piece(piece);
    append(t);
    if (cacheable) {
        const std::lock_guard lock(cache_mutex_);
        if (cache_.size() >= kMaxCachedPieces) cache_.clear();
        cache_.emplace(std::string(piece), std::move(t));
    }
}

Encoding BpeTokenizer::encode(std::string_view text) const {
    utf8::require_valid(text);
    std::vector<std::pair<size_t, size_t>> pieces;
    split_gpt2_pieces(text, pieces);

    Encoding enc;
    enc.ids.reserve(text.size() / 3 + 1);
    std::vector<uint32_t> lengths;
    for (const auto& [begin, end] : pieces) {
        lengths.clear();
        encode_piece(text.substr(begin, end - begin), enc.ids, lengths);
        // The tokens' lengths tile the pre-token.
        size_t offset = begin;
        for (const uint32_t len : lengths) {
            enc.spans.emplace_back(offset, offset + len);
            offset += len;
        }
    }
    return enc;
}

}  // namespace attnscope
