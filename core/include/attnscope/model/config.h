#pragma once
// The shape and flavour of a transformer. The seed model, GPT-2 and the
// Llama family are configurations of the same Transformer (see
// ../shared/docs/SEED.md); architectures.h sets the fields per family.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace attnscope {

enum class Activation { ReLU, GeluTanh, GeluErf, SiLU };  // GeluErf: exact GELU (nanoGPT)

// The parts in which the architectures differ, as data (see architectures.h for
// the table that sets them per model family).
enum class NormKind { LayerNorm, RMSNorm };        // RMSNorm: x * rsqrt(mean(x^2) + eps) * w
enum class PositionKind { Learned, Rotary };       // Rotary: RoPE on q and k, no position table
enum class MlpKind { Plain, Gated };               // Gated: down(act(gate(x)) * up(x)), SwiGLU with SiLU
enum class RopeScaling { None, Linear, Llama3 };   // rope_scaling "type"/"rope_type"

struct ModelConfig {
    std::string arch = "seed";   // an architectures() name: "seed", "gpt2", "llama", "qwen3", ...
    int vocab_size = 0;          // V
    int context_length = 0;      // longest input, T <= context_length
    int n_embed = 0;             // C
    int n_head = 0;              // H, head_size = C / H
    int n_layer = 0;             // L, number of blocks
    int mlp_hidden = 0;          // 0 means 4 * C
    Activation activation = Activation::ReLU;
    bool qkv_bias = false;       // q/k/v Linear layers carry biases (GPT-2)
    bool bias = true;            // proj, MLP and LayerNorm biases (nanoGPT's bias=False drops them)
    bool lm_head_bias = true;    // lm_head carries a bias (seed)
    bool tied_lm_head = false;   // lm_head.weight is token_embed.weight (GPT-2)
    float ln_eps = 1e-5f;        // LayerNorm or RMSNorm epsilon

    // Llama-family fields; their defaults are the seed's behaviour.
    NormKind norm = NormKind::LayerNorm;
    PositionKind position = PositionKind::Learned;
    MlpKind mlp = MlpKind::Plain;
    int n_kv_head = 0;           // key/value heads (grouped-query attention); 0 means n_head
    int head_dim = 0;            // hs when the config gives it (Qwen3); 0 means C / H
    float rope_theta = 10000.0f; // RoPE base
    int rope_dims = 0;           // rotated dims of each head (GPT-NeoX rotary_pct); 0 means hs
    RopeScaling rope_scaling = RopeScaling::None;
    float rope_factor = 1.0f;    // linear and llama3: positions (frequencies) divided by it
    float rope_low_freq = 1.0f, rope_high_freq = 4.0f;  // llama3 low_freq_factor, high_freq_factor
    int rope_original_context = 0;                      // llama3 original_max_position_embeddings
    int sliding_window = 0;      // > 0: a query sees only its last `sliding_window` keys (Mistral)
    bool parallel_residual = false;  // x + attn(ln1(x)) + mlp(ln2(x)) (GPT-NeoX)
    bool qk_norm = false;        // RMSNorm over each head's q and k before RoPE (Qwen3)

    // Gemma 2 fields; their defaults are every other row's behaviour.
    bool scale_embeddings = false;  // token embeddings × sqrt(C), in float32, on the way in
    float norm_offset = 0.0f;       // RMSNorm weights used as (norm_offset + w): Gemma's (1 + γ)
    bool post_norms = false;        // RMSNorm of the attention's and the MLP's outputs before each residual add
    float attn_softcap = 0.0f;      // > 0: scores = cap · tanh(scores / cap) before the softmax
    float final_softcap = 0.0f;     // > 0: logits = cap · tanh(logits / cap)
    // > 0: only layers l with l % window_pattern < window_pattern - 1 use
    // sliding_window (Gemma 2: 2, its even layers); 0: every layer does.
    int window_pattern = 0;

    int head_size() const {
        if (head_dim > 0) return head_dim;
        return n_head > 0 ? n_embed / n_head : 0;
    }
    int kv_heads() const { return n_kv_head > 0 ? n_kv_head : n_head; }
    // The sliding window of block `layer` (0: none).
    int sliding_window_of(int layer) const {
        if (window_pattern <= 0) return sliding_window;
        return layer % window_pattern < window_pattern - 1 ? sliding_window : 0;
    }
    // Whether the config needs the Gemma 2 parts of the forward pass.
    bool gemma_parts() const {
        return scale_embeddings || norm_offset != 0.0f || post_norms || attn_softcap > 0 || final_softcap > 0;
    }
    // Grouped-query attention: query heads share KV heads in consecutive runs of
    // kv_group() (repeat_kv), so query head h reads KV head h / kv_group().
    // 1 and h for multi-head attention.
    int kv_group() const { return kv_heads() > 0 && n_head >= kv_heads() ? n_head / kv_heads() : 1; }
    int kv_head_of(int head) const { return head / kv_group(); }
    bool grouped_query() const { return kv_heads() > 0 && kv_heads() < n_head; }
    int q_width() const { return n_head * head_size(); }    // H * hs: the heads side by side
    int kv_width() const { return kv_heads() * head_size(); }
    int rotary_dims() const { return rope_dims > 0 ? rope_dims : head_size(); }
    // Saturates instead of overflowing for a width no check has refused yet.
    int hidden() const {
        if (mlp_hidden > 0) return mlp_hidden;
        return n_embed > std::numeric_limits<int>::max() / 4 ? std::numeric_limits<int>::max() : 4 * n_embed;
    }

    // Throws Error(InvalidArgument) naming the first bad field. Limits keep a
    // hostile file from asking for absurd allocations.
    void validate() const;
    int64_t parameter_count() const;

    // The seed tutorial's model and the GPT-2 flavour of the same classes.
    static ModelConfig seed(int vocab, int context, int n_embed, int n_head, int n_layer);
    static ModelConfig gpt2(int vocab, int context, int n_embed, int n_head, int n_layer);

    // "n_layer=2,n_head=4,n_embed=32,context=64,vocab=65[,arch=gpt2][,seed=1]".
    // Returns the config; `random_seed` receives the seed= value (default 0),
    // the random-number seed for random_weights, if given.
    static ModelConfig parse_spec(std::string_view spec, uint64_t* random_seed = nullptr);

    std::string to_json() const;
    static ModelConfig from_json(std::string_view json);  // throws Error(BadFormat)

    bool operator==(const ModelConfig&) const = default;
};

const char* activation_name(Activation a);
const char* norm_name(NormKind n);          // "layernorm", "rmsnorm"
const char* rope_scaling_name(RopeScaling s);  // "none", "linear", "llama3"

// The largest random model AttnScope creates (File > New random model and
// `attnscope-cli dump --random`): the dialog's ranges, and at most 2e9
// parameters in the blocks (8 GB of float32 weights).
struct RandomModelLimits {
    static constexpr int max_layers = 48, max_heads = 64, max_embed = 4096, max_context = 8192,
                         max_vocab = 100000;
    static constexpr double max_block_parameters = 2e9;
};
// Empty when a random model of `config` is within RandomModelLimits, otherwise
// what is over (in English, naming the field).
std::string random_model_problem(const ModelConfig& config);

}  // namespace attnscope
