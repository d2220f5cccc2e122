#include "render/figures/head_figure.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>

#include "attnscope/run/model.h"
#include "render/norms.h"

namespace render {

namespace {


// The head's matrix, read a band of rows at a time (MatrixFigure pools a long
// text's). The bands share the trace, so the figure may outlive the caller's.
MatrixBands bandsFor(const FigureData& d, int layer, int head, MatrixKind kind) {
    MatrixBands b;
    if (!d.trace) return b;
    b.rows = b.cols = d.trace->T();
    const int threads = d.threads > 0 ? d.threads : attnscope::default_thread_count();
    b.band = [trace = d.trace, layer, head, kind, threads](int r0, int r1, float* out) {
        headMatrixInto(*trace, kind, layer, head, r0, r1, out, threads);
    };
    return b;
}

// The cells the structural mask allows and a knockout blocks, row by row,
// found from the knockouts themselves (never a T x T mask).
std::vector<std::pair<int, int>> knockedCells(const FigureData& d, int layer, int head) {
    std::vector<std::pair<int, int>> out;
    const attnscope::Trace* tr = d.trace.get();
    if (!tr || tr->imported || !tr->has_knockout(layer, head)) return out;
    const int n = tr->T(), w = tr->causal ? tr->config.sliding_window : 0;
    const auto allowed = [&](int q, int k) { return !tr->causal || (k <= q && (w <= 0 || k > q - w)); };
    for (const attnscope::Knockout& ko : tr->knockout) {
        if (!ko.covers(layer, head) || ko.key < 0 || ko.key >= n) continue;
        if (ko.query >= n) continue;
        for (int q = ko.query < 0 ? 0 : ko.query, end = ko.query < 0 ? n : ko.query + 1; q < end; ++q)
            if (allowed(q, ko.key)) out.emplace_back(q, ko.key);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

QString knockoutSuffix(size_t edges) {
    return edges == 0 ? QString()
                      : QStringLiteral(" · ") + QCoreApplication::translate("render::HeadFigure", "%n edge(s) knocked out (×)",
                                                                             "", int(edges));
}

QString titleFor(const FigureData& d, int layer, int head, MatrixKind kind) {
    const attnscope::ModelConfig* c = d.trace ? &d.trace->config : nullptr;
    if (kind == MatrixKind::Mask) {
        if (d.trace && !d.trace->causal) return QCoreApplication::translate("render::HeadFigure", "Mask (bidirectional)");
        if (c && c->sliding_window > 0)
            return QCoreApplication::translate("render::HeadFigure", "Mask (causal, sliding window of %1)").arg(c->sliding_window);
        return QCoreApplication::translate("render::HeadFigure", "Mask (causal)");
    }
    const QString what = kind == MatrixKind::Weights ? QCoreApplication::translate("render::HeadFigure", "attention weights")
                         : kind == MatrixKind::Norms ? QCoreApplication::translate("render::HeadFigure", "value-weighted norms ‖α·v W_O‖")
                                                     : QCoreApplication::translate("render::HeadFigure", "raw scores");
    // Grouped-query attention: query heads share key/value heads in runs of
    // n_head / n_kv_head (repeat_kv), and the title names the shared one.
    if (c && c->grouped_query())
        return QCoreApplication::translate("render::HeadFigure", "Layer %1 · Head %2 (KV head %3) · %4")
            .arg(layer).arg(head).arg(c->kv_head_of(head)).arg(what);
    return QCoreApplication::translate("render::HeadFigure", "Layer %1 · Head %2 · %3").arg(layer).arg(head).arg(what);
}

// Said in the title of a pooled head: what one cell of the overview is.
QString pooledSuffix(const FigureData& d) {
    const int b = pooledBlock(d.T());
    return b == 1 ? QString()
                  : QCoreApplication::translate("render::HeadFigure", " · max of %1 × %1 tokens a cell")
                        .arg(b);
}

}  // namespace

HeadFigure::HeadFigure(const FigureData& data, int layer, int head, MatrixKind kind, Style style)
    : HeadFigure(data, layer, head, kind, std::move(style), knockedCells(data, layer, head)) {}

// `knocked`: knockedCells(data, layer, head), found once (two T x T masks each time).
HeadFigure::HeadFigure(const FigureData& data, int layer, int head, MatrixKind kind, Style style,
                       std::vector<std::pair<int, int>> knocked)
    : MatrixFigure(titleFor(data, layer, head, kind) +
                       (kind == MatrixKind::Mask && !knocked.empty()
                            ? QCoreApplication::translate("render::HeadFigure", " · Layer %1 · Head %2").arg(layer).arg(head)
                            : QString()) +
                       knockoutSuffix(knocked.size()) + pooledSuffix(data),
                   bandsFor(data, layer, head, kind), kind, data.tokens,
                   data.tokens, std::move(style), QCoreApplication::translate("render::HeadFigure", "query"), QCoreApplication::translate("render::HeadFigure", "key"), data.trace && data.trace->causal),
      layer_(layer), head_(head), kind_(kind), knocked_(std::move(knocked)) {}

void HeadFigure::paint(QPainter& p, const QRectF& area) const { paintViewport(p, area, wholeViewport()); }

void HeadFigure::paintViewport(QPainter& p, const QRectF& area, const Viewport& v) const {
    MatrixFigure::paintViewport(p, area, v);
    if (knocked_.empty() || rows() == 0 || cols() == 0) return;
    const QRectF frame = heatmapRect(area), z = zoomedHeatmapRect(area, v);
    const double cw = z.width() / double(cols()), ch = z.height() / double(rows());
    p.save();
    p.setClipRect(frame);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor red(230, 30, 30);
    // A cross at least kMinMark wide, centred on the cell, in red over a white
    // halo: at 150 tokens a cell is 3 or 4 pixels, and a cross of that size
    // (or a red cell) did not read as a knockout against the colour map.
    constexpr double kMinMark = 9;
    const double side = std::max(std::min(cw, ch) * 0.6, kMinMark);
    const double width = std::clamp(std::min(cw, ch) / 8, 1.2, 2.5);
    const QPen halo(QColor(255, 255, 255, 220), width + 2, Qt::SolidLine, Qt::RoundCap);
    const QPen cross(red, width, Qt::SolidLine, Qt::RoundCap);
    for (const QPen& pen : {halo, cross}) {
        p.setPen(pen);
        for (const auto& [q, k] : knocked_) {
            const QRectF c(z.left() + k * cw, z.top() + q * ch, cw, ch);
            if (!c.intersects(frame)) continue;
            const QRectF m(c.center() - QPointF(side / 2, side / 2), QSizeF(side, side));
            p.drawLine(m.topLeft(), m.bottomRight());
            p.drawLine(m.topRight(), m.bottomLeft());
        }
    }
    p.restore();
}

}  // namespace render
