#pragma once
// One head's T x T matrix (weights, raw scores, the mask or the value-weighted
// norms) with token labels on both axes: queries as rows, keys as columns.
#include "render/figures/matrix_figure.h"

namespace render {

class HeadFigure : public MatrixFigure {
public:
    HeadFigure(const FigureData& data, int layer, int head, MatrixKind kind, Style style);

    int layer() const { return layer_; }
    int head() const { return head_; }
    MatrixKind kind() const { return kind_; }

    // The matrix as MatrixFigure paints it, then a red × on every cell whose
    // edge a knockout of the run blocks (attnscope::Knockout), so a knocked-out
    // weight (0) or mask cell is told apart from a small or masked one.
    void paint(QPainter& p, const QRectF& area) const override;
    void paintViewport(QPainter& p, const QRectF& area, const Viewport& v) const;
    // The (query, key) cells knocked out in this head, row by row.
    const std::vector<std::pair<int, int>>& knockedOut() const { return knocked_; }

private:
    HeadFigure(const FigureData& data, int layer, int head, MatrixKind kind, Style style,
               std::vector<std::pair<int, int>> knocked);

    int layer_, head_;
    MatrixKind kind_;
    std::vector<std::pair<int, int>> knocked_;
};

}  // namespace render
