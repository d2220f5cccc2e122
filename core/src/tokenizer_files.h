#pragma once
// Reading tokenizer files: size limits, JSON parsing with the file named in
// errors, and the GPT-2 BPE formats (encoder.json + vocab.bpe, vocab.json +
// merges.txt, tokenizer.json).
#include <memory>
#include <string>
#include <string_view>

#include "attnscope/json.h"
#include "attnscope/tokenizer.h"

namespace attnscope {

// The whole file. Throws Error(Io) when it cannot be read or is not a regular
// file, Error(TooLarge) past kMaxTokenizerFileBytes.
std::string read_tokenizer_file(const std::string& path);

// Parses JSON `text` read from `where` (a path, or "model metadata ..."). Throws
// Error(TooLarge) past kMaxTokenizerJsonValues, checked before anything is
// allocated, and Error(BadFormat) naming `where` for invalid JSON.
Json parse_tokenizer_json(std::string_view text, const std::string& where);

// GPT-2's files or Hugging Face's equivalents: a JSON vocabulary (token -> id)
// and a merges text file ("#version" line, then "left right" per line).
std::unique_ptr<Tokenizer> load_vocab_and_merges(const std::string& vocab_path,
                                                 const std::string& merges_path);

// A Hugging Face tokenizer.json already parsed; only byte-level BPE with
// GPT-2's pre-tokenization is accepted, anything else is Error(BadFormat).
std::unique_ptr<Tokenizer> load_hf_tokenizer_json(const std::string& path, const Json& root);

}  // namespace attnscope
