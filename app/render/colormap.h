#pragma once
// Perceptually uniform, colour-blind-safe colour maps as 256-entry tables.
#include <QColor>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <array>
#include <cmath>

namespace render {

enum class ColorMapId { Viridis, Magma, Cividis, Greys };

class ColorMap {
public:
    static const ColorMap& get(ColorMapId id);
    static QStringList names();                        // stable ids: "viridis", ...
    static ColorMapId fromName(const QString& name);   // unknown -> Viridis
    static QString name(ColorMapId id);

    // t in [0, 1] (clamped); NaN gives the "masked" colour. Inline: every
    // pixel of a heatmap comes through here.
    QRgb at(double t) const {
        if (std::isnan(t)) return masked_;
        // lround of a value in [0, 255] without the library call: a half rounds up.
        const double v = std::clamp(t, 0.0, 1.0) * 255.0;
        const int i = int(v);
        return lut_[size_t(v - i >= 0.5 ? i + 1 : i)];
    }
    QRgb masked() const { return masked_; }
    // A colour for text and lines drawn over `t` that stays readable.
    QRgb contrast(double t) const;

private:
    explicit ColorMap(const std::array<QRgb, 11>& anchors);
    std::array<QRgb, 256> lut_{};
    QRgb masked_;
};

}  // namespace render
