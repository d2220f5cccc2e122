#include "tokenizers/tokenizer_files.h"

#include <filesystem>
#include <memory>

#include "attnscope/common/error.h"
#include "common/mapped_file.h"
#include "tokenizers/tokenizer_gpt2.h"

namespace fs = std::filesystem;

namespace attnscope {

namespace {

std::string short_text(std::string_view s) {
    return std::string(s.substr(0, 40)) + (s.size() > 40 ? "..." : "");
}

// An upper bound on the number of values in a JSON text: one, plus one per
// ',' '[' or '{' outside strings.
size_t count_json_values(std::string_view text) {
    size_t values = 1;
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == ',' || c == '[' || c == '{') {
            ++values;
        }
    }
    return values;
}

void vocab_from_json(const Json& vocab, const std::string& where, Gpt2BpeSpec& spec) {
    if (!vocab.is_object()) bad_format_at(where, "expected a JSON object mapping each token to its id");
    spec.vocab.reserve(vocab.members().size());
    for (const auto& [token, id] : vocab.members()) {
        if (!id.is_integer())
            bad_format_at(where, "token '" + short_text(token) + "' has an id that is not an integer");
        spec.vocab.emplace_back(token, id.as_int());
    }
}

// Splits "left right" at its one space (tokens never contain a space: it is
// written "Ġ" in the byte alphabet).
bool split_merge(std::string_view line, std::pair<std::string, std::string>& out) {
    const size_t space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == line.size() ||
        line.find(' ', space + 1) != std::string_view::npos)
        return false;
    out = {std::string(line.substr(0, space)), std::string(line.substr(space + 1))};
    return true;
}

// GPT-2's own setup: ByteLevel with GPT-2's pattern, nothing else around it.
// Such files keep GPT-2's behaviour (added tokens in the text are ordinary
// text, as in gpt-3-encoder); every other setup runs as a tokenizer.json pipeline.
bool is_gpt2_style(const Json& root, const Json& model) {
    const auto absent = [&](const char* key) {
        const Json* v = root.find(key);
        return !v || v->is_null();
    };
    const auto set = [](const Json* obj, const char* key) {
        const Json* v = obj ? obj->find(key) : nullptr;
        return v && v->is_bool() && v->as_bool();
    };
    const Json* pre = root.find("pre_tokenizer");
    const Json* type = pre && pre->is_object() ? pre->find("type") : nullptr;
    const Json* post = root.find("post_processor");
    const Json* post_type = post && post->is_object() ? post->find("type") : nullptr;
    const Json* regex = pre && pre->is_object() ? pre->find("use_regex") : nullptr;
    return absent("normalizer") && type && type->is_string() && type->as_string() == "ByteLevel" &&
           !set(pre, "add_prefix_space") && !(regex && regex->is_bool() && !regex->as_bool()) &&
           !set(&model, "ignore_merges") && !set(&model, "byte_fallback") &&
           (absent("post_processor") ||
            (post_type && post_type->is_string() && post_type->as_string() == "ByteLevel"));
}

void check_bpe_model(const Json& model, const std::string& path) {
    if (const Json* t = model.find("type"); t && !(t->is_string() && t->as_string() == "BPE"))
        bad_format_at(path, "model.type is " + (t->is_string() ? "'" + t->as_string() + "'" : "not a string") +
                      ", not 'BPE'");
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (const Json* v = model.find(key); v && v->is_string() && !v->as_string().empty())
            bad_format_at(path, std::string("model.") + key + " is set; AttnScope reads BPE without one");
}

}  // namespace

std::string read_tokenizer_file(const std::string& path) {
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::is_regular_file(status))
        throw Error(ErrorCode::Io, "cannot read '" + path + "': not a regular file", {path});
    const auto size = fs::file_size(path, ec);
    if (ec) throw Error(ErrorCode::Io, "cannot read '" + path + "': " + ec.message(), {path});
    if (size > kMaxTokenizerFileBytes)
        throw Error(ErrorCode::TooLarge,
                    path + ": " + std::to_string(size) + " bytes, more than the " +
                        std::to_string(kMaxTokenizerFileBytes) + " a tokenizer file may have",
                    {path, std::to_string(size), std::to_string(kMaxTokenizerFileBytes)});
    const MappedFile file(path);
    // The file may have grown since it was measured.
    if (file.size() > kMaxTokenizerFileBytes)
        throw Error(ErrorCode::TooLarge, path + ": grew past the tokenizer file size limit", {path});
    return std::string(reinterpret_cast<const char*>(file.data()), file.size());
}

Json parse_tokenizer_json(std::string_view text, const std::string& where) {
    if (const size_t n = count_json_values(text); n > kMaxTokenizerJsonValues)
        throw Error(ErrorCode::TooLarge,
                    where + ": about " + std::to_string(n) + " JSON values, more than the " +
                        std::to_string(kMaxTokenizerJsonValues) + " a tokenizer may have",
                    {where, std::to_string(n), std::to_string(kMaxTokenizerJsonValues)});
    try {
        return Json::parse(text);
    } catch (const Error& e) {
        throw Error(e.code(), where + ": " + e.what(), e.args());
    }
}

std::unique_ptr<Tokenizer> load_vocab_and_merges(const std::string& vocab_path,
                                                 const std::string& merges_path) {
    Gpt2BpeSpec spec;
    spec.source = vocab_path + " + " + merges_path;
    spec.vocab_file = vocab_path;
    vocab_from_json(parse_tokenizer_json(read_tokenizer_file(vocab_path), vocab_path), vocab_path,
                    spec);

    const std::string text = read_tokenizer_file(merges_path);
    auto lines = std::make_shared<std::vector<size_t>>();
    for_each_line(text, [&](size_t line, std::string_view row) {
        // The first line may be "#version: 0.2"; later lines starting with '#'
        // are merges ("# #" is one of GPT-2's).
        if (line == 1 && row.starts_with("#version")) return;
        std::pair<std::string, std::string> merge;
        if (!split_merge(row, merge))
            bad_format_at(merges_path + " line " + std::to_string(line),
                "expected two tokens separated by one space, got '" + short_text(row) + "'");
        spec.merges.push_back(std::move(merge));
        lines->push_back(line);
    });
    spec.merge_name = [merges_path, lines](size_t i) {
        return merges_path + " line " + std::to_string((*lines)[i]);
    };
    return std::make_unique<Gpt2BpeTokenizer>(spec);
}

std::unique_ptr<Tokenizer> load_hf_tokenizer_json(const std::string& path, const Json& root) {
    const Json* model = root.is_object() ? root.find("model") : nullptr;
    if (!model || !model->is_object())
        bad_format_at(path, "no \"model\" object; not a Hugging Face tokenizer.json");
    check_bpe_model(*model, path);

    Gpt2BpeSpec spec;
    spec.source = path;
    spec.vocab_file = path + " model.vocab";
    const Json* vocab = model->find("vocab");
    if (!vocab) bad_format_at(path, "model.vocab is missing");
    vocab_from_json(*vocab, spec.vocab_file, spec);

    const Json* merges = model->find("merges");
    if (!merges || !merges->is_array()) bad_format_at(path, "model.merges is missing or not an array");
    const auto name = [path](size_t i) { return path + " model.merges[" + std::to_string(i) + "]"; };
    spec.merges.reserve(merges->items().size());
    for (size_t i = 0; i < merges->items().size(); ++i) {
        // Older files write "left right"; newer ones ["left", "right"].
        const Json& m = merges->items()[i];
        std::pair<std::string, std::string> merge;
        const bool ok = m.is_string()
                            ? split_merge(m.as_string(), merge)
                            : m.is_array() && m.items().size() == 2 && m.items()[0].is_string() &&
                                  m.items()[1].is_string() && !m.items()[0].as_string().empty() &&
                                  !m.items()[1].as_string().empty();
        if (!ok) bad_format_at(name(i), "expected \"left right\" or [\"left\", \"right\"]");
        if (m.is_array()) merge = {m.items()[0].as_string(), m.items()[1].as_string()};
        spec.merges.push_back(std::move(merge));
    }
    spec.merge_name = name;

    if (const Json* added = root.find("added_tokens"); added && added->is_array()) {
        for (const Json& a : added->items()) {
            const Json* id = a.is_object() ? a.find("id") : nullptr;
            const Json* content = a.is_object() ? a.find("content") : nullptr;
            if (!id || !id->is_integer() || !content || !content->is_string())
                bad_format_at(path, "an entry of added_tokens lacks an integer \"id\" or a string \"content\"");
            spec.added.emplace_back(content->as_string(), id->as_int());
        }
    }
    if (!is_gpt2_style(root, *model)) return make_hf_tokenizer(path, root, std::move(spec));
    return std::make_unique<Gpt2BpeTokenizer>(spec);
}

}  // namespace attnscope
