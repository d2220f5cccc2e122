// attnscope-cli bench --model PATH: how fast AttnScope is on the user's own model,
// as one JSON object: a full run, and a run after a small edit (one character
// appended, or one token changed in the middle), which reuses the rows before it.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <exception>
#include <iostream>
#include <mutex>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli/args.h"
#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/formats/json.h"
#include "attnscope/explain/ablation.h"
#include "attnscope/explain/head_stats.h"
#include "attnscope/run/model.h"
#include "attnscope/explain/predict.h"
#include "cli/bench_peak.h"
#include "cli/bench_model.h"
#include "cli/common.h"

namespace cli {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Best of `reps` timed calls of `timed`, each after an untimed `prepare`.
double best_of(int reps, const std::function<void()>& prepare, const std::function<void()>& timed) {
    double best = 1e300;
    for (int i = 0; i < reps; ++i) {
        prepare();
        const auto t0 = Clock::now();
        timed();
        best = std::min(best, ms_since(t0));
    }
    return best;
}

// What keeping bfloat16 weights mapped and converting them as they are used
// would add to every run, at the least: one pass converting every parameter
// from bfloat16 (a 16-bit shift, the cheapest conversion there is) into
// float32, on all the run's threads. Compared with edit_ms it says why the
// weights are converted once, at load (README, "Folders").
double bf16_convert_ms(const attnscope::ModelConfig& c, int threads, int reps) {
    const int64_t n = c.parameter_count();
    std::vector<uint16_t> src(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) src[size_t(i)] = uint16_t(0x3C00 + (i & 0xFF));
    std::vector<float> dst(static_cast<size_t>(n));
    return best_of(reps, [] {}, [&] {
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int64_t i = 0; i < n; ++i) {
            const uint32_t bits = uint32_t(src[size_t(i)]) << 16;
            std::memcpy(&dst[size_t(i)], &bits, 4);
        }
    });
}

// The scan as it was first built, for the speed-up: every head a whole run with
// logits at every position, heads side by side, one thread each.
std::vector<double> whole_run_losses(const attnscope::Model& model, const std::vector<int>& ids, int threads) {
    const int H = model.config().n_head, n = model.config().n_layer * H;
    std::vector<double> losses(static_cast<size_t>(n));
    std::exception_ptr error;  // no exception may leave the OpenMP region
    std::mutex mutex;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (int i = 0; i < n; ++i) {
        try {
            attnscope::RunOptions opt;
            opt.threads = 1;
            opt.logits_rows = -1;
            opt.attention_budget_bytes = 0;
            opt.ablate = {{i / H, i % H}};
            losses[size_t(i)] = attnscope::mean_next_token_loss(model.run(ids, opt));
        } catch (...) {
            const std::lock_guard<std::mutex> lock(mutex);
            if (!error) error = std::current_exception();
        }
    }
    if (error) std::rethrow_exception(error);
    return losses;
}

// bench --scan: the ablation scan's time against the FMA peak and the best GEMM
// measured in the same run, and (with --baseline) against whole runs per head.
int bench_scan(const Args& args, const attnscope::Model& model, const std::vector<int>& ids, int threads, int reps) {
    const attnscope::ModelConfig& cfg = model.config();
    if (ids.size() < 2) throw UsageError("bench --scan needs at least two tokens");
    attnscope::ScanOptions so;
    so.threads = threads;
    attnscope::AblationScan scan;
    const double scan_ms = best_of(reps, [] {}, [&] { scan = attnscope::ablation_scan(model, ids, so); });
    const double flops = attnscope::ablation_scan_flops(cfg, double(ids.size()));
    const double fma = fma_peak_gflops(threads);
    const double openblas = openblas_gemm_gflops(GemmShape{}, threads);
    attnscope::JsonWriter w(std::cout);
    w.begin_object()
        .key("tokens").value(int(ids.size()))
        .key("threads").value(threads)
        .key("heads").value(int(scan.heads.size()))
        .key("scan_ms").value(scan_ms)
        .key("scan_gflop").value(flops / 1e9)
        .key("scan_gflops").value(flops / (scan_ms * 1e6))
        .key("fma_peak_gflops").value(fma)
        .key("fma_bound_ms").value(flops / (fma * 1e6))
        .key("openblas_gemm_gflops").value(openblas);
    if (args.has("baseline")) {
        std::vector<double> whole;
        const double whole_ms = best_of(1, [] {}, [&] { whole = whole_run_losses(model, ids, threads); });
        bool equal = true;
        for (size_t i = 0; i < whole.size(); ++i) equal = equal && whole[i] == scan.heads[i].loss;
        w.key("whole_runs_ms").value(whole_ms).key("speedup").value(whole_ms / scan_ms).key("losses_equal").value(equal);
    }
    w.end_object();
    std::cout << '\n';
    return 0;
}

// --head-stats: the head statistics of the text's trace on `threads` threads
// (one head per thread, as head_statistics runs), against, in the same run,
// reading every head's weights alone (the rebuild it cannot avoid) and the
// statistics with a double log per weight (before entropy was vectorised).
struct HeadStatsTimes {
    double stats_ms = 0, bands_ms = 0, double_log_ms = 0;
    double largest_entropy_gap = 0;  // relative, vectorised against double logs
};
HeadStatsTimes time_head_stats(const attnscope::Trace& tr, int threads) {
    HeadStatsTimes out;
    const int n = tr.n_layer() * tr.n_head(), T = tr.T();
    constexpr int kBand = 256;  // as head_statistics reads them
    std::vector<double> entropy(static_cast<size_t>(n));
    // Each head's weights a band at a time; `row` sees each row's visible keys.
    auto every_head = [&](const std::function<void(int head, const float* row, int visible)>& row) {
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1)
        for (int i = 0; i < n; ++i)
            for (int r0 = 0; r0 < T; r0 += kBand) {
                const int r1 = std::min(T, r0 + kBand);
                const attnscope::MatrixRM w = tr.head_weights(i / tr.n_head(), i % tr.n_head(), r0, r1, 1);
                for (int t = r0; t < r1; ++t) row(i, w.data() + size_t(t - r0) * size_t(T), tr.causal ? t + 1 : T);
            }
    };
    auto t0 = Clock::now();
    const std::vector<attnscope::HeadStats> stats = attnscope::head_statistics(tr, threads);
    out.stats_ms = ms_since(t0);
    std::vector<float> first(static_cast<size_t>(n), 0.0f);
    t0 = Clock::now();
    every_head([&](int i, const float* row, int) { first[size_t(i)] += row[0]; });
    out.bands_ms = ms_since(t0);
    t0 = Clock::now();
    every_head([&](int i, const float* row, int visible) {
        double h = 0;
        for (int k = 0; k < visible; ++k)
            if (row[k] > 0) h -= double(row[k]) * std::log(double(row[k]));
        entropy[size_t(i)] += h;
    });
    out.double_log_ms = ms_since(t0);
    for (int i = 0; i < n; ++i) {
        const double want = entropy[size_t(i)] / T;
        if (want > 0) out.largest_entropy_gap = std::max(out.largest_entropy_gap, std::abs(stats[size_t(i)].entropy - want) / want);
    }
    return out;
}

double peak_rss_mb() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_maxrss) / 1024.0;
}

// --gguf: one prompt run of a GGUF file (its weights kept as stored, mapped),
// after a short warm-up run that brings every weight page in, as llama.cpp's
// is timed after its model is loaded: time and peak resident memory (the
// mapped file's pages included). With --llama-cpp SCRIPT (make_gguf_reference.mjs,
// node-llama-cpp), llama.cpp's prompt processing of the same tokens of the
// same file on as many threads, run after ours in another process, and the ratio.
int bench_gguf(const Args& args, const session::Document& doc, const attnscope::Model& model,
               const std::vector<int>& ids, int threads, attnscope::RunOptions opt) {
    if (doc.model.format != "gguf") throw UsageError("bench --gguf needs a GGUF file (--model FILE.gguf)");
    opt.incremental = false;
    attnscope::Trace trace;
    const std::vector<int> warm(ids.begin(), ids.begin() + std::min<ptrdiff_t>(ptrdiff_t(ids.size()), 8));
    auto t0 = Clock::now();
    model.run(warm, opt, trace);
    const double warm_ms = ms_since(t0);
    attnscope::Trace tr;
    t0 = Clock::now();
    model.run(ids, opt, tr);
    const double prompt_ms = ms_since(t0);
    const double rss_mb = peak_rss_mb();
    double llama_ms = -1;
    int llama_threads = 0;
    std::string llama_error;
    if (args.has("llama-cpp")) {
        const std::string cmd = "node '" + args.get("llama-cpp") + "' --bench '" + doc.model.path + "' " +
                                std::to_string(ids.size()) + " " + std::to_string(threads) + " 2>/dev/null";
        std::string out;
        int status = -1;
        if (FILE* p = ::popen(cmd.c_str(), "r")) {
            char buf[4096];
            while (const size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
            status = ::pclose(p);
        }
        const size_t brace = out.rfind("{\"file\"");
        try {
            if (status != 0 || brace == std::string::npos) throw std::runtime_error("no result");
            const attnscope::Json j = attnscope::Json::parse(std::string_view(out).substr(brace));
            llama_ms = j.find("prompt_ms")->as_double();
            if (const attnscope::Json* t = j.find("threads"); t && t->is_integer()) llama_threads = int(t->as_int());
        } catch (const std::exception&) {
            llama_error = "node-llama-cpp gave no time (npm install in tests/scripts?)";
        }
    }
    const attnscope::ModelConfig& cfg = model.config();
    attnscope::JsonWriter w(std::cout);
    w.begin_object()
        .key("file").value(doc.model.path)
        .key("arch").value(cfg.arch)
        .key("parameters").value(double(cfg.parameter_count()))
        .key("tokens").value(int(ids.size()))
        .key("threads").value(threads)
        .key("warm_up_ms").value(warm_ms)
        .key("prompt_ms").value(prompt_ms)
        .key("prompt_tokens_per_s").value(double(ids.size()) / (prompt_ms / 1000.0))
        .key("peak_rss_mb").value(rss_mb)
        .key("trace_mb").value(double(tr.bytes()) / (1024.0 * 1024.0));
    if (llama_ms >= 0)
        w.key("llama_cpp_prompt_ms").value(llama_ms)
            .key("llama_cpp_threads").value(llama_threads)
            .key("attnscope_over_llama_cpp").value(prompt_ms / llama_ms);
    if (!llama_error.empty()) w.key("llama_cpp_error").value(llama_error);
    w.end_object();
    std::cout << '\n';
    return 0;
}


}  // namespace

int bench_model(const Args& args) {
    const std::string edit = args.get("edit", "append");
    if (edit != "append" && edit != "middle")
        throw UsageError("--edit takes append or middle, not '" + edit + "'");
    if (args.has("text-file") == args.has("tokens"))
        throw UsageError("bench --model needs exactly one of --text-file FILE or --tokens N");
    if (!args.has("json")) throw UsageError("bench --model prints JSON: add --json");
    const int reps = args.has("scan") || args.has("attribution") ? 1 : args.get_int("repeat", 3, 3, 1000);
    if (int(args.has("scan")) + int(args.has("attribution")) + int(args.has("generate")) > 1)
        throw UsageError("give one of --scan, --attribution or --generate N");
    if (args.has("baseline") && !args.has("scan")) throw UsageError("--baseline goes with --scan");
    attnscope::RunOptions opt;
    opt.threads = args.get_int("threads", 0, 0, attnscope::max_thread_count());
    const int threads = opt.threads > 0 ? opt.threads : attnscope::default_thread_count();
    if (args.has("attention-budget-mb"))
        opt.attention_budget_bytes = int64_t(args.get_int("attention-budget-mb", 0, 0, 1 << 20)) << 20;
    if (args.has("activation-budget-mb"))
        opt.activation_budget_bytes = int64_t(args.get_int("activation-budget-mb", 0, 0, 1 << 20)) << 20;
    if (args.has("kv-budget-mb"))
        opt.kv_budget_bytes = int64_t(args.get_int("kv-budget-mb", 0, 0, 1 << 20)) << 20;

    const session::Document doc = open_model(args);
    const attnscope::ModelConfig& cfg = doc.model.weights->config;
    const attnscope::Model model(doc.model.weights);

    // The input before and after the edit, and how to get the edited ids: from
    // text, tokenizing is part of what a keystroke costs, so it is timed too.
    std::vector<int> before;
    std::function<std::vector<int>()> edited;
    if (args.has("tokens")) {
        const int n = args.get_int("tokens", 0, 1, cfg.context_length);
        for (int i = 0; i < n; ++i) before.push_back(int((int64_t(i) * 7919 + 13) % cfg.vocab_size));
        if (edit == "append" && n == cfg.context_length && !args.has("scan"))
            throw UsageError("--tokens " + std::to_string(n) + " leaves no room to append within the context of " +
                             std::to_string(cfg.context_length));
        const std::vector<int> after = [&] {
            std::vector<int> ids = before;
            if (edit == "append") ids.push_back(int((int64_t(n) * 7919 + 13) % cfg.vocab_size));
            else ids[ids.size() / 2] = (ids[ids.size() / 2] + 1) % cfg.vocab_size;
            return ids;
        }();
        edited = [after] { return after; };
    } else {
        if (!doc.tokenizer)
            throw attnscope::Error(attnscope::ErrorCode::TokenizerMissing,
                                   "no tokenizer found for the model; pass --tokenizer FILE or use --tokens N");
        const std::string text = read_text_file(args.get("text-file"));
        if (const size_t bad = attnscope::find_invalid_utf8(text); bad != std::string::npos)
            throw attnscope::Error(attnscope::ErrorCode::InvalidUtf8,
                                   "the text is not valid UTF-8 at byte " + std::to_string(bad));
        auto ids_of = [&doc](std::string s) {
            session::Tokenized t = session::tokenize(doc, session::TokenInput::utf8(std::move(s)), session::CropPolicy::KeepLast);
            session::requireTokens(t);
            return t.ids;
        };
        before = ids_of(text);
        std::string after = text;
        if (edit == "append") {
            after += 'e';
        } else {
            // The middle token's first byte becomes another letter.
            size_t at = after.size() / 2;
            while (at < after.size() && (static_cast<unsigned char>(after[at]) & 0xC0) == 0x80) ++at;
            if (at < after.size()) after[at] = after[at] == 'e' ? 'a' : 'e';
        }
        // Cropping keeps the last tokens: appending at the context's end moves
        // the window, and the run is a full one (as in the app).
        edited = [ids_of, after] { return ids_of(after); };
    }

    if (args.has("gguf")) return bench_gguf(args, doc, model, before, threads, opt);
    if (args.has("scan")) return bench_scan(args, model, before, threads, args.get_int("repeat", 1, 1, 1000));
    if (args.has("generate")) return bench_generate(args, model, before, threads);
    if (args.has("attribution")) return bench_attribution(args, model, before, threads, args.get_int("repeat", 3, 1, 1000));

    attnscope::Trace trace;
    attnscope::RunOptions full = opt;
    full.incremental = false;
    model.run(before, full, trace);  // warm-up: buffers, pages, thread team
    const double full_ms = best_of(reps, [] {}, [&] { model.run(before, full, trace); });
    int reused = 0, attention_from = 0, after_tokens = 0;
    const double edit_ms = best_of(
        reps, [&] { model.run(before, full, trace); },
        [&] {
            const std::vector<int> ids = edited();
            model.run(ids, opt, trace);
            reused = trace.reused_rows;
            attention_from = trace.attention_from;
            after_tokens = trace.T();
        });

    std::optional<HeadStatsTimes> head_stats;
    if (args.has("head-stats")) head_stats = time_head_stats(trace, threads);
    const double rss_mb = peak_rss_mb();  // before the conversion benchmark's buffers
    const double convert_ms = bf16_convert_ms(cfg, threads, reps);
    attnscope::JsonWriter w(std::cout);
    w.begin_object()
        .key("tokens").value(int(before.size()))
        .key("threads").value(threads)
        .key("full_ms").value(full_ms)
        .key("full_gflops").value(attnscope::forward_flops(cfg, double(before.size())) / (full_ms * 1e6))
        .key("edit").value(edit)
        .key("edit_ms").value(edit_ms)
        .key("edit_tokens").value(after_tokens)
        .key("edit_reused_rows").value(reused)
        .key("edit_attention_from").value(attention_from)
        .key("weights_stored").value(trace.weights_dense)
        .key("attention_budget_mb").value(double(opt.attention_budget_bytes) / (1024.0 * 1024.0))
        .key("activations_kept").value(trace.activations_kept)
        .key("activation_budget_mb").value(double(opt.activation_budget_bytes) / (1024.0 * 1024.0))
        .key("kv_kept").value(trace.kv_kept)
        .key("kv_budget_mb").value(double(opt.kv_budget_bytes) / (1024.0 * 1024.0))
        .key("peak_rss_mb").value(rss_mb)
        .key("trace_mb").value(double(trace.bytes()) / (1024.0 * 1024.0))
        .key("bf16_convert_ms").value(convert_ms);
    if (head_stats)
        w.key("head_stats_ms").value(head_stats->stats_ms)
            .key("head_bands_ms").value(head_stats->bands_ms)
            .key("head_stats_double_log_ms").value(head_stats->double_log_ms)
            .key("head_stats_speedup").value(head_stats->double_log_ms / head_stats->stats_ms)
            .key("entropy_largest_relative_gap").value(head_stats->largest_entropy_gap);
    w.end_object();
    std::cout << '\n';
    return 0;
}

}  // namespace cli
