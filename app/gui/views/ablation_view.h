#pragma once
// The ablation scan as a layers x heads map of loss changes. Until the exact
// scan has run, the map shows its attribution-patching estimate (one forward
// and one backward pass for every head, explain/attribution.h), marked as an
// estimate. The scan runs only when asked (its button, or Run ▸ Ablation
// scan, Ctrl+Shift+A): on a worker, one forward pass per head, with a
// progress dialog that can cancel it, and its exact values replace the
// estimate. Clicking a cell ablates that head live (or turns it back on); ablated
// heads are outlined. The scan is of the model as trained, so it stays valid
// while heads are ablated and is run again only for a new text or model.
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <atomic>
#include <memory>
#include <optional>

#include "attnscope/explain/ablation.h"
#include "attnscope/explain/attribution.h"
#include "render/figures/ablation_figure.h"
#include "gui/views/trace_view.h"

class QLabel;
class QProgressDialog;
class QPushButton;

class AblationView : public TraceView {
    Q_OBJECT
public:
    AblationView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    ~AblationView() override;
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    QSize sizeHint() const override { return {560, 420}; }

    // The figure on screen: the exact scan's, or until it has run the
    // estimate's (figure()->values() says which); null before either.
    const render::AblationFigure* figure() const { return figure_.get(); }
    bool isScanning() const { return watcher_.isRunning(); }
    bool isEstimating() const { return estimator_.isRunning(); }
    QPushButton* scanButton() const { return scan_; }
    QProgressDialog* progressDialog() const { return dialog_; }
    // Where the figure is painted, in this widget's coordinates.
    QRectF figureArea() const;
    QPointF cellCenter(int layer, int head) const;

    // The floating-point work of run `i` of an ablation scan of T tokens: 0
    // the base run, then one per head, layer by layer (attnscope/ablation.h).
    // A head of layer l runs its layer's output projection and MLP and the
    // layers after it; every run ends with the logits of every position
    // (counted half again: they run slower).
    static double scanRunFlops(const attnscope::ModelConfig& c, int T, int i);
    // About how many seconds a scan takes, from the time of one run of the
    // text (Workspace::fullRunMs, a run that keeps no logits).
    static double scanSeconds(double fullRunMs, const attnscope::ModelConfig& c, int T);
    // The share of a scan's work in its first `done` runs: early runs cost
    // the most.
    static double scanShareDone(int done, const attnscope::ModelConfig& c, int T);
    // A duration as the status line says it: "under a second", "40 s",
    // "3 min", "1 h 40 min".
    static QString durationText(double seconds);
    QString statusText() const;

public slots:
    // Starts the scan of the current text (nothing when one runs or is done).
    void startScan();
    void cancelScan();

protected:
    void rebuild() override;
    void showEvent(QShowEvent* e) override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;

private:
    struct ScanResult {
        std::optional<attnscope::AblationScan> scan;
        QString error;  // translated; empty when cancelled or done
    };
    void scanFinished();
    void startEstimate();
    void estimateFinished();
    // "about 3 min left", or "less than a second left".
    static QString timeLeftText(double seconds);

    QWidget* topRow_;  // the scan button and its status
    QPushButton* scan_;
    QLabel* status_;
    std::unique_ptr<render::AblationFigure> figure_;
    QFutureWatcher<ScanResult> watcher_;
    // What an estimate depends on: the model as trained, the tokens, the mask
    // (not ablations or knockouts, as for the scan).
    struct EstimateKey {
        const attnscope::Weights* weights = nullptr;
        std::vector<int> tokens;
        bool causal = true;
        bool operator==(const EstimateKey&) const = default;
    };
    static EstimateKey keyOf(const attnscope::Trace& t);
    struct EstimateResult {
        EstimateKey key;
        std::optional<attnscope::PatchEstimates> estimate;
        QString error;
    };
    QFutureWatcher<EstimateResult> estimator_;
    // The last estimate and what it was computed for (also when it failed).
    std::optional<EstimateKey> estimateKey_;
    std::optional<attnscope::PatchEstimates> estimate_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    std::shared_ptr<std::atomic<int>> done_, total_;
    QProgressDialog* dialog_ = nullptr;
    QTimer poll_;  // progress is read from the worker's counters
    QElapsedTimer scanClock_;
    attnscope::ModelConfig scanConfig_;  // of the trace being scanned (the text may change meanwhile)
    int scanT_ = 0;
};
