#pragma once
// The configs of the two GPT-2 sources: a Hugging Face config.json and a
// nanoGPT checkpoint's model_args. Both become a ModelConfig of arch "gpt2"
// (tied lm_head without bias, biases as the source says).
#include <string>
#include <string_view>

#include "attnscope/model/config.h"
#include "attnscope/formats/json.h"
#include "attnscope/formats/safetensors.h"

namespace attnscope {

// A config.json's text as a JSON object. Throws Error(BadFormat) naming
// `origin` for text that is not JSON or not an object.
Json config_json_object(std::string_view text, const std::string& origin);

// Hugging Face GPT-2 config.json: n_layer, n_head, n_embd, n_positions (or
// n_ctx), vocab_size, n_inner, layer_norm_epsilon, activation_function
// (gelu_new -> GeluTanh, gelu -> GeluErf, relu). Also reports, in `tied`,
// whether tie_word_embeddings allows a missing lm_head. Throws
// Error(BadFormat) naming `origin` (the config.json path) for text that is not
// JSON, a missing or invalid field, or an option AttnScope does not compute.
ModelConfig gpt2_config_from_hf_json(std::string_view text, const std::string& origin,
                                     bool* tied = nullptr);

// nanoGPT model_args (n_layer, n_head, n_embd, block_size, bias, vocab_size) as
// text values: exact GELU, config.bias and qkv_bias from `bias`. Throws
// Error(BadFormat) for a missing or invalid entry.
ModelConfig gpt2_config_from_model_args(const Metadata& args, const std::string& origin);

// A positive integer entry of `values` (model_args or a training config), or 0.
int int_entry(const Metadata& values, const std::string& key);

}  // namespace attnscope
