#pragma once
// Attention rollout (Abnar & Zuidema, 2020): how much each input token flows
// into each position through every layer's attention, with the residual
// stream counted as half of each step.
//   A_l = 0.5 · mean over heads of W_l + 0.5 · I, each row renormalised to sum 1
//   R   = A_{L-1} · … · A_1 · A_0
// Row t of R is position t's attention rolled out over the input tokens.
#include "attnscope/common/tensor.h"
#include "attnscope/run/trace.h"

namespace attnscope {

// The most tokens a rollout is computed for. It multiplies one (T, T) matrix
// per layer, 2·L·T³ FLOPs: 206 GFLOP for 12 layers at 2,048 tokens, a few
// seconds; 13 TFLOP and a gigabyte at 8,192, minutes.
constexpr int kMaxRolloutTokens = 2048;

// (T, T) rollout of a trace; causal traces give a lower-triangular R. Throws
// Error(TooMuchWork), naming the cost, past kMaxRolloutTokens tokens.
MatrixRM attention_rollout(const Trace& tr);

}  // namespace attnscope
