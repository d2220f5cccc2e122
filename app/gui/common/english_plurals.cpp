#include "gui/common/english_plurals.h"

QString EnglishPlurals::resolve(const QString& source, int n) {
    if (n < 0) return {};
    const QString plural = source;
    QString out = source;
    for (const QLatin1String ending : {QLatin1String("(es)"), QLatin1String("(s)")})
        out.replace(ending, n == 1 ? QString() : QString(ending).mid(1, ending.size() - 2));
    return out == plural ? QString() : out;
}

QString EnglishPlurals::translate(const char*, const char* sourceText, const char*, int n) const {
    return resolve(QString::fromUtf8(sourceText), n);
}
