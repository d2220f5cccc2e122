// AttnScope: type text, see every attention head, live.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTranslator>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "gui/common/english_plurals.h"
#include "gui/common/languages.h"
#include "gui/common/process_memory.h"
#include "gui/views/compare_view.h"
#include "gui/window/main_window.h"
#include "gui/window/screenshots.h"
#include "gui/workspace/workspace.h"
#include "session/document.h"
#include "session/knockout.h"
#include "session/openmp_waiting.h"

namespace {

// The chosen language (View ▸ Language), else the system's when it is shipped.
struct Translators {
    EnglishPlurals plurals;  // asked last: a translation's own plurals come first
    QTranslator qt, app;

    Translators() {
        QApplication::installTranslator(&plurals);
        const QLocale locale = interfaceLocale();
        QLocale::setDefault(locale);  // numbers and dates as the interface's language writes them
        if (qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                    QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QApplication::installTranslator(&qt);
        if (app.load(locale, QStringLiteral("attnscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
            QApplication::installTranslator(&app);
    }
};

// The command line's options (made once the translators are installed).
struct Options {
    QCommandLineOption shots{QStringLiteral("screenshots"),
                             QApplication::translate("main", "Save a PNG of every view into <dir> and quit."),
                             QStringLiteral("dir")};
    QCommandLineOption text{QStringLiteral("text"), QApplication::translate("main", "Start with this text."),
                            QStringLiteral("text")};
    QCommandLineOption head{QStringLiteral("head"),
                            QApplication::translate("main", "Start with head <layer.head> selected."),
                            QStringLiteral("layer.head")};
    QCommandLineOption random{
        QStringLiteral("random"),
        QApplication::translate("main", "Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1."),
        QStringLiteral("spec")};
    QCommandLineOption size{QStringLiteral("size"), QApplication::translate("main", "Window size, e.g. 1600x1000."),
                            QStringLiteral("WxH")};
    QCommandLineOption compareText{QStringLiteral("compare-text"),
                                   QApplication::translate("main", "Compare with this text B on the same model."),
                                   QStringLiteral("text")};
    QCommandLineOption compareModel{
        QStringLiteral("compare-model"),
        QApplication::translate("main", "Compare with this model B of the same shape (give it several times for a checkpoint timeline)."),
        QStringLiteral("file")};
    QCommandLineOption compareStep{QStringLiteral("compare-step"),
                                   QApplication::translate("main", "Show checkpoint <n> (from 0) of the timeline."),
                                   QStringLiteral("n")};
    QCommandLineOption compareMode{QStringLiteral("compare-mode"),
                                   QApplication::translate("main", "Compare side-by-side or difference."),
                                   QStringLiteral("mode")};
    QCommandLineOption knockout{
        QStringLiteral("knockout"),
        QApplication::translate("main", "Start with these attention edges blocked, e.g. 2.*:9>4 or *.*:*>5 (layer.head:query>key, * for every one)."),
        QStringLiteral("spec")};
};

// The options in the order --help lists them.
void setUpParser(QCommandLineParser& parser, const Options& o) {
    parser.setApplicationDescription(QApplication::translate("main", "See inside transformer attention."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
                                 QApplication::translate("main", "Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo)."));
    for (const QCommandLineOption* option : {&o.shots, &o.compareText, &o.compareModel, &o.compareStep, &o.compareMode,
                                             &o.text, &o.head, &o.random, &o.size, &o.knockout})
        parser.addOption(*option);
}

// --knockout's edges into `out`; false, with the reason on stderr, when they do not parse.
bool readKnockouts(const QCommandLineParser& parser, const Options& o, std::vector<attnscope::Knockout>* out) {
    if (!parser.isSet(o.knockout)) return true;
    try {
        *out = session::parseKnockouts(parser.value(o.knockout).toStdString());
        return true;
    } catch (const session::KnockoutSpecError& e) {
        std::fprintf(stderr, "attnscope: --knockout: %s\n", e.what());
        return false;
    }
}

// The model --random makes, else the one given, the last one or the demo;
// false, with the reason on stderr, for a bad --random.
bool openFirstDocument(const QCommandLineParser& parser, const Options& o, Workspace& ws, MainWindow& w) {
    if (!parser.isSet(o.random)) {
        w.restoreSession(parser.positionalArguments().value(0));
        return true;
    }
    try {
        uint64_t randomSeed = 0;
        const attnscope::ModelConfig cfg =
            attnscope::ModelConfig::parse_spec(parser.value(o.random).toStdString(), &randomSeed);
        ws.setDocument(session::randomDocument(cfg, randomSeed));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "attnscope: --random: %s\n", e.what());
        return false;
    }
    w.restoreText();
    return true;
}

// --size, --text, --head and the knockouts.
void applyStartOptions(const QCommandLineParser& parser, const Options& o, Workspace& ws, MainWindow& w,
                       const std::vector<attnscope::Knockout>& knockouts) {
    if (parser.isSet(o.size)) {
        const QStringList wh = parser.value(o.size).split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0) w.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(o.text)) w.setTransientText(parser.value(o.text));
    if (parser.isSet(o.head)) {
        const QStringList parts = parser.value(o.head).split(QLatin1Char('.'));
        if (parts.size() == 2) {
            Selection s = ws.selection();
            s.layer = parts[0].toInt();
            s.head = parts[1].toInt();
            ws.setSelection(s);  // clamped to the model once it is open
        }
    }
    // Knockouts belong to a model: set once it is open (opening one clears them).
    if (knockouts.empty()) return;
    if (ws.hasModel() && !ws.isLoading()) ws.setKnockouts(knockouts);
    else
        QObject::connect(&ws, &Workspace::documentChanged, &ws, [&ws, knockouts] { ws.setKnockouts(knockouts); },
                         Qt::SingleShotConnection);
}

// --compare-mode, --compare-model (with --compare-step) or --compare-text;
// false, with the reason on stderr, for a mode that is neither.
bool applyCompareOptions(const QCommandLineParser& parser, const Options& o, MainWindow& w) {
    CompareView* cv = w.compareView();
    if (!cv) return true;
    if (parser.isSet(o.compareMode)) {
        render::CompareMode m = cv->mode();
        if (!render::compareModeFromName(parser.value(o.compareMode), &m)) {
            std::fprintf(stderr, "attnscope: --compare-mode: side-by-side or difference, not '%s'\n",
                         qPrintable(parser.value(o.compareMode)));
            return false;
        }
        cv->setMode(m);
    }
    if (parser.isSet(o.compareModel)) {
        cv->comparer()->compareWithModels(parser.values(o.compareModel));
        if (parser.isSet(o.compareStep)) cv->comparer()->setStep(parser.value(o.compareStep).toInt());
    } else if (parser.isSet(o.compareText)) {
        cv->setTransientText(parser.value(o.compareText));
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    session::chooseOpenMpWaiting(argv);
    tuneMalloc();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AttnScope"));
    QApplication::setApplicationName(QStringLiteral("AttnScope"));
    QApplication::setApplicationVersion(QStringLiteral(ATTNSCOPE_VERSION));
    // A screenshot run reads none of the user's settings or saved text and
    // writes none: its own empty folders stand in for them while it runs. Set
    // before anything reads a setting (the translators read the language),
    // since QSettings keeps the folder it first found.
    std::unique_ptr<QTemporaryDir> scratch;
    const QStringList args = QCoreApplication::arguments();
    const bool shots = std::any_of(args.begin() + 1, args.end(), [](const QString& a) {
        return a == QLatin1String("--screenshots") || a.startsWith(QLatin1String("--screenshots="));
    });
    if (shots && !(scratch = useScratchSettings())) return 1;
    Translators translators;

    const Options options;
    QCommandLineParser parser;
    setUpParser(parser, options);
    parser.process(app);
    std::vector<attnscope::Knockout> knockouts;
    if (!readKnockouts(parser, options, &knockouts)) return 2;

    Workspace ws;
    MainWindow w(&ws);
    if (!openFirstDocument(parser, options, ws, w)) return 2;
    applyStartOptions(parser, options, ws, w, knockouts);
    if (!applyCompareOptions(parser, options, w)) return 2;
    w.show();
    if (parser.isSet(options.shots)) takeScreenshots(w, ws, parser.value(options.shots));
    return QApplication::exec();
}
