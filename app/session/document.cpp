#include "session/document.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "attnscope/common/error.h"
#include "attnscope/run/trace_file.h"
#include "session/paths.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;

namespace {

// A vocabulary GPT-2's BPE fits: its 50,257 tokens, padded up to 50,304 rows
// (the seed pads to a multiple of 64, as nanoGPT does).
bool isGpt2Vocabulary(int rows) { return rows >= 50257 && rows <= 50304; }

}  // namespace

// Canonical, so that recipes and the recent list name the file, not a link to it.
QString demoModelPath() {
    const QString p = resourcePath(QStringLiteral("demo/shakespeare-char.safetensors"));
    return p.isEmpty() ? p : QFileInfo(p).canonicalFilePath();
}

QString bundledGpt2TokenizerPath() { return resourcePath(QStringLiteral("tokenizers/gpt2")); }

Document openDocument(const QString& path, const QString& tokenizerPath) {
    Document d;
    d.path = path.isEmpty() ? demoModelPath() : path;
    if (d.path.isEmpty())
        throw Error(ErrorCode::Io, "the bundled demo model is missing from this installation");
    d.isDemo = path.isEmpty() || QFileInfo(d.path) == QFileInfo(demoModelPath());
    if (attnscope::is_trace_file(d.path.toStdString()))
        throw Error(ErrorCode::InvalidArgument,
                    "'" + d.path.toStdString() + "' is an AttnScope trace file: attention weights without a model. "
                    "Open it with File > Open Trace, or give it to attnscope-cli export, heads or info",
                    {d.path.toStdString()});
    d.model = attnscope::load_model(d.path.toStdString());
    d.displayName = QFileInfo(d.path).fileName();
    if (!tokenizerPath.isEmpty()) {
        d.tokenizer = loadTokenizerFile(tokenizerPath);
    } else {
        std::vector<std::string> looked;
        d.tokenizer = attnscope::find_tokenizer(d.path.toStdString(), d.model.metadata, &looked);
        for (const std::string& s : looked) d.tokenizerLooked << QString::fromStdString(s);
        const int rows = d.model.weights->config.vocab_size;
        if (!d.tokenizer && isGpt2Vocabulary(rows) && !bundledGpt2TokenizerPath().isEmpty()) {
            d.tokenizer = loadTokenizerFile(bundledGpt2TokenizerPath());
            d.tokenizerNote = QCoreApplication::translate(
                "render::Session", "GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows")
                                  .arg(rows);
        }
    }
    return d;
}

std::shared_ptr<const attnscope::Tokenizer> loadTokenizerFile(const QString& path) {
    try {
        return attnscope::load_tokenizer(path.toStdString());
    } catch (const Error& e) {
        // Said as a tokenizer problem, whatever part of the file failed, and
        // never as a problem with the model.
        const std::string what = e.what();
        const std::string file = path.toStdString();
        std::vector<std::string> args = e.args();
        args.insert(args.begin(), file);
        throw Error(ErrorCode::BadTokenizer,
                    "tokenizer " + (what.rfind(file, 0) == 0 ? what : file + ": " + what), std::move(args));
    }
}

const attnscope::ModelConfig* Document::config() const {
    if (model.weights) return &model.weights->config;
    return imported ? &imported->config : nullptr;
}

Document openTraceDocument(const QString& path) {
    Document d;
    d.path = path;
    d.imported = attnscope::open_trace_file(path.toStdString());
    const std::string& name = d.imported->imported->model_name();
    d.displayName = name.empty() ? QFileInfo(path).fileName() : QString::fromStdString(name);
    return d;
}

Document randomDocument(const attnscope::ModelConfig& config, uint64_t randomSeed) {
    Document d;
    d.model.weights = std::make_shared<attnscope::Weights>(attnscope::random_weights(config, randomSeed));
    d.model.format = "random";
    d.model.naming = "seed";
    d.displayName = QCoreApplication::translate("render::Session", "Random model (seed %1)").arg(randomSeed);
    // A GPT-2-sized vocabulary gets the bundled GPT-2 BPE, as a checkpoint of
    // that size does (its ids then read as text); a smaller one of 96 or more
    // printable ASCII plus newline.
    // (50,257 and up: a random model's larger vocabulary is GPT-2's with unused rows).
    if (config.vocab_size >= 50257 && !bundledGpt2TokenizerPath().isEmpty()) {
        d.tokenizer = loadTokenizerFile(bundledGpt2TokenizerPath());
        d.tokenizerNote = QCoreApplication::translate(
                              "render::Session", "GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows")
                              .arg(config.vocab_size);
    } else if (config.vocab_size >= 96) {
        std::vector<std::string> vocab{"\n"};
        for (char c = ' '; c <= '~'; ++c) vocab.emplace_back(1, c);
        d.tokenizer = attnscope::make_char_tokenizer(vocab, "printable ASCII");
    }
    return d;
}

FigureData figureData(const Document& doc, std::shared_ptr<const attnscope::Trace> trace,
                      const QStringList& labels) {
    FigureData f;
    f.trace = std::move(trace);
    f.tokens = labels;
    f.modelName = doc.displayName;
    if (const std::shared_ptr<const attnscope::Tokenizer> tok = doc.tokenizer)
        f.tokenText = [tok](int id) { return id >= 0 && id < tok->vocab_size() ? QString::fromStdString(tok->token_text(id)) : QString(); };
    return f;
}

}  // namespace session
