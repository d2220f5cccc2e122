// attnscope-cli dump: run the model once and write the trace as JSON.
#include <sstream>

#include "cli/args.h"
#include "attnscope/common/error.h"
#include "attnscope/run/trace_tensors.h"
#include "attnscope/common/file_io.h"
#include "attnscope/formats/json.h"
#include "attnscope/run/model.h"
#include "cli/commands.h"
#include "cli/common.h"

namespace cli {

namespace {

// The most weights and scores dump writes: about 1.5 GB of JSON text (GPT-2
// small up to 682 tokens, the demo model at every length it takes).
constexpr int64_t kMaxDumpValues = int64_t(1) << 27;

void write_matrix(attnscope::JsonWriter& w, const attnscope::MatrixRM& m) {
    w.begin_array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) w.array(m.row(r).data(), m.cols());
    w.end_array();
}

}  // namespace

int dump(const std::vector<std::string>& argv) {
    std::set<std::string> valued = {"o", "output", "ablate", "threads"};
    valued.insert(kModelOptions.begin(), kModelOptions.end());
    valued.insert(kInputOptions.begin(), kInputOptions.end());
    std::set<std::string> flags = {"bidirectional", "crop"};
    flags.insert(kModelFlags.begin(), kModelFlags.end());
    const Args args(argv, valued, flags);
    const std::string out_path = args.get("o", args.get("output"));
    if (out_path.empty()) throw UsageError("dump needs -o OUT.json");
    // Every argument is checked before any file is read.
    if (args.has("tokens")) parse_int_list(args.get("tokens"), "--tokens");
    attnscope::RunOptions opt;
    opt.causal = !args.has("bidirectional");
    // More threads than 4 per core only slow a run, and thousands make the
    // OpenMP runtime end the process with its own message.
    opt.threads = args.get_int("threads", 0, 0, attnscope::max_thread_count());
    if (args.has("ablate")) opt.ablate = parse_heads(args.get("ablate"));
    if (int(args.has("text")) + int(args.has("text-file")) + int(args.has("tokens")) != 1)
        throw UsageError("dump needs exactly one of --text T, --text-file FILE or --tokens 1,2,3");

    const session::Document doc = open_model(args);
    const Input in = read_input(args, doc, args.has("crop"));
    const attnscope::Model model(doc.model.weights);
    // Every head's (T, T) weights and scores, as JSON text built in memory and
    // then written: GPT-2 small at 2,048 tokens would be 1.2 billion values,
    // some 14 GB of text held twice. Refused before the run, with the ways
    // that do scale.
    const int64_t T = int64_t(in.ids.size()), heads = int64_t(model.config().n_layer) * model.config().n_head;
    if (2 * heads * T * T > kMaxDumpValues)
        throw attnscope::Error(
            attnscope::ErrorCode::TooLarge,
            "dump writes every head's weights and scores as JSON: " + std::to_string(heads) + " heads of " +
                std::to_string(T) + " x " + std::to_string(T) + " make " + std::to_string(2 * heads * T * T / 1000000) +
                " million values, past the " + std::to_string(kMaxDumpValues / 1000000) +
                " million it writes; for a long text export a head or every head as NPY (export --view head "
                "--format npy, or export --all-heads --format npy --out-dir DIR)");
    const attnscope::Trace tr = model.run(in.ids, opt, progress_line("running the model"));

    // Built in memory, then written atomically: a full disk is an error, not a
    // truncated trace.
    std::ostringstream f;
    attnscope::JsonWriter w(f);
    w.begin_object();
    w.key("config").raw(model.config().to_json());
    w.key("tokens").begin_array();
    for (size_t i = 0; i < in.ids.size(); ++i) {
        w.begin_object().key("id").value(in.ids[i]).key("text");
        if (doc.tokenizer) w.value(in.texts[i]);
        else w.null();
        w.end_object();
    }
    w.end_array();
    if (in.dropped > 0) w.key("dropped_tokens").value(in.dropped);
    w.key("shapes").begin_array();
    for (const auto& s : tr.stages) attnscope::write_stage_json(w, s);
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
    attnscope::write_file_atomically(out_path, f.str());
    return 0;
}

}  // namespace cli
