#include "attnscope/explain/head_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/Core>

#include "attnscope/common/error.h"
#include "common/parallel_guard.h"

namespace attnscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

constexpr int kBandRows = kHeadStatsBandRows;

// -sum of w ln w over one row's visible weights (0 ln 0 = 0), in double.
// Each product is taken 8 lanes at a time in float (Eigen's vectorised log,
// within 2 ulp), and each run of 64 is summed in float before the double:
// every term is >= 0, so the result is within 1e-6 relative of the sum of
// double logs. A double log per weight was more than half the statistics'
// time; `attnscope-cli bench --head-stats` times the two in the same run.
// The same order whatever the band or thread.
double row_entropy(const float* row, int n) {
    constexpr int kRun = 64;
    double h = 0;
    for (int k0 = 0; k0 < n; k0 += kRun) {
        const Eigen::Map<const Eigen::ArrayXf> w(row + k0, std::min(kRun, n - k0));
        // A zero weight adds 0 * ln(FLT_MIN) = 0 (Eigen's select is not
        // vectorised); a subnormal one next to nothing either way.
        h -= double((w * w.max(std::numeric_limits<float>::min()).log()).sum());
    }
    return h;
}

// One head's four statistics from its weights, read a band of rows at a time
// (never the whole (T, T)); each row over the keys it may see (the rest are
// zeros and add nothing), in the same order whatever the band.
void measure(const Trace& tr, HeadStats& s, const std::function<bool()>& keep_going) {
    const int T = tr.T();
    double entropy = 0, prev = 0, first = 0, self = 0;
    for (int r0 = 0; r0 < T; r0 += kBandRows) {
        if (keep_going && !keep_going()) throw Error(ErrorCode::Cancelled, "head statistics cancelled");
        const int r1 = std::min(T, r0 + kBandRows);
        const MatrixRM w = tr.head_weights(s.layer, s.head, r0, r1, 1);
        for (int t = r0; t < r1; ++t) {
            const float* row = w.data() + size_t(t - r0) * size_t(T);
            const int visible = tr.causal ? t + 1 : T;
            entropy += row_entropy(row, visible);
            first += row[0];
            self += row[t];
            if (t >= 1) prev += row[t - 1];
        }
    }
    s.entropy = entropy / T;
    s.first_token = first / T;
    s.self = self / T;
    s.prev_token = T > 1 ? prev / (T - 1) : kNaN;
}

// splitmix64: a tiny generator whose every step is written out, so that the
// probe sequence is the same on every platform and in the Python fixture script.
uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace

std::vector<HeadStats> head_statistics(const Trace& tr, int threads, const std::function<bool()>& keep_going) {
    const int L = tr.n_layer(), H = tr.n_head(), n = L * H;
    if (threads <= 0) threads = default_thread_count();
    std::vector<HeadStats> out(static_cast<size_t>(n));
    ParallelGuard guard;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && n > 1)
    for (int i = 0; i < n; ++i)
        guard.run([&] {
            HeadStats& s = out[size_t(i)];
            s.layer = i / H;
            s.head = i % H;
            measure(tr, s, keep_going);
        });
    guard.rethrow();
    return out;
}

int64_t head_statistics_steps(const Trace& tr) {
    const int64_t bands = (int64_t(tr.T()) + kBandRows - 1) / kBandRows;
    return int64_t(tr.n_layer()) * tr.n_head() * bands;
}

double uniform_entropy(int T, bool causal) {
    if (T <= 0) return 0;
    if (!causal) return std::log(double(T));
    double sum = 0;
    for (int t = 0; t < T; ++t) sum += std::log(double(t + 1));
    return sum / T;
}

std::vector<int> probe_sequence(const ModelConfig& config) {
    const int n = std::min({kProbeHalfMax, config.context_length / 2, config.vocab_size});
    if (n < 2) return {};
    // Partial Fisher-Yates over [0, V): position i takes a uniform pick from [i, V).
    std::vector<int> ids(size_t(config.vocab_size));
    for (size_t i = 0; i < ids.size(); ++i) ids[i] = int(i);
    uint64_t state = kProbeSeed;
    for (int i = 0; i < n; ++i) {
        const uint64_t span = uint64_t(config.vocab_size - i);
        const size_t j = size_t(i) + size_t(splitmix64(state) % span);
        std::swap(ids[size_t(i)], ids[j]);
    }
    std::vector<int> seq(ids.begin(), ids.begin() + n);
    seq.insert(seq.end(), ids.begin(), ids.begin() + n);
    return seq;
}

void score_probes(const Trace& probe, std::vector<HeadStats>& stats) {
    const int T = probe.T(), n = T / 2;
    if (!probe.causal || T < 4 || T % 2 != 0 || !std::equal(probe.tokens.begin(), probe.tokens.begin() + n, probe.tokens.begin() + n))
        throw Error(ErrorCode::InvalidArgument, "a probe trace is a causal run of one sequence twice");
    if (stats.size() != size_t(probe.n_layer()) * size_t(probe.n_head()))
        throw Error(ErrorCode::InvalidArgument, "probe scores need one entry per head");
    for (HeadStats& s : stats) {
        const MatrixRM w = probe.head_weights(s.layer, s.head);
        double induction = 0, duplicate = 0;
        for (int t = n; t < T; ++t) {
            induction += w(t, t - n + 1);
            duplicate += w(t, t - n);
        }
        s.induction = induction / n;
        s.duplicate = duplicate / n;
    }
}

void run_probes(const Model& model, std::vector<HeadStats>& stats, int threads) {
    const std::vector<int> seq = probe_sequence(model.config());
    if (seq.empty()) return;
    RunOptions opt;
    opt.threads = threads;
    opt.logits_rows = 0;
    const Trace probe = model.run(seq, opt);
    score_probes(probe, stats);
}

const char* head_label_name(HeadLabel label) {
    switch (label) {
    case HeadLabel::PreviousToken: return "previous token";
    case HeadLabel::Sink: return "sink";
    case HeadLabel::Self: return "self";
    case HeadLabel::Induction: return "induction";
    case HeadLabel::DuplicateToken: return "duplicate token";
    case HeadLabel::Diffuse: return "diffuse";
    }
    return "?";
}

std::vector<HeadLabel> head_labels(const HeadStats& s, double max_entropy, const LabelThresholds& th) {
    // `>=` is false for NaN: a score that was not measured gives no label.
    std::vector<HeadLabel> out;
    if (s.prev_token >= th.prev_token) out.push_back(HeadLabel::PreviousToken);
    if (s.first_token >= th.first_token) out.push_back(HeadLabel::Sink);
    if (s.self >= th.self) out.push_back(HeadLabel::Self);
    if (s.induction >= th.induction) out.push_back(HeadLabel::Induction);
    if (s.duplicate >= th.duplicate) out.push_back(HeadLabel::DuplicateToken);
    if (max_entropy > 0 && s.entropy / max_entropy >= th.diffuse) out.push_back(HeadLabel::Diffuse);
    return out;
}

}  // namespace attnscope
