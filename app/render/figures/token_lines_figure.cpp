#include "render/figures/token_lines_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPaintEngine>
#include <algorithm>
#include <cmath>
#include <optional>

#include "attnscope/run/model.h"
#include "render/line_raster.h"
#include "render/norms.h"

namespace render {

TokenLinesFigure::TokenLinesFigure(FigureData data, int layer, std::vector<int> heads, Style style, int focusQuery,
                                   MatrixKind kind)
    : data_(std::move(data)), layer_(layer), heads_(std::move(heads)), style_(std::move(style)), focus_(focusQuery),
      kind_(kind == MatrixKind::Norms ? kind : MatrixKind::Weights) {}

namespace {
constexpr int kLineBand = 256;  // rows read at once: at 8,192 tokens a whole head is 268 MB
}  // namespace

attnscope::MatrixRM TokenLinesFigure::rows(size_t i, int r0, int r1) const {
    const int threads = data_.threads > 0 ? data_.threads : attnscope::default_thread_count();
    if (kind_ == MatrixKind::Norms) return headNorms(*data_.trace, layer_, heads_[i], r0, r1, threads);
    return data_.trace->head_weights(layer_, heads_[i], r0, r1, threads);
}

float TokenLinesFigure::largestNorm() const {
    if (largest_ >= 0) return largest_;
    float largest = 0;
    for (size_t i = 0; i < heads_.size(); ++i)
        for (int r0 = 0; r0 < data_.T(); r0 += kLineBand)
            largest = std::max(largest, rows(i, r0, std::min(data_.T(), r0 + kLineBand)).maxCoeff());
    largest_ = largest;
    return largest_;
}

const std::vector<TokenLinesFigure::Line>& TokenLinesFigure::lines() const {
    const int T = data_.T();
    const int r0 = first_, r1 = first_ + windowCount();
    if (!data_.trace || (linesFrom_ == r0 && linesTo_ == r1)) return lines_;
    lines_.clear();
    linesFrom_ = r0;
    linesTo_ = r1;
    std::vector<Line> row;
    // A band of rows at a time. Only the window's rows: the app shows a few
    // dozen of 1,000 or more.
    const bool perRow = style_.scale == Scale::RowNormalized;
    // Norms have no fixed top as weights do (1): the largest of the heads.
    const float fixedTop = kind_ == MatrixKind::Norms && !perRow ? largestNorm() : 1.0f;
    attnscope::MatrixRM w;
    for (size_t hi = 0; hi < heads_.size(); ++hi) {
        for (int q = r0; q < r1; ++q) {
            if ((q - r0) % kLineBand == 0) w = rows(hi, q, std::min(r1, q + kLineBand));
            const auto wq = w.row((q - r0) % kLineBand);
            row.clear();
            // Under the row-normalised scale a line's strength is its weight over
            // the row's largest, so a head that spreads its attention over a long
            // text still shows its strongest keys.
            const float top = perRow ? wq.maxCoeff() : fixedTop;
            const float norm = top > 0 ? 1.0f / top : 1.0f;
            for (int k = 0; k < T; ++k)
                if (wq(k) * norm > kMinWeight) row.push_back({int(hi), q, k, wq(k) * norm});
            const int keep = keysPerQuery(T);
            if (int(row.size()) > keep) {
                std::partial_sort(row.begin(), row.begin() + keep, row.end(),
                                  [](const Line& a, const Line& b) { return a.weight > b.weight; });
                row.resize(size_t(keep));
            }
            lines_.insert(lines_.end(), row.begin(), row.end());
        }
    }
    // Strong lines are drawn last, on top.
    std::stable_sort(lines_.begin(), lines_.end(), [](const Line& a, const Line& b) { return a.weight < b.weight; });
    return lines_;
}

QColor TokenLinesFigure::headColor(int i) {
    static const QRgb colors[kHeadColors] = {
        // Okabe-Ito
        0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9, 0xF0E442, 0x000000,
        // Kelly (the rest of his 22 colours of maximum contrast, less white and
        // near-duplicates), ordered so that the first twelve (GPT-2's heads)
        // are twelve that no eye confuses (no two greens, no grey by the purple)
        0x875692, 0xBE0032, 0x8DB600, 0x654522, 0xF99379, 0x604E97, 0xB3446C, 0x882D17,
        0x848482, 0x008856, 0xC2B280, 0x2B3D26};
    return QColor(colors[i % kHeadColors]);
}

void TokenLinesFigure::setWindow(int first, int count) {
    const int T = data_.T();
    count_ = count <= 0 || count >= T ? 0 : count;
    first_ = count_ ? std::clamp(first, 0, T - count_) : 0;
}

int TokenLinesFigure::windowCount() const { return count_ ? count_ : data_.T(); }

QString TokenLinesFigure::title() const {
    if (kind_ == MatrixKind::Norms && heads_.size() == 1)
        return QCoreApplication::translate("render::TokenLinesFigure", "Layer %1 · Head %2 · token lines · value-weighted norms")
            .arg(layer_).arg(heads_[0]);
    if (kind_ == MatrixKind::Norms)
        return QCoreApplication::translate("render::TokenLinesFigure", "Layer %1 · %2 heads overlaid · token lines · value-weighted norms")
            .arg(layer_).arg(heads_.size());
    if (heads_.size() == 1) return QCoreApplication::translate("render::TokenLinesFigure", "Layer %1 · Head %2 · token lines").arg(layer_).arg(heads_[0]);
    return QCoreApplication::translate("render::TokenLinesFigure", "Layer %1 · %2 heads overlaid · token lines").arg(layer_).arg(heads_.size());
}

QString TokenLinesFigure::legendText(size_t i) const {
    return QCoreApplication::translate("render::TokenLinesFigure", "head %1").arg(heads_[i]);
}

// The legend's entries (swatch and "head h") flowing left to right from
// `origin`, onto as many rows as `width` needs.
std::vector<QRectF> TokenLinesFigure::legendFlow(const QPointF& origin, double width) const {
    const QFontMetricsF fm(style_.font);
    std::vector<QRectF> out;
    double x = origin.x() + 10, y = origin.y() + 2;
    for (size_t hi = 0; hi < heads_.size(); ++hi) {
        const double w = 20 + fm.horizontalAdvance(legendText(hi));
        if (x > origin.x() + 10 && x + w > origin.x() + width - 6) {
            x = origin.x() + 10;
            y += fm.height() + 4;
        }
        out.emplace_back(x, y, w, fm.height());
        x += w + 14;
    }
    return out;
}

QSizeF TokenLinesFigure::naturalSize() const {
    return {520, std::clamp(18.0 * data_.T() + 120, 240.0, 2400.0)};
}

TokenLinesFigure::Layout TokenLinesFigure::layout(const QRectF& area) const {
    Layout l;
    const QFontMetricsF fm(style_.font);
    double labelW = 0;
    for (const QString& s : data_.tokens) labelW = std::max(labelW, fm.horizontalAdvance(s));
    labelW = std::min(labelW + 10, area.width() * 0.3);
    const double top = area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5 : 4);
    const double legendH = heads_.size() > 1 ? legendFlow({0, 0}, area.width()).back().bottom() + 6 : 0;
    l.headerH = fm.height() + 4;
    const double h = area.bottom() - top - l.headerH - legendH - 8;
    l.rowH = h / std::max(1, windowCount());
    const double gap = std::clamp(area.width() - 2 * labelW - 40, 80.0, 260.0);
    const double x0 = area.left() + (area.width() - (2 * labelW + gap)) / 2;
    l.left = QRectF(x0, top + l.headerH, labelW, h);
    l.right = QRectF(x0 + labelW + gap, top + l.headerH, labelW, h);
    l.legend = QRectF(area.left(), area.bottom() - legendH, area.width(), legendH);
    return l;
}

int TokenLinesFigure::queryAt(const QRectF& area, const QPointF& pos) const {
    const Layout l = layout(area);
    if (!l.left.contains(pos) || l.rowH <= 0) return -1;
    const int i = int((pos.y() - l.left.top()) / l.rowH);
    return i >= 0 && i < windowCount() ? first_ + i : -1;
}

int TokenLinesFigure::tokenAt(const QRectF& area, const QPointF& pos) const {
    const Layout l = layout(area);
    if ((!l.left.contains(pos) && !l.right.contains(pos)) || l.rowH <= 0) return -1;
    const int i = int((pos.y() - l.left.top()) / l.rowH);
    return i >= 0 && i < windowCount() ? first_ + i : -1;
}

void TokenLinesFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title(), style_);
    const int T = data_.T();
    if (T == 0) return;
    const Layout l = layout(area);
    // The window's rows are read before the painter's state is saved: a read
    // that throws (a trace file's bad row) leaves the painter as it was.
    const std::vector<Line>& all = lines();
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = style_.font;
    if (l.rowH < QFontMetricsF(f).height() && f.pointSizeF() > 0)
        f.setPointSizeF(std::max(4.0, l.rowH * 0.85 * 72.0 / 96.0));
    p.setFont(f);
    const QFontMetricsF fm(f);
    lastLines_ = 0;
    // Lines first, labels on top.
    // Group the lines into (band, head) batches; lines_ is sorted by weight, so
    // bands come out weakest first and strong lines end on top.
    std::vector<std::vector<QLineF>> batches(size_t(kBands) * heads_.size());
    const int last = first_ + windowCount();
    const bool highlighting = highlight_ >= first_ && highlight_ < last;
    std::vector<QLineF> lit;  // the hovered token's lines, drawn on top
    earlierEnds_.clear();
    for (const Line& ln : all) {
        if (focus_ >= 0 && ln.query != focus_) continue;
        if (ln.query < first_ || ln.query >= last || ln.key >= last) continue;
        // A key above the window: the line ends in the band above the key
        // column, as high in it as the key is early in the text (key 0 at
        // its top), so lines to different earlier keys stay apart.
        const double keyY = ln.key < first_ ? l.right.top() - l.headerH * double(first_ - ln.key) / double(first_)
                                            : l.right.top() + (ln.key - first_ + 0.5) * l.rowH;
        const QLineF line(QPointF(l.left.right() + 4, l.left.top() + (ln.query - first_ + 0.5) * l.rowH),
                          QPointF(l.right.left() - 4, keyY));
        if (ln.key < first_) earlierEnds_.push_back(keyY);
        if (highlighting && (ln.query == highlight_ || ln.key == highlight_)) lit.push_back(line);
        const int band = std::min(kBands - 1, int(ln.weight * kBands));
        batches[size_t(band) * heads_.size() + size_t(ln.head)].push_back(line);
        ++lastLines_;
    }
    // On pixels (Qt's raster engine, scaled but not turned) the lines go into
    // a layer of their own (render::LineRaster) over the gap between the
    // columns, its corner on a device pixel; SVG and PDF get true lines, a
    // handful of objects, and so does a layer too large to allocate lightly.
    std::optional<LineRaster> layer;
    const QTransform dt = p.deviceTransform();
    const double scale = dt.m11();
    QPointF origin;  // the layer's top left, logical
    const QRectF gap = QRectF(QPointF(l.left.right(), l.left.top() - 6), QPointF(l.right.left(), l.left.bottom() + 6)) & area;
    if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster && dt.type() <= QTransform::TxScale &&
        scale > 0 && std::isfinite(scale) && std::abs(dt.m22() - scale) < 1e-9 * scale && gap.isValid()) {
        const QPointF corner = dt.map(gap.topLeft()), far = dt.map(gap.bottomRight());
        const double x0 = std::floor(corner.x()), y0 = std::floor(corner.y());
        const double w = std::ceil(far.x()) - x0, h = std::ceil(far.y()) - y0;
        if (std::isfinite(w) && std::isfinite(h) && w >= 1 && h >= 1 && w * h <= double(kMaxLayerPixels)) {
            origin = dt.inverted().map(QPointF(x0, y0));
            layer.emplace(QSize(int(w), int(h)), scale);
            if (layer->image().isNull()) layer.reset();
        }
    }
    layered_ = bool(layer);
    const auto toLayer = [&](const QLineF& ln) {
        return QLineF((ln.p1() - origin) * scale, (ln.p2() - origin) * scale);
    };
    for (int band = 0; band < kBands; ++band)
        for (size_t hi = 0; hi < heads_.size(); ++hi) {
            const auto& batch = batches[size_t(band) * heads_.size() + hi];
            if (batch.empty()) continue;
            const double w = (band + 0.5) / kBands;
            QColor c = heads_.size() == 1 ? QColor(style_.cmap().at(0.25)) : headColor(int(hi));
            c.setAlphaF(std::clamp(w, 0.1, 1.0) * (focus_ >= 0 ? 1.0 : 0.85) * (highlighting ? 0.35 : 1.0));
            // Hairlines (one device pixel) for the many weak lines, real
            // width for the few strong ones.
            const double width = w < 0.4 ? 0 : 1.0 + 2.5 * w;
            if (layer) {
                for (const QLineF& ln : batch) layer->draw(toLayer(ln), width > 0 ? width * scale : 1.0, c);
                continue;
            }
            p.setPen(QPen(c, width, Qt::SolidLine, Qt::FlatCap));
            p.drawLines(batch.data(), int(batch.size()));
        }
    if (layer) {
        for (const QLineF& ln : lit) layer->draw(toLayer(ln), 1.5 * scale, style_.text);
        p.drawImage(origin, layer->image());
    } else if (!lit.empty()) {
        p.setPen(QPen(style_.text, 1.5));
        p.drawLines(lit.data(), int(lit.size()));
    }
    for (int i = first_; i < last && i < data_.tokens.size(); ++i) {
        const bool focused = i == focus_ || i == highlight_;
        const double y = l.left.top() + (i - first_) * l.rowH;
        QFont lf = f;
        lf.setBold(focused);
        p.setFont(lf);
        p.setPen(focus_ >= 0 && !focused ? QColor(150, 150, 150) : style_.text);
        const QString s = fm.elidedText(data_.tokens[i], Qt::ElideRight, l.left.width() - 6);
        p.drawText(QRectF(l.left.left(), y, l.left.width() - 6, l.rowH), Qt::AlignRight | Qt::AlignVCenter, s);
        p.setPen(style_.text);
        lf.setBold(i == highlight_);
        p.setFont(lf);
        p.drawText(QRectF(l.right.left() + 6, y, l.right.width() - 6, l.rowH), Qt::AlignLeft | Qt::AlignVCenter, s);
    }
    // Column headers; above the key column, how many earlier tokens the window hides.
    QFont hf = style_.font;
    hf.setItalic(true);
    p.setFont(hf);
    p.setPen(style_.text);
    const double hy = l.left.top() - l.headerH;
    p.drawText(QRectF(l.left.right() - 206, hy, 200, l.headerH), Qt::AlignRight | Qt::AlignVCenter,
               QCoreApplication::translate("render::TokenLinesFigure", "query"));
    p.drawText(QRectF(l.right.left() + 6, hy, l.right.width() + 200, l.headerH), Qt::AlignLeft | Qt::AlignVCenter,
               first_ > 0 ? QCoreApplication::translate("render::TokenLinesFigure", "key (↑ %1 earlier)").arg(first_)
                          : QCoreApplication::translate("render::TokenLinesFigure", "key"));
    if (heads_.size() > 1) {
        // The swatches flow onto as many rows as the width needs.
        const QFontMetricsF lfm(style_.font);
        p.setFont(style_.font);
        legendDrawn_ = legendFlow(l.legend.topLeft(), l.legend.width());
        for (size_t hi = 0; hi < heads_.size(); ++hi) {
            const QRectF& e = legendDrawn_[hi];
            const double cy = e.center().y();
            p.fillRect(QRectF(e.left(), cy - 4, 16, 8), headColor(int(hi)));
            p.setPen(style_.text);
            p.drawText(QPointF(e.left() + 20, cy + lfm.ascent() / 2 - 1), legendText(hi));
        }
    }
    p.restore();
}

}  // namespace render
