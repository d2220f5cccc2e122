#pragma once
// Model parameters in AttnScope's canonical layout. Linear weights keep
// PyTorch's (out_features, in_features) order, so y = x W^T + b.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "attnscope/formats/gguf.h"
#include "attnscope/model/config.h"
#include "attnscope/common/tensor.h"

namespace attnscope {

// Fields are named after the modules they belong to, as nanoGPT names them
// (ln1, attn.q, mlp.hidden, …), and match the trace's tensor names
// (blk.l.attn.q is what attn.q computes). How files name them (c_attn, c_fc,
// mlp.0, …) is the loaders' business: name_mapping.cpp and model_file.cpp.
// Bias vectors are empty when the config says the model has none.
struct LayerNormWeights {
    VectorF weight, bias;   // (C)
};

// A (rows, cols) weight matrix kept as a GGUF file stores it: rows of
// quantized blocks (or float16, bfloat16 values) in the mapped file, never
// copied. The GEMM dequantizes it a panel at a time (gemm.h); a row can be
// dequantized on its own (an embedding look-up, one logit's unembedding row).
struct QuantizedMatrix {
    GgmlType type = GgmlType::F32;
    int64_t rows = 0, cols = 0;      // (out, in): each row holds `cols` values, whole blocks
    const std::byte* data = nullptr; // the first stored row
    size_t row_bytes = 0;
    // Row r is stored row order[first + r] (llama's q and k rows, permuted by
    // the conversion to GGUF), or row first + r when there is no order.
    std::shared_ptr<const std::vector<int32_t>> order;
    int64_t first = 0;
    std::shared_ptr<const void> keep;  // keeps the mapping alive
    // Products with this weight first round their activations as llama.cpp's
    // CPU backend does (round_like_llama_cpp, gguf.h); off: exact float32.
    bool llama_cpp_rounding = false;

    bool empty() const { return data == nullptr; }
    const std::byte* row_data(int64_t r) const {
        const int64_t s = order ? int64_t((*order)[size_t(first + r)]) : first + r;
        return data + size_t(s) * row_bytes;
    }
    // Row r dequantized into out (cols floats).
    void row(int64_t r, float* out) const;
    // Rows [r0, r0 + n), the same blocks.
    QuantizedMatrix middle_rows(int64_t r0, int64_t n) const;
    // Every value as float32: for readers that need a whole dense matrix (one
    // layer's at a time), never for the model's own copy.
    MatrixRM dense() const;
};

struct LinearWeights {
    MatrixRM weight;        // (out, in) float32; empty when `stored` holds the weight
    VectorF bias;           // (out), or empty
    QuantizedMatrix stored; // (out, in) as a GGUF file stores it, or empty

    bool quantized() const { return !stored.empty(); }
    Eigen::Index out_features() const { return quantized() ? Eigen::Index(stored.rows) : weight.rows(); }
    Eigen::Index in_features() const { return quantized() ? Eigen::Index(stored.cols) : weight.cols(); }
    // Row r of the weight (cols floats), dequantized when stored.
    void row(Eigen::Index r, float* out) const;
    // The whole weight as float32: `weight` itself, or a dequantized copy in `scratch`.
    const MatrixRM& dense(MatrixRM& scratch) const;
};

struct AttentionWeights {
    // q (H*hs, C), k and v (Hkv*hs, C): rows [h*hs, (h+1)*hs) are head h's
    // (hs, C) weight (Hkv = H and H*hs = C but for grouped-query attention and
    // an explicit head_dim); biases empty unless config.qkv_bias.
    LinearWeights q, k, v;
    LinearWeights proj;     // (C, H*hs) output projection
    VectorF q_norm, k_norm; // (hs) per-head RMSNorm weights (config.qk_norm), else empty
    // RoPE's angles as llama.cpp computes them (rope.h), with_llama_cpp_rounding.
    bool llama_cpp_rope = false;
};

struct MlpWeights {
    LinearWeights hidden;   // (F, C); a gated MLP's gate
    LinearWeights up;       // (F, C) a gated MLP's up projection, else empty
    LinearWeights proj;     // (C, F); a gated MLP's down
};

struct LayerWeights {
    LayerNormWeights ln1;   // before attention
    AttentionWeights attn;
    LayerNormWeights ln2;   // before the MLP
    MlpWeights mlp;
    // config.post_norms (Gemma 2): after the attention and after the MLP,
    // before each residual add; else empty.
    LayerNormWeights post_attn, post_mlp;
};

struct Weights {
    ModelConfig config;
    MatrixRM tok_embed;     // (V, C) token embedding; empty when tok_embed_stored holds it
    QuantizedMatrix tok_embed_stored;  // (V, C) as a GGUF file stores it, or empty
    MatrixRM pos_embed;     // (context_length, C) position embedding; empty with rotary positions
    std::vector<LayerWeights> layers;  // n_layer
    LayerNormWeights ln_f;  // final LayerNorm
    LinearWeights lm_head;  // (V, C); weight empty when tied to tok_embed, bias unless config.lm_head_bias

    // The matrix that maps the last hidden state to logits, dense (empty when
    // stored quantized: see unembedding_stored) ...
    const MatrixRM& unembedding() const { return config.tied_lm_head ? tok_embed : lm_head.weight; }
    // ... or as stored, empty when dense.
    const QuantizedMatrix& unembedding_stored() const {
        return config.tied_lm_head ? tok_embed_stored : lm_head.stored;
    }
    Eigen::Index unembedding_rows() const {
        const QuantizedMatrix& q = unembedding_stored();
        return q.empty() ? unembedding().rows() : Eigen::Index(q.rows);
    }
    // Row r of the unembedding (C floats), dequantized when stored.
    void unembedding_row(Eigen::Index r, float* out) const;
    // Token `id`'s embedding row (C floats), dequantized when stored.
    void token_row(int id, float* out) const;
    // What enters the first block for token `id` before positions: its
    // embedding row, × sqrt(C) with config.scale_embeddings (Gemma 2).
    void input_row(int id, float* out) const;
    // Whether any weight matrix is kept as stored (a GGUF file's quantized,
    // float16 or bfloat16 blocks) rather than as float32.
    bool has_stored() const;
};

// The same weights with every stored (GGUF) matrix dequantized to float32:
// what the plain-loop reference and tests compare the stored run against.
Weights dequantized_copy(const Weights& w);

// The same weights whose stored (GGUF) matrices round the activations of
// their products as llama.cpp's CPU backend does (QuantizedMatrix::
// llama_cpp_rounding): to see the numbers llama.cpp, Ollama or LM Studio
// compute from the file rather than the exact float32 model. RoPE's angles
// (AttentionWeights::llama_cpp_rope) and the order in which bfloat16 products
// add up follow llama.cpp too. The blocks stay shared; float32 matrices are
// unaffected. Gradients pass through the rounding unchanged (its backward is
// taken as the identity).
// with_llama_cpp_rounding(w, false): the exact float32 products again.
Weights with_llama_cpp_rounding(const Weights& w, bool on = true);

// A new model with PyTorch's default initialisation, deterministic in `random_seed`:
// Linear weight and bias ~ U(-1/sqrt(in), 1/sqrt(in)), Embedding ~ N(0, 1),
// LayerNorm weight 1 and bias 0.
Weights random_weights(const ModelConfig& config, uint64_t random_seed);

// The weights under the seed's state-dict names (SEED.md), as stored on disk.
// Buffers (tril, pos_idxs) are not included; a tied lm_head is stored once.
TensorMap to_seed_state_dict(const Weights& w);

// Builds weights from tensors under the seed's names. Every tensor the config
// needs must be present with its exact shape, and every tensor present must be
// used (buffers excepted); otherwise Error names the tensor and both shapes.
Weights from_seed_state_dict(const TensorMap& tensors, const ModelConfig& config);

// Reads vocab, C, context, H and L from seed state-dict names and shapes.
ModelConfig infer_seed_config(const TensorMap& tensors);

}  // namespace attnscope
