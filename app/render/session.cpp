#include "session.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include "attnscope/error.h"
#include "paths.h"

namespace render {

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

Document randomDocument(const attnscope::ModelConfig& config, uint64_t seed) {
    Document d;
    d.model.weights = std::make_shared<attnscope::Weights>(attnscope::random_weights(config, seed));
    d.model.format = "random";
    d.model.naming = "seed";
    d.displayName = QCoreApplication::translate("render::Session", "Random model (seed %1)").arg(seed);
    // Printable ASCII plus newline fits a vocabulary of 96 or more.
    if (config.vocab_size >= 96) {
        std::vector<std::string> vocab{"\n"};
        for (char c = ' '; c <= '~'; ++c) vocab.emplace_back(1, c);
        d.tokenizer = attnscope::make_char_tokenizer(vocab, "printable ASCII");
    }
    return d;
}

namespace {

// "3, 1,4" -> ids, for models without a tokenizer.
std::vector<int> parseIds(const QString& text) {
    std::vector<int> ids;
    const QStringList parts = text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    for (const QString& p : parts) {
        bool ok = false;
        const int v = p.toInt(&ok);
        if (!ok)
            throw Error(ErrorCode::InvalidArgument,
                        "this model has no tokenizer: type token ids separated by commas, not '" +
                            p.left(20).toStdString() + "'",
                        {p.left(20).toStdString()});
        ids.push_back(v);
    }
    return ids;
}

}  // namespace

QStringList tokenLabels(const Document& doc, const std::vector<int>& ids) {
    QStringList out;
    for (const int id : ids)
        out << (doc.tokenizer ? visibleToken(QString::fromStdString(doc.tokenizer->token_text(id)))
                              : QString::number(id));
    return out;
}

Tokenized tokenizeUtf8(const Document& doc, const std::string& utf8, CropPolicy policy) {
    Tokenized t;
    const int context = doc.model.weights ? doc.model.weights->config.context_length : 0;
    if (doc.tokenizer) {
        std::vector<attnscope::Skipped> skipped;
        const attnscope::Encoding enc = doc.tokenizer->encode_lenient(utf8, skipped);
        t.ids = enc.ids;
        // Byte spans -> UTF-16 spans: count UTF-16 units up to each boundary.
        std::vector<int> utf16At(utf8.size() + 1, 0);
        int units = 0;
        for (size_t i = 0; i < utf8.size(); ++i) {
            utf16At[i] = units;
            const auto c = static_cast<unsigned char>(utf8[i]);
            if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
        }
        utf16At[utf8.size()] = units;
        for (const auto& [b, e] : enc.spans) t.spans.emplace_back(utf16At[b], utf16At[e]);
        for (const attnscope::Skipped& s : skipped) {
            const std::string piece = utf8.substr(s.begin, s.end - s.begin);
            QString label;
            if (s.invalid_utf8) {
                for (const char c : piece)
                    label += QStringLiteral("\\x") + QString::number(uchar(c), 16).toUpper().rightJustified(2, QLatin1Char('0'));
                ++t.invalidSequences;
            } else {
                label = visibleToken(QString::fromStdString(piece));
            }
            t.skipped.push_back({utf16At[s.begin], utf16At[s.end], label, s.invalid_utf8});
        }
    } else {
        t.ids = parseIds(QString::fromUtf8(utf8));
        for (size_t i = 0; i < t.ids.size(); ++i) t.spans.emplace_back(-1, -1);
    }
    if (context > 0 && int(t.ids.size()) > context) {
        if (policy == CropPolicy::Refuse)
            throw Error(ErrorCode::ContextOverflow,
                        std::to_string(t.ids.size()) + " tokens exceed the model's context length of " +
                            std::to_string(context),
                        {std::to_string(t.ids.size()), std::to_string(context)});
        t.dropped = int(t.ids.size()) - context;
        t.ids.erase(t.ids.begin(), t.ids.begin() + t.dropped);
        t.spans.erase(t.spans.begin(), t.spans.begin() + t.dropped);
    }
    t.labels = tokenLabels(doc, t.ids);
    for (const int id : t.ids)
        t.texts << (doc.tokenizer ? QString::fromStdString(doc.tokenizer->token_text(id)) : QString::number(id));
    return t;
}

Tokenized tokenize(const Document& doc, const QString& text, CropPolicy policy) {
    // QString is UTF-16; lone surrogates (possible from pasted text) are the only
    // thing that does not convert, and toUtf8 replaces them. Say so.
    bool lone = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            ++i;
            continue;
        }
        if (c.isSurrogate()) lone = true;
    }
    Tokenized t = tokenizeUtf8(doc, text.toUtf8().toStdString(), policy);
    t.replacedInvalid = lone;
    return t;
}

FigureData figureData(const Document& doc, std::shared_ptr<const attnscope::Trace> trace,
                      const QStringList& labels) {
    FigureData f;
    f.trace = std::move(trace);
    f.tokens = labels;
    f.modelName = doc.displayName;
    return f;
}

}  // namespace render
