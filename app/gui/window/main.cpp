// AttnScope: type text, see every attention head, live.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QEventLoop>
#include <QTableView>
#include <QTemporaryDir>
#include <QFile>
#include <QPlainTextEdit>
#include <QTimer>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

#include "gui/views/figure_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/panels/predictions_model.h"
#include "gui/panels/predictions_panel.h"
#include "gui/views/ablation_view.h"
#include "gui/views/compare_view.h"
#include "gui/common/english_plurals.h"
#include "gui/window/main_window.h"
#include "gui/common/process_memory.h"
#include "session/knockout.h"
#include "session/ablation_cache.h"
#include "session/document.h"
#include "session/recipe_run.h"
#include "session/views.h"
#include "gui/workspace/workspace.h"

int main(int argc, char** argv) {
    tuneMalloc();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AttnScope"));
    QApplication::setApplicationName(QStringLiteral("AttnScope"));
    QApplication::setApplicationVersion(QStringLiteral(ATTNSCOPE_VERSION));

    // German (or any shipped language) when the system asks for it.
    EnglishPlurals plurals;  // asked last: a translation's own plurals come first
    QApplication::installTranslator(&plurals);
    QTranslator qtTranslator, appTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    if (appTranslator.load(QLocale(), QStringLiteral("attnscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&appTranslator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "See inside transformer attention."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
                                 QApplication::translate("main", "Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo)."));
    const QCommandLineOption shots(QStringLiteral("screenshots"),
                                   QApplication::translate("main", "Save a PNG of every view into <dir> and quit."),
                                   QStringLiteral("dir"));
    const QCommandLineOption textOpt(QStringLiteral("text"), QApplication::translate("main", "Start with this text."),
                                     QStringLiteral("text"));
    parser.addOption(shots);
    const QCommandLineOption headOpt(QStringLiteral("head"),
                                     QApplication::translate("main", "Start with head <layer.head> selected."),
                                     QStringLiteral("layer.head"));
    const QCommandLineOption randomOpt(
        QStringLiteral("random"),
        QApplication::translate("main", "Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1."),
        QStringLiteral("spec"));
    const QCommandLineOption sizeOpt(QStringLiteral("size"), QApplication::translate("main", "Window size, e.g. 1600x1000."),
                                     QStringLiteral("WxH"));
    const QCommandLineOption compareTextOpt(QStringLiteral("compare-text"),
                                            QApplication::translate("main", "Compare with this text B on the same model."),
                                            QStringLiteral("text"));
    const QCommandLineOption compareModelOpt(
        QStringLiteral("compare-model"),
        QApplication::translate("main", "Compare with this model B of the same shape (give it several times for a checkpoint timeline)."),
        QStringLiteral("file"));
    const QCommandLineOption compareStepOpt(QStringLiteral("compare-step"),
                                            QApplication::translate("main", "Show checkpoint <n> (from 0) of the timeline."),
                                            QStringLiteral("n"));
    const QCommandLineOption compareModeOpt(QStringLiteral("compare-mode"),
                                            QApplication::translate("main", "Compare side-by-side or difference."),
                                            QStringLiteral("mode"));
    parser.addOption(compareTextOpt);
    parser.addOption(compareModelOpt);
    parser.addOption(compareStepOpt);
    parser.addOption(compareModeOpt);
    parser.addOption(textOpt);
    parser.addOption(headOpt);
    parser.addOption(randomOpt);
    parser.addOption(sizeOpt);
    const QCommandLineOption knockoutOpt(
        QStringLiteral("knockout"),
        QApplication::translate("main", "Start with these attention edges blocked, e.g. 2.*:9>4 or *.*:*>5 (layer.head:query>key, * for every one)."),
        QStringLiteral("spec"));
    parser.addOption(knockoutOpt);
    parser.process(app);
    std::vector<attnscope::Knockout> knockouts;
    if (parser.isSet(knockoutOpt)) {
        try {
            knockouts = session::parseKnockouts(parser.value(knockoutOpt).toStdString());
        } catch (const session::KnockoutSpecError& e) {
            std::fprintf(stderr, "attnscope: --knockout: %s\n", e.what());
            return 2;
        }
    }

    // A screenshot run reads none of the user's settings or saved text and
    // writes none: its own empty folders stand in for them while it runs.
    std::optional<QTemporaryDir> scratch;
    if (parser.isSet(shots)) {
        scratch.emplace();
        if (!scratch->isValid()) {
            std::fprintf(stderr, "attnscope: --screenshots: no temporary folder for the run's settings\n");
            return 1;
        }
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(scratch->filePath(QStringLiteral("config"))));
        qputenv("XDG_DATA_HOME", QFile::encodeName(scratch->filePath(QStringLiteral("data"))));
    }
    Workspace ws;
    MainWindow w(&ws);
    if (parser.isSet(randomOpt)) {
        try {
            uint64_t randomSeed = 0;
            const attnscope::ModelConfig cfg =
                attnscope::ModelConfig::parse_spec(parser.value(randomOpt).toStdString(), &randomSeed);
            ws.setDocument(session::randomDocument(cfg, randomSeed));
        } catch (const std::exception& e) {
            std::fprintf(stderr, "attnscope: --random: %s\n", e.what());
            return 2;
        }
        w.restoreText();
    } else {
        w.restoreSession(parser.positionalArguments().value(0));
    }
    if (parser.isSet(sizeOpt)) {
        const QStringList wh = parser.value(sizeOpt).split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0) w.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(textOpt)) w.setTransientText(parser.value(textOpt));
    if (parser.isSet(headOpt)) {
        const QStringList parts = parser.value(headOpt).split(QLatin1Char('.'));
        if (parts.size() == 2) {
            Selection s = ws.selection();
            s.layer = parts[0].toInt();
            s.head = parts[1].toInt();
            ws.setSelection(s);  // clamped to the model once it is open
        }
    }
    // Knockouts belong to a model: set once it is open (opening one clears them).
    if (!knockouts.empty()) {
        if (ws.hasModel() && !ws.isLoading()) ws.setKnockouts(knockouts);
        else
            QObject::connect(&ws, &Workspace::documentChanged, &ws, [&ws, knockouts] { ws.setKnockouts(knockouts); },
                             Qt::SingleShotConnection);
    }
    if (CompareView* cv = w.compareView()) {
        if (parser.isSet(compareModeOpt)) {
            render::CompareMode m = cv->mode();
            if (!render::compareModeFromName(parser.value(compareModeOpt), &m)) {
                std::fprintf(stderr, "attnscope: --compare-mode: side-by-side or difference, not '%s'\n",
                             qPrintable(parser.value(compareModeOpt)));
                return 2;
            }
            cv->setMode(m);
        }
        if (parser.isSet(compareModelOpt)) {
            cv->comparer()->compareWithModels(parser.values(compareModelOpt));
            if (parser.isSet(compareStepOpt)) cv->comparer()->setStep(parser.value(compareStepOpt).toInt());
        } else if (parser.isSet(compareTextOpt)) {
            cv->setTransientText(parser.value(compareTextOpt));
        }
    }
    w.show();
    if (parser.isSet(shots)) {
        const QString dir = parser.value(shots);
        QDir().mkpath(dir);
        // Once the first trace is drawn, visit every view, save it, quit.
        // (The grid of a long text is built on a worker: wait for it.)
        auto shoot = std::make_shared<std::function<void()>>();
        *shoot = [&w, dir, shoot] {
            // The docks compute on workers too: their numbers belong in the shots.
            if ((!w.headsGrid()->figure() && w.headsGrid()->buildError().isEmpty()) || w.headStats()->isBusy() ||
                w.predictions()->isBusy() || (w.compareView() && w.compareView()->comparer()->isBusy()) ||
                w.headStats()->isComputingDeltas()) {
                QTimer::singleShot(200, &w, *shoot);
                return;
            }
            // The ablation map is drawn once its scan ran (here on this thread:
            // a screenshot run has nothing else to do), on small models only: on
            // GPT-2 small at 1,000 tokens the scan takes minutes.
            if (const auto trace = w.workspace()->trace();
                trace && trace->T() >= 2 && !trace->imported &&
                int64_t(trace->n_layer()) * trace->n_head() * trace->T() * trace->config.n_embed <=
                    MainWindow::kOnDemandScanWork) {
                session::ablationScanFor(*trace);
                w.ablationView()->startScan();  // finds the scan just made
            }
            for (const QString& id : session::viewIds()) {
                // A trace file's views that need the model are disabled: no shot.
                if (w.workspace()->isTraceFile() && !session::worksOnTraceFiles(id)) continue;
                w.showView(id);
                QApplication::sendPostedEvents();
                // A long text's rollout is built on a worker once shown: wait for it.
                if (auto* fv = qobject_cast<FigureView*>(w.viewWidget(id)); fv && fv->isBuilding()) {
                    QEventLoop wait;
                    QTimer poll;
                    QObject::connect(&poll, &QTimer::timeout, &wait, [&] {
                        if (!fv->isBuilding()) wait.quit();
                    });
                    poll.start(50);
                    wait.exec();
                    QApplication::sendPostedEvents();
                }
                if (CompareView* cv = w.compareView(); cv && w.viewWidget(id) == cv && cv->isBuilding()) {
                    QEventLoop wait;
                    QObject::connect(cv, &CompareView::figureReady, &wait, &QEventLoop::quit);
                    if (cv->isBuilding()) wait.exec();
                    QApplication::sendPostedEvents();
                }
                w.grab().save(QDir(dir).filePath(id + ".png"));
            }
            // With --knockout: the head detail beside the predictions with and without it.
            if (!w.workspace()->knockouts().empty()) {
                w.predictionsDock()->raise();
                w.showView(QStringLiteral("head"));
                QApplication::sendPostedEvents();
                QEventLoop wait;
                QTimer poll;
                int polls = 0;
                QObject::connect(&poll, &QTimer::timeout, &wait, [&] {
                    if ((!w.predictions()->isBusy() && w.predictions()->model()->hasComparison()) || ++polls > 1200) wait.quit();
                });
                poll.start(50);
                wait.exec();
                QApplication::sendPostedEvents();
                w.grab().save(QDir(dir).filePath(QStringLiteral("knockout.png")));
            }
            // The head statistics dock shares its place with the predictions.
            w.headStatsDock()->raise();
            w.headStats()->table()->sortByColumn(HeadStatsModel::PrevToken, Qt::DescendingOrder);
            w.showView(session::viewIds().constFirst());
            QApplication::sendPostedEvents();
            w.grab().save(QDir(dir).filePath(QStringLiteral("head-stats.png")));
            QApplication::quit();
        };
        QObject::connect(&ws, &Workspace::traceReady, &w, [&w, shoot] { QTimer::singleShot(300, &w, *shoot); },
                         Qt::SingleShotConnection);
        // Nothing to shoot: say why and quit, rather than wait for a trace
        // that will not come (a model that does not open, the demo not found,
        // a run refused).
        const auto fail = [](const QString& message) {
            std::fprintf(stderr, "attnscope: --screenshots: %s\n", qPrintable(message));
            QCoreApplication::exit(1);
        };
        QObject::connect(&ws, &Workspace::loadFailed, &w, [fail](const QString& path, const QString& message) {
            fail(QApplication::translate("main", "cannot open %1: %2")
                     .arg(path.isEmpty() ? QApplication::translate("main", "the demo model") : path, message));
        });
        // A run refused (no text yet) is often followed by one of the text
        // set next: fail only when none came.
        QObject::connect(&ws, &Workspace::runFailed, &w, [&ws, &w, fail](const QString& message) {
            QTimer::singleShot(2000, &w, [&ws, fail, message] {
                if (!ws.isRunning() && !ws.trace()) fail(message);
            });
        });
    }
    return QApplication::exec();
}
