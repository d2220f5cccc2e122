#pragma once
// A Hugging Face config.json for any row of the architecture table: its
// model_type picks the row (architectures.h), the row gives the defaults, and
// the file's fields give sizes, epsilon, RoPE, grouped-query heads, window and
// tying. GPT-2 configs go to gpt2_config.h as before.
#include <string>
#include <string_view>

#include "attnscope/model/config.h"

namespace attnscope {

// The model_type of a config.json ("gpt2" when it has none, as GPT-2 folders
// saved by old transformers versions). Throws Error(BadFormat) naming `origin`
// for text that is not a JSON object or a model_type that is not a string.
std::string hf_model_type(std::string_view text, const std::string& origin);

// Any supported model_type (gpt2 included). Sets `tied` from
// tie_word_embeddings (or the row's default). Throws Error(BadFormat) naming
// `origin` for an unknown model_type (listing the supported ones), a missing or
// invalid field, or an option AttnScope does not compute (e.g. mlp_bias).
ModelConfig config_from_hf_json(std::string_view text, const std::string& origin, bool* tied);

}  // namespace attnscope
