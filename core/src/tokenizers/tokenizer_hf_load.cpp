// Reading the pipeline of a Hugging Face tokenizer.json (normalizer,
// pre_tokenizer, post_processor, added_tokens) and the BOS/EOS settings of the
// tokenizer_config.json beside it.
#include <filesystem>

#include "attnscope/common/error.h"
#include "tokenizers/tokenizer_files.h"
#include "tokenizers/tokenizer_hf.h"
#include "common/utf8.h"

namespace fs = std::filesystem;

namespace attnscope {

namespace {

std::string type_of(const Json& j) {
    const Json* t = j.is_object() ? j.find("type") : nullptr;
    return t && t->is_string() ? t->as_string() : std::string();
}

bool flag(const Json& j, const char* key, bool fallback = false) {
    const Json* v = j.is_object() ? j.find(key) : nullptr;
    return v && v->is_bool() ? v->as_bool() : fallback;
}

std::string string_at(const Json& j, const char* key) {
    const Json* v = j.is_object() ? j.find(key) : nullptr;
    return v && v->is_string() ? v->as_string() : std::string();
}

// The items of a Sequence ("normalizers", "pretokenizers", "processors",
// "decoders"), or the one object itself.
std::vector<const Json*> steps_of(const Json& j, const char* list, const std::string& where) {
    if (type_of(j) != "Sequence") return {&j};
    const Json* items = j.find(list);
    if (!items || !items->is_array()) bad_format_at(where, std::string("a Sequence without a \"") + list + "\" array");
    std::vector<const Json*> out;
    for (const Json& item : items->items()) {
        if (type_of(item) == "Sequence") bad_format_at(where, "a Sequence inside a Sequence");
        out.push_back(&item);
    }
    return out;
}

void read_normalizer(const Json& j, const std::string& where, std::vector<NormalizerStep>& out) {
    using Kind = NormalizerStep::Kind;
    for (const Json* step : steps_of(j, "normalizers", where)) {
        const std::string type = type_of(*step);
        if (type == "NFC") out.push_back({Kind::Nfc, {}, {}});
        else if (type == "NFD") out.push_back({Kind::Nfd, {}, {}});
        else if (type == "NFKC") out.push_back({Kind::Nfkc, {}, {}});
        else if (type == "NFKD") out.push_back({Kind::Nfkd, {}, {}});
        else if (type == "Prepend") {
            const Json* p = step->find("prepend");
            if (!p || !p->is_string()) bad_format_at(where, "a Prepend normalizer without a string \"prepend\"");
            out.push_back({Kind::Prepend, p->as_string(), {}});
        } else if (type == "Replace") {
            const Json* pattern = step->find("pattern");
            const Json* literal = pattern && pattern->is_object() ? pattern->find("String") : nullptr;
            const Json* content = step->find("content");
            if (!literal || !literal->is_string() || literal->as_string().empty())
                bad_format_at(where, "a Replace normalizer whose pattern is not {\"String\": ...} (regex patterns "
                           "are not supported there)");
            if (!content || !content->is_string()) bad_format_at(where, "a Replace normalizer without a string \"content\"");
            out.push_back({Kind::Replace, literal->as_string(), content->as_string()});
        } else {
            bad_format_at(where, "normalizer type '" + type +
                           "' is not supported (AttnScope reads NFC, NFD, NFKC, NFKD, Prepend, Replace "
                           "and Sequence)");
        }
    }
}

// Metaspace: only as the first step (it changes the text the others split).
void read_metaspace(const Json& step, const std::string& where, std::optional<Metaspace>& metaspace,
                    std::vector<PreTokenizerStep>& out) {
    if (!out.empty() || metaspace) bad_format_at(where, "Metaspace is supported only as the first pre-tokenizer");
    Metaspace m;
    m.replacement = string_at(step, "replacement");
    if (m.replacement.empty()) m.replacement = "\u2581";
    if (utf8::decode(m.replacement, 0).length != int(m.replacement.size()))
        bad_format_at(where, "a Metaspace replacement that is not one character");
    const std::string scheme = string_at(step, "prepend_scheme");
    if (scheme == "first") m.prepend = Metaspace::Prepend::First;
    else if (scheme == "never") m.prepend = Metaspace::Prepend::Never;
    else if (scheme.empty()) m.prepend = flag(step, "add_prefix_space", true) ? Metaspace::Prepend::Always
                                                                               : Metaspace::Prepend::Never;
    else if (scheme != "always") bad_format_at(where, "Metaspace prepend_scheme '" + scheme + "' is not supported");
    // split: each word starts at a replacement character.
    if (flag(step, "split", true)) {
        const bool meta = m.replacement.size() == 1 &&
                          std::string_view("\\^$.|?*+()[]{}-").find(m.replacement[0]) != std::string_view::npos;
        const std::string r = (meta ? "\\" : "") + m.replacement;
        out.push_back({PreTokenizerStep::Kind::Split,
                       std::make_shared<const PretokenizerRegex>(r + "[^" + r + "]*|[^" + r + "]+", where)});
    }
    metaspace = std::move(m);
}

// Adds the steps of a pre_tokenizer; tells whether it has a ByteLevel step.
bool read_pre_tokenizer(const Json& j, const std::string& where, std::vector<PreTokenizerStep>& out,
                        std::optional<Metaspace>& metaspace) {
    bool byte_level = false;
    for (const Json* step : steps_of(j, "pretokenizers", where)) {
        const std::string type = type_of(*step);
        if (type == "ByteLevel") {
            byte_level = true;
            if (flag(*step, "add_prefix_space"))
                bad_format_at(where, "its ByteLevel pre_tokenizer adds a prefix space, which AttnScope does not implement");
            if (flag(*step, "use_regex", true)) out.push_back({PreTokenizerStep::Kind::Gpt2, nullptr});
        } else if (type == "Split") {
            const Json* pattern = step->find("pattern");
            const Json* regex = pattern && pattern->is_object() ? pattern->find("Regex") : nullptr;
            const Json* literal = pattern && pattern->is_object() ? pattern->find("String") : nullptr;
            std::string source;
            if (regex && regex->is_string()) {
                source = regex->as_string();
            } else if (literal && literal->is_string() && !literal->as_string().empty()) {
                for (const char c : literal->as_string()) {  // the string as a regex of literals
                    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) source += '\\';
                    source += c;
                }
            } else {
                bad_format_at(where, "a Split pre_tokenizer without a \"Regex\" or \"String\" pattern");
            }
            const std::string behavior = string_at(*step, "behavior");
            if (behavior != "Isolated" && behavior != "Removed")
                bad_format_at(where, "Split behavior '" + behavior + "' is not supported (Isolated and Removed are)");
            if (flag(*step, "invert")) bad_format_at(where, "a Split pre_tokenizer with invert true is not supported");
            out.push_back({behavior == "Removed" ? PreTokenizerStep::Kind::SplitDrop : PreTokenizerStep::Kind::Split,
                           std::make_shared<const PretokenizerRegex>(source, where)});
        } else if (type == "Digits") {
            // Numbers (\p{N}) apart from the rest, one by one or in runs.
            const char* pattern = flag(*step, "individual_digits") ? "\\p{N}" : "\\p{N}+";
            out.push_back({PreTokenizerStep::Kind::Split, std::make_shared<const PretokenizerRegex>(pattern, where)});
        } else if (type == "Metaspace") {
            read_metaspace(*step, where, metaspace, out);
        } else {
            bad_format_at(where, "pre_tokenizer type '" + type +
                           "' is not supported (AttnScope reads Split, ByteLevel, Digits, Metaspace and Sequence)");
        }
    }
    return byte_level;
}

// The id of a special token named in a template or a config.
int special_id(const Gpt2BpeTokenizer& model, const std::string& name, const std::string& where) {
    const int id = model.id_of(name);
    if (id < 0) bad_format_at(where, "the special token '" + name + "' is not in the vocabulary");
    return id;
}

void read_post_processor(const Json& j, const Gpt2BpeTokenizer& model, const std::string& where,
                         HfPipeline& p) {
    for (const Json* step : steps_of(j, "processors", where)) {
        const std::string type = type_of(*step);
        if (type == "ByteLevel") continue;  // offsets only
        if (type != "TemplateProcessing")
            bad_format_at(where, "post_processor type '" + type +
                           "' is not supported (AttnScope reads TemplateProcessing, ByteLevel and Sequence)");
        const Json* single = step->find("single");
        if (!single || !single->is_array()) bad_format_at(where, "a TemplateProcessing without a \"single\" array");
        const Json* specials = step->find("special_tokens");
        bool after = false;
        for (const Json& item : single->items()) {
            if (item.is_object() && item.find("Sequence")) {
                after = true;
                continue;
            }
            const Json* special = item.is_object() ? item.find("SpecialToken") : nullptr;
            const std::string name = special ? string_at(*special, "id") : std::string();
            if (name.empty()) bad_format_at(where, "a TemplateProcessing item that is neither Sequence nor SpecialToken");
            // The ids listed under special_tokens, else the token of that name.
            std::vector<int> ids;
            const Json* entry = specials && specials->is_object() ? specials->find(name) : nullptr;
            const Json* listed = entry && entry->is_object() ? entry->find("ids") : nullptr;
            if (listed && listed->is_array()) {
                for (const Json& id : listed->items()) {
                    if (!id.is_integer() || id.as_int() < 0 || id.as_int() >= model.vocab_size())
                        bad_format_at(where, "special token '" + name + "' has an id outside the vocabulary");
                    ids.push_back(int(id.as_int()));
                }
            } else {
                ids.push_back(special_id(model, name, where));
            }
            auto& side = after ? p.suffix : p.prefix;
            side.insert(side.end(), ids.begin(), ids.end());
        }
    }
}

// tokenizer_config.json's add_bos_token / add_eos_token, when given, decide
// (as Python transformers' Llama tokenizers do); otherwise the post_processor.
void apply_config(const std::string& path, const Gpt2BpeTokenizer& model, HfPipeline& p) {
    const fs::path config = fs::path(path).parent_path() / "tokenizer_config.json";
    std::error_code ec;
    if (!fs::is_regular_file(config, ec)) return;
    const std::string where = config.string();
    const Json root = parse_tokenizer_json(read_tokenizer_file(where), where);
    if (!root.is_object()) bad_format_at(where, "expected a JSON object");
    const auto token_named = [&](const char* key) {
        const Json* v = root.find(key);
        if (v && v->is_object()) v = v->find("content");  // {"__type": "AddedToken", "content": ...}
        if (!v || !v->is_string() || v->as_string().empty())
            bad_format_at(where, std::string("add_") + key + " is true but " + key + " is not a token");
        return special_id(model, v->as_string(), where);
    };
    const auto apply = [&](const char* add, const char* key, std::vector<int>& side, bool front) {
        const Json* v = root.find(add);
        if (!v || !v->is_bool()) return;
        const int id = v->as_bool() ? token_named(key) : -1;
        if (!v->as_bool()) {
            // Drop the token the post_processor would add, if it names one.
            const Json* named = root.find(key);
            const int old = named && named->is_string() ? model.id_of(named->as_string()) : -1;
            std::erase(side, old);
        } else if (std::find(side.begin(), side.end(), id) == side.end()) {
            side.insert(front ? side.begin() : side.end(), id);
        }
    };
    apply("add_bos_token", "bos_token", p.prefix, true);
    apply("add_eos_token", "eos_token", p.suffix, false);
    // The token a generation stops at, whether or not encode adds it.
    const Json* eos = root.find("eos_token");
    if (eos && eos->is_object()) eos = eos->find("content");
    if (eos && eos->is_string()) p.eos = model.id_of(eos->as_string());
}

}  // namespace

std::unique_ptr<Tokenizer> make_hf_tokenizer(const std::string& path, const Json& root, Gpt2BpeSpec spec) {
    const Json& model = *root.find("model");
    if (const Json* d = model.find("dropout"); d && d->is_number() && d->as_double() > 0)
        bad_format_at(path, "model.dropout is set; AttnScope encodes without BPE dropout");

    HfPipeline pipeline;
    if (const Json* n = root.find("normalizer"); n && !n->is_null())
        read_normalizer(*n, path + " normalizer", pipeline.normalizers);
    bool byte_level = false;
    if (const Json* pre = root.find("pre_tokenizer"); pre && !pre->is_null())
        byte_level = read_pre_tokenizer(*pre, path + " pre_tokenizer", pipeline.pre_tokenizers, pipeline.metaspace);
    if (const Json* dec = root.find("decoder"); dec && !dec->is_null())
        for (const Json* step : steps_of(*dec, "decoders", path + " decoder"))
            byte_level = byte_level || type_of(*step) == "ByteLevel";

    spec.sentencepiece = !byte_level;
    spec.byte_fallback = flag(model, "byte_fallback");
    spec.fuse_unk = flag(model, "fuse_unk");
    spec.ignore_merges = flag(model, "ignore_merges");
    if (spec.sentencepiece) spec.unk_token = string_at(model, "unk_token");
    if (byte_level && spec.byte_fallback) bad_format_at(path, "model.byte_fallback is true in a byte-level vocabulary");
    auto bpe = std::make_unique<Gpt2BpeTokenizer>(spec);

    // Checked when the spec was read: objects with a string content and an id.
    if (const Json* added = root.find("added_tokens"); added && added->is_array())
        for (const Json& a : added->items())
            pipeline.added.push_back({a.find("content")->as_string(), int(a.find("id")->as_int()),
                                      flag(a, "lstrip"), flag(a, "rstrip")});
    if (const Json* post = root.find("post_processor"); post && !post->is_null())
        read_post_processor(*post, *bpe, path + " post_processor", pipeline);
    apply_config(path, *bpe, pipeline);
    return std::make_unique<HfTokenizer>(byte_level ? "byte-level-bpe" : "sentencepiece-bpe", std::move(bpe),
                                         std::move(pipeline));
}

}  // namespace attnscope
