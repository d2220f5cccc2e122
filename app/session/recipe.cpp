#include "session/recipe.h"

#include "session/attribution.h"

#include "session/knockout.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <charconv>
#include <string>

#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/formats/json.h"
#include "render/figures/figure.h"
#include "session/views.h"

namespace session {

using render::ColorMap;
using render::cellModeFromName;
using render::cellModeName;
using render::formatFromName;
using render::formatName;
using render::formatNames;
using render::kindFromName;
using render::kindName;
using render::scaleFromName;
using render::scaleName;

using attnscope::Error;
using attnscope::ErrorCode;
using attnscope::Json;

// ---------------------------------------------------------------- JSON text

namespace {

std::string q(const QString& s) { return attnscope::json_quote(s.toStdString()); }

std::string num(double d) {
    char buf[40];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, d);  // shortest form that reads back the same
    return std::string(buf, p);
}

std::string ints(const std::vector<int>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

const char* boolText(bool b) { return b ? "true" : "false"; }

}  // namespace

QByteArray recipeToJson(const Recipe& r) {
    std::string s = "{\n";
    auto line = [&](const char* key, const std::string& value) { s += "  \"" + std::string(key) + "\": " + value + ",\n"; };
    line("attnscope_recipe", std::to_string(Recipe::kVersion));
    line("model", "{\"path\": " + q(r.modelPath) + ", \"sha256\": " + q(r.modelSha256) +
                      ", \"demo\": " + boolText(r.demo) + "}");
    if (!r.tokenizerPath.isEmpty()) line("tokenizer", q(r.tokenizerPath));
    if (r.hasText) line("text", q(r.text));
    line("tokens", ints(r.tokens));
    line("bidirectional", boolText(r.bidirectional));
    std::string ab = "[";
    for (size_t i = 0; i < r.ablate.size(); ++i)
        ab += (i ? ", [" : "[") + std::to_string(r.ablate[i].layer) + ", " + std::to_string(r.ablate[i].head) + "]";
    line("ablate", ab + "]");
    if (!r.knockout.empty()) {  // in the --knockout syntax (knockout.h); absent when none
        std::string ko = "[";
        for (size_t i = 0; i < r.knockout.size(); ++i) ko += (i ? ", " : "") + q(QString::fromStdString(attnscope::format_knockout(r.knockout[i])));
        line("knockout", ko + "]");
    }
    if (r.generate > 0) {  // absent when the figure shows the input alone
        const attnscope::SamplingOptions& g = r.sampling;
        std::string gen = "{\"max_new\": " + std::to_string(r.generate) + ", \"greedy\": " + boolText(g.greedy);
        if (!g.greedy)
            gen += ", \"temperature\": " + num(g.temperature) + ", \"top_k\": " + std::to_string(g.top_k) +
                   ", \"top_p\": " + num(g.top_p) + ", \"seed\": \"" + std::to_string(g.rng_seed) + "\"";
        gen += ", \"ignore_eos\": ";
        gen += boolText(r.ignoreEos);
        gen += "}";
        line("generate", gen);
    }
    line("view", q(r.view));
    line("layer", std::to_string(r.layer));
    line("head", std::to_string(r.head));
    // The members of this view alone (a recipe of an unknown view gets none).
    const ViewDescriptor* view = findView(r.view);
    for (const RecipeField f : view ? view->fields : std::vector<RecipeField>{}) {
        switch (f) {
        case RecipeField::Kind: line("kind", q(kindName(r.kind))); break;
        case RecipeField::Layers: line("layers", ints(r.layers)); break;
        case RecipeField::Columns: line("columns", std::to_string(r.columns)); break;
        case RecipeField::Heads: line("heads", ints(r.heads)); break;
        case RecipeField::Focus: line("focus", std::to_string(r.focus)); break;
        case RecipeField::Node: line("node", std::to_string(r.node)); break;
        case RecipeField::Pooling: line("pooling", q(render::poolingName(r.pooling))); break;
        case RecipeField::TileScale: line("tile_scale", q(render::tileScaleName(r.tileScale))); break;
        case RecipeField::Compare:
            if (!r.compareModel.isEmpty()) line("compare_model", q(r.compareModel));
            else line("compare_text", q(r.compareText));
            break;
        case RecipeField::CompareMode: line("compare_mode", q(render::compareModeName(r.compareMode))); break;
        case RecipeField::Method: line("method", q(r.method)); break;
        case RecipeField::Target: line("target", std::to_string(r.target)); break;
        }
    }
    line("colormap", q(ColorMap::name(r.colormap)));
    line("scale", q(scaleName(r.scale)));
    line("cells", q(cellModeName(r.cells)));
    line("font", "{\"family\": " + q(r.fontFamily) + ", \"points\": " + num(r.fontPoints) + "}");
    line("language", q(r.language));
    line("title", boolText(r.showTitle));
    line("colorbar", boolText(r.showColorBar));
    line("run_note", boolText(r.runNote));
    line("format", q(formatName(r.format)));
    s += "  \"size\": {\"width_in\": " + num(r.widthIn) + ", \"height_in\": " + num(r.heightIn) +
         ", \"dpi\": " + num(r.dpi) + "}\n}\n";
    return QByteArray::fromStdString(s);
}

namespace {

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorCode::BadFormat, "recipe: " + what, {what}); }

const Json& need(const Json& obj, const char* key) {
    const Json* v = obj.find(key);
    if (!v) bad(std::string("member '") + key + "' is missing");
    return *v;
}

int toInt(const Json& v, const std::string& key, int lo, int hi) {
    if (!v.is_integer() || v.as_int() < lo || v.as_int() > hi)
        bad("'" + key + "' must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return int(v.as_int());
}

double toNumber(const Json& v, const std::string& key, double lo, double hi) {
    if (!v.is_number() || !(v.as_double() >= lo && v.as_double() <= hi))
        bad("'" + key + "' must be a number in [" + num(lo) + ", " + num(hi) + "]");
    return v.as_double();
}

bool toBool(const Json& v, const std::string& key) {
    if (!v.is_bool()) bad("'" + key + "' must be true or false");
    return v.as_bool();
}

QString toString(const Json& v, const std::string& key) {
    if (!v.is_string()) bad("'" + key + "' must be a string");
    return QString::fromStdString(v.as_string());
}

// "generate": {"max_new": N, "greedy": b, "temperature": t, "top_k": k, "top_p": p, "seed": "S", "ignore_eos": b}
void readGenerate(const Json& v, Recipe& r) {
    if (!v.is_object()) bad("'generate' must be an object");
    r.generate = toInt(need(v, "max_new"), "generate.max_new", 1, 1 << 20);
    r.sampling = {};
    if (const Json* g = v.find("greedy")) r.sampling.greedy = toBool(*g, "generate.greedy");
    if (!r.sampling.greedy) {
        r.sampling.temperature = toNumber(need(v, "temperature"), "generate.temperature", 1e-6, 1e6);
        r.sampling.top_k = toInt(need(v, "top_k"), "generate.top_k", 0, 1 << 30);
        r.sampling.top_p = toNumber(need(v, "top_p"), "generate.top_p", 1e-9, 1.0);
        const QString seed = toString(need(v, "seed"), "generate.seed");
        bool ok = false;
        r.sampling.rng_seed = seed.toULongLong(&ok);
        if (!ok) bad("'generate.seed' must be a whole number in a string, e.g. \"42\"");
    }
    if (const Json* e = v.find("ignore_eos")) r.ignoreEos = toBool(*e, "generate.ignore_eos");
}

std::vector<int> toInts(const Json& v, const std::string& key, int lo, int hi) {
    if (!v.is_array()) bad("'" + key + "' must be an array of integers");
    std::vector<int> out;
    for (const Json& x : v.items()) out.push_back(toInt(x, key + " item", lo, hi));
    return out;
}

QString resolvePath(const QString& p, const QString& baseDir) {
    if (p.isEmpty() || QFileInfo(p).isAbsolute() || baseDir.isEmpty()) return p;
    return QDir(baseDir).absoluteFilePath(p);
}

constexpr int kMaxIndex = 1 << 20;

}  // namespace

Recipe recipeFromJson(const QByteArray& json, const QString& baseDir) {
    const Json root = Json::parse(std::string_view(json.constData(), size_t(json.size())));
    if (!root.is_object()) bad("the file is not a JSON object");
    Recipe r;
    const int version = toInt(need(root, "attnscope_recipe"), "attnscope_recipe", 0, 1 << 30);
    if (version != Recipe::kVersion)
        bad("version " + std::to_string(version) + " is not one this AttnScope reads (it reads " +
            std::to_string(Recipe::kVersion) + ")");
    bool sawText = false, sawTokens = false;
    for (const auto& [key, v] : root.members()) {
        if (key == "attnscope_recipe") continue;
        if (key == "model") {
            if (!v.is_object()) bad("'model' must be an object with 'path' and 'sha256'");
            r.modelPath = resolvePath(toString(need(v, "path"), "model.path"), baseDir);
            if (const Json* h = v.find("sha256")) r.modelSha256 = toString(*h, "model.sha256").toLower();
            if (const Json* d = v.find("demo")) r.demo = toBool(*d, "model.demo");
        } else if (key == "tokenizer") r.tokenizerPath = resolvePath(toString(v, key), baseDir);
        else if (key == "text") { r.text = toString(v, key); sawText = true; }
        else if (key == "tokens") { r.tokens = toInts(v, key, 0, 1 << 30); sawTokens = true; }
        else if (key == "bidirectional") r.bidirectional = toBool(v, key);
        else if (key == "ablate") {
            if (!v.is_array()) bad("'ablate' must be an array of [layer, head] pairs");
            for (const Json& p : v.items()) {
                if (!p.is_array() || p.items().size() != 2) bad("'ablate' must be an array of [layer, head] pairs");
                r.ablate.push_back({toInt(p.items()[0], "ablate layer", 0, kMaxIndex),
                                    toInt(p.items()[1], "ablate head", 0, kMaxIndex)});
            }
        } else if (key == "knockout") {
            if (!v.is_array()) bad("'knockout' must be an array of \"layer.head:query>key\" strings");
            for (const Json& k : v.items()) {
                try {
                    for (const attnscope::Knockout& one : parseKnockouts(toString(k, "knockout").toStdString()))
                        r.knockout.push_back(one);
                } catch (const KnockoutSpecError& e) {
                    bad(e.what());
                }
            }
        } else if (key == "view") {
            r.view = toString(v, key);
            if (!findView(r.view))
                bad("view '" + r.view.toStdString() + "' is not one of " + viewIds().join(", ").toStdString());
        } else if (key == "kind") {
            const QString k = toString(v, key);
            if (k != "weights" && k != "scores" && k != "norms") bad("'kind' must be \"weights\", \"scores\" or \"norms\"");
            r.kind = kindFromName(k);
        } else if (key == "layer") r.layer = toInt(v, key, 0, kMaxIndex);
        else if (key == "head") r.head = toInt(v, key, 0, kMaxIndex);
        else if (key == "layers") r.layers = toInts(v, key, 0, kMaxIndex);
        else if (key == "columns") r.columns = toInt(v, key, 0, 1024);
        else if (key == "heads") r.heads = toInts(v, key, 0, kMaxIndex);
        else if (key == "focus") r.focus = toInt(v, key, -1, kMaxIndex);
        else if (key == "node") r.node = toInt(v, key, -1, kMaxIndex);
        else if (key == "pooling") {
            const QString p = toString(v, key);
            if (p != "max" && p != "mean") bad("'pooling' must be \"max\" or \"mean\"");
            r.pooling = render::poolingFromName(p);
        } else if (key == "tile_scale") {
            const QString t = toString(v, key);
            if (t != "tile" && t != "shared") bad("'tile_scale' must be \"tile\" or \"shared\"");
            r.tileScale = render::tileScaleFromName(t);
        }
        else if (key == "compare_text") r.compareText = toString(v, key);
        else if (key == "compare_model") {
            r.compareModel = resolvePath(toString(v, key), baseDir);
            if (r.compareModel.isEmpty()) bad("'compare_model' is empty");
        } else if (key == "method") {
            r.method = toString(v, key);
            if (!isAttributionMethod(r.method))
                bad("'method' must be one of " + attributionMethods().join(", ").toStdString());
        } else if (key == "target") {
            r.target = toInt(v, key, -1, kMaxIndex);
        } else if (key == "generate") {
            readGenerate(v, r);
        } else if (key == "compare_mode") {
            if (!render::compareModeFromName(toString(v, key), &r.compareMode))
                bad("'compare_mode' must be \"side_by_side\" or \"difference\"");
        }
        else if (key == "colormap") {
            const QString c = toString(v, key);
            if (!ColorMap::names().contains(c)) bad("colormap '" + c.toStdString() + "' is not one of " + ColorMap::names().join(", ").toStdString());
            r.colormap = ColorMap::fromName(c);
        } else if (key == "scale") {
            const QString s = toString(v, key);
            if (s != "linear" && s != "log" && s != "row") bad("scale '" + s.toStdString() + "' is not one of linear, log, row");
            r.scale = scaleFromName(s);
        } else if (key == "cells") {
            const auto c = cellModeFromName(toString(v, key));
            if (!c) bad("'cells' must be \"image\" or \"rects\"");
            r.cells = *c;
        } else if (key == "font") {
            if (!v.is_object()) bad("'font' must be an object with 'family' and 'points'");
            if (const Json* f = v.find("family")) r.fontFamily = toString(*f, "font.family");
            if (const Json* p = v.find("points")) r.fontPoints = toNumber(*p, "font.points", 2, 72);
        } else if (key == "language") r.language = toString(v, key);
        else if (key == "title") r.showTitle = toBool(v, key);
        else if (key == "colorbar") r.showColorBar = toBool(v, key);
        else if (key == "run_note") r.runNote = toBool(v, key);
        else if (key == "format") {
            const auto f = formatFromName(toString(v, key));
            if (!f) bad("format '" + toString(v, key).toStdString() + "' is not one of " + formatNames().join(", ").toStdString());
            r.format = *f;
        } else if (key == "size") {
            if (!v.is_object()) bad("'size' must be an object with 'width_in', 'height_in' and 'dpi'");
            if (const Json* w = v.find("width_in")) r.widthIn = toNumber(*w, "size.width_in", 0, 200);
            if (const Json* h = v.find("height_in")) r.heightIn = toNumber(*h, "size.height_in", 0, 200);
            if (const Json* d = v.find("dpi")) r.dpi = toNumber(*d, "size.dpi", 10, 2400);
        } else {
            bad("unknown member '" + key + "'");
        }
    }
    if (r.modelPath.isEmpty() && !r.demo) bad("'model.path' is empty");
    if (!r.compareModel.isEmpty() && !r.compareText.isEmpty()) bad("give 'compare_text' or 'compare_model', not both");
    if (!sawText && !sawTokens) bad("it has neither 'text' nor 'tokens'");
    r.hasText = sawText;
    return r;
}

Recipe readRecipe(const QString& path) {
    // A regular file of at most 1 MB (a FIFO would block, a device never end).
    const std::string bytes = attnscope::read_regular_file(QFile::encodeName(path).toStdString(),
                                                           attnscope::kMaxRecipeFileBytes, "recipe");
    try {
        return recipeFromJson(QByteArray::fromStdString(bytes), QFileInfo(path).absolutePath());
    } catch (const Error& e) {
        throw Error(e.code(), path.toStdString() + ": " + e.what(), e.args());
    }
}

void writeRecipe(const Recipe& r, const QString& path) {
    render::writeFileAtomically(path, recipeToJson(r));
}

bool viewShowsKind(const QString& viewId, MatrixKind kind) {
    const ViewDescriptor* v = findView(viewId);
    const bool readsKind = v && v->uses(RecipeField::Kind);
    switch (kind) {
    case MatrixKind::Weights: return true;
    case MatrixKind::Norms: return readsKind;
    case MatrixKind::Scores: return !readsKind || viewId == QLatin1String("head");
    case MatrixKind::Mask: return !readsKind;
    }
    return false;
}

void checkRecipe(const Recipe& r, int nLayer, int nHead, int T) {
    auto fail = [](const std::string& s) { throw Error(ErrorCode::InvalidArgument, s, {s}); };
    auto range = [](int n) { return n > 0 ? " (0.." + std::to_string(n - 1) + ")" : std::string(); };
    viewOf(r.view);  // throws, naming the registered views
    // Qt writes the family into SVG attributes as it is; no installed font
    // has these in its name.
    if (std::any_of(r.fontFamily.cbegin(), r.fontFamily.cend(), [](QChar c) {
            return c.unicode() < 0x20 || c == QLatin1Char('<') || c == QLatin1Char('>') || c == QLatin1Char('&') ||
                   c == QLatin1Char('"');
        }))
        fail("font family '" + render::withoutControls(r.fontFamily).toStdString() +
             "' holds a character no font name has (< > & \" or a control character)");
    if (r.layer < 0 || r.layer >= nLayer)
        fail("layer " + std::to_string(r.layer) + " is out of range: the model has " + std::to_string(nLayer) +
             " layer(s)" + range(nLayer));
    if (r.head < 0 || r.head >= nHead)
        fail("head " + std::to_string(r.head) + " is out of range: the model has " + std::to_string(nHead) +
             " head(s) per layer" + range(nHead));
    for (const int l : r.layers)
        if (l < 0 || l >= nLayer)
            fail("layer " + std::to_string(l) + " in the layers list is out of range: the model has " +
                 std::to_string(nLayer) + " layer(s)" + range(nLayer));
    for (const int h : r.heads)
        if (h < 0 || h >= nHead)
            fail("head " + std::to_string(h) + " in the heads list is out of range: the model has " +
                 std::to_string(nHead) + " head(s) per layer" + range(nHead));
    for (const auto& a : r.ablate)
        if (a.layer < 0 || a.layer >= nLayer || a.head < 0 || a.head >= nHead)
            fail("ablated head " + std::to_string(a.layer) + "." + std::to_string(a.head) + " is not in the model");
    try {
        attnscope::ModelConfig shape;
        shape.n_layer = nLayer;
        shape.n_head = nHead;
        checkKnockouts(r.knockout, shape, T);
    } catch (const KnockoutSpecError& e) {
        fail(e.what());
    }
    if (r.focus >= T) fail("focus query " + std::to_string(r.focus) + " is past the last token (" + std::to_string(T - 1) + ")");
    if (r.columns < 0 || r.columns > 1024) fail("columns must be in [0, 1024]");
    if (!viewShowsKind(r.view, r.kind)) {
        QStringList with;
        for (const ViewDescriptor& v : views())
            if (v.uses(RecipeField::Kind) && viewShowsKind(v.id, r.kind)) with << v.id;
        fail("kind '" + kindName(r.kind).toStdString() + "' is not drawn by the " + r.view.toStdString() +
             " view: only by " + with.join(", ").toStdString());
    }
}

}  // namespace session
