#include "session.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include "attnscope/error.h"

namespace render {

using attnscope::Error;
using attnscope::ErrorCode;

QString demoModelPath() {
    const QString name = QStringLiteral("shakespeare-char.safetensors");
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString bin = QCoreApplication::applicationDirPath();
        candidates << QDir(bin).filePath(QStringLiteral("../share/attnscope/") + name);
    }
    candidates << QStringLiteral(ATTNSCOPE_RESOURCES_DIR "/demo/") + name;
    for (const QString& c : candidates)
        if (QFileInfo(c).isFile()) return QFileInfo(c).canonicalFilePath();
    return {};
}

Document openDocument(const QString& path, const QString& tokenizerPath) {
    Document d;
    d.path = path.isEmpty() ? demoModelPath() : path;
    if (d.path.isEmpty())
        throw Error(ErrorCode::Io, "the bundled demo model is missing from this installation");
    d.isDemo = path.isEmpty() || QFileInfo(d.path) == QFileInfo(demoModelPath());
    d.model = attnscope::load_model(d.path.toStdString());
    d.displayName = QFileInfo(d.path).fileName();
    if (!tokenizerPath.isEmpty()) {
        d.tokenizer = attnscope::load_tokenizer(tokenizerPath.toStdString());
    } else {
        std::vector<std::string> looked;
        d.tokenizer = attnscope::find_tokenizer(d.path.toStdString(), d.model.metadata, &looked);
        for (const std::string& s : looked) d.tokenizerLooked << QString::fromStdString(s);
    }
    return d;
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
        const attnscope::Encoding enc = doc.tokenizer->encode(utf8);
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
