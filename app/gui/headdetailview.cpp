#include "headdetailview.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <cmath>

HeadDetailView::HeadDetailView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::HeadDetail));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Head detail"));
}

std::unique_ptr<render::Figure> HeadDetailView::makeFigure(const render::Style& style) const {
    const Selection& s = ws_->selection();
    return std::make_unique<render::HeadFigure>(ws_->figureData(), s.layer, s.head, kind_, style);
}

void HeadDetailView::fillRecipe(session::Recipe& r) const {
    // Showing the mask, this page exports what the mask view does.
    if (kind_ == render::MatrixKind::Mask) r.view = session::viewFor(session::ViewWidget::Mask).id;
    else r.kind = kind_;
}

void HeadDetailView::setKind(render::MatrixKind kind) {
    kind_ = kind;
    rebuild();
}

void HeadDetailView::resetZoom() {
    zoom_ = 1.0;
    pan_ = {};
    update();
}

void HeadDetailView::selectionChanged() {
    const Selection& s = ws_->selection();
    if (figure_ && (figure_->layer() != s.layer || figure_->head() != s.head)) rebuild();
    else update();
}

void HeadDetailView::rebuild() {
    const auto trace = ws_->trace();
    const Selection& s = ws_->selection();
    if (!trace || s.layer >= trace->n_layer() || s.head >= trace->n_head()) {
        figure_.reset();
    } else {
        figure_ = std::make_unique<render::HeadFigure>(ws_->figureData(), s.layer, s.head, kind_, settings_->style());
    }
    if (hover_.query >= 0) setHover(hover_.query, hover_.key);
    update();
}

QPointF HeadDetailView::toFigure(const QPointF& pos) const { return (pos - pan_) / zoom_; }

QRectF HeadDetailView::cellRectWidget(int query, int key) const {
    if (!figure_) return {};
    const QRectF h = figure_->heatmapRect(rect());
    const int T = ws_->trace()->T();
    const double c = h.width() / T;
    const QRectF f(h.left() + key * c, h.top() + query * c, c, c);
    return QRectF(f.topLeft() * zoom_ + pan_, f.size() * zoom_);
}

QPointF HeadDetailView::cellCenter(int query, int key) const { return cellRectWidget(query, key).center(); }

void HeadDetailView::setHover(int query, int key) {
    const auto trace = ws_->trace();
    Hover h;
    if (trace && query >= 0 && key >= 0 && query < trace->T() && key < trace->T()) {
        const Selection& s = ws_->selection();
        h.query = query;
        h.key = key;
        h.weight = trace->weight(s.layer, s.head, query, key);
        h.score = trace->score(s.layer, s.head, query, key);
        h.masked = std::isinf(h.score);
    }
    hover_ = h;
    emit hoverChanged(hoverText());
    update();
}

QString HeadDetailView::hoverText() const {
    if (hover_.query < 0) return {};
    const QStringList& labels = ws_->tokens().labels;
    const QString q = hover_.query < labels.size() ? labels[hover_.query] : QString();
    const QString k = hover_.key < labels.size() ? labels[hover_.key] : QString();
    const QString score = hover_.masked ? tr("masked") : QString::number(hover_.score, 'g', 5);
    return tr("query %1 “%2” → key %3 “%4”   weight %5   score %6")
        .arg(hover_.query).arg(q).arg(hover_.key).arg(k).arg(QString::number(hover_.weight, 'g', 6)).arg(score);
}

void HeadDetailView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!figure_) {
        p.drawText(rect(), Qt::AlignCenter, tr("Type some text to see this head."));
        return;
    }
    p.save();
    p.translate(pan_);
    p.scale(zoom_, zoom_);
    figure_->paint(p, rect());
    p.restore();

    const Selection& s = ws_->selection();
    if (s.query >= 0 && s.key >= 0) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRectWidget(s.query, s.key));
    }
    if (hover_.query >= 0) {
        // Crosshair through the hovered cell.
        const QRectF c = cellRectWidget(hover_.query, hover_.key);
        const QRectF heat = QRectF(figure_->heatmapRect(rect()).topLeft() * zoom_ + pan_,
                                   figure_->heatmapRect(rect()).size() * zoom_);
        p.setPen(QPen(QColor(255, 255, 255, 180), 1, Qt::DashLine));
        p.drawLine(QPointF(heat.left(), c.center().y()), QPointF(heat.right(), c.center().y()));
        p.drawLine(QPointF(c.center().x(), heat.top()), QPointF(c.center().x(), heat.bottom()));
        p.setPen(QPen(Qt::black, 1));
        p.drawRect(c);
        // The readout, in a box at the bottom.
        const QString text = hoverText();
        const QFontMetrics fm(font());
        const QRect box(8, height() - fm.height() - 12, fm.horizontalAdvance(text) + 16, fm.height() + 8);
        p.fillRect(box, QColor(255, 255, 255, 230));
        p.setPen(QColor(20, 20, 20));
        p.drawText(box, Qt::AlignCenter, text);
    }
}

void HeadDetailView::mousePressEvent(QMouseEvent* e) {
    pressPos_ = e->position();
    pressPan_ = pan_;
    dragging_ = false;
    setFocus();
}

void HeadDetailView::mouseMoveEvent(QMouseEvent* e) {
    if (e->buttons() & Qt::LeftButton) {
        if (!dragging_ && (e->position() - pressPos_).manhattanLength() > 4) dragging_ = true;
        if (dragging_) {
            pan_ = pressPan_ + (e->position() - pressPos_);
            update();
            return;
        }
    }
    int q = -1, k = -1;
    if (figure_ && figure_->cellAt(rect(), toFigure(e->position()), &q, &k)) setHover(q, k);
    else if (hover_.query >= 0) setHover(-1, -1);
}

void HeadDetailView::mouseReleaseEvent(QMouseEvent* e) {
    if (!dragging_) {
        int q = -1, k = -1;
        if (figure_ && figure_->cellAt(rect(), toFigure(e->position()), &q, &k)) {
            Selection s = ws_->selection();
            s.query = q;
            s.key = k;
            ws_->setSelection(s);
        }
    }
    dragging_ = false;
}

void HeadDetailView::zoomAt(const QPointF& pos, double factor) {
    const double z = std::clamp(zoom_ * factor, 1.0, 64.0);
    const QPointF fig = toFigure(pos);
    zoom_ = z;
    pan_ = pos - fig * zoom_;  // keep the point under the cursor in place
    if (zoom_ == 1.0) pan_ = {};
    update();
}

void HeadDetailView::wheelEvent(QWheelEvent* e) {
    zoomAt(e->position(), std::pow(1.0015, e->angleDelta().y()));
    e->accept();
}

void HeadDetailView::leaveEvent(QEvent*) {
    if (hover_.query >= 0) setHover(-1, -1);
}

void HeadDetailView::keyPressEvent(QKeyEvent* e) {
    const auto trace = ws_->trace();
    if (!trace) return QWidget::keyPressEvent(e);
    Selection s = ws_->selection();
    const int T = trace->T();
    if (s.query < 0) s.query = s.key = 0;
    switch (e->key()) {
    case Qt::Key_Left: s.key = std::max(0, s.key - 1); break;
    case Qt::Key_Right: s.key = std::min(T - 1, s.key + 1); break;
    case Qt::Key_Up: s.query = std::max(0, s.query - 1); break;
    case Qt::Key_Down: s.query = std::min(T - 1, s.query + 1); break;
    case Qt::Key_Plus: case Qt::Key_Equal: zoomAt(rect().center(), 1.25); return;
    case Qt::Key_Minus: zoomAt(rect().center(), 0.8); return;
    case Qt::Key_0: resetZoom(); return;
    default: return QWidget::keyPressEvent(e);
    }
    ws_->setSelection(s);
    setHover(s.query, s.key);
}
