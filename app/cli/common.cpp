#include "cli/common.h"

#include <unistd.h>

#include <QtGlobal>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "attnscope/common/error.h"
#include "attnscope/model/weights.h"
#include "attnscope/common/file_io.h"
#include "attnscope/model/local_models.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "attnscope/run/model.h"
#include "session/textbytes.h"

namespace cli {

using attnscope::Error;
using attnscope::ErrorCode;

attnscope::Progress progress_line(std::string what) {
    static const bool tty = isatty(fileno(stderr));
    if (!tty) return {};
    bool ok = false;
    const int after = qEnvironmentVariableIntValue("ATTNSCOPE_PROGRESS_AFTER_MS", &ok);
    struct State {
        std::string what;
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        std::chrono::milliseconds after;
        size_t shown = 0;  // characters of the line on screen
    };
    auto s = std::make_shared<State>(State{std::move(what), std::chrono::steady_clock::now(),
                                           std::chrono::milliseconds(ok ? std::max(0, after) : 1000)});
    return [s](int done, int total) {
        const auto took = std::chrono::steady_clock::now() - s->start;
        if (done >= total) {
            if (s->shown) std::fprintf(stderr, "\r%*s\r", int(s->shown), "");
            s->shown = 0;
        } else if (took >= s->after) {
            char line[256];
            const int n = std::snprintf(line, sizeof line, "attnscope-cli: %s: %d/%d, %lld s", s->what.c_str(), done, total,
                                        static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(took).count()));
            const size_t len = size_t(std::clamp(n, 0, int(sizeof line) - 1));
            // Pad over a longer line before it.
            std::fprintf(stderr, "\r%s%*s", line, int(s->shown > len ? s->shown - len : 0), "");
            s->shown = std::max(s->shown, len);
        }
        std::fflush(stderr);
        return true;
    };
}

QString path_arg(const std::string& bytes, const std::string& option) {
    const size_t bad = attnscope::find_invalid_utf8(bytes);
    if (bad != std::string::npos)
        throw UsageError((option.size() == 1 ? "-" : "--") + option + ": the path is not valid UTF-8 (byte " + std::to_string(bad) +
                         "); AttnScope reads and writes files by UTF-8 names");
    return QString::fromStdString(bytes);
}

std::string model_path(const std::string& arg) {
    std::error_code ec;
    if (arg.empty() || std::filesystem::exists(arg, ec)) return arg;
    const std::string local = attnscope::resolve_local_model(arg, attnscope::default_local_model_roots());
    return local.empty() ? arg : local;
}

session::Document open_model(const Args& args) {
    if (args.has("model") && args.has("random")) throw UsageError("give --model FILE or --random SPEC, not both");
    if (args.has("random") && args.has("llama-cpp-rounding"))
        throw UsageError("--llama-cpp-rounding is for GGUF files; a --random model has float32 weights");
    if (args.has("random")) {
        uint64_t random_seed = 0;
        const auto config = attnscope::ModelConfig::parse_spec(args.get("random"), &random_seed);
        // The same limit as the app's New random model dialog.
        if (const std::string problem = attnscope::random_model_problem(config); !problem.empty())
            throw UsageError("--random: " + problem);
        session::Document d = session::randomDocument(config, random_seed);
        if (args.has("tokenizer")) d.tokenizer = attnscope::load_tokenizer(args.get("tokenizer"));
        return d;
    }
    session::Document d = session::openDocument(path_arg(model_path(args.get("model")), "model"),
                                                 path_arg(args.get("tokenizer"), "tokenizer"));
    if (args.has("llama-cpp-rounding")) {
        if (!d.model.weights || !d.model.weights->has_stored())
            throw UsageError("--llama-cpp-rounding: the model has no GGUF float16, bfloat16 or quantized weights, "
                             "so llama.cpp would not round its activations either");
        d.model.weights = std::make_shared<attnscope::Weights>(attnscope::with_llama_cpp_rounding(*d.model.weights));
    }
    return d;
}

std::vector<int> parse_int_list(const std::string& s, const char* what, int lo) {
    std::vector<int> out;
    size_t pos = 0;
    while (pos <= s.size()) {
        const size_t comma = std::min(s.find(',', pos), s.size());
        const std::string item = s.substr(pos, comma - pos);
        int v = 0;
        auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || p != item.data() + item.size() || v < lo)
            throw UsageError(std::string(what) + " takes comma-separated integers >= " + std::to_string(lo) +
                             ", not '" + s + "'");
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
                 r2.ptr == item.data() + item.size() && l >= 0 && h >= 0;
        }
        if (!ok) throw UsageError("--ablate takes LAYER.HEAD,... (e.g. 0.1,2.3), not '" + s + "'");
        out.push_back({l, h});
        pos = comma + 1;
    }
    return out;
}

void note_skipped(const session::Tokenized& t) {
    if (t.skipped.empty()) return;
    QStringList what;
    for (const session::SkippedText& k : t.skipped) what << k.label;
    what.removeDuplicates();
    std::fprintf(stderr, "attnscope-cli: note: left out %zu character(s) the vocabulary lacks: %s\n",
                 t.skipped.size(), what.join(QStringLiteral(" ")).left(200).toStdString().c_str());
}

std::string read_text_file(const std::string& path) {
    std::string bytes = attnscope::read_regular_file(path, attnscope::kMaxTextFileBytes, "text file");
    if (const auto marked = session::decodeByByteOrderMark(QByteArray::fromStdString(bytes))) {
        if (marked->invalid)
            throw Error(ErrorCode::InvalidUtf8, "the text file '" + path + "' starts with a " +
                                                    marked->encoding.toStdString() + " byte-order mark but is not valid " +
                                                    marked->encoding.toStdString());
        return marked->text.toStdString();
    }
    if (const size_t bad = attnscope::find_invalid_utf8(bytes); bad != std::string::npos)
        throw Error(ErrorCode::InvalidUtf8, "the text file '" + path + "' is not valid UTF-8 at byte " + std::to_string(bad),
                    {std::to_string(bad)});
    return bytes;
}

Input read_input(const Args& args, const session::Document& doc, bool crop) {
    const int given = int(args.has("text")) + int(args.has("text-file")) + int(args.has("tokens"));
    if (given != 1) throw UsageError("give exactly one of --text T, --text-file FILE or --tokens 1,2,3");
    const session::CropPolicy policy = crop ? session::CropPolicy::KeepLast : session::CropPolicy::Refuse;
    session::Tokenized t;
    if (args.has("tokens")) {
        t = session::tokenize(doc, session::TokenInput::ids(parse_int_list(args.get("tokens"), "--tokens")), policy);
    } else {
        std::string text = args.get("text");
        if (args.has("text-file")) {
            text = read_text_file(args.get("text-file"));
        }
        if (!doc.tokenizer)
            throw Error(ErrorCode::TokenizerMissing,
                        "no tokenizer found for the model (looked in: " + doc.tokenizerLooked.join(", ").toStdString() +
                            "); pass --tokenizer FILE or use --tokens 1,2,3");
        // Invalid UTF-8 is an error that names the byte offset: a script wants to
        // know, where the app shows the bytes as marked chips.
        if (const size_t bad = attnscope::find_invalid_utf8(text); bad != std::string::npos)
            throw Error(ErrorCode::InvalidUtf8, "the text is not valid UTF-8 at byte " + std::to_string(bad),
                        {std::to_string(bad)});
        t = session::tokenize(doc, session::TokenInput::utf8(std::move(text)), policy);
        note_skipped(t);
    }
    if (t.ids.empty()) throw Error(ErrorCode::EmptyInput, "the text gives no tokens");
    Input in;
    in.ids = t.ids;
    in.dropped = t.dropped;
    // Exact token text (not the visible labels); "" without a tokenizer.
    for (const QString& s : t.texts) in.texts.push_back(doc.tokenizer ? s.toStdString() : std::string());
    return in;
}

}  // namespace cli
