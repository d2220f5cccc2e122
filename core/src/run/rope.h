#pragma once
// Rotary position embeddings as Hugging Face's modelling code applies them:
// rotate-half RoPE on the first `rotary_dims` of each head, with
//   inv_freq[i] = 1 / theta^(2i / rotary_dims), i < rotary_dims / 2,
// rescaled by rope_scaling (linear: / factor; llama3: by wavelength band), and
//   out[i]       = x[i] cos(p f_i) - x[i + d/2] sin(p f_i)
//   out[i + d/2] = x[i + d/2] cos(p f_i) + x[i] sin(p f_i)
// for position p. Each row depends only on its own position, so incremental
// runs and any thread count give the same bits.
#include <vector>

#include "attnscope/model/config.h"
#include "attnscope/common/tensor.h"

namespace attnscope::rope {

// (rotary_dims / 2) inverse frequencies for `config`.
std::vector<float> inverse_frequencies(const ModelConfig& config);

// Rotates x (N, heads * hs) in place; row r holds position first_position + r.
void apply(MapRM x, int heads, int hs, const std::vector<float>& inv_freq, int first_position, int threads);
// The backward of apply: each pair rotated back by the same angle (the
// rotation's transpose), in place.
void apply_inverse(MapRM x, int heads, int hs, const std::vector<float>& inv_freq, int first_position, int threads);

}  // namespace attnscope::rope
