// attnscope-cli dump: run the model once and write the trace as JSON.
#include <charconv>
#include <fstream>
#include <iostream>
#include <memory>

#include "args.h"
#include "attnscope/error.h"
#include "attnscope/json.h"
#include "attnscope/model.h"
#include "attnscope/model_file.h"
#include "commands.h"

namespace cli {

namespace {

std::vector<int> parse_int_list(const std::string& s, const char* what) {
    std::vector<int> out;
    size_t pos = 0;
    while (pos <= s.size()) {
        const size_t comma = std::min(s.find(',', pos), s.size());
        const std::string item = s.substr(pos, comma - pos);
        int v = 0;
        auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || p != item.data() + item.size())
            throw UsageError(std::string(what) + " must be comma-separated integers, not '" + s + "'");
        out.push_back(v);
        pos = comma + 1;
    }
    return out;
}

std::vector<attnscope::HeadRef> parse_heads(const std::string& s) {
    std::vector<attnscope::HeadRef> out;
    size_t pos = 0;
    while (pos <= s.size()) {
        const size_t comma = std::min(s.find(',', pos), s.size());
        const std::string item = s.substr(pos, comma - pos);
        const size_t dot = item.find('.');
        int l = -1, h = -1;
        bool ok = dot != std::string::npos;
        if (ok) {
            auto r1 = std::from_chars(item.data(), item.data() + dot, l);
            auto r2 = std::from_chars(item.data() + dot + 1, item.data() + item.size(), h);
            ok = r1.ec == std::errc() && r1.ptr == item.data() + dot && r2.ec == std::errc() &&
                 r2.ptr == item.data() + item.size();
        }
        if (!ok) throw UsageError("--ablate takes LAYER.HEAD,... (e.g. 0.1,2.3), not '" + s + "'");
        out.push_back({l, h});
        pos = comma + 1;
    }
    return out;
}

void write_matrix(attnscope::JsonWriter& w, const attnscope::MatrixRM& m) {
    w.begin_array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) w.array(m.row(r).data(), m.cols());
    w.end_array();
}

}  // namespace

int dump(const std::vector<std::string>& argv) {
    const Args args(argv, {"model", "random", "tokens", "o", "output", "ablate", "threads"},
                    {"bidirectional"});
    if (args.has("model") == args.has("random"))
        throw UsageError("dump needs exactly one of --model FILE or --random SPEC");
    if (!args.has("tokens")) throw UsageError("dump needs --tokens 1,2,3");
    const std::string out_path = args.get("o", args.get("output"));
    if (out_path.empty()) throw UsageError("dump needs -o OUT.json");

    // Every argument is checked before any file is read.
    const std::vector<int> tokens = parse_int_list(args.get("tokens"), "--tokens");
    attnscope::RunOptions opt;
    opt.causal = !args.has("bidirectional");
    opt.threads = args.get_int("threads", 0, 0, 1024);
    if (args.has("ablate")) opt.ablate = parse_heads(args.get("ablate"));

    std::shared_ptr<const attnscope::Weights> weights;
    if (args.has("random")) {
        uint64_t seed = 0;
        const auto config = attnscope::ModelConfig::parse_spec(args.get("random"), &seed);
        weights = std::make_shared<attnscope::Weights>(attnscope::random_weights(config, seed));
    } else {
        weights = attnscope::load_model(args.get("model")).weights;
    }
    const attnscope::Model model(weights);
    const attnscope::Trace tr = model.run(tokens, opt);

    std::ofstream f(out_path, std::ios::binary | std::ios::trunc);
    if (!f) throw attnscope::Error(attnscope::ErrorCode::Io, "cannot write '" + out_path + "'");
    attnscope::JsonWriter w(f);
    w.begin_object();
    w.key("config").raw(model.config().to_json());
    w.key("tokens").begin_array();
    for (const int id : tr.tokens) w.begin_object().key("id").value(id).key("text").null().end_object();
    w.end_array();
    w.key("shapes").begin_array();
    for (const auto& s : tr.stages)
        w.begin_object().key("stage").value(s.stage).key("layer").value(s.layer)
            .key("tensor").value(s.tensor).key("shape").array(s.shape).end_object();
    w.end_array();
    w.key("layers").begin_array();
    for (int l = 0; l < tr.n_layer(); ++l) {
        w.begin_object().key("heads").begin_array();
        for (int h = 0; h < tr.n_head(); ++h) {
            w.begin_object();
            w.key("weights");
            write_matrix(w, tr.head_weights(l, h));
            w.key("scores");
            write_matrix(w, tr.head_scores(l, h));
            w.end_object();
        }
        w.end_array().end_object();
    }
    w.end_array();
    const auto last = tr.logits_at(tr.T() - 1);
    w.key("logits_last").array(last.data(), last.size());
    w.end_object();
    f << '\n';
    if (!f) throw attnscope::Error(attnscope::ErrorCode::Io, "cannot write '" + out_path + "' (disk full?)");
    return 0;
}

}  // namespace cli
