#pragma once
// Plain-loop reference implementations, kept to test the optimised kernels
// against and to time them in the benchmark. Slow on purpose: no Eigen
// products, no threads, double accumulators.
#include <functional>
#include <span>
#include <vector>

#include "attnscope/run/trace.h"
#include "attnscope/model/weights.h"

namespace attnscope::reference {

// One head: q, k, v are (T, hs) row-major. Writes weights (T, T) and out (T, hs).
// `blocked(i, j)`, when given, hides key j from query i as the causal mask does
// (attention knockout); a query that sees no key gets zero weights and output.
void attention_head(const float* q, const float* k, const float* v, int T, int hs, bool causal,
                    float* weights, float* out, const std::function<bool(int, int)>& blocked = {});

// One MultiHeadAttention module: x (T, C) -> proj(concat(heads)) (T, C).
// `weights` receives each head's (T, T) attention when not null. `knockout`
// (trace.h) is the run's list; those of `layer` apply.
MatrixRM multi_head_attention(const LayerWeights& w, const ModelConfig& c, const MatrixRM& x,
                              bool causal, const std::vector<int>& ablated_heads = {},
                              std::vector<MatrixRM>* weights = nullptr,
                              const std::vector<Knockout>& knockout = {}, int layer = 0);

// The Llama-family kernels, written from their formulas in double precision,
// to test the forward pass's RMSNorm and RoPE against.
// RMSNorm of each row: x * rsqrt(mean(x^2) + eps) * w.
MatrixRM rms_norm(const MatrixRM& x, const VectorF& w, float eps);
// Rotate-half RoPE on the first c.rotary_dims() dims of each of `heads` heads
// of x (N, heads * c.head_size()); row r is at position first + r. Inverse
// frequencies theta^(-2i/d), with c's linear or llama3 scaling.
MatrixRM rope(const MatrixRM& x, int heads, const ModelConfig& c, int first = 0);

struct Result {
    std::vector<MatrixRM> weights;  // [layer * n_head + head] (T, T)
    std::vector<MatrixRM> block_out;  // [layer] (T, C)
    MatrixRM logits;                  // (T, V)
};

// The whole forward pass, written as directly as SEED.md states it.
Result forward(const Weights& w, std::span<const int> tokens, bool causal,
               const std::vector<HeadRef>& ablate = {}, const std::vector<Knockout>& knockout = {});

}  // namespace attnscope::reference
