// HeadsGridView's labels: the heads' automatic labels (badges on small grids)
// and the headers kept in view while the grid is zoomed and scrolled.
#include <QScrollBar>

#include "gui/panels/head_stats_model.h"
#include "gui/views/heads_grid_view.h"
#include "gui/workspace/workspace.h"
#include "render/figures/heads_grid_figure.h"

void HeadsGridView::setHeadLabels(std::vector<QStringList> labels) {
    labels_ = std::move(labels);
    canvas_->update();
}

QStringList HeadsGridView::labelsOf(int layer, int head) const {
    const auto trace = ws_->trace();
    const size_t i = trace ? size_t(layer * trace->n_head() + head) : labels_.size();
    return i < labels_.size() ? labels_[i] : QStringList();
}

// A head's labels on a white pill in its tile's top-right corner, above the
// diagonal, where a causal map has nothing to hide: on a grid of at most 16
// heads, only for labels that name a pattern ("diffuse" is the absence of
// one: on a random model it was a badge on every tile), and only when the
// tile is tall enough. More heads, or a bidirectional run, keep them in the
// tooltip and the head statistics.
void HeadsGridView::drawLabelBadges(QPainter& p, const QRectF& area) {
    badges_.clear();
    const auto trace = ws_->trace();
    if (!trace || labels_.empty() || !trace->causal || figure_->panelCount() > kMaxBadgedHeads) return;
    p.save();
    QFont f = p.font();
    f.setPointSizeF(std::max(6.0, f.pointSizeF() * 0.8));
    p.setFont(f);
    const QFontMetricsF fm(f);
    const QString diffuse = HeadStatsModel::labelText(attnscope::HeadLabel::Diffuse);
    for (int l = 0; l < trace->n_layer(); ++l)
        for (int h = 0; h < trace->n_head(); ++h) {
            QStringList labels = labelsOf(l, h);
            labels.removeAll(diffuse);
            const int i = figure_->indexOf(l, h);
            if (labels.isEmpty() || i < 0) continue;
            const QRectF r = figure_->panelRect(area, i);
            if (r.height() < 3 * fm.height() || r.width() < 30) continue;
            // As wide as it can be with its bottom-left corner still above the diagonal.
            const double below = (fm.height() + 4) / r.height();
            const QString text = fm.elidedText(labels.join(QStringLiteral(", ")), Qt::ElideRight, r.width() * (1 - below) - 12);
            const double w = fm.horizontalAdvance(text) + 6;
            const QRectF pill(r.right() - 2 - w, r.top() + 2, w, fm.height() + 2);
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(255, 255, 255, 215));
            p.drawRoundedRect(pill, 3, 3);
            p.setPen(QColor(20, 20, 20));
            p.drawText(pill, Qt::AlignCenter, text);
            badges_.push_back({l, h, text, pill});
        }
    p.restore();
}

void HeadsGridView::drawStickyHeaders(QPainter& p, const QRectF& area) {
    // Zoomed and scrolled, the headers that went out of view are drawn again
    // at the edges of what is in view.
    const QRectF vis(scroll_->horizontalScrollBar()->value(), scroll_->verticalScrollBar()->value(),
                     scroll_->viewport()->width(), scroll_->viewport()->height());
    const auto headers = figure_->headers(area);
    double colH = 0, rowW = 0;
    for (const auto& h : headers) {
        if (h.kind == render::HeadsGridFigure::Header::Column || h.kind == render::HeadsGridFigure::Header::Group)
            colH = std::max(colH, h.rect.bottom() - area.top());
        if (h.kind == render::HeadsGridFigure::Header::Row) rowW = std::max(rowW, h.rect.right() + 4 - area.left());
    }
    const QColor band = palette().color(QPalette::Base);
    p.setPen(palette().color(QPalette::Text));
    if (vis.top() > area.top()) {
        p.fillRect(QRectF(vis.left(), vis.top(), vis.width(), colH), band);
        for (const auto& h : headers)
            if (h.kind == render::HeadsGridFigure::Header::Column || h.kind == render::HeadsGridFigure::Header::Group)
                p.drawText(h.rect.translated(0, vis.top() - area.top()), Qt::AlignCenter, h.text);
    }
    if (vis.left() > area.left()) {
        p.fillRect(QRectF(vis.left(), vis.top(), rowW, vis.height()), band);
        for (const auto& h : headers)
            if (h.kind == render::HeadsGridFigure::Header::Row)
                p.drawText(h.rect.translated(vis.left() - area.left(), 0), Qt::AlignRight | Qt::AlignVCenter, h.text);
    }
}

