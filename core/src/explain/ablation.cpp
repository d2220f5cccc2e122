#include "attnscope/explain/ablation.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "attnscope/common/error.h"
#include "attnscope/explain/predict.h"
#include "common/parallel_guard.h"

namespace attnscope {

namespace {

int thread_index() {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

// Counts finished runs and asks the callback, one call at a time.
class ScanProgress {
public:
    ScanProgress(const Progress& progress, int total) : progress_(progress), total_(total) {}

    void step() {
        const std::lock_guard<std::mutex> lock(mutex_);
        ++done_;
        if (progress_ && !cancelled_ && !progress_(done_, total_)) cancelled_ = true;
    }
    bool cancelled() const { return cancelled_; }

private:
    const Progress& progress_;
    const int total_;
    std::mutex mutex_;
    int done_ = 0;
    std::atomic<bool> cancelled_{false};
};

// What one thread's scratch holds for T tokens: two layers' tensors, ln_f and a
// 64-row block of logits.
int64_t scratch_bytes(const ModelConfig& cfg, int T) {
    const int64_t C = cfg.n_embed, F = cfg.hidden(), Q = cfg.q_width();
    const int64_t layer = int64_t(T) * (6 * C + 4 * Q + (cfg.mlp == MlpKind::Gated ? 3 : 2) * F);
    return int64_t(sizeof(float)) * (2 * layer + int64_t(T) * C + 64 * int64_t(cfg.vocab_size));
}

}  // namespace

double ablation_logits_flops(const ModelConfig& c, double T) { return 2 * (T - 1) * c.n_embed * c.vocab_size; }

double ablation_run_flops(const ModelConfig& c, double T, int i) {
    if (i <= 0) return c.n_layer * block_flops(c, T) + ablation_logits_flops(c, T);
    const int layer = std::min((i - 1) / std::max(c.n_head, 1), c.n_layer - 1);
    return block_flops_after_attention(c, T) + (c.n_layer - 1 - layer) * block_flops(c, T) +
           ablation_logits_flops(c, T);
}

double ablation_scan_flops(const ModelConfig& c, double T) {
    double total = 0;
    for (int i = 0; i <= c.n_layer * c.n_head; ++i) total += ablation_run_flops(c, T, i);
    return total;
}

double ablation_base_loss(const Model& model, std::span<const int> tokens, const ScanOptions& options, Trace& base) {
    if (tokens.size() < 2)
        throw Error(ErrorCode::InvalidArgument, "the ablation scan needs at least two tokens (one next-token loss)");
    const int threads = options.threads > 0 ? options.threads : default_thread_count();
    RunOptions base_options;
    base_options.causal = options.causal;
    base_options.threads = threads;
    base_options.logits_rows = 0;
    base_options.attention_budget_bytes = 0;
    base_options.incremental = false;  // a whole run, whatever `base` held
    model.run(tokens, base_options, base);
    const std::vector<double> losses = next_token_losses_from_ln_f(model.weights(), base, 0, threads);
    return std::accumulate(losses.begin(), losses.end(), 0.0) / double(losses.size());
}

AblationScan ablation_scan(const Model& model, std::span<const int> tokens, const ScanOptions& options,
                           const Progress& progress) {
    if (tokens.size() < 2)
        throw Error(ErrorCode::InvalidArgument, "the ablation scan needs at least two tokens (one next-token loss)");
    const int L = model.config().n_layer, H = model.config().n_head, n = L * H;
    const int threads = options.threads > 0 ? options.threads : default_thread_count();
    ScanProgress counter(progress, n + 1);
    auto check = [&] {
        if (counter.cancelled()) throw Error(ErrorCode::Cancelled, "the ablation scan was cancelled");
    };
    auto mean = [](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()); };

    AblationScan scan;
    Trace base;
    scan.base_loss = ablation_base_loss(model, tokens, {.threads = threads, .causal = options.causal}, base);
    counter.step();
    check();

    scan.heads.resize(size_t(n));
    for (int i = 0; i < n; ++i) scan.heads[size_t(i)] = {i / H, i % H, 0, 0};
    ScanSchedule schedule = options.schedule;
    if (schedule == ScanSchedule::Auto)
        schedule = threads > 1 && scratch_bytes(model.config(), int(tokens.size())) * threads <= kScanTraceBudget
                       ? ScanSchedule::OverHeads
                       : ScanSchedule::PerRun;

    // What one run of ablated heads reuses from head to head.
    struct HeadScratch {
        Model::SuffixScratch suffix;
        LossScratch losses;
    };
    auto ablate_one = [&](int i, int run_threads, HeadScratch& scratch) {
        if (counter.cancelled()) return;
        HeadAblation& h = scan.heads[size_t(i)];
        const Tensor& ln_f = model.ablated_ln_f(base, {h.layer, h.head}, run_threads, scratch.suffix);
        h.loss = mean(next_token_losses_from_ln_f(model.weights(), ln_f.cmatrix(), tokens, 0, run_threads, {},
                                                  &scratch.losses));
        h.delta = h.loss - scan.base_loss;
        counter.step();
    };

    if (schedule == ScanSchedule::PerRun) {
        HeadScratch scratch;
        for (int i = 0; i < n; ++i) {
            ablate_one(i, threads, scratch);
            check();
        }
        return scan;
    }
    // One level of threads: runs side by side, each single-threaded with its
    // own scratch. Heads of early layers (the longest runs) go first.
    std::vector<HeadScratch> scratch(static_cast<size_t>(threads));
    ParallelGuard guard;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1)
    for (int i = 0; i < n; ++i) guard.run([&] { ablate_one(i, 1, scratch[size_t(thread_index())]); });
    guard.rethrow();
    check();
    return scan;
}

}  // namespace attnscope
