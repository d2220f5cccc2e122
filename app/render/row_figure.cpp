#include "row_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>

namespace render {

RowFigure::RowFigure(FigureData data, int layer, int head, int query, Style style)
    : data_(std::move(data)), layer_(layer), head_(head), query_(query), style_(std::move(style)) {
    if (!data_.trace || query_ < 0 || query_ >= data_.T()) return;
    const attnscope::MatrixRM w = data_.trace->head_weights(layer_, head_);
    row_.assign(w.row(query_).data(), w.row(query_).data() + w.cols());
}

QString RowFigure::title() const {
    const QString tok = query_ >= 0 && query_ < data_.tokens.size() ? data_.tokens[query_] : QString();
    return QCoreApplication::translate("render::RowFigure", "Layer %1 · Head %2 · query %3 “%4”").arg(layer_).arg(head_).arg(query_).arg(tok);
}

QSizeF RowFigure::naturalSize() const { return {std::max(400.0, 14.0 * row_.size() + 80), 260}; }

QRectF RowFigure::plotRect(const QRectF& area) const {
    const QFontMetricsF fm(style_.font);
    double labelH = 0;
    for (const QString& s : data_.tokens) labelH = std::max(labelH, fm.horizontalAdvance(s));
    labelH = std::min(labelH + 6, area.height() * 0.3);
    const double top = area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5 : 4);
    const double left = area.left() + fm.horizontalAdvance(QStringLiteral("0.00")) + 10;
    return QRectF(left, top + 4, area.right() - left - 8, area.bottom() - top - labelH - 8);
}

int RowFigure::keyAt(const QRectF& area, const QPointF& pos) const {
    const QRectF r = plotRect(area);
    if (row_.empty() || !r.contains(pos)) return -1;
    return std::clamp(int((pos.x() - r.left()) / r.width() * double(row_.size())), 0, int(row_.size()) - 1);
}

void RowFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    if (row_.empty()) {
        p.setPen(style_.text);
        p.drawText(area, Qt::AlignCenter, QCoreApplication::translate("render::RowFigure", "Select a query token to see its attention over the keys."));
        return;
    }
    drawTitle(p, area, title(), style_);
    const QRectF r = plotRect(area);
    p.save();
    p.setFont(style_.font);
    const QFontMetricsF fm(style_.font);
    // Axis: 0 to 1 with quarter ticks.
    p.setPen(QPen(style_.text, 0));
    for (int i = 0; i <= 4; ++i) {
        const double y = r.bottom() - r.height() * i / 4.0;
        p.setPen(QPen(QColor(200, 200, 200), 0, i == 0 ? Qt::SolidLine : Qt::DotLine));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        p.setPen(style_.text);
        p.drawText(QRectF(area.left(), y - fm.height() / 2, r.left() - area.left() - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QString::number(i / 4.0, 'f', 2));
    }
    const double w = r.width() / double(row_.size());
    const ColorMap& cm = style_.cmap();
    const int stride = std::max(1, int(std::ceil(fm.height() / std::max(w, 0.01))));
    for (size_t k = 0; k < row_.size(); ++k) {
        const double v = row_[k];
        const QRectF bar(r.left() + double(k) * w + w * 0.1, r.bottom() - v * r.height(), w * 0.8, v * r.height());
        p.fillRect(bar, QColor(cm.at(0.15 + 0.7 * v)));
        if (int(k) % stride == 0 && int(k) < data_.tokens.size()) {
            p.save();
            p.translate(r.left() + double(k) * w, r.bottom() + 4);
            p.rotate(90);
            p.setPen(style_.text);
            p.drawText(QRectF(0, -w, area.bottom() - r.bottom(), w), Qt::AlignLeft | Qt::AlignVCenter,
                       data_.tokens[int(k)]);
            p.restore();
        }
    }
    p.restore();
}

}  // namespace render
