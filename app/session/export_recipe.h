#pragma once
// A recipe written to a file: its view's figure as PNG/SVG/PDF through
// render/export.h, or its numbers as CSV/NPY/JSON through render/data.h.
#include <QString>
#include <QStringList>
#include <functional>

#include "session/recipe.h"
#include "render/figures/figure.h"

namespace session {

// `r` with its defaults made concrete, so that saving it pins the figure down:
// the font family, and the size (the figure's natural size when none is given;
// the other side by the natural aspect ratio when only one is).
Recipe resolveRecipe(const Recipe& r, const render::Figure* fig);

// Writes what `r` asks for from `data` to `path`: its view as a PNG, SVG or PDF
// figure, or the view's numbers as CSV, NPY (+ .tokens.json) or JSON.
// `tokenTexts` are the tokens' exact strings (for data files). Returns the
// resolved recipe (see resolveRecipe), ready to be saved beside the file.
// Throws attnscope::Error. `keepGoing`, when given, hears the fraction done
// (0 to 1) as data files are written a band at a time; returning false stops
// the export with Error(Cancelled) and nothing written.
Recipe exportRecipe(const Recipe& r, const render::FigureData& data, const QStringList& tokenTexts,
                    const QString& path, const std::function<bool(double)>& keepGoing = {});

// A file name for what `r` exports, e.g. "head_L1_H2.png", "heads.pdf".
QString defaultFileName(const Recipe& r);
// "fig.png" -> "fig.png.recipe.json": one recipe for each exported file.
QString recipePathFor(const QString& exportPath);

}  // namespace session
