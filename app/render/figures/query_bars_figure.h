#pragma once
// One query's attention distribution over the keys, as bars with token labels.
// The y axis ends at a round number just above the tallest bar, so a head that
// spreads its attention is still readable; `fixedAxis` draws 0 to 1 instead.
// Under a causal mask the x axis runs over the keys the query sees (0 to the
// query), not the whole text: 44 bars of a 1,000-token text used 5% of it.
// A position ruler under the bars numbers them, and a label reads "idx token"
// where each bar has room for it.
// With the value-weighted norms (MatrixKind::Norms) the bars are the query's
// row of the head detail's norms, read the same way (headMatrixInto); their
// axis is not capped at 1, and `fixedAxis` runs to the round number above the
// head's largest ‖v_j W_O‖, the most any of its norms can be.
#include <QRectF>
#include <vector>

#include "render/figures/figure.h"
#include "render/heatmap.h"

namespace render {

class QueryBarsFigure : public Figure {
public:
    // `kind`: Norms, or the weights (any other kind). Throws attnscope::Error
    // when the norms cannot be read (a trace file, a model no longer open).
    QueryBarsFigure(FigureData data, int layer, int head, int query, Style style, bool fixedAxis = false,
                    MatrixKind kind = MatrixKind::Weights);
    // Any one row over the tokens (a rollout row, say), under its own title;
    // layer() and head() are -1.
    QueryBarsFigure(FigureData data, std::vector<float> row, int query, QString title, Style style, bool fixedAxis = false);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    // The key whose bar is under `pos`, or -1.
    int keyAt(const QRectF& area, const QPointF& pos) const;
    // The top of the y axis: 1 when fixed, else the round number above the tallest bar.
    double axisMax() const { return axisMax_; }
    int query() const { return query_; }
    int layer() const { return layer_; }
    int head() const { return head_; }
    // What the bars are: Weights or Norms.
    MatrixKind kind() const { return kind_; }
    // The values, one per key of the text.
    const std::vector<float>& values() const { return row_; }
    // The keys the x axis shows, [first, last].
    int firstKey() const { return first_; }
    int lastKey() const { return last_; }
    // The positions the ruler numbers, as last painted.
    const std::vector<int>& rulerTicks() const { return ruler_; }
    // A key's label as last painted: the text (elided to the room there is)
    // and the rectangle it covers.
    struct DrawnLabel {
        QRectF rect;
        QString text;
        int key;
        bool upright;  // false: reading downwards, on its side
    };
    const std::vector<DrawnLabel>& drawnLabels() const { return drawn_; }
    // Each key's bar as last painted, firstKey() first: the rectangle filled
    // (as high as its value over axisMax()) and its colour; and the plot they
    // stand in, whose bottom is 0 and top axisMax().
    struct DrawnBar {
        QRectF rect;
        QColor color;
        int key;
    };
    const std::vector<DrawnBar>& drawnBars() const { return bars_; }
    QRectF drawnPlot() const { return plot_; }

private:
    QRectF plotRect(const QRectF& area) const;
    double labelsHeight(const QRectF& area) const;
    double plotTop(const QRectF& area) const;
    double rulerHeight(const QRectF& area) const;
    // The value axis's label at tick i of 4: written exactly (0.125, not 0.13).
    QString tickLabel(int i) const;
    void fitAxis(bool fixedAxis);
    // Every label one character (a character-level model's): then they stand
    // upright, every k-th, rather than on their sides.
    bool singleChars_ = false;
    double widestLabel_ = 0;  // the widest token label, in the style's font
    FigureData data_;
    int layer_, head_, query_;
    Style style_;
    MatrixKind kind_ = MatrixKind::Weights;
    std::vector<float> row_;
    double axisMax_ = 1.0;
    QString title_;  // "" : the head's title
    mutable std::vector<DrawnLabel> drawn_;
    mutable std::vector<int> ruler_;
    mutable std::vector<DrawnBar> bars_;
    mutable QRectF plot_;
    int first_ = 0, last_ = -1;
    int shownKeys() const { return last_ - first_ + 1; }
    void fitKeys();  // the keys shown, and the labels measured once
};

}  // namespace render
