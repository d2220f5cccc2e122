#include "session/ablation_cache.h"

#include <atomic>
#include <limits>
#include <mutex>

#include "attnscope/common/error.h"
#include "attnscope/run/model.h"

namespace session {

namespace {

struct Entry {
    std::weak_ptr<const attnscope::Weights> weights;
    std::vector<int> tokens;
    bool causal = true;
    attnscope::AblationScan scan;
};

std::mutex cacheMutex;
std::optional<Entry> entry;
std::atomic<int64_t> onDemandLimit{std::numeric_limits<int64_t>::max()};

bool matches(const Entry& e, const attnscope::Trace& t) {
    const auto w = t.source.lock();
    return w && e.weights.lock() == w && e.tokens == t.tokens && e.causal == t.causal;
}

}  // namespace

std::optional<attnscope::AblationScan> cachedAblationScan(const attnscope::Trace& trace) {
    const std::lock_guard lock(cacheMutex);
    if (entry && matches(*entry, trace)) return entry->scan;
    return std::nullopt;
}

void rememberAblationScan(const attnscope::Trace& trace, attnscope::AblationScan scan) {
    const std::lock_guard lock(cacheMutex);
    entry = Entry{trace.source, trace.tokens, trace.causal, std::move(scan)};
}

void setOnDemandScanLimit(int64_t work) { onDemandLimit = work; }

attnscope::AblationScan ablationScanFor(const attnscope::Trace& trace, const attnscope::Progress& progress,
                                        bool anySize) {
    if (auto s = cachedAblationScan(trace)) return *s;
    const int64_t work = int64_t(trace.n_layer()) * trace.n_head() * trace.T() * trace.config.n_embed;
    if (!anySize && work > onDemandLimit)
        throw attnscope::Error(attnscope::ErrorCode::InvalidArgument,
                               "this text has not been scanned yet: run the ablation scan first (Ablation view, "
                               "Ctrl+Shift+A); it runs the model once per head");
    const auto weights = trace.source.lock();
    if (!weights) throw attnscope::Error(attnscope::ErrorCode::InvalidArgument, "the trace's model is no longer open");
    attnscope::ScanOptions opt;
    opt.causal = trace.causal;
    attnscope::AblationScan scan = attnscope::ablation_scan(attnscope::Model(weights), trace.tokens, opt, progress);
    rememberAblationScan(trace, scan);
    return scan;
}

}  // namespace session
