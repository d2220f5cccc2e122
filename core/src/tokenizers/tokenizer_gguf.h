#pragma once
// The tokenizer stored in a GGUF file's metadata (tokenizer.ggml.model "gpt2"
// or "llama"): see tokenizer_gguf.cpp.
#include <memory>
#include <string>

#include "attnscope/formats/gguf.h"
#include "attnscope/tokenizers/tokenizer.h"

namespace attnscope {

// nullptr when the file has no tokenizer.ggml.model. Throws
// Error(BadTokenizer) naming `origin` and the problem.
std::unique_ptr<Tokenizer> gguf_tokenizer(const GgufFile& f, const std::string& origin);

}  // namespace attnscope
