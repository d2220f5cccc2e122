// The translations: every committed .ts (German, French, Spanish, Brazilian
// Portuguese, Simplified Chinese, Japanese) is complete and current, every
// translation keeps its source's placeholders, accelerators and markup, the
// compiled catalogues are embedded where the app finds them, and a real main
// window speaks German with unambiguous keyboard accelerators (the other
// languages' windows: tst_languages).
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
#include "ts_checks.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/window/main_window.h"
#include "session/views.h"
#include "gui/dialogs/new_model_dialog.h"
#include "gui/panels/predictions_model.h"
#include "gui/panels/predictions_panel.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using namespace ts_checks;

namespace {
const QString kTsPath = tsPath(QStringLiteral("de"));
const QString kQmPath = qmPath(QStringLiteral("de"));
}  // namespace

class tst_Translation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void tsIsComplete_data();
    void tsIsComplete();
    void tsMatchesTheSources();
    void translationsKeepPlaceholdersAndAccelerators_data() { tsIsComplete_data(); }
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
    for (const QString& lang : languages())
        QVERIFY2(QFileInfo::exists(tsPath(lang)), qPrintable(tsPath(lang) + QStringLiteral(" is missing")));
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

void tst_Translation::tsIsComplete_data() {
    QTest::addColumn<QString>("lang");
    for (const QString& lang : languages()) QTest::newRow(qPrintable(lang)) << lang;
}

// A string without a translation in any one language fails here.
void tst_Translation::tsIsComplete() {
    QFETCH(QString, lang);
    QString error;
    const QList<TsMessage> msgs = readTs(tsPath(lang), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(msgs.size() >= 200, qPrintable(QStringLiteral("only %1 messages in the .ts").arg(msgs.size())));
    QStringList bad;
    for (const TsMessage& m : msgs) {
        const QString where = m.context + QStringLiteral(" / ") + m.source;
        if (!m.type.isEmpty()) bad << QStringLiteral("%1 [%2]").arg(where, m.type);
        if (m.translations.isEmpty()) bad << where + QStringLiteral(" [no translation]");
        for (const QString& t : m.translations)
            if (t.trimmed().isEmpty()) bad << where + QStringLiteral(" [empty]");
        if (m.numerus && m.translations.size() != pluralForms(lang))
            bad << where + QStringLiteral(" [needs %1 plural form(s)]").arg(pluralForms(lang));
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
    const QList<TsMessage> now = readTs(fresh, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!now.isEmpty());
    std::set<QString> want;
    for (const TsMessage& m : now) want.insert(m.context + QStringLiteral(" / ") + m.source);
    for (const QString& lang : languages()) {
        std::set<QString> have;
        for (const TsMessage& m : readTs(tsPath(lang), &error)) have.insert(m.context + QStringLiteral(" / ") + m.source);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList missing, stale;
        for (const QString& k : want)
            if (!have.count(k)) missing << k;
        for (const QString& k : have)
            if (!want.count(k)) stale << k;
        QVERIFY2(missing.isEmpty() && stale.isEmpty(),
                 qPrintable(QStringLiteral("run lupdate (see translations/): not in attnscope_%1.ts:\n  %2\nno longer in "
                                           "the sources:\n  %3")
                                .arg(lang, missing.join(QStringLiteral("\n  ")), stale.join(QStringLiteral("\n  ")))));
    }
}

void tst_Translation::translationsKeepPlaceholdersAndAccelerators() {
    QFETCH(QString, lang);
    QString error;
    const QList<TsMessage> msgs = readTs(tsPath(lang), &error);
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
    // Every language is embedded, and translates the menu bar.
    for (const QString& lang : languages()) {
        QTranslator t;
        QVERIFY2(t.load(qmPath(lang)), qPrintable(qmPath(lang) + QStringLiteral(" is not embedded in attnscope_gui")));
        for (const char* menu : {"&File", "&View", "&Run", "&Help"}) {
            const QString tr = t.translate("MainWindow", menu);
            QVERIFY2(!tr.isEmpty() && tr != QLatin1String(menu), qPrintable(lang + QLatin1Char(' ') + menu));
        }
    }
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
    QCOMPARE(QCoreApplication::translate("AblationView", "A scan takes %n forward pass(es).", nullptr, 145),
             QStringLiteral("A scan takes 145 forward passes."));
    QCOMPARE(QCoreApplication::translate("HeadStatsPanel", "%n head(s) on %1 tokens", nullptr, 1),
             QStringLiteral("1 head on %1 tokens"));
    installGerman();
    const QString german = QCoreApplication::translate("AblationView", "A scan takes %n forward pass(es).", nullptr, 145);
    QVERIFY2(!german.contains(QStringLiteral("pass")) && german.contains(QStringLiteral("145")), qPrintable(german));
    QCoreApplication::removeTranslator(&english);
}

#include "tst_translation.moc"
