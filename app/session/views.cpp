#include "session/views.h"

#include <QCoreApplication>
#include <algorithm>
#include <functional>
#include <memory>

#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/explain/rollout.h"
#include "session/ablation_cache.h"
#include "session/comparison.h"
#include "render/figures/compare_figure.h"
#include "render/figures/ablation_figure.h"
#include "session/recipe_run.h"
#include "render/figures/shape_flow_figure.h"
#include "render/figures/heads_grid_figure.h"
#include "render/figures/head_figure.h"
#include "render/figures/token_lines_figure.h"
#include "render/figures/noted_figure.h"
#include "render/figures/rollout_figure.h"
#include "render/norms.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;
using render::DataBlock;
using render::FigureData;
using render::Format;
using render::MatrixKind;
using render::Style;

// views_attribution.cpp
ViewDescriptor attributionView();

namespace {

const std::vector<Format> kAllFormats = {Format::Png, Format::Svg, Format::Pdf,
                                         Format::Csv, Format::Npy, Format::Json};

void append(DataBlock& d, const attnscope::MatrixRM& m) { d.values.insert(d.values.end(), m.data(), m.data() + m.size()); }

// A stack of (T, T) matrices, read a band of rows at a time by `read(i, a,
// b, out)`: rows [a, b) of the i-th, written to `out` ((b - a) x T floats),
// straight into the exporter's buffer. The block reads `trace`, which must
// outlive it. An empty read first: what cannot be read at all (scores without
// the model) fails here, not in the middle of a file.
using HeadBand = std::function<void(size_t i, int a, int b, float* out)>;
void readBands(DataBlock& d, const attnscope::Trace& trace, HeadBand read) {
    float none = 0.0f;
    read(0, 0, 0, &none);
    const int T = trace.T();
    d.band = [T, read = std::move(read)](int64_t r0, int64_t r1, float* out) {
        for (int64_t r = r0; r < r1;) {
            const int64_t i = r / T;
            const int a = int(r % T), b = int(std::min<int64_t>(T, a + (r1 - r)));
            read(size_t(i), a, b, out);
            out += int64_t(b - a) * T;
            r += b - a;
        }
    };
}

// One head's (T, T) weights, scores or norms.
DataBlock oneHead(const attnscope::Trace& trace, int layer, int head, MatrixKind kind = MatrixKind::Weights) {
    DataBlock d;
    d.what = render::kindName(kind);
    d.layers = {layer};
    d.heads = {head};
    d.shape = {trace.T(), trace.T()};
    const int threads = attnscope::default_thread_count();
    readBands(d, trace, [&trace, layer, head, kind, threads](size_t, int a, int b, float* out) {
        render::headMatrixInto(trace, kind, layer, head, a, b, out, threads);
    });
    return d;
}

QString layerHead(const Recipe& r) { return QStringLiteral("_L%1_H%2").arg(r.layer).arg(r.head); }
// "head", "head-scores", "heads-norms": a file of another kind than weights says so.
QString kindStem(const QString& base, const Recipe& r) {
    return r.kind == MatrixKind::Weights ? base : base + QLatin1Char('-') + render::kindName(r.kind);
}

// The heads a lines recipe overlays (just `head` when it names none).
std::vector<int> linesHeads(const Recipe& r) { return r.heads.empty() ? std::vector<int>{r.head} : r.heads; }

// Whether a view's data is one (T, T) matrix, for views whose data always or
// never is.
bool alwaysOneMatrix(const Recipe&) { return true; }
bool neverOneMatrix(const Recipe&) { return false; }

// --- heads: every head of the chosen layers ---

std::unique_ptr<render::Figure> headsGridFigure(const Recipe& r, const FigureData& d, const Style& s) {
    render::GridOptions o;
    o.pooling = r.pooling;
    o.tileScale = r.tileScale;
    o.kind = r.kind;
    return std::make_unique<render::HeadsGridFigure>(d, s, r.layers, r.columns, o);
}

DataBlock headsGridData(const Recipe& r, const attnscope::Trace& trace) {
    DataBlock d;
    d.what = render::kindName(r.kind);
    d.layers = r.layers;
    if (d.layers.empty())
        for (int l = 0; l < trace.n_layer(); ++l) d.layers.push_back(l);
    for (int h = 0; h < trace.n_head(); ++h) d.heads.push_back(h);
    d.shape = {int64_t(d.layers.size()), trace.n_head(), trace.T(), trace.T()};
    const int threads = attnscope::default_thread_count(), H = trace.n_head();
    readBands(d, trace, [&trace, layers = d.layers, H, threads, kind = r.kind](size_t i, int a, int b, float* out) {
        render::headMatrixInto(trace, kind, layers[i / size_t(H)], int(i % size_t(H)), a, b, out, threads);
    });
    return d;
}

QString headsGridStem(const Recipe& r) {
    QString base = kindStem(QStringLiteral("heads"), r);
    if (!r.layers.empty()) {
        QStringList ls;
        for (const int l : r.layers) ls << QString::number(l);
        base += QStringLiteral("_L") + ls.join(QLatin1Char('-'));
    }
    return base;
}

ViewDescriptor headsGridView() {
    return {
        .id = QStringLiteral("heads"),
        .title = QT_TRANSLATE_NOOP("session::Views", "H&eads"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Heads grid"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "every head of every layer as a small heatmap"),
        .tabOrder = 0,
        .widget = ViewWidget::HeadsGrid,
        .reads = 0,
        .fields = {RecipeField::Kind, RecipeField::Layers, RecipeField::Columns, RecipeField::Pooling,
                   RecipeField::TileScale},
        .formats = kAllFormats,
        .cellModes = true,
        .figure = headsGridFigure,
        .data = headsGridData,
        .oneMatrix = neverOneMatrix,
        .fileStem = headsGridStem,
    };
}

// --- head: one head's weights, scores or norms ---

ViewDescriptor headDetailView() {
    return {
        .id = QStringLiteral("head"),
        .title = QT_TRANSLATE_NOOP("session::Views", "Head &detail"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Head detail"),
        .summary = QT_TRANSLATE_NOOP("session::Views",
                                     "one head's full T x T weights (or raw scores or value-weighted norms) with "
                                     "tokens on both axes"),
        .tabOrder = 1,
        .widget = ViewWidget::HeadDetail,
        .reads = ReadsLayer | ReadsHead | ReadsQuery | ReadsUpToItsLayer,
        .fields = {RecipeField::Kind},
        .formats = kAllFormats,
        .cellModes = true,
        .figure = [](const Recipe& r, const FigureData& d, const Style& s) -> std::unique_ptr<render::Figure> {
            return std::make_unique<render::HeadFigure>(d, r.layer, r.head, r.kind, s);
        },
        .data = [](const Recipe& r, const attnscope::Trace& trace) {
            return oneHead(trace, r.layer, r.head, r.kind);
        },
        .oneMatrix = alwaysOneMatrix,
        .fileStem = [](const Recipe& r) { return kindStem(QStringLiteral("head"), r) + layerHead(r); },
    };
}

// --- mask: which keys each query may attend to ---

// The model's mask, the same for every head, unless knockouts block edges:
// then the recipe's head's own mask.
std::unique_ptr<render::Figure> maskFigure(const Recipe& r, const FigureData& d, const Style& s) {
    return std::make_unique<render::HeadFigure>(d, r.knockout.empty() ? 0 : r.layer, r.knockout.empty() ? 0 : r.head,
                                                MatrixKind::Mask, s);
}

DataBlock maskData(const Recipe& r, const attnscope::Trace& trace) {
    DataBlock d;
    d.what = QStringLiteral("mask");
    d.shape = {trace.T(), trace.T()};
    const bool plain = r.knockout.empty() || trace.imported;
    if (!plain) {
        d.layers = {r.layer};
        d.heads = {r.head};
    }
    readBands(d, trace, [&trace, plain, layer = r.layer, head = r.head](size_t, int a, int b, float* out) {
        if (plain) trace.model_mask_into(a, b, out);
        else trace.mask_into(layer, head, a, b, out);
    });
    return d;
}

QString maskStem(const Recipe& r) {
    const QString base = r.bidirectional ? QStringLiteral("mask_bidirectional") : QStringLiteral("mask");
    return r.knockout.empty() ? base : base + layerHead(r);
}

ViewDescriptor maskView() {
    return {
        .id = QStringLiteral("mask"),
        .title = QT_TRANSLATE_NOOP("session::Views", "&Mask"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Mask"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "which keys each query may attend to"),
        .tabOrder = 2,
        .widget = ViewWidget::Mask,
        .reads = ReadsUpToItsLayer,
        .fields = {},
        .formats = kAllFormats,
        .cellModes = true,
        .figure = maskFigure,
        .data = maskData,
        .oneMatrix = alwaysOneMatrix,
        .fileStem = maskStem,
    };
}

// --- flow: one block's tensors and their shapes ---

ViewDescriptor shapeFlowView() {
    return {
        .id = QStringLiteral("flow"),
        .title = QT_TRANSLATE_NOOP("session::Views", "Sh&ape flow"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Shape flow"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "the tensors of one block's forward pass with their shapes"),
        .tabOrder = 3,
        .widget = ViewWidget::ShapeFlow,
        .reads = ReadsLayer | ReadsHead,
        .fields = {RecipeField::Node},
        .formats = kAllFormats,
        .cellModes = false,
        .figure = [](const Recipe& r, const FigureData& d, const Style& s) -> std::unique_ptr<render::Figure> {
            return std::make_unique<render::ShapeFlowFigure>(d, r.layer, r.head, s, r.node);
        },
        .data = [](const Recipe& r, const attnscope::Trace& trace) { return oneHead(trace, r.layer, r.head); },
        .oneMatrix = alwaysOneMatrix,
        .fileStem = [](const Recipe& r) { return QStringLiteral("flow") + layerHead(r); },
    };
}

// --- lines: BertViz-style lines, one head or a layer's heads overlaid ---

std::unique_ptr<render::Figure> tokenLinesFigure(const Recipe& r, const FigureData& d, const Style& s) {
    return std::make_unique<render::TokenLinesFigure>(d, r.layer, linesHeads(r), s, r.focus, r.kind);
}

DataBlock tokenLinesData(const Recipe& r, const attnscope::Trace& trace) {
    const std::vector<int> heads = linesHeads(r);
    if (heads.size() == 1) return oneHead(trace, r.layer, heads[0], r.kind);
    DataBlock d;
    d.what = render::kindName(r.kind);
    d.layers = {r.layer};
    d.heads = heads;
    d.shape = {int64_t(heads.size()), trace.T(), trace.T()};
    const int threads = attnscope::default_thread_count();
    readBands(d, trace, [&trace, heads, layer = r.layer, threads, kind = r.kind](size_t i, int a, int b, float* out) {
        render::headMatrixInto(trace, kind, layer, heads[i], a, b, out, threads);
    });
    return d;
}

QString tokenLinesStem(const Recipe& r) {
    const QString base = kindStem(QStringLiteral("lines"), r);
    return r.heads.size() > 1 ? base + QStringLiteral("_L%1_overlay").arg(r.layer) : base + layerHead(r);
}

ViewDescriptor tokenLinesView() {
    return {
        .id = QStringLiteral("lines"),
        .title = QT_TRANSLATE_NOOP("session::Views", "Token &lines"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Token lines"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "BertViz-style lines from each query to the keys it attends to"),
        .tabOrder = 4,
        .widget = ViewWidget::TokenLines,
        .reads = ReadsLayer | ReadsHead | ReadsQuery | ReadsUpToItsLayer,
        .fields = {RecipeField::Kind, RecipeField::Heads, RecipeField::Focus},
        .formats = kAllFormats,
        .cellModes = false,
        .figure = tokenLinesFigure,
        .data = tokenLinesData,
        .oneMatrix = [](const Recipe& r) { return r.heads.size() <= 1; },
        .fileStem = tokenLinesStem,
    };
}

// --- rollout: attention rolled out through every layer ---

DataBlock rolloutData(const Recipe&, const attnscope::Trace& trace) {
    DataBlock d;
    d.what = QStringLiteral("rollout");
    d.shape = {trace.T(), trace.T()};
    append(d, attnscope::attention_rollout(trace));
    return d;
}

ViewDescriptor rolloutView() {
    return {
        .id = QStringLiteral("rollout"),
        .title = QT_TRANSLATE_NOOP("session::Views", "Rollou&t"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Attention rollout"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "attention rolled out through every layer (Abnar & Zuidema, 2020)"),
        .tabOrder = 5,
        .widget = ViewWidget::Figure,
        .reads = ReadsQuery,
        .fields = {RecipeField::Focus},
        .formats = kAllFormats,
        .cellModes = true,
        .figure = [](const Recipe& r, const FigureData& d, const Style& s) -> std::unique_ptr<render::Figure> {
            return std::make_unique<render::RolloutFigure>(d, r.focus, s);
        },
        .data = rolloutData,
        .oneMatrix = alwaysOneMatrix,
        .fileStem = [](const Recipe&) { return QStringLiteral("rollout"); },
    };
}

// --- ablation: each head's effect on the text's loss ---

std::unique_ptr<render::Figure> ablationFigure(const Recipe&, const FigureData& d, const Style& s) {
    return std::make_unique<render::AblationFigure>(ablationScanFor(*d.trace), d.trace->n_layer(), d.trace->n_head(),
                                                    d.modelName, s);
}

DataBlock ablationData(const Recipe&, const attnscope::Trace& trace) {
    const attnscope::AblationScan scan = ablationScanFor(trace);
    DataBlock d;
    d.what = QStringLiteral("delta_loss");
    d.shape = {trace.n_layer(), trace.n_head()};
    for (int l = 0; l < trace.n_layer(); ++l) {
        d.layers.push_back(l);
        d.rowLabels << QStringLiteral("L%1").arg(l);
    }
    for (int h = 0; h < trace.n_head(); ++h) {
        d.heads.push_back(h);
        d.colLabels << QStringLiteral("H%1").arg(h);
    }
    for (const attnscope::HeadAblation& h : scan.heads) d.values.push_back(float(h.delta));
    return d;
}

ViewDescriptor ablationView() {
    return {
        .id = QStringLiteral("ablation"),
        .title = QT_TRANSLATE_NOOP("session::Views", "A&blation"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Ablation scan"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "the change in the text's loss when each head alone is ablated"),
        .tabOrder = 6,
        .widget = ViewWidget::Ablation,
        .reads = 0,
        .fields = {},
        .formats = kAllFormats,
        .cellModes = false,
        .figure = ablationFigure,
        .data = ablationData,
        .oneMatrix = alwaysOneMatrix,
        .fileStem = [](const Recipe&) { return QStringLiteral("ablation"); },
    };
}

// --- compare: one head of two texts or two models, and B − A ---

// The comparison made for this trace and B (by the GUI or runRecipe); without
// one the figure says how to choose B.
std::unique_ptr<render::Figure> compareFigure(const Recipe& r, const FigureData& d, const Style& s) {
    render::CompareData data;
    data.a = d;
    if (const auto c = rememberedComparison(r, *d.trace)) data = c->figureData();
    return std::make_unique<render::CompareFigure>(data, r.layer, r.head, r.compareMode, s);
}

DataBlock compareData(const Recipe& r, const attnscope::Trace& trace) {
    const auto c = rememberedComparison(r, trace);
    if (!c)
        throw Error(ErrorCode::InvalidArgument,
                    "there is no comparison to export: choose B first (--compare-text or --compare-model)");
    return comparisonData(*c, r.layer, r.head, r.format == Format::Csv);
}

QString compareStem(const Recipe& r) {
    return (r.compareMode == render::CompareMode::Difference ? QStringLiteral("compare-difference")
                                                              : QStringLiteral("compare")) +
           layerHead(r);
}

ViewDescriptor compareView() {
    return {
        .id = QStringLiteral("compare"),
        .title = QT_TRANSLATE_NOOP("session::Views", "&Compare"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Compare"),
        .summary = QT_TRANSLATE_NOOP("session::Views", "one head of two texts, or of two models of one shape, and B − A"),
        .tabOrder = 7,
        .widget = ViewWidget::Compare,
        .reads = ReadsLayer | ReadsHead,
        .fields = {RecipeField::Compare, RecipeField::CompareMode},
        .formats = kAllFormats,
        .cellModes = true,
        .figure = compareFigure,
        .data = compareData,
        .oneMatrix = alwaysOneMatrix,
        .fileStem = compareStem,
    };
}

std::vector<ViewDescriptor> makeViews() {
    return {headsGridView(),  headDetailView(), maskView(),    shapeFlowView(), tokenLinesView(),
            rolloutView(),    ablationView(),   compareView(), attributionView()};
}

}  // namespace

const char* recipeFieldName(RecipeField f) {
    switch (f) {
    case RecipeField::Kind: return "kind";
    case RecipeField::Layers: return "layers";
    case RecipeField::Columns: return "columns";
    case RecipeField::Heads: return "heads";
    case RecipeField::Focus: return "focus";
    case RecipeField::Node: return "node";
    case RecipeField::Pooling: return "pooling";
    case RecipeField::TileScale: return "tile_scale";
    case RecipeField::Compare: return "compare";
    case RecipeField::CompareMode: return "compare_mode";
    case RecipeField::Method: return "method";
    case RecipeField::Target: return "target";
    }
    return "";
}

bool ViewDescriptor::uses(RecipeField f) const { return std::find(fields.begin(), fields.end(), f) != fields.end(); }
bool ViewDescriptor::exports(Format f) const { return std::find(formats.begin(), formats.end(), f) != formats.end(); }

const std::vector<ViewDescriptor>& views() {
    static const std::vector<ViewDescriptor> all = [] {
        std::vector<ViewDescriptor> v = makeViews();
        std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.tabOrder < b.tabOrder; });
        return v;
    }();
    return all;
}

const ViewDescriptor* findView(const QString& id) {
    for (const ViewDescriptor& v : views())
        if (v.id == id) return &v;
    return nullptr;
}

const ViewDescriptor& viewFor(ViewWidget widget) {
    for (const ViewDescriptor& v : views())
        if (v.widget == widget) return v;
    throw Error(ErrorCode::InvalidArgument, "no view is shown in that widget");
}

QStringList viewIds() {
    QStringList ids;
    for (const ViewDescriptor& v : views()) ids << v.id;
    return ids;
}

const ViewDescriptor& viewOf(const QString& id) {
    if (const ViewDescriptor* v = findView(id)) return *v;
    const std::string s = "view '" + id.toStdString() + "' is not one of " + viewIds().join(", ").toStdString();
    throw Error(ErrorCode::InvalidArgument, s, {s});
}

QString viewTitle(const ViewDescriptor& v) { return QCoreApplication::translate("session::Views", v.title); }
QString viewMenuText(const ViewDescriptor& v) { return QCoreApplication::translate("session::Views", v.menuText); }
QString viewShortcut(const ViewDescriptor& v) { return QStringLiteral("Ctrl+%1").arg(v.tabOrder + 1); }

namespace {
// The layers a recipe's ablations and knockouts may name: the model's, also
// when the run stopped after the recipe's layer (Trace::partial).
int modelLayers(const attnscope::Trace& t) { return t.partial() ? t.config.n_layer : t.n_layer(); }
}  // namespace

std::unique_ptr<render::Figure> makeFigure(const Recipe& r, const FigureData& data) {
    if (!data.trace) throw Error(ErrorCode::InvalidArgument, "there is no trace to draw");
    checkRecipe(r, modelLayers(*data.trace), data.trace->n_head(), data.T());
    const render::Style style = recipeStyle(r);
    std::unique_ptr<render::Figure> fig = viewOf(r.view).figure(r, data, style);
    return r.runNote ? render::withRunNote(std::move(fig), *data.trace, style) : std::move(fig);
}

DataBlock dataFor(const Recipe& r, const attnscope::Trace& trace) {
    checkRecipe(r, modelLayers(trace), trace.n_head(), trace.T());
    return viewOf(r.view).data(r, trace);
}

bool csvPossible(const Recipe& r) {
    const ViewDescriptor* v = findView(r.view);
    return v && v->exports(Format::Csv) && v->oneMatrix(r);
}

}  // namespace session
