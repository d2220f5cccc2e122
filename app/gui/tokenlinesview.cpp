#include "tokenlinesview.h"

#include <QCheckBox>
#include <QMouseEvent>
#include <QPainter>

TokenLinesView::TokenLinesView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    overlay_ = new QCheckBox(tr("&Overlay every head of the layer"), this);
    overlay_->move(8, 4);
    overlay_->adjustSize();
    connect(overlay_, &QCheckBox::toggled, this, [this] { rebuild(); });
    setAccessibleName(tr("Token lines"));
    setMinimumSize(320, 240);
}

void TokenLinesView::setOverlay(bool on) { overlay_->setChecked(on); }
bool TokenLinesView::overlay() const { return overlay_->isChecked(); }

std::vector<int> TokenLinesView::heads() const {
    const auto trace = ws_->trace();
    if (!trace) return {};
    if (!overlay_->isChecked()) return {ws_->selection().head};
    std::vector<int> all;
    for (int h = 0; h < trace->n_head(); ++h) all.push_back(h);
    return all;
}

std::unique_ptr<render::Figure> TokenLinesView::makeFigure(const render::Style& style) const {
    return std::make_unique<render::LinesFigure>(ws_->figureData(), ws_->selection().layer, heads(), style, focus_);
}

QRectF TokenLinesView::figureRect() const { return QRectF(0, overlay_->height() + 8, width(), height() - overlay_->height() - 8); }

void TokenLinesView::rebuild() {
    const auto trace = ws_->trace();
    if (focus_ >= (trace ? trace->T() : 0)) focus_ = -1;
    figure_ = trace && ws_->selection().layer < trace->n_layer()
                  ? std::make_unique<render::LinesFigure>(ws_->figureData(), ws_->selection().layer, heads(),
                                                          settings_->style(), focus_)
                  : nullptr;
    update();
}

void TokenLinesView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    if (figure_) figure_->paint(p, figureRect());
}

void TokenLinesView::mousePressEvent(QMouseEvent* e) {
    if (!figure_) return;
    const int q = figure_->queryAt(figureRect(), e->position());
    focus_ = q == focus_ ? -1 : q;
    if (q >= 0) {
        Selection s = ws_->selection();
        s.query = q;
        ws_->setSelection(s);
    }
    rebuild();
}
