// libFuzzer target: encode arbitrary bytes with each kind of tokenizer (a
// character vocabulary, byte-level GPT-2 BPE, tiktoken ranks, tokenizer.json
// pipelines), and check what every tokenizer promises: the tokens' bytes are
// the input's bytes, or for pipelines, spans in order inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "attnscope/common/error.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "fuzz_util.h"

namespace {

// GPT-2's byte -> printable character table (OpenAI's bytes_to_unicode).
std::vector<std::u32string> byte_chars() {
    std::vector<std::u32string> out(256);
    int n = 0;
    for (int b = 0; b < 256; ++b) {
        const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        out[size_t(b)] = std::u32string(1, char32_t(printable ? b : 256 + n++));
    }
    return out;
}

std::string utf8(char32_t c) {
    std::string s;
    if (c < 0x80) s += char(c);
    else if (c < 0x800) { s += char(0xC0 | (c >> 6)); s += char(0x80 | (c & 0x3F)); }
    else { s += char(0xE0 | (c >> 12)); s += char(0x80 | ((c >> 6) & 0x3F)); s += char(0x80 | (c & 0x3F)); }
    return s;
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string base64(const std::string& in) {
    static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const uint32_t v = uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8 | uint8_t(in[i + 2]);
        out += t[v >> 18]; out += t[(v >> 12) & 63]; out += t[(v >> 6) & 63]; out += t[v & 63];
    }
    if (i + 1 == in.size()) {
        const uint32_t v = uint32_t(uint8_t(in[i])) << 16;
        out += t[v >> 18]; out += t[(v >> 12) & 63]; out += "==";
    } else if (i + 2 == in.size()) {
        const uint32_t v = uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8;
        out += t[v >> 18]; out += t[(v >> 12) & 63]; out += t[(v >> 6) & 63]; out += '=';
    }
    return out;
}

struct Tokenizers {
    std::vector<std::unique_ptr<attnscope::Tokenizer>> all;
};

// Small tokenizers of each kind, written once into the scratch folder: the
// 256 byte tokens plus a few merges.
const Tokenizers& tokenizers() {
    static const Tokenizers t = [] {
        namespace fs = std::filesystem;
        Tokenizers r;
        const auto chars = byte_chars();
        const std::vector<std::pair<std::string, std::string>> merges = {
            {"Ġ", "t"}, {"h", "e"}, {"Ġt", "he"}, {"Ġ", "a"}, {"i", "n"}, {"o", "u"}};
        const fs::path gpt2 = fs::path(fuzzutil::scratch_dir()) / "gpt2";
        fs::create_directories(gpt2);
        std::string enc = "{";
        int id = 0;
        for (const auto& c : chars) {  // the comma decided before id moves on (operands of + are unsequenced)
            if (id > 0) enc += ',';
            enc += json_string(utf8(c[0])) + ":" + std::to_string(id);
            ++id;
        }
        for (const auto& [a, b] : merges) {
            enc += "," + json_string(a + b) + ":" + std::to_string(id);
            ++id;
        }
        enc += "}";
        std::string bpe = "#version: 0.2\n";
        for (const auto& [a, b] : merges) bpe += a + " " + b + "\n";
        fuzzutil::write_file((gpt2 / "encoder.json").string(), enc);
        fuzzutil::write_file((gpt2 / "vocab.bpe").string(), bpe);
        r.all.push_back(attnscope::load_tokenizer(gpt2.string()));

        std::string ranks;
        for (int b = 0; b < 256; ++b) ranks += base64(std::string(1, char(b))) + " " + std::to_string(b) + "\n";
        const char* extra[] = {" t", "he", " the", " a", "in", "ou"};
        for (int i = 0; i < 6; ++i) ranks += base64(extra[i]) + " " + std::to_string(256 + i) + "\n";
        const fs::path tik = fs::path(fuzzutil::scratch_dir()) / "small.tiktoken";
        fuzzutil::write_file(tik.string(), ranks);
        r.all.push_back(attnscope::load_tokenizer(tik.string()));

        std::vector<std::string> vocab;
        for (const char* c : {"\n", " ", "!", "a", "b", "e", "h", "t", "é", "R", "O", "M", ":"}) vocab.push_back(c);
        r.all.push_back(attnscope::make_char_tokenizer(vocab));

        // tokenizer.json pipelines: Llama 3 style (NFC, its Split regex, an
        // added token) and Llama 2 style (Prepend + Replace, byte fallback, BOS).
        const std::string regex =
            R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+)";
        std::string bl = "{";
        for (int b = 0; b < 256; ++b) bl += json_string(utf8(chars[size_t(b)][0])) + ":" + std::to_string(b) + ",";
        bl += R"("ab":256})";
        const fs::path llama3 = fs::path(fuzzutil::scratch_dir()) / "llama3";
        fs::create_directories(llama3);
        fuzzutil::write_file((llama3 / "tokenizer.json").string(),
                             R"({"added_tokens":[{"id":257,"content":"<|x|>"}],"normalizer":{"type":"NFC"},)"
                             R"("pre_tokenizer":{"type":"Sequence","pretokenizers":[{"type":"Split","pattern":{"Regex":")" +
                                 regex + R"("},"behavior":"Isolated"},{"type":"ByteLevel","use_regex":false}]},)"
                                         R"("model":{"type":"BPE","ignore_merges":true,"merges":[["a","b"]],"vocab":)" +
                                 bl + "}}");
        r.all.push_back(attnscope::load_tokenizer(llama3.string()));

        std::string sp = R"({"<unk>":0,"<s>":1,"</s>":2,"\u2581":259,"a":260,"b":261,"\u2581a":262)";
        static const char* hex = "0123456789ABCDEF";
        for (int b = 0; b < 256; ++b)
            sp += std::string(",\"<0x") + hex[b >> 4] + hex[b & 15] + ">\":" + std::to_string(3 + b);
        sp += "}";
        const fs::path llama2 = fs::path(fuzzutil::scratch_dir()) / "llama2";
        fs::create_directories(llama2);
        fuzzutil::write_file(
            (llama2 / "tokenizer.json").string(),
            R"({"added_tokens":[{"id":0,"content":"<unk>"},{"id":1,"content":"<s>","lstrip":true},{"id":2,"content":"</s>","rstrip":true}],)"
            R"("normalizer":{"type":"Sequence","normalizers":[{"type":"Prepend","prepend":"\u2581"},)"
            R"({"type":"Replace","pattern":{"String":" "},"content":"\u2581"}]},"pre_tokenizer":null,)"
            R"("post_processor":{"type":"TemplateProcessing","single":[{"SpecialToken":{"id":"<s>"}},{"Sequence":{"id":"A"}}]},)"
            R"("model":{"type":"BPE","unk_token":"<unk>","byte_fallback":true,"merges":["\u2581 a"],"vocab":)" + sp + "}}");
        r.all.push_back(attnscope::load_tokenizer(llama2.string()));
        return r;
    }();
    return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const auto& tok : tokenizers().all) {
        try {
            const attnscope::Encoding e = tok->encode(text);
            if (e.ids.size() != e.spans.size()) std::abort();
            std::string back;
            for (const int i : e.ids) back += tok->token_bytes(i);
            // Byte-level tokenizers give back exactly the input; tokenizer.json
            // pipelines normalize it, but their spans stay in order inside it.
            const bool pipeline = tok->kind() == "byte-level-bpe" || tok->kind() == "sentencepiece-bpe";
            if (tok->kind() != "char" && !pipeline && back != text) std::abort();
            if (pipeline) {
                std::vector<attnscope::Skipped> skipped;
                const attnscope::Encoding lenient = tok->encode_lenient(text, skipped);
                if (lenient.ids.size() != lenient.spans.size() || !skipped.empty()) std::abort();
                size_t last = 0;
                for (const auto& [b, end] : lenient.spans) {
                    if (b > end || end > text.size() || b < last) std::abort();
                    last = b;
                }
            }
        } catch (const attnscope::Error&) {
            // Invalid UTF-8, or a character the vocabulary lacks: refused, fine.
        }
    }
    return 0;
}
