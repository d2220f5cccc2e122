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
    bool isDemo = false;
};

// The bundled demo model, or "" when it cannot be found (a broken install).
QString demoModelPath();

// Opens a model file (the demo when `path` is empty) and finds its tokenizer:
// metadata, then files beside the model, then `tokenizerPath` when given.
// Throws attnscope::Error.
Document openDocument(const QString& path, const QString& tokenizerPath = {});
// A random model of the given shape, with a char tokenizer over printable ASCII
// when the vocabulary is large enough.
Document randomDocument(const attnscope::ModelConfig& config, uint64_t seed);

enum class CropPolicy { KeepLast, Refuse };

struct Tokenized {
    std::vector<int> ids;
    QStringList labels;   // visible token text
    QStringList texts;    // raw token text
    std::vector<std::pair<int, int>> spans;  // UTF-16 [begin, end) in the text, per token
    int dropped = 0;      // tokens cropped from the front
    bool replacedInvalid = false;
};

// Text to ids for `doc`. With no tokenizer the text must be comma-separated ids.
// More tokens than the context either keep the last context_length (KeepLast)
// or throw Error(ContextOverflow) (Refuse).
Tokenized tokenize(const Document& doc, const QString& text, CropPolicy policy);
// The same from UTF-8 bytes that may be invalid: those throw Error(InvalidUtf8).
Tokenized tokenizeUtf8(const Document& doc, const std::string& utf8, CropPolicy policy);

// Labels for ids (with or without a tokenizer).
QStringList tokenLabels(const Document& doc, const std::vector<int>& ids);

FigureData figureData(const Document& doc, std::shared_ptr<const attnscope::Trace> trace,
                      const QStringList& labels);

}  // namespace render
