#include "attnscope/ablation.h"

#include <atomic>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "attnscope/error.h"
#include "attnscope/predict.h"
#include "parallel_guard.h"

namespace attnscope {

namespace {

int thread_index() {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

// What every run of the scan shares: logits at every position (for the loss),
// no dense weights (nothing reads them).
RunOptions run_options(const ScanOptions& scan, int threads) {
    RunOptions opt;
    opt.causal = scan.causal;
    opt.threads = threads;
    opt.logits_rows = -1;
    opt.attention_budget_bytes = 0;
    return opt;
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

}  // namespace

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

    AblationScan scan;
    Trace base;
    model.run(tokens, run_options(options, threads), base);
    scan.base_loss = mean_next_token_loss(base);
    counter.step();
    check();

    scan.heads.resize(size_t(n));
    for (int i = 0; i < n; ++i) scan.heads[size_t(i)] = {i / H, i % H, 0, 0};
    ScanSchedule schedule = options.schedule;
    if (schedule == ScanSchedule::Auto)
        schedule = threads > 1 && base.bytes() * threads <= kScanTraceBudget ? ScanSchedule::OverHeads
                                                                              : ScanSchedule::PerRun;

    auto ablate_one = [&](int i, int run_threads, Trace& tr) {
        if (counter.cancelled()) return;
        HeadAblation& h = scan.heads[size_t(i)];
        RunOptions opt = run_options(options, run_threads);
        opt.ablate = {{h.layer, h.head}};
        model.run(tokens, opt, tr);
        h.loss = mean_next_token_loss(tr);
        h.delta = h.loss - scan.base_loss;
        counter.step();
    };

    if (schedule == ScanSchedule::PerRun) {
        for (int i = 0; i < n; ++i) {
            ablate_one(i, threads, base);
            check();
        }
        return scan;
    }
    // One level of threads: runs side by side, each single-threaded, each
    // thread reusing its own trace's buffers.
    std::vector<Trace> traces(static_cast<size_t>(threads));
    ParallelGuard guard;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1)
    for (int i = 0; i < n; ++i) guard.run([&] { ablate_one(i, 1, traces[size_t(thread_index())]); });
    guard.rethrow();
    check();
    return scan;
}

}  // namespace attnscope
