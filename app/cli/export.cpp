// attnscope-cli export: publication figures (PNG, SVG, PDF) and their data
// (CSV, NPY, JSON) without a window, from options or from a saved recipe.
// Every option is checked before the model is read; figures are drawn by the
// same render:: code as the GUI, on Qt's offscreen platform.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLocale>
#include <QTranslator>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <unistd.h>

#include "cli/args.h"
#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/run/trace_file.h"
#include "cli/commands.h"
#include "session/attribution.h"
#include "session/knockout.h"
#include "cli/common.h"
#include "render/export.h"
#include "session/export_recipe.h"
#include "session/recipe_run.h"
#include "session/views.h"

namespace cli {

namespace {

using attnscope::Error;
using attnscope::ErrorCode;

double getDouble(const Args& args, const std::string& key, double fallback, double lo, double hi) {
    if (!args.has(key)) return fallback;
    const std::string s = args.get(key);
    double v = 0;  // from_chars: a number reads the same in every locale
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !(v >= lo && v <= hi))
        throw UsageError("--" + key + " must be a number in [" + QString::number(lo).toStdString() + ", " +
                         QString::number(hi).toStdString() + "], not '" + s + "'");
    return v;
}

// One of `allowed`, or a usage error listing them.
QString oneOf(const Args& args, const std::string& key, const QStringList& allowed) {
    const QString v = QString::fromStdString(args.get(key));
    if (!allowed.contains(v))
        throw UsageError("--" + key + " must be one of " + allowed.join(QLatin1Char('|')).toStdString() + ", not '" +
                         v.toStdString() + "'");
    return v;
}

QString readTextFile(const std::string& path) { return QString::fromStdString(read_text_file(path)); }

// B of the compare view: --compare-text T, --compare-text-file F or
// --compare-model FILE (one of them), and --compare-mode.
void readCompareOptions(const Args& args, session::Recipe& r, bool fromRecipe) {
    const int given = int(args.has("compare-text")) + int(args.has("compare-text-file")) + int(args.has("compare-model"));
    if (given > 1) throw UsageError("give only one of --compare-text, --compare-text-file and --compare-model");
    const bool compareView = session::viewOf(r.view).uses(session::RecipeField::Compare);
    if ((given > 0 || args.has("compare-mode")) && !compareView)
        throw UsageError("--compare-text, --compare-model and --compare-mode go with --view compare, not '" +
                         r.view.toStdString() + "'");
    if (args.has("compare-text") || args.has("compare-text-file")) {
        r.compareText = args.has("compare-text") ? QString::fromStdString(args.get("compare-text"))
                                                 : readTextFile(args.get("compare-text-file"));
        if (r.compareText.isEmpty()) throw UsageError("the compare text is empty: give B some text");
        r.compareModel.clear();
    } else if (args.has("compare-model")) {
        const std::string path = args.get("compare-model");
        if (path.empty()) throw UsageError("--compare-model needs a model file");
        r.compareModel = QFileInfo(QString::fromStdString(path)).absoluteFilePath();
        r.compareText.clear();
    }
    if (args.has("compare-mode"))
        render::compareModeFromName(oneOf(args, "compare-mode", {"side-by-side", "side_by_side", "difference"}),
                                    &r.compareMode);
    if (compareView && r.compareText.isEmpty() && r.compareModel.isEmpty())
        throw UsageError(fromRecipe ? "the recipe's compare view names no B: give --compare-text TEXT or --compare-model FILE"
                                    : "--view compare needs --compare-text TEXT, --compare-text-file FILE or --compare-model FILE");
}

// The options as a recipe: the one from --recipe (if any) with every option
// given on the command line laid over it.
session::Recipe recipeFromArgs(const Args& args) {
    session::Recipe r;
    if (args.has("recipe")) r = session::readRecipe(path_arg(args.get("recipe"), "recipe"));
    const bool fromRecipe = args.has("recipe");

    if (args.has("model")) {
        r.modelPath = QFileInfo(path_arg(args.get("model"), "model")).absoluteFilePath();
        r.demo = false;
    } else if (!fromRecipe) {
        r.modelPath.clear();  // the bundled demo model
        r.demo = true;
    }
    if (args.has("tokenizer")) r.tokenizerPath = QFileInfo(path_arg(args.get("tokenizer"), "tokenizer")).absoluteFilePath();

    const int inputs = int(args.has("text")) + int(args.has("text-file")) + int(args.has("tokens"));
    if (inputs > 1) throw UsageError("give only one of --text, --text-file and --tokens");
    // A trace file holds its own tokens (attnscope/trace_file.h).
    const bool traceFile = args.has("model") && attnscope::is_trace_file(args.get("model"));
    if (traceFile && inputs > 0) throw UsageError("--model is a trace file, which holds its own tokens: drop --text, --text-file and --tokens");
    if (traceFile) {
        r.hasText = false;
        r.text.clear();
        r.tokens.clear();
    }
    if (inputs == 0 && !fromRecipe && !traceFile) throw UsageError("export needs --text TEXT, --text-file FILE or --tokens 1,2,3 (or --recipe R.json)");
    if (args.has("text") || args.has("text-file")) {
        r.hasText = true;
        r.text = args.has("text") ? QString::fromStdString(args.get("text")) : readTextFile(args.get("text-file"));
        r.tokens.clear();
    } else if (args.has("tokens")) {
        r.hasText = false;
        r.text.clear();
        r.tokens = parse_int_list(args.get("tokens"), "--tokens", 0);
    }
    if (args.has("bidirectional")) r.bidirectional = true;
    if (args.has("ablate")) r.ablate = parse_heads(args.get("ablate"));
    if (args.has("knockout")) {
        try {
            r.knockout = session::parseKnockouts(args.get("knockout"));
        } catch (const session::KnockoutSpecError& e) {
            throw UsageError(std::string("--knockout: ") + e.what());
        }
    }

    if (args.has("view")) {
        // "relevance" names the attribution view with that method.
        if (args.get("view") == "relevance") {
            r.view = QStringLiteral("attribution");
            r.method = QStringLiteral("relevance");
        } else {
            r.view = oneOf(args, "view", session::viewIds());
        }
    }
    if (args.has("method")) r.method = oneOf(args, "method", session::attributionMethods());
    r.target = args.get_int("target", r.target, -1, 1 << 30);
    if (args.has("generate")) {  // the same sampling options as `generate`, --generate N for its --max-new N
        r.generate = args.get_int("generate", 0, 1, 1 << 20);
        r.sampling = sampling_options(args);
        r.ignoreEos = args.has("ignore-eos");
    } else {
        for (const char* only : {"temperature", "top-k", "top-p", "seed", "greedy", "ignore-eos"})
            if (args.has(only)) throw UsageError(std::string("--") + only + " goes with --generate N");
    }
    if (args.has("kind")) {
        r.kind = render::kindFromName(oneOf(args, "kind", {"weights", "scores", "norms"}));
        if (!session::viewShowsKind(r.view, r.kind)) {
            QStringList with;
            for (const session::ViewDescriptor& v : session::views())
                if (v.uses(session::RecipeField::Kind) && session::viewShowsKind(v.id, r.kind)) with << v.id;
            throw UsageError("--kind " + render::kindName(r.kind).toStdString() + " goes with --view " +
                             with.join(QLatin1Char('|')).toStdString() + ", not '" + r.view.toStdString() + "'");
        }
    }
    r.layer = args.get_int("layer", r.layer, 0, 1 << 20);
    r.head = args.get_int("head", r.head, 0, 1 << 20);
    if (args.has("layers")) r.layers = parse_int_list(args.get("layers"), "--layers", 0);
    r.columns = args.get_int("columns", r.columns, 0, 1024);
    if (args.has("heads")) r.heads = parse_int_list(args.get("heads"), "--heads", 0);
    r.focus = args.get_int("focus", r.focus, -1, 1 << 20);
    readCompareOptions(args, r, fromRecipe);

    if (args.has("colormap")) r.colormap = render::ColorMap::fromName(oneOf(args, "colormap", render::ColorMap::names()));
    if (args.has("scale")) r.scale = render::scaleFromName(oneOf(args, "scale", {"linear", "log", "row"}));
    if (args.has("cells")) r.cells = *render::cellModeFromName(oneOf(args, "cells", {"image", "rects"}));
    if (args.has("font")) r.fontFamily = QString::fromStdString(args.get("font"));
    r.fontPoints = getDouble(args, "font-size", r.fontPoints, 2, 72);
    if (args.has("no-title")) r.showTitle = false;
    if (args.has("no-colorbar")) r.showColorBar = false;
    if (args.has("no-run-note")) r.runNote = false;
    if (args.has("pooling")) r.pooling = render::poolingFromName(oneOf(args, "pooling", {"max", "mean"}));
    if (args.has("tile-scale")) r.tileScale = render::tileScaleFromName(oneOf(args, "tile-scale", {"tile", "shared"}));

    // The format: --format, else the output's extension, else the recipe's.
    const QString out = path_arg(args.get("o", args.get("output")), args.has("o") ? "o" : "output");
    const auto fromExt = render::formatFromName(QFileInfo(out).suffix());
    if (args.has("format")) {
        r.format = *render::formatFromName(oneOf(args, "format", render::formatNames()));
        if (fromExt && *fromExt != r.format)
            throw UsageError("--format " + render::formatName(r.format).toStdString() + " does not match the output '" +
                             out.toStdString() + "'");
    } else if (fromExt) {
        r.format = *fromExt;
    } else if (!out.isEmpty() && !fromRecipe) {
        throw UsageError("cannot tell the format from '" + out.toStdString() + "': give --format " +
                         render::formatNames().join(QLatin1Char('|')).toStdString());
    }
    r.dpi = getDouble(args, "dpi", r.dpi, 10, 2400);
    // A new width or height alone keeps the natural aspect ratio.
    if (args.has("width") || args.has("height")) {
        r.widthIn = getDouble(args, "width", 0, 0.5, 200);
        r.heightIn = getDouble(args, "height", 0, 0.5, 200);
    }
    const QSize px = render::pngPixelSize(QSizeF(std::max(r.widthIn, 1.0), std::max(r.heightIn, 1.0)), r.dpi);
    if (double(px.width()) * px.height() > render::kMaxImagePixels)
        throw UsageError("the figure would be larger than " + std::to_string(int(render::kMaxImagePixels / 1e6)) +
                         " megapixels: lower --dpi or the size");

    if (r.format == render::Format::Csv && !session::csvPossible(r)) {
        QStringList one;
        for (const session::ViewDescriptor& v : session::views())
            if (v.exports(render::Format::Csv) && v.id != r.view) one << v.id;
        throw UsageError("--format csv holds one head's matrix, and --view " + r.view.toStdString() +
                         " writes several here: use --format npy or json, or --view " + one.join(", ").toStdString() +
                         " with one head");
    }
    return r;
}

// Qt's offscreen platform unless the user chose one: the CLI never opens a
// window, so it needs no display, and figures do not depend on the desktop's
// DPI or font settings (a GUI export and its replay here draw the same pixels).
void choosePlatform() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
}

// Qt's own chatter (e.g. "XDG_RUNTIME_DIR not set") is not for the user of a
// command-line tool, whose stderr carries one line per problem. Errors pass.
void qtMessage(QtMsgType type, const QMessageLogContext&, const QString& msg) {
    if (type == QtCriticalMsg || type == QtFatalMsg || qEnvironmentVariableIsSet("ATTNSCOPE_QT_DEBUG"))
        std::fprintf(stderr, "attnscope-cli: Qt: %s\n", qPrintable(msg));
}

void progressLine(int done, int total) {
    static const bool tty = isatty(fileno(stderr));
    if (tty) std::fprintf(stderr, "\rexported %d/%d%s", done, total, done == total ? "\n" : "");
    else std::fprintf(stderr, "exported %d/%d\n", done, total);
    std::fflush(stderr);
}

// The recipe to save beside an export: inputs pinned to what was run.
session::Recipe pinned(session::Recipe r, const session::RecipeRun& run, const QString& sha) {
    r.modelPath = QFileInfo(run.doc.path).absoluteFilePath();
    r.modelSha256 = sha;
    r.demo = run.doc.isDemo;
    r.tokens = run.tokens.ids;
    r.tokens.resize(r.tokens.size() - size_t(run.generated));  // the prompt: the rest is made again
    return r;
}

}  // namespace

int export_figures(const std::vector<std::string>& argv) {
    const Args args(argv,
                    {"model", "tokenizer", "text", "text-file", "tokens", "ablate", "knockout", "view", "kind", "layer", "head",
                     "layers", "columns", "pooling", "tile-scale", "heads", "focus", "format", "dpi", "width", "height", "cells", "colormap",
                     "scale", "font", "font-size", "recipe", "save-recipe", "out-dir", "o", "output",
                     "compare-text", "compare-text-file", "compare-model", "compare-mode", "random", "method", "target",
                     "generate", "temperature", "top-k", "top-p", "seed"},
                    {"bidirectional", "all-heads", "save-recipes", "no-title", "no-colorbar", "no-run-note", "greedy", "ignore-eos"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    const bool batch = args.has("all-heads");
    const QString out = path_arg(args.get("o", args.get("output")), args.has("o") ? "o" : "output");
    const QString outDir = path_arg(args.get("out-dir"), "out-dir");
    if (args.has("o") && args.has("output")) throw UsageError("give -o or --output, not both");
    session::Recipe r = recipeFromArgs(args);
    // A random model has no file a recipe could name.
    if (args.has("random") && (args.has("recipe") || args.has("save-recipe") || args.has("save-recipes")))
        throw UsageError("--random makes a model without a file: a recipe cannot name it (drop --recipe/--save-recipe)");
    // The recipe would be written over the export just made (or its tokens).
    if (args.has("save-recipe") && !out.isEmpty()) {
        const QString recipePath = QFileInfo(path_arg(args.get("save-recipe"), "save-recipe")).absoluteFilePath();
        for (const QString& taken : {out, render::tokensJsonPath(out)})
            if (QFileInfo(taken).absoluteFilePath() == recipePath && (taken == out || r.format == render::Format::Npy))
                throw UsageError("--save-recipe '" + args.get("save-recipe") + "' is the file the export writes (" +
                                 QDir::toNativeSeparators(taken).toStdString() + "): name the recipe differently");
    }
    const std::optional<session::Document> random = args.has("random") ? std::optional(open_model(args)) : std::nullopt;

    if (batch) {
        if (!(session::viewOf(r.view).reads & session::ReadsHead)) {
            QStringList perHead;
            for (const session::ViewDescriptor& v : session::views())
                if (v.reads & session::ReadsHead) perHead << v.id;
            throw UsageError("--all-heads writes one file per head: use it with --view " +
                             perHead.join(", ").toStdString() + ", not '" + r.view.toStdString() + "'");
        }
        if (args.has("heads")) throw UsageError("--all-heads draws each head alone: drop --heads");
        if (args.has("save-recipe")) throw UsageError("--save-recipe saves one figure's recipe; with --all-heads use --save-recipes");
        if (outDir.isEmpty() == out.isEmpty())
            throw UsageError("--all-heads needs --out-dir DIR (one file per head) or -o FILE.pdf (one page per head)");
        if (!out.isEmpty() && r.format != render::Format::Pdf)
            throw UsageError("-o with --all-heads writes one PDF with a page per head; for " +
                             render::formatName(r.format).toStdString() + " files use --out-dir DIR");
    } else {
        if (args.has("save-recipes")) throw UsageError("--save-recipes goes with --all-heads; for one figure use --save-recipe R.json");
        if (out.isEmpty() && outDir.isEmpty()) throw UsageError("export needs -o OUT (or --out-dir DIR)");
        if (!out.isEmpty() && !outDir.isEmpty()) throw UsageError("give -o OUT or --out-dir DIR, not both");
    }

    choosePlatform();
    qInstallMessageHandler(qtMessage);
    // A point is 1/72 inch at 96 dpi whatever platform the user chose, as on the
    // offscreen platform: text is measured as it was for the original export.
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
    int qargc = 1;
    char name[] = "attnscope-cli";
    char* qargv[] = {name, nullptr};
    const QGuiApplication app(qargc, qargv);
    // The words of a figure exported from a translated GUI, when this build
    // carries that translation (as a :/i18n resource); otherwise say so.
    QTranslator translator;
    if (!r.language.isEmpty()) {
        if (translator.load(QLocale(r.language), QStringLiteral("attnscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
            QCoreApplication::installTranslator(&translator);
        else
            std::fprintf(stderr, "attnscope-cli: note: the recipe's figure was drawn in '%s'; without that translation "
                                 "here its words are English\n", qPrintable(r.language));
        if (translator.isEmpty()) r.language.clear();  // what a saved recipe says must be what was drawn
    }

    session::RecipeRun run;
    try {
        // One figure reads no block after its layer (a head, its lines, the
        // mask): the blocks after it are not run. A batch draws every layer.
        run = session::runRecipe(r, /*checkHash=*/true, random ? &*random : nullptr, /*upToItsLayer=*/!batch,
                                 progress_line("running the model"));
    } catch (const Error& e) {
        // A layer or head past the model's, from the command line, is bad usage.
        if (e.code() == ErrorCode::InvalidArgument && !args.has("recipe")) throw UsageError(e.what());
        throw;
    }
    note_skipped(run.tokens);
    if (r.generate > 0)
        std::fprintf(stderr, "attnscope-cli: note: %d token(s) generated after the prompt (stopped: %s)\n", run.generated,
                     attnscope::stop_reason_name(run.stop));
    if (run.tokens.dropped > 0)
        std::fprintf(stderr, "attnscope-cli: note: the text is longer than the model's context; the last %d tokens are used\n",
                     run.data.T());
    const bool wantRecipe = args.has("save-recipe") || args.has("save-recipes");
    const QString sha = wantRecipe ? session::fileSha256(run.doc.path) : QString();

    if (!batch) {
        const QString path = out.isEmpty() ? QDir(outDir).filePath(session::defaultFileName(r)) : out;
        if (!outDir.isEmpty() && !QDir().mkpath(outDir))
            throw Error(ErrorCode::Io, "cannot create folder '" + outDir.toStdString() + "'");
        const session::Recipe done = session::exportRecipe(r, run.data, run.tokens.texts, path);
        if (args.has("save-recipe"))
            session::writeRecipe(pinned(done, run, sha), path_arg(args.get("save-recipe"), "save-recipe"));
        std::printf("wrote %s\n", qPrintable(QDir::toNativeSeparators(path)));
        return 0;
    }

    // Batch: every head of every layer (or of --layers).
    const int n_layer = run.trace->n_layer(), n_head = run.trace->n_head();
    std::vector<int> layers = r.layers;
    if (layers.empty())
        for (int l = 0; l < n_layer; ++l) layers.push_back(l);
    r.heads.clear();  // each head alone
    const int total = int(layers.size()) * n_head;
    if (!out.isEmpty()) {  // one PDF, a page per head
        std::vector<std::unique_ptr<render::Figure>> figs;
        session::Recipe first;
        for (const int l : layers)
            for (int h = 0; h < n_head; ++h) {
                session::Recipe one = r;
                one.layer = l;
                one.head = h;
                one = session::resolveRecipe(one, nullptr);
                figs.push_back(session::makeFigure(one, run.data));
                if (figs.size() == 1) first = session::resolveRecipe(one, figs.back().get());
                progressLine(int(figs.size()), total);
            }
        std::vector<const render::Figure*> pages;
        for (const auto& f : figs) pages.push_back(f.get());
        render::writePdf(pages, QSizeF(first.widthIn, first.heightIn), out);
        std::printf("wrote %s (%d pages)\n", qPrintable(QDir::toNativeSeparators(out)), total);
        return 0;
    }
    if (!QDir().mkpath(outDir)) throw Error(ErrorCode::Io, "cannot create folder '" + outDir.toStdString() + "'");
    int done = 0;
    for (const int l : layers)
        for (int h = 0; h < n_head; ++h) {
            session::Recipe one = r;
            one.layer = l;
            one.head = h;
            const QString path = QDir(outDir).filePath(session::defaultFileName(one));
            const session::Recipe written = session::exportRecipe(one, run.data, run.tokens.texts, path);
            if (args.has("save-recipes")) session::writeRecipe(pinned(written, run, sha), session::recipePathFor(path));
            progressLine(++done, total);
        }
    std::printf("wrote %d files to %s\n", total, qPrintable(QDir::toNativeSeparators(outDir)));
    return 0;
}

}  // namespace cli
