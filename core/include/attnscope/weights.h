#pragma once
// Model parameters in AttnScope's canonical layout. Linear weights keep
// PyTorch's (out_features, in_features) order, so y = x W^T + b.
#include <cstdint>
#include <vector>

#include "attnscope/config.h"
#include "attnscope/tensor.h"

namespace attnscope {

// Bias vectors are empty when the config says the model has none.
struct LayerWeights {
    VectorF ln1_w, ln1_b;   // (C) LayerNorm before attention
    MatrixRM wq, wk, wv;    // (C, C): rows [h*hs, (h+1)*hs) are head h's (hs, C) weight
    VectorF bq, bk, bv;     // (C), empty unless config.qkv_bias
    MatrixRM proj_w;        // (C, C) attention output projection
    VectorF proj_b;         // (C)
    VectorF ln2_w, ln2_b;   // (C) LayerNorm before the MLP
    MatrixRM fc_w;          // (4C, C) mlp.hidden
    VectorF fc_b;           // (4C)
    MatrixRM fc2_w;         // (C, 4C) mlp.proj
    VectorF fc2_b;          // (C)
};

struct Weights {
    ModelConfig config;
    MatrixRM tok_embed;     // (V, C)
    MatrixRM pos_embed;     // (context_length, C)
    std::vector<LayerWeights> layers;  // n_layer
    VectorF lnf_w, lnf_b;   // (C) final LayerNorm
    MatrixRM lm_head_w;     // (V, C); empty when tied to tok_embed
    VectorF lm_head_b;      // (V); empty unless config.lm_head_bias

    const MatrixRM& lm_head() const { return config.tied_lm_head ? tok_embed : lm_head_w; }
};

// A new model with PyTorch's default initialisation, deterministic in `seed`:
// Linear weight and bias ~ U(-1/sqrt(in), 1/sqrt(in)), Embedding ~ N(0, 1),
// LayerNorm weight 1 and bias 0.
Weights random_weights(const ModelConfig& config, uint64_t seed);

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
