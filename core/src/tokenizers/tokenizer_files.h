#pragma once
// Reading tokenizer files: size limits, JSON parsing with the file named in
// errors, and the GPT-2 BPE formats (encoder.json + vocab.bpe, vocab.json +
// merges.txt, tokenizer.json).
#include <memory>
#include <string>
#include <string_view>

#include "attnscope/formats/json.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "tokenizers/tokenizer_gpt2.h"

namespace attnscope {

// The whole file. Throws Error(Io) when it cannot be read or is not a regular
// file, Error(TooLarge) past kMaxTokenizerFileBytes.
std::string read_tokenizer_file(const std::string& path);

// Parses JSON `text` read from `where` (a path, or "model metadata ..."). Throws
// Error(TooLarge) past kMaxTokenizerJsonValues, checked before anything is
// allocated, and Error(BadFormat) naming `where` for invalid JSON.
Json parse_tokenizer_json(std::string_view text, const std::string& where);

// Calls f(line, row) for every non-empty line of `text`: `line` counts from 1
// over all lines, `row` has its "\n" or "\r\n" removed.
template <class F>
void for_each_line(std::string_view text, F&& f) {
    size_t line = 0;
    for (size_t pos = 0; pos < text.size();) {
        ++line;
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view row = text.substr(pos, end - pos);
        pos = end + 1;
        if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
        if (!row.empty()) f(line, row);
    }
}

// GPT-2's files or Hugging Face's equivalents: a JSON vocabulary (token -> id)
// and a merges text file ("#version" line, then "left right" per line).
std::unique_ptr<Tokenizer> load_vocab_and_merges(const std::string& vocab_path,
                                                 const std::string& merges_path);

// A Hugging Face tokenizer.json already parsed: a BPE model, byte-level or
// SentencePiece-style, with the normalizers, pre-tokenizers and
// post-processors tokenizer_hf_load.cpp reads; anything else is
// Error(BadFormat) naming the file and the unsupported part.
std::unique_ptr<Tokenizer> load_hf_tokenizer_json(const std::string& path, const Json& root);

// The tokenizer.json pipeline (tokenizer_hf.h) for the model read into `spec`
// (vocabulary, merges, added tokens); `root` has an object "model".
std::unique_ptr<Tokenizer> make_hf_tokenizer(const std::string& path, const Json& root, Gpt2BpeSpec spec);

}  // namespace attnscope
