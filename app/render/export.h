#pragma once
// Figures into files: PNG at a chosen DPI, SVG and PDF as vectors (text stays
// text; heatmaps as one rectangle per cell or as an embedded image, as the
// figure's Style says). Nothing here draws: every format hands a QPainter to
// Figure::paint, the code that draws on screen.
//
// Sizes are physical. A figure of W x H inches is painted into a logical
// rectangle of W*96 x H*96 units (the units of Figure::naturalSize()), so
// point-sized text keeps its size; a PNG then has round(W*dpi) x round(H*dpi)
// pixels and records its DPI, an SVG is W x H (in mm) with that viewBox, a PDF
// page is W x H.
#include <QByteArray>
#include <QImage>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <vector>

#include "render/figures/figure.h"
#include "render/format.h"

namespace render {

inline constexpr double kLogicalDpi = 96.0;
// The most pixels a PNG (or a copied image) may have: 400 million, 1.6 GB
// while it is painted. renderImage refuses more with ErrorCode::TooLarge.
inline constexpr double kMaxImagePixels = 400e6;

// The figure's natural size in inches (naturalSize() at 96 px per inch).
QSizeF naturalInches(const Figure& fig);
// Pixels of a PNG of `inches` at `dpi`.
QSize pngPixelSize(const QSizeF& inches, double dpi);

// The figure as an opaque image of pngPixelSize(inches, dpi) pixels, its dots
// per metre set to `dpi`. Also what the clipboard gets.
QImage renderImage(const Figure& fig, const QSizeF& inches, double dpi);
QByteArray pngBytes(const Figure& fig, const QSizeF& inches, double dpi);
QByteArray svgBytes(const Figure& fig, const QSizeF& inches, const QString& description = {});

// PDF pages of `inches`, one per figure; `path` only names the file in errors.
QByteArray pdfBytes(const std::vector<const Figure*>& pages, const QSizeF& inches, const QString& path,
                    const QString& title = {});

// One page per figure, every page `inches` large; throws attnscope::Error(Io)
// naming the path when it cannot write.
void writePdf(const std::vector<const Figure*>& pages, const QSizeF& inches, const QString& path,
              const QString& title = {});

}  // namespace render
