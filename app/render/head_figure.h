#pragma once
// One head's T x T matrix (weights, raw scores or the mask) with token labels on
// both axes: queries as rows, keys as columns.
#include "matrix_figure.h"

namespace render {

class HeadFigure : public MatrixFigure {
public:
    HeadFigure(const FigureData& data, int layer, int head, MatrixKind kind, Style style);

    int layer() const { return layer_; }
    int head() const { return head_; }
    MatrixKind kind() const { return kind_; }

private:
    int layer_, head_;
    MatrixKind kind_;
};

}  // namespace render
