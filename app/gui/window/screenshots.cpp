#include "gui/window/screenshots.h"

#include "gui/views/attribution_view.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QEventLoop>
#include <QFile>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>

#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/panels/predictions_model.h"
#include "gui/panels/predictions_panel.h"
#include "gui/views/ablation_view.h"
#include "gui/views/compare_view.h"
#include "gui/views/figure_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/workspace/workspace.h"
#include "session/ablation_cache.h"
#include "session/recipe_run.h"
#include "session/views.h"

namespace {

// The docks compute on workers too: their numbers belong in the shots, and
// the grid of a long text is built on a worker.
bool shotsWaitForWork(MainWindow& w) {
    return (!w.headsGrid()->figure() && w.headsGrid()->buildError().isEmpty()) || w.headStats()->isBusy() ||
           w.predictions()->isBusy() || (w.compareView() && w.compareView()->comparer()->isBusy()) ||
           w.headStats()->isComputingDeltas();
}

// The ablation map is drawn once its scan ran (here on this thread: a
// screenshot run has nothing else to do), on small models only: a large
// model's scan at a long text takes minutes.
void scanSmallModelForShots(MainWindow& w) {
    const auto trace = w.workspace()->trace();
    if (trace && trace->T() >= 2 && !trace->imported &&
        int64_t(trace->n_layer()) * trace->n_head() * trace->T() * trace->config.n_embed <= MainWindow::kOnDemandScanWork) {
        session::ablationScanFor(*trace);
        w.ablationView()->startScan();  // finds the scan just made
    }
}

// Runs the event loop every 50 ms until `done()`.
template <typename Done>
void pollUntil(Done done) {
    QEventLoop wait;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &wait, [&] {
        if (done()) wait.quit();
    });
    poll.start(50);
    wait.exec();
    QApplication::sendPostedEvents();
}

// A view whose figure is built on a worker once shown (a long text's
// rollout, a comparison) is waited for.
void waitForViewFigure(MainWindow& w, const QString& id) {
    if (auto* fv = qobject_cast<FigureView*>(w.viewWidget(id)); fv && fv->isBuilding())
        pollUntil([fv] { return !fv->isBuilding(); });
    if (AttributionView* av = w.attributionView(); av && w.viewWidget(id) == av)
        pollUntil([av] { return !av->isComputing(); });
    if (CompareView* cv = w.compareView(); cv && w.viewWidget(id) == cv && cv->isBuilding()) {
        QEventLoop wait;
        QObject::connect(cv, &CompareView::figureReady, &wait, &QEventLoop::quit);
        if (cv->isBuilding()) wait.exec();
        QApplication::sendPostedEvents();
    }
}

void shootEveryView(MainWindow& w, const QString& dir) {
    for (const QString& id : session::viewIds()) {
        // A trace file's views that need the model are disabled: no shot.
        if (w.workspace()->isTraceFile() && !session::worksOnTraceFiles(id)) continue;
        w.showView(id);
        QApplication::sendPostedEvents();
        waitForViewFigure(w, id);
        w.grab().save(QDir(dir).filePath(id + ".png"));
    }
}

// With --knockout: the head detail beside the predictions with and without it.
void shootKnockout(MainWindow& w, const QString& dir) {
    w.predictionsDock()->raise();
    w.showView(QStringLiteral("head"));
    QApplication::sendPostedEvents();
    int polls = 0;
    pollUntil([&] {
        return (!w.predictions()->isBusy() && w.predictions()->model()->hasComparison()) || ++polls > 1200;
    });
    w.grab().save(QDir(dir).filePath(QStringLiteral("knockout.png")));
}

// The head statistics dock shares its place with the predictions.
void shootHeadStats(MainWindow& w, const QString& dir) {
    w.headStatsDock()->raise();
    w.headStats()->table()->sortByColumn(HeadStatsModel::PrevToken, Qt::DescendingOrder);
    w.showView(session::viewIds().constFirst());
    QApplication::sendPostedEvents();
    w.grab().save(QDir(dir).filePath(QStringLiteral("head-stats.png")));
}

// Every shot, once nothing is computing any more, then quits.
void shootWhenReady(MainWindow& w, const QString& dir) {
    if (shotsWaitForWork(w)) {
        QTimer::singleShot(200, &w, [&w, dir] { shootWhenReady(w, dir); });
        return;
    }
    scanSmallModelForShots(w);
    shootEveryView(w, dir);
    if (!w.workspace()->knockouts().empty()) shootKnockout(w, dir);
    shootHeadStats(w, dir);
    QApplication::quit();
}

void failScreenshots(const QString& message) {
    std::fprintf(stderr, "attnscope: --screenshots: %s\n", qPrintable(message));
    QCoreApplication::exit(1);
}

}  // namespace

std::unique_ptr<QTemporaryDir> useScratchSettings() {
    auto scratch = std::make_unique<QTemporaryDir>();
    if (!scratch->isValid()) {
        std::fprintf(stderr, "attnscope: --screenshots: no temporary folder for the run's settings\n");
        return nullptr;
    }
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(scratch->filePath(QStringLiteral("config"))));
    qputenv("XDG_DATA_HOME", QFile::encodeName(scratch->filePath(QStringLiteral("data"))));
    return scratch;
}

void takeScreenshots(MainWindow& w, Workspace& ws, const QString& dir) {
    QDir().mkpath(dir);
    QObject::connect(&ws, &Workspace::traceReady, &w,
                     [&w, dir] { QTimer::singleShot(300, &w, [&w, dir] { shootWhenReady(w, dir); }); },
                     Qt::SingleShotConnection);
    // Nothing to shoot: say why and quit, rather than wait for a trace that
    // will not come (a model that does not open, the demo not found, a run
    // refused).
    QObject::connect(&ws, &Workspace::loadFailed, &w, [](const QString& path, const QString& message) {
        failScreenshots(QApplication::translate("main", "cannot open %1: %2")
                            .arg(path.isEmpty() ? QApplication::translate("main", "the demo model") : path, message));
    });
    // A run refused (no text yet) is often followed by one of the text set
    // next: fail only when none came.
    QObject::connect(&ws, &Workspace::runFailed, &w, [&ws, &w](const QString& message) {
        QTimer::singleShot(2000, &w, [&ws, message] {
            if (!ws.isRunning() && !ws.trace()) failScreenshots(message);
        });
    });
}
