#include "session/textbytes.h"

#include <QStringConverter>
#include <QStringDecoder>

namespace session {

std::optional<MarkedText> decodeByByteOrderMark(const QByteArray& bytes) {
    const auto enc = QStringConverter::encodingForData(bytes);
    if (!enc || *enc == QStringConverter::Utf8 || *enc == QStringConverter::System || *enc == QStringConverter::Latin1)
        return std::nullopt;
    MarkedText r;
    r.encoding = QString::fromLatin1(QStringConverter::nameForEncoding(*enc));
    // Stateless: a character cut off at the end is an error, not kept for more input.
    QStringDecoder decode(*enc, QStringDecoder::Flag::Stateless);
    r.text = decode(bytes);
    if (!r.text.isEmpty() && r.text.front() == QChar::ByteOrderMark) r.text.remove(0, 1);
    const bool utf32 = *enc == QStringConverter::Utf32LE || *enc == QStringConverter::Utf32BE || *enc == QStringConverter::Utf32;
    const qsizetype unit = utf32 ? 4 : 2;
    r.invalid = decode.hasError() || bytes.size() % unit != 0;
    if (bytes.size() % unit != 0 && (r.text.isEmpty() || r.text.back() != QChar::ReplacementCharacter))
        r.text += QChar::ReplacementCharacter;
    // A lone surrogate is not a character either: it becomes U+FFFD, as a
    // bad byte of UTF-8 does.
    for (qsizetype i = 0; i < r.text.size(); ++i) {
        const QChar c = r.text[i];
        if (c.isHighSurrogate() && i + 1 < r.text.size() && r.text[i + 1].isLowSurrogate()) {
            ++i;
        } else if (c.isSurrogate()) {
            r.text[i] = QChar::ReplacementCharacter;
            r.invalid = true;
        }
    }
    return r;
}

}  // namespace session
