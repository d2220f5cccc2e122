// attnscope-cli bench --attribution: the attribution methods' time against
// the forward pass they explain, measured in the same run on the same model
// and tokens, and (with --torch) against PyTorch autograd written the fast
// way (tests/scripts/bench_torch.py --saliency).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>

#include "attnscope/explain/attribution.h"
#include "attnscope/explain/ablation.h"
#include "attnscope/formats/json.h"
#include "attnscope/run/backward.h"
#include "attnscope/run/model.h"
#include "cli/bench_model.h"
#include "session/paths.h"

namespace cli {

namespace {

using Clock = std::chrono::steady_clock;

double best_ms(int reps, const std::function<void()>& f) {
    double best = 1e300;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = Clock::now();
        f();
        best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    return best;
}

// PyTorch's forward and its forward + backward of one logit with respect to
// the token embeddings, all attention maps kept: {forward_ms, saliency_ms},
// or {0, 0} when it cannot run.
std::pair<double, double> torch_saliency(int T, int threads) {
    const std::string script = session::resourcePath(QStringLiteral("scripts/bench_torch.py")).toStdString();
    if (script.empty()) return {0, 0};
    const std::string cmd = "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE GLIBC_TUNABLES=glibc.malloc.hugetlb=1 "
                            "/usr/bin/python3 '" + script + "' --saliency " + std::to_string(T) + " " +
                            std::to_string(threads) + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return {0, 0};
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    if (pclose(p) != 0) return {0, 0};
    try {
        const attnscope::Json j = attnscope::Json::parse(out);
        return {j.find("forward_ms")->as_double(), j.find("saliency_ms")->as_double()};
    } catch (const std::exception&) {
        return {0, 0};
    }
}

}  // namespace

int bench_attribution(const Args& args, const attnscope::Model& model, const std::vector<int>& ids, int threads,
                      int reps) {
    if (ids.size() < 2) throw UsageError("bench --attribution needs at least two tokens");
    attnscope::RunOptions run;
    run.threads = threads;
    attnscope::Trace trace;
    model.run(ids, run, trace);  // warm-up
    attnscope::RunOptions full = run;
    full.incremental = false;
    const double forward_ms = best_ms(reps, [&] { model.run(ids, full, trace); });
    const attnscope::GradientTarget target = attnscope::default_target(model, ids, run);
    const attnscope::GradientOptions maps{.attention = true, .heads = true, .residual = true, .threads = threads};
    const double saliency_ms = best_ms(reps, [&] { attnscope::gradients(model, ids, run, target, maps); });
    const double attribute_ms = best_ms(reps, [&] { attnscope::attribute(model, ids, run, target, 5, threads); });
    const double patch_ms = best_ms(reps, [&] { attnscope::patch_estimates(model, ids, run, threads); });
    // The forward the exact ablation scan runs once per head and once for the
    // base: every position's next-token loss, so every position's logits. The
    // estimate stands in for 1 + L*H of these.
    attnscope::Trace scan_trace;
    const double scan_forward_ms = best_ms(reps, [&] {
        attnscope::ablation_base_loss(model, ids, {.threads = threads}, scan_trace);
    });
    constexpr int kSteps = 32;
    const double ig_ms = best_ms(1, [&] { attnscope::integrated_gradients(model, ids, run, target, kSteps, threads); });
    // The same 32 + 2 gradients one input at a time: what batching saves.
    std::vector<float> alphas;
    for (int k = 1; k <= kSteps; ++k) alphas.push_back(float((k - 0.5) / kSteps));
    alphas.push_back(1.0f);
    alphas.push_back(0.0f);
    const double ig_single_ms = best_ms(1, [&] {
        attnscope::scaled_embedding_gradients(model, ids, run, target, alphas, 1, threads);
    });
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    attnscope::JsonWriter w(std::cout);
    w.begin_object()
        .key("tokens").value(int(ids.size()))
        .key("threads").value(threads)
        .key("forward_ms").value(forward_ms)
        .key("saliency_ms").value(saliency_ms)
        .key("saliency_over_forward").value(saliency_ms / forward_ms)
        .key("attribute_ms").value(attribute_ms)
        .key("attribute_over_forward").value(attribute_ms / forward_ms)
        .key("patch_estimate_ms").value(patch_ms)
        .key("patch_estimate_over_forward").value(patch_ms / forward_ms)
        .key("scan_forward_ms").value(scan_forward_ms)
        .key("patch_estimate_over_scan_forward").value(patch_ms / scan_forward_ms)
        .key("ig_steps").value(kSteps)
        .key("ig_ms").value(ig_ms)
        .key("ig_over_forward").value(ig_ms / forward_ms)
        .key("ig_one_at_a_time_ms").value(ig_single_ms)
        .key("ig_batch_speedup").value(ig_single_ms / ig_ms)
        .key("peak_rss_mb").value(double(ru.ru_maxrss) / 1024.0);
    // PyTorch's side builds GPT-2 small: compared only on a model of that shape.
    const attnscope::ModelConfig& c = model.config();
    const bool gpt2_small = c.arch == "gpt2" && c.n_layer == 12 && c.n_head == 12 && c.n_embed == 768 &&
                            c.vocab_size == 50257;
    if (args.has("torch") && !gpt2_small) {
        w.key("torch_saliency_ms").null();
    } else if (args.has("torch")) {
        const auto [torch_forward, torch_saliency_ms] = torch_saliency(int(ids.size()), threads);
        if (torch_saliency_ms > 0)
            w.key("torch_forward_ms").value(torch_forward)
                .key("torch_saliency_ms").value(torch_saliency_ms)
                .key("torch_saliency_over_forward").value(torch_saliency_ms / torch_forward)
                .key("saliency_vs_torch").value(torch_saliency_ms / saliency_ms);
        else
            w.key("torch_saliency_ms").null();
    }
    w.end_object();
    std::cout << '\n';
    return 0;
}

}  // namespace cli
