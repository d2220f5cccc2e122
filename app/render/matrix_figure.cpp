#include "matrix_figure.h"

#include <QCoreApplication>

#include <QFontMetricsF>
#include <cmath>

namespace render {

MatrixFigure::MatrixFigure(QString title, attnscope::MatrixRM values, MatrixKind kind, QStringList rowLabels,
                           QStringList colLabels, Style style, QString rowAxis, QString colAxis, bool causal)
    : title_(std::move(title)), values_(std::move(values)), kind_(kind), rowLabels_(std::move(rowLabels)),
      colLabels_(std::move(colLabels)), style_(std::move(style)), rowAxis_(std::move(rowAxis)),
      colAxis_(std::move(colAxis)) {
    norm_ = normalize(values_, kind_, style_.scale);
    if (causal && kind_ != MatrixKind::Mask) maskUpperTriangle(norm_);
    image_ = heatmapImage(norm_, style_.cmap());
}

QSizeF MatrixFigure::naturalSize() const {
    const double rows = std::max<double>(1, double(values_.rows())), cols = std::max<double>(1, double(values_.cols()));
    const double cell = std::clamp(560.0 / std::max(rows, cols), 2.0, 28.0);
    return {cell * cols + 190, cell * rows + 160};
}

MatrixFigure::Layout MatrixFigure::layout(const QRectF& area) const {
    Layout l;
    const QFontMetricsF titleFm(scaledFont(style_.font, 1.2));
    const double top0 = area.top() + (style_.showTitle ? titleFm.height() * 1.5 : 0);
    l.labelFont = style_.font;
    QFontMetricsF fm(l.labelFont);
    auto widest = [&](const QStringList& labels) {
        double w = 0;
        for (const QString& s : labels) w = std::max(w, fm.horizontalAdvance(s));
        return w;
    };
    // The mask has no colour scale: a legend of its two colours takes the bar's place.
    const double barW = !style_.showColorBar ? 0
                        : kind_ == MatrixKind::Mask
                            ? 14 + std::max(fm.horizontalAdvance(maskLegendText(true)), fm.horizontalAdvance(maskLegendText(false))) + 10
                            : 14 + fm.horizontalAdvance(QStringLiteral("-0.000")) + 10;
    const double axis = fm.height() + 2;
    l.rowLabelW = rowLabels_.isEmpty() ? 0 : std::min(widest(rowLabels_) + 6, area.width() * 0.25);
    l.colLabelH = colLabels_.isEmpty() ? 0 : std::min(widest(colLabels_) + 6, area.height() * 0.25);
    const double rows = std::max<double>(1, double(values_.rows())), cols = std::max<double>(1, double(values_.cols()));
    const double availW = area.width() - l.rowLabelW - axis - barW - 8;
    const double availH = area.bottom() - top0 - l.colLabelH - axis - 4;
    // Square cells when the matrix is square; otherwise fill the space.
    double cw = availW / cols, ch = availH / rows;
    if (values_.rows() == values_.cols()) cw = ch = std::min(cw, ch);
    cw = std::max(cw, 0.05);
    ch = std::max(ch, 0.05);
    // Labels shrink with the cells down to 5 pt; past that only every k-th is shown.
    const double minCell = std::min(cw, ch);
    if (minCell < fm.height() * 0.9 && l.labelFont.pointSizeF() > 0) {
        l.labelFont.setPointSizeF(std::max(5.0, std::min(l.labelFont.pointSizeF(), minCell * 0.9 * 72.0 / 96.0)));
        fm = QFontMetricsF(l.labelFont);
    }
    // A label needs its glyphs' height, not the full line spacing: every token
    // keeps its label as long as the cells are at least that tall.
    const double glyphs = fm.ascent() + 0.5 * fm.descent();
    l.rowStride = std::max(1, int(std::ceil(glyphs / ch - 1e-9)));
    l.colStride = std::max(1, int(std::ceil(glyphs / cw - 1e-9)));
    const double used = axis + l.rowLabelW + cw * cols + barW;
    const double x0 = area.left() + std::max(0.0, (area.width() - used) / 2);
    l.heat = QRectF(x0 + axis + l.rowLabelW, top0 + axis + l.colLabelH, cw * cols, ch * rows);
    if (barW > 0) l.bar = QRectF(l.heat.right() + 10, l.heat.top(), 14, std::min(l.heat.height(), 320.0));
    return l;
}

QRectF MatrixFigure::heatmapRect(const QRectF& area) const { return layout(area).heat; }

bool MatrixFigure::cellAt(const QRectF& area, const QPointF& pos, int* row, int* col) const {
    const QRectF h = heatmapRect(area);
    if (values_.size() == 0 || !h.contains(pos)) return false;
    *row = std::clamp(int((pos.y() - h.top()) / h.height() * double(values_.rows())), 0, int(values_.rows()) - 1);
    *col = std::clamp(int((pos.x() - h.left()) / h.width() * double(values_.cols())), 0, int(values_.cols()) - 1);
    return true;
}

void MatrixFigure::drawLabels(QPainter& p, const Layout& l) const {
    p.save();
    p.setFont(l.labelFont);
    p.setPen(style_.text);
    const QFontMetricsF fm(l.labelFont);
    const double ch = l.heat.height() / std::max<double>(1, double(values_.rows()));
    const double cw = l.heat.width() / std::max<double>(1, double(values_.cols()));
    for (int i = 0; i < rowLabels_.size() && i < values_.rows(); i += l.rowStride)
        p.drawText(QRectF(l.heat.left() - l.rowLabelW, l.heat.top() + i * ch, l.rowLabelW - 4, ch),
                   Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(rowLabels_[i], Qt::ElideRight, l.rowLabelW - 4));
    for (int j = 0; j < colLabels_.size() && j < values_.cols(); j += l.colStride) {
        p.save();
        p.translate(l.heat.left() + j * cw, l.heat.top() - 4);
        p.rotate(-90);
        p.drawText(QRectF(0, 0, l.colLabelH - 4, cw), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(colLabels_[j], Qt::ElideRight, l.colLabelH - 4));
        p.restore();
    }
    QFont af = l.labelFont;
    af.setItalic(true);
    p.setFont(af);
    const QFontMetricsF afm(af);
    if (!colAxis_.isEmpty())
        p.drawText(QRectF(l.heat.left(), l.heat.top() - l.colLabelH - afm.height() - 2, l.heat.width(), afm.height()),
                   Qt::AlignCenter, colAxis_);
    if (!rowAxis_.isEmpty()) {
        p.translate(l.heat.left() - l.rowLabelW - 2, l.heat.bottom());
        p.rotate(-90);
        p.drawText(QRectF(0, -afm.height(), l.heat.height(), afm.height()), Qt::AlignCenter, rowAxis_);
    }
    p.restore();
}

void MatrixFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title_, style_);
    if (values_.size() == 0) return;
    const Layout l = layout(area);
    p.save();
    p.setFont(style_.font);
    drawHeatmap(p, l.heat, norm_, style_.cmap(), style_.cells, style_.cells == CellMode::Image ? &image_ : nullptr);
    drawLabels(p, l);
    if (!l.bar.isNull() && kind_ == MatrixKind::Mask) drawMaskLegend(p, l.bar.topLeft());
    else if (!l.bar.isNull()) drawColorBar(p, l.bar, norm_, style_.cmap());
    p.restore();
}

QString MatrixFigure::maskLegendText(bool allowed) {
    return allowed ? QCoreApplication::translate("render::MatrixFigure", "attended (allowed)")
                   : QCoreApplication::translate("render::MatrixFigure", "masked (−∞ before softmax)");
}

void MatrixFigure::drawMaskLegend(QPainter& p, const QPointF& at) const {
    const QFontMetricsF fm(p.font());
    const double h = fm.height();
    for (int i = 0; i < 2; ++i) {
        const bool allowed = i == 0;
        const QRectF swatch(at.x(), at.y() + i * (h + 6), 14, h);
        p.fillRect(swatch, QColor(allowed ? style_.cmap().at(1.0) : style_.cmap().masked()));
        p.setPen(QPen(QColor(80, 80, 80), 0));
        p.drawRect(swatch);
        p.setPen(style_.text);
        p.drawText(QPointF(swatch.right() + 6, swatch.top() + fm.ascent()), maskLegendText(allowed));
    }
}

}  // namespace render
