#include "attnscope/model/architectures.h"

namespace attnscope {

namespace {

using N = NormKind;
using P = PositionKind;
using M = MlpKind;
using A = Activation;

// name, models, hf, norm, positions, mlp, activation,
// qkv_bias, bias, lm_head_bias, tied, parallel_residual, qk_norm, tensor names
const std::vector<Architecture> kTable = {
    {"seed", "the seed tutorial's model, the demo", false, N::LayerNorm, P::Learned, M::Plain, A::ReLU,
     false, true, true, false, false, false, "seed"},
    {"gpt2", "GPT-2, DistilGPT-2", true, N::LayerNorm, P::Learned, M::Plain, A::GeluTanh,
     true, true, false, true, false, false, "gpt2"},
    {"nanogpt", "nanoGPT ckpt.pt (saved as arch gpt2)", false, N::LayerNorm, P::Learned, M::Plain, A::GeluErf,
     true, true, false, true, false, false, "gpt2"},
    {"llama", "Llama 2/3, TinyLlama, SmolLM", true, N::RMSNorm, P::Rotary, M::Gated, A::SiLU,
     false, false, false, false, false, false, "llama"},
    {"mistral", "Mistral 7B", true, N::RMSNorm, P::Rotary, M::Gated, A::SiLU,
     false, false, false, false, false, false, "llama"},
    {"qwen2", "Qwen2, Qwen2.5", true, N::RMSNorm, P::Rotary, M::Gated, A::SiLU,
     true, false, false, false, false, false, "llama"},
    {"qwen3", "Qwen3", true, N::RMSNorm, P::Rotary, M::Gated, A::SiLU,
     false, false, false, false, false, true, "llama"},
    {"gpt_neox", "Pythia, GPT-NeoX", true, N::LayerNorm, P::Rotary, M::Plain, A::GeluErf,
     true, true, false, false, true, false, "gpt_neox"},
    // From GGUF files: fused qkv and gate_up are split when the file is read.
    {"phi3", "Phi-3, Phi-3.5 mini (GGUF)", false, N::RMSNorm, P::Rotary, M::Gated, A::SiLU,
     false, false, false, false, false, false, "llama"},
    // Embeddings × √C, RMSNorm with (1 + γ) (a GGUF file stores 1 + γ: its
    // offset is 0), norms after attention and MLP too, GeGLU, soft-capped
    // attention scores and logits, sliding windows on the even layers.
    {"gemma2", "Gemma 2 (GGUF)", false, N::RMSNorm, P::Rotary, M::Gated, A::GeluTanh,
     false, false, false, true, false, false, "llama", true, 1.0f, true, 2},
};

}  // namespace

const std::vector<Architecture>& architectures() { return kTable; }

const Architecture* find_architecture(std::string_view name) {
    for (const Architecture& a : kTable)
        if (name == a.name) return &a;
    return nullptr;
}

std::string supported_model_types() {
    std::string out;
    for (const Architecture& a : kTable)
        if (a.hf_model_type) out += (out.empty() ? "" : ", ") + std::string(a.name);
    return out;
}

void apply_architecture(ModelConfig& c, const Architecture& a) {
    // nanoGPT is GPT-2's classes with exact GELU: files and traces call it gpt2.
    c.arch = std::string_view(a.name) == "nanogpt" ? "gpt2" : a.name;
    c.norm = a.norm;
    c.position = a.position;
    c.mlp = a.mlp;
    c.activation = a.activation;
    c.qkv_bias = a.qkv_bias;
    c.bias = a.bias;
    c.lm_head_bias = a.lm_head_bias;
    c.tied_lm_head = a.tied_lm_head;
    c.parallel_residual = a.parallel_residual;
    c.qk_norm = a.qk_norm;
    c.scale_embeddings = a.scale_embeddings;
    c.norm_offset = a.norm_offset;
    c.post_norms = a.post_norms;
    c.window_pattern = a.window_pattern;
}

}  // namespace attnscope
