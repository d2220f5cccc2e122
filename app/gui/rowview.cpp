#include "rowview.h"

#include <QMouseEvent>
#include <QPainter>

RowView::RowView(Workspace* ws, ViewSettings* settings, QWidget* parent) : TraceView(ws, settings, parent) {
    setAccessibleName(tr("Attention of the selected query"));
    setMinimumHeight(150);
}

std::unique_ptr<render::Figure> RowView::makeFigure(const render::Style& style) const {
    const Selection& s = ws_->selection();
    return std::make_unique<render::RowFigure>(ws_->figureData(), s.layer, s.head, s.query, style);
}

void RowView::rebuild() {
    const Selection& s = ws_->selection();
    render::Style st = settings_->style();
    figure_ = ws_->trace() && s.layer < ws_->trace()->n_layer()
                  ? std::make_unique<render::RowFigure>(ws_->figureData(), s.layer, s.head, s.query, st)
                  : nullptr;
    update();
}

void RowView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (figure_) figure_->paint(p, rect());
    else p.fillRect(rect(), palette().color(QPalette::Base));
}

void RowView::mousePressEvent(QMouseEvent* e) {
    if (!figure_) return;
    const int k = figure_->keyAt(rect(), e->position());
    if (k >= 0) {
        Selection s = ws_->selection();
        s.key = k;
        ws_->setSelection(s);
    }
}
