#include "tokenizers/tokenizer_char.h"

#include "attnscope/common/error.h"
#include "common/utf8.h"

namespace attnscope {

namespace {

// Why `vocab` is not a character vocabulary, or "" when it is.
std::string vocab_problem(const std::vector<std::string>& vocab) {
    if (vocab.empty()) return "the vocabulary is empty";
    std::unordered_map<std::string_view, size_t> seen;
    for (size_t i = 0; i < vocab.size(); ++i) {
        const std::string& entry = vocab[i];
        const std::string at = "vocabulary entry " + std::to_string(i);
        if (entry.empty()) return at + " is empty";
        const utf8::Decoded d = utf8::decode(entry, 0);
        if (!d.valid || find_invalid_utf8(entry) != std::string_view::npos)
            return at + " is not valid UTF-8";
        if (size_t(d.length) != entry.size())
            return at + " holds more than one character";
        if (const auto [it, fresh] = seen.emplace(entry, i); !fresh)
            return at + ", " + utf8::describe_character(d.code_point) + ", repeats entry " +
                   std::to_string(it->second);
    }
    return {};
}

}  // namespace

CharTokenizer::CharTokenizer(std::vector<std::string> vocab, std::string source)
    : vocab_(std::move(vocab)), source_(std::move(source)) {
    if (const std::string why = vocab_problem(vocab_); !why.empty())
        throw Error(ErrorCode::InvalidArgument, source_ + ": " + why, {source_, why});
    ascii_.fill(-1);
    for (size_t i = 0; i < vocab_.size(); ++i) {
        const char32_t cp = utf8::decode(vocab_[i], 0).code_point;
        if (cp < 128) ascii_[cp] = int(i);
        else others_.emplace(cp, int(i));
    }
}

std::unique_ptr<CharTokenizer> CharTokenizer::from_json(const Json& json, const std::string& where,
                                                        std::string source) {
    const auto bad = [&](const std::string& what) {
        return Error(ErrorCode::BadFormat, where + ": " + what, {where, what});
    };
    if (!json.is_object()) throw bad("expected a JSON object like {\"type\":\"char\",\"vocab\":[...]}");
    const Json* type = json.find("type");
    if (!type || !type->is_string()) throw bad("no \"type\" string");
    if (type->as_string() != "char")
        throw bad("tokenizer type '" + type->as_string() + "' is not one AttnScope stores (\"char\")");
    const Json* vocab = json.find("vocab");
    if (!vocab || !vocab->is_array()) throw bad("\"vocab\" is missing or not an array");
    std::vector<std::string> entries;
    entries.reserve(vocab->items().size());
    for (size_t i = 0; i < vocab->items().size(); ++i) {
        const Json& item = vocab->items()[i];
        if (!item.is_string()) throw bad("vocabulary entry " + std::to_string(i) + " is not a string");
        entries.push_back(item.as_string());
    }
    if (const std::string why = vocab_problem(entries); !why.empty()) throw bad(why);
    return std::make_unique<CharTokenizer>(std::move(entries), std::move(source));
}

int CharTokenizer::id_of(char32_t c) const {
    if (c < 128) return ascii_[c];
    const auto it = others_.find(c);
    return it == others_.end() ? -1 : it->second;
}

Encoding CharTokenizer::encode_lenient(std::string_view text, std::vector<Skipped>& skipped) const {
    Encoding enc;
    size_t pos = 0;
    while (pos < text.size()) {
        const utf8::Decoded d = utf8::decode(text, pos);
        const size_t end = pos + size_t(d.length);
        const int id = d.valid ? id_of(d.code_point) : -1;
        if (id < 0) {
            skipped.push_back({pos, end, !d.valid});
        } else {
            enc.ids.push_back(id);
            enc.spans.emplace_back(pos, end);
        }
        pos = end;
    }
    return enc;
}

Encoding CharTokenizer::encode(std::string_view text) const {
    utf8::require_valid(text);
    Encoding enc;
    enc.ids.reserve(text.size());
    enc.spans.reserve(text.size());
    size_t pos = 0;
    while (pos < text.size()) {
        const utf8::Decoded d = utf8::decode(text, pos);
        const int id = id_of(d.code_point);
        if (id < 0) {
            const std::string what = utf8::describe_character(d.code_point);
            throw Error(ErrorCode::InvalidArgument,
                        "character " + what + " at byte " + std::to_string(pos) +
                            " is not in the vocabulary of " + source_,
                        {what, std::to_string(pos)});
        }
        enc.ids.push_back(id);
        enc.spans.emplace_back(pos, pos + size_t(d.length));
        pos += size_t(d.length);
    }
    return enc;
}

std::string CharTokenizer::token_bytes(int id) const {
    if (id < 0 || size_t(id) >= vocab_.size())
        throw Error(ErrorCode::InvalidArgument,
                    "token id " + std::to_string(id) + " is not in the vocabulary of " + source_ +
                        " (" + std::to_string(vocab_.size()) + " characters)",
                    {std::to_string(id), source_});
    return vocab_[size_t(id)];
}

}  // namespace attnscope
