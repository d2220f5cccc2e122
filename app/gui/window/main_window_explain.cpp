// MainWindow's docks that explain what heads do: the predictions panel, the
// head statistics table and the text coloured by attention; and the ablation
// scan's Run menu entry. They read the Workspace's trace like the views
// and compute off the GUI thread.
#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "gui/views/ablation_view.h"
#include "gui/views/compare_view.h"
#include "gui/views/head_detail_view.h"
#include "gui/panels/attention_text_panel.h"
#include "gui/views/heads_grid_view.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/window/main_window.h"
#include "gui/panels/predictions_panel.h"
#include "session/ablation_cache.h"
#include "gui/workspace/knockout_actions.h"
#include "gui/workspace/workspace.h"

void MainWindow::buildExplainDocks() {
    // Export and the clipboard draw the ablation view on this thread: they may
    // run a small scan themselves (the demo model's is quick), never a large one.
    session::setOnDemandScanLimit(kOnDemandScanWork);
    predictionsDock_ = new QDockWidget(tr("Predictions"), this);
    predictionsDock_->setObjectName("predictionsDock");
    predictions_ = new PredictionsPanel(ws_, predictionsDock_);
    predictionsDock_->setWidget(predictions_);
    addDockWidget(mirrored(Qt::RightDockWidgetArea), predictionsDock_);

    statsDock_ = new QDockWidget(tr("Head statistics"), this);
    statsDock_->setObjectName("headStatsDock");
    stats_ = new HeadStatsPanel(ws_, statsDock_);
    statsDock_->setWidget(stats_);
    addDockWidget(mirrored(Qt::RightDockWidgetArea), statsDock_);
    tabifyDockWidget(predictionsDock_, statsDock_);
    predictionsDock_->raise();

    attnTextDock_ = new QDockWidget(tr("Text by attention"), this);
    attnTextDock_->setObjectName("attentionTextDock");
    attnText_ = new AttentionTextPanel(ws_, attnTextDock_);
    attnTextDock_->setWidget(attnText_);
    addDockWidget(Qt::BottomDockWidgetArea, attnTextDock_);
    splitDockWidget(textDock_, attnTextDock_, Qt::Horizontal);
    // It colours the selected head's row as the head detail shows it.
    if (detail_) {
        attnText_->setKind(detail_->kind());
        connect(detail_, &HeadDetailView::kindChanged, attnText_, &AttentionTextPanel::setKind);
    }

    // While a comparison is on, the table gains B − A columns.
    if (compare_)
        connect(compare_->comparer(), &Comparer::comparisonChanged, stats_,
                [this] { stats_->setComparison(compare_->comparer()->comparison()); });

    // The labels become badges on the grid's tiles and lines in their tooltips.
    connect(stats_, &HeadStatsPanel::labelsChanged, this, [this] {
        const auto trace = ws_->trace();
        std::vector<QStringList> labels;
        if (trace)
            for (int l = 0; l < trace->n_layer(); ++l)
                for (int h = 0; h < trace->n_head(); ++h) labels.push_back(stats_->labelsOf(l, h));
        headsGrid_->setHeadLabels(std::move(labels));
    });
}

void MainWindow::addExplainActions(QMenu* panels) {
    QAction* p = predictionsDock_->toggleViewAction();
    p->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    panels->addAction(p);
    QAction* s = statsDock_->toggleViewAction();
    s->setShortcut(QKeySequence(tr("Ctrl+Shift+H")));
    panels->addAction(s);
    QAction* t = attnTextDock_->toggleViewAction();
    t->setShortcut(QKeySequence(tr("Ctrl+Shift+T")));
    panels->addAction(t);
}

void MainWindow::addExplainRunActions(QMenu* run) {
    QAction* scan = run->addAction(tr("Ablation &scan"), this, [this] {
        showView(session::viewFor(session::ViewWidget::Ablation).id);
        ablation_->startScan();
    });
    scan->setShortcut(QKeySequence(tr("Ctrl+Shift+A")));
    modelActions_.push_back(scan);
    if (compare_) {
        QMenu* m = compare_->menu();
        run->addMenu(m);
        for (QAction* a : m->actions())
            if (!a->isSeparator()) modelActions_.push_back(a);
    }
}

// Attention knockout on the selection: the head detail's context menu has the
// same entries (knockout_actions.h) for any cell.
void MainWindow::addKnockoutRunActions(QMenu* run) {
    const auto selected = [this] {
        const Selection& s = ws_->selection();
        return KnockoutCell{s.layer, s.head, s.query, s.key};
    };
    QAction* edge = addKnockoutAction(run, ws_, tr("Block the selected e&dge in the selected head"),
                                      KnockoutScope::EdgeInHead, selected);
    edge->setObjectName(QStringLiteral("blockSelectedEdge"));
    edge->setShortcut(QKeySequence(tr("Ctrl+B")));
    QAction* key = addKnockoutAction(run, ws_, tr("Block every edge into the selected ke&y"), KnockoutScope::IntoKey,
                                     selected);
    key->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    QAction* clear = addClearKnockoutsAction(run, ws_, tr("Clear knocko&uts"));
    clear->setShortcut(QKeySequence(tr("Ctrl+Alt+B")));
    modelActions_.push_back(edge);
    modelActions_.push_back(key);
    const auto update = [this, edge, key, clear] {
        const Selection& s = ws_->selection();
        const bool cell = ws_->trace() && !ws_->isTraceFile() && s.query >= 0 && s.key >= 0;
        edge->setEnabled(cell);
        key->setEnabled(cell);
        clear->setEnabled(!ws_->knockouts().empty());
    };
    update();
    connect(ws_, &Workspace::optionsChanged, clear, update);
    connect(ws_, &Workspace::selectionChanged, clear, update);
    connect(ws_, &Workspace::traceReady, clear, update);
}
