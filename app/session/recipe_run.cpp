#include "session/recipe_run.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontInfo>
#include <QGuiApplication>
#include <QLocale>
#include <algorithm>

#include "attnscope/common/error.h"
#include "attnscope/run/generate.h"
#include "attnscope/run/model.h"
#include "attnscope/run/trace_file.h"
#include "render/figures/figure.h"
#include "session/views.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;

QString fileSha256(const QString& path) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    auto addFile = [&](const QString& p) {
        QFile f(p);
        if (!f.open(QIODevice::ReadOnly) || !h.addData(&f))
            throw Error(ErrorCode::Io, "cannot read '" + p.toStdString() + "' to hash it: " + f.errorString().toStdString());
    };
    const QFileInfo info(path);
    if (info.isDir()) {
        // A model folder: every file in it, by name, name then bytes.
        const QFileInfoList files = QDir(path).entryInfoList(QDir::Files, QDir::Name);
        for (const QFileInfo& fi : files) {
            h.addData(fi.fileName().toUtf8());
            h.addData(QByteArrayView("\0", 1));
            addFile(fi.filePath());
        }
    } else {
        addFile(path);
    }
    return QString::fromLatin1(h.result().toHex());
}

QString defaultFontFamily() { return QFontInfo(QGuiApplication::font()).family(); }

QString figureLanguage() {
    // Every figure's words come from the render:: contexts; one of them tells
    // whether a translation is installed.
    static const char* const probe = "Attention weights of every head";
    return QCoreApplication::translate("render::HeadsGridFigure", probe) == QLatin1String(probe) ? QString()
                                                                                          : QLocale().name();
}

render::Style recipeStyle(const Recipe& r) {
    render::Style s;
    s.colormap = r.colormap;
    s.scale = r.scale;
    s.cells = r.cells;
    s.showTitle = r.showTitle;
    s.showColorBar = r.showColorBar;
    s.background = Qt::white;
    s.text = QColor(20, 20, 20);
    QFont f(r.fontFamily.isEmpty() ? defaultFontFamily() : r.fontFamily);
    f.setPointSizeF(r.fontPoints);
    // Design metrics and greyscale antialiasing: the same layout at any
    // resolution, the same pixels whatever the desktop's font settings.
    f.setHintingPreference(QFont::PreferNoHinting);
    f.setStyleStrategy(QFont::StyleStrategy(QFont::PreferAntialias | QFont::NoSubpixelAntialias));
    s.font = f;
    return s;
}

// ---------------------------------------------------------------- running

bool worksOnTraceFiles(const QString& viewId) {
    // The views that read attention weights and the mask only.
    static const QStringList ids = {QStringLiteral("heads"), QStringLiteral("head"), QStringLiteral("mask"),
                                    QStringLiteral("lines"), QStringLiteral("rollout")};
    return ids.contains(viewId);
}

namespace {

void checkTraceFileHash(const Recipe& r, const QString& path, bool checkHash) {
    if (!checkHash || r.modelSha256.isEmpty()) return;
    const QString got = fileSha256(path);
    if (got != r.modelSha256)
        throw Error(ErrorCode::BadFormat,
                    "trace file '" + path.toStdString() + "' is not the file the recipe was made with (SHA-256 " +
                        got.left(12).toStdString() + "…, the recipe says " + r.modelSha256.left(12).toStdString() + "…)",
                    {path.toStdString()});
}

// A trace file stands in for the model: its tokens are the input, and nothing
// runs. Views that need more than the attention weights are refused by name.
RecipeRun runTraceFile(const Recipe& r, bool checkHash) {
    if (!worksOnTraceFiles(r.view)) {
        QStringList ok;
        for (const ViewDescriptor& v : views())
            if (worksOnTraceFiles(v.id)) ok << v.id;
        throw Error(ErrorCode::InvalidArgument,
                    "the '" + r.view.toStdString() + "' view needs the model: a trace file holds attention weights only "
                    "(views that work on one: " + ok.join(QStringLiteral(", ")).toStdString() + ")");
    }
    if (r.kind == MatrixKind::Norms && viewOf(r.view).uses(RecipeField::Kind))
        throw Error(ErrorCode::InvalidArgument,
                    "value-weighted norms need the model: a trace file holds attention weights only, not the values "
                    "and the output projection they are made of (use --kind weights)");
    if (!r.ablate.empty()) throw Error(ErrorCode::InvalidArgument, "ablating heads needs the model, not a trace file");
    if (!r.knockout.empty()) throw Error(ErrorCode::InvalidArgument, "knocking out attention edges needs the model, not a trace file");
    RecipeRun out;
    out.trace = attnscope::open_trace_file(r.modelPath.toStdString());
    checkTraceFileHash(r, r.modelPath, checkHash);
    const attnscope::ImportedAttention& imp = *out.trace->imported;
    if (r.hasText && !r.text.isEmpty())
        throw Error(ErrorCode::InvalidArgument, "a trace file holds its own tokens: give no text with it");
    if (!r.tokens.empty() && r.tokens != out.trace->tokens)
        throw Error(ErrorCode::InvalidArgument, "the recipe's tokens are not the trace file's");
    if (r.bidirectional == out.trace->causal)
        throw Error(ErrorCode::InvalidArgument, out.trace->causal ? "the trace file holds causal attention, not bidirectional"
                                                                  : "the trace file holds bidirectional attention: ask for it");
    out.doc.path = r.modelPath;
    out.doc.displayName = imp.model_name().empty() ? QFileInfo(r.modelPath).fileName()
                                                   : QString::fromStdString(imp.model_name());
    out.tokens = traceFileTokens(*out.trace);
    checkRecipe(r, imp.n_layer(), imp.n_head(), imp.T());
    out.data = figureData(out.doc, out.trace, out.tokens.labels);
    return out;
}

}  // namespace

RecipeRun runRecipe(const Recipe& r, bool checkHash, const Document* given, bool upToItsLayer,
                    const attnscope::Progress& progress) {
    if (!given && !r.modelPath.isEmpty() && attnscope::is_trace_file(r.modelPath.toStdString()))
        return runTraceFile(r, checkHash);
    RecipeRun out;
    // The demo model of another installation is the demo model of this one.
    const bool useDemo = r.demo && (r.modelPath.isEmpty() || !QFileInfo::exists(r.modelPath));
    out.doc = given ? *given : openDocument(useDemo ? QString() : r.modelPath, r.tokenizerPath);
    if (!given && checkHash && !r.modelSha256.isEmpty()) {
        const QString got = fileSha256(out.doc.path);
        if (got != r.modelSha256)
            throw Error(ErrorCode::BadFormat,
                        "model '" + out.doc.path.toStdString() + "' is not the file the recipe was made with (SHA-256 " +
                            got.left(12).toStdString() + "…, the recipe says " + r.modelSha256.left(12).toStdString() + "…)",
                        {out.doc.path.toStdString()});
    }
    const attnscope::ModelConfig& cfg = out.doc.model.weights->config;
    out.tokens = tokenize(out.doc, r.hasText ? TokenInput(r.text) : TokenInput::ids(r.tokens), CropPolicy::KeepLast);
    if (r.hasText && !r.tokens.empty() && out.tokens.ids != r.tokens)
        throw Error(ErrorCode::InvalidArgument,
                    "the recipe's text no longer gives the tokens it recorded (was the tokenizer changed?)");
    requireTokens(out.tokens);
    // (With generation, a query may name a token still to be made: checked after.)
    checkRecipe(r, cfg.n_layer, cfg.n_head, int(out.tokens.ids.size()) + std::max(r.generate, 0));
    attnscope::RunOptions opt;
    opt.causal = !r.bidirectional;
    opt.ablate = r.ablate;
    opt.knockout = r.knockout;
    // (JSON lists the stages of the whole forward pass: it needs every block.)
    if (upToItsLayer && (viewOf(r.view).reads & ReadsUpToItsLayer) && r.format != render::Format::Json)
        opt.layers = r.layer + 1;
    const attnscope::Model model(out.doc.model.weights);
    if (r.generate > 0) {
        // The prompt's continuation, made again: then the figure's tokens are
        // the prompt's and the new ones, run as one text.
        attnscope::GenerateOptions g;
        g.max_new = r.generate;
        g.sampling = r.sampling;
        g.ignore_eos = r.ignoreEos;
        g.eos_id = out.doc.tokenizer ? out.doc.tokenizer->eos_id() : -1;
        g.run = opt;
        g.run.layers = -1;  // every block: the next token reads the last
        attnscope::Trace scratch;
        const attnscope::Generation made = attnscope::generate(model, out.tokens.ids, g, scratch);
        std::vector<int> all = out.tokens.ids;
        all.insert(all.end(), made.ids.begin(), made.ids.end());
        out.tokens = tokenize(out.doc, TokenInput::ids(all), CropPolicy::KeepLast);
        out.generated = int(made.ids.size());
        out.stop = made.stop;
        checkRecipe(r, cfg.n_layer, cfg.n_head, int(out.tokens.ids.size()));
    }
    out.trace = std::make_shared<const attnscope::Trace>(model.run(out.tokens.ids, opt, progress));
    out.data = figureData(out.doc, out.trace, out.tokens.labels);
    if (viewOf(r.view).uses(RecipeField::Compare)) {
        out.comparison = std::make_shared<const Comparison>(runComparison(r, out.doc, out.trace, out.tokens));
        rememberComparison(out.comparison);
    }
    return out;
}

}  // namespace session
