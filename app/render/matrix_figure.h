#pragma once
// Any matrix as a labelled heatmap: a title, row and column labels, a colour
// bar. Attention heads, masks and the tensors of the shape-flow view all draw
// through it.
#include <QImage>
#include <vector>

#include "figure.h"

namespace render {

class MatrixFigure : public Figure {
public:
    // `kind` chooses how values map to colours (weights in [0, 1], scores
    // between their extremes, mask as allowed/masked). `causal` shows the cells
    // above the diagonal in the masked colour.
    MatrixFigure(QString title, attnscope::MatrixRM values, MatrixKind kind, QStringList rowLabels,
                 QStringList colLabels, Style style, QString rowAxis = {}, QString colAxis = {},
                 bool causal = false);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override { return title_; }

    QRectF heatmapRect(const QRectF& area) const;
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

    QString title_;
    attnscope::MatrixRM values_;
    MatrixKind kind_;
    QStringList rowLabels_, colLabels_;
    Style style_;
    QString rowAxis_, colAxis_;
    Normalized norm_;
    QImage image_;
    mutable std::vector<DrawnLabel> drawn_;
};

}  // namespace render
