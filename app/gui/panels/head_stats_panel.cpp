#include "gui/panels/head_stats_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <climits>

#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "gui/common/errors.h"
#include "gui/common/frozen_columns_table.h"
#include "gui/panels/head_stats_model.h"
#include "gui/common/work_pool.h"
#include "gui/workspace/workspace.h"

HeadStatsPanel::HeadStatsPanel(Workspace* ws, QWidget* parent) : QWidget(parent), ws_(ws) {
    setAccessibleName(tr("Head statistics"));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    probes_ = new QPushButton(tr("Run &probes"), this);
    probes_->setToolTip(probeTip());
    top->addWidget(note_, 1);
    top->addWidget(probes_);
    layout->addLayout(top);

    model_ = new HeadStatsModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = new FrozenColumnsTable(int(HeadStatsModel::Head) + 1, this);  // Layer and Head stay in view
    table_->setObjectName(QStringLiteral("headStatsTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);  // (layer, head) order until a header is clicked
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAccessibleName(tr("Statistics of every head"));
    layout->addWidget(table_, 1);

    // Statistics read every head's T x T weights (about a second of one core
    // for 144 heads at 1,000 tokens): they wait for a pause in the typing
    // rather than compete with the runs of each keystroke.
    timer_.setSingleShot(true);
    timer_.setInterval(500);
    connect(&timer_, &QTimer::timeout, this, &HeadStatsPanel::computeStats);
    progressTimer_.setInterval(100);
    connect(&progressTimer_, &QTimer::timeout, this, &HeadStatsPanel::showProgress);
    connect(ws_, &Workspace::traceReady, this, [this] {
        // The statistics of the trace before are stale: stop them at the next
        // band, so that their worker lets that trace go (the Workspace reuses it
        // for the next key's incremental run).
        if (statsCancel_) statsCancel_->store(true);
        timer_.start();
    });
    connect(ws_, &Workspace::documentChanged, this, [this] {
        // Statistics in flight are of the model before: stopped, and their
        // result dropped (its rows would name heads this model may lack).
        if (statsCancel_) statsCancel_->store(true);
        ++generation_;
        timer_.stop();
        again_ = false;
        progressTimer_.stop();
        note_->clear();
        probeScores_ = {};
        model_->clear();
        // The probes run the model on a synthetic sequence: a trace file has none.
        probes_->setEnabled(ws_->hasModel() && !probeWatcher_.isRunning());
        probes_->setToolTip(ws_->isTraceFile() ? tr("The probes run the model: a trace file holds attention weights only")
                                               : probeTip());
        emit labelsChanged();
    });
    connect(probes_, &QPushButton::clicked, this, &HeadStatsPanel::runProbes);
    connect(ws_, &Workspace::selectionChanged, this, &HeadStatsPanel::updateQueryKey);
    connect(&statsWatcher_, &QFutureWatcher<StatsResult>::finished, this, &HeadStatsPanel::showStats);
    connect(&probeWatcher_, &QFutureWatcher<ProbeResult>::finished, this, &HeadStatsPanel::showProbes);
    connect(&deltaWatcher_, &QFutureWatcher<DeltaResult>::finished, this, &HeadStatsPanel::showDeltas);
    // Enter or a double click (the style's activation) selects the row's head.
    connect(table_, &QTableView::activated, this, [this](const QModelIndex& i) {
        const QModelIndex src = proxy_->mapToSource(i);
        if (!src.isValid()) return;
        const attnscope::HeadStats& s = model_->stats()[size_t(src.row())];
        Selection sel = ws_->selection();
        sel.layer = s.layer;
        sel.head = s.head;
        ws_->setSelection(sel);
    });
    if (ws_->trace()) timer_.start();
}

HeadStatsPanel::~HeadStatsPanel() {
    if (statsCancel_) statsCancel_->store(true);
    statsWatcher_.waitForFinished();
    probeWatcher_.waitForFinished();
    deltaWatcher_.waitForFinished();
}

void HeadStatsPanel::setComparison(std::shared_ptr<const session::Comparison> c) {
    deltaB_ = c ? c->b : nullptr;
    if (!deltaB_) {
        deltaShown_.reset();
        if (model_->hasDeltas()) model_->setDeltas({});
        return;
    }
    startDeltas();
}

void HeadStatsPanel::startDeltas() {
    if (!deltaB_ || deltaB_ == deltaShown_ || deltaWatcher_.isRunning()) return;  // showDeltas picks up the newest
    deltaWatcher_.setFuture(QtConcurrent::run(workPool(), [b = deltaB_] {
        DeltaResult r;
        r.b = b;
        try {
            r.stats = attnscope::head_statistics(*b, 1);
        } catch (const std::exception&) {
            // No Δ columns for this B (e.g. out of memory); A's table stays.
        }
        return r;
    }));
}

void HeadStatsPanel::showDeltas() {
    DeltaResult r = deltaWatcher_.result();
    if (r.b != deltaB_) {  // B changed meanwhile
        startDeltas();
        return;
    }
    deltaShown_ = r.b;
    model_->setDeltas(std::move(r.stats));
}

QStringList HeadStatsPanel::labelsOf(int layer, int head) const {
    const int row = model_->rowOf(layer, head);
    return row < 0 ? QStringList() : model_->labelsOf(row);
}

void HeadStatsPanel::computeStats() {
    if (statsWatcher_.isRunning()) {
        again_ = true;
        return;
    }
    again_ = false;
    const auto trace = ws_->trace();
    if (!trace) return;
    note_->setText(tr("Computing statistics…"));
    statsDone_ = std::make_shared<std::atomic<int>>(0);
    statsTotal_ = int(std::min<int64_t>(attnscope::head_statistics_steps(*trace), INT_MAX));
    progressTimer_.start();
    // Every core, waiting between bands while the model runs for a key
    // (yieldToForeground), so that the runs are not slowed down: a long
    // text's statistics take about half as long on two threads as on one.
    statsCancel_ = std::make_shared<std::atomic<bool>>(false);
    statsWatcher_.setFuture(QtConcurrent::run(workPool(), [trace, cancel = statsCancel_, done = statsDone_,
                                                           gen = ++generation_] {
        StatsResult r;
        r.generation = gen;
        try {
            r.stats = attnscope::head_statistics(*trace, 0, [&] {
                done->fetch_add(1, std::memory_order_relaxed);
                return yieldToForeground(*cancel);
            });
        } catch (const attnscope::Error& e) {
            // Cancelled: a newer trace's statistics follow. Anything else (a
            // trace file holding a weight that is not one) is said.
            if (e.code() == attnscope::ErrorCode::Cancelled) r.generation = 0;
            else r.problem = describeError(e);
        } catch (const std::exception& e) {
            r.problem = describeError(e);
        }
        r.maxEntropy = attnscope::uniform_entropy(trace->T(), trace->causal);
        return r;
    }));
}

void HeadStatsPanel::applyProbes(std::vector<attnscope::HeadStats>& stats) const {
    const auto weights = ws_->document().model.weights;
    if (probeScores_.weights != weights.get() || probeScores_.probes.size() != stats.size()) return;
    for (size_t i = 0; i < stats.size(); ++i) {
        stats[i].induction = probeScores_.probes[i].induction;
        stats[i].duplicate = probeScores_.probes[i].duplicate;
    }
}

QString HeadStatsPanel::note() const { return note_->text(); }

void HeadStatsPanel::showProgress() {
    if (!statsWatcher_.isRunning() || !statsDone_ || statsTotal_ <= 0) return;
    // The ask before a band comes before its reading: one band is under way.
    const int done = std::max(0, std::min(statsDone_->load(std::memory_order_relaxed) - 1, statsTotal_));
    note_->setText(tr("Computing statistics… %1%").arg(100 * done / statsTotal_));
}

void HeadStatsPanel::showStats() {
    progressTimer_.stop();
    StatsResult r = statsWatcher_.result();
    if (again_) {
        computeStats();
        return;
    }
    if (r.generation != generation_) return;
    if (!r.problem.isEmpty()) {
        model_->clear();
        note_->setText(tr("No statistics: %1").arg(r.problem));
        emit labelsChanged();
        return;
    }
    applyProbes(r.stats);
    maxEntropy_ = r.maxEntropy;
    model_->setStats(std::move(r.stats), maxEntropy_);
    updateQueryKey();
    const auto trace = ws_->trace();
    note_->setText(trace ? tr("%n head(s) on %1 tokens", "", model_->rowCount()).arg(trace->T()) : QString());
    emit labelsChanged();
}

void HeadStatsPanel::updateQueryKey() {
    const auto trace = ws_->trace();
    const Selection& sel = ws_->selection();
    if (!trace || model_->rowCount() == 0 || sel.query < 0 || sel.key < 0 || sel.query >= trace->T() ||
        sel.key >= trace->T()) {
        if (model_->query() >= 0) model_->setQueryKey(-1, -1, {});
        return;
    }
    std::vector<float> w(size_t(trace->n_layer()) * size_t(trace->n_head()));
    try {
        for (int l = 0; l < trace->n_layer(); ++l)
            for (int h = 0; h < trace->n_head(); ++h)
                w[size_t(l) * size_t(trace->n_head()) + size_t(h)] = trace->weight(l, h, sel.query, sel.key);
    } catch (const std::exception&) {  // a row that cannot be read (a corrupt trace file): no column
        model_->setQueryKey(-1, -1, {});
        return;
    }
    model_->setQueryKey(sel.query, sel.key, std::move(w));
}

void HeadStatsPanel::runProbes() {
    const auto weights = ws_->document().model.weights;
    if (!weights || probeWatcher_.isRunning() || probeScores_.weights == weights.get()) return;
    probes_->setEnabled(false);
    note_->setText(tr("Running the probes…"));
    probeWatcher_.setFuture(QtConcurrent::run(workPool(), [weights] {
        ProbeResult r;
        r.weights = weights.get();
        const auto& c = weights->config;
        try {
            r.probes.resize(size_t(c.n_layer * c.n_head));
            for (size_t i = 0; i < r.probes.size(); ++i) {
                r.probes[i].layer = int(i) / c.n_head;
                r.probes[i].head = int(i) % c.n_head;
            }
            attnscope::run_probes(attnscope::Model(weights), r.probes, 1);
        } catch (const std::exception&) {  // an Error, or out of memory: no probe scores
            r.probes.clear();
        }
        return r;
    }));
}

QString HeadStatsPanel::probeTip() {
    return tr("Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens "
              "(independent of your text)");
}

void HeadStatsPanel::showProbes() {
    probes_->setEnabled(ws_->hasModel());
    ProbeResult r = probeWatcher_.result();
    if (r.weights != ws_->document().model.weights.get()) return;  // the model changed meanwhile
    probeScores_ = std::move(r);
    std::vector<attnscope::HeadStats> stats = model_->stats();
    applyProbes(stats);
    model_->setStats(std::move(stats), maxEntropy_);
    updateQueryKey();
    note_->setText(probeScores_.probes.empty() ? tr("The model is too small for the probes.") : tr("Probes done."));
    emit labelsChanged();
}
