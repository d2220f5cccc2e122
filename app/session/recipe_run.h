#pragma once
// A recipe made real: the model it names opened (and its hash checked), its
// input tokenized, the model run; and the style its figure is drawn in.
#include <QString>
#include <memory>

#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"
#include "session/comparison.h"
#include "session/document.h"
#include "session/recipe.h"
#include "render/figures/figure.h"
#include "session/tokenize.h"

namespace session {

// Lower-case hex SHA-256 of a file (of every file in a folder, by name, for a
// model folder). Throws Error(Io).
QString fileSha256(const QString& path);

// The style a recipe asks for: white background, dark text, its colour map,
// scale, cell mode and font. The font is unhinted so that text is laid out the
// same at every resolution (screen preview, 300 dpi PNG, SVG, PDF).
render::Style recipeStyle(const Recipe& r);
// The family a recipe with fontFamily "" draws with.
QString defaultFontFamily();
// The locale the figures' words are drawn in now: QLocale().name() when a
// translation of them is installed, "" for the untranslated English.
QString figureLanguage();

// A view that draws from attention weights alone, and so works on a trace
// file (attnscope/trace_file.h) without the model.
bool worksOnTraceFiles(const QString& viewId);

struct RecipeRun {
    Document doc;
    Tokenized tokens;
    std::shared_ptr<const attnscope::Trace> trace;
    render::FigureData data;
    // The compare view's B (remembered for the registry while this is held).
    std::shared_ptr<const Comparison> comparison;
    // With Recipe::generate: how many of tokens.ids the model made (after the
    // prompt), and why it stopped.
    int generated = 0;
    attnscope::StopReason stop = attnscope::StopReason::MaxNew;
};
// A trace file in place of the model is opened, not run: its tokens are the
// input (the recipe must give no text). A compare recipe also runs its B. Throws attnscope::Error: the model cannot be opened, its SHA-256 differs from
// the recipe's, or the text no longer gives the recorded tokens.
// `given`, when not null, is run in place of the recipe's model file (the CLI's
// --random: a model that has no file). With `upToItsLayer`, a view that reads
// no later block (ReadsUpToItsLayer) runs only the blocks up to the recipe's
// layer: the trace is partial, for that one figure or CSV/NPY file (the CLI's
// single export; JSON lists every block's stages, so it runs them all).
// `progress` is passed to the model's run.
RecipeRun runRecipe(const Recipe& r, bool checkHash = true, const Document* given = nullptr,
                    bool upToItsLayer = false, const attnscope::Progress& progress = {});

}  // namespace session
