#include "session/tokenize.h"

#include <QRegularExpression>

#include "attnscope/common/error.h"
#include "attnscope/run/trace_file.h"
#include "render/figures/figure.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;
using render::visibleToken;

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

namespace {

// The token's exact text; its id as text without a tokenizer, and "" for a row
// the tokenizer lacks (a vocabulary padded past the tokenizer's size).
QString tokenText(const Document& doc, int id) {
    if (!doc.tokenizer) return QString::number(id);
    try {
        return QString::fromStdString(doc.tokenizer->token_text(id));
    } catch (const Error&) {
        return {};
    }
}

}  // namespace

Tokenized traceFileTokens(const attnscope::Trace& trace) {
    Tokenized out;
    out.ids = trace.tokens;
    if (!trace.imported) return out;
    // A file without token texts is labelled by id, or by position without ids.
    const auto& texts = trace.imported->token_texts();
    for (size_t i = 0; i < texts.size(); ++i) {
        const QString text = QString::fromStdString(texts[i]);
        out.texts << text;
        out.labels << (!text.isEmpty()                          ? visibleToken(text)
                       : trace.imported->has_token_ids() ? QStringLiteral("#%1").arg(trace.tokens[i])
                                                         : QStringLiteral("@%1").arg(i));
    }
    return out;
}

QStringList tokenLabels(const Document& doc, const std::vector<int>& ids) {
    QStringList out;
    for (const int id : ids) out << (doc.tokenizer ? visibleToken(tokenText(doc, id)) : QString::number(id));
    return out;
}

namespace {

// UTF-8 through the tokenizer (or, without one, ids typed as text).
Tokenized encodeUtf8(const Document& doc, const std::string& utf8) {
    Tokenized t;
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
    return t;
}

// Text in UTF-16: lone surrogates (possible from pasted text) are the only
// thing that does not convert to UTF-8, and toUtf8 replaces them. Say so.
Tokenized encodeText(const Document& doc, const QString& text) {
    bool lone = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            ++i;
            continue;
        }
        if (c.isSurrogate()) lone = true;
    }
    Tokenized t = encodeUtf8(doc, text.toUtf8().toStdString());
    t.replacedInvalid = lone;
    return t;
}

Tokenized checkIds(const Document& doc, const std::vector<int>& ids) {
    const int vocab = doc.model.weights ? doc.model.weights->config.vocab_size : 0;
    for (const int id : ids)
        if (id < 0 || (vocab > 0 && id >= vocab))
            throw Error(ErrorCode::InvalidArgument,
                        "token id " + std::to_string(id) + " is outside the model's vocabulary (0.." +
                            std::to_string(vocab - 1) + ")",
                        {std::to_string(id)});
    Tokenized t;
    t.ids = ids;
    t.spans.assign(ids.size(), {-1, -1});
    return t;
}

}  // namespace

Tokenized tokenize(const Document& doc, const TokenInput& input, CropPolicy policy) {
    Tokenized t;
    if (const auto* text = std::get_if<QString>(&input.value)) t = encodeText(doc, *text);
    else if (const auto* utf8 = std::get_if<TokenInput::Utf8>(&input.value)) t = encodeUtf8(doc, utf8->bytes);
    else t = checkIds(doc, std::get<std::vector<int>>(input.value));

    const int context = doc.model.weights ? doc.model.weights->config.context_length : 0;
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
    for (const int id : t.ids) t.texts << tokenText(doc, id);
    return t;
}

void requireTokens(const Tokenized& t) {
    if (!t.ids.empty()) return;
    throw Error(ErrorCode::EmptyInput, t.skipped.empty()
                                           ? "no tokens to run: the text is empty"
                                           : "no tokens to run: the vocabulary has none of the text's characters");
}

}  // namespace session
