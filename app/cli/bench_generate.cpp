// attnscope-cli bench --generate N: greedy generation's tokens/s with the full
// trace kept, against the bound of reading every weight once per token at the
// memory bandwidth measured in the same run, and (--torch) against a PyTorch
// greedy loop with a KV cache on the same weights (tests/scripts/bench_torch.py
// --generate), which must choose the same tokens.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "attnscope/formats/json.h"
#include "attnscope/formats/safetensors.h"
#include "attnscope/model/model_file.h"
#include "attnscope/model/weights.h"
#include "attnscope/run/generate.h"
#include "cli/bench_model.h"
#include "cli/bench_peak.h"
#include "session/paths.h"

namespace cli {

namespace {

struct TorchGenerate {
    double tokens_per_s = 0;
    std::vector<int> ids;
    std::string why;  // empty when it ran
};

// The weights under the seed's names, written for the PyTorch side to load.
TorchGenerate torch_generate(const attnscope::Weights& w, const std::vector<int>& prompt, int n, int threads) {
    TorchGenerate out;
    const std::string& arch = w.config.arch;
    if (arch != "seed" && arch != "gpt2") {
        out.why = "the PyTorch loop is written for the seed and GPT-2 rows";
        return out;
    }
    const std::string script = session::resourcePath(QStringLiteral("scripts/bench_torch.py")).toStdString();
    if (script.empty()) {
        out.why = "scripts/bench_torch.py is not in this installation";
        return out;
    }
    char path[] = "/tmp/attnscope-bench-XXXXXX.safetensors";
    const int fd = mkstemps(path, 12);
    if (fd < 0) {
        out.why = "no temporary file";
        return out;
    }
    close(fd);
    attnscope::write_safetensors(path, attnscope::to_seed_state_dict(w), {{attnscope::kMetaConfig, w.config.to_json()}});
    std::string ids;
    for (const int id : prompt) {
        if (!ids.empty()) ids += ',';
        ids += std::to_string(id);
    }
    // Appended piece by piece: GCC 12 warns falsely (-Wstringop-overflow) about a + b chains here.
    std::string cmd = "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE GLIBC_TUNABLES=glibc.malloc.hugetlb=1 /usr/bin/python3 '";
    cmd += script;
    cmd += "' --generate '";
    cmd += path;
    cmd += "' ";
    cmd += ids;
    cmd += ' ';
    cmd += std::to_string(n);
    cmd += ' ';
    cmd += std::to_string(threads);
    cmd += " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    std::string text;
    char buf[4096];
    size_t got;
    while (p && (got = std::fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, got);
    const int status = p ? pclose(p) : -1;
    std::remove(path);
    if (status != 0) {
        out.why = "python3-torch did not run";
        return out;
    }
    try {
        const attnscope::Json j = attnscope::Json::parse(text);
        out.tokens_per_s = j.find("tokens_per_s")->as_double();
        for (const attnscope::Json& id : j.find("ids")->items()) out.ids.push_back(int(id.as_int()));
    } catch (const std::exception&) {
        out.why = "unreadable output from bench_torch.py";
    }
    return out;
}

}  // namespace

int bench_generate(const Args& args, const attnscope::Model& model, const std::vector<int>& prompt, int threads) {
    const int n = args.get_int("generate", 0, 1, 1 << 16);
    const attnscope::ModelConfig& c = model.config();
    if (int(prompt.size()) + n > c.context_length)
        throw UsageError("a prompt of " + std::to_string(prompt.size()) + " tokens and " + std::to_string(n) +
                         " new ones pass the context of " + std::to_string(c.context_length));
    attnscope::GenerateOptions o;
    o.max_new = n;
    o.run.threads = threads;
    // The prompt runs first: the timed loop is the generation alone, each
    // step one new row with every tensor and attention map kept.
    attnscope::Trace trace;
    model.run(prompt, o.run, trace);
    attnscope::Generation g = attnscope::generate(model, prompt, o, trace);
    model.run(prompt, o.run, trace);
    g = attnscope::generate(model, prompt, o, trace);  // the better of two, the first warms the buffers
    const double gbs = memory_read_gbs(threads);
    // What a token reads at least: every block's weights and the unembedding,
    // float32.
    const double block_params = double(c.parameter_count()) - double(c.vocab_size) * c.n_embed * (c.tied_lm_head ? 1 : 2) -
                                (c.position == attnscope::PositionKind::Learned ? double(c.context_length) * c.n_embed : 0);
    const double bytes = 4.0 * (block_params + double(c.vocab_size) * c.n_embed);
    const double bound = gbs * 1e9 / bytes;
    attnscope::JsonWriter w(std::cout);
    w.begin_object()
        .key("prompt_tokens").value(int(prompt.size()))
        .key("new_tokens").value(int(g.ids.size()))
        .key("threads").value(threads)
        .key("tokens_per_s").value(g.tokens_per_s())
        .key("trace_mb").value(double(trace.bytes()) / (1 << 20))
        .key("weights_mb_per_token").value(bytes / (1 << 20))
        .key("memory_read_gbs").value(gbs)
        .key("bandwidth_bound_tokens_per_s").value(bound)
        .key("fraction_of_bound").value(g.tokens_per_s() / bound);
    if (args.has("torch")) {
        const TorchGenerate t = torch_generate(model.weights(), prompt, n, threads);
        if (t.why.empty())
            w.key("torch_tokens_per_s").value(t.tokens_per_s)
                .key("vs_torch").value(g.tokens_per_s() / t.tokens_per_s)
                .key("torch_same_ids").value(t.ids == g.ids);
        else
            w.key("torch_tokens_per_s").null().key("torch_why").value(t.why);
    }
    w.end_object();
    std::cout << '\n';
    return 0;
}

}  // namespace cli
