#include "gui/views/mask_view.h"

#include <QPainter>
#include <algorithm>

MaskView::MaskView(Workspace* ws, ViewSettings* settings, QWidget* parent) : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::Mask));
    causal_ = new QCheckBox(tr("Ca&usal (each token sees only itself and earlier tokens)"), this);
    causal_->setChecked(ws_->causal());
    causal_->setToolTip(tr("Off: bidirectional attention, as in an encoder. The model is run again."));
    connect(causal_, &QCheckBox::toggled, ws_, &Workspace::setCausal);
    setBadgeBelow(causal_);
    connect(ws_, &Workspace::optionsChanged, this, [this] {
        const QSignalBlocker b(causal_);
        causal_->setChecked(ws_->causal());
    });
    setAccessibleName(tr("Mask"));
}

// The selected head's mask: the same for every head unless a knockout blocks
// some of its edges, which are then marked.
std::unique_ptr<render::Figure> MaskView::makeFigure(const render::Style& style) const {
    const Selection& s = ws_->selection();
    return std::make_unique<render::HeadFigure>(ws_->figureData(), s.layer, s.head, render::MatrixKind::Mask, style);
}

double MaskView::allowedFraction() const {
    if (!figure_ || figure_->rows() == 0 || figure_->cols() == 0) return 0;
    return figure_->valueSum() / (double(figure_->rows()) * double(figure_->cols()));
}

QRectF MaskView::figureRect() const {
    return QRectF(0, causal_->height() + 8, width(), height() - causal_->height() - 8);
}

void MaskView::resizeEvent(QResizeEvent*) {
    // As wide as its text, so that a click beside it does not toggle it.
    const QSize hint = causal_->sizeHint();
    causal_->setGeometry(8, 4, std::min(width() - 16, hint.width()), hint.height());
}

void MaskView::rebuild() {
    const Selection& s = ws_->selection();
    const auto trace = ws_->trace();
    rebuildOnShow_ = !isVisible();  // on another tab: built when shown (HeadDetailView::rebuild)
    figure_ = trace && !rebuildOnShow_ && s.headIn(trace->n_layer(), trace->n_head())
                  ? std::make_unique<render::HeadFigure>(ws_->figureData(), s.layer, s.head, render::MatrixKind::Mask,
                                                         settings_->style())
                  : nullptr;
    update();
}

void MaskView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (rebuildOnShow_) rebuild();
}

void MaskView::selectionChanged() {
    const Selection& s = ws_->selection();
    if (figure_ && (figure_->layer() != s.layer || figure_->head() != s.head)) rebuild();
    else update();
}

void MaskView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    if (figure_) figure_->paint(p, figureRect());
}
