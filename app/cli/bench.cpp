// attnscope-cli bench: how fast the core is, against baselines measured in the
// same run: the build's own GEMM throughput (efficiency ratio) and the
// plain-loop reference (speed-up ratio). Optionally PyTorch, via
// tests/scripts/bench_torch.py, when python3-torch is installed.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>

#include "args.h"
#include "attnscope/kernels.h"
#include "attnscope/model.h"
#include "attnscope/reference.h"
#include "commands.h"

namespace cli {

namespace {

using Clock = std::chrono::steady_clock;
using namespace attnscope;

// Best of several runs after one warm-up, in milliseconds; stops early once
// `budget_ms` of measuring has passed.
double best_ms(const std::function<void()>& fn, int reps, double budget_ms = 4000) {
    fn();
    double best = 1e300, spent = 0;
    for (int i = 0; i < reps && (i == 0 || spent < budget_ms); ++i) {
        const auto t0 = Clock::now();
        fn();
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        best = std::min(best, ms);
        spent += ms;
    }
    return best;
}

MatrixRM random_matrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    MatrixRM m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = u(rng);
    return m;
}

// FLOPs the causal forward really needs: q/k/v/proj 8TC^2, attention 2T(T+1)C
// (half of QK^T and of WV), the MLP 16TC^2.
double mha_flops(double T, double C) { return 8 * T * C * C + 2 * T * (T + 1) * C; }
double gpt2_flops(double T, double C, double L, double V) {
    return L * (mha_flops(T, C) + 16 * T * C * C) + 2 * C * V;  // lm_head on the last position
}

double gemm_gflops(int threads) {
    const MatrixRM x = random_matrix(1024, 768, 1), w = random_matrix(3072, 768, 2);
    const VectorF b = VectorF::Zero(3072);
    MatrixRM y(1024, 3072);
    const double ms = best_ms([&] { kernels::linear(ConstMapRM(x.data(), 1024, 768), w, b, MapRM(y.data(), 1024, 3072), threads); }, 10);
    return 2.0 * 1024 * 768 * 3072 / (ms * 1e6);
}

long peak_rss_kb() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

// Child process: one GPT-2-small-shaped forward with the full trace. Its own
// process so that peak memory belongs to this T alone.
int gpt2_child(int T, int threads) {
    const ModelConfig cfg = ModelConfig::gpt2(50257, 1024, 768, 12, 12);
    const auto weights = std::make_shared<Weights>(random_weights(cfg, 1));
    const Model model(weights);
    std::vector<int> ids(static_cast<size_t>(T));
    for (int i = 0; i < T; ++i) ids[size_t(i)] = (i * 7919) % cfg.vocab_size;
    RunOptions opt;
    opt.threads = threads;
    opt.attention_budget_bytes = int64_t(4) << 30;  // keep all 144 maps
    Trace tr;
    const double ms = best_ms([&] { model.run(ids, opt, tr); }, T >= 1024 ? 3 : 5, 6000);
    std::printf("%f %ld %lld %d\n", ms, peak_rss_kb(), static_cast<long long>(tr.bytes()), tr.weights_dense ? 1 : 0);
    return 0;
}

struct ChildResult {
    double ms = 0;
    double peak_mb = 0;
    double trace_mb = 0;
};

ChildResult run_child(int T, int threads) {
    char exe[4096];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) throw std::runtime_error("cannot find my own executable");
    exe[n] = 0;
    const std::string cmd = std::string("'") + exe + "' bench --child-gpt2 " + std::to_string(T) +
                            " --threads " + std::to_string(threads);
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot start " + cmd);
    ChildResult r;
    long peak = 0;
    long long trace = 0;
    int dense = 0;
    const int got = std::fscanf(p, "%lf %ld %lld %d", &r.ms, &peak, &trace, &dense);
    if (pclose(p) != 0 || got != 4) throw std::runtime_error("benchmark child failed: " + cmd);
    r.peak_mb = double(peak) / 1024.0;
    r.trace_mb = double(trace) / (1024.0 * 1024.0);
    return r;
}

}  // namespace

int bench(const std::vector<std::string>& argv) {
    const Args args(argv, {"child-gpt2", "threads"}, {"quick"});
    if (args.has("child-gpt2"))
        return gpt2_child(args.get_int("child-gpt2", 64, 1, 1024), args.get_int("threads", 1, 1, 256));
    const bool quick = args.has("quick");
    const std::array<int, 3> sizes = {64, 256, 1024};
    const int max_threads = std::max(2, default_thread_count());
    const std::array<int, 2> thread_counts = {1, std::min(2, max_threads)};

    std::printf("AttnScope benchmark (%s build, %d hardware threads)\n",
#ifdef __AVX512F__
                "AVX-512",
#elif defined(__AVX2__)
                "AVX2",
#else
                "portable",
#endif
                default_thread_count());

    std::array<double, 3> gemm{};
    for (const int th : thread_counts) gemm[size_t(th)] = gemm_gflops(th);
    std::printf("\nGEMM baseline (1024x768 . 768x3072, this build): 1 thread %.1f GFLOP/s, %d threads %.1f GFLOP/s\n",
                gemm[1], thread_counts[1], gemm[size_t(thread_counts[1])]);

    std::printf("\nMultiHeadAttention forward, C=768 H=12, causal, all weights recorded\n");
    std::printf("%6s %8s %10s %9s %11s %12s %9s\n", "T", "threads", "ms", "GFLOP/s", "eff. vs GEMM",
                "naive ms", "speed-up");
    const ModelConfig mha_cfg = ModelConfig::seed(16, 1024, 768, 12, 1);
    const Weights mha_w = random_weights(mha_cfg, 3);
    for (const int T : sizes) {
        const MatrixRM x = random_matrix(T, 768, unsigned(T));
        double naive = 0;
        if (!quick || T <= 256)
            naive = best_ms([&] { reference::multi_head_attention(mha_w.layers[0], mha_cfg, x, true); }, 1, 0);
        for (const int th : thread_counts) {
            RunOptions opt;
            opt.threads = th;
            LayerTrace lt;
            const double ms = best_ms([&] { run_multi_head_attention(mha_w, 0, ConstMapRM(x.data(), T, 768), opt, lt); }, 20);
            const double gf = mha_flops(T, 768) / (ms * 1e6);
            std::printf("%6d %8d %10.2f %9.1f %11.0f%% ", T, th, ms, gf, 100.0 * gf / gemm[size_t(th)]);
            if (naive > 0) std::printf("%12.1f %8.0fx\n", naive, naive / ms);
            else std::printf("%12s %9s\n", "-", "-");
        }
    }

    std::printf("\nGPT-2-small-shaped forward (12 layers, C=768, H=12, V=50257), full trace, logits for the last position\n");
    std::printf("%6s %8s %10s %9s %11s %14s %12s\n", "T", "threads", "ms", "GFLOP/s", "eff. vs GEMM",
                "peak RSS MB", "trace MB");
    for (const int T : sizes) {
        if (quick && T > 256) continue;
        for (const int th : thread_counts) {
            const ChildResult r = run_child(T, th);
            const double gf = gpt2_flops(T, 768, 12, 50257) / (r.ms * 1e6);
            std::printf("%6d %8d %10.1f %9.1f %11.0f%% %14.0f %12.0f\n", T, th, r.ms, gf,
                        100.0 * gf / gemm[size_t(th)], r.peak_mb, r.trace_mb);
        }
    }
    std::printf("\n(peak RSS includes the 124M float32 weights, ~475 MB)\n");
    return 0;
}

}  // namespace cli
