#pragma once
// A model, its tokenizer and the way text becomes a trace: shared by the GUI's
// Workspace (which runs it on a worker thread) and the CLI (which runs it
// directly). No widgets here.
#include <QString>
#include <QStringList>
#include <memory>
#include <string>
#include <vector>

#include "attnscope/model.h"
#include "attnscope/model_file.h"
#include "attnscope/tokenizer.h"
#include "figure.h"

namespace render {

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
// A random model of the given shape, with a char tokenizer over printable ASCII
// when the vocabulary is large enough.
Document randomDocument(const attnscope::ModelConfig& config, uint64_t seed);

enum class CropPolicy { KeepLast, Refuse };

// Text the tokenizer could not encode, left out of the run.
struct SkippedText {
    int begin = 0, end = 0;   // UTF-16 [begin, end) in the text
    QString label;            // visible text, or the bytes as \xNN for invalid UTF-8
    bool invalidUtf8 = false; // else: characters the vocabulary lacks
};

struct Tokenized {
    std::vector<int> ids;
    QStringList labels;   // visible token text
    QStringList texts;    // raw token text
    std::vector<std::pair<int, int>> spans;  // UTF-16 [begin, end) in the text, per token
    int dropped = 0;      // tokens cropped from the front
    bool replacedInvalid = false;
    std::vector<SkippedText> skipped;  // in text order
    int invalidSequences = 0;          // of them, invalid UTF-8
};

// Text to ids for `doc`. With no tokenizer the text must be comma-separated ids.
// Characters the vocabulary lacks are left out and listed in `skipped`; so is
// invalid UTF-8, unless the tokenizer encodes bytes (byte-level BPE).
// More tokens than the context either keep the last context_length (KeepLast)
// or throw Error(ContextOverflow) (Refuse).
Tokenized tokenize(const Document& doc, const QString& text, CropPolicy policy);
// The same from UTF-8 bytes that may be invalid.
Tokenized tokenizeUtf8(const Document& doc, const std::string& utf8, CropPolicy policy);

// Labels for ids (with or without a tokenizer).
QStringList tokenLabels(const Document& doc, const std::vector<int>& ids);

FigureData figureData(const Document& doc, std::shared_ptr<const attnscope::Trace> trace,
                      const QStringList& labels);

}  // namespace render
