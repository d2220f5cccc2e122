#pragma once
// Attention rollout (attnscope/rollout.h) as a T x T heatmap: row t shows how
// much of each input token reaches position t through every layer, with the
// residual stream counted. Queries as rows, input tokens as columns.
#include "matrix_figure.h"

namespace render {

class RolloutFigure : public MatrixFigure {
public:
    RolloutFigure(const FigureData& data, Style style);
};

}  // namespace render
