#include "gui/views/ablation_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QProgressDialog>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "attnscope/common/error.h"
#include "gui/common/errors.h"
#include "gui/common/selection_text.h"
#include "session/ablation_cache.h"
#include "gui/common/work_pool.h"

AblationView::AblationView(Workspace* ws, ViewSettings* settings, QWidget* parent) : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::Ablation));
    auto* layout = new QVBoxLayout(this);
    topRow_ = new QWidget(this);
    auto* top = new QHBoxLayout(topRow_);
    top->setContentsMargins(0, 0, 0, 0);
    scan_ = new QPushButton(tr("&Scan every head"), this);
    scan_->setToolTip(tr("Run the model once per head with that head ablated and show how the text's loss "
                         "changes (Ctrl+Shift+A)"));
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    top->addWidget(scan_);
    top->addWidget(status_, 1);
    layout->addWidget(topRow_);
    setBadgeBelow(topRow_);
    layout->addStretch(1);
    connect(scan_, &QPushButton::clicked, this, &AblationView::startScan);
    connect(&watcher_, &QFutureWatcher<ScanResult>::finished, this, &AblationView::scanFinished);
    connect(&estimator_, &QFutureWatcher<EstimateResult>::finished, this, &AblationView::estimateFinished);
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, [this] {
        if (dialog_ && total_->load() > 0) {
            const int done = done_->load();
            dialog_->setMaximum(total_->load());
            dialog_->setValue(done);
            // Time left, from the time so far and the work the runs done held.
            const double share = scanShareDone(done, scanConfig_, scanT_);
            const double elapsed = double(scanClock_.elapsed()) / 1000.0;
            dialog_->setLabelText(done >= 2 && share > 0 && elapsed >= 2
                                      ? tr("Ablating each head in turn… %1.").arg(timeLeftText(elapsed * (1 - share) / share))
                                      : tr("Ablating each head in turn…"));
        }
    });
    setMouseTracking(false);
}

AblationView::~AblationView() {
    if (cancel_) cancel_->store(true);
    watcher_.waitForFinished();
    estimator_.waitForFinished();
}

QRectF AblationView::figureArea() const {
    const int top = topRow_->geometry().bottom() + 6;
    return QRectF(0, top, width(), height() - top);
}

QPointF AblationView::cellCenter(int layer, int head) const {
    return figure_ ? figure_->cellRect(figureArea(), layer, head).center() : QPointF();
}

std::unique_ptr<render::Figure> AblationView::makeFigure(const render::Style& style) const {
    const auto trace = ws_->trace();
    if (!trace) return nullptr;
    // The scan on screen when there is one; else a small one is run here (see
    // session::setOnDemandScanLimit) and a large one waits for the user.
    try {
        // The estimate on screen is exported as what it is, never as a scan.
        if (figure_ && figure_->values() != render::AblationFigure::Values::Scan)
            return std::make_unique<render::AblationFigure>(figure_->scan(), trace->n_layer(), trace->n_head(),
                                                            ws_->figureData().modelName, style, figure_->values());
        const attnscope::AblationScan scan = figure_ ? figure_->scan() : session::ablationScanFor(*trace);
        return std::make_unique<render::AblationFigure>(scan, trace->n_layer(), trace->n_head(),
                                                        ws_->figureData().modelName, style);
    } catch (const attnscope::Error&) {
        return nullptr;
    }
}

void AblationView::rebuild() {
    const auto trace = ws_->trace();
    const auto scan = trace ? session::cachedAblationScan(*trace) : std::nullopt;
    const bool estimated = trace && estimateKey_ && *estimateKey_ == keyOf(*trace);
    if (!estimated) estimate_.reset();
    figure_.reset();
    if (scan) {
        figure_ = std::make_unique<render::AblationFigure>(*scan, trace->n_layer(), trace->n_head(),
                                                           ws_->figureData().modelName, settings_->style());
    } else if (estimate_) {
        // The estimate, drawn as the scan is and marked as an estimate.
        attnscope::AblationScan guess;
        guess.base_loss = estimate_->loss;
        for (int l = 0; l < int(estimate_->estimate.rows()); ++l)
            for (int h = 0; h < int(estimate_->estimate.cols()); ++h)
                guess.heads.push_back({l, h, estimate_->loss + estimate_->estimate(l, h), estimate_->estimate(l, h)});
        figure_ = std::make_unique<render::AblationFigure>(guess, trace->n_layer(), trace->n_head(),
                                                           ws_->figureData().modelName, settings_->style(),
                                                           render::AblationFigure::Values::Estimate);
    }
    const bool exact = bool(scan);
    if (!isScanning()) {
        QString text;
        if (exact) {
            text = tr("Click a head to ablate it, or to turn it back on.");
        } else if (trace) {
            text = estimate_ ? tr("An estimate from one backward pass (attribution patching); the scan measures each "
                                  "head exactly: %n forward pass(es).", "", trace->n_layer() * trace->n_head() + 1)
                             : tr("A scan takes %n forward pass(es).", "", trace->n_layer() * trace->n_head() + 1);
            // Warned before it starts: at GPT-2 size and 8,192 tokens a scan takes the best part of an hour.
            const double s = scanSeconds(ws_->fullRunMs(), trace->config, trace->T());
            if (s > 0) text += QLatin1Char(' ') + tr("Estimated time on this machine: %1.").arg(durationText(s));
        }
        status_->setText(text);
    }
    scan_->setEnabled(trace && !isScanning() && !exact && trace->T() >= 2);
    if (trace && !exact && !estimated && isVisible()) startEstimate();
    update();
}

AblationView::EstimateKey AblationView::keyOf(const attnscope::Trace& t) {
    return {t.source.lock().get(), t.tokens, t.causal};
}

void AblationView::startEstimate() {
    const auto trace = ws_->trace();
    if (!trace || trace->imported || trace->T() < 2 || isEstimating() || trace->source.expired()) return;
    estimator_.setFuture(QtConcurrent::run(workPool(), [trace, key = keyOf(*trace), threads = ws_->threads()] {
        EstimateResult r;
        r.key = key;
        try {
            attnscope::RunOptions run;
            run.causal = trace->causal;  // of the model as trained, as the scan is
            r.estimate = attnscope::patch_estimates(attnscope::Model(trace->source.lock()), trace->tokens, run, threads);
        } catch (const std::exception& e) {
            r.error = describeError(e);
        }
        return r;
    }));
}

void AblationView::estimateFinished() {
    EstimateResult r = estimator_.result();
    const auto trace = ws_->trace();
    if (!trace || keyOf(*trace) != r.key) {  // the text moved on meanwhile
        if (trace && isVisible()) rebuild();
        return;
    }
    estimateKey_ = r.key;  // a failure is not tried again for the same text
    estimate_ = std::move(r.estimate);
    rebuild();
}

void AblationView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (!figure_) rebuild();
}

void AblationView::startScan() {
    const auto trace = ws_->trace();
    if (!trace || isScanning() || trace->T() < 2) return;
    if (session::cachedAblationScan(*trace)) {
        rebuild();
        return;
    }
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    done_ = std::make_shared<std::atomic<int>>(0);
    total_ = std::make_shared<std::atomic<int>>(0);
    scan_->setEnabled(false);
    status_->setText(tr("Scanning…"));
    if (!dialog_) {
        dialog_ = new QProgressDialog(tr("Ablating each head in turn…"), tr("Cancel"), 0, 1, this);
        dialog_->setWindowTitle(tr("Ablation scan"));
        dialog_->setMinimumDuration(300);
        dialog_->setAutoReset(false);
        dialog_->setAutoClose(false);
        connect(dialog_, &QProgressDialog::canceled, this, &AblationView::cancelScan);
    }
    dialog_->reset();
    dialog_->setLabelText(tr("Ablating each head in turn…"));
    dialog_->setValue(0);
    scanConfig_ = trace->config;
    scanT_ = trace->T();
    scanClock_.start();
    poll_.start();
    watcher_.setFuture(QtConcurrent::run(workPool(), [trace, cancel = cancel_, done = done_, total = total_] {
        ScanResult r;
        try {
            r.scan = session::ablationScanFor(
                *trace,
                [&](int d, int t) {
                    done->store(d);
                    total->store(t);
                    return !cancel->load();
                },
                true);
        } catch (const attnscope::Error& e) {
            if (e.code() != attnscope::ErrorCode::Cancelled) r.error = describeError(e);
        } catch (const std::exception& e) {  // out of memory
            r.error = describeError(e);
        }
        return r;
    }));
}

double AblationView::scanRunFlops(const attnscope::ModelConfig& c, int T, int i) {
    // Every position's logits and loss counted 1.5 times: they run at about
    // two thirds of the blocks' rate (GPT-2 small shapes), so that a scan's
    // estimate from a run's time comes out close to the scan's own.
    return attnscope::ablation_run_flops(c, T, i) + 0.5 * attnscope::ablation_logits_flops(c, T);
}

double AblationView::scanSeconds(double fullRunMs, const attnscope::ModelConfig& c, int T) {
    if (fullRunMs <= 0 || c.n_layer <= 0 || T <= 0) return 0;
    double scan = 0;
    for (int i = 0; i <= c.n_layer * c.n_head; ++i) scan += scanRunFlops(c, T, i);
    return fullRunMs / 1000.0 * scan / attnscope::forward_flops(c, T);
}

double AblationView::scanShareDone(int done, const attnscope::ModelConfig& c, int T) {
    double total = 0, work = 0;
    for (int i = 0; i <= c.n_layer * c.n_head; ++i) {
        const double f = scanRunFlops(c, T, i);
        total += f;
        if (i < done) work += f;
    }
    return total > 0 ? work / total : 0;
}

QString AblationView::durationText(double seconds) {
    if (seconds < 1) return tr("under a second");
    const qint64 s = qRound64(seconds);
    if (s < 90) return tr("%n s", "", int(s));
    const qint64 min = (s + 30) / 60;
    if (min < 90) return tr("%n min", "", int(min));
    return tr("%1 h %2 min").arg(min / 60).arg(min % 60);
}

QString AblationView::timeLeftText(double seconds) {
    if (seconds < 1) return tr("less than a second left");
    return tr("about %1 left").arg(durationText(seconds));
}

QString AblationView::statusText() const { return status_->text(); }

void AblationView::cancelScan() {
    if (cancel_) cancel_->store(true);
    // The dialog goes at once; the status says when the scan has stopped.
    if (dialog_) dialog_->hide();
}

void AblationView::scanFinished() {
    poll_.stop();
    // autoClose is off (so that reaching the maximum does not close it early):
    // the dialog is hidden here, not left open with an empty bar.
    if (dialog_) {
        dialog_->reset();
        dialog_->hide();
    }
    const ScanResult r = watcher_.result();
    rebuild();
    if (!r.scan) status_->setText(r.error.isEmpty() ? tr("Scan cancelled.") : r.error);
}

void AblationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRectF area = figureArea();
    p.fillRect(area, settings_->style().background);
    if (!figure_) return;
    figure_->paint(p, area);
    // Heads ablated now are outlined, like the grid's struck-through tiles.
    if (const auto trace = ws_->trace()) {
        p.setPen(QPen(QColor(20, 20, 20), 2.5));
        p.setBrush(Qt::NoBrush);
        for (const attnscope::HeadRef& a : trace->ablated)
            p.drawRect(figure_->cellRect(area, a.layer, a.head).adjusted(2, 2, -2, -2));
    }
}

void AblationView::mousePressEvent(QMouseEvent* e) {
    int layer = 0, head = 0;
    if (!figure_ || !figure_->headAt(figureArea(), e->position(), &layer, &head)) return;
    std::vector<attnscope::HeadRef> ablated = ws_->ablated();
    const attnscope::HeadRef h{layer, head};
    const auto it = std::find(ablated.begin(), ablated.end(), h);
    if (it == ablated.end()) ablated.push_back(h);
    else ablated.erase(it);
    ws_->setAblated(ablated);
    Selection s = ws_->selection();
    s.layer = layer;
    s.head = head;
    ws_->setSelection(s);
}
