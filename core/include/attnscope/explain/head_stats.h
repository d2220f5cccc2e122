#pragma once
// What each attention head does, in numbers and in words.
//
// Statistics of a trace, per (layer, head), from its softmax weights w (T, T):
//   entropy      mean over queries t of -Σ_k w[t,k] ln w[t,k], in nats (0 ln 0 = 0)
//   prev_token   mean over t >= 1 of w[t, t-1]   (NaN for a single token)
//   first_token  mean over t of w[t, 0]          (the "sink")
//   self         mean over t of w[t, t]
// Sums are taken in double; entropy's w ln w terms are vectorised float
// products, which keeps it within 1e-6 relative of double logs. A head's
// weights are read 256 rows at a time (Trace::head_weights, rebuilt when the
// trace does not store them), so the memory beyond the trace is one band of
// rows per thread.
//
// Probes, independent of the text, on one documented synthetic sequence
// (probe_sequence): n distinct token ids drawn with a fixed seed, then the same
// n again (2n tokens). For a query t in the second half (t in [n, 2n)):
//   induction    mean of w[t, t-n+1]: the token after the earlier occurrence
//   duplicate    mean of w[t, t-n]:   the earlier occurrence itself
#include <cstdint>
#include <limits>
#include <functional>
#include <vector>

#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"

namespace attnscope {

struct HeadStats {
    int layer = 0, head = 0;
    double entropy = 0;
    double prev_token = std::numeric_limits<double>::quiet_NaN();
    double first_token = 0;
    double self = 0;
    double induction = std::numeric_limits<double>::quiet_NaN();  // NaN until the probes ran
    double duplicate = std::numeric_limits<double>::quiet_NaN();
};

// Every head of the trace in (layer, head) order, on `threads` threads over
// heads (0: every core). Each head is read kHeadStatsBandRows rows at a time;
// before each band `keep_going` (when given) is asked, and false throws
// Error(Cancelled): head_statistics_steps(tr) asks in all, which a caller may
// count as progress.
constexpr int kHeadStatsBandRows = 256;  // 8 MB of weights at 8,192 tokens
std::vector<HeadStats> head_statistics(const Trace& tr, int threads = 0,
                                       const std::function<bool()>& keep_going = {});
// L * H * ceil(T / kHeadStatsBandRows): how often head_statistics asks.
int64_t head_statistics_steps(const Trace& tr);

// The entropy that uniform attention over every visible key gives, averaged
// over queries like HeadStats::entropy: the most any head can have.
double uniform_entropy(int T, bool causal);

// The probe sequence for a model: n = min(kProbeHalfMax, context_length / 2,
// vocab_size) distinct ids drawn from [0, vocab_size) by a partial
// Fisher-Yates shuffle driven by splitmix64 seeded with kProbeSeed, followed by
// the same n ids again. Empty when n < 2 (no probe possible).
constexpr int kProbeHalfMax = 50;
constexpr uint64_t kProbeSeed = 20251130;
std::vector<int> probe_sequence(const ModelConfig& config);

// Fills induction and duplicate of `stats` (one entry per head of `probe`, as
// head_statistics returns them) from a causal trace of probe_sequence().
// Throws Error(InvalidArgument) when the trace's tokens are not two equal halves.
void score_probes(const Trace& probe, std::vector<HeadStats>& stats);

// Runs `model` causally on probe_sequence() and scores the probes; leaves
// them NaN when the model is too small for a probe.
void run_probes(const Model& model, std::vector<HeadStats>& stats, int threads = 0);

// Automatic labels. A head may carry several, or none.
enum class HeadLabel { PreviousToken, Sink, Self, Induction, DuplicateToken, Diffuse };

// Stable English names: "previous token", "sink", "self", "induction",
// "duplicate token", "diffuse".
const char* head_label_name(HeadLabel label);

// A label is given when its score reaches the threshold (>=):
//   previous token   prev_token
//   sink             first_token
//   self             self
//   induction        induction        (only when the probes ran)
//   duplicate token  duplicate        (only when the probes ran)
//   diffuse          entropy / uniform_entropy(T, causal)
// NaN scores never reach a threshold.
struct LabelThresholds {
    double prev_token = 0.5;
    double first_token = 0.5;
    double self = 0.5;
    double induction = 0.3;
    double duplicate = 0.3;
    double diffuse = 0.9;
};

// In the enum's order. `max_entropy` is uniform_entropy of the trace the
// statistics came from.
std::vector<HeadLabel> head_labels(const HeadStats& stats, double max_entropy,
                                   const LabelThresholds& thresholds = {});

}  // namespace attnscope
