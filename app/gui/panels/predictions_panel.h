#pragma once
// What the model predicts at the selected query position: the top-k next
// tokens with their probabilities, the actual next token's probability and
// rank where the text goes on, and a "surprise" strip colouring every token
// by its loss -ln p. The Workspace's runs keep no logits;
// the panel computes the rows it needs from the trace's final LayerNorm
// output on worker threads (attnscope/predict.h), so the numbers equal a run
// that kept every row, and the GUI thread never waits for a (T, V) product.
// With attention knockouts it also shows the prediction without them (from the
// Workspace's lnFWithoutKnockouts): each top token's probability without the
// knockouts and the change (Δ), and the next token's probability and rank change.
#include <QFutureWatcher>
#include <QWidget>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "attnscope/explain/predict.h"

class QLabel;
class QSpinBox;
class QTableView;
class PredictionsModel;
class ValueStrip;
class Workspace;

class PredictionsPanel : public QWidget {
    Q_OBJECT
public:
    explicit PredictionsPanel(Workspace* ws, QWidget* parent = nullptr);
    ~PredictionsPanel() override;

    // How many next tokens are listed (remembered).
    void setTopK(int k);
    int topK() const;

    // The position shown (-1 before the first trace) and whether anything is
    // still being computed for the current trace and selection.
    int shownPosition() const { return shownPosition_; }
    // (Also while the Workspace computes the prediction without the knockouts.)
    bool isBusy() const;
    // The loss strip's worker is computing (it holds copied rows of ln_f, never the trace).
    bool isComputingLosses() const { return lossWatcher_.isRunning(); }
    PredictionsModel* model() const { return model_; }
    QLabel* nextLabel() const { return next_; }
    QLabel* headerLabel() const { return header_; }
    QLabel* lossSummaryLabel() const { return lossSummary_; }
    ValueStrip* surpriseStrip() const { return strip_; }
    // -ln p of token t + 1 at position t, for the trace shown (T - 1 values).
    const std::vector<double>& losses() const { return losses_; }
    // Positions whose loss is known for the trace shown: losses().size() plus
    // what the running computation has finished.
    int lossesDone() const;

protected:
    void showEvent(QShowEvent* e) override;

private:
    struct PredResult {
        quint64 generation = 0;
        attnscope::Prediction prediction;
        // With knockouts: the prediction without them, and the probability of
        // each of prediction.top without them.
        std::optional<attnscope::Prediction> without;
        std::vector<double> withoutProbs;
        QString error;
    };
    struct LossResult {
        quint64 generation = 0;
        std::vector<double> losses;  // from position `from` on
        int from = 0;
        bool ok = false;
    };
    // What the losses shown were computed for: a causal run of the same
    // weights and ablations keeps the losses before the first changed token.
    struct LossKey {
        const attnscope::Weights* weights = nullptr;
        std::vector<int> tokens;
        bool causal = true;
        std::vector<attnscope::HeadRef> ablated;
        std::vector<attnscope::Knockout> knockout;
    };
    static int sharedTokens(const LossKey& a, const LossKey& b);
    void startLosses();
    // Marks the loss strip's chip of the token predicted at `position` (none
    // past the strip's end).
    void markChipAfter(int position);
    // What the loss summary says while a generation runs (traceChanged).
    static QString lossesAfterGenerationText();
    void traceChanged();
    void requestPrediction();
    void showPrediction();
    // What the sampler saw at `position` and what it took, when a step of the
    // generation was chosen there: while generating, any step; after, the
    // step the generation bar shows. False when there is none to show.
    bool showGenerationStep(int position);
    void showLosses();
    void updateStrip();
    int positionWanted() const;

    Workspace* ws_;
    QLabel* header_;
    QSpinBox* topK_;
    QTableView* table_;
    PredictionsModel* model_;
    QLabel* next_;
    QLabel* lossSummary_;
    ValueStrip* strip_;

    QFutureWatcher<PredResult> predWatcher_;
    QFutureWatcher<LossResult> lossWatcher_;
    quint64 predGeneration_ = 0, lossGeneration_ = 0;
    bool pending_ = false;  // a prediction was asked for while one ran
    std::shared_ptr<std::atomic<bool>> lossCancel_;
    // The losses the running computation has finished, a block of positions
    // at a time (positions `from` on, of pendingKey_). A key that cancels it
    // keeps them: typing faster than the losses take would otherwise start
    // them over at every key, never finish them, and keep a core busy.
    struct LossProgress {
        std::mutex mutex;
        int from = 0;
        std::vector<double> losses;
    };
    std::shared_ptr<LossProgress> lossProgress_;
    bool lossesWanted_ = false;  // a newer trace waits for the running computation
    static constexpr int kLossBlock = 64;  // positions a worker computes between looks at its cancel flag
    int shownPosition_ = -1;
    std::vector<double> losses_;
    LossKey lossKey_;     // of losses_
    LossKey pendingKey_;  // of the computation running
    bool dirty_ = false;  // a trace came while hidden: computed when shown
};
