// attnscope-cli: AttnScope without a window. Exit status 0 on success, 2 on bad
// arguments, 1 on any other error, with one line on stderr naming the problem.
#include <cstdio>
#include <cstdlib>  // through <features.h>, defines __GLIBC__ where glibc is the C library
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "cli/args.h"
#include "attnscope/common/error.h"
#include "attnscope/common/printable.h"
#include "cli/commands.h"
#include "session/openmp_waiting.h"
#include "session/views.h"

namespace {

const char* kUsageHead =
    "usage: attnscope-cli VERB [options]\n"
    "verbs:\n"
    "  info   FILE|DIR|NAME [--json] [--tokenizer PATH]   format, config, parameters, tensors\n"
    "         (NAME: an Ollama model, llama3:8b, or a Hugging Face cache entry, org/name; so for --model)\n"
    "  models [DIR...] [--json]   the models on this machine: Ollama, LM Studio, the Hugging Face cache\n"
    "         and the folders given, with whether each opens and why not\n"
    "  tokenize (--model M | --tokenizer PATH) (--text T | --text-file F)   ids and token strings as JSON\n"
    "  dump   [--model FILE|DIR | --random SPEC] [--tokenizer PATH] (--text T | --text-file F | --tokens 1,2,3)\n"
    "         -o OUT.json [--bidirectional] [--ablate L.H,...] [--threads N] [--crop]\n"
    "         (the bundled demo model when no model is given)\n"
    "  convert IN -o OUT.safetensors [--tokenizer PATH]   any model file as safetensors\n"
    "  bench  [--quick] [--torch]   time attention and a GPT-2-small-shaped forward\n"
    "  bench  (--model M | --random SPEC) (--text-file F | --tokens N) [--edit append|middle]\n"
    "         [--threads N] [--repeat R] [--attention-budget-mb MB]\n"
    "         [--activation-budget-mb MB] [--kv-budget-mb MB] [--head-stats] --json\n"
    "         full and after-edit runs, as JSON\n"
    "         (--head-stats: the head statistics too, against a double log per weight)\n"
    "  bench  (--model M | --random SPEC) (--text-file F | --tokens N) --scan [--baseline] [--threads N] --json\n"
    "         the ablation scan against the FMA peak (and, with --baseline, whole runs per head)\n"
    "  bench  (--model M | --random SPEC) (--text-file F | --tokens N) --attribution [--torch] [--threads N] --json\n"
    "         saliency, all attributions, the patching estimate and integrated gradients against the forward\n"
    "         (--torch: and PyTorch autograd's saliency on a GPT-2-small-shaped model)\n"
    "  bench  (--model M | --random SPEC) (--text-file F | --tokens N) --generate NEW [--torch] [--threads N] --json\n"
    "         greedy tokens/s with the full trace kept, against reading the weights once a token at the\n"
    "         memory bandwidth measured now (--torch: and a PyTorch greedy loop with a KV cache)\n"
    "  bench  --model FILE.gguf --tokens N --gguf [--llama-cpp make_gguf_reference.mjs] [--threads N] --json\n"
    "         one prompt run of a GGUF file: time and peak memory, and (--llama-cpp, node-llama-cpp)\n"
    "         llama.cpp's prompt processing of the same file in the same run, with the ratio\n"
    "  export [--model FILE | --random SPEC] (--text T | --text-file F | --tokens 1,2,3) -o OUT\n";
const char* kUsageExport =
    "         [--layer L] [--head H] [--kind weights|scores|norms]\n"
    "         [--format png|svg|pdf|csv|npy|json] [--dpi 300] [--width IN] [--height IN]\n"
    "         [--cells image|rects] [--colormap viridis|magma|cividis|greys] [--scale row|linear|log]\n"
    "         [--layers 0,1] [--columns N] [--pooling max|mean] [--tile-scale tile|shared]\n"
    "         [--heads 0,2] [--focus Q] [--font F] [--font-size PT]\n"
    "         [--no-title] [--no-colorbar] [--no-run-note] [--tokenizer FILE] [--bidirectional] [--ablate L.H,...]\n"
    "         [--knockout L.H:Q>K,...]\n"
    "         [--save-recipe R.json]   figure or data; the demo model without --model\n"
    "  export --view compare (--compare-text T | --compare-text-file F | --compare-model M)\n"
    "         [--compare-mode side-by-side|difference] ...   one head of A and B, and B - A\n"
    "  export --view attribution [--method grad|grad-input|ig|relevance] [--focus P] [--target ID] ...\n"
    "         the text coloured by what mattered for the logit of ID at P (--view relevance: the same,\n"
    "         by relevance)\n"
    "  export ... --generate N [--greedy | --temperature t [--top-k K] [--top-p p] --seed S] [--ignore-eos]\n"
    "         the figure of the text and the model's next N tokens (made again from a recipe)\n"
    "  export --recipe R.json -o OUT   replay a saved figure recipe (options override it)\n"
    "  export --all-heads --out-dir DIR [--save-recipes] | --all-heads -o ALL.pdf\n"
    "         one file (or PDF page) per head of every layer (or of --layers)\n"
    "  predict [--model M] (--text T | --text-file F | --tokens 1,2,3) [--position P] [--top K] [--loss] [--json]\n"
    "         [--knockout L.H:Q>K,...] [--lens [--target ID]]\n"
    "         top-k next tokens at P (from 0; default the last), the actual next token, per-position loss;\n"
    "         --knockout blocks attention edges (* for every layer, head or query: *.*:*>5 every edge\n"
    "         into key 5) and adds the prediction without them as \"without_knockout\"\n"
    "  heads  [--model M] (--text T | --text-file F | --tokens 1,2,3) [--probes] [--json | --csv]\n"
    "         [--attribution [--position P] [--target ID]]\n"
    "         per head: entropy, prev_token, first_token, self, induction and duplicate probes, labels;\n"
    "         --attribution: its direct logit attribution at P and attribution-patching estimate\n"
    "  ablate-scan [--model M] (--text T | --text-file F | --tokens 1,2,3) [--threads N] [--json]\n"
    "         per head: the mean next-token loss with that head ablated, and its change\n"
    "  attribute [--model M] (--text T | --text-file F | --tokens 1,2,3) [--position P] [--target ID]\n"
    "         --method grad|grad-input|ig|relevance [--steps N] [--ablate L.H,...] [--knockout L.H:Q>K,...]\n"
    "         [--threads N] [--json]   how much each token mattered for the logit of ID at P\n"
    "  generate [--model M] (--text T | --text-file F | --tokens 1,2,3) --max-new N\n"
    "         [--greedy | --temperature t [--top-k K] [--top-p p] --seed S] [--ignore-eos]\n"
    "         [--ablate L.H,...] [--knockout L.H:Q>K,...] [--bidirectional] [--threads N] [--json]\n"
    "         continue the text: greedy by default, or sampled with a seed (the same ids on any machine)\n"
    "  --llama-cpp-rounding (dump, bench, predict, heads, ablate-scan, attribute, generate):\n"
    "         a GGUF file computed as llama.cpp's CPU backend computes it, each product's activations\n"
    "         rounded to float16, bfloat16, Q8_0 or Q8_K first, rather than the exact float32 model\n";

// The usage text; the views and their --view values come from the registry.
std::string usage() {
    std::string s = kUsageHead;
    s += "         [--view " + session::viewIds().join(QLatin1Char('|')).toStdString() + "]\n";
    s += kUsageExport;
    s += "views:\n";
    for (const session::ViewDescriptor& v : session::views()) {
        std::string id = v.id.toStdString();
        id.resize(std::max<size_t>(id.size() + 2, 9), ' ');
        s += "  " + id + v.summary + "\n";
    }
    return s;
}

}  // namespace

// A command runs its passes one after another (a benchmark's repeats, an
// export's figures, integrated gradients' steps), each freeing buffers of
// tens of megabytes the next one wants again. glibc gives memory above its
// trimming threshold back to the system, and on a paravirtualised machine a
// page given back costs microseconds at its next first write: a backward pass
// at 256 tokens spent more time there than in its products. A command keeps
// up to 512 MB of what it frees for reuse; blocks over 32 MB still get their
// own mapping. (The app tunes its own, for typing: gui/common/process_memory.h.)
static void keep_freed_memory() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

int main(int argc, char** argv) {
    session::chooseOpenMpWaiting(argv);
    keep_freed_memory();
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::fputs(usage().c_str(), argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const std::string verb = argv[1];
    const std::vector<std::string> rest(argv + 2, argv + argc);
    try {
        if (verb == "dump") return cli::dump(rest);
        if (verb == "info") return cli::info(rest);
        if (verb == "models") return cli::models(rest);
        if (verb == "tokenize") return cli::tokenize(rest);
        if (verb == "convert") return cli::convert(rest);
        if (verb == "bench") return cli::bench(rest);
        if (verb == "export") return cli::export_figures(rest);
        if (verb == "predict") return cli::predict(rest);
        if (verb == "heads") return cli::heads(rest);
        if (verb == "ablate-scan") return cli::ablate_scan(rest);
        if (verb == "attribute") return cli::attribute(rest);
        if (verb == "generate") return cli::generate(rest);
        throw cli::UsageError("unknown verb '" + verb + "' (try --help)");
    } catch (const cli::UsageError& e) {
        // Messages quote names from files and the command line: escaped.
        std::fprintf(stderr, "attnscope-cli: %s\n", attnscope::printable_text(e.what()).c_str());
        return 2;
    } catch (const attnscope::Error& e) {
        std::fprintf(stderr, "attnscope-cli: %s\n", attnscope::printable_text(e.what()).c_str());
        return 1;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "attnscope-cli: out of memory\n");
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "attnscope-cli: %s\n", attnscope::printable_text(e.what()).c_str());
        return 1;
    }
}
