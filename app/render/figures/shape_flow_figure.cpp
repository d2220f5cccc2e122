#include "render/figures/shape_flow_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainterPath>
#include <QRegularExpression>
#include <map>

#include "attnscope/run/trace_tensors.h"

namespace render {

namespace {

// One side of a shape: the head axis split off when drawn per head
// ("H", 4; or "KV", 2), and the rest in symbols and numbers.
struct ShapeParts {
    QString headSymbol;
    qint64 heads = -1;
    QStringList symbols, numbers;
};

ShapeParts split(const attnscope::Shape& shape, const std::vector<std::string>& symbols, bool perHead) {
    ShapeParts out;
    for (size_t i = 0; i < symbols.size() && i < shape.size(); ++i) {
        const QString sym = QString::fromStdString(symbols[i]);
        if (perHead && out.heads < 0 && (sym == QLatin1String("H") || sym == QLatin1String("KV"))) {
            out.headSymbol = sym;
            out.heads = shape[i];
            continue;
        }
        out.symbols << sym;
        out.numbers << QString::number(shape[i]);
    }
    return out;
}

// Symbolic and numeric shape, as the table states it: "(T, C) = (12, 64)", per
// head "H × (T, hs) = 4 × (12, 16)", and for a step that changes the head
// count "KV→H × (T, hs) = 2→4 × (12, 16)".
QString shapeText(const attnscope::StageRecord& r) {
    const ShapeParts to = split(r.shape, r.symbols, r.per_head);
    const QString rest = to.symbols.join(", "), restNum = to.numbers.join(", ");
    if (!r.from_shape.empty()) {
        const ShapeParts from = split(r.from_shape, r.from_symbols, r.per_head);
        if (from.heads >= 0 && to.heads >= 0 && from.symbols == to.symbols)
            return QStringLiteral("%1→%2 × (%3) = %4→%5 × (%6)")
                .arg(from.headSymbol, to.headSymbol, rest)
                .arg(from.heads).arg(to.heads).arg(restNum);
        auto join = [](const std::vector<std::string>& xs) {
            QStringList out;
            for (const std::string& x : xs) out << QString::fromStdString(x);
            return out.join(", ");
        };
        return QStringLiteral("(%1) → (%2)").arg(join(r.from_symbols), join(r.symbols));
    }
    if (to.heads >= 0)
        return QStringLiteral("%1 × (%2) = %3 × (%4)").arg(to.headSymbol, rest).arg(to.heads).arg(restNum);
    return QStringLiteral("(%1) = (%2)").arg(rest, restNum);
}

// What the block frame says: that it stands for every block, the norm
// placement, and whether attention and the MLP run side by side.
QString blockText(const attnscope::ModelConfig& c) {
    const bool rms = c.norm == attnscope::NormKind::RMSNorm;
    if (c.parallel_residual)
        return rms ? QCoreApplication::translate("render::ShapeFlowFigure",
                                                 "× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel")
                   : QCoreApplication::translate("render::ShapeFlowFigure",
                                                 "× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel");
    return rms ? QCoreApplication::translate("render::ShapeFlowFigure", "× %2 blocks · block %1 shown · pre-RMSNorm")
               : QCoreApplication::translate("render::ShapeFlowFigure", "× %2 blocks · block %1 shown · pre-LayerNorm");
}

constexpr double kBoxW = 150, kBoxH = 54, kGapX = 26, kGapY = 30, kMaxBoxW = 230, kDetailH = 14;
// Added above and below the block's rows: the embeddings before it and the
// final norm after it sit outside its frame, and the frame's label between.
constexpr double kSectionGap = 18;
constexpr double kDetailFont = 0.8, kMarginX = 16;

}  // namespace

ShapeFlowFigure::ShapeFlowFigure(FigureData data, int layer, int head, Style style, int selected)
    : data_(std::move(data)), layer_(layer), head_(head), style_(std::move(style)), selected_(selected) {
    box_ = {kBoxW, kBoxH};
    if (!data_.trace) return;
    std::vector<const attnscope::StageRecord*> records;
    for (const attnscope::StageRecord& s : data_.trace->stages) {
        if (s.layer >= 0 && s.layer != layer_) continue;
        Node n;
        n.stage = QString::fromStdString(s.stage);
        n.label = QCoreApplication::translate("attnscope::TraceTensors", s.label.c_str());
        n.detail = QString::fromStdString(s.detail);
        n.tensor = QString::fromStdString(s.tensor);
        n.layer = s.layer;
        n.shapeText = shapeText(s);
        n.perHead = s.per_head;
        nodes_.push_back(n);
        records.push_back(&s);
    }
    // Arrows: from the node before, or from the stages the record names ("x":
    // the node before the block, its input).
    int blockInput = -1;
    for (size_t i = 0; i < nodes_.size(); ++i)
        if (nodes_[i].layer >= 0) {
            blockInput = int(i) - 1;
            break;
        }
    for (size_t i = 0; i < nodes_.size(); ++i) {
        Node& n = nodes_[i];
        if (records[i]->inputs.empty()) {
            if (i > 0) n.inputs.push_back(int(i) - 1);
            continue;
        }
        for (const std::string& in : records[i]->inputs) {
            int from = -1;
            if (in == "x") from = blockInput;
            for (int j = int(i) - 1; j >= 0 && in != "x" && from < 0; --j)
                if (nodes_[size_t(j)].layer == n.layer && nodes_[size_t(j)].stage == QLatin1String(in.c_str())) from = j;
            if (from >= 0) n.inputs.push_back(from);
        }
    }
    // Wide enough for every label and detail (longer ones are elided), taller
    // when there are details.
    QFont bold = style_.font;
    bold.setBold(true);
    const QFontMetricsF bfm(bold), dfm(scaledFont(style_.font, kDetailFont));
    bool details = false;
    for (const Node& n : nodes_) {
        box_.setWidth(std::max(box_.width(), std::min(kMaxBoxW, bfm.horizontalAdvance(n.label) + 12)));
        if (!n.detail.isEmpty()) {
            details = true;
            box_.setWidth(std::max(box_.width(), std::min(kMaxBoxW, dfm.horizontalAdvance(n.detail) + 10)));
        }
    }
    if (details) box_.setHeight(kBoxH + kDetailH);
    blockText_ = blockText(data_.trace->config);
    legend_ = makeSymbolLegend();  // once: every layout (a hover asks for one) measures it
}

QString ShapeFlowFigure::title() const {
    return QCoreApplication::translate("render::ShapeFlowFigure", "Forward pass · block %1 of %2 shown · head %3 for per-head tensors")
        .arg(layer_).arg(data_.trace ? data_.trace->n_layer() : 0).arg(head_);
}

// The nodes before the block (tokens, embeddings), the block's, and those
// after it (final norm, logits), as [begin, end): each part starts a row of
// its own, so the block's frame holds only the block.
std::vector<std::pair<int, int>> ShapeFlowFigure::parts() const {
    int firstBlock = -1, lastBlock = -1;
    for (int i = 0; i < int(nodes_.size()); ++i)
        if (nodes_[size_t(i)].layer >= 0) {
            if (firstBlock < 0) firstBlock = i;
            lastBlock = i;
        }
    std::vector<std::pair<int, int>> out;
    if (firstBlock < 0) {
        out.emplace_back(0, int(nodes_.size()));
        return out;
    }
    if (firstBlock > 0) out.emplace_back(0, firstBlock);
    out.emplace_back(firstBlock, lastBlock + 1);
    if (lastBlock + 1 < int(nodes_.size())) out.emplace_back(lastBlock + 1, int(nodes_.size()));
    return out;
}

int ShapeFlowFigure::rowsOf(const std::vector<std::pair<int, int>>& parts, int perRow) {
    int rows = 0;
    for (const auto& [b, e] : parts) rows += (e - b + perRow - 1) / perRow;
    return rows;
}

QSizeF ShapeFlowFigure::naturalSize() const {
    // Six boxes a row, each part from a new row, the block's label between.
    const std::vector<std::pair<int, int>> p = parts();
    const int rows = std::max(6, rowsOf(p, 6));
    return {6 * (box_.width() + kGapX) + 40,
            rows * (box_.height() + kGapY) + kSectionGap * double(p.size() - 1) + 80 + legendHeight(6 * (box_.width() + kGapX) + 40)};
}

ShapeFlowFigure::Layout ShapeFlowFigure::layout(const QRectF& area) const {
    Layout l;
    // Below the title, with room for the block frame's label above the first row.
    const double top = area.top() + (style_.showTitle ? QFontMetricsF(scaledFont(style_.font, 1.2)).height() * 1.5 : 4) + 24;
    // Arrows to a later row run down the left margin: room for them, when there are any.
    bool margin = false;
    for (size_t i = 0; i < nodes_.size(); ++i)
        for (const int j : nodes_[i].inputs) margin = margin || j + 1 != int(i);
    const double left = margin ? kMarginX : 0;
    const QRectF room(area.left() + 10 + left, top, area.width() - 20 - left, area.bottom() - top - 6 - legendHeight(area.width()));
    const std::vector<std::pair<int, int>> parts = this->parts();
    const int n = std::max<int>(1, int(nodes_.size()));
    const auto rowsFor = [&](int perRow) { return rowsOf(parts, perRow); };
    const double sectionGaps = kSectionGap * double(parts.size() - 1);
    // Choose the number of boxes per row that lets the diagram be drawn
    // largest inside the room (boxes shrink, never grow past 1.2x).
    int perRow = 1;
    const double bw = box_.width(), bh = box_.height();
    for (int c = 1; c <= n; ++c) {
        const int rows = rowsFor(c);
        const double w = c * bw + (c - 1) * kGapX, h = rows * bh + (rows - 1) * kGapY + sectionGaps;
        const double s = std::min({room.width() / w, room.height() / h, 1.2});
        if (s > l.scale || c == 1) {
            l.scale = s;
            perRow = c;
        }
    }
    const double s = l.scale;
    const double usedW = (perRow * bw + (perRow - 1) * kGapX) * s;
    const double x0 = room.left() + std::max(0.0, (room.width() - usedW) / 2);
    l.left = x0;
    // Boxes in reading order, row after row, each part from a new row.
    l.boxes.resize(nodes_.size());
    double y = room.top();
    for (const auto& [b, e] : parts) {
        const int rows = (e - b + perRow - 1) / perRow;
        for (int i = b; i < e; ++i) {
            const int r = (i - b) / perRow, c = (i - b) % perRow;
            l.boxes[size_t(i)] = QRectF(x0 + c * (bw + kGapX) * s, y + r * (bh + kGapY) * s, bw * s, bh * s);
        }
        if (b < e && nodes_[size_t(b)].layer >= 0) {  // the block's part
            // The frame spans the rows' width: it stands for every block.
            const double height = (rows * bh + (rows - 1) * kGapY) * s;
            // Arrows to a later row run down the left margin, 11 px left of the boxes: inside the frame.
            l.blockFrame = QRectF(x0, y, usedW, height).adjusted(margin ? -16 : -6, -16 * std::min(1.0, s) - 2, 6, 6);
        }
        y += (rows * (bh + kGapY) + kSectionGap) * s;
    }
    return l;
}

QString ShapeFlowFigure::makeSymbolLegend() const {
    // Each symbol the shapes use, in the order a reader meets them.
    static const char* const kSymbols[][2] = {
        {"T", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "T tokens")},
        {"C", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "C model width")},
        {"H", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "H heads")},
        {"KV", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "KV key/value heads")},
        {"hs", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "hs head size")},
        {"4C", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "4C the MLP's width")},
        {"F", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "F the MLP's width")},
        {"R", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "R positions whose logits are kept")},
        {"V", QT_TRANSLATE_NOOP("render::ShapeFlowFigure", "V vocabulary")},
    };
    QStringList out;
    for (const auto& [symbol, text] : kSymbols) {
        const QRegularExpression word(QStringLiteral("(^|[(, ×→·])%1($|[), ×→·])").arg(QRegularExpression::escape(QLatin1String(symbol))));
        bool used = false;
        for (const Node& n : nodes_) used = used || n.shapeText.contains(word);
        if (used) out << QCoreApplication::translate("render::ShapeFlowFigure", text);
    }
    return out.join(QStringLiteral(" · "));
}

QString ShapeFlowFigure::blockLabel() const {
    return blockText_.arg(layer_).arg(data_.trace ? data_.trace->n_layer() : 0);
}

// The legend's height in a figure `width` wide: one line, or as many as it
// wraps to in a narrow view.
double ShapeFlowFigure::legendHeight(double width) const {
    const QFontMetricsF fm(scaledFont(style_.font, 0.85));
    const QString legend = symbolLegend();
    if (legend.isEmpty()) return 4;
    const QRectF text = fm.boundingRect(QRectF(0, 0, std::max(40.0, width - 20), 1000), Qt::AlignLeft | Qt::TextWordWrap, legend);
    return std::max(fm.height(), text.height()) + 8;
}

QRectF ShapeFlowFigure::nodeRect(const QRectF& area, int i) const {
    const Layout l = layout(area);
    return i >= 0 && size_t(i) < l.boxes.size() ? l.boxes[size_t(i)] : QRectF();
}

int ShapeFlowFigure::nodeAt(const QRectF& area, const QPointF& pos) const {
    const Layout l = layout(area);
    for (size_t i = 0; i < l.boxes.size(); ++i)
        if (l.boxes[i].contains(pos)) return int(i);
    return -1;
}

void ShapeFlowFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    drawTitle(p, area, title(), style_);
    const Layout l = layout(area);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetricsF fm(style_.font);
    const ColorMap& cm = style_.cmap();
    if (!l.blockFrame.isNull()) {
        p.setPen(QPen(QColor(cm.at(0.35)), 1.2, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(l.blockFrame, 8, 8);
        p.setFont(scaledFont(style_.font, 0.9 * std::min(1.0, l.scale)));
        p.setPen(style_.text);
        p.drawText(QRectF(l.blockFrame.left() + 8, l.blockFrame.top() + 1, l.blockFrame.width() - 16, 16 * std::min(1.0, l.scale)),
                   Qt::AlignRight | Qt::AlignVCenter,
                   blockLabel());
    }
    if (const QString legend = symbolLegend(); !legend.isEmpty()) {
        const QFont small = scaledFont(style_.font, 0.85);
        const double h = legendHeight(area.width());
        const QRectF lines(area.left() + 10, area.bottom() - h, area.width() - 20, h - 4);
        p.setFont(small);
        p.setPen(style_.text);
        p.drawText(lines, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, legend);
    }
    // Arrows: from the node before along the rows (down and across where a
    // row wraps); from any other node it reads through the gaps, below its
    // row and down beside the target, in the accent colour, so a branch
    // (SwiGLU's up, GPT-NeoX's parallel MLP) shows as one.
    auto arrowHead = [&](const QPainterPath& path, const QPointF& end, const QColor& c) {
        // Along the last segment (the path's last corner to its end).
        const QPointF dir = end - path.elementAt(path.elementCount() - 2);
        const double len = std::hypot(dir.x(), dir.y());
        if (len <= 0) return;
        const QPointF u = dir / len, n(-u.y(), u.x());
        QPolygonF head;
        head << end << end - u * 7 + n * 3.5 << end - u * 7 - n * 3.5;
        p.setBrush(c);
        p.drawPolygon(head);
    };
    const QColor branch = QColor(cm.at(0.2));
    // Routed arrows leave a row along lanes of the gap below it, each its own
    // (the wrapping arrow keeps the middle, 0.5; arrows into the next row come
    // down at 0.7).
    std::map<double, int> lanesUsed;
    auto laneBelow = [&](const QRectF& a) {
        static constexpr double kLanes[] = {0.2, 0.35, 0.1, 0.85};
        return a.bottom() + kGapY * l.scale * kLanes[lanesUsed[a.bottom()]++ % 4];
    };
    for (size_t i = 0; i < nodes_.size(); ++i) {
        for (const int j : nodes_[i].inputs) {
            const QRectF a = l.boxes[size_t(j)], b = l.boxes[i];
            QPainterPath path;
            QPointF end;
            const bool next = j + 1 == int(i);
            if (next && qFuzzyCompare(a.top(), b.top())) {
                path.moveTo(a.right(), a.center().y());
                end = QPointF(b.left(), b.center().y());
                path.lineTo(end);
            } else if (next) {  // wrap: down, across to the next row's first box, down
                path.moveTo(a.center().x(), a.bottom());
                const double midY = a.bottom() + kGapY * l.scale / 2;
                path.lineTo(a.center().x(), midY);
                path.lineTo(b.center().x(), midY);
                end = QPointF(b.center().x(), b.top());
                path.lineTo(end);
            } else if (qFuzzyCompare(a.top(), b.top())) {
                // Same row: below it, and up beside the target into its side.
                const double laneY = laneBelow(a);
                const double startX = a.left() + a.width() * 0.7, sideX = b.left() - kGapX * l.scale / 2;
                end = QPointF(b.left(), b.center().y() + b.height() * 0.22);
                path.moveTo(startX, a.bottom());
                path.lineTo(startX, laneY);
                path.lineTo(sideX, laneY);
                path.lineTo(sideX, end.y());
                path.lineTo(end);
            } else {
                // A later row: below the source's row, down the left margin, and
                // along the gap above the target into its top, crossing no box.
                const double laneY = laneBelow(a), aboveY = b.top() - kGapY * l.scale * 0.3;
                const double startX = a.left() + a.width() * 0.7, marginX = l.left - 11;  // inside the block frame (16 px)
                end = QPointF(b.left() + b.width() * 0.3, b.top());
                path.moveTo(startX, a.bottom());
                path.lineTo(startX, laneY);
                path.lineTo(marginX, laneY);
                path.lineTo(marginX, aboveY);
                path.lineTo(end.x(), aboveY);
                path.lineTo(end);
            }
            const QColor c = next ? style_.text : branch;
            p.setPen(QPen(c, next ? 1.2 : 1.4));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            arrowHead(path, end, c);
        }
    }
    // Two fonts for every box, made once; labels are elided only when too wide.
    QFont bf = scaledFont(style_.font, std::min(1.0, l.scale));
    bf.setBold(true);
    const QFont sf = scaledFont(style_.font, 0.85 * std::min(1.0, l.scale));
    const QFont df = scaledFont(style_.font, kDetailFont * std::min(1.0, l.scale));
    const QFontMetricsF bfm(bf), sfm(sf), dfm(df);
    auto fit = [](const QFontMetricsF& m, const QString& s, Qt::TextElideMode mode, double w) {
        return m.horizontalAdvance(s) <= w ? s : m.elidedText(s, mode, w);
    };
    // "H × (T, hs) = 12 × (2048, 64)" too wide for its box: the numbers alone,
    // which the symbols of every box that has room explain (elided in the
    // middle, it lost the head count: "H × (T, hs) …× (2048, 64)").
    auto fitShape = [&fit](const QFontMetricsF& m, const QString& s, double w) {
        const qsizetype eq = s.indexOf(QStringLiteral(" = "));
        if (m.horizontalAdvance(s) > w && eq >= 0 && m.horizontalAdvance(s.mid(eq + 3)) <= w) return s.mid(eq + 3);
        return fit(m, s, Qt::ElideMiddle, w);
    };
    for (size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        const QRectF r = l.boxes[i];
        const bool sel = int(i) == selected_;
        const bool attention = n.stage == "scores" || n.stage == "mask" || n.stage == "softmax";
        p.setPen(QPen(sel ? QColor(cm.at(0.0)) : QColor(120, 120, 120), sel ? 2.5 : 1));
        QColor fill = QColor(cm.at(attention ? 0.85 : 0.45));
        fill.setAlphaF(attention ? 0.45 : 0.18);
        p.setBrush(style_.background);
        p.drawRoundedRect(r, 6, 6);
        p.setBrush(fill);
        p.drawRoundedRect(r, 6, 6);
        // Label over the shape; a detail, when the boxes have room for one, below.
        const double textH = box_.height() > kBoxH ? r.height() * kBoxH / box_.height() : r.height();
        p.setFont(bf);
        p.setPen(style_.text);
        p.drawText(QRectF(r.left() + 4, r.top() + 4, r.width() - 8, textH / 2 - 4), Qt::AlignCenter,
                   fit(bfm, n.label, Qt::ElideRight, r.width() - 8));
        p.setFont(sf);
        p.drawText(QRectF(r.left() + 3, r.top() + textH / 2, r.width() - 6, textH / 2 - 3), Qt::AlignCenter,
                   fitShape(sfm, n.shapeText, r.width() - 6));
        if (!n.detail.isEmpty()) {
            p.setFont(df);
            p.drawText(QRectF(r.left() + 3, r.top() + textH - 5, r.width() - 6, r.height() - textH + 2), Qt::AlignCenter,
                       fit(dfm, n.detail, Qt::ElideMiddle, r.width() - 6));
        }
    }
    Q_UNUSED(fm);
    p.restore();
}

}  // namespace render
