#pragma once
// The view registry: one descriptor per view, the only place a view's id is
// spelled out. The GUI's tabs and View menu, the CLI's --view values and usage
// text, recipe reading and writing, file names and the Export dialog all read
// it. Adding a view is a descriptor in views.cpp plus its figure file in
// render/ (see the README's "Adding a view").
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

#include "attnscope/run/trace.h"
#include "session/recipe.h"
#include "render/data.h"
#include "render/figures/figure.h"
#include "render/format.h"

namespace session {

// The widget the GUI shows a view in. Figure: the generic one, which draws the
// descriptor's figure for the current selection; the others add controls
// (zoom, a layer filter, clickable nodes) around their figure.
enum class ViewWidget { HeadsGrid, HeadDetail, Mask, ShapeFlow, TokenLines, Ablation, Compare, Attribution, Figure };

// What a view's figure follows of the shared selection (and of a recipe's
// layer and head): a change of anything else does not change its picture.
// Views that read the head can be exported one file per head (--all-heads).
enum ViewReads : unsigned {
    ReadsLayer = 1u << 0,
    ReadsHead = 1u << 1,
    ReadsQuery = 1u << 2,
    // Its figure and data read no block after the recipe's layer: an export
    // runs only the blocks up to it (RunOptions::layers).
    ReadsUpToItsLayer = 1u << 3,
};

// Recipe members only some views use. A recipe's JSON carries the ones its
// view lists; the common members (model, text, layer, head, colours, size…)
// every recipe carries.
// Compare writes "compare_text" or "compare_model" (what B is); CompareMode "compare_mode".
enum class RecipeField { Kind, Layers, Columns, Heads, Focus, Node, Pooling, TileScale, Compare, CompareMode, Method, Target };
const char* recipeFieldName(RecipeField f);  // "kind", "layers", …, "compare", "compare_mode", "method", "target"

struct ViewDescriptor {
    QString id;             // stable: recipes, the CLI's --view, settings
    const char* title;      // tab title with its mnemonic (translated in the "session::Views" context)
    const char* menuText;   // View menu entry (translated likewise)
    const char* summary;    // what it shows, one line: CLI usage and tooltips
    int tabOrder;           // position among the GUI's tabs; Ctrl+<tabOrder + 1> shows it
    ViewWidget widget;
    unsigned reads;         // ViewReads
    std::vector<RecipeField> fields;
    std::vector<render::Format> formats;  // what Export offers for it
    bool cellModes;         // vector formats may draw its cells as rectangles
    // The figure of a recipe, drawn in `style` (checked recipe, trace present).
    std::function<std::unique_ptr<render::Figure>(const Recipe&, const render::FigureData&, const render::Style&)>
        figure;
    // The numbers behind it for CSV/NPY/JSON.
    std::function<render::DataBlock(const Recipe&, const attnscope::Trace&)> data;
    // Whether its data is one (T, T) matrix, which is all CSV can hold.
    std::function<bool(const Recipe&)> oneMatrix;
    // A file name without extension, e.g. "head_L1_H2".
    std::function<QString(const Recipe&)> fileStem;

    bool uses(RecipeField f) const;
    bool exports(render::Format f) const;
};

// Every view, in tab order.
const std::vector<ViewDescriptor>& views();
// The view of `id`, or null.
const ViewDescriptor* findView(const QString& id);
// The view of `id`, or Error(InvalidArgument) "view 'x' is not one of heads, …".
const ViewDescriptor& viewOf(const QString& id);
QStringList viewIds();
// The first view shown in `widget` (every widget kind but Figure has one).
const ViewDescriptor& viewFor(ViewWidget widget);
QString viewTitle(const ViewDescriptor& v);     // translated
QString viewMenuText(const ViewDescriptor& v);  // translated
QString viewShortcut(const ViewDescriptor& v);  // "Ctrl+1"

// The figure of `r`'s view: the same classes, with the same arguments, as the
// GUI's views, drawn in recipeStyle(r). Throws Error(InvalidArgument) (see
// checkRecipe).
std::unique_ptr<render::Figure> makeFigure(const Recipe& r, const render::FigureData& data);
// The matrix or stack `r`'s view shows (see render/data.h). Throws
// Error(InvalidArgument).
render::DataBlock dataFor(const Recipe& r, const attnscope::Trace& trace);
// Whether `r` can be written as CSV (a single (T, T) matrix).
bool csvPossible(const Recipe& r);

}  // namespace session
