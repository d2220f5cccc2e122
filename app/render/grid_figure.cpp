#include "grid_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <cmath>

namespace render {

namespace {


// Max-pools a [0,1] matrix (NaN = masked) down to at most `res` cells a side,
// so a thin pattern (one bright cell per row) survives any reduction.
Normalized pool(const Normalized& n, int res) {
    const int T = int(n.t.rows());
    if (T <= res) return n;
    Normalized out = n;
    out.t.resize(res, res);
    for (int r = 0; r < res; ++r) {
        const int r0 = r * T / res, r1 = std::max(r0 + 1, (r + 1) * T / res);
        for (int c = 0; c < res; ++c) {
            const int c0 = c * T / res, c1 = std::max(c0 + 1, (c + 1) * T / res);
            float best = std::numeric_limits<float>::quiet_NaN();
            for (int i = r0; i < r1; ++i)
                for (int j = c0; j < c1; ++j) {
                    const float v = n.t(i, j);
                    if (!std::isnan(v) && !(v <= best)) best = v;
                }
            out.t(r, c) = best;
        }
    }
    return out;
}

}  // namespace

GridFigure::GridFigure(FigureData data, Style style, std::vector<int> layers, int columns, int maxRes)
    : data_(std::move(data)), style_(std::move(style)), columns_(columns) {
    if (!data_.trace) return;
    const attnscope::Trace& tr = *data_.trace;
    if (layers.empty())
        for (int l = 0; l < tr.n_layer(); ++l) layers.push_back(l);
    for (const int l : layers) {
        if (l < 0 || l >= tr.n_layer()) continue;
        for (int h = 0; h < tr.n_head(); ++h) {
            Normalized n = normalize(tr.head_weights(l, h), MatrixKind::Weights, style_.scale);
            if (tr.causal) maskUpperTriangle(n);
            Normalized pooled = pool(n, maxRes);
            QImage image = heatmapImage(pooled, style_.cmap());
            panels_.push_back({l, h, std::move(pooled), std::move(image), {}});
            if (barRange_.t.size() == 0) barRange_ = n;
        }
    }
}

const QImage& GridFigure::imageFor(const Panel& pn, const QPainter& p, const QRectF& r) const {
    // Device pixels the panel covers; when fewer than the thumbnail has, pool
    // again to exactly that many rather than let the painter drop rows.
    const double scale = p.worldTransform().m11() * (p.device() ? p.device()->devicePixelRatioF() : 1.0);
    const int px = std::max(1, int(std::floor(r.width() * scale)));
    if (px >= pn.image.width()) return pn.image;
    if (pn.small.width() != px) pn.small = heatmapImage(pool(pn.pooled, px), style_.cmap());
    return pn.small;
}

QString GridFigure::title() const {
    return QCoreApplication::translate("render::GridFigure", "Attention weights of every head");
}

QSizeF GridFigure::naturalSize() const {
    const int cols = columns_ > 0 ? columns_ : std::max(1, data_.trace ? data_.trace->n_head() : 1);
    const int rows = std::max(1, (int(panels_.size()) + cols - 1) / cols);
    return {cols * 130.0 + 140, rows * 150.0 + 60};
}

GridFigure::Layout GridFigure::layout(const QRectF& area) const {
    Layout l;
    const QFontMetricsF fm(style_.font);
    QRectF content = area;
    if (style_.showTitle) content.setTop(area.top() + QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5);
    const int nHead = data_.trace ? std::max(1, data_.trace->n_head()) : 1;
    l.cols = columns_ > 0 ? columns_ : nHead;
    const int rows = std::max(1, (int(panels_.size()) + l.cols - 1) / l.cols);
    l.labelH = fm.height() + 2;
    const double barW = style_.showColorBar ? 14 + fm.horizontalAdvance(QStringLiteral("1e-4")) + 14 : 0;
    l.gap = 8;
    const double w = content.width() - barW - 8;
    const double h = content.height() - 4;
    const double byW = (w - l.gap * (l.cols - 1)) / l.cols;
    const double byH = (h - rows * l.labelH - l.gap * (rows - 1)) / rows;
    l.cell = std::max(4.0, std::min(byW, byH));
    // Token labels (queries left of the first column, keys under the lowest
    // panels) when every token gets room for 5 pt text: short texts in papers.
    const int T = data_.T();
    const auto tokenPoints = [&](double cell) { return std::min(style_.font.pointSizeF(), cell / T * 0.85 * 72.0 / 96.0); };
    if (T > 0 && data_.tokens.size() >= T && !panels_.empty() && panels_.front().image.width() == T &&
        style_.font.pointSizeF() > 0 && tokenPoints(l.cell) >= 5.0) {
        QFont f = style_.font;
        f.setPointSizeF(tokenPoints(l.cell));
        const QFontMetricsF tfm(f);
        double widest = 0;
        for (int t = 0; t < T; ++t) widest = std::max(widest, tfm.horizontalAdvance(data_.tokens[t]));
        const double room = std::min(widest + 4, 0.2 * std::min(w, h));
        const double cell = std::min((w - room - l.gap * (l.cols - 1)) / l.cols,
                                     (h - room - rows * l.labelH - l.gap * (rows - 1)) / rows);
        if (tokenPoints(cell) >= 5.0) {
            l.cell = cell;
            l.rowLabelW = l.keyLabelH = room;
            l.tokenFont = f;
            l.tokenFont.setPointSizeF(tokenPoints(cell));
        }
    }
    const double gridW = l.cols * l.cell + (l.cols - 1) * l.gap;
    const double gridH = rows * (l.cell + l.labelH) + (rows - 1) * l.gap;
    l.grid = QRectF(content.left() + l.rowLabelW + std::max(0.0, (w - l.rowLabelW - gridW) / 2), content.top(), gridW, gridH);
    if (style_.showColorBar) l.bar = QRectF(l.grid.right() + 12, l.grid.top() + l.labelH, 14, std::min(gridH - l.labelH, 200.0));
    return l;
}

QRectF GridFigure::panelRect(const QRectF& area, int i) const {
    const Layout l = layout(area);
    const int r = i / l.cols, c = i % l.cols;
    return QRectF(l.grid.left() + c * (l.cell + l.gap), l.grid.top() + r * (l.cell + l.labelH + l.gap) + l.labelH,
                  l.cell, l.cell);
}

bool GridFigure::headAt(const QRectF& area, const QPointF& pos, int* layer, int* head) const {
    for (int i = 0; i < int(panels_.size()); ++i) {
        QRectF r = panelRect(area, i);
        r.setTop(r.top() - layout(area).labelH);  // the label belongs to the panel
        if (r.contains(pos)) {
            *layer = panels_[size_t(i)].layer;
            *head = panels_[size_t(i)].head;
            return true;
        }
    }
    return false;
}

int GridFigure::indexOf(int layer, int head) const {
    for (int i = 0; i < int(panels_.size()); ++i)
        if (panels_[size_t(i)].layer == layer && panels_[size_t(i)].head == head) return i;
    return -1;
}

void GridFigure::drawTokenLabels(QPainter& p, const QRectF& area, const Layout& l) const {
    p.save();
    p.setFont(l.tokenFont);
    p.setPen(style_.text);
    const QFontMetricsF fm(l.tokenFont);
    const int T = data_.T(), n = int(panels_.size());
    for (int i = 0; i < n; ++i) {
        const QRectF r = panelRect(area, i);
        const double step = r.height() / T;
        if (i % l.cols == 0)  // queries, left of the first column
            for (int t = 0; t < T; ++t)
                p.drawText(QRectF(r.left() - l.rowLabelW, r.top() + t * step, l.rowLabelW - 3, step),
                           Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(data_.tokens[t], Qt::ElideRight, l.rowLabelW - 3));
        if (i + l.cols >= n)  // keys, under a panel with none below it, reading upwards
            for (int t = 0; t < T; ++t) {
                p.save();
                p.translate(r.left() + t * step, r.bottom() + 3);
                p.rotate(-90);
                p.drawText(QRectF(-(l.keyLabelH - 3), 0, l.keyLabelH - 3, step), Qt::AlignRight | Qt::AlignVCenter,
                           fm.elidedText(data_.tokens[t], Qt::ElideRight, l.keyLabelH - 3));
                p.restore();
            }
    }
    p.restore();
}

void GridFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title(), style_);
    const Layout l = layout(area);
    p.save();
    p.setFont(style_.font);
    for (int i = 0; i < int(panels_.size()); ++i) {
        const Panel& pn = panels_[size_t(i)];
        const QRectF r = panelRect(area, i);
        p.setPen(style_.text);
        p.drawText(QRectF(r.left(), r.top() - l.labelH, r.width(), l.labelH), Qt::AlignCenter,
                   QCoreApplication::translate("render::GridFigure", "L%1 H%2").arg(pn.layer).arg(pn.head));
        if (style_.cells == CellMode::Image) {
            p.setRenderHint(QPainter::SmoothPixmapTransform, false);
            p.setRenderHint(QPainter::LosslessImageRendering);  // a PDF would otherwise hold the panel as JPEG
            p.drawImage(r, imageFor(pn, p, r));
        } else {
            // One rectangle per thumbnail pixel: vector output at thumbnail resolution.
            p.setPen(Qt::NoPen);
            const double cw = r.width() / pn.image.width(), ch = r.height() / pn.image.height();
            for (int y = 0; y < pn.image.height(); ++y)
                for (int x = 0; x < pn.image.width(); ++x) {
                    p.setBrush(QColor(pn.image.pixel(x, y)));
                    p.drawRect(QRectF(r.left() + x * cw, r.top() + y * ch, cw, ch));
                }
        }
        p.setPen(QPen(QColor(150, 150, 150), 0));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    }
    if (l.rowLabelW > 0) drawTokenLabels(p, area, l);
    if (style_.showColorBar && !panels_.empty()) drawColorBar(p, l.bar, barRange_, style_.cmap());
    p.restore();
}

}  // namespace render
