#pragma once
// English plurals for the source texts: "%n head(s)" reads "1 head" and
// "144 heads". Qt picks a plural form only from a translation, so without one
// (English, or a language AttnScope does not ship) the "(s)" showed as typed.
// Installed before the app's own translator, which Qt asks first.
#include <QTranslator>

class EnglishPlurals : public QTranslator {
public:
    using QTranslator::QTranslator;
    // `source` with each "(s)" and "(es)" kept for n != 1 and dropped for 1;
    // a null string when it has neither or n < 0 (Qt then uses the source).
    static QString resolve(const QString& source, int n);
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                      int n = -1) const override;
    bool isEmpty() const override { return false; }
};
