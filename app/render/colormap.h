#pragma once
// Perceptually uniform, colour-blind-safe colour maps as 256-entry tables.
#include <QColor>
#include <QString>
#include <QStringList>
#include <array>

namespace render {

enum class ColorMapId { Viridis, Magma, Cividis, Greys };

class ColorMap {
public:
    static const ColorMap& get(ColorMapId id);
    static QStringList names();                        // stable ids: "viridis", ...
    static ColorMapId fromName(const QString& name);   // unknown -> Viridis
    static QString name(ColorMapId id);

    // t in [0, 1] (clamped); NaN gives the "masked" colour.
    QRgb at(double t) const;
    QRgb masked() const { return masked_; }
    // A colour for text and lines drawn over `t` that stays readable.
    QRgb contrast(double t) const;

private:
    explicit ColorMap(const std::array<QRgb, 11>& anchors);
    std::array<QRgb, 256> lut_{};
    QRgb masked_;
};

}  // namespace render
