#include "render/figures/attribution_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "render/figures/ablation_figure.h"

namespace render {

namespace {

constexpr double kChipPad = 3, kChipGap = 2, kLineGap = 3;

}  // namespace

AttributionFigure::AttributionFigure(FigureData data, Attribution a, Style style)
    : data_(std::move(data)), a_(std::move(a)), style_(std::move(style)) {
    for (size_t i = 0; i < a_.scores.size(); ++i)
        if (std::isfinite(a_.scores[i]) && !(a_.scaleWithoutPosition && int(i) == a_.position))
            range_ = std::max(range_, std::abs(a_.scores[i]));
}

QString AttributionFigure::title() const {
    return QCoreApplication::translate("render::AttributionFigure", "%1 for %2 at position %3 · logit %4")
        .arg(a_.method, withoutControls(a_.targetText).isEmpty()
                            ? QString::number(a_.target)
                            : QStringLiteral("“") + visibleToken(a_.targetText) + QStringLiteral("”"))
        .arg(a_.position)
        .arg(fixedNumber(a_.logit, 3));
}

QColor AttributionFigure::colorOf(double score) const {
    // Unsigned scores: white to red, the upper half of the diverging map.
    return divergingColor(a_.signedScores ? score : std::abs(score), range_);
}

QSizeF AttributionFigure::naturalSize() const {
    const QFontMetricsF fm(style_.font);
    double width = 0;
    for (const QString& t : data_.tokens) width += fm.horizontalAdvance(visibleToken(t)) + 2 * kChipPad + kChipGap;
    const double w = std::clamp(width, 420.0, 900.0);
    const double lines = std::ceil(width / w) + 1;
    return {w + 16, (style_.showTitle ? 40 : 8) + lines * (fm.height() + 2 * kChipPad + kLineGap) + 60};
}

int AttributionFigure::tokenAt(const QPointF& pos) const {
    for (const DrawnChip& c : drawn_)
        if (c.rect.contains(pos)) return c.index;
    return -1;
}

void AttributionFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    QRectF body = area.adjusted(8, 4, -8, -4);
    if (style_.showTitle) body = drawTitle(p, body, title(), style_);
    p.save();
    p.setFont(style_.font);
    const QFontMetricsF fm(style_.font);
    const double chipH = fm.height() + 2 * kChipPad;
    const bool causal = data_.trace ? data_.trace->causal : true;
    // Room for the colour bar and the completeness line below the text.
    const double footer = (style_.showColorBar ? chipH + fm.height() + 8 : 0) +
                          (a_.completeness ? fm.height() + 4 : 0);
    const double bottom = body.bottom() - footer;
    drawn_.clear();
    double x = body.left(), y = body.top() + 4;
    const int n = int(std::min(a_.scores.size(), size_t(data_.tokens.size())));
    int shown = 0;
    for (int i = 0; i < n; ++i) {
        // A chip holds its token whole; where the line has no room it wraps.
        const QString label = visibleToken(data_.tokens[i]);
        const double w = fm.horizontalAdvance(label) + 2 * kChipPad;
        if (x > body.left() && x + w > body.right()) {
            x = body.left();
            y += chipH + kLineGap;
        }
        if (y + chipH > bottom && i > 0) break;  // past the room: the rest is left out, not squeezed
        const QRectF r(x, y, w, chipH);
        const bool after = causal && i > a_.position;
        const QColor c = after ? style_.background : colorOf(a_.scores[size_t(i)]);
        p.fillRect(r, c);
        p.setPen(after ? QColor(150, 150, 150) : (c.lightnessF() < 0.5 ? QColor(Qt::white) : style_.text));
        p.drawText(r, Qt::AlignCenter, label);
        if (i == a_.position) {
            p.setPen(QPen(style_.text, 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(-1, -1, 1, 1));
        }
        drawn_.push_back({i, r, c, label});
        x += w + kChipGap;
        shown = i + 1;
    }
    double fy = bottom + 8;
    p.setPen(style_.text);
    if (shown < n)  // said, not silently cut
        p.drawText(QPointF(body.left(), y + chipH + fm.ascent() + 2),
                   QCoreApplication::translate("render::AttributionFigure", "… %n more token(s) past the figure's room",
                                               "", n - shown));
    if (style_.showColorBar) {
        // The scale: −range … 0 … range (signed) or 0 … range.
        const double barW = std::min(240.0, body.width() / 2);
        const QRectF bar(body.left(), fy, barW, chipH * 0.6);
        const double lo = a_.signedScores ? -range_ : 0;
        for (int px = 0; px < int(bar.width()); ++px) {
            const double v = lo + (range_ - lo) * px / std::max(1.0, bar.width() - 1);
            p.fillRect(QRectF(bar.left() + px, bar.top(), 1, bar.height()), colorOf(v));
        }
        p.drawRect(bar);
        p.drawText(QPointF(bar.left(), bar.bottom() + fm.ascent() + 2), fixedNumber(lo, 3));
        const QString hi = fixedNumber(range_, 3);
        p.drawText(QPointF(bar.right() - fm.horizontalAdvance(hi), bar.bottom() + fm.ascent() + 2), hi);
        fy = bar.bottom() + fm.height() + 6;
    }
    if (a_.completeness) {
        p.drawText(QPointF(body.left(), fy + fm.ascent()),
                   QCoreApplication::translate("render::AttributionFigure",
                                               "Completeness: f(e) − f(0) = %1, sum of the scores = %2")
                       .arg(fixedNumber(a_.completeness->first, 4), fixedNumber(a_.completeness->second, 4)));
    }
    p.restore();
}

}  // namespace render
