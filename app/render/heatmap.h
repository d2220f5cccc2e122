#pragma once
// A matrix drawn as a heatmap: values mapped to [0, 1] by a scale, coloured by a
// colour map, painted as one image or as one rectangle per cell. The same code
// paints on screen and into PNG, SVG and PDF.
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QString>

#include "attnscope/common/tensor.h"
#include "render/colormap.h"

namespace render {

// How values become colours. Weights lie in [0, 1]; scores anywhere.
enum class Scale { Linear, Log, RowNormalized };
// What a head's matrix shows. Norms: the value-weighted norms
// N_ij = ‖α_ij (v_j W_O^h)‖₂ (Kobayashi et al., 2020; render/norms.h).
enum class MatrixKind { Weights, Scores, Mask, Norms };
// How a heatmap is drawn into vector formats.
enum class CellMode { Image, Rects };

QString scaleName(Scale s);          // "linear", "log", "row"
Scale scaleFromName(const QString& name);
QString kindName(MatrixKind k);      // "weights", "scores", "mask", "norms"
MatrixKind kindFromName(const QString& name);

// Values in [0, 1] (NaN where masked or -inf) and the range the colour bar shows.
struct Normalized {
    attnscope::MatrixRM t;  // (rows, cols)
    double lo = 0, hi = 1;  // data values at t = 0 and t = 1
    bool log = false;       // lo/hi are on a log10 axis
    bool perRow = false;    // each row spans the bar on its own (the row-normalised scale)
    // The top of the bar is the largest value shown, not a fixed 1 (norms on
    // the linear or log scale): the bar's caption says so.
    bool toLargest = false;
    // Every cell above the diagonal is masked (a causal map): pooling skips them.
    bool upperMasked = false;
};

Normalized normalize(const attnscope::MatrixRM& m, MatrixKind kind, Scale scale);
// What normalize() gives for attention weights, one value at a time: the range
// fields (lo, hi, log, perRow) with no cells, and one weight's value given its
// row's largest weight (only the row-normalised scale reads it).
Normalized weightsScale(Scale scale);
float normalizedWeight(float v, float rowMax, Scale scale);
// The same for value-weighted norms, which are >= 0 but neither in [0, 1] nor
// a distribution over a row: the linear scale runs from 0 to `largest` (the
// largest norm shown), the log scale over the four decades below the power of
// ten at or above it, the row-normalised scale each row to its own largest.
Normalized normsScale(Scale scale, float largest);
// One norm's value in `range` (normsScale's), given its row's largest (read by
// the row-normalised scale only).
float normalizedNorm(float v, float rowMax, const Normalized& range);
// Marks the cells above the diagonal as masked (NaN), so a causal head's
// never-attended cells show the masked colour rather than "weight 0".
void maskUpperTriangle(Normalized& n);

// One pixel per cell.
QImage heatmapImage(const Normalized& n, const ColorMap& cmap);

// The device pixels that `size` (in p's units) covers on a raster device (an
// image, pixmap or widget: p's transform and pixel ratio); empty on a vector
// device (SVG, PDF), which keeps every cell.
QSize devicePixels(const QPainter& p, const QSizeF& size);
// Cells `cells` of n as an image of at most `fit` pixels: one pixel a cell, or,
// with more cells than pixels, each pixel the largest value of its block of
// cells (k = ceil(cells / pixels) a side; NaN cells left out, NaN where all
// are). Scaled down without smoothing, one cell in k would be drawn and the
// rest dropped: at 2,048 tokens in 365 pixels a head's largest weights went
// missing.
// The image covers (width * columns, height * rows) cells, the last block
// hanging past the edge when the cells do not divide.
struct FittedImage {
    QImage image;
    int columns = 1, rows = 1;  // cells a pixel, across and down
    QRect cells;                // what it was made of and for, so a
    QSize fit;                  // figure can keep it for its next paint
};
FittedImage fittedHeatmapImage(const Normalized& n, const ColorMap& cmap, const QRect& cells, const QSize& fit);

// Draws the heatmap into `target`. Image mode draws one image without
// smoothing (crisp cells at any zoom), pooled to the pixels it covers when
// they are fewer than its cells (fittedHeatmapImage); Rects mode draws a
// filled rectangle per cell so vector formats hold every value as a shape.
// `fitted`, when given, keeps the pooled image between paints of the same
// size (a hover repaints the head detail; pooling 2,048 x 2,048 cells each
// time would cost milliseconds on the GUI thread).
void drawHeatmap(QPainter& p, const QRectF& target, const Normalized& n, const ColorMap& cmap,
                 CellMode mode, const QImage* cached = nullptr, FittedImage* fitted = nullptr);

// A vertical colour bar with its end labels (and the middle one) at the right.
void drawColorBar(QPainter& p, const QRectF& bar, const Normalized& n, const ColorMap& cmap);

}  // namespace render
