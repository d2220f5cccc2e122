#include "render/norms.h"

#include <algorithm>
#include <list>
#include <mutex>

#include "attnscope/common/error.h"
#include "attnscope/explain/attribution.h"

namespace render {

namespace {

// One run's factors, slot layer * n_head + head (null until asked for).
struct RunNorms {
    std::weak_ptr<const attnscope::Weights> weights;
    std::vector<int> tokens;
    bool causal = true;
    std::vector<attnscope::HeadRef> ablated;
    std::vector<attnscope::Knockout> knockout;
    std::vector<std::shared_ptr<const std::vector<float>>> heads;
};

// A few runs: the text on screen, the one before it (a view still showing
// it), a comparison's B, an export's own run. Each is T floats a head.
constexpr size_t kRuns = 4;
std::mutex normsMutex;
std::list<RunNorms> runs;  // the last used first

std::shared_ptr<const attnscope::Weights> weightsOf(const attnscope::Trace& t) {
    if (auto w = t.source.lock()) return w;
    return t.rebuild_source;
}

bool sameRun(const RunNorms& r, const attnscope::Trace& t, const attnscope::Weights* w) {
    return r.weights.lock().get() == w && r.causal == t.causal && r.tokens == t.tokens && r.ablated == t.ablated &&
           r.knockout == t.knockout;
}

// The run's slot for (layer, head), made when missing; under normsMutex.
std::shared_ptr<const std::vector<float>>* slotOf(const attnscope::Trace& t,
                                                  const std::shared_ptr<const attnscope::Weights>& w, int layer,
                                                  int head) {
    auto it = std::find_if(runs.begin(), runs.end(), [&](const RunNorms& r) { return sameRun(r, t, w.get()); });
    if (it == runs.end()) {
        RunNorms r{w, t.tokens, t.causal, t.ablated, t.knockout, {}};
        r.heads.resize(size_t(std::max(t.config.n_layer, t.n_layer())) * size_t(t.n_head()));
        runs.push_front(std::move(r));
        while (runs.size() > kRuns) runs.pop_back();
        it = runs.begin();
    } else if (it != runs.begin()) {
        runs.splice(runs.begin(), runs, it);
        it = runs.begin();
    }
    const size_t i = size_t(layer) * size_t(t.n_head()) + size_t(head);
    return i < it->heads.size() ? &it->heads[i] : nullptr;
}

// The weights the factors need, or why there are none.
std::shared_ptr<const attnscope::Weights> checkedWeights(const attnscope::Trace& t, int layer, int head) {
    attnscope::needs_model(t, "value-weighted norms");
    if (layer < 0 || layer >= t.n_layer() || head < 0 || head >= t.n_head())
        throw attnscope::Error(attnscope::ErrorCode::InvalidArgument,
                               "no head " + std::to_string(layer) + "." + std::to_string(head));
    auto w = weightsOf(t);
    if (!w)
        throw attnscope::Error(attnscope::ErrorCode::InvalidArgument,
                               "value-weighted norms need the model that made the trace, and it is no longer open");
    return w;
}

}  // namespace

std::shared_ptr<const std::vector<float>> normFactors(const attnscope::Trace& trace, int layer, int head) {
    const auto w = checkedWeights(trace, layer, head);
    {
        const std::lock_guard lock(normsMutex);
        if (auto* slot = slotOf(trace, w, layer, head); slot && *slot) return *slot;
    }
    // Computed unlocked: two threads asking for one head at once both compute
    // it (the same numbers), and no other head waits.
    auto f = std::make_shared<const std::vector<float>>(attnscope::value_norm_factors(*w, trace, layer, head));
    const std::lock_guard lock(normsMutex);
    if (auto* slot = slotOf(trace, w, layer, head)) {
        if (!*slot) *slot = f;
        return *slot;
    }
    return f;
}

bool normFactorsKnown(const attnscope::Trace& trace, int layer, int head) {
    if (trace.imported || layer < 0 || layer >= trace.n_layer() || head < 0 || head >= trace.n_head()) return false;
    const auto w = weightsOf(trace);
    if (!w) return false;
    const std::lock_guard lock(normsMutex);
    const auto it =
        std::find_if(runs.begin(), runs.end(), [&](const RunNorms& r) { return sameRun(r, trace, w.get()); });
    const size_t i = size_t(layer) * size_t(trace.n_head()) + size_t(head);
    return it != runs.end() && i < it->heads.size() && it->heads[i];
}

int64_t normFactorWorkLeft(const attnscope::Trace& trace) {
    const int64_t perHead = int64_t(trace.T()) * trace.config.head_size() * trace.config.n_embed;
    int64_t left = 0;
    for (int l = 0; l < trace.n_layer(); ++l)
        for (int h = 0; h < trace.n_head(); ++h)
            if (!normFactorsKnown(trace, l, h)) left += perHead;
    return left;
}

void headNormsInto(const attnscope::Trace& trace, int layer, int head, int r0, int r1, float* out, int threads) {
    const auto f = normFactors(trace, layer, head);
    trace.head_weights_into(layer, head, r0, r1, out, threads);
    const int T = trace.T();
    const float* fj = f->data();
    for (int r = r0; r < r1; ++r) {
        float* row = out + size_t(r - r0) * size_t(T);
        for (int j = 0; j < T; ++j) row[j] *= fj[j];
    }
}

attnscope::MatrixRM headNorms(const attnscope::Trace& trace, int layer, int head, int r0, int r1, int threads) {
    attnscope::MatrixRM m(r1 - r0, trace.T());
    if (r1 > r0) headNormsInto(trace, layer, head, r0, r1, m.data(), threads);
    return m;
}

float headNorm(const attnscope::Trace& trace, int layer, int head, int query, int key) {
    const auto f = normFactors(trace, layer, head);
    return trace.weight(layer, head, query, key) * (*f)[size_t(key)];
}

void headMatrixInto(const attnscope::Trace& trace, MatrixKind kind, int layer, int head, int r0, int r1, float* out,
                    int threads) {
    switch (kind) {
    case MatrixKind::Weights: return trace.head_weights_into(layer, head, r0, r1, out, threads);
    case MatrixKind::Scores: return trace.head_scores_into(layer, head, r0, r1, out, threads);
    case MatrixKind::Norms: return headNormsInto(trace, layer, head, r0, r1, out, threads);
    case MatrixKind::Mask: break;
    }
    trace.mask_into(layer, head, r0, r1, out);
}

}  // namespace render
