// Generation (attnscope/run/generate.h): the sampler, exactly as the header
// defines it, and the loop of incremental runs.
#include "attnscope/run/generate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "attnscope/common/error.h"

namespace attnscope {

namespace {

constexpr int kTop = 10;

// Ids ordered by p, largest first, a tie to the lower id; only the first
// `need` are ordered (the rest follow in no particular order).
std::vector<int> ordered_ids(const std::vector<double>& p, size_t need) {
    std::vector<int> ids(p.size());
    std::iota(ids.begin(), ids.end(), 0);
    const auto before = [&](int a, int b) { return p[size_t(a)] != p[size_t(b)] ? p[size_t(a)] > p[size_t(b)] : a < b; };
    need = std::min(need, ids.size());
    std::partial_sort(ids.begin(), ids.begin() + std::ptrdiff_t(need), ids.end(), before);
    return ids;
}

}  // namespace

uint64_t SplitMix64::next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void check_sampling(const SamplingOptions& o) {
    if (o.greedy) return;
    if (!(o.temperature > 0) || !std::isfinite(o.temperature))
        throw Error(ErrorCode::InvalidArgument, "the temperature must be a number above 0");
    if (o.top_k < 0) throw Error(ErrorCode::InvalidArgument, "top-k must be 0 (every token) or more");
    if (!(o.top_p > 0 && o.top_p <= 1)) throw Error(ErrorCode::InvalidArgument, "top-p must be above 0 and at most 1");
}

const char* stop_reason_name(StopReason s) {
    switch (s) {
    case StopReason::MaxNew: return "max_new";
    case StopReason::EndOfText: return "eos";
    case StopReason::Context: return "context";
    case StopReason::Cancelled: return "cancelled";
    }
    return "?";
}

SampledToken sample(std::span<const float> logits, const SamplingOptions& o, SplitMix64& rng) {
    check_sampling(o);
    const size_t V = logits.size();
    if (V == 0) throw Error(ErrorCode::InvalidArgument, "no logits to sample from");
    // Steps 1-2: the temperature's distribution (greedy reports temperature 1's).
    const double t = o.greedy ? 1.0 : o.temperature;
    double max = -INFINITY;
    for (const float l : logits) max = std::max(max, double(l) / t);
    std::vector<double> p(V);
    double sum = 0;
    for (size_t i = 0; i < V; ++i) sum += p[i] = std::exp(double(logits[i]) / t - max);
    for (double& x : p) x /= sum;

    SampledToken out;
    // Step 3, as far as the draw and the report need.
    const size_t k = o.greedy || o.top_k == 0 ? V : std::min(V, size_t(o.top_k));
    std::vector<int> order = ordered_ids(p, o.greedy ? size_t(kTop) : std::max(k, size_t(kTop)));
    if (o.greedy) {
        // The argmax of the logits themselves, ties to the lowest id.
        int best = 0;
        for (size_t i = 1; i < V; ++i)
            if (logits[i] > logits[size_t(best)]) best = int(i);
        out.id = best;
        out.kept = 1;
    } else {
        // Steps 4-5: top-k, then the shortest prefix reaching top-p.
        size_t kept = 0;
        double running = 0;
        while (kept < k) {
            running += p[size_t(order[kept])];
            ++kept;
            if (running >= o.top_p) break;
        }
        // Steps 6-7: renormalise and walk the inverse CDF in that order.
        const double u = rng.uniform();
        double c = 0;
        out.id = order[kept - 1];
        for (size_t i = 0; i < kept; ++i) {
            c += p[size_t(order[i])] / running;
            if (u < c) {
                out.id = order[i];
                break;
            }
        }
        out.kept = int(kept);
    }
    out.prob = p[size_t(out.id)];
    out.rank = 1 + int(std::count_if(p.begin(), p.end(), [&](double x) { return x > out.prob; }));
    for (size_t i = 0; i < std::min(V, size_t(kTop)); ++i)
        out.top.push_back({.id = order[i], .prob = p[size_t(order[i])], .logit = logits[size_t(order[i])]});
    return out;
}

Generation generate(const Model& model, std::span<const int> prompt, const GenerateOptions& o, Trace& trace,
                    const std::function<bool(const SampledToken&)>& on_token) {
    check_sampling(o.sampling);
    if (o.max_new < 0) throw Error(ErrorCode::InvalidArgument, "the number of new tokens must be 0 or more");
    const int context = model.config().context_length;
    RunOptions run = o.run;
    run.logits_rows = 1;
    run.incremental = true;
    // The trace grows a row a token: room for every row at once.
    run.reserve_rows = std::min<int64_t>(context, int64_t(prompt.size()) + o.max_new);
    std::vector<int> ids(prompt.begin(), prompt.end());
    SplitMix64 rng(o.sampling.rng_seed);
    Generation g;
    const auto t0 = std::chrono::steady_clock::now();
    g.stop = StopReason::MaxNew;
    for (int step = 0; step < o.max_new; ++step) {
        if (int(ids.size()) >= context) {
            g.stop = StopReason::Context;
            break;
        }
        model.run(ids, run, trace);
        const Eigen::Map<const VectorF> row = trace.logits_at(trace.T() - 1);
        SampledToken s = sample({row.data(), size_t(row.size())}, o.sampling, rng);
        ids.push_back(s.id);
        g.ids.push_back(s.id);
        g.steps.push_back(s);
        if (on_token && !on_token(g.steps.back())) {
            g.stop = StopReason::Cancelled;
            break;
        }
        if (s.id == o.eos_id && !o.ignore_eos) {
            g.stop = StopReason::EndOfText;
            break;
        }
    }
    g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // The trace then covers every token, the last new one too (one more row).
    if (!ids.empty() && int(ids.size()) <= context) model.run(ids, run, trace);
    return g;
}

}  // namespace attnscope
