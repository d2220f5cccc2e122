#pragma once
// Text (or token ids) to the ids a run takes, cropped to the model's context:
// the one place the GUI, recipes and the CLI turn their input into tokens.
#include <QString>
#include <QStringList>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "session/document.h"

namespace session {

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

// What a run is given: text typed in the app (UTF-16, possibly with lone
// surrogates from a paste), UTF-8 bytes from a file or the command line
// (possibly invalid), or token ids.
struct TokenInput {
    TokenInput(const QString& text) : value(text) {}  // NOLINT: implicit on purpose
    static TokenInput utf8(std::string bytes) { return TokenInput(Utf8{std::move(bytes)}); }
    static TokenInput ids(std::vector<int> ids) { return TokenInput(std::move(ids)); }

    struct Utf8 {
        std::string bytes;
    };
    std::variant<QString, Utf8, std::vector<int>> value;

private:
    explicit TokenInput(Utf8 u) : value(std::move(u)) {}
    explicit TokenInput(std::vector<int> v) : value(std::move(v)) {}
};

// Input to ids for `doc`, the one tokenize-and-crop of the program.
// - Text with no tokenizer must be comma-separated ids.
// - Characters the vocabulary lacks are left out and listed in `skipped`; so is
//   invalid UTF-8, unless the tokenizer encodes bytes (byte-level BPE).
// - Ids must lie inside the model's vocabulary (Error(InvalidArgument)).
// - More tokens than the context either keep the last context_length (KeepLast)
//   or throw Error(ContextOverflow) (Refuse).
// No tokens is not an error here (the app shows an empty text); see requireTokens.
Tokenized tokenize(const Document& doc, const TokenInput& input, CropPolicy policy);

// Throws Error(EmptyInput) when `t` has no tokens, saying whether the text was
// empty or the vocabulary has none of its characters.
void requireTokens(const Tokenized& t);

// A trace file's own tokens: its ids with the texts it carries.
Tokenized traceFileTokens(const attnscope::Trace& trace);

// Labels for ids (with or without a tokenizer).
QStringList tokenLabels(const Document& doc, const std::vector<int>& ids);

}  // namespace session
