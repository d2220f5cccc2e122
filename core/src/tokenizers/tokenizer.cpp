// The Tokenizer base class and the entry points that find and load tokenizers.
#include "attnscope/tokenizers/tokenizer.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/model_file.h"
#include "tokenizers/tokenizer_char.h"
#include "tokenizers/tokenizer_files.h"
#include "tokenizers/tokenizer_gguf.h"
#include "common/mapped_file.h"
#include "tokenizers/tokenizer_tiktoken.h"
#include "common/utf8.h"

namespace fs = std::filesystem;

namespace attnscope {

std::string Tokenizer::decode(std::span<const int> ids) const {
    std::string out;
    for (const int id : ids) out += token_bytes(id);
    return out;
}

std::string Tokenizer::token_text(int id) const {
    const std::string bytes = token_bytes(id);
    std::string out;
    size_t pos = 0;
    while (pos < bytes.size()) {
        const utf8::Decoded d = utf8::decode(bytes, pos);
        if (d.valid) {
            out.append(bytes, pos, size_t(d.length));
        } else {
            for (int i = 0; i < d.length; ++i)
                out += utf8::escape_byte(static_cast<unsigned char>(bytes[pos + size_t(i)]));
        }
        pos += size_t(d.length);
    }
    return out;
}

int Tokenizer::byte_token(unsigned char) const { return -1; }

Encoding Tokenizer::encode_lenient(std::string_view text, std::vector<Skipped>& skipped) const {
    Encoding out;
    // Valid stretches go through encode(); each invalid sequence in between is
    // either its bytes' tokens or skipped.
    auto flush = [&](size_t begin, size_t end) {
        if (end <= begin) return;
        Encoding part = encode(text.substr(begin, end - begin));
        for (size_t i = 0; i < part.ids.size(); ++i) {
            out.ids.push_back(part.ids[i]);
            out.spans.emplace_back(begin + part.spans[i].first, begin + part.spans[i].second);
        }
    };
    size_t start = 0, pos = 0;
    while (pos < text.size()) {
        const utf8::Decoded d = utf8::decode(text, pos);
        if (d.valid) {
            pos += size_t(d.length);
            continue;
        }
        flush(start, pos);
        bool fallback = true;
        for (int i = 0; i < d.length && fallback; ++i)
            fallback = byte_token(static_cast<unsigned char>(text[pos + size_t(i)])) >= 0;
        if (fallback) {
            for (int i = 0; i < d.length; ++i) {
                out.ids.push_back(byte_token(static_cast<unsigned char>(text[pos + size_t(i)])));
                out.spans.emplace_back(pos + size_t(i), pos + size_t(i) + 1);
            }
        } else {
            skipped.push_back({pos, pos + size_t(d.length), true});
        }
        pos += size_t(d.length);
        start = pos;
    }
    flush(start, text.size());
    return out;
}

std::vector<std::string> char_vocabulary_of(std::string_view text) {
    utf8::require_valid(text);
    std::set<char32_t> seen;
    for (size_t pos = 0; pos < text.size();) {
        const utf8::Decoded d = utf8::decode(text, pos);
        seen.insert(d.code_point);
        pos += size_t(d.length);
    }
    std::vector<std::string> vocab;
    for (const char32_t c : seen) {
        vocab.emplace_back();
        utf8::append(vocab.back(), c);
    }
    return vocab;
}

std::string char_tokenizer_json(const std::vector<std::string>& vocab) {
    std::ostringstream out;
    JsonWriter w(out);
    w.begin_object().key("type").value("char").key("vocab").begin_array();
    for (const std::string& c : vocab) w.value(c);
    w.end_array().end_object();
    return out.str();
}

std::unique_ptr<Tokenizer> make_char_tokenizer(std::vector<std::string> vocab, std::string source) {
    return std::make_unique<CharTokenizer>(std::move(vocab), std::move(source));
}

std::unique_ptr<Tokenizer> tokenizer_from_metadata(const Metadata& metadata) {
    const auto it = metadata.find(kMetaTokenizer);
    if (it == metadata.end()) return nullptr;
    const std::string where = std::string("model metadata '") + kMetaTokenizer + "'";
    return CharTokenizer::from_json(parse_tokenizer_json(it->second, where), where,
                                    "model metadata");
}

namespace {

bool is_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// A .json file: Hugging Face's tokenizer.json, or AttnScope's char tokenizer.
std::unique_ptr<Tokenizer> load_json_tokenizer(const std::string& path) {
    const Json root = parse_tokenizer_json(read_tokenizer_file(path), path);
    if (fs::path(path).filename() == "tokenizer.json" || (root.is_object() && root.find("model")))
        return load_hf_tokenizer_json(path, root);
    if (root.is_object() && root.find("type")) return CharTokenizer::from_json(root, path, path);
    throw Error(ErrorCode::BadFormat,
                path + ": neither a Hugging Face tokenizer.json (no \"model\") nor an AttnScope "
                       "tokenizer (no \"type\")",
                {path});
}

// The vocabulary files and the merges files that go with them.
constexpr const char* kVocabNames[] = {"encoder.json", "vocab.json"};
constexpr const char* kMergesNames[] = {"vocab.bpe", "merges.txt"};

// Looks in `dir` in order of preference; appends what it looked for.
std::unique_ptr<Tokenizer> search_folder(const fs::path& dir, std::vector<std::string>& looked) {
    const fs::path hf = dir / "tokenizer.json";
    looked.push_back(hf.string());
    if (is_file(hf)) return load_json_tokenizer(hf.string());

    // Hugging Face's pair first: a folder holding both pairs is an HF model folder.
    for (const auto& [vocab, merges] : {std::pair{"vocab.json", "merges.txt"},
                                        std::pair{"encoder.json", "vocab.bpe"}}) {
        const fs::path v = dir / vocab, m = dir / merges;
        looked.push_back(v.string() + " + " + m.string());
        if (is_file(v) && is_file(m)) return load_vocab_and_merges(v.string(), m.string());
    }

    looked.push_back((dir / "*.tiktoken").string());
    std::vector<fs::path> ranks;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".tiktoken" && is_file(it->path())) ranks.push_back(it->path());
    if (!ranks.empty()) {
        std::sort(ranks.begin(), ranks.end());  // several: the first by name, every time
        return TiktokenTokenizer::load(ranks.front().string());
    }
    return nullptr;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

std::unique_ptr<Tokenizer> load_file(const fs::path& file) {
    const std::string name = file.filename().string();
    const fs::path dir = file.parent_path();
    // One half of a vocabulary + merges pair: find the other half beside it.
    const auto pair_with = [&](const auto& names, bool file_is_vocab) -> std::unique_ptr<Tokenizer> {
        std::vector<std::string> looked;
        for (const char* other : names) {
            const fs::path p = dir / other;
            looked.push_back(p.string());
            if (!is_file(p)) continue;
            return file_is_vocab ? load_vocab_and_merges(file.string(), p.string())
                                 : load_vocab_and_merges(p.string(), file.string());
        }
        throw Error(ErrorCode::TokenizerMissing,
                    file.string() + " needs its other half beside it; looked for " + join(looked),
                    looked);
    };
    for (const char* v : kVocabNames)
        if (name == v) return pair_with(kMergesNames, true);
    for (const char* m : kMergesNames)
        if (name == m) return pair_with(kVocabNames, false);
    if (file.extension() == ".tiktoken") return TiktokenTokenizer::load(file.string());
    if (file.extension() == ".json") return load_json_tokenizer(file.string());
    throw Error(ErrorCode::UnknownFormat,
                file.string() + ": not a tokenizer file AttnScope reads (tokenizer.json, "
                                "encoder.json + vocab.bpe, vocab.json + merges.txt, *.tiktoken)",
                {file.string()});
}

}  // namespace

std::unique_ptr<Tokenizer> load_tokenizer(const std::string& path) {
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!fs::exists(status))
        throw Error(ErrorCode::TokenizerMissing, path + ": no such file or folder", {path});
    if (!fs::is_directory(status)) return load_file(path);
    std::vector<std::string> looked;
    if (auto t = search_folder(path, looked)) return t;
    throw Error(ErrorCode::TokenizerMissing,
                "no tokenizer in '" + path + "'; looked for " + join(looked), looked);
}

std::unique_ptr<Tokenizer> find_tokenizer(const std::string& model_path, const Metadata& metadata,
                                          std::vector<std::string>* looked) {
    std::vector<std::string> mine;
    std::vector<std::string>& places = looked ? *looked : mine;
    // A static, not a temporary: GCC 12 at -O3 warns falsely (-Warray-bounds)
    // about a temporary string of a length it can fold.
    static const std::string metadata_place = std::string("model metadata '") + kMetaTokenizer + "'";
    places.push_back(metadata_place);
    if (auto t = tokenizer_from_metadata(metadata)) return t;

    std::error_code ec;
    // A GGUF file carries its own tokenizer (tokenizer.ggml.*).
    if (fs::is_regular_file(model_path, ec)) {
        const MappedFile file(model_path);
        if (looks_like_gguf(file.data(), file.size())) {
            places.push_back(model_path + " metadata 'tokenizer.ggml.*'");
            const GgufFile g = GgufFile::parse(file.data(), file.size(), model_path);
            if (auto t = gguf_tokenizer(g, model_path)) return t;
        }
    }
    fs::path dir = fs::is_directory(model_path, ec) ? fs::path(model_path)
                                                    : fs::path(model_path).parent_path();
    if (dir.empty()) dir = ".";
    return search_folder(dir, places);
}

}  // namespace attnscope
