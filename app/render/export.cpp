#include "render/export.h"

#include <QBuffer>
#include <QDir>
#include <QDateTime>
#include <QFileInfo>
#include <QHashSeed>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>
#include <cctype>
#include <optional>
#include <cmath>
#include <cstdlib>

#include "attnscope/common/error.h"
#include "render/data.h"

namespace render {

using attnscope::Error;
using attnscope::ErrorCode;

namespace {

[[noreturn]] void cannotWrite(const QString& path, const QString& why) {
    throw Error(ErrorCode::Io, "cannot write '" + path.toStdString() + "': " + why.toStdString(), {path.toStdString()});
}

QRectF logicalRect(const QSizeF& inches) { return QRectF(QPointF(0, 0), inches * kLogicalDpi); }

int dotsPerMeter(double dpi) { return int(std::lround(dpi / 0.0254)); }

// The date a PDF says it was made: SOURCE_DATE_EPOCH's (seconds since 1970,
// the reproducible-builds convention) when it is set to a number, else none.
std::optional<QDateTime> sourceDateEpoch() {
    const char* v = std::getenv("SOURCE_DATE_EPOCH");
    if (!v || !*v) return std::nullopt;
    char* end = nullptr;
    const long long seconds = std::strtoll(v, &end, 10);
    if (*end || seconds < 0 || seconds > 253402300799LL) return std::nullopt;  // up to 9999-12-31
    return QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
}

// Qt writes the time of writing as "/CreationDate (D:YYYYMMDDhhmmssZ)"; the
// same number of digits put in its place keeps every byte offset (the cross
// reference table) right.
void stampCreationDate(QByteArray& pdf, const QDateTime& when) {
    const QByteArray key = "/CreationDate (D:";
    const qsizetype at = pdf.indexOf(key);
    const QByteArray stamp = when.toString(QStringLiteral("yyyyMMddhhmmss")).toLatin1();
    if (at < 0 || stamp.size() != 14 || pdf.size() < at + key.size() + 14) return;
    for (qsizetype i = 0; i < 14; ++i)
        if (!std::isdigit(uchar(pdf[at + key.size() + i]))) return;  // not the form Qt writes: left as it is
    pdf.replace(at + key.size(), 14, stamp);
}

}  // namespace

QSizeF naturalInches(const Figure& fig) { return fig.naturalSize() / kLogicalDpi; }

QSize pngPixelSize(const QSizeF& inches, double dpi) {
    return QSize(std::max(1, int(std::lround(inches.width() * dpi))), std::max(1, int(std::lround(inches.height() * dpi))));
}

QImage renderImage(const Figure& fig, const QSizeF& inches, double dpi) {
    const QSize px = pngPixelSize(inches, dpi);
    // Four bytes a pixel: past the limit the image alone would take gigabytes.
    if (double(px.width()) * px.height() > kMaxImagePixels)
        throw Error(ErrorCode::TooLarge, "a figure of " + std::to_string(px.width()) + " x " + std::to_string(px.height()) +
                                             " pixels is past the limit of " +
                                             std::to_string(int64_t(kMaxImagePixels / 1e6)) +
                                             " million pixels: give a smaller size or DPI, or export SVG or PDF");
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
    // Qt 6.4 writes the title and description into the XML as they are: a
    // model named "R&D <x>" made the file unreadable. Escaped here.
    gen.setTitle(withoutControls(fig.title()).toHtmlEscaped());
    gen.setDescription(withoutControls(description).toHtmlEscaped());
    QPainter p;
    if (!p.begin(&gen)) throw Error(ErrorCode::Io, "cannot start the SVG generator");
    fig.paint(p, area);
    p.end();
    // XML 1.0 allows no control characters but tab and line ends: one that
    // reached a drawn text (a file name, a caption) becomes U+FFFD rather than
    // make the whole file unreadable.
    const auto illegal = [](char c) { return uchar(c) < 0x20 && c != '\t' && c != '\n' && c != '\r'; };
    if (std::none_of(bytes.cbegin(), bytes.cend(), illegal)) return bytes;  // the usual case: no copy
    QByteArray clean;
    clean.reserve(bytes.size() + 64);
    for (const char c : std::as_const(bytes)) {
        if (illegal(c)) clean += "\xEF\xBF\xBD";
        else clean += c;
    }
    return clean;
}

QByteArray pdfBytes(const std::vector<const Figure*>& pages, const QSizeF& inches, const QString& path,
                    const QString& title) {
    // Into memory first: QPdfWriter does not report a short write to its
    // device, so on a full disk a file written directly would be published
    // truncated. writeFileAtomically checks every byte.
    //
    // The same figure gives the same bytes in every process: Qt writes the
    // embedded fonts in the order of a hash table, and a hash table's order
    // follows its seed, random per process unless fixed. It is fixed once,
    // for the tables made from then on (a random seed only guards a server's
    // tables against keys sent to collide). With SOURCE_DATE_EPOCH set, the
    // creation date is that one too, so a figure made again from its recipe
    // is the same file.
    static const bool deterministic = [] {
        QHashSeed::setDeterministicGlobalSeed();
        return true;
    }();
    (void)deterministic;
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
    if (const std::optional<QDateTime> when = sourceDateEpoch()) stampCreationDate(bytes, *when);
    return bytes;
}

void writePdf(const std::vector<const Figure*>& pages, const QSizeF& inches, const QString& path, const QString& title) {
    writeFileAtomically(path, pdfBytes(pages, inches, path, title));
}

}  // namespace render
