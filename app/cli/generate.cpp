// attnscope-cli generate: the model continues a text, greedily or sampled with
// a seed (run/generate.h defines the sampling), printing the continuation as
// it comes or, with --json, every step's choice.
#include <cstdio>
#include <iostream>

#include "attnscope/common/utf8.h"
#include "attnscope/formats/json.h"
#include "attnscope/run/generate.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "session/knockout.h"

namespace cli {

const std::set<std::string> kGenerateOptions = {"max-new", "temperature", "top-k", "top-p", "seed"};
const std::set<std::string> kGenerateFlags = {"greedy", "ignore-eos"};

attnscope::SamplingOptions sampling_options(const Args& args) {
    attnscope::SamplingOptions o;
    const bool sampled = args.has("temperature");
    if (args.has("greedy") && sampled) throw UsageError("give --greedy or --temperature t, not both");
    for (const char* only : {"top-k", "top-p", "seed"})
        if (args.has(only) && !sampled)
            throw UsageError(std::string("--") + only + " goes with sampling: add --temperature t");
    if (sampled) {
        if (!args.has("seed")) throw UsageError("sampling needs --seed S, so that the text can be made again");
        o.greedy = false;
        o.temperature = args.get_double("temperature", 1.0, 0.0, 1e6, true);
        o.top_k = args.get_int("top-k", 0, 0, 1 << 30);
        o.top_p = args.get_double("top-p", 1.0, 0.0, 1.0, true);
        o.rng_seed = args.get_u64("seed", 0);
    }
    return o;
}

attnscope::GenerateOptions generate_options(const Args& args, const session::Document& doc) {
    attnscope::GenerateOptions o;
    if (!args.has("max-new")) throw UsageError("say how many tokens to generate: --max-new N");
    o.max_new = args.get_int("max-new", 0, 1, 1 << 20);
    o.sampling = sampling_options(args);
    o.ignore_eos = args.has("ignore-eos");
    o.eos_id = doc.tokenizer ? doc.tokenizer->eos_id() : -1;
    return o;
}

namespace {

// A token's text for JSON, or null past the tokenizer's vocabulary.
void token_text(attnscope::JsonWriter& w, const session::Document& doc, int id) {
    if (doc.tokenizer && id < doc.tokenizer->vocab_size()) w.value(doc.tokenizer->token_text(id));
    else w.null();
}

}  // namespace

int generate(const std::vector<std::string>& argv) {
    std::set<std::string> valued = {"threads", "ablate", "knockout"};
    valued.insert(kModelOptions.begin(), kModelOptions.end());
    valued.insert(kInputOptions.begin(), kInputOptions.end());
    valued.insert(kGenerateOptions.begin(), kGenerateOptions.end());
    std::set<std::string> flags = {"json", "bidirectional"};
    flags.insert(kGenerateFlags.begin(), kGenerateFlags.end());
    flags.insert(kModelFlags.begin(), kModelFlags.end());
    const Args args(argv, valued, flags);
    if (!args.positional().empty()) throw UsageError("generate takes no file argument; use --model FILE");
    if (int(args.has("text")) + int(args.has("text-file")) + int(args.has("tokens")) != 1)
        throw UsageError("generate needs exactly one of --text T, --text-file FILE or --tokens 1,2,3");
    const int threads = args.get_int("threads", 0, 0, attnscope::max_thread_count());
    const session::Document doc = open_model(args);
    attnscope::GenerateOptions o = generate_options(args, doc);
    const Input input = read_input(args, doc);
    o.run.threads = threads;
    o.run.causal = !args.has("bidirectional");
    if (args.has("ablate")) o.run.ablate = parse_heads(args.get("ablate"));
    try {
        if (args.has("knockout")) o.run.knockout = session::parseKnockouts(args.get("knockout"));
        session::checkKnockouts(o.run.knockout, *doc.config(), int(input.ids.size()));
    } catch (const session::KnockoutSpecError& e) {
        throw UsageError(std::string("--knockout: ") + e.what());
    }
    const attnscope::Model model(doc.model.weights);
    const bool json = args.has("json");
    attnscope::Trace trace;
    // The text form prints each token's bytes as it comes (a character split
    // over two tokens is whole once both are out).
    const attnscope::Generation g = attnscope::generate(model, input.ids, o, trace, [&](const attnscope::SampledToken& s) {
        if (!json && doc.tokenizer && s.id < doc.tokenizer->vocab_size()) {
            const std::string bytes = doc.tokenizer->token_bytes(s.id);
            std::fwrite(bytes.data(), 1, bytes.size(), stdout);
            std::fflush(stdout);
        }
        return true;
    });
    const std::string text = doc.tokenizer ? attnscope::sanitize_utf8(doc.tokenizer->decode(g.ids)) : std::string();
    if (!json) {
        std::printf("\n");
        std::fprintf(stderr, "attnscope-cli: %zu tokens, stopped: %s, %.1f tokens/s\n", g.ids.size(),
                     attnscope::stop_reason_name(g.stop), g.tokens_per_s());
        return 0;
    }
    attnscope::JsonWriter w(std::cout);
    w.begin_object().key("prompt_tokens").value(int(input.ids.size())).key("ids").begin_array();
    for (const int id : g.ids) w.value(id);
    w.end_array().key("text").value(text).key("stop").value(attnscope::stop_reason_name(g.stop));
    w.key("steps").begin_array();
    for (const attnscope::SampledToken& s : g.steps) {
        w.begin_object().key("id").value(s.id).key("text");
        token_text(w, doc, s.id);
        w.key("prob").value(s.prob).key("rank").value(s.rank).key("top").begin_array();
        for (const attnscope::TokenProb& t : s.top) {
            w.begin_object().key("id").value(t.id).key("text");
            token_text(w, doc, t.id);
            w.key("prob").value(t.prob).end_object();
        }
        w.end_array().end_object();
    }
    w.end_array().key("tokens_per_s").value(g.tokens_per_s()).end_object();
    std::cout << '\n';
    return 0;
}

}  // namespace cli
