#pragma once
// The head statistics table: one sortable row per head (click a column
// header to sort by it), the automatic labels, and the induction and
// duplicate-token probes on demand. Statistics are computed on a worker
// thread shortly after each run; the probes (a run of the model on the probe
// sequence) once per model, also on a worker. Double-click a row to select
// its head.
#include <QFutureWatcher>
#include <atomic>
#include <memory>
#include <QTimer>
#include <QWidget>
#include <memory>
#include <vector>

#include "attnscope/explain/head_stats.h"
#include "session/comparison.h"

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class HeadStatsModel;
class Workspace;

class HeadStatsPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadStatsPanel(Workspace* ws, QWidget* parent = nullptr);
    ~HeadStatsPanel() override;

    HeadStatsModel* model() const { return model_; }
    QSortFilterProxyModel* sorted() const { return proxy_; }
    QTableView* table() const { return table_; }
    QPushButton* probesButton() const { return probes_; }
    // Statistics (or probes) are being computed or are due.
    bool isBusy() const { return statsWatcher_.isRunning() || probeWatcher_.isRunning() || timer_.isActive(); }
    // What the panel says above the table: the heads and tokens, or how far
    // the statistics are while they are computed.
    QString note() const;
    // The translated labels of (layer, head) for the trace shown (empty when none).
    QStringList labelsOf(int layer, int head) const;

    // B's statistics, for the Δ columns (on a worker; null: no comparison).
    void setComparison(std::shared_ptr<const session::Comparison> c);
    bool isComputingDeltas() const { return deltaWatcher_.isRunning(); }

public slots:
    // Runs the probes for the open model (once; the scores stay until the
    // model changes).
    void runProbes();

signals:
    // New statistics or probe scores: the labels may have changed.
    void labelsChanged();

private:
    struct StatsResult {
        quint64 generation = 0;
        std::vector<attnscope::HeadStats> stats;
        double maxEntropy = 1;
        QString problem;  // why there are none, when it is not a cancel
    };
    struct ProbeResult {
        const attnscope::Weights* weights = nullptr;
        std::vector<attnscope::HeadStats> probes;  // induction and duplicate filled
    };
    void computeStats();
    // The q → k column: every head's weight on the selected (query, key).
    void updateQueryKey();
    void showStats();
    void showProbes();
    void applyProbes(std::vector<attnscope::HeadStats>& stats) const;

    Workspace* ws_;
    HeadStatsModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QPushButton* probes_;
    static QString probeTip();
    QLabel* note_;
    QTimer timer_;  // statistics wait for the typing to pause
    // While they run, the note says how far they are ("Computing statistics…
    // 40%"): at 8,192 tokens of GPT-2 small they take about half a minute.
    QTimer progressTimer_;
    std::shared_ptr<std::atomic<int>> statsDone_;  // bands read so far (head_statistics' asks)
    int statsTotal_ = 0;
    void showProgress();
    QFutureWatcher<StatsResult> statsWatcher_;
    QFutureWatcher<ProbeResult> probeWatcher_;
    struct DeltaResult {
        std::shared_ptr<const attnscope::Trace> b;
        std::vector<attnscope::HeadStats> stats;
    };
    void showDeltas();
    void startDeltas();
    QFutureWatcher<DeltaResult> deltaWatcher_;
    std::shared_ptr<const attnscope::Trace> deltaB_;  // the B whose statistics are wanted (null: none)
    std::shared_ptr<const attnscope::Trace> deltaShown_;  // the B whose statistics are shown
    quint64 generation_ = 0;
    std::shared_ptr<std::atomic<bool>> statsCancel_;  // set when a newer trace makes the running statistics stale
    bool again_ = false;  // a trace came while statistics were computed
    double maxEntropy_ = 1;
    ProbeResult probeScores_;
};
