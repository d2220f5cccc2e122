#pragma once
// The interface's languages: English (the sources) and the translations that
// ship in translations/. The one in use is the user's choice (View ▸
// Language, remembered) or else the system's; a change takes effect at the
// next start, when main() installs the translators.
#include <QList>
#include <QLocale>
#include <QString>

struct InterfaceLanguage {
    QString code;        // "en", "de", "pt_BR", … (the .qm's suffix)
    QString nativeName;  // as its speakers write it: "Deutsch", "日本語"
};

// English first, then every shipped translation.
const QList<InterfaceLanguage>& interfaceLanguages();

// The remembered choice ("" for the system's language).
QString chosenLanguage();
void setChosenLanguage(const QString& code);

// The locale whose translation main() loads: the choice, or the system's.
QLocale interfaceLocale();
