#pragma once
// What the model predicts: the next-token distribution at a position of a
// Trace, the actual next token's probability and rank, and the next-token loss
// -ln p(next) at every position.
//
// Softmax and log-sum-exp are taken in double over the float32 logits, with
// the largest logit subtracted first, so probabilities are exact to double
// rounding of the stored logits (PyTorch's float32 softmax agrees to ~1e-7).
// Positions count from 0; the prediction at position p is for token p + 1.
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "attnscope/run/lm_head.h"
#include "attnscope/run/trace.h"
#include "attnscope/model/weights.h"

namespace attnscope {

struct NextToken {
    int id = 0;
    double prob = 0;
    int rank = 1;  // 1 + the number of ids with a strictly larger logit
};

struct Prediction {
    int position = 0;
    std::vector<TokenProb> top;     // the k most probable ids, most probable first (ties: lower id first)
    std::optional<NextToken> next;  // the token at position + 1, when the text goes on
};

// The top `k` (clamped to [1, V]) at `position`. Needs that position's logits
// (RunOptions::logits_rows covering it); throws Error(InvalidArgument) for a
// position outside [0, T) or without logits.
Prediction predict(const Trace& tr, int position, int k);

// -ln p(tokens[p + 1]) for every position p in [0, T - 1): T - 1 values (none
// for one token). Needs logits for every position (RunOptions::logits_rows = -1).
std::vector<double> next_token_losses(const Trace& tr);

// The mean of next_token_losses; NaN for a single token.
double mean_next_token_loss(const Trace& tr);

// --- From a trace that kept few logits or none (the app keeps none) ---
// The lm_head applied to the trace's final LayerNorm output (ln_f) of
// `weights` (the weights the trace was made with): the same kernel as
// Model::run, which computes each row alike whatever the row count, so the
// numbers equal a run with RunOptions::logits_rows = -1 bit for bit.


// predict(tr, position, k) computed from ln_f: one (V) row of the lm_head.
Prediction predict_from_ln_f(const Weights& weights, const Trace& tr, int position, int k, int threads = 1);

// The same from a final-norm output (T, C) and the T token ids it was run on
// (Model::ln_f_without_knockouts: the prediction a knockout changed).
Prediction predict_from_ln_f(const Weights& weights, ConstMapRM ln_f, std::span<const int> tokens, int position, int k,
                             int threads = 1);
// The probability of each of `ids` at `position` (to compare two runs' top tokens).
std::vector<double> probabilities_from_ln_f(const Weights& weights, ConstMapRM ln_f, std::span<const int> tokens,
                                            int position, std::span<const int> ids, int threads = 1);
// Both of the above from one row of the lm_head: the prediction at
// `position`, and there the probability of each of `ids`.
struct PredictionAndProbabilities {
    Prediction prediction;
    std::vector<double> probabilities;  // one per id
};
PredictionAndProbabilities predict_with_probabilities_from_ln_f(const Weights& weights, ConstMapRM ln_f,
                                                                std::span<const int> tokens, int position, int k,
                                                                std::span<const int> ids, int threads = 1);

// The (64, V) logits next_token_losses_from_ln_f computes into. Without one
// each call allocates its own; a caller that asks again and again (a block of
// positions at a time, a head at a time) passes one to reuse.
struct LossScratch {
    MatrixRM logits;
};

// next_token_losses(tr) of positions [from, T - 1) computed from ln_f, 64
// positions at a time (a (64, V) buffer, not (T, V)): T - 1 - from values.
// `keep_going()` is asked between blocks; returning false stops with
// Error(Cancelled).
std::vector<double> next_token_losses_from_ln_f(const Weights& weights, const Trace& tr, int from = 0,
                                                int threads = 1, const std::function<bool()>& keep_going = {});
// The same from a final-norm output (T, C) and the T token ids it was run on.
std::vector<double> next_token_losses_from_ln_f(const Weights& weights, ConstMapRM ln_f, std::span<const int> tokens,
                                                int from = 0, int threads = 1,
                                                const std::function<bool()>& keep_going = {},
                                                LossScratch* scratch = nullptr);

}  // namespace attnscope
