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

#include "attnscope/run/generate.h"
#include "attnscope/run/trace.h"
#include "render/figures/compare_figure.h"
#include "render/figures/figure.h"
#include "render/format.h"
#include "render/figures/heads_grid_figure.h"

namespace session {

using render::CellMode;
using render::ColorMapId;
using render::Format;
using render::MatrixKind;
using render::Scale;

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
    std::vector<attnscope::Knockout> knockout;  // blocked attention edges ("knockout": ["2.*:9>4", ...])
    // Generation: with `generate` > 0 the text (or tokens) is the prompt, and
    // the figure shows it followed by the model's next `generate` tokens, made
    // again on replay (greedy, or sampled from the seed: the same ids on any
    // machine and thread count). `tokens` keeps the prompt's ids.
    int generate = 0;
    attnscope::SamplingOptions sampling;
    bool ignoreEos = false;

    // --- what to draw ---
    QString view = QStringLiteral("head");  // a registered view id (views.h)
    // head view: weights, raw scores or value-weighted norms; heads and lines
    // views: weights or norms (viewShowsKind)
    MatrixKind kind = MatrixKind::Weights;
    int layer = 0;
    int head = 0;
    std::vector<int> layers;  // heads view: which layers (empty: all)
    int columns = 0;          // heads view: panels per row (0: one row per layer)
    std::vector<int> heads;   // lines view: heads overlaid (empty: just `head`)
    int focus = -1;           // lines view: the one query shown (-1: all); attribution view: the position P (-1: last)
    int node = -1;            // flow view: the highlighted stage (-1: none)
    render::Pooling pooling = render::Pooling::Max;             // heads view: how a tile's pixels pool tokens
    render::TileScale tileScale = render::TileScale::PerTile;  // heads view: each tile to its own max, or shared
    QString compareText;      // compare view: B is this text on the same model, or
    QString compareModel;     // B is the same tokens on this model file (absolute; wins over compareText)
    render::CompareMode compareMode = render::CompareMode::SideBySide;  // compare view: A | B | B − A, or B − A
    QString method = QStringLiteral("relevance");  // attribution view: grad, grad-input, ig or relevance (attribution.h)
    int target = -1;          // attribution view: the target id (-1: the next token, or the top prediction)

    // --- how it looks ---
    ColorMapId colormap = ColorMapId::Viridis;
    // The window's default (View ▸ Scale): each query's strongest key bright
    // however long the text; linear made a long text's head one dark triangle.
    Scale scale = Scale::RowNormalized;
    CellMode cells = CellMode::Image;
    QString fontFamily;       // "" : the application font's family
    double fontPoints = 9;
    bool showTitle = true;
    bool showColorBar = true;
    bool runNote = true;      // a line under the figure naming bidirectional attention and ablated heads
    QString language;         // locale the figure's words were translated to ("" : English)

    // --- output ---
    Format format = Format::Png;
    double widthIn = 0;       // physical size in inches; 0: the figure's natural size at 96 px/in
    double heightIn = 0;
    double dpi = 300;         // PNG pixels per inch (vector formats record it only)
};

// JSON text of a recipe (members in a fixed order, ending in a newline). Of the
// members only some views use, it writes those the recipe's view registers.
QByteArray recipeToJson(const Recipe& r);
// Parses a recipe; its view must be registered. Relative model/tokenizer paths are taken relative to
// `baseDir`. Throws attnscope::Error(BadFormat) naming the bad member.
Recipe recipeFromJson(const QByteArray& json, const QString& baseDir = {});
Recipe readRecipe(const QString& path);                  // throws Error(Io | BadFormat)
void writeRecipe(const Recipe& r, const QString& path);  // throws Error(Io)

// Whether view `viewId` draws `kind`: weights everywhere; value-weighted
// norms in the head, heads and lines views; raw scores in the head view (and
// in views that read no kind, which ignore it as they always have).
bool viewShowsKind(const QString& viewId, MatrixKind kind);

// Throws Error(InvalidArgument) naming the first field that does not fit a
// model with `nLayer` layers and `nHead` heads and an input of T tokens.
void checkRecipe(const Recipe& r, int nLayer, int nHead, int T);
}  // namespace session
