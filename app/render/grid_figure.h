#pragma once
// Every head of the chosen layers as small heatmaps: layers as rows and heads
// as columns, or, for a paper, all panels flowed into a chosen number of columns.
#include <QImage>
#include <vector>

#include "figure.h"

namespace render {

class GridFigure : public Figure {
public:
    // `layers`: which layers to show (empty: all). `columns`: panels per row
    // (0: one row per layer, n_head columns). Thumbnails are at most `maxRes`
    // pixels a side; larger maps are max-pooled so sparse patterns survive.
    GridFigure(FigureData data, Style style, std::vector<int> layers = {}, int columns = 0,
               int maxRes = 160);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    int panelCount() const { return int(panels_.size()); }
    // The rectangle of panel i's heatmap inside `area`.
    QRectF panelRect(const QRectF& area, int i) const;
    // The (layer, head) under `pos`; false when between panels.
    bool headAt(const QRectF& area, const QPointF& pos, int* layer, int* head) const;
    int indexOf(int layer, int head) const;

private:
    struct Panel {
        int layer, head;
        Normalized pooled;     // at most maxRes cells a side
        QImage image;          // pooled, coloured
        mutable QImage small;  // pooled again to the last on-screen panel size
    };
    const QImage& imageFor(const Panel& pn, const QPainter& p, const QRectF& r) const;
    struct Layout {
        QRectF grid, bar;
        double cell = 0, gap = 0, labelH = 0, rowLabelW = 0;
        double keyLabelH = 0;  // token labels: rowLabelW left of the first column, keyLabelH under the last panels
        QFont tokenFont;
        int cols = 1;
    };
    Layout layout(const QRectF& area) const;
    void drawTokenLabels(QPainter& p, const QRectF& area, const Layout& l) const;

    FigureData data_;
    Style style_;
    int columns_;
    std::vector<Panel> panels_;
    Normalized barRange_;
};

}  // namespace render
