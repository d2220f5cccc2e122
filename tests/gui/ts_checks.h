#pragma once
// What tst_translation and tst_languages check a catalogue and a window
// with: the .ts reader and the accelerator, placeholder and markup rules.
#include <QAbstractButton>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QStringList>
#include <QXmlStreamReader>

#include <map>

namespace ts_checks {

// The interface's languages besides English, as translations/ names them.
inline const QStringList& languages() {
    static const QStringList all = {QStringLiteral("de"), QStringLiteral("fr"), QStringLiteral("es"),
                                    QStringLiteral("pt_BR"), QStringLiteral("zh_CN"), QStringLiteral("ja")};
    return all;
}
inline QString tsPath(const QString& lang) {
    return QStringLiteral(ATTNSCOPE_RESOURCES "/../translations/attnscope_%1.ts").arg(lang);
}
inline QString qmPath(const QString& lang) { return QStringLiteral(":/i18n/attnscope_%1.qm").arg(lang); }
// Plural forms Qt expects: one in Chinese and Japanese, two (one, other) in the rest.
inline int pluralForms(const QString& lang) {
    return lang.startsWith(QLatin1String("zh")) || lang == QLatin1String("ja") ? 1 : 2;
}

struct TsMessage {
    QString context, source, type;  // type: "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
    QStringList translations;       // one, or one per plural form
};

// Every <message> of a Qt Linguist .ts file.
inline QList<TsMessage> readTs(const QString& path, QString* error) {
    QList<TsMessage> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1: %2").arg(path, f.errorString());
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    TsMessage msg;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("context")) {
            context.clear();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            msg = TsMessage{};
            msg.context = context;
            msg.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            msg.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            msg.type = xml.attributes().value(QLatin1String("type")).toString();
            if (msg.numerus) {
                while (xml.readNextStartElement())
                    if (xml.name() == QLatin1String("numerusform")) msg.translations << xml.readElementText();
                    else xml.skipCurrentElement();
            } else {
                msg.translations << xml.readElementText();
            }
            out << msg;
        }
    }
    if (xml.hasError()) *error = QStringLiteral("%1: XML error at line %2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

// %1…%99, %L1 and %n, in order of appearance, sorted (a translation may reorder them).
inline QStringList placeholders(const QString& s) {
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QStringList out;
    for (auto it = re.globalMatch(s); it.hasNext();) out << it.next().captured(0);
    out.sort();
    return out;
}

// The accelerator characters of a text: '&x' marks x, '&&' is a literal '&'.
inline QString mnemonics(const QString& s) {
    QString out;
    for (qsizetype i = 0; i + 1 < s.size(); ++i) {
        if (s[i] != QLatin1Char('&')) continue;
        if (s[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        if (!s[i + 1].isSpace()) out += s[i + 1].toLower();
    }
    return out;
}

inline QStringList htmlTags(const QString& s) {
    static const QRegularExpression re(QStringLiteral("</?[a-zA-Z][^<>]*>"));
    QStringList out;
    for (auto it = re.globalMatch(s); it.hasNext();) out << it.next().captured(0);
    return out;
}

// Texts that share an accelerator, e.g. "d: &Datei | &Demomodell öffnen"; empty if none do.
inline QString clashes(const QStringList& texts) {
    std::map<QChar, QStringList> byKey;
    for (const QString& t : texts)
        for (const QChar c : mnemonics(t)) byKey[c] << t;
    QStringList bad;
    for (const auto& [c, owners] : byKey)
        if (owners.size() > 1) bad << QStringLiteral("%1: %2").arg(c, owners.join(QStringLiteral(" | ")));
    return bad.join(QStringLiteral("; "));
}

// The menu's own entries and, recursively, every submenu checked on its own.
inline void checkMenu(const QMenu* menu, QStringList* problems) {
    QStringList texts;
    for (const QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        texts << a->text();
        if (a->menu()) checkMenu(a->menu(), problems);
    }
    const QString c = clashes(texts);
    if (!c.isEmpty()) *problems << QStringLiteral("menu “%1”: %2").arg(menu->title(), c);
}

// Accelerator owners inside a widget tree: buttons, and labels that have a buddy.
inline QStringList acceleratorTexts(const QWidget* root, bool visibleOnly) {
    QStringList out;
    for (const QAbstractButton* b : root->findChildren<QAbstractButton*>())
        if (!visibleOnly || b->isVisibleTo(root->window())) out << b->text();
    for (const QLabel* l : root->findChildren<QLabel*>())
        if (l->buddy() && (!visibleOnly || l->isVisibleTo(root->window()))) out << l->text();
    return out;
}

// Plain-text labels that show an accelerator but have no buddy: Qt draws their '&' literally.
inline QStringList literalAmpersands(const QWidget* root) {
    QStringList out;
    for (const QLabel* l : root->findChildren<QLabel*>()) {
        const bool rich = l->textFormat() == Qt::RichText ||
                          (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text()));
        if (!l->buddy() && !rich && !mnemonics(l->text()).isEmpty()) out << l->text();
    }
    return out;
}


}  // namespace ts_checks
