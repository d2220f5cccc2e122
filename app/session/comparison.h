#pragma once
// A comparison (attnscope/compare.h) as the GUI and the CLI make it: trace A
// is the document's run; B is either a second text on the same model (cropped
// to the context as A is) or A's tokens on a second model of the same shape.
// B runs with A's options (mask, ablated heads) and the caller's attention
// budget, so it holds no more memory than A.
//
// The view registry's "compare" figure and data find the comparison of a
// recipe here: whoever made one (the GUI's Comparer, runRecipe) remembers it
// while holding it; the registry keeps only weak references.
#include <QString>
#include <QStringList>
#include <memory>

#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"
#include "session/document.h"
#include "session/recipe.h"
#include "render/figures/compare_figure.h"
#include "render/data.h"
#include "session/tokenize.h"

namespace session {

// What B is.
struct CompareSpec {
    enum Kind { None, Text, Model };
    Kind kind = None;
    QString text;       // Text: the second text
    QString modelPath;  // Model: the second model file (absolute)

    static CompareSpec ofText(const QString& text) { return {Text, text, {}}; }
    static CompareSpec ofModel(const QString& path) { return {Model, {}, path}; }
    // The B a recipe names (compare_model wins over compare_text).
    static CompareSpec ofRecipe(const Recipe& r);
    // Sets the recipe's compare_text / compare_model.
    void fill(Recipe& r) const;
    bool operator==(const CompareSpec&) const = default;
};

struct Comparison {
    CompareSpec spec;
    std::shared_ptr<const attnscope::Trace> a, b;
    QStringList aLabels, bLabels;  // display labels per token
    QStringList aTexts, bTexts;    // exact token texts
    QString aName, bName;          // the models' display names
    int bDropped = 0;              // B's tokens cropped from the front (a text past the context)

    int common() const { return a && b ? std::min(a->T(), b->T()) : 0; }
    // "the text" / "model ckpt.safetensors", for titles.
    QString aCaption() const;
    QString bCaption() const;
    render::CompareData figureData() const;
};

// A's run options for B: its mask and ablated heads, with `budget` and `threads`.
attnscope::RunOptions optionsLike(const attnscope::Trace& a, int64_t budget, int threads);

// B = `text` on `doc`'s model, tokenized and cropped like A (`crop`). Throws
// attnscope::Error: Error(EmptyInput) for a text with no tokens,
// Error(ContextOverflow) when `crop` refuses it, Error(Cancelled) from `progress`.
Comparison compareWithText(const Document& doc, std::shared_ptr<const attnscope::Trace> a, const Tokenized& aTokens,
                           const QString& text, const attnscope::RunOptions& options, CropPolicy crop,
                           const attnscope::Progress& progress = {});

// B = A's tokens on `modelB`. Throws Error(ShapeMismatch) naming both shapes
// when n_layer or n_head differ, Error(InvalidArgument) for a token outside
// B's vocabulary, Error(ContextOverflow) past B's context.
Comparison compareWithModel(const Document& modelB, const Document& docA, std::shared_ptr<const attnscope::Trace> a,
                            const Tokenized& aTokens, const attnscope::RunOptions& options,
                            const attnscope::Progress& progress = {});

// The comparison `r` describes, for `docA`'s run in `a` (the CLI and recipes).
// Throws Error(InvalidArgument) when the recipe names no B.
Comparison runComparison(const Recipe& r, const Document& docA, std::shared_ptr<const attnscope::Trace> a,
                         const Tokenized& aTokens, int64_t budget = int64_t(1) << 30);

// Remembers `c` for the registry while someone else holds it (weakly).
void rememberComparison(const std::shared_ptr<const Comparison>& c);
// The remembered comparison of trace `a` and `r`'s B, or null.
std::shared_ptr<const Comparison> rememberedComparison(const Recipe& r, const attnscope::Trace& a);

// The data a compare recipe exports: CSV the (Tc, Tc) difference B − A with the
// common positions' labels; NPY and JSON the (3, Tc, Tc) stack A, B, B − A.
render::DataBlock comparisonData(const Comparison& c, int layer, int head, bool csv);

}  // namespace session
