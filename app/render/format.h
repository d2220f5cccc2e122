#pragma once
// The kinds of file an export writes, and the two ways a heatmap's cells go
// into a vector file: names as recipes, the CLI and file extensions spell them.
#include <QString>
#include <QStringList>
#include <optional>

#include "render/heatmap.h"

namespace render {

enum class Format { Png, Svg, Pdf, Csv, Npy, Json };
QString formatName(Format f);                              // "png", …: also the file extension
std::optional<Format> formatFromName(const QString& name);  // case-insensitive
bool isFigureFormat(Format f);                             // PNG, SVG, PDF
QStringList formatNames();                                 // in the enum's order

QString cellModeName(CellMode m);  // "image", "rects"
std::optional<CellMode> cellModeFromName(const QString& name);

}  // namespace render
