#pragma once
// Generation: the model continues a text a token at a time, each step an
// incremental run (only the new row is computed), with exactly defined
// sampling so that a seed gives the same ids on any machine and any number of
// threads (the logits are the same bits on any thread count: gemm.h).
//
// Sampling, in this order:
//   greedy     the argmax of the logits; a tie goes to the lowest id.
//   sampling   1. z_i = logit_i / temperature, in double;
//              2. p = softmax(z), the largest z subtracted first;
//              3. the ids ordered by p, largest first, a tie to the lower id;
//              4. the first top_k of them kept (top_k 0: all);
//              5. of those, the shortest prefix whose running sum of p
//                 reaches top_p (top_p 1: all);
//              6. q = p / (sum of p over the kept ids);
//              7. u = a uniform number in [0, 1) from the generator; the
//                 token is the first kept id, in the order of 3, at which
//                 the running sum of q passes u (the last kept id if rounding
//                 leaves u past the end).
// The generator is SplitMix64 seeded with the seed: state += 0x9E3779B97F4A7C15,
// z = state, z = (z ^ z >> 30) · 0xBF58476D1CE4E5B9, z = (z ^ z >> 27) ·
// 0x94D049BB133111EB, out = z ^ z >> 31 (all mod 2^64); one draw per step,
// u = (out >> 11) · 2^-53.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "attnscope/run/lm_head.h"
#include "attnscope/run/model.h"

namespace attnscope {

struct SamplingOptions {
    bool greedy = true;
    double temperature = 1.0;  // > 0
    int top_k = 0;             // 0: every id
    double top_p = 1.0;        // in (0, 1]
    uint64_t rng_seed = 0;   // the generator's seed
};

// Throws Error(InvalidArgument) naming the first bad field.
void check_sampling(const SamplingOptions& options);

// SplitMix64, as above.
class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : state_(seed) {}
    uint64_t next();
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }

private:
    uint64_t state_;
};

// What one step saw and took.
struct SampledToken {
    int id = 0;
    double prob = 0;             // p(id) after the temperature, before top-k and top-p
    int rank = 1;                // 1 + the number of ids with a larger p
    std::vector<TokenProb> top;  // the 10 most probable ids after the temperature (ties: lower id first)
    int kept = 0;                // how many ids top-k and top-p left to draw from (1 for greedy)
};

// One step of the sampler over a (V) row of logits; draws from `rng` unless greedy.
SampledToken sample(std::span<const float> logits, const SamplingOptions& options, SplitMix64& rng);

enum class StopReason { MaxNew, EndOfText, Context, Cancelled };
const char* stop_reason_name(StopReason s);  // "max_new", "eos", "context", "cancelled"

struct GenerateOptions {
    int max_new = 32;
    SamplingOptions sampling;
    int eos_id = -1;          // the tokenizer's end-of-text token; -1: none
    bool ignore_eos = false;  // go on past it
    RunOptions run;           // mask, ablations, knockouts, threads, budgets
};

struct Generation {
    std::vector<int> ids;               // the new ids only (an end-of-text token that stopped it included)
    std::vector<SampledToken> steps;    // one per new id
    StopReason stop = StopReason::MaxNew;
    double seconds = 0;                 // the loop's time
    double tokens_per_s() const { return seconds > 0 ? double(ids.size()) / seconds : 0; }
};

// Continues `prompt` by up to options.max_new tokens, running into `trace`
// (reused from run to run: each causal step computes only its new row). When
// it returns, `trace` holds the run over the prompt and every new token, so
// that step k's view is its first prompt + k - 1 rows (a causal model).
// `on_token(step)` is called after each token is chosen; returning false
// stops with StopReason::Cancelled. A prompt that already fills the context
// stops at once with StopReason::Context. Throws what Model::run throws, and
// Error(InvalidArgument) for bad options.
Generation generate(const Model& model, std::span<const int> prompt, const GenerateOptions& options, Trace& trace,
                    const std::function<bool(const SampledToken&)>& on_token = {});

}  // namespace attnscope
