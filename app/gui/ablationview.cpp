#include "ablationview.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QProgressDialog>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "attnscope/error.h"
#include "errors.h"
#include "selectiontext.h"
#include "session/ablation_cache.h"
#include "workpool.h"

AblationView::AblationView(Workspace* ws, ViewSettings* settings, QWidget* parent) : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::Ablation));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    scan_ = new QPushButton(tr("&Scan every head"), this);
    scan_->setToolTip(tr("Run the model once per head with that head ablated and show how the text's loss "
                         "changes (Ctrl+Shift+A)"));
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    top->addWidget(scan_);
    top->addWidget(status_, 1);
    layout->addLayout(top);
    layout->addStretch(1);
    connect(scan_, &QPushButton::clicked, this, &AblationView::startScan);
    connect(&watcher_, &QFutureWatcher<ScanResult>::finished, this, &AblationView::scanFinished);
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, [this] {
        if (dialog_ && total_->load() > 0) {
            dialog_->setMaximum(total_->load());
            dialog_->setValue(done_->load());
        }
    });
    setMouseTracking(false);
}

AblationView::~AblationView() {
    if (cancel_) cancel_->store(true);
    watcher_.waitForFinished();
}

QRectF AblationView::figureArea() const {
    const int top = scan_->geometry().bottom() + 6;
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
    figure_ = scan ? std::make_unique<render::AblationFigure>(*scan, trace->n_layer(), trace->n_head(),
                                                               ws_->figureData().modelName, settings_->style())
                   : nullptr;
    if (!isScanning())
        status_->setText(figure_ ? tr("Click a head to ablate it, or to turn it back on.")
                         : trace ? tr("Not scanned yet for this text: %n forward pass(es).", "",
                                      trace->n_layer() * trace->n_head() + 1)
                                 : QString());
    scan_->setEnabled(trace && !isScanning() && !figure_ && trace->T() >= 2);
    update();
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
    dialog_->setValue(0);
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
        }
        return r;
    }));
}

void AblationView::cancelScan() {
    if (cancel_) cancel_->store(true);
}

void AblationView::scanFinished() {
    poll_.stop();
    if (dialog_) dialog_->reset();
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
