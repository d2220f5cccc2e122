#pragma once
// One query's attention distribution over the keys, as bars with token labels.
#include "figure.h"

namespace render {

class RowFigure : public Figure {
public:
    RowFigure(FigureData data, int layer, int head, int query, Style style);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    // The key whose bar is under `pos`, or -1.
    int keyAt(const QRectF& area, const QPointF& pos) const;

private:
    QRectF plotRect(const QRectF& area) const;
    FigureData data_;
    int layer_, head_, query_;
    Style style_;
    std::vector<float> row_;
};

}  // namespace render
