#include "render/figures/query_bars_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "render/norms.h"

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

QueryBarsFigure::QueryBarsFigure(FigureData data, int layer, int head, int query, Style style, bool fixedAxis,
                                 MatrixKind kind)
    : data_(std::move(data)), layer_(layer), head_(head), query_(query), style_(std::move(style)),
      kind_(kind == MatrixKind::Norms ? kind : MatrixKind::Weights) {
    if (!data_.trace || query_ < 0 || query_ >= data_.T()) return;
    // Row `query` of the head detail's matrix, read as it reads its bands.
    row_.resize(size_t(data_.T()));
    headMatrixInto(*data_.trace, kind_, layer_, head_, query_, query_ + 1, row_.data());
    fitAxis(fixedAxis);
    fitKeys();
}

QueryBarsFigure::QueryBarsFigure(FigureData data, std::vector<float> row, int query, QString title, Style style, bool fixedAxis)
    : data_(std::move(data)), layer_(-1), head_(-1), query_(query), style_(std::move(style)), row_(std::move(row)),
      title_(std::move(title)) {
    if (!row_.empty()) fitAxis(fixedAxis);
    fitKeys();
}

void QueryBarsFigure::fitKeys() {
    // The labels, measured once: every layout (a hover asks for one) reads them.
    const QFontMetricsF fm(style_.font);
    singleChars_ = std::all_of(data_.tokens.begin(), data_.tokens.end(), [](const QString& s) {
        return s.size() == 1 || (s.size() == 2 && s[0].isHighSurrogate());
    });
    widestLabel_ = 0;
    for (const QString& s : data_.tokens) widestLabel_ = std::max(widestLabel_, fm.horizontalAdvance(s));
    first_ = 0;
    last_ = int(row_.size()) - 1;
    // A causal run's query sees keys 0..query; past it every value is 0.
    if (data_.trace && data_.trace->causal && query_ >= 0 && query_ < last_) last_ = query_;
}

void QueryBarsFigure::fitAxis(bool fixedAxis) {
    const float top = *std::max_element(row_.begin(), row_.end());
    if (kind_ == MatrixKind::Norms) {
        // N_qj = A_qj · f_j <= f_j: a fixed axis holds every query's bars of the head.
        double most = top;
        if (fixedAxis && layer_ >= 0) {
            const auto f = normFactors(*data_.trace, layer_, head_);
            most = f->empty() ? 0.0 : double(*std::max_element(f->begin(), f->end()));
        }
        axisMax_ = niceCeiling(std::max(most, 1e-4));
        return;
    }
    axisMax_ = fixedAxis ? 1.0 : std::min(1.0, niceCeiling(std::max(double(top), 1e-4)));
}

QString QueryBarsFigure::tickLabel(int i) const { return QString::number(axisMax_ * i / 4.0, 'g', 4); }

QString QueryBarsFigure::title() const {
    if (!title_.isEmpty()) return title_;
    const QString tok = query_ >= 0 && query_ < data_.tokens.size() ? data_.tokens[query_] : QString();
    if (kind_ == MatrixKind::Norms)
        return QCoreApplication::translate("render::QueryBarsFigure",
                                           "Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖")
            .arg(layer_).arg(head_).arg(query_).arg(tok);
    // Named even for the weights: above them the map may show raw scores or the mask.
    return QCoreApplication::translate("render::QueryBarsFigure", "Layer %1 · Head %2 · query %3 “%4” · attention weights")
        .arg(layer_).arg(head_).arg(query_).arg(tok);
}

// 14 units a key, but no wider than 2,400 units (25 inches): 8,192 keys would
// be a PNG of 358,000 pixels at 300 dpi.
QSizeF QueryBarsFigure::naturalSize() const { return {std::clamp(14.0 * double(shownKeys()) + 80, 400.0, 2400.0), 260}; }


double QueryBarsFigure::labelsHeight(const QRectF& area) const {
    const QFontMetricsF fm(style_.font);
    if (singleChars_) return fm.height() + 4;  // upright
    return std::min(widestLabel_ + 6, std::max(area.height() * 0.3, fm.height() + 4));
}

double QueryBarsFigure::plotTop(const QRectF& area) const {
    return area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5 : 4);
}

// The positions' line between the bars and their labels, where the plot keeps
// room for its value axis (a short strip under the head detail has none).
double QueryBarsFigure::rulerHeight(const QRectF& area) const {
    const QFontMetricsF fm(style_.font);
    const double plotH = area.bottom() - plotTop(area) - labelsHeight(area) - 8;
    return plotH - (fm.height() + 2) >= 3 * fm.height() ? fm.height() + 2 : 0;
}

QRectF QueryBarsFigure::plotRect(const QRectF& area) const {
    const QFontMetricsF fm(style_.font);
    const double top = plotTop(area);
    // As wide as the widest tick label: 0.001875 has eight characters.
    double ticks = 0;
    for (int i = 0; i <= 4; ++i) ticks = std::max(ticks, fm.horizontalAdvance(tickLabel(i)));
    const double left = area.left() + ticks + 10;
    const double plotH = area.bottom() - top - labelsHeight(area) - 8;
    return QRectF(left, top + 4, area.right() - left - 8, plotH - rulerHeight(area));
}

int QueryBarsFigure::keyAt(const QRectF& area, const QPointF& pos) const {
    const QRectF r = plotRect(area);
    if (row_.empty() || !r.contains(pos)) return -1;
    return first_ + std::clamp(int((pos.x() - r.left()) / r.width() * double(shownKeys())), 0, shownKeys() - 1);
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
    const int n = shownKeys();
    const double w = r.width() / double(n);
    const ColorMap& cm = style_.cmap();
    // The position ruler: every `step` keys (1, 2 or 5 times a power of ten)
    // with room for the widest number.
    const double numberW = fm.horizontalAdvance(QString::number(last_)) + 8;
    const bool withRuler = rulerHeight(area) > 0;
    const int step = rulerStep(w, numberW, n);
    ruler_.clear();
    p.setPen(QColor(110, 110, 110));
    for (int k = (first_ + step - 1) / step * step; withRuler && k <= last_; k += step) {
        const double cx = r.left() + (double(k - first_) + 0.5) * w;
        p.drawLine(QPointF(cx, r.bottom()), QPointF(cx, r.bottom() + 3));
        p.drawText(QRectF(cx - numberW / 2, r.bottom() + 2, numberW, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   QString::number(k));
        ruler_.push_back(k);
    }
    const double labelTop = r.bottom() + (withRuler ? fm.height() + 4 : 2);
    // Labels lie flat when every one fits its bar ("idx token" where that
    // fits too), or is a single character (every k-th then, as room allows),
    // and stand on their side (every k-th) when they do not; those are elided
    // to the room under the plot.
    double widest = 0, widestNumbered = 0;
    for (int k = first_; k <= last_ && k < data_.tokens.size(); ++k) {
        widest = std::max(widest, fm.horizontalAdvance(data_.tokens[k]));
        widestNumbered = std::max(widestNumbered, fm.horizontalAdvance(QStringLiteral("%1 %2").arg(k).arg(data_.tokens[k])));
    }
    const bool numbered = widestNumbered + 6 <= w;
    const bool flat = widest + 2 <= w || singleChars_;
    const int stride = std::max(1, int(std::ceil((flat ? widest + 2 : fm.height()) / std::max(w, 0.01) - 1e-9)));
    const double room = std::max(0.0, area.bottom() - labelTop - 2);  // the labels' length on their side
    drawn_.clear();
    bars_.clear();
    plot_ = r;
    for (int k = first_; k <= last_; ++k) {
        const double v = std::min(1.0, row_[size_t(k)] / axisMax_);
        const double x = r.left() + double(k - first_) * w;
        const QRectF bar(x + w * 0.1, r.bottom() - v * r.height(), w * 0.8, v * r.height());
        // A weight's colour is its value; a norm's, its height (norms are not in [0, 1]).
        const QColor fill(cm.at(0.15 + 0.7 * (kind_ == MatrixKind::Norms ? v : double(row_[size_t(k)]))));
        p.fillRect(bar, fill);
        bars_.push_back({bar, fill, k});
        if ((k - first_) % stride != 0 || k >= data_.tokens.size()) continue;
        p.setPen(style_.text);
        const QString label = numbered ? QStringLiteral("%1 %2").arg(k).arg(data_.tokens[k]) : data_.tokens[k];
        if (flat) {
            const double cx = x + 0.5 * w, lw = fm.horizontalAdvance(label);
            const QRectF box(cx - lw / 2, labelTop, lw, fm.height());
            p.drawText(box, Qt::AlignHCenter | Qt::AlignTop | Qt::TextDontClip, label);
            drawn_.push_back({box, label, k, true});
            continue;
        }
        // On its side, a line high and centred on its bar: the labels are a
        // line apart (stride), so none overlaps the next. A box only as high as
        // the bar is wide cut each one to a sliver past a few hundred keys.
        const QString text = fm.elidedText(label, Qt::ElideRight, room);
        if (text.isEmpty()) continue;
        const double cx = x + 0.5 * w, tw = fm.horizontalAdvance(text);
        p.save();
        p.translate(cx, labelTop);
        p.rotate(90);
        p.drawText(QRectF(0, -fm.height() / 2, tw + 1, fm.height()), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, text);
        p.restore();
        drawn_.push_back({QRectF(cx - fm.height() / 2, labelTop, fm.height(), tw), text, k, false});
    }
    p.restore();
}

}  // namespace render
