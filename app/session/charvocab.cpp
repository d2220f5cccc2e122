#include "session/charvocab.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include "attnscope/common/error.h"
#include "attnscope/tokenizers/tokenizer.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;

QString buildCharTokenizer(const QString& textPath, int vocabRows, const QString& outDir) {
    const std::string where = textPath.toStdString();
    QFile f(textPath);
    if (!QFileInfo(textPath).isFile() || !f.open(QIODevice::ReadOnly))
        throw Error(ErrorCode::Io, where + ": cannot read the text file", {where});
    if (f.size() > (qint64(64) << 20))
        throw Error(ErrorCode::TooLarge, where + ": a training text over 64 MB is not read", {where});
    const QByteArray bytes = f.readAll();
    std::vector<std::string> vocab;
    try {
        vocab = attnscope::char_vocabulary_of(std::string_view(bytes.constData(), size_t(bytes.size())));
    } catch (const Error& e) {
        throw Error(e.code(), where + ": " + e.what(), e.args());
    }
    if (int(vocab.size()) != vocabRows)
        throw Error(ErrorCode::InvalidArgument,
                    where + ": the text has " + std::to_string(vocab.size()) +
                        " different characters but the model's vocabulary has " + std::to_string(vocabRows) +
                        " rows; choose the text the model was trained on",
                    {where, std::to_string(vocab.size()), std::to_string(vocabRows)});
    const QByteArray json = QByteArray::fromStdString(attnscope::char_tokenizer_json(vocab));
    // One file per vocabulary, named after the text and the vocabulary itself.
    const QString name = QFileInfo(textPath).completeBaseName() + QLatin1Char('-') +
                         QString::fromLatin1(QCryptographicHash::hash(json, QCryptographicHash::Sha256).toHex().left(12)) +
                         QStringLiteral(".chars.json");
    if (!QDir().mkpath(outDir))
        throw Error(ErrorCode::Io, outDir.toStdString() + ": cannot create the folder", {outDir.toStdString()});
    const QString out = QDir(outDir).filePath(name);
    QSaveFile s(out);
    if (!s.open(QIODevice::WriteOnly) || s.write(json) != json.size() || !s.commit())
        throw Error(ErrorCode::Io, out.toStdString() + ": cannot write: " + s.errorString().toStdString(),
                    {out.toStdString()});
    return out;
}

}  // namespace session
