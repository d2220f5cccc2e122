#include "render/heatmap.h"

#include <QCoreApplication>

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPaintDevice>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace render {

using attnscope::MatrixRM;

QString scaleName(Scale s) {
    switch (s) {
    case Scale::Linear: return QStringLiteral("linear");
    case Scale::Log: return QStringLiteral("log");
    case Scale::RowNormalized: return QStringLiteral("row");
    }
    return QStringLiteral("linear");
}

Scale scaleFromName(const QString& name) {
    if (name == QLatin1String("log")) return Scale::Log;
    if (name == QLatin1String("row")) return Scale::RowNormalized;
    return Scale::Linear;
}

QString kindName(MatrixKind k) {
    switch (k) {
    case MatrixKind::Weights: return QStringLiteral("weights");
    case MatrixKind::Scores: return QStringLiteral("scores");
    case MatrixKind::Mask: return QStringLiteral("mask");
    case MatrixKind::Norms: return QStringLiteral("norms");
    }
    return QStringLiteral("weights");
}

MatrixKind kindFromName(const QString& name) {
    if (name == QLatin1String("scores")) return MatrixKind::Scores;
    if (name == QLatin1String("mask")) return MatrixKind::Mask;
    if (name == QLatin1String("norms")) return MatrixKind::Norms;
    return MatrixKind::Weights;
}

namespace {

constexpr double kLogFloor = 1e-4;  // weights below this share the lowest colour

}  // namespace

Normalized normalize(const MatrixRM& m, MatrixKind kind, Scale scale) {
    Normalized n;
    n.t.resize(m.rows(), m.cols());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (kind == MatrixKind::Mask) {
        for (Eigen::Index i = 0; i < m.size(); ++i) n.t.data()[i] = m.data()[i] > 0.5f ? 1.0f : float(nan);
        return n;
    }
    if (kind == MatrixKind::Scores) {
        // Scores: linear between the finite extremes (row-normalised per row).
        double lo = INFINITY, hi = -INFINITY;
        for (Eigen::Index i = 0; i < m.size(); ++i)
            if (std::isfinite(m.data()[i])) {
                lo = std::min(lo, double(m.data()[i]));
                hi = std::max(hi, double(m.data()[i]));
            }
        if (!std::isfinite(lo)) lo = hi = 0;
        n.lo = lo;
        n.hi = hi > lo ? hi : lo + 1;
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            double rlo = n.lo, rhi = n.hi;
            if (scale == Scale::RowNormalized) {
                rlo = INFINITY;
                rhi = -INFINITY;
                for (Eigen::Index c = 0; c < m.cols(); ++c)
                    if (std::isfinite(m(r, c))) {
                        rlo = std::min(rlo, double(m(r, c)));
                        rhi = std::max(rhi, double(m(r, c)));
                    }
                if (!(rhi > rlo)) rhi = rlo + 1;
            }
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                n.t(r, c) = std::isfinite(m(r, c)) ? float((m(r, c) - rlo) / (rhi - rlo)) : float(nan);
        }
        if (scale == Scale::RowNormalized) {
            n.lo = 0;
            n.hi = 1;
            n.perRow = true;
        }
        return n;
    }
    if (kind == MatrixKind::Norms) {
        float largest = 0;
        for (Eigen::Index i = 0; i < m.size(); ++i)
            if (std::isfinite(m.data()[i])) largest = std::max(largest, m.data()[i]);
        Normalized info = normsScale(scale, largest);
        info.t = std::move(n.t);
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            const float mx = scale == Scale::RowNormalized ? m.row(r).maxCoeff() : 1.0f;
            for (Eigen::Index c = 0; c < m.cols(); ++c) info.t(r, c) = normalizedNorm(m(r, c), mx, info);
        }
        return info;
    }
    // Weights.
    Normalized info = weightsScale(scale);
    info.t = std::move(n.t);
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        const float mx = scale == Scale::RowNormalized ? m.row(r).maxCoeff() : 1.0f;
        for (Eigen::Index c = 0; c < m.cols(); ++c) info.t(r, c) = normalizedWeight(m(r, c), mx, scale);
    }
    return info;
}

Normalized weightsScale(Scale scale) {
    Normalized n;
    n.log = scale == Scale::Log;
    n.lo = n.log ? std::log10(kLogFloor) : 0.0;
    n.hi = n.log ? 0.0 : 1.0;
    n.perRow = scale == Scale::RowNormalized;
    return n;
}

float normalizedWeight(float v, float rowMax, Scale scale) {
    switch (scale) {
    case Scale::Linear: return v;
    case Scale::Log: {
        static const double lo = std::log10(kLogFloor);
        return float((std::log10(std::max(double(v), kLogFloor)) - lo) / (0.0 - lo));
    }
    case Scale::RowNormalized: return rowMax > 0 ? v / rowMax : v;
    }
    return v;
}

Normalized normsScale(Scale scale, float largest) {
    Normalized n;
    if (scale == Scale::RowNormalized) {
        n.perRow = true;
        return n;
    }
    n.toLargest = true;
    if (scale == Scale::Log) {
        // Whole decades, so the bar's labels (powers of ten) are its ends.
        n.log = true;
        n.hi = largest > 0 ? std::ceil(std::log10(double(largest))) : 0.0;
        n.lo = n.hi + std::log10(kLogFloor);
        return n;
    }
    n.hi = largest > 0 ? double(largest) : 1.0;
    return n;
}

float normalizedNorm(float v, float rowMax, const Normalized& range) {
    if (range.perRow) return rowMax > 0 ? v / rowMax : v;
    if (range.log) {
        const double lv = v > 0 ? std::log10(double(v)) : range.lo;
        return float((std::max(lv, range.lo) - range.lo) / (range.hi - range.lo));
    }
    return float((double(v) - range.lo) / (range.hi - range.lo));
}

void maskUpperTriangle(Normalized& n) {
    for (Eigen::Index r = 0; r < n.t.rows(); ++r)
        for (Eigen::Index c = r + 1; c < n.t.cols(); ++c) n.t(r, c) = std::numeric_limits<float>::quiet_NaN();
    n.upperMasked = true;
}

QImage heatmapImage(const Normalized& n, const ColorMap& cmap) {
    QImage img(int(n.t.cols()), int(n.t.rows()), QImage::Format_RGB32);
    for (int r = 0; r < img.height(); ++r) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(r));
        for (int c = 0; c < img.width(); ++c) line[c] = cmap.at(n.t(r, c));
    }
    return img;
}

QSize devicePixels(const QPainter& p, const QSizeF& size) {
    const QPaintDevice* d = p.device();
    if (!d) return {};
    const int type = d->devType();
    if (type != QInternal::Image && type != QInternal::Pixmap && type != QInternal::Widget) return {};
    // deviceTransform holds the pixel ratio too (a 2x image's painter scales by 2).
    const QTransform t = p.deviceTransform();
    const double sx = std::hypot(t.m11(), t.m12()), sy = std::hypot(t.m21(), t.m22());
    return {std::max(1, int(std::ceil(size.width() * sx - 1e-6))), std::max(1, int(std::ceil(size.height() * sy - 1e-6)))};
}

FittedImage fittedHeatmapImage(const Normalized& n, const ColorMap& cmap, const QRect& cells, const QSize& fit) {
    const int kc = std::max(1, (cells.width() + fit.width() - 1) / std::max(1, fit.width()));
    const int kr = std::max(1, (cells.height() + fit.height() - 1) / std::max(1, fit.height()));
    const int w = (cells.width() + kc - 1) / kc, h = (cells.height() + kr - 1) / kr;
    QImage img(w, h, QImage::Format_RGB32);
    std::vector<float> acc(static_cast<size_t>(w));
    for (int y = 0; y < h; ++y) {
        std::fill(acc.begin(), acc.end(), std::numeric_limits<float>::quiet_NaN());
        const int r1 = std::min(cells.top() + cells.height(), cells.top() + (y + 1) * kr);
        for (int r = cells.top() + y * kr; r < r1; ++r) {
            const float* row = n.t.data() + size_t(r) * size_t(n.t.cols()) + cells.left();
            for (int c = 0; c < cells.width(); ++c) {
                float& a = acc[size_t(c / kc)];
                if (!std::isnan(row[c]) && !(a >= row[c])) a = row[c];  // NaN a: the first value
            }
        }
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < w; ++x) line[x] = cmap.at(acc[size_t(x)]);
    }
    return {img, kc, kr, cells, fit};
}

void drawHeatmap(QPainter& p, const QRectF& target, const Normalized& n, const ColorMap& cmap,
                 CellMode mode, const QImage* cached, FittedImage* fitted) {
    if (n.t.size() == 0) return;
    p.save();
    if (mode == CellMode::Image) {
        p.setRenderHint(QPainter::SmoothPixmapTransform, false);
        p.setRenderHint(QPainter::LosslessImageRendering);  // a PDF would otherwise hold the cells as JPEG
        const QSize px = devicePixels(p, target.size());
        const int cols = int(n.t.cols()), rows = int(n.t.rows());
        if (!px.isEmpty() && (cols > px.width() || rows > px.height())) {
            const QRect all(0, 0, cols, rows);
            FittedImage made;
            FittedImage& f = fitted ? *fitted : made;
            if (f.image.isNull() || f.cells != all || f.fit != px) f = fittedHeatmapImage(n, cmap, all, px);
            p.setClipRect(target, Qt::IntersectClip);
            p.drawImage(QRectF(target.topLeft(), QSizeF(target.width() * f.image.width() * f.columns / cols,
                                                       target.height() * f.image.height() * f.rows / rows)),
                        f.image);
        } else if (cached) p.drawImage(target, *cached);
        else p.drawImage(target, heatmapImage(n, cmap));
    } else {
        p.setPen(Qt::NoPen);
        const double cw = target.width() / double(n.t.cols()), ch = target.height() / double(n.t.rows());
        for (Eigen::Index r = 0; r < n.t.rows(); ++r)
            for (Eigen::Index c = 0; c < n.t.cols(); ++c) {
                p.setBrush(QColor(cmap.at(n.t(r, c))));
                p.drawRect(QRectF(target.left() + double(c) * cw, target.top() + double(r) * ch, cw, ch));
            }
    }
    p.restore();
}

namespace {

QString label(double v, bool log) {
    if (log) return QStringLiteral("1e%1").arg(int(std::lround(v)));
    return QString::number(v, 'g', 3);
}

}  // namespace

void drawColorBar(QPainter& p, const QRectF& bar, const Normalized& n, const ColorMap& cmap) {
    p.save();
    p.setPen(Qt::NoPen);
    // One gradient through 64 of the map's colours, bottom (low) to top: as
    // smooth as the device can show (64 flat slices made steps on a 2x
    // screen), and one element in an SVG or PDF rather than hundreds.
    QLinearGradient g(bar.bottomLeft(), bar.topLeft());
    constexpr int kStops = 64;
    for (int i = 0; i <= kStops; ++i) {
        const double t = double(i) / kStops;
        g.setColorAt(t, QColor(cmap.at(t)));
    }
    p.fillRect(bar, g);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(80, 80, 80), 0));
    p.drawRect(bar);
    const QFontMetricsF fm(p.font());
    p.setPen(p.pen().color());
    const double x = bar.right() + 4;
    const double mid = (n.lo + n.hi) / 2;
    p.setPen(QColor(30, 30, 30));
    p.drawText(QPointF(x, bar.top() + fm.ascent()), label(n.hi, n.log));
    p.drawText(QPointF(x, bar.center().y() + fm.ascent() / 2 - 1), label(mid, n.log));
    p.drawText(QPointF(x, bar.bottom()), label(n.lo, n.log));
    if (n.perRow) {
        // Say what the numbers mean: each row is scaled to its own range.
        QFont small = p.font();
        small.setPointSizeF(std::max(5.0, small.pointSizeF() * 0.8));
        p.setFont(small);
        p.drawText(QRectF(bar.left() - 4, bar.bottom() + 2, 80, QFontMetricsF(small).height() * 2.2),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   QCoreApplication::translate("render::Heatmap", "per row:\nrow max = 1"));
    } else if (n.toLargest) {
        QFont small = p.font();
        small.setPointSizeF(std::max(5.0, small.pointSizeF() * 0.8));
        p.setFont(small);
        p.drawText(QRectF(bar.left() - 4, bar.bottom() + 2, 80, QFontMetricsF(small).height() * 2.2),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   n.log ? QCoreApplication::translate("render::Heatmap", "log; top = 10ⁿ\n≥ largest")
                         : QCoreApplication::translate("render::Heatmap", "top = largest\nvalue shown"));
    }
    p.restore();
}

}  // namespace render
