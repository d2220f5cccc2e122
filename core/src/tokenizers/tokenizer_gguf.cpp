// The tokenizer a GGUF file carries in its metadata (tokenizer.ggml.*), run
// through the same BPE and pipeline as a tokenizer.json:
//   - "gpt2": byte-level BPE with tokenizer.ggml.merges, pre-tokenized by the
//     pattern tokenizer.ggml.pre names (llama-bpe, qwen2, gpt-2, default);
//   - "llama": SentencePiece with tokenizer.ggml.scores and byte fallback. The
//     whole text is one piece (a space becomes "▁", one is put in front), and
//     the pair whose merged piece scores highest merges first (the leftmost
//     on ties): a merge list made from the scores, every piece's every split
//     into two pieces, ranked by the piece's score.
// Control and user-defined tokens typed in the text are recognised, as a
// tokenizer.json's added tokens are; BOS and EOS as tokenizer.ggml.add_bos_token
// and add_eos_token say.
#include "tokenizers/tokenizer_gguf.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "attnscope/common/error.h"
#include "common/utf8.h"
#include "formats/py_value.h"
#include "tokenizers/tokenizer_hf.h"

namespace attnscope {

namespace {

enum GgufTokenType { kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kUnused = 5, kByte = 6 };

// Longer pieces are not made by merging (a real vocabulary's are far shorter;
// a hostile file's would cost their length squared).
constexpr size_t kMaxMergedPieceBytes = 128;

const char* kLlama3Pattern =
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| "
    "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
const char* kQwen2Pattern =
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| "
    "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

struct TgPre {
    std::vector<const char*> names;
    std::vector<const char*> patterns;  // Split steps in order; empty: GPT-2's own scanner
    bool ignore_merges;
};

const std::vector<TgPre>& tg_pres() {
    static const std::vector<TgPre> pres = {
        {{"llama-bpe", "llama3", "llama-v3", "smaug-bpe"}, {kLlama3Pattern}, true},
        {{"qwen2", "deepseek-r1-qwen"}, {kQwen2Pattern}, false},
        {{"gpt-2", "gpt2", "phi-2"}, {}, false},
        {{"default"},
         {"[\\p{P}\\$\\+<=>\\^~\\|]+",
          "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)", "\\p{N}+",
          "[0-9][0-9][0-9]"},
         false},
    };
    return pres;
}

std::string tg_pre_names() {
    std::string out;
    for (const TgPre& p : tg_pres())
        for (const char* n : p.names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

const std::vector<std::string>& tg_strings(const GgufFile& f, const std::string& key, const std::string& origin) {
    const GgufValue* v = f.find(key);
    if (!v) fail_in(origin, ErrorCode::BadTokenizer, "metadata '" + key + "' is missing", {key});
    if (!v->is_array() || v->elem != GgufValue::Type::String)
        fail_in(origin, ErrorCode::BadTokenizer, "metadata '" + key + "' is not an array of strings", {key});
    return v->strings;
}

const std::vector<double>* tg_numbers(const GgufFile& f, const std::string& key, size_t n, const std::string& origin) {
    const GgufValue* v = f.find(key);
    if (!v) return nullptr;
    if (!v->is_array() || v->elem == GgufValue::Type::String || v->numbers.size() != n)
        fail_in(origin, ErrorCode::BadTokenizer,
                "metadata '" + key + "' is not an array of " + std::to_string(n) + " numbers (one per token)", {key});
    return &v->numbers;
}

int tg_token_id(const GgufFile& f, const std::string& key, int vocab, const std::string& origin) {
    const GgufValue* v = f.find(key);
    if (!v) return -1;
    const int64_t id = f.get_int(key).value_or(-1);
    if (id < 0 || id >= vocab)
        fail_in(origin, ErrorCode::BadTokenizer,
                "metadata '" + key + "' is " + std::to_string(id) + ", outside the vocabulary of " +
                    std::to_string(vocab),
                {key});
    return int(id);
}

// The places a piece can be cut into two non-empty pieces: after each
// character (byte offsets).
std::vector<size_t> tg_cuts(const std::string& s) {
    std::vector<size_t> cuts;
    size_t pos = 0;
    while (pos < s.size()) {
        pos += size_t(std::max(1, utf8::decode(s, pos).length));
        if (pos < s.size()) cuts.push_back(pos);
    }
    return cuts;
}

}  // namespace

std::unique_ptr<Tokenizer> gguf_tokenizer(const GgufFile& f, const std::string& origin) {
    const std::optional<std::string> model = f.get_string("tokenizer.ggml.model");
    if (!model) return nullptr;
    if (*model != "gpt2" && *model != "llama")
        fail_in(origin, ErrorCode::BadTokenizer,
                "tokenizer.ggml.model '" + printable(*model) + "' is not supported (gpt2 and llama are)", {*model});
    const std::vector<std::string>& tokens = tg_strings(f, "tokenizer.ggml.tokens", origin);
    if (tokens.empty() || tokens.size() > size_t(kMaxTokenizerVocab))
        fail_in(origin, ErrorCode::BadTokenizer, "tokenizer.ggml.tokens has " + std::to_string(tokens.size()) + " tokens");
    const int V = int(tokens.size());
    const std::vector<double>* types = tg_numbers(f, "tokenizer.ggml.token_type", tokens.size(), origin);
    // (clamped before the cast: a hostile file's number may be any double)
    const auto type_of = [&](size_t i) {
        if (!types) return int(kNormal);
        const double t = (*types)[i];
        return t >= 0 && t <= 16 ? int(t) : 0;
    };
    const bool spm = *model == "llama";

    Gpt2BpeSpec spec;
    spec.source = origin + " (tokenizer.ggml." + *model + ")";
    spec.vocab_file = origin + " tokenizer.ggml.tokens";
    spec.merge_name = [origin](size_t i) { return origin + " tokenizer merge " + std::to_string(i); };
    spec.sentencepiece = spm;
    HfPipeline pipeline;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const int t = type_of(i);
        // A byte-level vocabulary writes its control tokens as plain text.
        if (!spm && (t == kControl || t == kUserDefined || t == kUnknown)) spec.added.emplace_back(tokens[i], int64_t(i));
        else spec.vocab.emplace_back(tokens[i], int64_t(i));
        if ((t == kControl || t == kUserDefined) && !tokens[i].empty())
            pipeline.added.push_back({tokens[i], int(i), false, false});
    }

    if (spm) {
        const std::vector<double>* scores = tg_numbers(f, "tokenizer.ggml.scores", tokens.size(), origin);
        if (!scores) fail_in(origin, ErrorCode::BadTokenizer, "metadata 'tokenizer.ggml.scores' is missing");
        int bytes = 0;
        std::unordered_map<std::string, int> id_of;
        id_of.reserve(tokens.size());
        for (size_t i = 0; i < tokens.size(); ++i) {
            id_of.emplace(tokens[i], int(i));
            if (type_of(i) == kByte) ++bytes;
        }
        spec.byte_fallback = bytes == 256;
        const int unk = tg_token_id(f, "tokenizer.ggml.unknown_token_id", V, origin);
        if (unk >= 0) spec.unk_token = tokens[size_t(unk)];
        // Every split of every piece into two pieces, ranked by the piece's score.
        std::vector<double> distinct(scores->begin(), scores->end());
        std::sort(distinct.begin(), distinct.end(), std::greater<>());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        std::vector<std::pair<int, std::pair<std::string, std::string>>> merges;
        for (size_t i = 0; i < tokens.size(); ++i) {
            const std::string& s = tokens[i];
            if (s.size() < 2 || s.size() > kMaxMergedPieceBytes || type_of(i) == kByte) continue;
            const int rank = int(std::lower_bound(distinct.begin(), distinct.end(), (*scores)[i], std::greater<>()) -
                                 distinct.begin());
            for (const size_t cut : tg_cuts(s)) {
                std::string a = s.substr(0, cut), b = s.substr(cut);
                const auto ia = id_of.find(a), ib = id_of.find(b);
                if (ia == id_of.end() || ib == id_of.end()) continue;
                if (type_of(size_t(ia->second)) == kByte || type_of(size_t(ib->second)) == kByte) continue;
                merges.push_back({rank, {std::move(a), std::move(b)}});
            }
        }
        std::stable_sort(merges.begin(), merges.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        spec.merges.reserve(merges.size());
        spec.merge_priority.reserve(merges.size());
        for (auto& [rank, pair] : merges) {
            spec.merges.push_back(std::move(pair));
            spec.merge_priority.push_back(rank);
        }
        Metaspace m;
        m.replacement = "\u2581";
        m.prepend = f.get_bool("tokenizer.ggml.add_space_prefix").value_or(true) ? Metaspace::Prepend::Always
                                                                                 : Metaspace::Prepend::Never;
        m.prepend_to_space = true;
        pipeline.metaspace = m;
    } else {
        const std::vector<std::string>& merges = tg_strings(f, "tokenizer.ggml.merges", origin);
        spec.merges.reserve(merges.size());
        for (size_t i = 0; i < merges.size(); ++i) {
            const size_t space = merges[i].size() > 1 ? merges[i].find(' ', 1) : std::string::npos;
            if (space == std::string::npos)
                fail_in(origin, ErrorCode::BadTokenizer,
                        "tokenizer.ggml.merges[" + std::to_string(i) + "] is not two tokens and a space");
            spec.merges.emplace_back(merges[i].substr(0, space), merges[i].substr(space + 1));
        }
        const std::string pre = f.get_string("tokenizer.ggml.pre").value_or("default");
        const TgPre* found = nullptr;
        for (const TgPre& p : tg_pres())
            for (const char* n : p.names)
                if (pre == n) found = &p;
        if (!found)
            fail_in(origin, ErrorCode::BadTokenizer,
                    "pre-tokenizer '" + printable(pre) + "' (tokenizer.ggml.pre) is not supported (AttnScope reads " +
                        tg_pre_names() + ")",
                    {pre});
        spec.ignore_merges = found->ignore_merges;
        if (found->patterns.empty()) pipeline.pre_tokenizers.push_back({PreTokenizerStep::Kind::Gpt2, nullptr});
        for (const char* p : found->patterns)
            pipeline.pre_tokenizers.push_back(
                {PreTokenizerStep::Kind::Split, std::make_shared<const PretokenizerRegex>(p, origin + " tokenizer.ggml.pre")});
    }

    const int bos = tg_token_id(f, "tokenizer.ggml.bos_token_id", V, origin);
    const int eos = tg_token_id(f, "tokenizer.ggml.eos_token_id", V, origin);
    // llama.cpp's defaults when the file does not say: BOS for SentencePiece.
    if (f.get_bool("tokenizer.ggml.add_bos_token").value_or(spm) && bos >= 0) pipeline.prefix.push_back(bos);
    if (f.get_bool("tokenizer.ggml.add_eos_token").value_or(false) && eos >= 0) pipeline.suffix.push_back(eos);

    std::unique_ptr<Gpt2BpeTokenizer> bpe;
    try {
        bpe = std::make_unique<Gpt2BpeTokenizer>(spec);
    } catch (const Error& e) {
        throw Error(ErrorCode::BadTokenizer, e.what(), e.args());
    }
    return std::make_unique<HfTokenizer>(spm ? "sentencepiece-bpe" : "byte-level-bpe", std::move(bpe),
                                         std::move(pipeline));
}

}  // namespace attnscope
