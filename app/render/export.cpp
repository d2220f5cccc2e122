#include "export.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <cmath>

#include "attnscope/error.h"
#include "data.h"

namespace render {

using attnscope::Error;
using attnscope::ErrorCode;

namespace {

[[noreturn]] void cannotWrite(const QString& path, const QString& why) {
    throw Error(ErrorCode::Io, "cannot write '" + path.toStdString() + "': " + why.toStdString(), {path.toStdString()});
}

QRectF logicalRect(const QSizeF& inches) { return QRectF(QPointF(0, 0), inches * kLogicalDpi); }

int dotsPerMeter(double dpi) { return int(std::lround(dpi / 0.0254)); }

}  // namespace

QSizeF naturalInches(const Figure& fig) { return fig.naturalSize() / kLogicalDpi; }

QSize pngPixelSize(const QSizeF& inches, double dpi) {
    return QSize(std::max(1, int(std::lround(inches.width() * dpi))), std::max(1, int(std::lround(inches.height() * dpi))));
}

QImage renderImage(const Figure& fig, const QSizeF& inches, double dpi) {
    const QSize px = pngPixelSize(inches, dpi);
    QImage img(px, QImage::Format_RGB32);
    if (img.isNull()) throw Error(ErrorCode::TooLarge, "a figure of " + std::to_string(px.width()) + " x " +
                                                         std::to_string(px.height()) + " pixels does not fit in memory");
    // Paint at 96 dpi, the resolution the figures measure their text at, and
    // scale to the pixels; the file then records the real DPI.
    img.setDotsPerMeterX(dotsPerMeter(kLogicalDpi));
    img.setDotsPerMeterY(dotsPerMeter(kLogicalDpi));
    img.fill(Qt::white);
    const QRectF area = logicalRect(inches);
    {
        QPainter p(&img);
        p.scale(px.width() / area.width(), px.height() / area.height());
        fig.paint(p, area);
    }
    img.setDotsPerMeterX(dotsPerMeter(dpi));
    img.setDotsPerMeterY(dotsPerMeter(dpi));
    img.setText(QStringLiteral("Title"), fig.title());
    return img;
}

QByteArray pngBytes(const Figure& fig, const QSizeF& inches, double dpi) {
    const QImage img = renderImage(fig, inches, dpi);
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    QImageWriter w(&buf, "png");
    if (!w.write(img)) throw Error(ErrorCode::Io, "cannot encode PNG: " + w.errorString().toStdString());
    return bytes;
}

QByteArray svgBytes(const Figure& fig, const QSizeF& inches, const QString& description) {
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    const QRectF area = logicalRect(inches);
    QSvgGenerator gen;
    gen.setOutputDevice(&buf);
    // User units are the figure's 1/96-inch units, so point-sized text gets
    // its size in them; width and height (in mm) carry the physical size.
    gen.setResolution(int(kLogicalDpi));
    gen.setSize(area.size().toSize());
    gen.setViewBox(area);
    gen.setTitle(fig.title());
    gen.setDescription(description);
    QPainter p;
    if (!p.begin(&gen)) throw Error(ErrorCode::Io, "cannot start the SVG generator");
    fig.paint(p, area);
    p.end();
    return bytes;
}

void writePng(const Figure& fig, const QSizeF& inches, double dpi, const QString& path) {
    writeFileAtomically(path, pngBytes(fig, inches, dpi));
}

void writeSvg(const Figure& fig, const QSizeF& inches, const QString& path, const QString& description) {
    writeFileAtomically(path, svgBytes(fig, inches, description));
}

void writePdf(const std::vector<const Figure*>& pages, const QSizeF& inches, const QString& path, const QString& title) {
    // Into memory first: QPdfWriter does not report a short write to its
    // device, so on a full disk a file written directly would be published
    // truncated. writeFileAtomically checks every byte.
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&file);
        pdf.setResolution(int(kLogicalDpi));  // painter units are the figures' 1/96 inch
        pdf.setCreator(QStringLiteral("AttnScope"));
        pdf.setTitle(title.isEmpty() && !pages.empty() ? pages.front()->title() : title);
        const QPageLayout layout(QPageSize(inches, QPageSize::Inch, QString(), QPageSize::ExactMatch),
                                 QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
        if (!pdf.setPageLayout(layout)) cannotWrite(path, QStringLiteral("the page size is not valid"));
        QPainter p;
        if (!p.begin(&pdf)) cannotWrite(path, QStringLiteral("cannot start the PDF writer"));
        for (size_t i = 0; i < pages.size(); ++i) {
            if (i > 0 && !pdf.newPage()) cannotWrite(path, QStringLiteral("cannot add a page"));
            pages[i]->paint(p, logicalRect(inches));
        }
        if (!p.end()) cannotWrite(path, QStringLiteral("the PDF writer failed"));
    }
    writeFileAtomically(path, bytes);
}

Recipe resolveRecipe(const Recipe& in, const Figure* fig) {
    Recipe r = in;
    if (r.fontFamily.isEmpty()) r.fontFamily = defaultFontFamily();
    if (fig && (r.widthIn <= 0 || r.heightIn <= 0)) {
        const QSizeF nat = naturalInches(*fig);
        if (r.widthIn > 0) r.heightIn = r.widthIn * nat.height() / nat.width();
        else if (r.heightIn > 0) r.widthIn = r.heightIn * nat.width() / nat.height();
        else {
            r.widthIn = nat.width();
            r.heightIn = nat.height();
        }
    }
    return r;
}

Recipe exportRecipe(const Recipe& in, const FigureData& data, const QStringList& tokenTexts, const QString& path) {
    if (!data.trace) throw Error(ErrorCode::InvalidArgument, "there is nothing to export yet: no trace");
    Recipe r = resolveRecipe(in, nullptr);  // the font, before the figure is made with it
    if (isFigureFormat(r.format)) {
        const std::unique_ptr<Figure> fig = makeFigure(r, data);
        r = resolveRecipe(r, fig.get());
        const QSizeF inches(r.widthIn, r.heightIn);
        switch (r.format) {
        case Format::Png: writePng(*fig, inches, r.dpi, path); break;
        case Format::Svg:
            writeSvg(*fig, inches, path, QStringLiteral("AttnScope figure of %1").arg(data.modelName));
            break;
        default: writePdf({fig.get()}, inches, path); break;
        }
        return r;
    }
    const DataBlock block = dataFor(r, *data.trace);
    const TokenTable tokens{data.trace->tokens, tokenTexts, data.tokens};
    switch (r.format) {
    case Format::Csv: writeCsv(block, tokens, path); break;
    case Format::Npy: writeNpy(block, tokens, path); break;
    default: writeJson(block, tokens, r, *data.trace, data.modelName, path); break;
    }
    return r;
}

QString defaultFileName(const Recipe& r) {
    QString base;
    const QString lh = QStringLiteral("_L%1_H%2").arg(r.layer).arg(r.head);
    if (r.view == QLatin1String("heads")) {
        base = QStringLiteral("heads");
        if (!r.layers.empty()) {
            QStringList ls;
            for (const int l : r.layers) ls << QString::number(l);
            base += QStringLiteral("_L") + ls.join(QLatin1Char('-'));
        }
    } else if (r.view == QLatin1String("mask")) {
        base = r.bidirectional ? QStringLiteral("mask_bidirectional") : QStringLiteral("mask");
    } else if (r.view == QLatin1String("lines") && r.heads.size() > 1) {
        base = QStringLiteral("lines_L%1_overlay").arg(r.layer);
    } else if (r.view == QLatin1String("head")) {
        base = (r.kind == MatrixKind::Scores ? QStringLiteral("head-scores") : QStringLiteral("head")) + lh;
    } else {
        base = r.view + lh;
    }
    return base + QLatin1Char('.') + formatName(r.format);
}

QString recipePathFor(const QString& exportPath) {
    const QFileInfo fi(exportPath);
    QString base = fi.fileName();
    const int dot = int(base.lastIndexOf(QLatin1Char('.')));
    if (dot > 0) base.truncate(dot);
    return fi.dir().filePath(base + QStringLiteral(".recipe.json"));
}

}  // namespace render
