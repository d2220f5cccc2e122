#pragma once
// Rotary position embeddings as Hugging Face's modelling code applies them:
// rotate-half RoPE on the first `rotary_dims` of each head, with
//   inv_freq[i] = 1 / theta^(2i / rotary_dims), i < rotary_dims / 2,
// rescaled by rope_scaling (linear: / factor; llama3: by wavelength band), and
//   out[i]       = x[i] cos(p f_i) - x[i + d/2] sin(p f_i)
//   out[i + d/2] = x[i + d/2] cos(p f_i) + x[i] sin(p f_i)
// for position p. Each row depends only on its own position, so incremental
// runs and any thread count give the same bits.
//
// llama.cpp (ggml's rope cache) reaches the same angles another way, in
// float32: θ_0 = p, θ_{i+1} = θ_i · base^(-2/d), angle_i = scale · θ_i / factor_i,
// and its rotation fuses the first product of each sum, out[i] =
// fma(x[i], cos, -(x[i + d/2] sin)) and out[i + d/2] = fma(x[i], sin,
// x[i + d/2] cos). The two ways differ in the last bits, which is all it
// takes to move a bfloat16 rounding of the next product by a whole step;
// Angles computes either, and apply follows the one its angles come from.
#include <vector>

#include "attnscope/model/config.h"
#include "attnscope/common/tensor.h"

namespace attnscope::rope {

// (rotary_dims / 2) inverse frequencies for `config`.
std::vector<float> inverse_frequencies(const ModelConfig& config);

// The angle of each of the rotary_dims / 2 pairs at a position.
struct Angles {
    std::vector<float> inv_freq;  // Hugging Face: angle_i = p · inv_freq[i]
    // llama.cpp: the stepwise product above, with step = base^(-2/d) and
    // scale 1 / factor (linear scaling) or 1; factors: Llama 3.1's, or empty.
    bool stepwise = false;
    float step = 1.0f, scale = 1.0f;
    std::vector<float> factors;

    int pairs() const { return int(inv_freq.size()); }
    void at(float position, float* angles) const;  // pairs() angles
};

// as_llama_cpp: the angles llama.cpp computes (AttentionWeights::llama_cpp_rope).
Angles angles(const ModelConfig& config, bool as_llama_cpp);

// Llama 3.1's rope scaling as one factor per rotated pair dividing its
// frequency, worked out in double as the GGUF converters do before storing
// rope_freqs.weight: the long wavelengths slowed by rope_factor, the short
// ones kept, the band between blended.
std::vector<double> llama3_factors(const ModelConfig& config);

// Rotates x (N, heads * hs) in place; row r holds position first_position + r.
void apply(MapRM x, int heads, int hs, const Angles& angles, int first_position, int threads);
// The backward of apply: each pair rotated back by the same angle (the
// rotation's transpose), in place.
void apply_inverse(MapRM x, int heads, int hs, const Angles& angles, int first_position, int threads);

}  // namespace attnscope::rope
