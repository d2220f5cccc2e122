#include "gui/common/languages.h"

#include <QSettings>

namespace {
const QString kLanguageKey = QStringLiteral("language");
}

const QList<InterfaceLanguage>& interfaceLanguages() {
    // Native names are not translated: a user who cannot read the current
    // language must still find their own.
    static const QList<InterfaceLanguage> all = {
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("fr"), QStringLiteral("Français")},
        {QStringLiteral("es"), QStringLiteral("Español")},
        {QStringLiteral("pt_BR"), QStringLiteral("Português (Brasil)")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
        {QStringLiteral("ja"), QStringLiteral("日本語")},
    };
    return all;
}

QString chosenLanguage() {
    const QString code = QSettings().value(kLanguageKey).toString();
    for (const InterfaceLanguage& l : interfaceLanguages())
        if (l.code == code) return code;
    return {};  // unset, or a language this build does not ship
}

void setChosenLanguage(const QString& code) {
    QSettings s;
    if (code.isEmpty())
        s.remove(kLanguageKey);
    else
        s.setValue(kLanguageKey, code);
}

QLocale interfaceLocale() {
    const QString code = chosenLanguage();
    return code.isEmpty() ? QLocale() : QLocale(code);
}
