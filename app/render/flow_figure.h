#pragma once
// The forward pass as a diagram with the live shapes of the current input:
// tokens -> embeddings -> (one block, the selected layer, stage by stage) ->
// final LayerNorm -> logits. Nodes wrap into rows; each can be clicked.
#include <vector>

#include "figure.h"

namespace render {

class FlowFigure : public Figure {
public:
    struct Node {
        QString stage;       // core's stage id ("ln1", "q", ...)
        QString label;       // translated name
        QString shapeText;   // "(T, C) = (12, 128)" style
        QString tensor;      // stable tensor name, "" for the token ids
        int layer = -1;
        bool perHead = false;  // shape shown is one head's slice
    };

    FlowFigure(FigureData data, int layer, int head, Style style, int selected = -1);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    const std::vector<Node>& nodes() const { return nodes_; }
    QRectF nodeRect(const QRectF& area, int i) const;
    int nodeAt(const QRectF& area, const QPointF& pos) const;

private:
    struct Layout {
        std::vector<QRectF> boxes;
        QRectF blockFrame;
        double scale = 1;
    };
    Layout layout(const QRectF& area) const;

    FigureData data_;
    int layer_, head_;
    Style style_;
    int selected_;
    std::vector<Node> nodes_;
};

}  // namespace render
