#pragma once
// The forward pass as a diagram with the live shapes of the current input:
// tokens -> embeddings -> (one block, the selected layer, stage by stage) ->
// final norm -> logits. Nodes wrap into rows; each can be clicked. The stages
// are the model's own (core's Trace::stages): RMSNorm, RoPE, repeat_kv, a gated
// MLP; a stage that reads another than the one before it (SwiGLU's up, GPT-NeoX's
// parallel MLP) gets its arrow from there, so branches show as branches.
#include <vector>

#include "render/figures/figure.h"

namespace render {

class ShapeFlowFigure : public Figure {
public:
    struct Node {
        QString stage;       // core's stage id ("ln1", "q", ...)
        QString label;       // translated name
        QString shapeText;   // "(T, C) = (12, 128)" style
        QString detail;      // a setting worth seeing ("ε = 1e-06"), or ""
        QString tensor;      // stable tensor name, "" for the token ids and steps the trace does not keep
        int layer = -1;
        bool perHead = false;  // shape shown is one head's slice
        std::vector<int> inputs;  // the nodes it reads (the one before, or those its record names)
    };

    ShapeFlowFigure(FigureData data, int layer, int head, Style style, int selected = -1);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    const std::vector<Node>& nodes() const { return nodes_; }
    QRectF nodeRect(const QRectF& area, int i) const;
    int nodeAt(const QRectF& area, const QPointF& pos) const;
    // The dashed frame that stands for every block ("× N blocks"): around the
    // shown block's nodes only, the embeddings above it and the final norm
    // and logits below it. Null for a model without blocks.
    QRectF blockFrame(const QRectF& area) const { return layout(area).blockFrame; }
    QString blockLabel() const;
    // One line under the diagram naming each symbol the shapes use
    // ("T tokens · C model width · … · R positions whose logits are kept").
    const QString& symbolLegend() const { return legend_; }

private:
    struct Layout {
        std::vector<QRectF> boxes;
        QRectF blockFrame;
        double scale = 1;
        double left = 0;  // the boxes' left edge
    };
    Layout layout(const QRectF& area) const;
    double legendHeight(double width) const;
    std::vector<std::pair<int, int>> parts() const;
    static int rowsOf(const std::vector<std::pair<int, int>>& parts, int perRow);

    FigureData data_;
    int layer_, head_;
    Style style_;
    int selected_;
    std::vector<Node> nodes_;
    // Box size before scaling: wide enough for the longest label, taller when a
    // node has a detail line.
    QSizeF box_;
    QString blockText_;
    QString legend_;
    QString makeSymbolLegend() const;
};

}  // namespace render
