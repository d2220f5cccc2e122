// attnscope-cli predict, heads and ablate-scan: what the model predicts, what
// each head does (statistics, probes, labels) and how much each head matters.
#include <charconv>
#include <climits>
#include <cmath>
#include <iostream>
#include <memory>
#include <mutex>

#include "cli/args.h"
#include "attnscope/explain/ablation.h"
#include "attnscope/explain/attribution.h"
#include "attnscope/explain/head_stats.h"
#include "attnscope/common/printable.h"
#include "attnscope/formats/json.h"
#include "attnscope/run/model.h"
#include "attnscope/explain/predict.h"
#include "attnscope/run/trace_file.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "session/knockout.h"

namespace cli {

namespace {

// The options every explain verb takes: the model, the input, --threads and --json.
struct Setup {
    session::Document doc;
    Input input;
    int threads = 0;
};

Args parse(const std::vector<std::string>& argv, std::set<std::string> valued, std::set<std::string> flags) {
    valued.insert(kModelOptions.begin(), kModelOptions.end());
    valued.insert(kInputOptions.begin(), kInputOptions.end());
    valued.insert("threads");
    flags.insert("json");
    flags.insert(kModelFlags.begin(), kModelFlags.end());
    return Args(argv, valued, flags);
}

// Checks every argument it can before a file is read, then opens the model and
// reads the input.
Setup prepare(const Args& args, const char* verb) {
    if (!args.positional().empty()) throw UsageError(std::string(verb) + " takes no file argument; use --model FILE");
    if (int(args.has("text")) + int(args.has("text-file")) + int(args.has("tokens")) != 1)
        throw UsageError(std::string(verb) + " needs exactly one of --text T, --text-file FILE or --tokens 1,2,3");
    if (args.has("tokens")) parse_int_list(args.get("tokens"), "--tokens");
    Setup s;
    s.threads = args.get_int("threads", 0, 0, attnscope::max_thread_count());
    s.doc = open_model(args);
    s.input = read_input(args, s.doc);
    return s;
}

// --knockout's edges, checked against the model and the text; a usage error otherwise.
std::vector<attnscope::Knockout> knockouts(const Args& args, const Setup& s) {
    std::vector<attnscope::Knockout> out;
    try {
        if (args.has("knockout")) out = session::parseKnockouts(args.get("knockout"));
        session::checkKnockouts(out, *s.doc.config(), int(s.input.ids.size()));
    } catch (const session::KnockoutSpecError& e) {
        throw UsageError(std::string("--knockout: ") + e.what());
    }
    return out;
}

// --position (default -1: the last) and --target (default -1: the next token,
// or the top prediction at the last position), checked against the text.
attnscope::GradientTarget target_arg(const Args& args, const Setup& s) {
    const int T = int(s.input.ids.size());
    const int position = args.get_int("position", -1, 0, INT_MAX);
    if (position >= T)
        throw UsageError("--position " + std::to_string(position) + " is past the last of the " + std::to_string(T) +
                         " tokens (positions count from 0)");
    const int vocab = s.doc.config()->vocab_size;
    const int target = args.get_int("target", -1, 0, INT_MAX);
    if (target >= vocab)
        throw UsageError("--target " + std::to_string(target) + " is outside the vocabulary of " + std::to_string(vocab));
    return {.kind = attnscope::GradientTarget::Kind::Logit, .position = position, .id = target};
}

// A token's text, or null for an id past the tokenizer's vocabulary (a random model's).
void write_token_text(attnscope::JsonWriter& w, const session::Document& doc, int id) {
    if (doc.tokenizer && id < doc.tokenizer->vocab_size()) w.value(doc.tokenizer->token_text(id));
    else w.null();
}

// Shortest text that reads back as the same double; empty for NaN.
std::string csv_number(double d) {
    if (!std::isfinite(d)) return {};
    char buf[40];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, p);
}

}  // namespace

int predict(const std::vector<std::string>& argv) {
    const Args args = parse(argv, {"position", "top", "knockout", "target"}, {"loss", "lens"});
    if (args.has("target") && !args.has("lens")) throw UsageError("--target names the token the logit lens follows: add --lens");
    const int position = args.get_int("position", -1, 0, INT_MAX);
    const int top = args.get_int("top", 5, 1, INT_MAX);
    std::vector<attnscope::Knockout> knockout;
    try {
        if (args.has("knockout")) knockout = session::parseKnockouts(args.get("knockout"));
    } catch (const session::KnockoutSpecError& e) {
        throw UsageError(std::string("--knockout: ") + e.what());
    }
    const Setup s = prepare(args, "predict");
    const int T = int(s.input.ids.size());
    if (position >= T)
        throw UsageError("--position " + std::to_string(position) + " is past the last of the " + std::to_string(T) +
                         " tokens (positions count from 0)");
    try {
        session::checkKnockouts(knockout, *s.doc.config(), T);
    } catch (const session::KnockoutSpecError& e) {
        throw UsageError(std::string("--knockout: ") + e.what());
    }

    attnscope::RunOptions opt;
    opt.threads = s.threads;
    opt.attention_budget_bytes = 0;  // only the logits are read
    opt.logits_rows = args.has("loss") ? -1 : T - (position < 0 ? T - 1 : position);
    const attnscope::Model model(s.doc.model.weights);
    opt.knockout = knockout;
    const attnscope::Trace tr = model.run(s.input.ids, opt, progress_line("running the model"));
    const int at = position < 0 ? T - 1 : position;

    attnscope::JsonWriter w(std::cout);
    // "top", "next" and (with --loss) "loss" of one run, into the open object.
    const auto write = [&](const attnscope::Prediction& p, const std::vector<double>& losses) {
        w.key("top").begin_array();
        for (const attnscope::TokenProb& t : p.top) {
            w.begin_object().key("id").value(t.id).key("text");
            // A random model's vocabulary may be larger than its tokenizer's: no text then.
            if (s.doc.tokenizer && t.id < s.doc.tokenizer->vocab_size()) w.value(s.doc.tokenizer->token_text(t.id));
            else w.null();
            w.key("prob").value(t.prob).key("logit").value(t.logit).end_object();
        }
        w.end_array().key("next");
        if (p.next) w.begin_object().key("id").value(p.next->id).key("prob").value(p.next->prob)
                        .key("rank").value(p.next->rank).end_object();
        else w.null();
        if (args.has("loss")) {
            // One entry per position, the loss of predicting the token after it;
            // the last position has no next token: null.
            w.key("loss").begin_array();
            for (const double l : losses) w.value(l);
            w.null().end_array();
        }
    };
    w.begin_object().key("position").value(at);
    write(attnscope::predict(tr, at, top), args.has("loss") ? attnscope::next_token_losses(tr) : std::vector<double>());
    if (!knockout.empty()) {
        // The same tokens without the knockouts: only the final norm's output, from
        // the first knocked-out layer on (equal bit for bit to a run without them).
        attnscope::Model::SuffixScratch scratch;
        const attnscope::Tensor& ln_f = model.ln_f_without_knockouts(tr, s.threads, scratch);
        const attnscope::Weights& weights = *s.doc.model.weights;
        w.key("knockout").begin_array();
        for (const attnscope::Knockout& k : knockout) w.value(attnscope::format_knockout(k));
        w.end_array().key("without_knockout").begin_object();
        write(attnscope::predict_from_ln_f(weights, ln_f.cmatrix(), tr.tokens, at, top, s.threads),
              args.has("loss") ? attnscope::next_token_losses_from_ln_f(weights, ln_f.cmatrix(), tr.tokens, 0, s.threads)
                               : std::vector<double>());
        w.end_object();
    }
    if (args.has("lens")) {
        // The residual stream at the position after each block, through the
        // final norm and the unembedding; p(y) of the next token (or of the
        // top prediction at the last position, or of --target).
        attnscope::GradientTarget t = target_arg(args, s);
        t.position = at;
        const attnscope::Attribution a = attnscope::attribute(model, s.input.ids, opt, t, top, s.threads);
        w.key("lens_target").begin_object().key("id").value(a.target.id).key("text");
        write_token_text(w, s.doc, a.target.id);
        w.end_object().key("lens").begin_array();
        for (const attnscope::LensLayer& l : a.lens) {
            w.begin_object().key("layer").value(l.layer).key("top").begin_array();
            for (const attnscope::TokenProb& p : l.top) {
                w.begin_object().key("id").value(p.id).key("text");
                write_token_text(w, s.doc, p.id);
                w.key("prob").value(p.prob).end_object();
            }
            w.end_array().key("target_prob").value(l.target_prob).end_object();
        }
        w.end_array();
    }
    w.end_object();
    std::cout << '\n';
    return 0;
}

int heads(const std::vector<std::string>& argv) {
    const Args args = parse(argv, {"position", "target"}, {"csv", "probes", "attribution"});
    if (args.has("json") && args.has("csv")) throw UsageError("give --json or --csv, not both");
    if ((args.has("position") || args.has("target")) && !args.has("attribution"))
        throw UsageError("--position and --target choose what --attribution explains: add --attribution");
    // A trace file (attnscope/trace_file.h) has the weights the statistics
    // need, and its own tokens; the probes run the model.
    const bool traceFile = args.has("model") && attnscope::is_trace_file(args.get("model"));
    std::unique_ptr<attnscope::Model> model;
    std::shared_ptr<const attnscope::Trace> trp;
    int threads = 0;
    // --attribution: each head's direct logit attribution at P and its
    // attribution-patching estimate of the mean loss.
    attnscope::Attribution attribution;
    attnscope::PatchEstimates patch;
    if (traceFile) {
        if (args.has("probes")) throw UsageError("--probes runs the model on a probe sequence: a trace file holds attention only");
        if (args.has("attribution")) throw UsageError("--attribution needs the model's gradients: a trace file holds attention only");
        for (const std::string& in : kInputOptions)
            if (args.has(in)) throw UsageError("--model is a trace file, which holds its own tokens: drop --" + in);
        threads = args.get_int("threads", 0, 0, attnscope::max_thread_count());
        trp = attnscope::open_trace_file(args.get("model"));
    } else {
        const Setup s = prepare(args, "heads");
        threads = s.threads;
        if (args.has("attribution")) {
            const attnscope::Model m(s.doc.model.weights);
            attribution = attnscope::attribute(m, s.input.ids, {}, target_arg(args, s), 1, s.threads);
            patch = attnscope::patch_estimates(m, s.input.ids, {}, s.threads);
        }
        attnscope::RunOptions opt;
        opt.threads = s.threads;
        opt.logits_rows = 0;
        model = std::make_unique<attnscope::Model>(s.doc.model.weights);
        trp = std::make_shared<const attnscope::Trace>(model->run(s.input.ids, opt, progress_line("running the model")));
    }
    const attnscope::Trace& tr = *trp;
    // head_statistics asks to go on before each band of rows of each head:
    // those asks, counted, are its progress.
    const attnscope::Progress shown = progress_line("head statistics");
    std::mutex counting;
    int asked = 0;
    const int bands = int(std::min<int64_t>(attnscope::head_statistics_steps(tr), INT_MAX));
    std::vector<attnscope::HeadStats> stats = attnscope::head_statistics(tr, threads, [&] {
        if (!shown) return true;
        const std::lock_guard<std::mutex> lock(counting);
        return shown(std::min(asked++, bands - 1), bands);
    });
    if (shown) shown(bands, bands);
    if (args.has("probes")) attnscope::run_probes(*model, stats, threads);
    const double max_entropy = attnscope::uniform_entropy(tr.T(), tr.causal);
    auto labels = [&](const attnscope::HeadStats& h) {
        std::vector<std::string> out;
        for (const attnscope::HeadLabel l : attnscope::head_labels(h, max_entropy)) out.emplace_back(attnscope::head_label_name(l));
        return out;
    };

    if (args.has("csv")) {
        std::cout << "layer,head,entropy,prev_token,first_token,self" << (args.has("probes") ? ",induction,duplicate" : "")
                  << (args.has("attribution") ? ",dla,patch_estimate" : "") << ",labels\n";
        for (const attnscope::HeadStats& h : stats) {
            std::cout << h.layer << ',' << h.head << ',' << csv_number(h.entropy) << ',' << csv_number(h.prev_token) << ','
                      << csv_number(h.first_token) << ',' << csv_number(h.self);
            if (args.has("probes")) std::cout << ',' << csv_number(h.induction) << ',' << csv_number(h.duplicate);
            if (args.has("attribution"))
                std::cout << ',' << csv_number(attribution.dla(h.layer, h.head)) << ','
                          << csv_number(patch.estimate(h.layer, h.head));
            std::string joined;  // labels hold no comma: ';' between them
            for (const std::string& l : labels(h)) joined += (joined.empty() ? "" : ";") + l;
            std::cout << ',' << joined << '\n';
        }
        return 0;
    }
    attnscope::JsonWriter w(std::cout);
    w.begin_object().key("tokens").value(tr.T()).key("uniform_entropy").value(max_entropy);
    if (args.has("probes")) w.key("probe_tokens").value(int(attnscope::probe_sequence(model->config()).size()));
    if (args.has("attribution"))
        w.key("position").value(attribution.target.position).key("target").value(attribution.target.id)
            .key("logit").value(attribution.logit).key("loss").value(patch.loss);
    w.key("heads").begin_array();
    for (const attnscope::HeadStats& h : stats) {
        w.begin_object().key("layer").value(h.layer).key("head").value(h.head).key("entropy").value(h.entropy)
            .key("prev_token").value(h.prev_token).key("first_token").value(h.first_token).key("self").value(h.self);
        if (args.has("probes")) w.key("induction").value(h.induction).key("duplicate").value(h.duplicate);
        if (args.has("attribution"))
            w.key("dla").value(attribution.dla(h.layer, h.head)).key("patch_estimate").value(patch.estimate(h.layer, h.head));
        w.key("labels").begin_array();
        for (const std::string& l : labels(h)) w.value(l);
        w.end_array().end_object();
    }
    w.end_array().end_object();
    std::cout << '\n';
    return 0;
}

int ablate_scan(const std::vector<std::string>& argv) {
    const Args args = parse(argv, {}, {});
    const Setup s = prepare(args, "ablate-scan");
    attnscope::ScanOptions opt;
    opt.threads = s.threads;
    const attnscope::AblationScan scan = attnscope::ablation_scan(attnscope::Model(s.doc.model.weights), s.input.ids, opt,
                                                                  progress_line("ablation scan, runs"));
    attnscope::JsonWriter w(std::cout);
    w.begin_object().key("base_loss").value(scan.base_loss).key("heads").begin_array();
    for (const attnscope::HeadAblation& h : scan.heads)
        w.begin_object().key("layer").value(h.layer).key("head").value(h.head).key("loss").value(h.loss)
            .key("delta").value(h.delta).end_object();
    w.end_array().end_object();
    std::cout << '\n';
    return 0;
}

int attribute(const std::vector<std::string>& argv) {
    const Args args = parse(argv, {"position", "target", "method", "steps", "ablate", "knockout"}, {});
    attnscope::SaliencyMethod method{};
    const std::string name = args.get("method");
    const bool relevance = name == "relevance";
    if (!relevance && !attnscope::parse_saliency_method(name, method))
        throw UsageError(name.empty() ? "attribute needs --method grad|grad-input|ig|relevance"
                                      : "--method '" + name + "' is not one of grad, grad-input, ig, relevance");
    const bool ig = !relevance && method == attnscope::SaliencyMethod::IntegratedGradients;
    if (args.has("steps") && !ig) throw UsageError("--steps is for --method ig");
    const int steps = args.get_int("steps", 32, 1, 4096);
    const Setup s = prepare(args, "attribute");
    attnscope::RunOptions run;
    run.threads = s.threads;
    if (args.has("ablate")) run.ablate = parse_heads(args.get("ablate"));
    run.knockout = knockouts(args, s);
    const attnscope::Model model(s.doc.model.weights);
    const attnscope::GradientTarget asked = target_arg(args, s);
    const attnscope::Attribution a = attnscope::attribute(model, s.input.ids, run, asked, 1, s.threads);
    std::vector<double> scores = relevance ? a.relevance
                                 : method == attnscope::SaliencyMethod::Grad ? a.grad : a.grad_input;
    attnscope::IntegratedGradients integrated;
    if (ig) {
        integrated = attnscope::integrated_gradients(model, s.input.ids, run, a.target, steps, s.threads);
        scores = integrated.scores;
    }
    const std::string method_name = relevance ? "relevance" : attnscope::saliency_method_name(method);
    if (!args.has("json")) {
        std::cout << "position " << a.target.position << ", target " << a.target.id;
        if (s.doc.tokenizer && a.target.id < s.doc.tokenizer->vocab_size())
            std::cout << " '" << attnscope::printable_text(s.doc.tokenizer->token_text(a.target.id)) << "'";
        std::cout << ", logit " << csv_number(a.logit) << ", " << method_name << "\n";
        for (size_t i = 0; i < scores.size(); ++i)
            std::cout << i << '\t' << (i < s.input.texts.size() ? attnscope::printable_text(s.input.texts[i]) : "")
                      << '\t' << csv_number(scores[i]) << '\n';
        if (ig) std::cout << "completeness: f(e) - f(0) = " << csv_number(integrated.delta_f) << ", sum = "
                          << csv_number(integrated.sum) << '\n';
        return 0;
    }
    attnscope::JsonWriter w(std::cout);
    w.begin_object().key("position").value(a.target.position).key("target").begin_object().key("id").value(a.target.id)
        .key("text");
    write_token_text(w, s.doc, a.target.id);
    w.end_object().key("logit").value(a.logit).key("method").value(method_name).key("steps");
    if (ig) w.value(steps);
    else w.null();
    w.key("scores").begin_array();
    for (const double x : scores) w.value(x);
    w.end_array();
    if (ig)
        w.key("completeness").begin_object().key("delta_f").value(integrated.delta_f).key("sum").value(integrated.sum)
            .end_object();
    w.end_object();
    std::cout << '\n';
    return 0;
}

}  // namespace cli
