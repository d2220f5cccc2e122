#include "render/line_raster.h"

#include <QColor>
#include <algorithm>
#include <cmath>

namespace render {

LineRaster::LineRaster(QSize pixels, double pixelRatio) : image_(pixels, QImage::Format_ARGB32_Premultiplied) {
    if (image_.isNull()) return;
    image_.setDevicePixelRatio(pixelRatio);  // before anyone shares it: no copy
    image_.fill(Qt::transparent);
}

void LineRaster::draw(const QLineF& line, double width, const QColor& color) {
    const double x1 = line.x1(), y1 = line.y1(), dx = line.dx(), dy = line.dy();
    const double len = std::hypot(dx, dy);
    if (!(len > 0) || !(width > 0) || !std::isfinite(width) || color.alpha() == 0 || image_.isNull()) return;
    if (!std::isfinite(len) || !std::isfinite(x1) || !std::isfinite(y1)) return;
    const double ux = dx / len, uy = dy / len;
    // A pixel's coverage: how far inside the line's edges its centre lies
    // (up to one pixel), times how far inside its ends, a box filter's
    // estimate. A hairline (width 1) covers a pixel it crosses at its centre.
    const double reach = width / 2 + 0.5;
    const QColor rgb = color.toRgb();  // 8 bits a channel, each within [0, 1]
    const float a = float(rgb.alphaF()), r = float(rgb.redF()) * a, g = float(rgb.greenF()) * a, b = float(rgb.blueF()) * a;
    const int W = image_.width(), H = image_.height();
    uchar* const bits = image_.bits();  // once: scanLine() checks for a detach at every call
    const qsizetype stride = image_.bytesPerLine();
    auto plot = [&](int px, int py) {
        const double cx = px + 0.5 - x1, cy = py + 0.5 - y1;
        const double across = std::abs(cx * uy - cy * ux), along = cx * ux + cy * uy;
        const double cover = std::clamp(reach - across, 0.0, 1.0) * std::clamp(std::min(along, len - along) + 0.5, 0.0, 1.0);
        if (cover <= 0) return;
        const float k = float(cover), keep = 1.0f - a * k;
        QRgb* pixel = reinterpret_cast<QRgb*>(bits + py * stride) + px;
        const QRgb d = *pixel;
        // Premultiplied source over: every channel stays within its alpha.
        auto mix = [&](float src, int dst) { return std::min(255, int(src * k * 255.0f + float(dst) * keep + 0.5f)); };
        *pixel = qRgba(mix(r, qRed(d)), mix(g, qGreen(d)), mix(b, qBlue(d)), mix(a, qAlpha(d)));
    };
    // Walk the major axis one pixel at a time; across it, the pixels within
    // reach of the line.
    const bool steep = std::abs(dy) > std::abs(dx);
    const double major0 = steep ? std::min(y1, y1 + dy) : std::min(x1, x1 + dx);
    const double major1 = steep ? std::max(y1, y1 + dy) : std::max(x1, x1 + dx);
    const double slope = steep ? dx / dy : dy / dx;           // minor per major
    const double half = reach * len / std::abs(steep ? dy : dx);  // the reach along the minor axis
    const int limitMajor = steep ? H : W, limitMinor = steep ? W : H;
    if (major1 + reach < 0 || major0 - reach > limitMajor) return;
    // Clamped as doubles first: a coordinate far off the image is no int.
    const auto pixel = [](double v, int limit) { return int(std::clamp(v, 0.0, double(limit - 1))); };
    const int m0 = pixel(std::floor(major0 - reach), limitMajor), m1 = pixel(std::ceil(major1 + reach), limitMajor);
    for (int m = m0; m <= m1; ++m) {
        const double centre = (steep ? x1 : y1) + (m + 0.5 - (steep ? y1 : x1)) * slope;
        if (!(centre + half >= 0 && centre - half < limitMinor)) continue;
        const int n0 = pixel(std::floor(centre - half), limitMinor), n1 = pixel(std::ceil(centre + half), limitMinor);
        for (int n = n0; n <= n1; ++n) steep ? plot(n, m) : plot(m, n);
    }
}

}  // namespace render
