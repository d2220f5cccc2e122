#pragma once
// The document: a model, its tokenizer and where they came from. Shared by the
// GUI's Workspace (which runs it on a worker thread), recipes and the CLI.
// No widgets here.
#include <QString>
#include <QStringList>
#include <memory>
#include <string>
#include <vector>

#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "render/figures/figure.h"

namespace session {

using render::FigureData;

struct Document {
    attnscope::LoadedModel model;                          // weights, format, metadata
    std::shared_ptr<const attnscope::Tokenizer> tokenizer; // may be null: ids only
    QString path;                                          // "" for a random model
    QString displayName;
    QStringList tokenizerLooked;  // where a tokenizer was looked for when none was found
    // Why this tokenizer, when AttnScope chose it rather than the model's files
    // (the bundled GPT-2 BPE for a GPT-2-sized vocabulary); "" otherwise.
    QString tokenizerNote;
    bool isDemo = false;
    // A trace file (attnscope/trace_file.h) opened in place of a model: its
    // attention weights and tokens, and no weights to run. `model` is empty.
    std::shared_ptr<const attnscope::Trace> imported;

    bool isTraceFile() const { return bool(imported); }
    // The open model's config, or the trace file's (layers, heads, tokens
    // only); null when neither is open.
    const attnscope::ModelConfig* config() const;
};

// The bundled demo model, or "" when it cannot be found (a broken install).
QString demoModelPath();
// The folder of the bundled GPT-2 BPE (encoder.json + vocab.bpe), or "".
QString bundledGpt2TokenizerPath();

// load_tokenizer() with any failure reported as a tokenizer problem
// (Error(BadTokenizer)) whose message starts with "tokenizer <path>".
std::shared_ptr<const attnscope::Tokenizer> loadTokenizerFile(const QString& path);

// Opens a model file (the demo when `path` is empty) and finds its tokenizer:
// `tokenizerPath` when given, else metadata, then files beside the model, then
// the bundled GPT-2 BPE when the vocabulary has 50,257 to 50,304 rows.
// Throws attnscope::Error.
Document openDocument(const QString& path, const QString& tokenizerPath = {});
// Opens a trace file as a document (Document::imported set). Throws
// attnscope::Error naming the problem for anything that is not a valid one.
Document openTraceDocument(const QString& path);
// A random model of the given shape, with a char tokenizer over printable ASCII
// when the vocabulary is large enough.
Document randomDocument(const attnscope::ModelConfig& config, uint64_t randomSeed);

FigureData figureData(const Document& doc, std::shared_ptr<const attnscope::Trace> trace,
                      const QStringList& labels);

}  // namespace session
