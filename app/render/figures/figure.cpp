#include "render/figures/figure.h"

#include <QFontMetricsF>

#include <cmath>

namespace render {

QString visibleToken(const QString& text) {
    QString out;
    for (const QChar c : text) {
        if (c == QLatin1Char(' ')) out += QChar(0x2423);
        else if (c == QLatin1Char('\n')) out += QChar(0x21B5);
        else if (c == QLatin1Char('\t')) out += QChar(0x21E5);
        else if (c == QLatin1Char('\r')) out += QStringLiteral("\\r");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else out += c;
    }
    return out;
}

QString withoutControls(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f) out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else out += c;
    }
    return out;
}

void fillBackground(QPainter& p, const QRectF& area, const Style& style) {
    p.fillRect(area, style.background);
}

int rulerStep(double cell, double labelWidth, int count) {
    for (int p10 = 1; p10 < count; p10 *= 10)
        for (const int m : {1, 2, 5})
            if (m * p10 * cell >= labelWidth || m * p10 >= count) return m * p10;
    return std::max(1, count);
}

QFont scaledFont(const QFont& base, double factor) {
    QFont f = base;
    if (f.pointSizeF() > 0) f.setPointSizeF(f.pointSizeF() * factor);
    else f.setPixelSize(std::max(1, int(f.pixelSize() * factor)));
    return f;
}

QRectF drawTitle(QPainter& p, const QRectF& area, const QString& title, const Style& style) {
    if (!style.showTitle || title.isEmpty()) return area;
    p.save();
    QFont f = scaledFont(style.font, 1.2);
    f.setBold(true);
    p.setFont(f);
    p.setPen(style.text);
    const QFontMetricsF fm(f);
    const double h = fm.height() * 1.5;
    // Too long for the area (a narrow view, a long model name): cut at the end
    // with an ellipsis, never at both ends.
    p.drawText(QRectF(area.left(), area.top(), area.width(), h), Qt::AlignCenter,
               fm.elidedText(title, Qt::ElideRight, area.width()));
    p.restore();
    return area.adjusted(0, h, 0, 0);
}

QString fixedNumber(double v, int decimals) {
    if (std::isnan(v)) return {};
    QString s = QString::number(v, 'f', decimals);
    // "-0.000" and "+0.000" are zero.
    bool nonzero = false;
    for (const QChar c : s)
        if (c.isDigit() && c != QLatin1Char('0')) nonzero = true;
    if (!nonzero && (s.startsWith(QLatin1Char('-')) || s.startsWith(QLatin1Char('+')))) s.remove(0, 1);
    return s;
}

}  // namespace render
