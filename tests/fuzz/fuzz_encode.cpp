// libFuzzer target: encode arbitrary bytes with each kind of tokenizer (a
// character vocabulary, byte-level GPT-2 BPE, tiktoken ranks), and check
// what every tokenizer promises: the tokens' bytes are the input's bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "attnscope/error.h"
#include "attnscope/tokenizer.h"
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
        for (const auto& c : chars) enc += (id ? "," : "") + json_string(utf8(c[0])) + ":" + std::to_string(id++);
        for (const auto& [a, b] : merges) enc += "," + json_string(a + b) + ":" + std::to_string(id++);
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
            // Byte-level tokenizers give back exactly the input.
            if (tok->kind() != "char" && back != text) std::abort();
        } catch (const attnscope::Error&) {
            // Invalid UTF-8, or a character the vocabulary lacks: refused, fine.
        }
    }
    return 0;
}
