#pragma once
// Attention rollout (attnscope/rollout.h) as a T x T heatmap: row t shows how
// much of each input token reaches position t through every layer, with the
// residual stream counted. Queries as rows, input tokens as columns. Under
// the map, one query's row as bars over the text (the selected query, or the
// last token when none is selected), as the head detail's query bars are.
// Under the per-row Scale the map is drawn on a log scale (the title says so).
#include <memory>
#include <optional>

#include "render/figures/matrix_figure.h"
#include "render/figures/query_bars_figure.h"

namespace render {

class RolloutFigure : public Figure {
public:
    // `query` < 0 or past the end: the last token.
    RolloutFigure(const FigureData& data, int query, Style style);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override { return matrix_.title(); }
    // A new query costs one row, not a new rollout (T^3 per layer).
    bool followQuery(int query) override;

    // The query whose row the bars show (-1 without tokens).
    int query() const { return row_ ? row_->query() : -1; }
    const MatrixFigure& matrix() const { return matrix_; }
    // The bars (null without tokens).
    const QueryBarsFigure* row() const { return row_.get(); }
    // Where paint puts the map and the bars in `area`.
    QRectF matrixArea(const QRectF& area) const;
    QRectF rowArea(const QRectF& area) const;

private:
    void makeRow(int query);
    FigureData data_;
    Style style_;
    MatrixFigure matrix_;
    std::unique_ptr<QueryBarsFigure> row_;
};

}  // namespace render
