#include "flow_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainterPath>

#include "attnscope/trace_tensors.h"

namespace render {

namespace {


// The stage's label from the trace tensor table, translated.
QString stageLabel(const std::string& stage) {
    for (const attnscope::TraceTensorSpec& t : attnscope::trace_tensor_table())
        if (stage == t.stage) return QCoreApplication::translate("render::FlowFigure", t.label);
    return QString::fromStdString(stage);
}

// Symbolic and numeric shape, as the table states it: "(T, C) = (12, 64)", or
// per head "H × (T, hs) = 4 × (12, 16)".
QString shapeText(const attnscope::StageRecord& r) {
    QStringList sym, num;
    size_t headAxis = r.symbols.size();
    for (size_t i = 0; i < r.symbols.size() && i < r.shape.size(); ++i) {
        if (r.per_head && r.symbols[i] == "H" && headAxis == r.symbols.size()) {
            headAxis = i;
            continue;
        }
        sym << QString::fromStdString(r.symbols[i]);
        num << QString::number(r.shape[i]);
    }
    if (headAxis < r.shape.size())
        return QStringLiteral("H × (%1) = %2 × (%3)").arg(sym.join(", ")).arg(r.shape[headAxis]).arg(num.join(", "));
    return QStringLiteral("(%1) = (%2)").arg(sym.join(", "), num.join(", "));
}

constexpr double kBoxW = 150, kBoxH = 54, kGapX = 26, kGapY = 30;

}  // namespace

FlowFigure::FlowFigure(FigureData data, int layer, int head, Style style, int selected)
    : data_(std::move(data)), layer_(layer), head_(head), style_(std::move(style)), selected_(selected) {
    if (!data_.trace) return;
    for (const attnscope::StageRecord& s : data_.trace->stages) {
        if (s.layer >= 0 && s.layer != layer_) continue;
        Node n;
        n.stage = QString::fromStdString(s.stage);
        n.label = stageLabel(s.stage);
        n.tensor = QString::fromStdString(s.tensor);
        n.layer = s.layer;
        n.shapeText = shapeText(s);
        n.perHead = s.per_head;
        nodes_.push_back(n);
    }
}

QString FlowFigure::title() const {
    return QCoreApplication::translate("render::FlowFigure", "Forward pass · block %1 of %2 shown · head %3 for per-head tensors")
        .arg(layer_).arg(data_.trace ? data_.trace->n_layer() : 0).arg(head_);
}

QSizeF FlowFigure::naturalSize() const { return {6 * (kBoxW + kGapX) + 40, 6 * (kBoxH + kGapY) + 80}; }

FlowFigure::Layout FlowFigure::layout(const QRectF& area) const {
    Layout l;
    // Below the title, with room for the block frame's label above the first row.
    const double top = area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5 : 4) + 24;
    const QRectF room(area.left() + 10, top, area.width() - 20, area.bottom() - top - 6);
    // Choose the number of boxes per row that lets the diagram be drawn
    // largest inside the room (boxes shrink, never grow past 1.2x).
    const int n = std::max<int>(1, int(nodes_.size()));
    int perRow = 1;
    for (int c = 1; c <= n; ++c) {
        const int rows = (n + c - 1) / c;
        const double w = c * kBoxW + (c - 1) * kGapX, h = rows * kBoxH + (rows - 1) * kGapY;
        const double s = std::min({room.width() / w, room.height() / h, 1.2});
        if (s > l.scale || c == 1) {
            l.scale = s;
            perRow = c;
        }
    }
    const double s = l.scale;
    const int rows = (n + perRow - 1) / perRow;
    const double usedW = (perRow * kBoxW + (perRow - 1) * kGapX) * s;
    const double x0 = room.left() + std::max(0.0, (room.width() - usedW) / 2);
    // Boxes in reading order, row after row.
    for (size_t i = 0; i < nodes_.size(); ++i) {
        const int r = int(i) / perRow, c = int(i) % perRow;
        l.boxes.emplace_back(x0 + c * (kBoxW + kGapX) * s, room.top() + r * (kBoxH + kGapY) * s, kBoxW * s, kBoxH * s);
    }
    Q_UNUSED(rows);
    QRectF frame;
    for (size_t i = 0; i < nodes_.size(); ++i)
        if (nodes_[i].layer >= 0) frame = frame.isNull() ? l.boxes[i] : frame.united(l.boxes[i]);
    l.blockFrame = frame.adjusted(-6, -16 * std::min(1.0, l.scale) - 2, 6, 6);
    return l;
}

QRectF FlowFigure::nodeRect(const QRectF& area, int i) const {
    const Layout l = layout(area);
    return i >= 0 && size_t(i) < l.boxes.size() ? l.boxes[size_t(i)] : QRectF();
}

int FlowFigure::nodeAt(const QRectF& area, const QPointF& pos) const {
    const Layout l = layout(area);
    for (size_t i = 0; i < l.boxes.size(); ++i)
        if (l.boxes[i].contains(pos)) return int(i);
    return -1;
}

void FlowFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title(), style_);
    const Layout l = layout(area);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetricsF fm(style_.font);
    const ColorMap& cm = style_.cmap();
    if (!l.blockFrame.isNull()) {
        p.setPen(QPen(QColor(cm.at(0.35)), 1.2, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(l.blockFrame, 8, 8);
        p.setFont(scaledFont(style_.font, 0.9 * std::min(1.0, l.scale)));
        p.setPen(style_.text);
        p.drawText(QRectF(l.blockFrame.left() + 8, l.blockFrame.top() + 1, l.blockFrame.width() - 16, 16 * std::min(1.0, l.scale)),
                   Qt::AlignRight | Qt::AlignVCenter,
                   QCoreApplication::translate("render::FlowFigure", "Block %1 (pre-LayerNorm; every block has these shapes)").arg(layer_));
    }
    // Arrows between consecutive nodes.
    p.setPen(QPen(style_.text, 1.2));
    for (size_t i = 0; i + 1 < l.boxes.size(); ++i) {
        const QRectF a = l.boxes[i], b = l.boxes[i + 1];
        QPainterPath path;
        QPointF end;
        if (qFuzzyCompare(a.top(), b.top())) {
            path.moveTo(a.right(), a.center().y());
            end = QPointF(b.left(), b.center().y());
            path.lineTo(end);
        } else {  // wrap: down, across to the next row's first box, down
            path.moveTo(a.center().x(), a.bottom());
            const double midY = a.bottom() + kGapY * l.scale / 2;
            path.lineTo(a.center().x(), midY);
            path.lineTo(b.center().x(), midY);
            end = QPointF(b.center().x(), b.top());
            path.lineTo(end);
        }
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        const QPointF dir = path.pointAtPercent(1.0) - path.pointAtPercent(0.97);
        const double len = std::hypot(dir.x(), dir.y());
        if (len > 0) {
            const QPointF u = dir / len, n(-u.y(), u.x());
            QPolygonF head;
            head << end << end - u * 7 + n * 3.5 << end - u * 7 - n * 3.5;
            p.setBrush(style_.text);
            p.drawPolygon(head);
        }
    }
    // Two fonts for every box, made once; labels are elided only when too wide.
    QFont bf = scaledFont(style_.font, std::min(1.0, l.scale));
    bf.setBold(true);
    const QFont sf = scaledFont(style_.font, 0.85 * std::min(1.0, l.scale));
    const QFontMetricsF bfm(bf), sfm(sf);
    auto fit = [](const QFontMetricsF& m, const QString& s, Qt::TextElideMode mode, double w) {
        return m.horizontalAdvance(s) <= w ? s : m.elidedText(s, mode, w);
    };
    for (size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        const QRectF r = l.boxes[i];
        const bool sel = int(i) == selected_;
        const bool attention = n.stage == "scores" || n.stage == "mask" || n.stage == "softmax";
        p.setPen(QPen(sel ? QColor(cm.at(0.0)) : QColor(120, 120, 120), sel ? 2.5 : 1));
        QColor fill = QColor(cm.at(attention ? 0.85 : 0.45));
        fill.setAlphaF(attention ? 0.45 : 0.18);
        p.setBrush(style_.background);
        p.drawRoundedRect(r, 6, 6);
        p.setBrush(fill);
        p.drawRoundedRect(r, 6, 6);
        p.setFont(bf);
        p.setPen(style_.text);
        p.drawText(r.adjusted(4, 4, -4, -r.height() / 2), Qt::AlignCenter, fit(bfm, n.label, Qt::ElideRight, r.width() - 8));
        p.setFont(sf);
        p.drawText(r.adjusted(3, r.height() / 2, -3, -3), Qt::AlignCenter,
                   fit(sfm, n.shapeText, Qt::ElideMiddle, r.width() - 6));
    }
    Q_UNUSED(fm);
    p.restore();
}

}  // namespace render
