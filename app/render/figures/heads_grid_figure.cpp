#include "render/figures/heads_grid_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <optional>
#include <vector>

#include "attnscope/run/model.h"
#include "attnscope/run/threads.h"
#include "render/figures/heads_grid_thumbnails.h"

namespace render {

namespace {

QString trGrid(const char* s) { return QCoreApplication::translate("render::HeadsGridFigure", s); }

}  // namespace

QString poolingName(Pooling p) { return p == Pooling::Mean ? QStringLiteral("mean") : QStringLiteral("max"); }
Pooling poolingFromName(const QString& name) { return name == QLatin1String("mean") ? Pooling::Mean : Pooling::Max; }
QString tileScaleName(TileScale s) { return s == TileScale::Shared ? QStringLiteral("shared") : QStringLiteral("tile"); }
TileScale tileScaleFromName(const QString& name) {
    return name == QLatin1String("shared") ? TileScale::Shared : TileScale::PerTile;
}

HeadsGridFigure::HeadsGridFigure(FigureData data, Style style, std::vector<int> layers, int columns, GridOptions options)
    : data_(std::move(data)), style_(std::move(style)), columns_(columns), options_(options) {
    options_.maxRes = std::clamp(options_.maxRes, 1, 4096);
    if (!data_.trace) return;
    const attnscope::Trace& tr = *data_.trace;
    if (layers.empty())
        for (int l = 0; l < tr.n_layer(); ++l) layers.push_back(l);
    for (const int l : layers) {
        if (l < 0 || l >= tr.n_layer()) continue;
        for (int h = 0; h < tr.n_head(); ++h) panels_.push_back({l, h, {}, {}, {}});
    }
    // Thumbnails share one budget: with thousands of heads each gets fewer cells.
    if (!panels_.empty() && options_.maxCells > 0) {
        const double side = std::sqrt(double(options_.maxCells) / double(panels_.size()));
        options_.maxRes = std::clamp(int(side), 8, options_.maxRes);
    }
    // Cells a thumbnail keeps down and across.
    const int rows = options_.poolTo.isEmpty() ? options_.maxRes : std::min(options_.maxRes, options_.poolTo.height());
    const int cols = options_.poolTo.isEmpty() ? options_.maxRes : std::min(options_.maxRes, options_.poolTo.width());
    // Every head's thumbnail, on every core: at 1,000 tokens and 144 heads this
    // reads 144 million weights. While a generation runs, on the core the GUI
    // has lent itself only (threads_now).
    std::exception_ptr failure;
    const int n = int(panels_.size());
    const bool norms = options_.kind == MatrixKind::Norms;
    const std::vector<int> cells =
        tr.thumb_width > 0 && tr.T() > 0 ? grid_thumbnails::thumbnailCells(tr) : std::vector<int>();
#pragma omp parallel for schedule(dynamic, 1) num_threads(attnscope::threads_now(attnscope::default_thread_count())) if (n > 1)
    for (int i = 0; i < n; ++i) {
        try {
            Panel& pn = panels_[size_t(i)];
            std::optional<Normalized> thumb =
                norms ? std::nullopt
                      : grid_thumbnails::runThumbnail(tr, pn.layer, pn.head, style_.scale, rows,
                                                      options_.pooling, cells, cols);
            Normalized head = thumb  ? std::move(*thumb)
                              : norms ? grid_thumbnails::pooledNorms(tr, pn.layer, pn.head, style_.scale,
                                                                     options_.maxRes, options_.pooling)
                                      : grid_thumbnails::pooledWeights(tr, pn.layer, pn.head, style_.scale,
                                                                       options_.maxRes, options_.pooling);
            // Most thumbnails already fit: kept as they are, not copied (a
            // copy was 36 MB of fresh pages a key at 1,000 tokens, 144 heads).
            pn.pooled = grid_thumbnails::fitsIn(head, rows, cols) ? std::move(head)
                                                                   : grid_thumbnails::pool(head, rows, cols, options_.pooling);
        } catch (...) {
#pragma omp critical(grid_failure)
            if (!failure) failure = std::current_exception();
        }
    }
    if (failure) std::rethrow_exception(failure);
    if (norms) {  // one range for every head: 0 to the largest norm of them all
        float largest = 0;
        for (const Panel& pn : panels_)
            for (Eigen::Index i = 0; i < pn.pooled.t.size(); ++i)
                if (!std::isnan(pn.pooled.t.data()[i])) largest = std::max(largest, pn.pooled.t.data()[i]);
        const Normalized range = normsScale(style_.scale, largest);
        for (Panel& pn : panels_) grid_thumbnails::applyNormsScale(pn.pooled, range);
    }
    if (!panels_.empty()) {  // the shared bar's range (the same for every head)
        barRange_.lo = panels_.front().pooled.lo;
        barRange_.hi = panels_.front().pooled.hi;
        barRange_.log = panels_.front().pooled.log;
        barRange_.perRow = panels_.front().pooled.perRow;
    }
    // What painting needs of the trace, kept; the trace itself is let go, so
    // that the Workspace can reuse it for the next run while this figure is
    // still on screen.
    T_ = tr.T();
    nHead_ = std::max(1, tr.n_head());
    const attnscope::ModelConfig& c = tr.config;
    kvGroup_ = c.grouped_query() && c.n_head == tr.n_head() ? c.kv_group() : 1;
    madeFrom_ = &tr;
    data_.trace.reset();
}

const QImage& HeadsGridFigure::imageFor(const Panel& pn, const QPainter& p, const QRectF& r) const {
    // Device pixels the panel covers; when fewer than the thumbnail has, pool
    // again to exactly that many rather than let the painter drop rows.
    const double scale = p.worldTransform().m11() * (p.device() ? p.device()->devicePixelRatioF() : 1.0);
    const double scaleY = p.worldTransform().m22() * (p.device() ? p.device()->devicePixelRatioF() : 1.0);
    const int pw = std::max(1, int(std::floor(r.width() * scale)));
    const int ph = std::max(1, int(std::floor(r.height() * scaleY)));
    paintedW_.store(std::max(paintedW_.load(std::memory_order_relaxed), pw), std::memory_order_relaxed);
    paintedH_.store(std::max(paintedH_.load(std::memory_order_relaxed), ph), std::memory_order_relaxed);
    const int cols = std::min(pw, int(pn.pooled.t.cols())), rows = std::min(ph, int(pn.pooled.t.rows()));
    if (!pn.image.isNull() && pn.shown.t.cols() == cols && pn.shown.t.rows() == rows) return pn.image;
    pn.shown = grid_thumbnails::pool(pn.pooled, rows, cols, options_.pooling);
    if (options_.tileScale == TileScale::PerTile) grid_thumbnails::scaleToOwnMax(pn.shown);
    pn.image = heatmapImage(pn.shown, style_.cmap());
    return pn.image;
}

QSize HeadsGridFigure::paintedTile() const {
    return {paintedW_.load(std::memory_order_relaxed), paintedH_.load(std::memory_order_relaxed)};
}

QString HeadsGridFigure::title() const {
    if (options_.kind == MatrixKind::Norms)
        return QCoreApplication::translate("render::HeadsGridFigure", "Value-weighted norms of every head");
    return QCoreApplication::translate("render::HeadsGridFigure", "Attention weights of every head");
}

QString HeadsGridFigure::caption() const {
    QStringList lines;
    if (options_.kind == MatrixKind::Norms)
        lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "value-weighted norms ‖α·v W_O‖"));
    if (style_.scale == Scale::RowNormalized) lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "each row scaled to its own max"));
    else if (style_.scale == Scale::Log) lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "log scale"));
    // Rows scaled to their own max leave every tile's max at 1: the tiles' scale says nothing more.
    if (style_.scale != Scale::RowNormalized) {
        if (options_.tileScale == TileScale::PerTile)
            lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "each tile scaled to its own max"));
        else if (options_.kind == MatrixKind::Norms)
            lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "one scale for all tiles, up to the largest norm of any head"));
        else
            lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "one scale for all tiles"));
    }
    if (groupsColumns())
        lines << trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "columns grouped by the KV head they share"));
    const int T = T_;
    bool reduced = T > options_.maxRes;
    for (const Panel& pn : panels_) reduced = reduced || (pn.shown.t.size() > 0 && pn.shown.t.cols() < T);
    if (reduced)
        lines << (options_.pooling == Pooling::Max ? trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "each pixel: the max of its tokens"))
                                                   : trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "each pixel: the mean of its tokens")));
    return lines.join(QLatin1Char('\n'));
}

QSizeF HeadsGridFigure::naturalSize() const {
    const int cols = columns_ > 0 ? columns_ : nHead_;
    const int rows = std::max(1, (int(panels_.size()) + cols - 1) / cols);
    const int groups = groupsColumns() ? cols / kvGroupSize() : 1;
    const QSizeF first(cols * 130.0 + 180 + (groups - 1) * 16.0, rows * 150.0 + 60 + (groups > 1 ? 24.0 : 0.0));
    // Square tiles take their size from the width as often as the height:
    // end the figure where the tiles, their token labels and the colour
    // bar's caption end, not in an empty band below them.
    const auto bottomIn = [&](const QSizeF& size) {
        const Layout l = computeLayout(QRectF(QPointF(0, 0), size));
        double bottom = l.grid.bottom() + l.keyLabelH;
        if (style_.showColorBar) {
            const double captionW = QFontMetricsF(style_.font).averageCharWidth() * 17;
            const QRectF text = QFontMetricsF(scaledFont(style_.font, 0.9))
                                    .boundingRect(QRectF(0, 0, captionW, 4000),
                                                  Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption());
            bottom = std::max(bottom, l.bar.bottom() + 6 + text.height());
        }
        return std::ceil(bottom) + 8;
    };
    // A caption taller than one row of tiles needs more height, which can
    // make the tiles (and the bar above the caption) larger: measure twice.
    const double once = bottomIn(first);
    return {first.width(), std::max(once, bottomIn({first.width(), once}))};
}

int HeadsGridFigure::kvGroupSize() const { return kvGroup_; }

HeadsGridFigure::Layout HeadsGridFigure::layout(const QRectF& area) const {
    const std::lock_guard lock(layoutMutex_);
    if (!layoutCache_ || layoutCache_->first != area) layoutCache_.emplace(area, computeLayout(area));
    return layoutCache_->second;
}

HeadsGridFigure::Layout HeadsGridFigure::computeLayout(const QRectF& area) const {
    Layout l;
    const QFontMetricsF fm(style_.font);
    QRectF content = area;
    if (style_.showTitle) content.setTop(area.top() + QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5);
    l.cols = columns_ > 0 ? columns_ : nHead_;
    l.rows = std::max(1, (int(panels_.size()) + l.cols - 1) / l.cols);
    if (headerMode()) {
        double widest = 0;
        for (const Panel& pn : panels_)
            widest = std::max(widest, fm.horizontalAdvance(trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "L%1")).arg(pn.layer)));
        l.headerW = widest + 10;
        l.headerH = fm.height() + 4;
        if (groupsColumns()) {
            l.kvGroup = kvGroupSize();
            l.groupH = fm.height() + 6;  // the text and a bracket under it
        }
    } else {
        l.labelH = fm.height() + 2;
    }
    const double captionW = fm.averageCharWidth() * 17;
    const double barW = style_.showColorBar ? std::max(14 + 4 + fm.horizontalAdvance(QStringLiteral("1e-4")), captionW) + 14 : 0;
    const double w = content.width() - l.headerW - barW - 8;
    const double h = content.height() - l.headerH - l.groupH - 4;
    const double cell0 = std::min(w / l.cols, (h - l.rows * l.labelH) / l.rows);
    l.gap = headerMode() ? std::clamp(cell0 * 0.06, 2.0, 8.0) : 8.0;
    const int groups = l.kvGroup > 0 ? l.cols / l.kvGroup : 1;
    if (groups > 1) l.groupGap = std::clamp(cell0 * 0.12, 5.0, 14.0);
    const auto fit = [&](double ww, double hh) {
        double cw = (ww - l.gap * (l.cols - 1) - l.groupGap * (groups - 1)) / l.cols;
        double ch = (hh - l.rows * l.labelH - l.gap * (l.rows - 1)) / l.rows;
        if (!options_.fill) cw = ch = std::min(cw, ch);
        cw = std::min(cw, 2 * ch);  // filling, but never more than twice as wide as tall,
        ch = std::min(ch, cw);      // nor taller than wide (one layer's row of heads)
        l.cellW = std::max(4.0, cw);
        l.cellH = std::max(4.0, ch);
    };
    fit(w, h);
    // Token labels (queries left of the first column, keys under the lowest
    // panels) when every token gets room for 5 pt text: short texts in papers.
    const int T = T_;
    const auto tokenPoints = [&](double cell) { return std::min(style_.font.pointSizeF(), cell / T * 0.85 * 72.0 / 96.0); };
    if (T > 0 && data_.tokens.size() >= T && !panels_.empty() && panels_.front().pooled.t.cols() == T &&
        style_.font.pointSizeF() > 0 && tokenPoints(std::min(l.cellW, l.cellH)) >= 5.0) {
        QFont f = style_.font;
        f.setPointSizeF(tokenPoints(std::min(l.cellW, l.cellH)));
        const QFontMetricsF tfm(f);
        double widest = 0;
        for (int t = 0; t < T; ++t) widest = std::max(widest, tfm.horizontalAdvance(data_.tokens[t]));
        const double room = std::min(widest + 4, 0.2 * std::min(w, h));
        const Layout before = l;
        fit(w - room, h - room);
        if (tokenPoints(std::min(l.cellW, l.cellH)) >= 5.0) {
            l.rowLabelW = l.keyLabelH = room;
            l.tokenFont = f;
            l.tokenFont.setPointSizeF(tokenPoints(std::min(l.cellW, l.cellH)));
        } else {
            l = before;
        }
    }
    const double gridW = l.cols * l.cellW + (l.cols - 1) * l.gap + (groups - 1) * l.groupGap;
    const double gridH = l.rows * (l.cellH + l.labelH) + (l.rows - 1) * l.gap;
    l.grid = QRectF(content.left() + l.headerW + l.rowLabelW + std::max(0.0, (w - l.rowLabelW - gridW) / 2),
                    content.top() + l.groupH + l.headerH, gridW, gridH);
    if (style_.showColorBar)
        l.bar = QRectF(l.grid.right() + 14, l.grid.top() + l.labelH, 14, std::clamp(gridH - l.labelH, 20.0, 200.0));
    return l;
}

double HeadsGridFigure::columnLeft(const Layout& l, int c) const {
    const int group = l.kvGroup > 0 ? c / l.kvGroup : 0;
    return l.grid.left() + c * (l.cellW + l.gap) + group * l.groupGap;
}

std::pair<double, double> HeadsGridFigure::groupSpan(const Layout& l, int g) const {
    const int first = g * l.kvGroup, last = std::min(l.cols, first + l.kvGroup) - 1;
    return {columnLeft(l, first), columnLeft(l, last) + l.cellW};
}

QRectF HeadsGridFigure::panelRect(const QRectF& area, int i) const {
    const Layout l = layout(area);
    const int r = i / l.cols, c = i % l.cols;
    return QRectF(columnLeft(l, c), l.grid.top() + r * (l.cellH + l.labelH + l.gap) + l.labelH, l.cellW, l.cellH);
}

std::vector<QLineF> HeadsGridFigure::groupSeparators(const QRectF& area) const {
    std::vector<QLineF> out;
    if (panels_.empty()) return out;
    const Layout l = layout(area);
    if (l.kvGroup <= 0) return out;
    // In the middle of the gap between two groups, from the column headers
    // down to the last row of tiles.
    for (int g = 1; g * l.kvGroup < l.cols; ++g) {
        const double x = (groupSpan(l, g - 1).second + groupSpan(l, g).first) / 2;
        out.emplace_back(x, l.grid.top() - l.headerH, x, l.grid.bottom());
    }
    return out;
}

bool HeadsGridFigure::headAt(const QRectF& area, const QPointF& pos, int* layer, int* head) const {
    const Layout l = layout(area);
    for (int i = 0; i < int(panels_.size()); ++i) {
        QRectF r = panelRect(area, i);
        r.setTop(r.top() - l.labelH);  // the label belongs to the panel
        if (r.contains(pos)) {
            *layer = panels_[size_t(i)].layer;
            *head = panels_[size_t(i)].head;
            return true;
        }
    }
    return false;
}

int HeadsGridFigure::indexOf(int layer, int head) const {
    for (int i = 0; i < int(panels_.size()); ++i)
        if (panels_[size_t(i)].layer == layer && panels_[size_t(i)].head == head) return i;
    return -1;
}

std::vector<HeadsGridFigure::Header> HeadsGridFigure::headers(const QRectF& area) const {
    std::vector<Header> out;
    if (panels_.empty()) return out;
    const Layout l = layout(area);
    const QFontMetricsF fm(style_.font);
    if (!headerMode()) {
        for (int i = 0; i < int(panels_.size()); ++i) {
            const QRectF r = panelRect(area, i);
            const Panel& pn = panels_[size_t(i)];
            const QString text = kvGroupSize() > 1
                                     ? trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "L%1 H%2 · KV %3"))
                                           .arg(pn.layer).arg(pn.head).arg(pn.head / kvGroupSize())
                                     : trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "L%1 H%2")).arg(pn.layer).arg(pn.head);
            const double w = fm.horizontalAdvance(text) + 2;
            out.push_back({QRectF(r.center().x() - w / 2, r.top() - l.labelH, w, l.labelH), text, Header::Panel});
        }
        return out;
    }
    // Column headers: every k-th when the tiles are narrower than "H11".
    double widest = 0;
    for (int c = 0; c < l.cols && c < int(panels_.size()); ++c)
        widest = std::max(widest, fm.horizontalAdvance(trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "H%1")).arg(panels_[size_t(c)].head)));
    const int colStride = std::max(1, int(std::ceil((widest + 6) / (l.cellW + l.gap))));
    for (int c = 0; c < l.cols && c < int(panels_.size()); c += colStride) {
        const QRectF r = panelRect(area, c);
        const QString text = trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "H%1")).arg(panels_[size_t(c)].head);
        const double w = fm.horizontalAdvance(text) + 2;
        out.push_back({QRectF(r.center().x() - w / 2, l.grid.top() - l.headerH, w, l.headerH - 2), text, Header::Column});
    }
    // KV group headers above the column headers: "KV g" centred over its
    // group, every k-th when a group is narrower than its text.
    if (l.kvGroup > 0) {
        const int groups = l.cols / l.kvGroup;
        const auto groupText = [](int g) { return trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "KV %1")).arg(g); };
        const double spanW = groupSpan(l, 0).second - groupSpan(l, 0).first;
        const double widestGroup = fm.horizontalAdvance(groupText(groups - 1));
        const int groupStride = std::max(1, int(std::ceil((widestGroup + 6) / (spanW + l.gap + l.groupGap))));
        for (int g = 0; g < groups; g += groupStride) {
            const auto [left, right] = groupSpan(l, g);
            const QString text = groupText(g);
            const double w = std::max(right - left, fm.horizontalAdvance(text) + 2);
            const double cx = (left + right) / 2;
            out.push_back({QRectF(cx - w / 2, l.grid.top() - l.headerH - l.groupH, w, l.groupH - 4), text, Header::Group});
        }
    }
    const int rowStride = std::max(1, int(std::ceil(fm.height() / (l.cellH + l.gap))));
    for (int row = 0; row < l.rows; row += rowStride) {
        const int i = row * l.cols;
        if (i >= int(panels_.size())) break;
        const QRectF r = panelRect(area, i);
        const QString text = trGrid(QT_TRANSLATE_NOOP("render::HeadsGridFigure", "L%1")).arg(panels_[size_t(i)].layer);
        const double w = fm.horizontalAdvance(text) + 2;
        out.push_back({QRectF(l.grid.left() - l.rowLabelW - w - 6, r.center().y() - fm.height() / 2, w, fm.height()),
                       text, Header::Row});
    }
    return out;
}

void HeadsGridFigure::drawTokenLabels(QPainter& p, const QRectF& area, const Layout& l) const {
    p.save();
    p.setFont(l.tokenFont);
    p.setPen(style_.text);
    const QFontMetricsF fm(l.tokenFont);
    const int T = T_, n = int(panels_.size());
    for (int i = 0; i < n; ++i) {
        const QRectF r = panelRect(area, i);
        const double stepY = r.height() / T, stepX = r.width() / T;
        if (i % l.cols == 0)  // queries, left of the first column
            for (int t = 0; t < T; ++t)
                p.drawText(QRectF(r.left() - l.rowLabelW, r.top() + t * stepY, l.rowLabelW - 3, stepY),
                           Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(data_.tokens[t], Qt::ElideRight, l.rowLabelW - 3));
        if (i + l.cols >= n)  // keys, under a panel with none below it, reading upwards
            for (int t = 0; t < T; ++t) {
                p.save();
                p.translate(r.left() + t * stepX, r.bottom() + 3);
                p.rotate(-90);
                p.drawText(QRectF(-(l.keyLabelH - 3), 0, l.keyLabelH - 3, stepX), Qt::AlignRight | Qt::AlignVCenter,
                           fm.elidedText(data_.tokens[t], Qt::ElideRight, l.keyLabelH - 3));
                p.restore();
            }
    }
    p.restore();
}

void HeadsGridFigure::drawBar(QPainter& p, const Layout& l) const {
    if (options_.tileScale == TileScale::Shared) {
        Normalized range = barRange_;
        range.perRow = range.toLargest = false;  // the caption says it
        drawColorBar(p, l.bar, range, style_.cmap());
    } else {
        // Each tile spans the bar on its own: its ends are "0" and "the tile's max".
        Normalized range;
        drawColorBar(p, l.bar, range, style_.cmap());
    }
    QFont small = scaledFont(style_.font, 0.9);
    p.setFont(small);
    p.setPen(style_.text);
    const double captionW = QFontMetricsF(style_.font).averageCharWidth() * 17;
    p.drawText(QRectF(l.bar.left(), l.bar.bottom() + 6, captionW, 400), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               caption());
}

void HeadsGridFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title(), style_);
    const Layout l = layout(area);
    p.save();
    p.setFont(style_.font);
    paintedW_.store(0, std::memory_order_relaxed);
    paintedH_.store(0, std::memory_order_relaxed);
    for (int i = 0; i < int(panels_.size()); ++i) {
        const Panel& pn = panels_[size_t(i)];
        const QRectF r = panelRect(area, i);
        const QImage& img = imageFor(pn, p, r);
        if (style_.cells == CellMode::Image) {
            p.setRenderHint(QPainter::SmoothPixmapTransform, false);
            p.setRenderHint(QPainter::LosslessImageRendering);  // a PDF would otherwise hold the panel as JPEG
            p.drawImage(r, img);
        } else {
            // One rectangle per thumbnail pixel: vector output at thumbnail resolution.
            p.setPen(Qt::NoPen);
            const double cw = r.width() / img.width(), ch = r.height() / img.height();
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) {
                    p.setBrush(QColor(img.pixel(x, y)));
                    p.drawRect(QRectF(r.left() + x * cw, r.top() + y * ch, cw, ch));
                }
        }
        p.setPen(QPen(QColor(150, 150, 150), 0));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    }
    if (l.kvGroup > 0) {
        // The groups of query heads that share a KV head: a line between two
        // groups and a bracket under each group's header.
        QColor line = style_.text;
        line.setAlphaF(0.45f);
        p.setPen(QPen(line, 1.0));
        for (const QLineF& s : groupSeparators(area)) p.drawLine(s);
        for (int g = 0; g * l.kvGroup < l.cols; ++g) {
            const auto [left, right] = groupSpan(l, g);
            const double y = l.grid.top() - l.headerH - 3;
            p.drawLine(QPointF(left, y), QPointF(right, y));
            p.drawLine(QPointF(left, y), QPointF(left, y + 3));
            p.drawLine(QPointF(right, y), QPointF(right, y + 3));
        }
    }
    p.setPen(style_.text);
    for (const Header& h : headers(area))
        p.drawText(h.rect, (h.kind == Header::Row ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignVCenter, h.text);
    if (l.rowLabelW > 0) drawTokenLabels(p, area, l);
    if (style_.showColorBar && !panels_.empty()) drawBar(p, l);
    p.restore();
}

}  // namespace render
