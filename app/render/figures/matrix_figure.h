#pragma once
// Any matrix as a labelled heatmap: a title, row and column labels, a colour
// bar. Attention heads, masks and the tensors of the shape-flow view all draw
// through it.
#include <QImage>
#include <functional>
#include <vector>

#include "render/figures/figure.h"

namespace render {

// A matrix too large to hold whole (one head of a long text is 268 MB at 8,192
// tokens): rows x cols, read through `band` a band of rows at a time.
// `band` writes rows [r0, r1) to `out`, (r1 - r0) x cols floats: a reader
// going band after band keeps one buffer, whose pages are touched once.
struct MatrixBands {
    int rows = 0, cols = 0;
    std::function<void(int r0, int r1, float* out)> band;
    // Rows [r0, r1) in a matrix of their own.
    attnscope::MatrixRM read(int r0, int r1) const {
        attnscope::MatrixRM m(r1 - r0, cols);
        if (r1 > r0) band(r0, r1, m.data());
        return m;
    }
};

// A band-read matrix with more rows or columns than kDenseCells is drawn
// pooled, at most kPooledCells blocks a side (more than a screen shows).
constexpr int kDenseCells = 2048;
constexpr int kPooledCells = 1024;
// The pooled block side for an n x n matrix: 1 up to kDenseCells, else the
// smallest power of two that leaves at most kPooledCells blocks a side.
int pooledBlock(int n);
// The longest side, in 1/96-inch units, of a matrix at its natural size.
constexpr double kMaxNaturalSide = 1600;

class MatrixFigure : public Figure {
public:
    // `kind` chooses how values map to colours (weights in [0, 1], scores
    // between their extremes, mask as allowed/masked). `causal` shows the cells
    // above the diagonal in the masked colour.
    MatrixFigure(QString title, attnscope::MatrixRM values, MatrixKind kind, QStringList rowLabels,
                 QStringList colLabels, Style style, QString rowAxis = {}, QString colAxis = {},
                 bool causal = false);
    // A matrix read in bands. Up to kDenseCells a side it is read whole and
    // drawn as above. Larger, it is drawn pooled: each cell of the overview is
    // the largest value of its block x block cells (pooledBlock), found one
    // band at a time so the whole matrix is never held; zoomed in until a
    // cell is at least 2 pixels, the part in view is read again (rows in view
    // only) and drawn cell by cell, in the overview's colour scale.
    MatrixFigure(QString title, MatrixBands bands, MatrixKind kind, QStringList rowLabels, QStringList colLabels,
                 Style style, QString rowAxis, QString colAxis, bool causal);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override { return title_; }

    QRectF heatmapRect(const QRectF& area) const;
    // The colour bar (or the mask's legend) beside it; empty without one. A
    // per-row scale's caption goes under it.
    QRectF colorBarRect(const QRectF& area) const;
    // The (row, col) cell under `pos`, or false outside the heatmap.
    bool cellAt(const QRectF& area, const QPointF& pos, int* row, int* col) const;

    // A zoomed and panned window onto the matrix, as the head detail view
    // shows it: the heatmap stays in its frame (heatmapRect at zoom 1) and the
    // labels stay beside it, whatever part of the matrix is in view.
    struct Viewport {
        double zoom = 1;           // >= 1
        QPointF pan;               // where the zoomed heatmap's top left is, relative to the frame's
        double minLabelPoints = 5; // labels shrink with the cells down to this size
    };
    void paintViewport(QPainter& p, const QRectF& area, const Viewport& v) const;
    // The whole matrix, unzoomed, its labels no smaller than the style allows
    // (what paint draws).
    Viewport wholeViewport() const;
    // The whole zoomed heatmap (mostly outside the frame) for `v`.
    QRectF zoomedHeatmapRect(const QRectF& area, const Viewport& v) const;
    bool cellAt(const QRectF& area, const Viewport& v, const QPointF& pos, int* row, int* col) const;
    // `pan` limited so that the zoomed heatmap covers its frame.
    QPointF clampPan(const QRectF& area, double zoom, const QPointF& pan) const;

    // A token label as last painted: the rectangle its text covers.
    struct DrawnLabel {
        QRectF rect;
        QString text;
        int index;        // row or column
        bool row;         // a query (row) label, else a key (column) label
        bool horizontal;  // false: drawn reading upwards
    };
    const std::vector<DrawnLabel>& drawnLabels() const { return drawn_; }
    // The position ruler as last painted: the numbers beside the axis titles,
    // on both axes, where only every k-th token has its label.
    struct RulerMark {
        QRectF rect;
        int index;
        bool row;
    };
    const std::vector<RulerMark>& rulerMarks() const { return ruler_; }

    // The matrix's own size, in cells (pooled or not).
    int rows() const { return rows_; }
    int cols() const { return cols_; }
    // 1, or the side of the blocks the overview pools (then values() holds
    // each block's largest value).
    int block() const { return block_; }
    // A mask's allowed cells, counted whole (pooled or not); 0 for the other kinds.
    double valueSum() const { return sum_; }
    // The cells drawn one by one in the last zoomed paint of a pooled matrix:
    // rows [r0, r1) x cols [c0, c1); empty when the overview was drawn.
    struct Detail {
        int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
        QImage image;
    };
    const Detail& detail() const { return detail_; }

    const attnscope::MatrixRM& values() const { return values_; }
    const Normalized& normalized() const { return norm_; }
    const QStringList& rowLabels() const { return rowLabels_; }
    const QStringList& colLabels() const { return colLabels_; }
    // The mask's legend entries (a mask figure draws them where a colour bar would be).
    static QString maskLegendText(bool allowed);

private:
    void drawMaskLegend(QPainter& p, const QPointF& at) const;
    struct Layout {
        QRectF heat, bar;
        double rowLabelW = 0, colLabelH = 0;
        QFont labelFont;
    };
    Layout layout(const QRectF& area) const;
    void drawLabels(QPainter& p, const Layout& l, const QRectF& zoomed, double minPoints) const;

    void initLabels();
    void initDense(bool causal);
    void pool(const MatrixBands& bands, bool causal);
    // Rows [r0, r1) x cols [c0, c1), read again and coloured in the overview's scale.
    QImage detailImage(int r0, int r1, int c0, int c1) const;
    bool paintDetail(QPainter& p, const QRectF& frame, const QRectF& zoomed) const;

    QString title_;
    attnscope::MatrixRM values_;
    int rows_ = 0, cols_ = 0, block_ = 1;
    double sum_ = 0;
    bool causal_ = false;
    MatrixBands bands_;  // kept by a pooled matrix, for the zoomed detail
    mutable Detail detail_, cached_;  // the last detail drawn; the one computed (a margin around it)
    mutable FittedImage fitted_;      // the last image pooled to fewer pixels than cells (drawHeatmap)
    MatrixKind kind_;
    QStringList rowLabels_, colLabels_;
    double rowLabelsW_ = 0, colLabelsW_ = 0;  // the widest label of each, in style_.font
    mutable double widestCharPoints_ = -1, widestChar_ = 0;  // drawLabels': at that font size
    Style style_;
    QString rowAxis_, colAxis_;
    Normalized norm_;
    QImage image_;
    mutable std::vector<DrawnLabel> drawn_;
    mutable std::vector<RulerMark> ruler_;
};

}  // namespace render
