#include "session/export_recipe.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

#include "attnscope/common/error.h"
#include "session/recipe_run.h"
#include "render/data.h"
#include "render/export.h"
#include "session/views.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;
using render::DataBlock;
using render::Figure;
using render::FigureData;
using render::Format;
using render::TokenTable;

Recipe resolveRecipe(const Recipe& in, const Figure* fig) {
    Recipe r = in;
    if (r.fontFamily.isEmpty()) r.fontFamily = defaultFontFamily();
    if (fig && (r.widthIn <= 0 || r.heightIn <= 0)) {
        const QSizeF nat = render::naturalInches(*fig);
        if (r.widthIn > 0) r.heightIn = r.widthIn * nat.height() / nat.width();
        else if (r.heightIn > 0) r.widthIn = r.heightIn * nat.width() / nat.height();
        else {
            r.widthIn = nat.width();
            r.heightIn = nat.height();
        }
    }
    return r;
}

Recipe exportRecipe(const Recipe& in, const FigureData& data, const QStringList& tokenTexts, const QString& path,
                    const std::function<bool(double)>& keepGoing) {
    if (!data.trace) throw Error(ErrorCode::InvalidArgument, "there is nothing to export yet: no trace");
    const auto check = [&](double done) {
        if (keepGoing && !keepGoing(done)) throw Error(ErrorCode::Cancelled, "the export was cancelled");
    };
    check(0);
    Recipe r = resolveRecipe(in, nullptr);  // the font, before the figure is made with it
    if (render::isFigureFormat(r.format)) {
        const std::unique_ptr<Figure> fig = makeFigure(r, data);
        r = resolveRecipe(r, fig.get());
        const QSizeF inches(r.widthIn, r.heightIn);
        QByteArray bytes;
        switch (r.format) {
        case Format::Png: bytes = render::pngBytes(*fig, inches, r.dpi); break;
        case Format::Svg:
            bytes = render::svgBytes(*fig, inches, QStringLiteral("AttnScope figure of %1").arg(data.modelName));
            break;
        default: bytes = render::pdfBytes({fig.get()}, inches, path); break;
        }
        check(1);  // cancelled while it was drawn (a large SVG takes seconds): nothing is written
        render::writeFileAtomically(path, bytes);
        return r;
    }
    DataBlock block = dataFor(r, *data.trace);
    if (block.band && keepGoing) {
        // Asked before each band, so a cancel stops within one band.
        block.band = [read = block.band, rows = double(std::max<int64_t>(1, block.rowCount())), &check](int64_t r0, int64_t r1,
                                                                                                        float* out) {
            check(double(r0) / rows);
            read(r0, r1, out);
        };
    }
    const TokenTable tokens{data.trace->tokens, tokenTexts, data.tokens};
    switch (r.format) {
    case Format::Csv: render::writeCsv(block, tokens, path); break;
    case Format::Npy: render::writeNpy(block, tokens, path); break;
    default: render::writeJson(block, tokens, r.view, *data.trace, data.modelName, path); break;
    }
    return r;
}

QString defaultFileName(const Recipe& r) {
    const ViewDescriptor* v = findView(r.view);
    const QString stem = v ? v->fileStem(r) : QStringLiteral("figure");
    return stem + QLatin1Char('.') + render::formatName(r.format);
}

QString recipePathFor(const QString& exportPath) {
    // The whole name: fig.png and fig.pdf exported side by side keep a recipe each.
    const QFileInfo fi(exportPath);
    return fi.dir().filePath(fi.fileName() + QStringLiteral(".recipe.json"));
}

}  // namespace session
