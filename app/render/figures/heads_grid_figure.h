#pragma once
// Every head of the chosen layers as small heatmaps: layers as rows and heads
// as columns (named once, by row and column headers), or, for a paper, all
// panels flowed into a chosen number of columns (each panel titled).
// With grouped-query attention the columns come in groups of the query heads
// that share a key/value head: a "KV g" header spans each group and a line in
// a wider gap parts the groups (flowed panels name the KV head in their titles).
#include <QImage>
#include <QLineF>
#include <QSize>
#include <atomic>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "render/figures/figure.h"

namespace render {

// How a tile's many cells become its few pixels.
enum class Pooling { Max, Mean };
// Whether each tile spans the colour bar on its own or all share one range.
enum class TileScale { PerTile, Shared };

QString poolingName(Pooling p);  // "max", "mean"
Pooling poolingFromName(const QString& name);
QString tileScaleName(TileScale s);  // "tile", "shared"
TileScale tileScaleFromName(const QString& name);

struct GridOptions {
    // Max keeps a thin pattern (one bright key per query) visible at any
    // reduction; mean shows where the weight lies on average.
    Pooling pooling = Pooling::Max;
    // Per tile: each tile is stretched so its brightest pixel is the top of
    // the bar, so weak heads deep in a long text still show their pattern.
    TileScale tileScale = TileScale::PerTile;
    int maxRes = 160;    // thumbnails are at most this many cells a side
    // ... and all of them together at most this many cells (64 MB of floats):
    // a 70B-class trace's 5,120 heads get 57-cell thumbnails, not 160.
    int64_t maxCells = int64_t(16) << 20;
    // The device pixels a tile covered at a figure's last paint
    // (HeadsGridFigure::paintedTile), to pool the run's thumbnails straight
    // to, within maxRes: while a generation runs, painting then pools nothing.
    // Empty: maxRes a side.
    QSize poolTo;
    bool fill = false;   // tiles fill the area (up to twice as wide as tall) rather than stay square
    // Weights, or the value-weighted norms (render/norms.h): on the linear and
    // log scales each head's norms are put on one range, 0 to the largest of
    // every head shown, which the shared tile scale's bar shows.
    MatrixKind kind = MatrixKind::Weights;
};

class HeadsGridFigure : public Figure {
public:
    // `layers`: which layers to show (empty: all). `columns`: panels per row
    // (0: one row per layer, n_head columns, with L/H headers).
    HeadsGridFigure(FigureData data, Style style, std::vector<int> layers = {}, int columns = 0,
               GridOptions options = {});

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    int panelCount() const { return int(panels_.size()); }
    // The trace the thumbnails were made from, for its identity only: the
    // figure holds no reference to it once built.
    const attnscope::Trace* trace() const { return madeFrom_; }
    // The rectangle of panel i's heatmap inside `area`.
    QRectF panelRect(const QRectF& area, int i) const;
    // The (layer, head) under `pos`; false when between panels.
    bool headAt(const QRectF& area, const QPointF& pos, int* layer, int* head) const;
    int indexOf(int layer, int head) const;
    int panelLayer(int i) const { return panels_[size_t(i)].layer; }
    int panelHead(int i) const { return panels_[size_t(i)].head; }
    const GridOptions& options() const { return options_; }
    // How many query heads share each key/value head (n_head / n_kv_head), 1
    // for multi-head attention.
    int kvGroupSize() const;
    // The columns are drawn in KV groups: one row per layer and kvGroupSize() > 1.
    bool groupsColumns() const { return headerMode() && kvGroupSize() > 1; }
    // The lines between KV groups inside `area`, left to right (empty when the
    // columns are not grouped).
    std::vector<QLineF> groupSeparators(const QRectF& area) const;

    // A label the figure draws outside the tiles: a row header (L3), a column
    // header (H7), a KV group's header above its columns (KV 1) or, with
    // `columns`, a panel title (L3 H7).
    struct Header {
        QRectF rect;  // where its text is drawn; wide enough for the text
        QString text;
        enum Kind { Row, Column, Panel, Group } kind;
    };
    std::vector<Header> headers(const QRectF& area) const;
    // What the colour bar's caption says about the scale (and the pooling).
    QString caption() const;
    // The values (0..1, NaN masked) panel i showed at its last paint, after
    // pooling to its on-screen pixels and the tile scale; empty before.
    const Normalized& shownValues(int i) const { return panels_[size_t(i)].shown; }
    // The most device pixels across and down any panel covered at the last
    // paint (empty before one): GridOptions::poolTo.
    QSize paintedTile() const;

private:
    struct Panel {
        int layer, head;
        Normalized pooled;       // at most maxRes cells a side, before the tile scale
        mutable Normalized shown;  // pooled to the last painted size, tile scale applied
        mutable QImage image;      // `shown`, coloured
    };
    const QImage& imageFor(const Panel& pn, const QPainter& p, const QRectF& r) const;
    struct Layout {
        QRectF grid, bar;
        double cellW = 0, cellH = 0, gap = 0, labelH = 0, rowLabelW = 0;
        double headerW = 0, headerH = 0;  // row headers left of the grid, column headers above it
        double keyLabelH = 0;  // token labels: rowLabelW left of the first column, keyLabelH under the last panels
        int kvGroup = 0;       // heads per KV group when the columns are grouped, else 0
        double groupGap = 0;   // added to `gap` between two KV groups
        double groupH = 0;     // the KV header row, above the column headers
        QFont tokenFont;
        int cols = 1, rows = 1;
    };
    // The layout for `area`, computed once per area: painting measures each
    // panel's place, and thousands of panels (an 80 x 64 trace) must not each
    // lay out the whole figure again.
    Layout layout(const QRectF& area) const;
    Layout computeLayout(const QRectF& area) const;
    double columnLeft(const Layout& l, int c) const;
    // The columns of KV group g: [first, last], their span in x.
    std::pair<double, double> groupSpan(const Layout& l, int g) const;
    void drawTokenLabels(QPainter& p, const QRectF& area, const Layout& l) const;
    void drawBar(QPainter& p, const Layout& l) const;
    bool headerMode() const { return columns_ <= 0; }

    FigureData data_;  // its trace is released once the thumbnails are made
    int T_ = 0, nHead_ = 1, kvGroup_ = 1;
    const attnscope::Trace* madeFrom_ = nullptr;
    Style style_;
    int columns_;
    GridOptions options_;
    std::vector<Panel> panels_;
    Normalized barRange_;
    bool pooled_ = false;  // thumbnails hold fewer cells than the text has tokens
    mutable std::atomic<int> paintedW_{0}, paintedH_{0};
    mutable std::mutex layoutMutex_;
    mutable std::optional<std::pair<QRectF, Layout>> layoutCache_;
};

}  // namespace render
