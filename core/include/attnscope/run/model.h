#pragma once
// The transformer forward pass: Model::run(tokens, options) -> Trace.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "attnscope/run/trace.h"
#include "attnscope/model/weights.h"

namespace attnscope {

struct RunOptions {
    bool causal = true;              // false: bidirectional, every query sees every key
    std::vector<HeadRef> ablate;     // heads whose output is set to zero before proj
    std::vector<Knockout> knockout;  // attention edges blocked before the softmax (trace.h)
    int threads = 0;                 // 0: default_thread_count(); at most max_thread_count()
    // Dense softmax weights for all heads are kept while they fit in this many
    // bytes; past it only q, k and per-row statistics are kept and each head's
    // weights are rebuilt exactly on demand.
    // 256 MB: GPT-2 small keeps its maps up to about 680 tokens. Past that an
    // edit would move all of them to the new row length, which costs far more
    // than rebuilding the one head a view shows.
    int64_t attention_budget_bytes = int64_t(256) << 20;
    // Every layer's activations are kept while they fit in this many bytes;
    // past it a layer keeps k, v, the attention's row statistics and its
    // output (the next layer's input): Trace::tensor computes the rest of a
    // layer again on demand, and a rebuilt head its queries, bit-identical.
    // 256 MB: GPT-2 small keeps them up to about 470 tokens (566 MB at 1,024).
    int64_t activation_budget_bytes = int64_t(256) << 20;
    // Past the activation budget, every layer's keys and values are kept
    // while they fit in this many bytes; past it no layer keeps them (a
    // layer holds its row statistics and output alone) and they are computed
    // again from each layer's input, bit-identical: all of a layer's by an
    // incremental run, one head's by a rebuilt head, a layer's by
    // Trace::tensor. 512 MB: GPT-2 small keeps them up to about 7,280 tokens
    // (604 MB at 8,192, where an appended token then costs 12 layers of k and
    // v projections again).
    int64_t kv_budget_bytes = int64_t(512) << 20;
    int logits_rows = 1;             // logits for the last N positions; -1 all, 0 none
    // Reuse the trace's rows from an earlier causal run of the same weights and
    // options up to the first token that changed: only the rows after it are
    // computed, and the trace is bit-identical to a full run's.
    bool incremental = true;
    // What the thumbnails (LayerTrace::thumb_max) pool: each row divided by its
    // max, as the heads grid draws by default, or the weights themselves.
    bool thumb_row_normalized = true;
    // How: each block's sum (LayerTrace::thumb_sum, for the grid's mean
    // pooling) instead of its max; one of the two is kept (37 MB each for
    // GPT-2 small at 1,024 tokens).
    bool thumb_mean = false;
    // Run only blocks [0, layers) (-1: every block): the trace then holds
    // those layers and no ln_f or logits, and is never reused by an
    // incremental run. What each layer holds is what a full run's does, bit
    // for bit, thumbnails included. An export of one layer's head needs no
    // block after it (at 8,192 tokens, layer 0 of GPT-2 small is a twelfth of
    // the run).
    int layers = -1;
    // A run that will grow token by token up to this many rows (generation):
    // the trace's buffers take room for all of them at once, so no buffer
    // moves again (and no row is copied into fresh pages) as it grows. 0: the
    // usual room, a few rows more than the run needs.
    int reserve_rows = 0;
};

// The first knockout part a run cannot take (knockout_out_of_range).
struct KnockoutOutOfRange {
    enum class Part { Layer, Head, Query, Key } part;
    size_t index = 0;  // which knockout of the list
    int value = 0;     // its layer, head, query or key
    int count = 0;     // the run's layers, heads or tokens: the part runs from 0 to count - 1
};
// The first part, of the first knockout, outside a run of `tokens` tokens on
// `config`, looked at in the order layer, head, query, key: the layer, head and
// query are -1 (every one) or in [0, count), the key in [0, count). Nothing
// when every knockout fits. The check Model::run makes (and refuses with
// Error(InvalidArgument)); the app's knockout specs are checked by it too.
std::optional<KnockoutOutOfRange> knockout_out_of_range(std::span<const Knockout> knockouts,
                                                        const ModelConfig& config, int tokens);

// What a run of T tokens will hold, known before it starts (the app shows it
// before a run that passes the attention budget).
struct TraceEstimate {
    int64_t bytes = 0;            // every tensor of the trace, as Trace::bytes() counts them
    int64_t dense_attention = 0;  // the (L, H, T, T) weights, were they all stored
    bool dense = true;            // they fit the budget and are stored
    int64_t activations = 0;      // the activations a layer keeps only within the activation budget, all layers
    bool activations_kept = true; // they fit it and are kept
    int64_t kv = 0;               // every layer's k and v
    bool kv_kept = true;          // kept: within the activation budget, or within the kv budget
};
TraceEstimate estimate_trace(const ModelConfig& config, int T, const RunOptions& options);

// Floating-point operations of one block of a causal forward of T tokens:
// q/k/v 2TC(H+2Hkv)hs, proj 2TC·H·hs, attention 2T(T+1)·H·hs (the visible
// half of Q Kᵀ and of W V), MLP 2TCF (3 with a gate). The benchmarks' GFLOP/s
// and the app's time estimates count with it.
double block_flops(const ModelConfig& config, double T);
// Its part after the attention: the output projection and the MLP.
double block_flops_after_attention(const ModelConfig& config, double T);
// A whole causal forward: every block, and the lm_head on the last position.
double forward_flops(const ModelConfig& config, double T);

// Called after each stage with (done, total); returning false cancels the run,
// which then throws Error(Cancelled).
using Progress = std::function<bool(int done, int total)>;

class Model {
public:
    explicit Model(std::shared_ptr<const Weights> weights);

    const ModelConfig& config() const { return weights_->config; }
    const Weights& weights() const { return *weights_; }
    std::shared_ptr<const Weights> shared_weights() const { return weights_; }

    // Runs the forward pass into `trace`, reusing its buffers (and, with
    // options.incremental, its rows up to the first changed token). Thread-safe: one
    // Model may run on several threads at once, each with its own Trace.
    // Throws Error(EmptyInput), Error(ContextOverflow) for more than
    // context_length tokens, Error(InvalidArgument) for an id outside the vocab
    // or a knockout whose layer, head, query or key is out of range.
    void run(std::span<const int> tokens, const RunOptions& options, Trace& trace,
             const Progress& progress = {}) const;
    Trace run(std::span<const int> tokens, const RunOptions& options = {},
              const Progress& progress = {}) const;
    // How many leading rows of `trace` a run of `tokens` with `options` into it
    // would keep (0: a full run, or one that computes every row's attention
    // again because it cannot go on from the trace's thumbnails: they are
    // coarser than the run's, after the text shrank past a thumbnail width, or
    // of another kind). The app compares its spare trace with the one on
    // screen by this.
    int reusable_rows(const Trace& trace, std::span<const int> tokens, const RunOptions& options) const;

    // For the ablation scan (ablation.h): the final norm's output (T, C) of a run
    // of `base`'s tokens and mask with head `ablate` ablated, where `base` is a
    // completed unablated run of these weights. The layers before the head's are
    // the same in both runs and are read from `base`, and so are the head's own
    // layer's head outputs (the ablated head's columns zeroed; computed again
    // from base's checkpoints when it did not keep them); the layers after it
    // run into `scratch`, which is reused from call to call. Equal bit for bit to
    // the ln_f of Model::run with RunOptions::ablate = {ablate}. Thread-safe with
    // one scratch per thread. Throws Error(InvalidArgument) for another base.
    struct SuffixScratch {
        LayerTrace layers[2];
        Tensor ln_f;
        LayerTrace base_layer;  // the ablated head's layer of a base run that did not keep its activations
        MatrixRM input;         // layer 0's input, looked up for a base run that kept no embeddings
    };
    const Tensor& ablated_ln_f(const Trace& base, HeadRef ablate, int threads, SuffixScratch& scratch) const;

    // For comparing a knockout with the model as it runs without it: the final
    // norm's output (T, C) of `base`'s tokens, mask and ablations with none of
    // base's knockouts, where `base` is a completed run of these weights. The
    // layers before the first one a knockout reaches are read from `base`; the
    // rest run into `scratch` (two layers, weights not stored: memory bounded by
    // two layers whatever n_layer). Equal bit for bit to the ln_f of Model::run
    // without the knockouts. Throws Error(InvalidArgument) for another base;
    // `progress` is called after each layer, and returning false throws
    // Error(Cancelled).
    const Tensor& ln_f_without_knockouts(const Trace& base, int threads, SuffixScratch& scratch,
                                         const Progress& progress = {}) const;

private:
    std::shared_ptr<const Weights> weights_;
};

// One MultiHeadAttention module alone (for benchmarks and tests): x (T, C) is
// the block's ln1 output; fills out.q/k/v, weights (if dense), row stats, heads
// and proj.
void run_multi_head_attention(const Weights& weights, int layer, ConstMapRM x,
                              const RunOptions& options, LayerTrace& out);

// The number of threads "every core" means here: OMP_NUM_THREADS when set, else
// one per physical core this process may run on (hyper-threads share a core's
// FMA units and only add contention in the dense kernels).
int default_thread_count();
int physical_core_count();
// The most threads a run may ask for: 4 per hardware thread, at least 8. More
// only slows a run down, and thousands can make the OpenMP runtime end the
// process; Model::run refuses them with Error(InvalidArgument).
int max_thread_count();

}  // namespace attnscope
