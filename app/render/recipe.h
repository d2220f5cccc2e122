#pragma once
// A figure recipe: everything needed to draw one exported figure (or write one
// data file) again, byte for byte: the model file and its SHA-256, the text,
// the view with its layer and head, the colours, the font and the size. The
// GUI's export dialog and attnscope-cli both turn a Recipe into a Figure here,
// so a replayed recipe draws through exactly the code that drew the original.
//
// On disk it is a small JSON object (see recipeToJson), e.g.
//   {"attnscope_recipe": 1, "model": {"path": "/m.safetensors", "sha256": "…"},
//    "text": "ROMEO:", "view": "head", "layer": 1, "head": 2,
//    "colormap": "viridis", "scale": "linear", "cells": "image",
//    "format": "png", "size": {"width_in": 5.5, "height_in": 4.9, "dpi": 300}, …}
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

#include "attnscope/trace.h"
#include "figure.h"
#include "session.h"

namespace render {

// What an export writes.
enum class Format { Png, Svg, Pdf, Csv, Npy, Json };
QString formatName(Format f);                              // "png", …: also the file extension
std::optional<Format> formatFromName(const QString& name);  // case-insensitive
bool isFigureFormat(Format f);                             // PNG, SVG, PDF
QStringList formatNames();

// The views a recipe can draw, by their stable ids (TraceView::viewId()).
QStringList viewNames();  // heads, head, mask, flow, lines
QString cellModeName(CellMode m);  // "image", "rects"
std::optional<CellMode> cellModeFromName(const QString& name);

struct Recipe {
    static constexpr int kVersion = 1;

    // --- input ---
    QString modelPath;      // absolute path of the model file (or folder)
    QString modelSha256;    // hex digest of the model file; "" when unknown
    bool demo = false;      // the bundled demo model: found again on another install
    QString tokenizerPath;  // "" : the model's own (metadata, or files beside it)
    bool hasText = true;    // false: `tokens` is the input
    QString text;
    std::vector<int> tokens;  // the ids the text gave (checked on replay), or the input
    bool bidirectional = false;
    std::vector<attnscope::HeadRef> ablate;

    // --- what to draw ---
    QString view = QStringLiteral("head");
    MatrixKind kind = MatrixKind::Weights;  // head view: weights or raw scores
    int layer = 0;
    int head = 0;
    std::vector<int> layers;  // heads view: which layers (empty: all)
    int columns = 0;          // heads view: panels per row (0: one row per layer)
    std::vector<int> heads;   // lines view: heads overlaid (empty: just `head`)
    int focus = -1;           // lines view: the one query shown (-1: all)
    int node = -1;            // flow view: the highlighted stage (-1: none)

    // --- how it looks ---
    ColorMapId colormap = ColorMapId::Viridis;
    Scale scale = Scale::Linear;
    CellMode cells = CellMode::Image;
    QString fontFamily;       // "" : the application font's family
    double fontPoints = 9;
    bool showTitle = true;
    bool showColorBar = true;
    QString language;         // locale the figure's words were translated to ("" : English)

    // --- output ---
    Format format = Format::Png;
    double widthIn = 0;       // physical size in inches; 0: the figure's natural size at 96 px/in
    double heightIn = 0;
    double dpi = 300;         // PNG pixels per inch (vector formats record it only)
};

// JSON text of a recipe (members in a fixed order, ending in a newline).
QByteArray recipeToJson(const Recipe& r);
// Parses a recipe; relative model/tokenizer paths are taken relative to
// `baseDir`. Throws attnscope::Error(BadFormat) naming the bad member.
Recipe recipeFromJson(const QByteArray& json, const QString& baseDir = {});
Recipe readRecipe(const QString& path);                  // throws Error(Io | BadFormat)
void writeRecipe(const Recipe& r, const QString& path);  // throws Error(Io)

// Lower-case hex SHA-256 of a file (of every file in a folder, by name, for a
// model folder). Throws Error(Io).
QString fileSha256(const QString& path);

// The style a recipe asks for: white background, dark text, its colour map,
// scale, cell mode and font. The font is unhinted so that text is laid out the
// same at every resolution (screen preview, 300 dpi PNG, SVG, PDF).
Style recipeStyle(const Recipe& r);
// The family a recipe with fontFamily "" draws with.
QString defaultFontFamily();
// The locale the figures' words are drawn in now: QLocale().name() when a
// translation of them is installed, "" for the untranslated English.
QString figureLanguage();

// Throws Error(InvalidArgument) naming the first field that does not fit a
// model with `nLayer` layers and `nHead` heads and an input of T tokens.
void checkRecipe(const Recipe& r, int nLayer, int nHead, int T);
// The figure of `r`'s view: the same classes, with the same arguments, as the
// GUI's views. Throws Error(InvalidArgument) (see checkRecipe).
std::unique_ptr<Figure> makeFigure(const Recipe& r, const FigureData& data);

// A recipe's input made real: the model opened (its hash checked against the
// recipe's when `checkHash`), the text tokenized, the model run.
struct RecipeRun {
    Document doc;
    Tokenized tokens;
    std::shared_ptr<const attnscope::Trace> trace;
    FigureData data;
};
// Throws attnscope::Error: the model cannot be opened, its SHA-256 differs from
// the recipe's, or the text no longer gives the recorded tokens.
RecipeRun runRecipe(const Recipe& r, bool checkHash = true);

}  // namespace render
