#include "render/figures/ablation_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace render {

namespace {
// Room for the layer labels, the head labels and the colour bar.
constexpr double kBarGap = 12;
}  // namespace

QColor divergingColor(double v, double range) {
    if (!std::isfinite(v)) return QColor(200, 200, 200);
    const double t = range > 0 ? std::clamp(v / range, -1.0, 1.0) : 0.0;
    // White to ColorBrewer's RdBu ends (#b2182b red, #2166ac blue), linear in sRGB.
    const QColor end = t >= 0 ? QColor(0xb2, 0x18, 0x2b) : QColor(0x21, 0x66, 0xac);
    const double s = std::abs(t);
    auto mix = [s](int a, int b) { return int(std::lround(a + (b - a) * s)); };
    return QColor(mix(255, end.red()), mix(255, end.green()), mix(255, end.blue()));
}

AblationFigure::AblationFigure(attnscope::AblationScan scan, int nLayer, int nHead, QString modelName, Style style,
                               Values values, QString what)
    : scan_(std::move(scan)), nLayer_(nLayer), nHead_(nHead), modelName_(std::move(modelName)), style_(std::move(style)),
      values_(values), what_(std::move(what)) {
    for (const attnscope::HeadAblation& h : scan_.heads)
        if (std::isfinite(h.delta)) range_ = std::max(range_, std::abs(h.delta));
}

QString AblationFigure::title() const {
    switch (values_) {
    case Values::Estimate:
        return QCoreApplication::translate("render::AblationFigure",
                                           "Estimated loss change per ablated head (attribution patching) · base loss %1")
            .arg(scan_.base_loss, 0, 'f', 4);
    case Values::LogitAttribution:
        return QCoreApplication::translate("render::AblationFigure", "Direct logit attribution of each head to %1")
            .arg(what_);
    case Values::Scan: break;
    }
    return QCoreApplication::translate("render::AblationFigure", "Loss change per ablated head · base loss %1")
        .arg(scan_.base_loss, 0, 'f', 4);
}

double AblationFigure::delta(int layer, int head) const {
    for (const attnscope::HeadAblation& h : scan_.heads)
        if (h.layer == layer && h.head == head) return h.delta;
    return std::nan("");
}

QSizeF AblationFigure::naturalSize() const {
    const double cw = nHead_ > 24 ? 30 : 52, ch = nLayer_ > 24 ? 18 : 30;
    return {std::max(420.0, cw * nHead_ + 160), ch * nLayer_ + 110};
}

QRectF AblationFigure::gridRect(const QRectF& area) const {
    const QFontMetricsF fm(style_.font);
    const double top = area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.6 : 4) +
                       fm.height() + 4;
    const double left = area.left() + fm.horizontalAdvance(QStringLiteral("L000")) + 8;
    const double right = area.right() - (style_.showColorBar ? kBarGap + kColorBarWidth + fm.horizontalAdvance(QStringLiteral("-0.000")) + 8 : 4);
    return QRectF(left, top, std::max(1.0, right - left), std::max(1.0, area.bottom() - top - 6));
}

QRectF AblationFigure::cellRect(const QRectF& area, int layer, int head) const {
    const QRectF g = gridRect(area);
    const double cw = g.width() / std::max(1, nHead_), ch = g.height() / std::max(1, nLayer_);
    return QRectF(g.left() + head * cw, g.top() + layer * ch, cw, ch);
}

bool AblationFigure::headAt(const QRectF& area, const QPointF& pos, int* layer, int* head) const {
    const QRectF g = gridRect(area);
    if (!g.contains(pos) || nLayer_ <= 0 || nHead_ <= 0) return false;
    *head = std::clamp(int((pos.x() - g.left()) / g.width() * nHead_), 0, nHead_ - 1);
    *layer = std::clamp(int((pos.y() - g.top()) / g.height() * nLayer_), 0, nLayer_ - 1);
    return true;
}

void AblationFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    if (style_.showTitle) drawTitle(p, area, title(), style_);
    p.save();
    p.setFont(style_.font);
    const QFontMetricsF fm(style_.font);
    const QRectF g = gridRect(area);
    drawn_.clear();
    for (int l = 0; l < nLayer_; ++l)
        for (int h = 0; h < nHead_; ++h) {
            const QRectF r = cellRect(area, l, h);
            const double d = delta(l, h);
            const QColor c = divergingColor(d, range_);
            p.fillRect(r.adjusted(0.5, 0.5, -0.5, -0.5), c);
            // An estimate says so in every cell: "≈0.123".
            QString text = std::isfinite(d) ? fixedNumber(d, 3) : QString();
            if (!text.isEmpty() && values_ == Values::Estimate) text.prepend(QChar(0x2248));
            if (fm.horizontalAdvance(text) + 4 > r.width() || fm.height() > r.height()) text.clear();
            if (!text.isEmpty()) {
                p.setPen(c.lightnessF() < 0.5 ? Qt::white : style_.text);
                p.drawText(r, Qt::AlignCenter, text);
            }
            drawn_.push_back({l, h, r, c, text});
        }
    p.setPen(style_.text);
    const int stride = std::max(1, int(std::ceil(fm.height() / std::max(0.01, g.height() / std::max(1, nLayer_)))));
    for (int l = 0; l < nLayer_; l += stride) {
        const QRectF r = cellRect(area, l, 0);
        p.drawText(QRectF(area.left(), r.top(), g.left() - area.left() - 4, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                   QCoreApplication::translate("render::AblationFigure", "L%1").arg(l));
    }
    const int hstride = std::max(1, int(std::ceil((fm.horizontalAdvance(QCoreApplication::translate("render::AblationFigure", "H%1").arg(99)) + 4) / std::max(0.01, g.width() / std::max(1, nHead_)))));
    for (int h = 0; h < nHead_; h += hstride) {
        const QRectF r = cellRect(area, 0, h);
        p.drawText(QRectF(r.left(), g.top() - fm.height() - 2, r.width(), fm.height()), Qt::AlignCenter,
                   QCoreApplication::translate("render::AblationFigure", "H%1").arg(h));
    }
    if (style_.showColorBar) {
        const QRectF bar(g.right() + kBarGap, g.top(), kColorBarWidth, std::min(g.height(), 240.0));
        for (int y = 0; y < int(bar.height()); ++y) {
            const double v = range_ * (1 - 2.0 * y / std::max(1.0, bar.height() - 1));
            p.fillRect(QRectF(bar.left(), bar.top() + y, bar.width(), 1), divergingColor(v, range_));
        }
        p.setPen(style_.text);
        p.drawRect(bar);
        const double x = bar.right() + 4;
        p.drawText(QPointF(x, bar.top() + fm.ascent()), fixedNumber(range_, 3));
        p.drawText(QPointF(x, bar.center().y() + fm.ascent() / 2), QStringLiteral("0"));
        p.drawText(QPointF(x, bar.bottom()), fixedNumber(-range_, 3));
    }
    p.restore();
}

}  // namespace render
