#pragma once
// The architecture table: every model family AttnScope computes, described as
// data (which norm, which positions, which MLP, which biases). One Transformer
// runs all of them; a family is a row here, not a branch in the forward pass.
// Hugging Face folders name their row by config.json's "model_type".
#include <string>
#include <string_view>
#include <vector>

#include "attnscope/model/config.h"

namespace attnscope {

struct Architecture {
    const char* name;        // ModelConfig::arch; the model_type of HF folders
    const char* models;      // examples, for messages and the README
    bool hf_model_type;      // opened from a Hugging Face config.json with this model_type
    NormKind norm;
    PositionKind position;
    MlpKind mlp;
    Activation activation;   // the MLP's (gate) activation unless the config names another
    bool qkv_bias;           // q/k/v Linear biases
    bool bias;               // output projection, MLP and norm biases
    bool lm_head_bias;
    bool tied_lm_head;       // the default when the config does not say
    bool parallel_residual;  // the default when the config does not say
    bool qk_norm;
    // How its files name the tensors: "seed", "gpt2", "llama"
    // (model.layers.L.self_attn.q_proj, mlp.gate_proj, ...) or "gpt_neox"
    // (gpt_neox.layers.L.attention.query_key_value, ...).
    const char* tensor_names;
    // Gemma 2's parts (ModelConfig's fields of the same names); off for the others.
    bool scale_embeddings = false;
    float norm_offset = 0.0f;
    bool post_norms = false;
    int window_pattern = 0;
};

// Every row: seed, gpt2, nanogpt, llama, mistral, qwen2, qwen3, gpt_neox, phi3, gemma2
// (phi3 and gemma2 are opened from GGUF files only).
const std::vector<Architecture>& architectures();
// The row named `name`, or nullptr.
const Architecture* find_architecture(std::string_view name);
// The model_types a Hugging Face folder may have, comma-separated ("gpt2, llama, ...").
std::string supported_model_types();
// Sets every field the row describes (arch, norm, positions, MLP, activation,
// biases, tying, residual, qk-norm); sizes are left as they are.
void apply_architecture(ModelConfig& config, const Architecture& arch);

}  // namespace attnscope
