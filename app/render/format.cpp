#include "render/format.h"

namespace render {

QStringList formatNames() {
    return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"),
            QStringLiteral("csv"), QStringLiteral("npy"), QStringLiteral("json")};
}

QString formatName(Format f) { return formatNames().value(int(f), QStringLiteral("png")); }

std::optional<Format> formatFromName(const QString& name) {
    const int i = int(formatNames().indexOf(name.toLower()));
    if (i < 0) return std::nullopt;
    return Format(i);
}

bool isFigureFormat(Format f) { return f == Format::Png || f == Format::Svg || f == Format::Pdf; }

QString cellModeName(CellMode m) { return m == CellMode::Rects ? QStringLiteral("rects") : QStringLiteral("image"); }

std::optional<CellMode> cellModeFromName(const QString& name) {
    if (name == QLatin1String("image")) return CellMode::Image;
    if (name == QLatin1String("rects")) return CellMode::Rects;
    return std::nullopt;
}

}  // namespace render
