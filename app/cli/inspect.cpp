// attnscope-cli info, tokenize and convert: look at a model file, tokenize
// text the way a model was trained, write any model as safetensors.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/args.h"
#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/common/printable.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/trace_file.h"
#include "attnscope/model/local_models.h"
#include "cli/commands.h"
#include "cli/common.h"

namespace cli {

namespace {

// info on a trace file: what it holds, and which views work on it.
int trace_file_info(const std::string& path, bool json) {
    const auto tr = attnscope::open_trace_file(path);
    const attnscope::ImportedAttention& imp = *tr->imported;
    const auto shown = [](const std::string& s) { return attnscope::printable_text(s); };
    if (json) {
        attnscope::JsonWriter w(std::cout);
        w.begin_object().key("path").value(path).key("format").value("attnscope-trace");
        w.key("model").value(imp.model_name()).key("layers").value(imp.n_layer()).key("heads").value(imp.n_head());
        w.key("tokens").value(imp.T()).key("dtype").value(imp.dtype_name()).key("causal").value(tr->causal);
        w.key("token_ids").value(imp.has_token_ids());
        w.key("token_texts").begin_array();
        for (const std::string& t : imp.token_texts()) w.value(t);
        w.end_array().end_object();
        std::cout << '\n';
        return 0;
    }
    std::printf("file:        %s\n", shown(path).c_str());
    std::printf("format:      AttnScope trace file (attention weights only, no model)\n");
    std::printf("model:       %s\n", imp.model_name().empty() ? "(not named)" : shown(imp.model_name()).c_str());
    std::printf("attention:   %d layers x %d heads over %d tokens, %s, %s\n", imp.n_layer(), imp.n_head(), imp.T(),
                imp.dtype_name().c_str(), tr->causal ? "causal" : "bidirectional");
    std::printf("tokens:      %s ids, %s texts\n", imp.has_token_ids() ? "with" : "without",
                imp.token_texts().empty() || imp.token_texts().front().empty() ? "without" : "with");
    std::printf("views:       heads, head, mask, lines, rollout (export) and head statistics (heads);\n"
                "             the others need the model\n");
    return 0;
}

}  // namespace

int info(const std::vector<std::string>& argv) {
    const Args args(argv, {"tokenizer"}, {"json"});
    if (args.positional().size() != 1) throw UsageError("info needs exactly one FILE or DIR");
    const std::string path = model_path(args.positional()[0]);
    if (attnscope::is_trace_file(path)) return trace_file_info(path, args.has("json"));
    const session::Document doc = session::openDocument(QString::fromStdString(path), QString::fromStdString(args.get("tokenizer")));
    const attnscope::LoadedModel& m = doc.model;
    const attnscope::ModelConfig& c = m.weights->config;
    if (args.has("json")) {
        attnscope::JsonWriter w(std::cout);
        w.begin_object();
        w.key("path").value(path).key("format").value(m.format).key("naming").value(m.naming);
        w.key("config").raw(c.to_json());
        w.key("parameters").value(c.parameter_count());
        w.key("tokenizer");
        if (doc.tokenizer) w.value(doc.tokenizer->kind() + " (" + doc.tokenizer->source() + ")");
        else w.null();
        w.key("tokenizer_note").value(doc.tokenizerNote.toStdString());
        for (const auto& [key, list] : {std::pair{"notes", &m.notes}, std::pair{"left_out", &m.left_out},
                                        std::pair{"not_run", &m.not_run}}) {
            w.key(key).begin_array();
            for (const std::string& n : *list) w.value(n);
            w.end_array();
        }
        w.key("tensors").begin_array();
        for (const auto& [name, shape] : m.file_tensors)
            w.begin_object().key("name").value(name).key("shape").array(shape).end_object();
        w.end_array();
        w.end_object();
        std::cout << '\n';
        return 0;
    }
    // Names and notes come from the file: escaped, so that a tensor name with a
    // newline or an ANSI escape cannot rewrite the terminal.
    const auto shown = [](const std::string& s) { return attnscope::printable_text(s); };
    std::printf("file:        %s\n", shown(path).c_str());
    std::printf("format:      %s (%s names)\n", m.format.c_str(), m.naming.c_str());
    std::printf("config:      %d layers, %d heads, n_embed %d (head size %d), context %d, vocab %d\n", c.n_layer,
                c.n_head, c.n_embed, c.head_size(), c.context_length, c.vocab_size);
    std::printf("             activation %s, qkv bias %s, other biases %s, lm_head %s%s\n",
                attnscope::activation_name(c.activation), c.qkv_bias ? "yes" : "no", c.bias ? "yes" : "no",
                c.tied_lm_head ? "tied to token_embed" : "separate", c.lm_head_bias ? " with bias" : "");
    if (c.arch != "seed" && c.arch != "gpt2") {
        // The Llama-family fields of the architecture table, only for those models.
        std::string rope;
        if (c.position == attnscope::PositionKind::Rotary) {
            char buf[160];
            std::snprintf(buf, sizeof buf, ", RoPE theta %g on %d dims", double(c.rope_theta), c.rotary_dims());
            rope = buf;
            if (c.rope_scaling != attnscope::RopeScaling::None) {
                std::snprintf(buf, sizeof buf, " (%s scaling x%g)", attnscope::rope_scaling_name(c.rope_scaling),
                              double(c.rope_factor));
                rope += buf;
            }
        }
        std::printf("arch:        %s: %s%s, %s MLP, %d key/value heads%s%s%s\n", c.arch.c_str(),
                    attnscope::norm_name(c.norm), rope.c_str(), c.mlp == attnscope::MlpKind::Gated ? "gated" : "plain",
                    c.kv_heads(), c.sliding_window > 0 ? (", window " + std::to_string(c.sliding_window)).c_str() : "",
                    c.parallel_residual ? ", parallel residual" : "", c.qk_norm ? ", q/k norm" : "");
    }
    std::printf("parameters:  %lld\n", static_cast<long long>(c.parameter_count()));
    if (doc.tokenizer)
        std::printf("tokenizer:   %s from %s, %d tokens%s\n", doc.tokenizer->kind().c_str(),
                    shown(doc.tokenizer->source()).c_str(), doc.tokenizer->vocab_size(),
                    doc.tokenizerNote.isEmpty() ? "" : (" (" + doc.tokenizerNote.toStdString() + ")").c_str());
    else
        std::printf("tokenizer:   none found (looked in: %s)\n", shown(doc.tokenizerLooked.join(", ").toStdString()).c_str());
    for (const std::string& n : m.notes) std::printf("note:        %s\n", shown(n).c_str());
    for (const std::string& n : m.left_out) std::printf("left out:    %s\n", shown(n).c_str());
    for (const std::string& n : m.not_run)
        std::printf("not run:     %s (an object in the pickle; never called)\n", shown(n).c_str());
    std::printf("tensors:     %zu\n", m.file_tensors.size());
    for (const auto& [name, shape] : m.file_tensors)
        std::printf("  %-52s %s\n", shown(name).c_str(), attnscope::shape_string(shape).c_str());
    return 0;
}

int tokenize(const std::vector<std::string>& argv) {
    const Args args(argv, {"model", "tokenizer", "text", "text-file"}, {});
    if (int(args.has("text")) + int(args.has("text-file")) != 1)
        throw UsageError("tokenize needs --text T or --text-file FILE");
    session::Document doc;
    if (args.has("tokenizer") && !args.has("model")) {
        doc.tokenizer = attnscope::load_tokenizer(args.get("tokenizer"));
    } else {
        doc = open_model(args);
        if (!doc.tokenizer)
            throw attnscope::Error(attnscope::ErrorCode::TokenizerMissing,
                                   "no tokenizer found for the model (looked in: " +
                                       doc.tokenizerLooked.join(", ").toStdString() + "); pass --tokenizer FILE");
    }
    std::string text = args.get("text");
    if (args.has("text-file")) {
        text = read_text_file(args.get("text-file"));
    }
    const attnscope::Encoding enc = doc.tokenizer->encode(text);
    attnscope::JsonWriter w(std::cout);
    w.begin_object();
    w.key("tokenizer").value(doc.tokenizer->kind());
    w.key("ids").begin_array();
    for (const int id : enc.ids) w.value(id);
    w.end_array();
    w.key("tokens").begin_array();
    for (size_t i = 0; i < enc.ids.size(); ++i)
        w.begin_object()
            .key("id").value(enc.ids[i])
            .key("text").value(doc.tokenizer->token_text(enc.ids[i]))
            .key("bytes").array(std::vector<int64_t>{int64_t(enc.spans[i].first), int64_t(enc.spans[i].second)})
            .end_object();
    w.end_array();
    w.end_object();
    std::cout << '\n';
    return 0;
}

int convert(const std::vector<std::string>& argv) {
    const Args args(argv, {"o", "output", "tokenizer"}, {});
    if (args.positional().size() != 1) throw UsageError("convert needs exactly one input FILE or DIR");
    const std::string out = args.get("o", args.get("output"));
    if (out.empty()) throw UsageError("convert needs -o OUT.safetensors");
    const session::Document doc =
        session::openDocument(QString::fromStdString(args.positional()[0]), QString::fromStdString(args.get("tokenizer")));
    // Keep what the input carried (tokenizer, training notes); the config is rewritten.
    attnscope::Metadata meta = doc.model.metadata;
    meta.erase(attnscope::kMetaConfig);
    meta["attnscope.converted_from"] = args.positional()[0] + " (" + doc.model.format + ")";
    attnscope::save_model(out, *doc.model.weights, meta);
    std::fprintf(stderr, "wrote %s (%lld parameters)\n", out.c_str(),
                 static_cast<long long>(doc.model.weights->config.parameter_count()));
    return 0;
}

int models(const std::vector<std::string>& argv) {
    const Args args(argv, {}, {"json"});
    attnscope::LocalModelRoots roots = attnscope::default_local_model_roots();
    for (const std::string& dir : args.positional()) roots.folders.push_back(path_arg(dir, "folder").toStdString());
    const std::vector<attnscope::LocalModel> found = attnscope::find_local_models(roots);
    if (!args.has("json")) {
        for (const attnscope::LocalModel& m : found)
            std::cout << m.source << '\t' << attnscope::printable_text(m.name) << '\t'
                      << (m.architecture.empty() ? "?" : m.architecture) << '\t' << m.bytes / (1 << 20) << " MB\t"
                      << (m.opens ? "opens" : "does not open: " + attnscope::printable_text(m.why_not)) << '\n';
        if (found.empty()) std::cerr << "attnscope-cli: no models found (Ollama, LM Studio, the Hugging Face cache)\n";
        return 0;
    }
    attnscope::JsonWriter w(std::cout);
    w.begin_array();
    for (const attnscope::LocalModel& m : found) {
        w.begin_object().key("name").value(m.name).key("source").value(m.source).key("path").value(m.path)
            .key("format").value(m.format).key("architecture").value(m.architecture).key("bytes").value(m.bytes)
            .key("opens").value(m.opens);
        if (!m.opens) w.key("why_not").value(m.why_not);
        w.end_object();
    }
    w.end_array();
    std::cout << '\n';
    return 0;
}

}  // namespace cli
