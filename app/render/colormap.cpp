#include "render/colormap.h"

#include <cmath>

namespace render {

namespace {

// Oklab (Björn Ottosson's perceptual space): interpolating there keeps the
// anchors' even lightness steps between them.
struct Lab {
    double L, a, b;
};

double to_linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double to_srgb(double c) {
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

Lab to_lab(QRgb c) {
    const double r = to_linear(qRed(c) / 255.0), g = to_linear(qGreen(c) / 255.0), b = to_linear(qBlue(c) / 255.0);
    const double l = std::cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    const double m = std::cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    const double s = std::cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    return {0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s};
}

QRgb from_lab(const Lab& p) {
    const double l = std::pow(p.L + 0.3963377774 * p.a + 0.2158037573 * p.b, 3);
    const double m = std::pow(p.L - 0.1055613458 * p.a - 0.0638541728 * p.b, 3);
    const double s = std::pow(p.L - 0.0894841775 * p.a - 1.2914855480 * p.b, 3);
    const double r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
    const double g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
    const double b = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s;
    return qRgb(int(std::lround(to_srgb(r) * 255)), int(std::lround(to_srgb(g) * 255)),
                int(std::lround(to_srgb(b) * 255)));
}

// Eleven evenly spaced samples of each published map (0, 0.1, ..., 1).
constexpr std::array<QRgb, 11> kViridis = {0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c,
                                           0x22a884, 0x44bf70, 0x7ad151, 0xbddf26, 0xfde725};
constexpr std::array<QRgb, 11> kMagma = {0x000004, 0x140e36, 0x3b0f70, 0x641a80, 0x8c2981, 0xb73779,
                                         0xde4968, 0xf7705c, 0xfe9f6d, 0xfecf92, 0xfcfdbf};
constexpr std::array<QRgb, 11> kCividis = {0x00224e, 0x083370, 0x35456c, 0x4f576c, 0x666970, 0x7d7c78,
                                           0x948e77, 0xaea371, 0xc8b866, 0xe5cf52, 0xfee838};
constexpr std::array<QRgb, 11> kGreys = {0xffffff, 0xf2f2f2, 0xe2e2e2, 0xcecece, 0xb4b4b4, 0x979797,
                                         0x7a7a7a, 0x5f5f5f, 0x404040, 0x1e1e1e, 0x000000};

}  // namespace

ColorMap::ColorMap(const std::array<QRgb, 11>& anchors) : masked_(qRgb(0xd9, 0xd9, 0xd9)) {
    std::array<Lab, 11> lab{};
    for (size_t i = 0; i < anchors.size(); ++i) lab[i] = to_lab(anchors[i] | 0xff000000u);
    for (int i = 0; i < 256; ++i) {
        const double x = i / 255.0 * 10.0;
        const int k = std::min(9, int(x));
        const double f = x - k;
        const Lab& a = lab[size_t(k)];
        const Lab& b = lab[size_t(k + 1)];
        lut_[size_t(i)] = from_lab({a.L + f * (b.L - a.L), a.a + f * (b.a - a.a), a.b + f * (b.b - a.b)});
    }
}

const ColorMap& ColorMap::get(ColorMapId id) {
    static const ColorMap viridis(kViridis), magma(kMagma), cividis(kCividis), greys(kGreys);
    switch (id) {
    case ColorMapId::Viridis: return viridis;
    case ColorMapId::Magma: return magma;
    case ColorMapId::Cividis: return cividis;
    case ColorMapId::Greys: return greys;
    }
    return viridis;
}

QStringList ColorMap::names() { return {"viridis", "magma", "cividis", "greys"}; }

ColorMapId ColorMap::fromName(const QString& name) {
    const int i = int(names().indexOf(name.toLower()));
    return i < 0 ? ColorMapId::Viridis : ColorMapId(i);
}

QString ColorMap::name(ColorMapId id) { return names().at(int(id)); }

QRgb ColorMap::contrast(double t) const {
    const QRgb c = at(t);
    const double luma = 0.2126 * qRed(c) + 0.7152 * qGreen(c) + 0.0722 * qBlue(c);
    return luma > 140 ? qRgb(0, 0, 0) : qRgb(255, 255, 255);
}

}  // namespace render
