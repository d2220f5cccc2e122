// The German translation: the committed .ts is complete and current, every
// translation keeps its source's placeholders, accelerators and markup, the
// compiled catalogue is embedded where the app and the tests find it, and a
// real main window speaks German with unambiguous keyboard accelerators.
#include <QAbstractButton>
#include <QDialog>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>
#include <memory>
#include <set>

#include "gui/common/english_plurals.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/window/main_window.h"
#include "session/views.h"
#include "gui/dialogs/new_model_dialog.h"
#include "gui/panels/predictions_model.h"
#include "gui/panels/predictions_panel.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

namespace {

const QString kTsPath = QStringLiteral(ATTNSCOPE_RESOURCES "/../translations/attnscope_de.ts");
const QString kQmPath = QStringLiteral(":/i18n/attnscope_de.qm");

struct TsMessage {
    QString context, source, type;  // type: "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
    QStringList translations;       // one, or one per plural form
};

// Every <message> of a Qt Linguist .ts file.
QList<TsMessage> readTs(const QString& path, QString* error) {
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
QStringList placeholders(const QString& s) {
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QStringList out;
    for (auto it = re.globalMatch(s); it.hasNext();) out << it.next().captured(0);
    out.sort();
    return out;
}

// The accelerator characters of a text: '&x' marks x, '&&' is a literal '&'.
QString mnemonics(const QString& s) {
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

QStringList htmlTags(const QString& s) {
    static const QRegularExpression re(QStringLiteral("</?[a-zA-Z][^<>]*>"));
    QStringList out;
    for (auto it = re.globalMatch(s); it.hasNext();) out << it.next().captured(0);
    return out;
}

// Texts that share an accelerator, e.g. "d: &Datei | &Demomodell öffnen"; empty if none do.
QString clashes(const QStringList& texts) {
    std::map<QChar, QStringList> byKey;
    for (const QString& t : texts)
        for (const QChar c : mnemonics(t)) byKey[c] << t;
    QStringList bad;
    for (const auto& [c, owners] : byKey)
        if (owners.size() > 1) bad << QStringLiteral("%1: %2").arg(c, owners.join(QStringLiteral(" | ")));
    return bad.join(QStringLiteral("; "));
}

// The menu's own entries and, recursively, every submenu checked on its own.
void checkMenu(const QMenu* menu, QStringList* problems) {
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
QStringList acceleratorTexts(const QWidget* root, bool visibleOnly) {
    QStringList out;
    for (const QAbstractButton* b : root->findChildren<QAbstractButton*>())
        if (!visibleOnly || b->isVisibleTo(root->window())) out << b->text();
    for (const QLabel* l : root->findChildren<QLabel*>())
        if (l->buddy() && (!visibleOnly || l->isVisibleTo(root->window()))) out << l->text();
    return out;
}

// Plain-text labels that show an accelerator but have no buddy: Qt draws their '&' literally.
QStringList literalAmpersands(const QWidget* root) {
    QStringList out;
    for (const QLabel* l : root->findChildren<QLabel*>()) {
        const bool rich = l->textFormat() == Qt::RichText ||
                          (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text()));
        if (!l->buddy() && !rich && !mnemonics(l->text()).isEmpty()) out << l->text();
    }
    return out;
}

}  // namespace

class tst_Translation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void tsIsComplete();
    void tsMatchesTheSources();
    void translationsKeepPlaceholdersAndAccelerators();
    void embeddedCatalogueTranslates();
    void systemStyleLookupFindsGerman();
    void mainWindowSpeaksGerman();
    void germanNumbersUseTheDecimalComma();
    void germanAcceleratorsAreUnique();
    void noLabelShowsAnAmpersand();
    void englishPluralsAgree();

private:
    void installGerman();
    std::unique_ptr<QTranslator> german_;
};

void tst_Translation::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("AttnScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_translation"));
    QSettings().clear();
    QVERIFY2(QFileInfo::exists(kTsPath), qPrintable(kTsPath + QStringLiteral(" is missing")));
}

void tst_Translation::cleanup() {
    if (german_) QCoreApplication::removeTranslator(german_.get());
    german_.reset();
}

void tst_Translation::installGerman() {
    german_ = std::make_unique<QTranslator>();
    QVERIFY(german_->load(kQmPath));
    QVERIFY(QCoreApplication::installTranslator(german_.get()));
}

void tst_Translation::tsIsComplete() {
    QString error;
    const QList<TsMessage> msgs = readTs(kTsPath, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(msgs.size() >= 200, qPrintable(QStringLiteral("only %1 messages in the .ts").arg(msgs.size())));
    QStringList bad;
    for (const TsMessage& m : msgs) {
        const QString where = m.context + QStringLiteral(" / ") + m.source;
        if (!m.type.isEmpty()) bad << QStringLiteral("%1 [%2]").arg(where, m.type);
        if (m.translations.isEmpty()) bad << where + QStringLiteral(" [no translation]");
        for (const QString& t : m.translations)
            if (t.trimmed().isEmpty()) bad << where + QStringLiteral(" [empty]");
        // German has two plural forms: one, other.
        if (m.numerus && m.translations.size() != 2) bad << where + QStringLiteral(" [needs 2 plural forms]");
    }
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("\n") + bad.join(QLatin1Char('\n'))));
}

// lupdate run on app/ now must find exactly the messages the committed .ts holds:
// a tr() added without refreshing the .ts (or one removed) fails here.
void tst_Translation::tsMatchesTheSources() {
    const QString lupdate = QLibraryInfo::path(QLibraryInfo::BinariesPath) + QStringLiteral("/lupdate");
    if (!QFileInfo(lupdate).isExecutable()) QSKIP("lupdate is not installed next to Qt");
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString fresh = tmp.filePath(QStringLiteral("fresh_de.ts"));
    QProcess p;
    p.setWorkingDirectory(QStringLiteral(ATTNSCOPE_RESOURCES "/.."));
    // The shape flow's stage labels live in the core's trace tensor table.
    p.start(lupdate, {QStringLiteral("app"), QStringLiteral("core/src/run/trace_tensors.cpp"), QStringLiteral("-ts"), fresh, QStringLiteral("-no-obsolete"),
                      QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-silent")});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QString error;
    const QList<TsMessage> now = readTs(fresh, &error), committed = readTs(kTsPath, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!now.isEmpty());
    std::set<QString> want, have;
    for (const TsMessage& m : now) want.insert(m.context + QStringLiteral(" / ") + m.source);
    for (const TsMessage& m : committed) have.insert(m.context + QStringLiteral(" / ") + m.source);
    QStringList missing, stale;
    for (const QString& k : want)
        if (!have.count(k)) missing << k;
    for (const QString& k : have)
        if (!want.count(k)) stale << k;
    QVERIFY2(missing.isEmpty() && stale.isEmpty(),
             qPrintable(QStringLiteral("run lupdate (see translations/): not in the .ts:\n  %1\nno longer in the sources:\n  %2")
                            .arg(missing.join(QStringLiteral("\n  ")), stale.join(QStringLiteral("\n  ")))));
}

void tst_Translation::translationsKeepPlaceholdersAndAccelerators() {
    QString error;
    const QList<TsMessage> msgs = readTs(kTsPath, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!msgs.isEmpty());
    QStringList bad;
    int checked = 0;
    for (const TsMessage& m : msgs) {
        for (const QString& t : m.translations) {
            const QString where = QStringLiteral("%1 / “%2” → “%3”").arg(m.context, m.source, t);
            QStringList want = placeholders(m.source), got = placeholders(t);
            if (m.numerus) {  // a singular form may spell out the number instead of %n
                want.removeAll(QStringLiteral("%n"));
                got.removeAll(QStringLiteral("%n"));
            }
            if (want != got)
                bad << QStringLiteral("%1: placeholders %2 vs %3").arg(where, want.join(','), got.join(','));
            if (mnemonics(m.source).size() != mnemonics(t).size())
                bad << QStringLiteral("%1: %2 accelerator(s) instead of %3")
                           .arg(where).arg(mnemonics(t).size()).arg(mnemonics(m.source).size());
            if (htmlTags(m.source) != htmlTags(t)) bad << where + QStringLiteral(": HTML tags differ");
            if (m.source.endsWith(QChar(0x2026)) != t.endsWith(QChar(0x2026)))
                bad << where + QStringLiteral(": the trailing … (opens a dialog) must match");
            if (m.source.count(QLatin1Char('\n')) != t.count(QLatin1Char('\n')))
                bad << where + QStringLiteral(": line breaks differ");
            ++checked;
        }
    }
    QVERIFY(checked >= msgs.size());
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("\n") + bad.join(QLatin1Char('\n'))));
}

void tst_Translation::embeddedCatalogueTranslates() {
    QVERIFY2(QFile::exists(kQmPath), "the compiled translation is not embedded in attnscope_gui");
    QTranslator t;
    QVERIFY(t.load(kQmPath));
    QCOMPARE(t.language(), QStringLiteral("de_DE"));
    QCOMPARE(t.translate("MainWindow", "&File"), QStringLiteral("&Datei"));
    QCOMPARE(t.translate("MainWindow", "&View"), QStringLiteral("&Ansicht"));
    QCOMPARE(t.translate("MainWindow", "Attention weights"), QStringLiteral("Aufmerksamkeitsgewichte"));
    QCOMPARE(t.translate("Errors", "Something went wrong."), QStringLiteral("Etwas ist schiefgegangen."));
    QCOMPARE(t.translate("render::HeadFigure", "Layer %1 · Head %2 · %3"), QStringLiteral("Schicht %1 · Kopf %2 · %3"));
    QCOMPARE(t.translate("main", "Start with this text."), QStringLiteral("Mit diesem Text starten."));
    QCOMPARE(t.translate("MainWindow", "Threads: %1"), QStringLiteral("Threads: %1"));
    // Key sequences stay parseable.
    QCOMPARE(QKeySequence(t.translate("MainWindow", "Ctrl+E")), QKeySequence(Qt::CTRL | Qt::Key_E));
    QCOMPARE(QKeySequence(t.translate("MainWindow", "Alt+Right")), QKeySequence(Qt::ALT | Qt::Key_Right));
    // Through the application, as the app uses it.
    installGerman();
    QCOMPARE(QCoreApplication::translate("render::HeadsGridFigure", "Attention weights of every head"),
             QStringLiteral("Aufmerksamkeitsgewichte aller Köpfe"));
    QCOMPARE(QCoreApplication::translate("MainWindow", "&Quit"), QStringLiteral("&Beenden"));
}

// main.cpp asks for attnscope_<ui languages of the locale> in :/i18n.
void tst_Translation::systemStyleLookupFindsGerman() {
    for (const QLocale& loc : {QLocale(QLocale::German, QLocale::Germany), QLocale(QLocale::German, QLocale::Switzerland),
                               QLocale(QLocale::German, QLocale::Austria)}) {
        QTranslator t;
        QVERIFY2(t.load(loc, QStringLiteral("attnscope"), QStringLiteral("_"), QStringLiteral(":/i18n")),
                 qPrintable(loc.name()));
        QCOMPARE(t.translate("MainWindow", "&Help"), QStringLiteral("&Hilfe"));
    }
    QTranslator en;
    QVERIFY(!en.load(QLocale(QLocale::English, QLocale::UnitedStates), QStringLiteral("attnscope"), QStringLiteral("_"),
                     QStringLiteral(":/i18n")));
}

void tst_Translation::mainWindowSpeaksGerman() {
    installGerman();
    Workspace ws;
    MainWindow win(&ws);
    QStringList titles;
    for (const QAction* a : win.menuBar()->actions()) titles << a->text();
    QCOMPARE(titles, (QStringList{QStringLiteral("&Datei"), QStringLiteral("&Ansicht"), QStringLiteral("&Berechnung"),
                                  QStringLiteral("&Hilfe")}));
    QStringList items;
    for (const QAction* a : win.menuBar()->actions().first()->menu()->actions())
        if (!a->isSeparator()) items << a->text();
    QVERIFY2(items.contains(QStringLiteral("&Exportieren…")), qPrintable(items.join(QLatin1Char(','))));
    QCOMPARE(win.tabs()->count(), int(session::views().size()));
    QCOMPARE(win.tabs()->tabText(0), QStringLiteral("&Köpfe"));
    QCOMPARE(win.tabs()->tabText(4), QStringLiteral("&Tokenlinien"));
    QCOMPARE(win.windowTitle(), QStringLiteral("AttnScope"));
    // Shortcuts survive translation.
    bool sawExport = false;
    for (const QAction* a : win.menuBar()->actions().first()->menu()->actions())
        if (a->text() == QStringLiteral("&Exportieren…")) {
            sawExport = true;
            QCOMPARE(a->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
        }
    QVERIFY(sawExport);
}

// In German a decimal number is written with a comma: "1.308 Nats" beside
// "841.281 Parameter" (a thousands point) read as thirteen hundred. The
// predictions' probabilities and the surprise line follow the locale.
void tst_Translation::germanNumbersUseTheDecimalComma() {
    installGerman();
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    struct Restore {
        QLocale locale;
        ~Restore() { QLocale::setDefault(locale); }
    } restore{before};
    Workspace ws;
    ws.setDebounceMs(10);
    MainWindow win(&ws);
    win.resize(1200, 800);
    win.show();
    QVERIFY(QTest::qWaitForWindowExposed(&win));
    QSignalSpy ready(&ws, &Workspace::traceReady);
    win.restoreSession();
    QVERIFY(ready.wait(60000));
    PredictionsModel* m = win.predictions()->model();
    QTRY_VERIFY(m->rowCount() > 0);
    const QString p = m->data(m->index(0, PredictionsModel::Probability), Qt::DisplayRole).toString();
    QVERIFY2(QRegularExpression(QStringLiteral("^0,\\d{4}$")).match(p).hasMatch(), qPrintable(p));
    const QLabel* surprise = nullptr;
    QTRY_VERIFY([&] {
        for (const QLabel* l : win.predictions()->findChildren<QLabel*>())
            if (l->text().contains(QStringLiteral("Nats"))) surprise = l;
        return surprise != nullptr;
    }());
    QVERIFY2(QRegularExpression(QStringLiteral("\\d,\\d{3} Nats")).match(surprise->text()).hasMatch(),
             qPrintable(surprise->text()));
}

void tst_Translation::germanAcceleratorsAreUnique() {
    installGerman();
    QStringList problems;
    {
        Workspace ws;
        MainWindow win(&ws);
        win.resize(1200, 800);
        win.show();
        QVERIFY(QTest::qWaitForWindowExposed(&win));
        QStringList bar;
        for (const QAction* a : win.menuBar()->actions()) {
            bar << a->text();
            if (a->menu()) checkMenu(a->menu(), &problems);
        }
        if (const QString c = clashes(bar); !c.isEmpty()) problems << QStringLiteral("menu bar: ") + c;
        // What Alt+letter can reach at once: menu bar, tabs, model panel and the current page.
        for (int i = 0; i < win.tabs()->count(); ++i) {
            win.tabs()->setCurrentIndex(i);
            QStringList texts = bar;
            for (int j = 0; j < win.tabs()->count(); ++j) texts << win.tabs()->tabText(j);
            texts << acceleratorTexts(&win, true);
            if (const QString c = clashes(texts); !c.isEmpty())
                problems << QStringLiteral("main window on tab %1: %2").arg(win.tabs()->tabText(i), c);
        }
        QVERIFY(!acceleratorTexts(&win, true).isEmpty());
    }
    {
        NewModelDialog dlg;
        const QStringList texts = acceleratorTexts(&dlg, false);
        QVERIFY(texts.size() >= 6);
        if (const QString c = clashes(texts); !c.isEmpty()) problems << QStringLiteral("new model dialog: ") + c;
    }
    {
        Workspace ws;
        ViewSettings settings;
        ExportDialog dlg(&ws, &settings, nullptr);
        const QStringList texts = acceleratorTexts(&dlg, false);
        QVERIFY(texts.size() >= 10);
        if (const QString c = clashes(texts); !c.isEmpty()) problems << QStringLiteral("export dialog: ") + c;
    }
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(QLatin1Char('\n'))));
}

void tst_Translation::noLabelShowsAnAmpersand() {
    installGerman();
    {
        Workspace ws;
        MainWindow win(&ws);
        const QStringList bad = literalAmpersands(&win);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral(" | "))));
    }
    {
        NewModelDialog dlg;
        const QStringList bad = literalAmpersands(&dlg);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral(" | "))));
    }
    Workspace ws;
    ViewSettings settings;
    ExportDialog dlg(&ws, &settings, nullptr);
    QStringList bad = literalAmpersands(&dlg);
    const QString size = QCoreApplication::translate("ExportDialog", "Si&ze:");
    QCOMPARE(size, QStringLiteral("&Größe:"));
    const bool sizeShowsAmpersand = bad.removeAll(size) > 0;
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral(" | "))));
    QVERIFY2(!sizeShowsAmpersand, "the export dialog shows “&Größe:” with a literal '&'");
}

QTEST_MAIN(tst_Translation)
// Without a translation Qt shows a plural source as typed ("1 head(s)"); the
// app installs EnglishPlurals, and German's own plural forms still win.
void tst_Translation::englishPluralsAgree() {
    QCOMPARE(EnglishPlurals::resolve(QStringLiteral("%n head(s) on %1 tokens"), 1), QStringLiteral("%n head on %1 tokens"));
    QCOMPARE(EnglishPlurals::resolve(QStringLiteral("%n head(s) on %1 tokens"), 144), QStringLiteral("%n heads on %1 tokens"));
    QCOMPARE(EnglishPlurals::resolve(QStringLiteral("%n forward pass(es)."), 0), QStringLiteral("%n forward passes."));
    QCOMPARE(EnglishPlurals::resolve(QStringLiteral("%n forward pass(es)."), 1), QStringLiteral("%n forward pass."));
    QVERIFY(EnglishPlurals::resolve(QStringLiteral("%n s"), 3).isNull());      // nothing to resolve: the source
    QVERIFY(EnglishPlurals::resolve(QStringLiteral("head(s)"), -1).isNull());  // not a plural lookup
    // Every plural source of the app reads without a bracket, either way.
    QString error;
    int plurals = 0;
    for (const TsMessage& m : readTs(kTsPath, &error)) {
        if (!m.numerus) continue;
        ++plurals;
        for (const int n : {1, 2}) {
            const QString english = EnglishPlurals::resolve(m.source, n);
            const QString shown = english.isNull() ? m.source : english;
            QVERIFY2(!shown.contains(QStringLiteral("(s)")) && !shown.contains(QStringLiteral("(es)")), qPrintable(shown));
        }
    }
    QVERIFY(error.isEmpty());
    QVERIFY(plurals >= 10);
    EnglishPlurals english;
    QVERIFY(QCoreApplication::installTranslator(&english));
    QCOMPARE(QCoreApplication::translate("AblationView", "Not scanned yet for this text: %n forward pass(es).", nullptr, 145),
             QStringLiteral("Not scanned yet for this text: 145 forward passes."));
    QCOMPARE(QCoreApplication::translate("HeadStatsPanel", "%n head(s) on %1 tokens", nullptr, 1),
             QStringLiteral("1 head on %1 tokens"));
    installGerman();
    const QString german = QCoreApplication::translate("AblationView", "Not scanned yet for this text: %n forward pass(es).", nullptr, 145);
    QVERIFY2(!german.contains(QStringLiteral("pass")) && german.contains(QStringLiteral("145")), qPrintable(german));
    QCoreApplication::removeTranslator(&english);
}

#include "tst_translation.moc"
