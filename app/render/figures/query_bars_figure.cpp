#include "render/figures/query_bars_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace render {

namespace {

// The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least v.
double niceCeiling(double v) {
    if (v <= 0) return 1.0;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (const double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= v * (1 - 1e-9)) return m * p;
    return 10 * p;
}

}  // namespace

QueryBarsFigure::QueryBarsFigure(FigureData data, int layer, int head, int query, Style style, bool fixedAxis)
    : data_(std::move(data)), layer_(layer), head_(head), query_(query), style_(std::move(style)) {
    if (!data_.trace || query_ < 0 || query_ >= data_.T()) return;
    row_ = data_.trace->head_row(layer_, head_, query_);
    fitAxis(fixedAxis);
}

QueryBarsFigure::QueryBarsFigure(FigureData data, std::vector<float> row, int query, QString title, Style style, bool fixedAxis)
    : data_(std::move(data)), layer_(-1), head_(-1), query_(query), style_(std::move(style)), row_(std::move(row)),
      title_(std::move(title)) {
    if (!row_.empty()) fitAxis(fixedAxis);
}

void QueryBarsFigure::fitAxis(bool fixedAxis) {
    const float top = *std::max_element(row_.begin(), row_.end());
    axisMax_ = fixedAxis ? 1.0 : std::min(1.0, niceCeiling(std::max(double(top), 1e-4)));
}

QString QueryBarsFigure::tickLabel(int i) const { return QString::number(axisMax_ * i / 4.0, 'g', 4); }

QString QueryBarsFigure::title() const {
    if (!title_.isEmpty()) return title_;
    const QString tok = query_ >= 0 && query_ < data_.tokens.size() ? data_.tokens[query_] : QString();
    return QCoreApplication::translate("render::QueryBarsFigure", "Layer %1 · Head %2 · query %3 “%4”").arg(layer_).arg(head_).arg(query_).arg(tok);
}

// 14 units a key, but no wider than 2,400 units (25 inches): 8,192 keys would
// be a PNG of 358,000 pixels at 300 dpi.
QSizeF QueryBarsFigure::naturalSize() const { return {std::clamp(14.0 * double(row_.size()) + 80, 400.0, 2400.0), 260}; }

bool QueryBarsFigure::singleCharacters() const {
    return std::all_of(data_.tokens.begin(), data_.tokens.end(), [](const QString& s) {
        return s.size() == 1 || (s.size() == 2 && s[0].isHighSurrogate());
    });
}

QRectF QueryBarsFigure::plotRect(const QRectF& area) const {
    const QFontMetricsF fm(style_.font);
    double labelH = 0;
    if (singleCharacters()) {
        labelH = fm.height() + 4;  // upright
    } else {
        for (const QString& s : data_.tokens) labelH = std::max(labelH, fm.horizontalAdvance(s));
        labelH = std::min(labelH + 6, std::max(area.height() * 0.3, fm.height() + 4));
    }
    const double top = area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5 : 4);
    // As wide as the widest tick label: 0.001875 has eight characters.
    double ticks = 0;
    for (int i = 0; i <= 4; ++i) ticks = std::max(ticks, fm.horizontalAdvance(tickLabel(i)));
    const double left = area.left() + ticks + 10;
    return QRectF(left, top + 4, area.right() - left - 8, area.bottom() - top - labelH - 8);
}

int QueryBarsFigure::keyAt(const QRectF& area, const QPointF& pos) const {
    const QRectF r = plotRect(area);
    if (row_.empty() || !r.contains(pos)) return -1;
    return std::clamp(int((pos.x() - r.left()) / r.width() * double(row_.size())), 0, int(row_.size()) - 1);
}

void QueryBarsFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    if (row_.empty()) {
        p.setPen(style_.text);
        p.drawText(area, Qt::AlignCenter, QCoreApplication::translate("render::QueryBarsFigure", "Select a query token to see its attention over the keys."));
        return;
    }
    drawTitle(p, area, title(), style_);
    const QRectF r = plotRect(area);
    p.save();
    p.setFont(style_.font);
    const QFontMetricsF fm(style_.font);
    // Axis: 0 to axisMax_ with quarter ticks, each written exactly (0.125, not 0.13).
    // A short plot (the query bars under the head detail) labels every second
    // or only the ends, so that no two labels overlap.
    const int labelEvery = r.height() / 4.0 >= fm.height() ? 1 : r.height() / 2.0 >= fm.height() ? 2 : 4;
    for (int i = 0; i <= 4; ++i) {
        const double y = r.bottom() - r.height() * i / 4.0;
        p.setPen(QPen(QColor(200, 200, 200), 0, i == 0 ? Qt::SolidLine : Qt::DotLine));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        if (i % labelEvery != 0) continue;
        p.setPen(style_.text);
        p.drawText(QRectF(area.left(), y - fm.height() / 2, r.left() - area.left() - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tickLabel(i));
    }
    const double w = r.width() / double(row_.size());
    const ColorMap& cm = style_.cmap();
    // Labels lie flat when every one fits its bar, or is a single character
    // (every k-th then, as room allows), and stand on their side (every k-th)
    // when they do not; those are elided to the room under the plot.
    double widest = 0;
    for (const QString& s : data_.tokens) widest = std::max(widest, fm.horizontalAdvance(s));
    const bool flat = widest + 2 <= w || singleCharacters();
    const int stride = std::max(1, int(std::ceil((flat ? widest + 2 : fm.height()) / std::max(w, 0.01) - 1e-9)));
    const double room = std::max(0.0, area.bottom() - r.bottom() - 6);  // the labels' length on their side
    drawn_.clear();
    for (size_t k = 0; k < row_.size(); ++k) {
        const double v = std::min(1.0, row_[k] / axisMax_);
        const QRectF bar(r.left() + double(k) * w + w * 0.1, r.bottom() - v * r.height(), w * 0.8, v * r.height());
        p.fillRect(bar, QColor(cm.at(0.15 + 0.7 * row_[k])));
        if (int(k) % stride != 0 || int(k) >= data_.tokens.size()) continue;
        p.setPen(style_.text);
        const QString& label = data_.tokens[int(k)];
        if (flat) {
            const double cx = r.left() + (double(k) + 0.5) * w, lw = fm.horizontalAdvance(label);
            const QRectF box(cx - lw / 2, r.bottom() + 2, lw, fm.height());
            p.drawText(box, Qt::AlignHCenter | Qt::AlignTop | Qt::TextDontClip, label);
            drawn_.push_back({box, label, int(k), true});
            continue;
        }
        // On its side, a line high and centred on its bar: the labels are a
        // line apart (stride), so none overlaps the next. A box only as high as
        // the bar is wide cut each one to a sliver past a few hundred keys.
        const QString text = fm.elidedText(label, Qt::ElideRight, room);
        if (text.isEmpty()) continue;
        const double cx = r.left() + (double(k) + 0.5) * w, tw = fm.horizontalAdvance(text);
        p.save();
        p.translate(cx, r.bottom() + 4);
        p.rotate(90);
        p.drawText(QRectF(0, -fm.height() / 2, tw + 1, fm.height()), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, text);
        p.restore();
        drawn_.push_back({QRectF(cx - fm.height() / 2, r.bottom() + 4, fm.height(), tw), text, int(k), false});
    }
    p.restore();
}

}  // namespace render
