#pragma once
// What several verbs share: the model they run (--model, --random or the demo,
// with --tokenizer) and the input they run it on (--text, --text-file, --tokens).
#include <QString>
#include <string>
#include <vector>

#include "cli/args.h"
#include "attnscope/run/generate.h"
#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"
#include "session/tokenize.h"

namespace cli {

// Options the helpers below read; verbs add them to their own lists.
inline const std::set<std::string> kModelOptions = {"model", "random", "tokenizer"};
inline const std::set<std::string> kModelFlags = {"llama-cpp-rounding"};
inline const std::set<std::string> kInputOptions = {"text", "text-file", "tokens"};

session::Document open_model(const Args& args);

// A --model or `info` argument as a path: itself when it exists, else the
// Ollama model ("llama3:8b") or Hugging Face cache entry ("org/name") of that
// name when there is one (attnscope/model/local_models.h).
std::string model_path(const std::string& arg);

// A file or folder named on the command line, as a QString: a usage error
// when its bytes are not UTF-8 (Qt would make them U+FFFD, and another file
// would be written or looked for).
QString path_arg(const std::string& bytes, const std::string& option);

struct Input {
    std::vector<int> ids;
    std::vector<std::string> texts;  // token text per id (empty strings without a tokenizer)
    int dropped = 0;
};
// A --text-file's text as UTF-8: decoded from UTF-16 or UTF-32 when a
// byte-order mark says so. Text that is not valid in its encoding is an error
// (naming the first bad byte of UTF-8): a script wants to know, where the app
// shows the text with replacements.
std::string read_text_file(const std::string& path);

// Exactly one of --text, --text-file or --tokens. Text longer than the context
// is refused unless `crop` (then the last context_length tokens are kept).
Input read_input(const Args& args, const session::Document& doc, bool crop = false);

// How far a long job is, as one line on stderr ("attnscope-cli: running the
// model: 5/14, 12 s"), rewritten in place: only on a terminal, only once the
// job has taken a second (ATTNSCOPE_PROGRESS_AFTER_MS sets that, for tests),
// and erased when done, so that quick runs, pipes and logs see nothing. Calls
// may come from worker threads, one at a time. Never stops the job.
attnscope::Progress progress_line(std::string what);

// --max-new, --greedy | --temperature [--top-k] [--top-p] --seed, and
// --ignore-eos, for `generate` and `export --generate` (generate.cpp); the
// end-of-text token from the document's tokenizer.
extern const std::set<std::string> kGenerateOptions;  // the valued ones
extern const std::set<std::string> kGenerateFlags;
// --greedy, or --temperature t [--top-k K] [--top-p p] --seed S (generate, export --generate).
attnscope::SamplingOptions sampling_options(const Args& args);
attnscope::GenerateOptions generate_options(const Args& args, const session::Document& doc);

// One stderr note when the tokenizer left characters out of `t`.
void note_skipped(const session::Tokenized& t);

// "3,1,4": integers >= lo, or a usage error naming `what`.
std::vector<int> parse_int_list(const std::string& s, const char* what, int lo = 0);
// "0.1,2.3": (layer, head) pairs of non-negative integers.
std::vector<attnscope::HeadRef> parse_heads(const std::string& s);

}  // namespace cli
