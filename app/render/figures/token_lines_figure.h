#pragma once
// Tokens in two columns, queries on the left and keys on the right, joined by
// lines whose opacity and width follow the attention weight (or the
// value-weighted norm, render/norms.h). One head, or an
// overlay of several heads in distinct colours. A long text can be shown as a
// window of rows; lines to keys above the window end at its top edge.
#include <cstdint>
#include <vector>

#include "render/figures/figure.h"

namespace render {

class TokenLinesFigure : public Figure {
public:
    // `kind`: Weights or Norms. A norm's line is as strong as the norm over
    // its row's largest under the row-normalised scale, else over the largest
    // norm of the heads drawn (every row of them, read once).
    TokenLinesFigure(FigureData data, int layer, std::vector<int> heads, Style style, int focusQuery = -1,
                     MatrixKind kind = MatrixKind::Weights);
    MatrixKind kind() const { return kind_; }

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    // Colour of the i-th overlaid head: the eight Okabe-Ito colours (colour-blind
    // safe) first, then twelve more of Kelly's high-contrast set; 20 in all.
    static QColor headColor(int i);
    static constexpr int kHeadColors = 20;
    // Query token whose label is under `pos` (left column), or -1.
    int queryAt(const QRectF& area, const QPointF& pos) const;
    // Token whose label is under `pos` in either column, or -1.
    int tokenAt(const QRectF& area, const QPointF& pos) const;
    // Shows rows [first, first + count) only (count 0: every row).
    void setWindow(int first, int count);
    int windowFirst() const { return first_; }
    int windowCount() const;
    // A token whose lines stand out (hover), or -1.
    void setHighlight(int token) { highlight_ = token; }
    int highlight() const { return highlight_; }
    // The legend's entries (swatch and "head h") as last painted, one per head overlaid.
    const std::vector<QRectF>& legendEntries() const { return legendDrawn_; }
    // Where the lines to keys above the window ended (y), as last painted.
    const std::vector<double>& earlierLineEnds() const { return earlierEnds_; }
    // Weights at or below this are not drawn (under the row-normalised scale,
    // weights over their row's largest).
    static constexpr float kMinWeight = 0.02f;
    // Each query's strongest keys only (per head): the rest are faint lines
    // that hide the pattern and cost paint time. Fewer for long sequences.
    static int keysPerQuery(int T) { return T <= 96 ? 8 : 5; }
    // Lines are painted in this many weight bands, weakest first, one colour
    // and width per band and head: one drawLines() call each on vector
    // devices; on pixels each line goes into the LineRaster layer.
    static constexpr int kBands = 12;
    int linesDrawn() const { return lastLines_; }
    // The last paint() drew its lines through a LineRaster layer (Qt's raster
    // engine: a widget or an image), not as QPainter lines (SVG, PDF).
    bool linesLayered() const { return layered_; }
    // A larger layer (an export far past the screen) takes the QPainter lines.
    static constexpr int64_t kMaxLayerPixels = int64_t(32) << 20;

    struct Line {
        int head;  // index into the heads overlaid
        int query, key;
        float weight;  // under the row-normalised scale, over the row's largest (a norm: see the constructor)
    };
    // The lines of the window's rows (of every row without a window), weakest
    // first: read from the trace when first asked for (paint() asks) and again
    // once the window has moved, so a window of 26 rows of 1,000 reads 26.
    // Cached in the figure: paint one figure from one thread at a time.
    const std::vector<Line>& lines() const;

private:
    struct Layout {
        QRectF left, right, legend;
        double rowH = 0;
        double headerH = 0;  // "query" / "key" above the columns
    };
    Layout layout(const QRectF& area) const;
    // Rows [r0, r1) of the i-th head drawn: its weights or norms.
    attnscope::MatrixRM rows(size_t i, int r0, int r1) const;
    // The largest norm of the heads drawn, for the linear and log scales.
    float largestNorm() const;

    FigureData data_;
    int layer_;
    std::vector<int> heads_;
    Style style_;
    int focus_;
    MatrixKind kind_;
    mutable float largest_ = -1;  // largestNorm(), once known
    int first_ = 0, count_ = 0;
    int highlight_ = -1;
    mutable std::vector<QRectF> legendDrawn_;
    mutable std::vector<double> earlierEnds_;
    QString legendText(size_t i) const;
    std::vector<QRectF> legendFlow(const QPointF& origin, double width) const;
    mutable std::vector<Line> lines_;  // lines(), for rows [linesFrom_, linesTo_)
    mutable int linesFrom_ = -1, linesTo_ = -1;
    mutable int lastLines_ = 0;
    mutable bool layered_ = false;
};

}  // namespace render
