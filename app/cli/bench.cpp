// attnscope-cli bench: how fast the core is, against baselines measured in the
// same run: the best SGEMM on the machine (this build's, or OpenBLAS's when it
// is installed) and the FMA peak (efficiency ratios), and the plain-loop
// reference (speed-up ratio). Optionally PyTorch, via
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

#include <map>

#include "cli/args.h"
#include "attnscope/formats/json.h"
#include "attnscope/run/kernels.h"
#include "attnscope/run/model.h"
#include "attnscope/run/reference.h"
#include "cli/bench_model.h"
#include "cli/bench_peak.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "session/paths.h"

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

MatrixRM random_matrix(Eigen::Index rows, Eigen::Index cols, unsigned rng_seed) {
    std::mt19937 rng(rng_seed);
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

// kernels::linear, the dense part of every forward pass, on one shape.
double linear_gflops(const GemmShape& s, int threads) {
    const MatrixRM x = random_matrix(s.m, s.k, 1), w = random_matrix(s.n, s.k, 2);
    const VectorF b = VectorF::Zero(s.n);
    MatrixRM y(s.m, s.n);
    const double ms = best_ms([&] { kernels::linear(ConstMapRM(x.data(), s.m, s.k), w, b, MapRM(y.data(), s.m, s.n), threads); }, 10);
    return s.flops() / (ms * 1e6);
}

// The ceilings a row is judged against, measured just before it at its
// thread count, so a busy machine affects both sides of the ratio alike.
struct Ceilings {
    double ours = 0, openblas = 0, fma = 0;
    double best_gemm() const { return std::max(ours, openblas); }
};

Ceilings ceilings(int threads, double fma) {
    return {linear_gflops({}, threads), openblas_gemm_gflops({}, threads), fma};
}

// The GPT-2-small block's four linear layers at T rows, ours against
// OpenBLAS on the same shapes.
void dense_table(const std::array<int, 2>& thread_counts, bool quick) {
    std::printf("\nDense layers of a GPT-2-small block (y = x . W^T, row-major), GFLOP/s: AttnScope's\n"
                "kernels::linear against OpenBLAS's cblas_sgemm on the same shape and thread count\n");
    std::printf("%6s %8s %-12s %10s %10s %8s\n", "T", "threads", "layer", "AttnScope", "OpenBLAS", "ratio");
    struct Layer {
        const char* name;
        int k, n;
    };
    const Layer layers[] = {{"qkv", 768, 2304}, {"attn proj", 768, 768}, {"mlp up", 768, 3072}, {"mlp down", 3072, 768}};
    for (const int T : {256, 1024}) {
        if (quick && T > 256) continue;
        for (const int th : thread_counts) {
            double ours_s = 0, blas_s = 0, flops = 0;
            for (const Layer& l : layers) {
                const GemmShape s{T, l.k, l.n};
                const double ours = linear_gflops(s, th), blas = openblas_gemm_gflops(s, th);
                std::printf("%6d %8d %-12s %10.1f ", T, th, l.name, ours);
                if (blas > 0) std::printf("%10.1f %7.0f%%\n", blas, 100.0 * ours / blas);
                else std::printf("%10s %8s\n", "-", "-");
                flops += s.flops();
                ours_s += s.flops() / (ours * 1e9);
                if (blas > 0) blas_s += s.flops() / (blas * 1e9);
            }
            std::printf("%6d %8d %-12s %10.1f ", T, th, "all four", flops / ours_s / 1e9);
            if (blas_s > 0) std::printf("%10.1f %7.0f%%\n", flops / blas_s / 1e9, 100.0 * blas_s / ours_s);
            else std::printf("%10s %8s\n", "-", "-");
        }
    }
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
    opt.attention_budget_bytes = int64_t(4) << 30;   // keep all 144 maps
    opt.activation_budget_bytes = int64_t(4) << 30;  // and every activation
    opt.incremental = false;                         // every repetition a full run
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

// PyTorch's figures from tests/scripts/bench_torch.py, run now on this machine.
struct TorchBaseline {
    bool ok = false;
    std::string version;
    std::map<std::pair<int, int>, std::pair<double, double>> mha;  // (T, threads) -> (nn.MHA, seed) ms
    // The GPT-2-small-shaped forward, (T, threads) -> PyTorch written the fast
    // way (the honest peer) and the seed tutorial's classes as users write them.
    struct Gpt2 {
        double fast_ms = 0, fast_mb = 0, seed_ms = 0, seed_mb = 0;
    };
    std::map<std::pair<int, int>, Gpt2> gpt2;
};

TorchBaseline run_torch(bool quick) {
    TorchBaseline b;
    // Installed in share/attnscope/scripts, linked there in a build tree.
    const std::string script = session::resourcePath(QStringLiteral("scripts/bench_torch.py")).toStdString();
    if (script.empty()) {
        std::fprintf(stderr, "bench --torch: scripts/bench_torch.py is not in this installation's share/attnscope\n");
        return b;
    }
    // The best-configured PyTorch of the README: OpenBLAS with its own kernels
    // and huge pages for fresh allocations.
    const std::string cmd = "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE GLIBC_TUNABLES=glibc.malloc.hugetlb=1 "
                            "/usr/bin/python3 '" + script + "'" + (quick ? " --quick" : "") + " 2>/dev/null";
    std::fprintf(stderr, "running PyTorch baselines (%s)...\n", script.c_str());
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return b;
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    if (pclose(p) != 0) return b;
    try {
        const Json j = Json::parse(out);
        b.version = j.find("torch")->as_string();
        for (const Json& r : j.find("mha")->items())
            b.mha[{int(r.find("T")->as_int()), int(r.find("threads")->as_int())}] = {
                r.find("nn_multihead_ms")->as_double(), r.find("seed_mha_ms")->as_double()};
        for (const Json& r : j.find("gpt2")->items()) {
            TorchBaseline::Gpt2& g = b.gpt2[{int(r.find("T")->as_int()), int(r.find("threads")->as_int())}];
            const Json* way = r.find("way");
            const bool fast = way && way->as_string() == "fast";
            (fast ? g.fast_ms : g.seed_ms) = r.find("ms")->as_double();
            (fast ? g.fast_mb : g.seed_mb) = r.find("peak_mb")->as_double();
        }
        b.ok = !b.gpt2.empty() && std::all_of(b.gpt2.begin(), b.gpt2.end(), [](const auto& g) {
            return g.second.fast_ms > 0 && g.second.seed_ms > 0;
        });
    } catch (const std::exception&) {
    }
    return b;
}

int bench(const std::vector<std::string>& argv) {
    std::set<std::string> valued = {"child-gpt2", "threads", "text-file", "tokens", "edit", "repeat", "attention-budget-mb",
                                   "activation-budget-mb", "kv-budget-mb", "generate", "llama-cpp"};
    valued.insert(kModelOptions.begin(), kModelOptions.end());
    std::set<std::string> flags = {"quick", "torch", "json", "scan", "baseline", "head-stats", "attribution", "gguf"};
    flags.insert(kModelFlags.begin(), kModelFlags.end());
    const Args args(argv, valued, flags);
    if (args.has("model") || args.has("random")) return bench_model(args);
    for (const char* only :
         {"text-file", "tokens", "edit", "repeat", "json", "tokenizer", "scan", "baseline", "head-stats", "attribution",
          "generate"})
        if (args.has(only)) throw UsageError(std::string("bench --") + only + " needs --model PATH (or --random SPEC)");
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

    const TorchBaseline torch = args.has("torch") ? run_torch(quick) : TorchBaseline{};
    if (args.has("torch") && !torch.ok)
        std::printf("(PyTorch baselines unavailable: is python3-torch installed?)\n");
    if (torch.ok) std::printf("PyTorch %s measured in this run for the 'vs torch' columns\n", torch.version.c_str());

    std::map<int, double> fma;
    std::printf("\nCeilings, measured in this run. GEMM: 1024x768 . 768x3072, single precision\n");
    std::printf("  OpenBLAS: %s\n", openblas_description().c_str());
    std::printf("%8s %14s %14s %14s\n", "threads", "FMA peak", "AttnScope GEMM", "OpenBLAS GEMM");
    for (const int th : thread_counts) {
        fma[th] = fma_peak_gflops(th);
        const Ceilings c = ceilings(th, fma[th]);
        std::printf("%8d %14.1f %14.1f %14.1f\n", th, c.fma, c.ours, c.openblas);
    }
    dense_table(thread_counts, quick);

    std::printf("\nvs GEMM = achieved GFLOP/s / the best GEMM above (AttnScope's or OpenBLAS's), and\n"
                "vs peak = achieved / FMA peak, both measured again just before the row at its thread\n"
                "count. FLOPs count only work a causal forward needs.\n");

    std::printf("\nMultiHeadAttention forward, C=768 H=12, causal, all weights recorded\n");
    std::printf("%6s %8s %10s %9s %9s %8s %8s %10s %9s%s\n", "T", "threads", "ms", "GFLOP/s", "best GEMM", "vs GEMM",
                "vs peak", "naive ms", "speed-up", torch.ok ? "  nn.MHA ms  vs torch   seed ms  vs seed" : "");
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
            const Ceilings c = ceilings(th, fma[th]);
            const double ms = best_ms([&] { run_multi_head_attention(mha_w, 0, ConstMapRM(x.data(), T, 768), opt, lt); }, 20);
            const double gf = mha_flops(T, 768) / (ms * 1e6);
            std::printf("%6d %8d %10.2f %9.1f %9.1f %7.0f%% %7.0f%% ", T, th, ms, gf, c.best_gemm(),
                        100.0 * gf / c.best_gemm(), 100.0 * gf / c.fma);
            if (naive > 0) std::printf("%10.1f %8.0fx", naive, naive / ms);
            else std::printf("%10s %9s", "-", "-");
            if (const auto it = torch.mha.find({T, th}); it != torch.mha.end())
                std::printf("  %9.2f %7.2fx %9.2f %7.2fx", it->second.first, it->second.first / ms, it->second.second,
                            it->second.second / ms);
            std::printf("\n");
        }
    }

    std::printf("\nGPT-2-small-shaped forward (12 layers, C=768, H=12, V=50257), full trace, logits for the last position\n");
    std::printf("%6s %8s %10s %9s %9s %8s %8s %12s %9s%s\n", "T", "threads", "ms", "GFLOP/s", "best GEMM", "vs GEMM",
                "vs peak", "peak RSS MB", "trace MB",
                torch.ok ? "  torch ms  vs torch  torch MB   seed ms   vs seed" : "");
    for (const int T : sizes) {
        if (quick && T > 256) continue;
        for (const int th : thread_counts) {
            const Ceilings c = ceilings(th, fma[th]);
            const ChildResult r = run_child(T, th);
            const double gf = gpt2_flops(T, 768, 12, 50257) / (r.ms * 1e6);
            std::printf("%6d %8d %10.1f %9.1f %9.1f %7.0f%% %7.0f%% %12.0f %9.0f", T, th, r.ms, gf, c.best_gemm(),
                        100.0 * gf / c.best_gemm(), 100.0 * gf / c.fma, r.peak_mb, r.trace_mb);
            if (const auto it = torch.gpt2.find({T, th}); it != torch.gpt2.end())
                std::printf("  %8.0f %7.2fx %9.0f %9.0f %8.2fx", it->second.fast_ms, it->second.fast_ms / r.ms,
                            it->second.fast_mb, it->second.seed_ms, it->second.seed_ms / r.ms);
            std::printf("\n");
        }
    }
    std::printf("\n(peak RSS includes the 124M float32 weights, ~475 MB)\n");
    if (torch.ok)
        std::printf("torch: PyTorch written the fast way (fused q/k/v, heads batched, logits for the last position;\n"
                    "tests/scripts/bench_torch.py checks it against the seed's classes). seed: the seed tutorial's\n"
                    "classes as users write them (a module per head, logits for every position).\n");
    return 0;
}

}  // namespace cli
