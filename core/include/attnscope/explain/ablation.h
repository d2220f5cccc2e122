#pragma once
// The ablation scan: for every head, how much the mean next-token loss of a
// text changes when that head alone is ablated (its output zeroed before the
// output projection, RunOptions::ablate).
//
// One unablated run gives the base loss and everything the ablated runs share:
// each head's run starts at its own layer (the layers before it, and its layer's
// other heads, are the base run's; Model::ablated_ln_f), so a head of layer l
// costs the layers after l, its layer's output projection and MLP, and the
// lm_head. The losses equal those of separate Model::run calls bit for bit.
#include <cstdint>
#include <span>
#include <vector>

#include "attnscope/run/model.h"

namespace attnscope {

struct HeadAblation {
    int layer = 0, head = 0;
    double loss = 0;   // mean next-token loss with this head ablated
    double delta = 0;  // loss - base_loss: > 0 when the model needs the head
};

struct AblationScan {
    double base_loss = 0;
    std::vector<HeadAblation> heads;  // (layer, head) order
};

// How the runs share the cores:
//   OverHeads: runs of different heads side by side, one thread each (one
//              scratch of two layers per thread);
//   PerRun:    one run after another, each on every thread;
//   Auto:      OverHeads while one scratch per thread fits kScanTraceBudget,
//              else PerRun.
enum class ScanSchedule { Auto, OverHeads, PerRun };

// Bytes the OverHeads schedule may spend on its per-thread scratch.
constexpr int64_t kScanTraceBudget = int64_t(2) << 30;

struct ScanOptions {
    int threads = 0;  // 0: every core
    bool causal = true;
    ScanSchedule schedule = ScanSchedule::Auto;
};

// Needs at least two tokens (one next-token loss). progress(done, total) is
// called after every run (total = n_layer * n_head + 1), one call at a time but
// possibly from a worker thread; returning false stops the scan, which then
// throws Error(Cancelled). Throws what Model::run throws for bad input.
// Floating-point operations of run `i` of a scan of T tokens (0: the base
// run; then one per head, layer by layer): the base run's every block, a
// head's run its layer's output projection and MLP and every layer after it,
// each run the lm_head on the T - 1 positions with a next token
// (ablation_logits_flops of it). Counted as model.h's block_flops.
double ablation_run_flops(const ModelConfig& config, double T, int i);
double ablation_logits_flops(const ModelConfig& config, double T);
// Every run of the scan.
double ablation_scan_flops(const ModelConfig& config, double T);

AblationScan ablation_scan(const Model& model, std::span<const int> tokens, const ScanOptions& options = {},
                           const Progress& progress = {});

// The scan's base run (run 0) into `base`: every tensor the ablated runs
// read, no softmax weights and no logits kept, a whole run whatever `base`
// held. Returns its mean next-token loss, the logits taken from ln_f 64
// positions at a time. Needs at least two tokens.
double ablation_base_loss(const Model& model, std::span<const int> tokens, const ScanOptions& options, Trace& base);

}  // namespace attnscope
