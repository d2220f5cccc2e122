#pragma once
// Model parameters in AttnScope's canonical layout. Linear weights keep
// PyTorch's (out_features, in_features) order, so y = x W^T + b.
#include <cstdint>
#include <vector>

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

struct LinearWeights {
    MatrixRM weight;        // (out, in)
    VectorF bias;           // (out), or empty
};

struct AttentionWeights {
    // q (H*hs, C), k and v (Hkv*hs, C): rows [h*hs, (h+1)*hs) are head h's
    // (hs, C) weight (Hkv = H and H*hs = C but for grouped-query attention and
    // an explicit head_dim); biases empty unless config.qkv_bias.
    LinearWeights q, k, v;
    LinearWeights proj;     // (C, H*hs) output projection
    VectorF q_norm, k_norm; // (hs) per-head RMSNorm weights (config.qk_norm), else empty
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
};

struct Weights {
    ModelConfig config;
    MatrixRM tok_embed;     // (V, C) token embedding
    MatrixRM pos_embed;     // (context_length, C) position embedding; empty with rotary positions
    std::vector<LayerWeights> layers;  // n_layer
    LayerNormWeights ln_f;  // final LayerNorm
    LinearWeights lm_head;  // (V, C); weight empty when tied to tok_embed, bias unless config.lm_head_bias

    // The matrix that maps the last hidden state to logits.
    const MatrixRM& unembedding() const { return config.tied_lm_head ? tok_embed : lm_head.weight; }
};

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
