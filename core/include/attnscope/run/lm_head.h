#pragma once
// The lm_head on a trace that kept few logits or none (the app keeps none):
// the same kernel as Model::run, which computes each row alike whatever the
// row count, so the numbers equal a run with RunOptions::logits_rows = -1 bit
// for bit.
#include "attnscope/run/trace.h"
#include "attnscope/model/weights.h"

namespace attnscope {

// One id of a next-token distribution.
struct TokenProb {
    int id = 0;
    double prob = 0;   // softmax of the logits
    double logit = 0;  // as computed (float32)
};

// (rows, V) logits of positions [first, first + rows) from the trace's final
// norm output (ln_f) and `weights`, the weights the trace was made with.
// Throws Error(InvalidArgument) for other weights or rows outside the trace.
MatrixRM logits_from_ln_f(const Weights& weights, const Trace& tr, int first, int rows, int threads = 1);

}  // namespace attnscope
