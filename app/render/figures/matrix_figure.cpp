#include "render/figures/matrix_figure.h"

#include <QCoreApplication>

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <limits>

namespace render {

namespace {

// p.save() now and p.restore() at the end of the scope, also when a band read
// in between throws (the zoomed detail reads the rows it shows).
class SavedPainter {
public:
    explicit SavedPainter(QPainter& p) : p_(p) { p_.save(); }
    ~SavedPainter() { p_.restore(); }
    SavedPainter(const SavedPainter&) = delete;
    SavedPainter& operator=(const SavedPainter&) = delete;

private:
    QPainter& p_;
};

}  // namespace

MatrixFigure::MatrixFigure(QString title, attnscope::MatrixRM values, MatrixKind kind, QStringList rowLabels,
                           QStringList colLabels, Style style, QString rowAxis, QString colAxis, bool causal)
    : title_(std::move(title)), values_(std::move(values)), kind_(kind), rowLabels_(std::move(rowLabels)),
      colLabels_(std::move(colLabels)), style_(std::move(style)), rowAxis_(std::move(rowAxis)),
      colAxis_(std::move(colAxis)) {
    initLabels();
    initDense(causal);
}

void MatrixFigure::initLabels() {
    const QFontMetricsF fm(style_.font);
    for (const QString& t : rowLabels_) rowLabelsW_ = std::max(rowLabelsW_, fm.horizontalAdvance(t));
    for (const QString& t : colLabels_) colLabelsW_ = std::max(colLabelsW_, fm.horizontalAdvance(t));
}

void MatrixFigure::initDense(bool causal) {
    rows_ = int(values_.rows());
    cols_ = int(values_.cols());
    causal_ = causal;
    if (kind_ == MatrixKind::Mask && values_.size() > 0) sum_ = values_.cast<double>().sum();
    norm_ = normalize(values_, kind_, style_.scale);
    if (causal && kind_ != MatrixKind::Mask) maskUpperTriangle(norm_);
    image_ = heatmapImage(norm_, style_.cmap());
}

QSizeF MatrixFigure::naturalSize() const {
    const double rows = std::max<double>(1, double(rows_)), cols = std::max<double>(1, double(cols_));
    // A cell of 2 to 28 units a token, the matrix at most kMaxNaturalSide a
    // side: at 2 units, 8,192 tokens made a PNG of 51,788 pixels a side at
    // 300 dpi (10 GB to paint). Past the cap a cell is under 2 units; a PNG
    // at 300 dpi still has a pixel for each of 5,000 tokens.
    const double cell = std::clamp(560.0 / std::max(rows, cols), 2.0, 28.0);
    const double fit = std::min(1.0, kMaxNaturalSide / (cell * std::max(rows, cols)));
    return {cell * fit * cols + 190, cell * fit * rows + 160};
}

MatrixFigure::Layout MatrixFigure::layout(const QRectF& area) const {
    Layout l;
    const QFontMetricsF titleFm(scaledFont(style_.font, 1.2));
    const double top0 = area.top() + (style_.showTitle ? titleFm.height() * 1.5 : 0);
    l.labelFont = style_.font;
    QFontMetricsF fm(l.labelFont);
    // The mask has no colour scale: a legend of its two colours takes the bar's place.
    double barW = !style_.showColorBar ? 0
                        : kind_ == MatrixKind::Mask
                            ? 14 + std::max(fm.horizontalAdvance(maskLegendText(true)), fm.horizontalAdvance(maskLegendText(false))) + 10
                            : 14 + fm.horizontalAdvance(QStringLiteral("-0.000")) + 10;
    // A per-row or to-the-largest scale's caption (drawColorBar: 80 units,
    // wrapped) needs that much beside the heatmap, or the next panel of a
    // comparison covers it.
    const bool captioned = (norm_.perRow || norm_.toLargest) && kind_ != MatrixKind::Mask;
    if (barW > 0 && captioned) barW = std::max(barW, 80.0);
    const double axis = fm.height() + 2;
    l.rowLabelW = rowLabels_.isEmpty() ? 0 : std::min(rowLabelsW_ + 6, area.width() * 0.25);
    l.colLabelH = colLabels_.isEmpty() ? 0 : std::min(colLabelsW_ + 6, area.height() * 0.25);
    const double rows = std::max<double>(1, double(rows_)), cols = std::max<double>(1, double(cols_));
    const double gap = barW > 0 ? 10 : 0;  // between the heatmap and its bar
    const double availW = area.width() - l.rowLabelW - axis - gap - barW - 4;
    const double availH = area.bottom() - top0 - l.colLabelH - axis - 4;
    // Square cells when the matrix is square; otherwise fill the space.
    double cw = availW / cols, ch = availH / rows;
    if (rows_ == cols_) cw = ch = std::min(cw, ch);
    cw = std::max(cw, 0.05);
    ch = std::max(ch, 0.05);
    const double used = axis + l.rowLabelW + cw * cols + gap + barW;
    const double x0 = area.left() + std::max(0.0, (area.width() - used) / 2);
    l.heat = QRectF(x0 + axis + l.rowLabelW, top0 + axis + l.colLabelH, cw * cols, ch * rows);
    // A per-row scale says so under its bar (drawColorBar): the bar ends that
    // much above the heatmap's bottom, so a short heatmap does not push the
    // words out of the figure.
    const double caption = captioned ? fm.height() * 0.8 * 2.2 + 4 : 0;
    if (barW > 0)
        l.bar = QRectF(l.heat.right() + gap, l.heat.top(), 14,
                       std::min(std::max(l.heat.height() - caption, std::min(l.heat.height(), 3 * fm.height())), 320.0));
    return l;
}

QRectF MatrixFigure::heatmapRect(const QRectF& area) const { return layout(area).heat; }
QRectF MatrixFigure::colorBarRect(const QRectF& area) const { return layout(area).bar; }

bool MatrixFigure::cellAt(const QRectF& area, const QPointF& pos, int* row, int* col) const {
    const QRectF h = heatmapRect(area);
    if (rows_ == 0 || cols_ == 0 || !h.contains(pos)) return false;
    *row = std::clamp(int((pos.y() - h.top()) / h.height() * double(rows_)), 0, rows_ - 1);
    *col = std::clamp(int((pos.x() - h.left()) / h.width() * double(cols_)), 0, cols_ - 1);
    return true;
}

QRectF MatrixFigure::zoomedHeatmapRect(const QRectF& area, const Viewport& v) const {
    const QRectF h = heatmapRect(area);
    const double z = std::max(1.0, v.zoom);
    return QRectF(h.topLeft() + v.pan, h.size() * z);
}

QPointF MatrixFigure::clampPan(const QRectF& area, double zoom, const QPointF& pan) const {
    const QRectF h = heatmapRect(area);
    const double z = std::max(1.0, zoom);
    return QPointF(std::clamp(pan.x(), h.width() - h.width() * z, 0.0), std::clamp(pan.y(), h.height() - h.height() * z, 0.0));
}

bool MatrixFigure::cellAt(const QRectF& area, const Viewport& v, const QPointF& pos, int* row, int* col) const {
    const QRectF frame = heatmapRect(area), z = zoomedHeatmapRect(area, v);
    if (rows_ == 0 || cols_ == 0 || !frame.contains(pos) || !z.contains(pos)) return false;
    *row = std::clamp(int((pos.y() - z.top()) / z.height() * double(rows_)), 0, rows_ - 1);
    *col = std::clamp(int((pos.x() - z.left()) / z.width() * double(cols_)), 0, cols_ - 1);
    return true;
}

void MatrixFigure::drawLabels(QPainter& p, const Layout& l, const QRectF& zoomed, double minPoints) const {
    // `l.heat` is the frame; `zoomed` the whole heatmap, of which the frame shows a part.
    p.save();
    drawn_.clear();
    const QRectF frame = l.heat;
    const double ch = zoomed.height() / std::max<double>(1, double(rows_));
    const double cw = zoomed.width() / std::max<double>(1, double(cols_));
    // Labels shrink with the cells down to `minPoints`; past that only every k-th is shown.
    QFont font = style_.font;
    if (font.pointSizeF() > 0) {
        const double cellPoints = std::min(cw, ch) * 0.9 * 72.0 / 96.0;
        font.setPointSizeF(std::max(std::min(minPoints, font.pointSizeF()), std::min(font.pointSizeF(), cellPoints)));
    }
    p.setFont(font);
    p.setPen(style_.text);
    const QFontMetricsF fm(font);
    // A label needs its glyphs' height, not the full line spacing: every token
    // keeps its label as long as the cells are at least that tall. A single
    // character is never laid on its side, so key columns also leave room for it upright.
    const double glyphs = fm.ascent() + 0.5 * fm.descent();
    if (widestCharPoints_ != font.pointSizeF()) {  // measured once per label size (thousands of labels)
        widestChar_ = 0;
        for (const QString& s : colLabels_)
            if (s.size() == 1 || (s.size() == 2 && s[0].isHighSurrogate())) widestChar_ = std::max(widestChar_, fm.horizontalAdvance(s));
        widestCharPoints_ = font.pointSizeF();
    }
    const double widestChar = widestChar_;
    const int rowStride = std::max(1, int(std::ceil(glyphs / ch - 1e-9)));
    const int colStride = std::max(1, int(std::ceil(std::max(glyphs, widestChar + 2) / cw - 1e-9)));
    const auto visible = [](double from, double to, double step, int n, int* a, int* b) {
        *a = std::clamp(int(std::floor(from / step)), 0, n);
        *b = std::clamp(int(std::ceil(to / step)), *a, n);
    };
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    visible(frame.top() - zoomed.top(), frame.bottom() - zoomed.top(), ch, int(std::min<qsizetype>(rowLabels_.size(), rows_)), &r0, &r1);
    visible(frame.left() - zoomed.left(), frame.right() - zoomed.left(), cw, int(std::min<qsizetype>(colLabels_.size(), cols_)), &c0, &c1);
    for (int i = (r0 + rowStride - 1) / rowStride * rowStride; i < r1; i += rowStride) {
        const double cy = zoomed.top() + (i + 0.5) * ch;
        if (cy < frame.top() || cy > frame.bottom()) continue;
        const QString text = fm.elidedText(rowLabels_[i], Qt::ElideRight, l.rowLabelW - 4);
        // A line tall, centred on the row: a rectangle as short as the row would clip the text.
        p.drawText(QRectF(frame.left() - l.rowLabelW, cy - fm.height() / 2, l.rowLabelW - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, text);
        const double w = fm.horizontalAdvance(text);
        drawn_.push_back({QRectF(frame.left() - 4 - w, cy - fm.height() / 2, w, fm.height()), text, i, true, true});
    }
    // One orientation along the axis: upright when every label in view fits
    // so, else all on their side (single characters stood upright among
    // sideways words, reading two ways at once).
    bool upright = true;
    for (int j = (c0 + colStride - 1) / colStride * colStride; j < c1 && upright; j += colStride)
        upright = fm.horizontalAdvance(colLabels_[j]) <= cw * colStride - 2;
    for (int j = (c0 + colStride - 1) / colStride * colStride; j < c1; j += colStride) {
        const double cx = zoomed.left() + (j + 0.5) * cw;
        if (cx < frame.left() || cx > frame.right()) continue;
        const QString& full = colLabels_[j];
        const double w = fm.horizontalAdvance(full);
        if (upright) {
            const QRectF r(cx - w / 2, frame.top() - 4 - fm.height(), w, fm.height());
            p.drawText(r, Qt::AlignCenter, full);
            drawn_.push_back({r, full, j, false, true});
            continue;
        }
        const QString text = fm.elidedText(full, Qt::ElideRight, l.colLabelH - 4);
        p.save();
        p.translate(cx, frame.top() - 4);
        p.rotate(-90);
        p.drawText(QRectF(0, -fm.height() / 2, l.colLabelH - 4, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, text);
        p.restore();
        const double tw = fm.horizontalAdvance(text);
        drawn_.push_back({QRectF(cx - fm.height() / 2, frame.top() - 4 - tw, fm.height(), tw), text, j, false, false});
    }
    QFont af = font;
    af.setPointSizeF(std::max(font.pointSizeF(), std::min(style_.font.pointSizeF(), minPoints)));
    af.setItalic(true);
    p.setFont(af);
    const QFontMetricsF afm(af);
    if (!colAxis_.isEmpty())
        p.drawText(QRectF(frame.left(), frame.top() - l.colLabelH - afm.height() - 2, frame.width(), afm.height()),
                   Qt::AlignCenter, colAxis_);
    // A position ruler in the axis titles' bands, where the labels skip
    // tokens: at 1,000 tokens every 25th label had no number to place it.
    ruler_.clear();
    QFont rf = af;
    rf.setItalic(false);
    const QFontMetricsF rfm(rf);
    const double numberW = rfm.horizontalAdvance(QString::number(std::max(rows_, cols_))) + 10;
    const QColor rulerInk(110, 110, 110);
    if (colStride > 1 && !colAxis_.isEmpty()) {
        const QRectF band(frame.left(), frame.top() - l.colLabelH - afm.height() - 2, frame.width(), afm.height());
        const double titleW = afm.horizontalAdvance(colAxis_) + 16;
        const QRectF title(band.center().x() - titleW / 2, band.top(), titleW, band.height());
        const int step = rulerStep(cw, numberW, cols_);
        p.setFont(rf);
        p.setPen(rulerInk);
        for (int j = (c0 + step - 1) / step * step; j < c1; j += step) {
            const double cx = zoomed.left() + (j + 0.5) * cw;
            const QRectF r(cx - numberW / 2, band.top(), numberW, band.height());
            if (cx < frame.left() || cx > frame.right() || r.intersects(title)) continue;
            p.drawText(r, Qt::AlignCenter, QString::number(j));
            ruler_.push_back({r, j, false});
        }
    }
    if (rowStride > 1 && !rowAxis_.isEmpty()) {
        const double x = frame.left() - l.rowLabelW - 2 - afm.height();  // the rotated band's left edge
        const double titleH = afm.horizontalAdvance(rowAxis_) + 16;
        const QRectF title(x, frame.center().y() - titleH / 2, afm.height(), titleH);
        const int step = rulerStep(ch, numberW, rows_);
        p.setFont(rf);
        p.setPen(rulerInk);
        for (int i = (r0 + step - 1) / step * step; i < r1; i += step) {
            const double cy = zoomed.top() + (i + 0.5) * ch;
            const QRectF r(x, cy - numberW / 2, afm.height(), numberW);
            if (cy < frame.top() || cy > frame.bottom() || r.intersects(title)) continue;
            p.save();
            p.translate(x + afm.height(), cy);
            p.rotate(-90);
            p.drawText(QRectF(-numberW / 2, -afm.height(), numberW, afm.height()), Qt::AlignCenter, QString::number(i));
            p.restore();
            ruler_.push_back({r, i, true});
        }
    }
    p.setFont(af);
    p.setPen(style_.text);
    if (!rowAxis_.isEmpty()) {
        p.translate(frame.left() - l.rowLabelW - 2, frame.bottom());
        p.rotate(-90);
        p.drawText(QRectF(0, -afm.height(), frame.height(), afm.height()), Qt::AlignCenter, rowAxis_);
    }
    p.restore();
}

void MatrixFigure::paint(QPainter& p, const QRectF& area) const { paintViewport(p, area, wholeViewport()); }

MatrixFigure::Viewport MatrixFigure::wholeViewport() const {
    Viewport v;
    v.minLabelPoints = style_.minLabelPoints;
    return v;
}

void MatrixFigure::paintViewport(QPainter& p, const QRectF& area, const Viewport& v) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title_, style_);
    drawn_.clear();
    detail_ = {};
    if (rows_ == 0 || cols_ == 0) return;
    const Layout l = layout(area);
    const QRectF zoomed = zoomedHeatmapRect(area, v);
    const SavedPainter saved(p);
    p.setFont(style_.font);
    // The image's cells: one per cell, or one per block of a pooled matrix
    // (the last block may hang past the matrix's edge; the frame clips it).
    const double cw = zoomed.width() / double(cols_) * block_, ch = zoomed.height() / double(rows_) * block_;
    const QRectF whole(zoomed.topLeft(), QSizeF(cw * image_.width(), ch * image_.height()));
    if (zoomed == l.heat && block_ == 1) {
        drawHeatmap(p, l.heat, norm_, style_.cmap(), style_.cells, style_.cells == CellMode::Image ? &image_ : nullptr,
                    &fitted_);
    } else if (zoomed == l.heat) {
        p.save();
        p.setClipRect(l.heat);
        drawHeatmap(p, whole, norm_, style_.cmap(), style_.cells, style_.cells == CellMode::Image ? &image_ : nullptr,
                    &fitted_);
        p.restore();
    } else if (!paintDetail(p, l.heat, zoomed)) {
        // Only the cells in the frame, drawn from the cached image.
        const int c0 = std::clamp(int(std::floor((l.heat.left() - zoomed.left()) / cw)), 0, image_.width() - 1);
        const int c1 = std::clamp(int(std::ceil((l.heat.right() - zoomed.left()) / cw)), c0 + 1, image_.width());
        const int r0 = std::clamp(int(std::floor((l.heat.top() - zoomed.top()) / ch)), 0, image_.height() - 1);
        const int r1 = std::clamp(int(std::ceil((l.heat.bottom() - zoomed.top()) / ch)), r0 + 1, image_.height());
        p.save();
        p.setClipRect(l.heat);
        p.setRenderHint(QPainter::SmoothPixmapTransform, false);
        const QRectF dest(zoomed.left() + c0 * cw, zoomed.top() + r0 * ch, (c1 - c0) * cw, (r1 - r0) * ch);
        const QSize px = devicePixels(p, dest.size());
        if (!px.isEmpty() && (c1 - c0 > px.width() || r1 - r0 > px.height())) {
            // Still more cells than pixels: each pixel the largest of its cells.
            const QRect cells(c0, r0, c1 - c0, r1 - r0);
            if (fitted_.image.isNull() || fitted_.cells != cells || fitted_.fit != px)
                fitted_ = fittedHeatmapImage(norm_, style_.cmap(), cells, px);
            const FittedImage& f = fitted_;
            p.drawImage(QRectF(dest.topLeft(), QSizeF(cw * f.image.width() * f.columns, ch * f.image.height() * f.rows)),
                        f.image);
        } else {
            p.drawImage(dest, image_, QRectF(c0, r0, c1 - c0, r1 - r0));
        }
        p.restore();
    }
    drawLabels(p, l, zoomed, v.minLabelPoints);
    if (!l.bar.isNull() && kind_ == MatrixKind::Mask) drawMaskLegend(p, l.bar.topLeft());
    else if (!l.bar.isNull()) drawColorBar(p, l.bar, norm_, style_.cmap());
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
