#pragma once
// Tokens in two columns, queries on the left and keys on the right, joined by
// lines whose opacity and width follow the attention weight. One head, or an
// overlay of several heads in distinct colours.
#include <vector>

#include "figure.h"

namespace render {

class LinesFigure : public Figure {
public:
    LinesFigure(FigureData data, int layer, std::vector<int> heads, Style style, int focusQuery = -1);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    // Colour of the i-th overlaid head (Okabe-Ito, colour-blind safe).
    static QColor headColor(int i);
    // Query token whose label is under `pos` (left column), or -1.
    int queryAt(const QRectF& area, const QPointF& pos) const;
    // Weights at or below this are not drawn.
    static constexpr float kMinWeight = 0.02f;
    // Each query's strongest keys only (per head): the rest are faint lines
    // that hide the pattern and cost paint time. Fewer for long sequences.
    static int keysPerQuery(int T) { return T <= 96 ? 8 : 5; }
    // Lines are painted in this many weight bands, one pen and one
    // drawLines() call per band and head.
    static constexpr int kBands = 12;
    int linesDrawn() const { return lastLines_; }

private:
    struct Layout {
        QRectF left, right, legend;
        double rowH = 0;
    };
    Layout layout(const QRectF& area) const;

    FigureData data_;
    int layer_;
    std::vector<int> heads_;
    Style style_;
    int focus_;
    struct Line {
        int head;  // index into heads_
        int query, key;
        float weight;
    };
    std::vector<Line> lines_;  // what is drawn, weakest first
    mutable int lastLines_ = 0;
};

}  // namespace render
