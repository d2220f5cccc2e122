#pragma once
// Plain-loop reference implementations, kept to test the optimised kernels
// against and to time them in the benchmark. Slow on purpose: no Eigen
// products, no threads, double accumulators.
#include <span>
#include <vector>

#include "attnscope/trace.h"
#include "attnscope/weights.h"

namespace attnscope::reference {

// One head: q, k, v are (T, hs) row-major. Writes weights (T, T) and out (T, hs).
void attention_head(const float* q, const float* k, const float* v, int T, int hs, bool causal,
                    float* weights, float* out);

struct Result {
    std::vector<MatrixRM> weights;  // [layer * n_head + head] (T, T)
    std::vector<MatrixRM> block_out;  // [layer] (T, C)
    MatrixRM logits;                  // (T, V)
};

// The whole forward pass, written as directly as SEED.md states it.
Result forward(const Weights& w, std::span<const int> tokens, bool causal,
               const std::vector<HeadRef>& ablate = {});

}  // namespace attnscope::reference
