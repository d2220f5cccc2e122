#include "gui/panels/predictions_panel.h"

#include <QLocale>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <numeric>

#include "attnscope/common/error.h"
#include "gui/panels/predictions_model.h"
#include "render/figures/figure.h"
#include "gui/panels/value_strip.h"
#include "gui/common/work_pool.h"
#include "gui/workspace/workspace.h"

namespace {

const char* kTopKKey = "predictions/topK";

QString tokenLabel(const Workspace& ws, int id) {
    const auto& tok = ws.document().tokenizer;
    if (!tok || id >= tok->vocab_size()) return QStringLiteral("#%1").arg(id);
    return render::visibleToken(QString::fromStdString(tok->token_text(id)));
}

}  // namespace

PredictionsPanel::PredictionsPanel(Workspace* ws, QWidget* parent) : QWidget(parent), ws_(ws) {
    setAccessibleName(tr("Predictions"));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    topK_ = new QSpinBox(this);
    topK_->setRange(1, 100);
    topK_->setValue(QSettings().value(kTopKKey, 10).toInt());
    topK_->setPrefix(tr("top "));
    topK_->setToolTip(tr("How many of the most probable next tokens to list"));
    topK_->setAccessibleName(tr("Number of next tokens"));
    top->addWidget(header_, 1);
    top->addWidget(topK_);
    layout->addLayout(top);

    model_ = new PredictionsModel(this);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("predictionsTable"));
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAccessibleName(tr("Most probable next tokens"));
    table_->setToolTip(tr("Click a token (or press Enter on it) to explain its logit in the Attribution view"));
    layout->addWidget(table_, 2);
    // A token chosen here is the one the attributions explain.
    const auto choose = [this](const QModelIndex& index) {
        const attnscope::Prediction& p = model_->prediction();
        if (index.isValid() && index.row() < int(p.top.size())) ws_->setAttributionTarget(p.top[size_t(index.row())].id);
    };
    connect(table_, &QTableView::clicked, this, choose);
    connect(table_, &QTableView::activated, this, choose);

    next_ = new QLabel(this);
    next_->setWordWrap(true);
    layout->addWidget(next_);
    lossSummary_ = new QLabel(this);
    lossSummary_->setWordWrap(true);
    layout->addWidget(lossSummary_);

    strip_ = new ValueStrip(this);
    strip_->setAccessibleName(tr("Surprise of each token"));
    strip_->setToolTip(tr("Each token coloured by its loss -ln p, how surprised the model was to see it. "
                          "Click a token to see what the model expected in its place."));
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(strip_);
    layout->addWidget(scroll, 1);

    connect(topK_, &QSpinBox::valueChanged, this, [this](int k) {
        QSettings().setValue(kTopKKey, k);
        requestPrediction();
    });
    connect(strip_, &ValueStrip::chipClicked, this, [this](int i) {
        // Chip i's loss is the prediction made at position i - 1.
        Selection s = ws_->selection();
        s.query = std::max(0, i - 1);
        ws_->setSelection(s);
    });
    connect(ws_, &Workspace::traceReady, this, &PredictionsPanel::traceChanged);
    connect(ws_, &Workspace::knockoutComparisonReady, this, [this] {
        if (isVisible()) requestPrediction();
    });
    connect(ws_, &Workspace::selectionChanged, this, [this] {
        if (isVisible() && positionWanted() != shownPosition_) requestPrediction();
    });
    connect(&predWatcher_, &QFutureWatcher<PredResult>::finished, this, &PredictionsPanel::showPrediction);
    connect(&lossWatcher_, &QFutureWatcher<LossResult>::finished, this, &PredictionsPanel::showLosses);
    traceChanged();
}

PredictionsPanel::~PredictionsPanel() {
    if (lossCancel_) lossCancel_->store(true);
    predWatcher_.waitForFinished();
    lossWatcher_.waitForFinished();
}

bool PredictionsPanel::isBusy() const {
    return predWatcher_.isRunning() || lossWatcher_.isRunning() || pending_ || ws_->isComparingKnockouts();
}

void PredictionsPanel::setTopK(int k) { topK_->setValue(k); }
int PredictionsPanel::topK() const { return topK_->value(); }

int PredictionsPanel::positionWanted() const {
    const auto trace = ws_->trace();
    if (!trace || trace->T() == 0) return -1;
    const int q = ws_->selection().query;
    return q >= 0 && q < trace->T() ? q : trace->T() - 1;
}

void PredictionsPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (dirty_) traceChanged();
}

// Hidden, the panel costs nothing per keystroke.
void PredictionsPanel::traceChanged() {
    if (!isVisible()) {
        dirty_ = true;
        return;
    }
    dirty_ = false;
    requestPrediction();
    // A generation's frames come ten times a second, and each one's losses
    // would read the whole unembedding again on the cores that generate: the
    // strip catches up with the last run, when the generation ends.
    if (!ws_->isGenerating()) startLosses();
    else lossSummary_->setText(lossesAfterGenerationText());
}

int PredictionsPanel::lossesDone() const {
    int done = int(losses_.size());
    if (lossProgress_ && !lossKey_.weights) {
        const std::lock_guard lock(lossProgress_->mutex);
        done += int(lossProgress_->losses.size());
    }
    return done;
}

// How many leading tokens two keys share, or -1 when losses of one say
// nothing of the other (other weights, ablations or knockouts, or a
// bidirectional run).
int PredictionsPanel::sharedTokens(const LossKey& a, const LossKey& b) {
    if (!a.weights || a.weights != b.weights || !a.causal || !b.causal || a.ablated != b.ablated || a.knockout != b.knockout)
        return -1;
    const size_t n = std::min(a.tokens.size(), b.tokens.size());
    size_t same = 0;
    while (same < n && a.tokens[same] == b.tokens[same]) ++same;
    return int(same);
}

void PredictionsPanel::markChipAfter(int position) {
    strip_->setMarked(position >= 0 && position + 1 < strip_->chipCount() ? position + 1 : -1);
}

QString PredictionsPanel::lossesAfterGenerationText() {
    return tr("The loss of each new token comes when the generation ends.");
}

void PredictionsPanel::startLosses() {
    const auto trace = ws_->trace();
    const auto weights = trace ? trace->source.lock() : nullptr;
    // A computation still running for an earlier text whose positions mostly
    // stand (typing at the end) finishes first; then only the rest is
    // computed. Cancelled at every key instead, losses that take longer than
    // the time between keys (1,000 positions at a 50,000-token vocabulary)
    // never finished and kept a core busy.
    if (lossWatcher_.isRunning() && lossProgress_ && trace && weights) {
        const LossKey now{weights.get(), trace->tokens, trace->causal, trace->ablated, trace->knockout};
        if (sharedTokens(now, pendingKey_) - 1 > lossProgress_->from + kLossBlock) {
            lossesWanted_ = true;
            return;
        }
    }
    lossesWanted_ = false;
    if (lossCancel_) lossCancel_->store(true);
    ++lossGeneration_;
    // Unfinished, losses_ is a prefix of pendingKey_'s losses: add what the
    // computation being cancelled has done since.
    const bool unfinished = !lossKey_.weights && pendingKey_.weights;
    if (unfinished && lossProgress_) {
        const std::lock_guard lock(lossProgress_->mutex);
        if (lossProgress_->from == int(losses_.size()))
            losses_.insert(losses_.end(), lossProgress_->losses.begin(), lossProgress_->losses.end());
    }
    lossProgress_.reset();
    const LossKey& known = unfinished ? pendingKey_ : lossKey_;
    LossKey key;
    if (trace && weights) key = {weights.get(), trace->tokens, trace->causal, trace->ablated, trace->knockout};
    // Losses before the first changed token stay (a causal run's rows there are unchanged).
    int keep = 0;
    if (trace && sharedTokens(key, known) > 0)
        keep = std::max(0, std::min(sharedTokens(key, known) - 1, int(losses_.size())));
    losses_.resize(size_t(keep));
    lossKey_ = {};  // losses_ is only a prefix until the result arrives
    pendingKey_ = key;
    updateStrip();
    if (!trace || !weights || trace->T() < 2) return;
    lossCancel_ = std::make_shared<std::atomic<bool>>(false);
    // Only the rows it reads, copied (keep..T: after an edit a few rows). Holding
    // the trace instead would pin it for as long as the losses take (seconds at
    // 8,192 tokens), and the Workspace could not reuse it for the next key.
    if (trace->ln_f.shape.size() != 2 || trace->ln_f.shape[0] != trace->T()) return;
    const int T = trace->T();
    auto lnF = std::make_shared<const attnscope::MatrixRM>(trace->ln_f.cmatrix().bottomRows(T - keep));
    std::vector<int> tokens(trace->tokens.begin() + keep, trace->tokens.end());
    auto progress = std::make_shared<LossProgress>();
    progress->from = keep;
    lossProgress_ = progress;
    // One thread: the Workspace's next run may start beside it, and each block
    // waits for the runs of a typist's keys (yieldToForeground). 64 positions
    // at a time (the blocks next_token_losses_from_ln_f computes), each kept
    // in `progress` as it is done.
    lossWatcher_.setFuture(QtConcurrent::run(workPool(), [lnF, tokens = std::move(tokens), weights, keep, cancel = lossCancel_,
                                              progress, gen = lossGeneration_] {
        constexpr int kBlock = kLossBlock;
        LossResult r;
        r.generation = gen;
        r.from = keep;
        try {
            const int n = int(tokens.size()) - 1, C = int(lnF->cols());
            attnscope::LossScratch scratch;  // one (64, V) buffer for every block
            for (int first = 0; first < n; first += kBlock) {
                if (!yieldToForeground(*cancel)) throw attnscope::Error(attnscope::ErrorCode::Cancelled, "cancelled");
                const int last = std::min(n, first + kBlock);
                const std::vector<double> part = attnscope::next_token_losses_from_ln_f(
                    *weights, attnscope::ConstMapRM(lnF->data() + size_t(first) * size_t(C), last - first + 1, C),
                    std::span<const int>(tokens).subspan(size_t(first), size_t(last - first + 1)), 0, 1, {}, &scratch);
                r.losses.insert(r.losses.end(), part.begin(), part.end());
                const std::lock_guard lock(progress->mutex);
                progress->losses.insert(progress->losses.end(), part.begin(), part.end());
            }
            r.ok = true;
        } catch (const std::exception&) {
            // Cancelled (a newer text's losses follow), or out of memory: none shown.
        }
        return r;
    }));
}

void PredictionsPanel::requestPrediction() {
    // While generating, the query is on the newest token, and what the
    // sampler saw there is known: the unembedding is not read again.
    if (const int pos = positionWanted(); ws_->isGenerating() && pos >= 0 && showGenerationStep(pos)) {
        ++predGeneration_;  // a prediction still being computed is out of date
        pending_ = false;
        shownPosition_ = pos;
        markChipAfter(pos);
        return;
    }
    if (predWatcher_.isRunning()) {  // one at a time; the latest wish is served next
        pending_ = true;
        return;
    }
    pending_ = false;
    const auto trace = ws_->trace();
    const auto weights = trace ? trace->source.lock() : nullptr;
    const int pos = positionWanted();
    if (!trace || !weights || pos < 0) {
        model_->clear();
        shownPosition_ = -1;
        header_->setText(ws_->isTraceFile() ? tr("Predictions need the model: a trace file holds attention weights only.")
                                            : tr("No prediction: no model has run yet."));
        next_->clear();
        return;
    }
    const auto without = trace->knockout.empty() ? nullptr : ws_->lnFWithoutKnockouts();
    predWatcher_.setFuture(QtConcurrent::run(workPool(), [trace, weights, without, pos, k = topK(), gen = ++predGeneration_] {
        PredResult r;
        r.generation = gen;
        try {
            r.prediction = attnscope::predict_from_ln_f(*weights, *trace, pos, k, 1);
            if (without) {
                // One lm_head row without the knockouts: its own prediction, and
                // the probability there of each token predicted with them.
                std::vector<int> ids;
                for (const attnscope::TokenProb& t : r.prediction.top) ids.push_back(t.id);
                attnscope::PredictionAndProbabilities w = attnscope::predict_with_probabilities_from_ln_f(
                    *weights, without->cmatrix(), trace->tokens, pos, k, ids, 1);
                r.without = std::move(w.prediction);
                r.withoutProbs = std::move(w.probabilities);
            }
        } catch (const std::exception& e) {  // an Error, or out of memory
            r.error = QString::fromStdString(e.what());
        }
        return r;
    }));
}

void PredictionsPanel::showPrediction() {
    const PredResult r = predWatcher_.result();
    if (pending_ || r.generation != predGeneration_) {
        requestPrediction();
        return;
    }
    if (!r.error.isEmpty()) {
        model_->clear();
        header_->setText(r.error);
        return;
    }
    const attnscope::Prediction& p = r.prediction;
    QStringList labels;
    for (const attnscope::TokenProb& t : p.top) labels << tokenLabel(*ws_, t.id);
    model_->setPrediction(p, labels, r.without ? r.withoutProbs : std::vector<double>());
    shownPosition_ = p.position;
    const QStringList& shown = ws_->tokens().labels;
    const auto trace = ws_->trace();
    // Bidirectional, every position sees the token it would predict: the
    // numbers are the model's output, not a forecast.
    header_->setText(trace && !trace->causal
                         ? tr("Bidirectional run: every position sees the tokens after it, so these are not next-token "
                              "predictions. After position %1 “%2”, the output is:")
                               .arg(p.position)
                               .arg(shown.value(p.position))
                         : tr("After position %1 “%2”, the model predicts:").arg(p.position).arg(shown.value(p.position)));
    if (r.without && trace)
        header_->setText(header_->text() + QLatin1Char(' ') +
                         tr("(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)", "",
                            int(trace->knockout.size())));
    else if (trace && !trace->knockout.empty())
        header_->setText(header_->text() + QLatin1Char(' ') +
                         tr("(%n attention edge(s) knocked out; computing the prediction without them…)", "",
                            int(trace->knockout.size())));
    if (p.next && r.without && r.without->next)
        next_->setText(tr("Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)")
                           .arg(tokenLabel(*ws_, p.next->id))
                           .arg(QLocale().toString(p.next->prob, 'f', 4))
                           .arg(QLocale().toString(r.without->next->prob, 'f', 4))
                           .arg((p.next->prob >= r.without->next->prob ? QStringLiteral("+") : QString()) +
                                QLocale().toString(p.next->prob - r.without->next->prob, 'f', 4))
                           .arg(p.next->rank)
                           .arg(r.without->next->rank));
    else if (p.next)
        next_->setText(tr("Actual next token “%1”: probability %2, rank %3")
                           .arg(tokenLabel(*ws_, p.next->id))
                           .arg(QLocale().toString(p.next->prob, 'f', 4))
                           .arg(p.next->rank));
    else
        next_->setText(tr("The text ends here: there is no next token to compare."));
    markChipAfter(p.position);
    showGenerationStep(p.position);
    if (pending_) requestPrediction();
}

// At a generation's step k the query is the position that chose token k:
// the table then shows what the sampler saw there (after the temperature)
// and the line under it what it took.
bool PredictionsPanel::showGenerationStep(int position) {
    const Workspace::Generation& g = ws_->generation();
    const int k = g.running ? position - int(g.prompt.size()) + 2 : ws_->generationStep();
    if (g.empty() || k < 1 || k > int(g.steps.size()) || position != int(g.prompt.size()) + k - 2) return false;
    const attnscope::SampledToken& s = g.steps[size_t(k - 1)];
    attnscope::Prediction sp;
    sp.position = position;
    sp.top = s.top;
    QStringList labels;
    for (const attnscope::TokenProb& t : s.top) labels << tokenLabel(*ws_, t.id);
    model_->setPrediction(sp, labels);
    header_->setText(g.sampling.greedy
                         ? tr("Step %1: greedy, after position %2 the model put first:").arg(k).arg(position)
                         : tr("Step %1: what the sampler saw after position %2 (temperature %3):")
                               .arg(k)
                               .arg(position)
                               .arg(QLocale().toString(g.sampling.temperature, 'g', 3)));
    next_->setText(tr("It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.", "", s.kept)
                       .arg(tokenLabel(*ws_, s.id))
                       .arg(QLocale().toString(s.prob, 'f', 4))
                       .arg(s.rank));
    return true;
}

void PredictionsPanel::showLosses() {
    const LossResult r = lossWatcher_.result();
    if (r.generation == lossGeneration_ && r.ok) {
        losses_.resize(size_t(r.from));
        losses_.insert(losses_.end(), r.losses.begin(), r.losses.end());
        lossKey_ = pendingKey_;
        lossProgress_.reset();
        updateStrip();
    }
    if (lossesWanted_) startLosses();  // the text of now, from what this kept
}

void PredictionsPanel::updateStrip() {
    const auto trace = ws_->trace();
    const QStringList labels = trace ? ws_->tokens().labels : QStringList();
    std::vector<double> values(size_t(labels.size()), std::nan(""));
    for (size_t i = 0; i < losses_.size() && i + 1 < values.size(); ++i) values[i + 1] = losses_[i];
    // ln V, the loss of a uniform guess, is the full colour: texts compare.
    const double vmax = trace ? std::log(double(std::max(2, trace->config.vocab_size))) : 1;
    strip_->setData(labels, values, vmax);
    strip_->setToolTipText([this](int i) {
        const double v = strip_->value(i);
        if (!std::isfinite(v)) return tr("The first token: nothing predicts it.");
        return tr("-ln p = %1 nats (p = %2), predicted at position %3").arg(QLocale().toString(v, 'f', 3)).arg(QLocale().toString(std::exp(-v), 'f', 4)).arg(i - 1);
    });
    if (ws_->isGenerating())
        lossSummary_->setText(lossesAfterGenerationText());
    else if (trace && trace->imported)
        lossSummary_->setText(tr("The loss of each token needs the model."));
    else if (trace && !trace->causal && lossKey_.weights)
        lossSummary_->setText(tr("Bidirectional run: each token was visible to the position that predicts it, so this "
                                 "is no measure of surprise (mean -ln p %1 nats).")
                                  .arg(QLocale().toString(std::accumulate(losses_.begin(), losses_.end(), 0.0) /
                                                              double(std::max<size_t>(1, losses_.size())), 'f', 3)));
    else if (!lossKey_.weights)
        lossSummary_->setText(trace && trace->T() >= 2 ? tr("Computing the loss of every token…") : QString());
    else
        lossSummary_->setText(tr("Surprise: mean next-token loss %1 nats over %n token(s)", "", int(losses_.size()))
                                  .arg(QLocale().toString(std::accumulate(losses_.begin(), losses_.end(), 0.0) /
                                                              double(losses_.size()), 'f', 3)));
    markChipAfter(shownPosition_);
}
