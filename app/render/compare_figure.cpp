#include "compare_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "ablation_figure.h"
#include "attnscope/compare.h"
#include "attnscope/error.h"

namespace render {

namespace {

constexpr double kBarW = 14;

// The height drawTitle takes.
double titleHeight(const Style& style) {
    if (!style.showTitle) return 0;
    QFont f = scaledFont(style.font, 1.2);
    f.setBold(true);
    return QFontMetricsF(f).height() * 1.5;
}

// Labels of the leading `n` positions: the token, or "a / b" where the texts differ.
QStringList commonLabels(const QStringList& a, const QStringList& b, int n) {
    QStringList out;
    for (int i = 0; i < n; ++i) {
        const QString la = a.value(i), lb = b.value(i);
        out << (la == lb ? la : la + QStringLiteral(" / ") + lb);
    }
    return out;
}

}  // namespace

QString compareModeName(CompareMode m) {
    return m == CompareMode::Difference ? QStringLiteral("difference") : QStringLiteral("side_by_side");
}

bool compareModeFromName(const QString& name, CompareMode* mode) {
    if (name == QLatin1String("difference")) *mode = CompareMode::Difference;
    else if (name == QLatin1String("side_by_side") || name == QLatin1String("side-by-side")) *mode = CompareMode::SideBySide;
    else return false;
    return true;
}

CompareFigure::CompareFigure(CompareData data, int layer, int head, CompareMode mode, Style style)
    : data_(std::move(data)), layer_(layer), head_(head), mode_(mode), style_(std::move(style)) {
    const auto& a = data_.a.trace;
    const auto& b = data_.b.trace;
    if (!a || !b) return;
    causal_ = a->causal;
    // Each head's weights are read once (rebuilt from q and k past the attention
    // budget): the difference, and the side by side panels, come from them.
    if (a->n_layer() != b->n_layer() || a->n_head() != b->n_head()) attnscope::check_same_shape(a->config, b->config);
    if (layer_ < 0 || layer_ >= a->n_layer() || head_ < 0 || head_ >= a->n_head())
        throw attnscope::Error(attnscope::ErrorCode::InvalidArgument, "the head to compare is not in the model");
    attnscope::MatrixRM wa = a->head_weights(layer_, head_), wb = b->head_weights(layer_, head_);
    const int n = std::min(a->T(), b->T());
    diff_ = wb.topLeftCorner(n, n) - wa.topLeftCorner(n, n);
    for (Eigen::Index i = 0; i < diff_.size(); ++i)
        if (std::isfinite(diff_.data()[i])) range_ = std::max(range_, double(std::abs(diff_.data()[i])));
    labels_ = commonLabels(data_.a.tokens, data_.b.tokens, common());
    // One pixel per cell, drawn unsmoothed: crisp at any size and device pixel ratio.
    diffImage_ = QImage(int(diff_.cols()), int(diff_.rows()), QImage::Format_RGB32);
    for (int r = 0; r < diff_.rows(); ++r) {
        auto* line = reinterpret_cast<QRgb*>(diffImage_.scanLine(r));
        for (int c = 0; c < diff_.cols(); ++c) line[c] = differenceColor(r, c).rgb();
    }
    if (mode_ == CompareMode::SideBySide) {
        const QString query = QCoreApplication::translate("render::CompareFigure", "query"), key = QCoreApplication::translate("render::CompareFigure", "key");
        a_ = std::make_unique<MatrixFigure>(QCoreApplication::translate("render::CompareFigure", "A"), std::move(wa),
                                            MatrixKind::Weights, data_.a.tokens, data_.a.tokens, style_, query, key,
                                            a->causal);
        b_ = std::make_unique<MatrixFigure>(QCoreApplication::translate("render::CompareFigure", "B"), std::move(wb),
                                            MatrixKind::Weights, data_.b.tokens, data_.b.tokens, style_, query, key,
                                            b->causal);
    }
}

QColor CompareFigure::differenceColor(int row, int col) const {
    if (causal_ && col > row) return QColor(style_.cmap().masked());
    return divergingColor(diff_(row, col), range_ > 0 ? range_ : 1.0);
}

QString CompareFigure::title() const {
    if (!hasB() || !data_.a.trace)
        return QCoreApplication::translate("render::CompareFigure", "No comparison yet: choose B with Compare with text… or Compare with model…");
    return QCoreApplication::translate("render::CompareFigure", "L%1 H%2 · A: %3 · B: %4").arg(layer_).arg(head_).arg(data_.aCaption, data_.bCaption);
}

QString CompareFigure::differenceTitle() const {
    const int ta = data_.a.trace->T(), tb = data_.b.trace->T();
    if (ta == tb) return QCoreApplication::translate("render::CompareFigure", "B − A");
    return QCoreApplication::translate("render::CompareFigure", "B − A, first %1 positions (A has %2, B %3)").arg(common()).arg(ta).arg(tb);
}

QSizeF CompareFigure::naturalSize() const {
    if (mode_ == CompareMode::SideBySide && hasB()) return {1320, 560};
    return {640, 640};
}

CompareFigure::DiffLayout CompareFigure::diffLayout(const QRectF& area) const {
    DiffLayout l;
    const QFontMetricsF fm(style_.font);
    const double top = area.top() + titleHeight(style_);
    double widest = 0;
    for (const QString& s : labels_) widest = std::max(widest, fm.horizontalAdvance(s));
    const double labelW = std::min(widest + 6, area.width() * 0.12);
    const double labelH = std::min(widest + 6, area.height() * 0.12);
    const double axis = fm.height() + 2;
    const double barW = style_.showColorBar ? 10 + kBarW + fm.horizontalAdvance(QStringLiteral("-0.000")) + 8 : 0;
    const double n = std::max(1, common());
    const double availW = area.width() - axis - labelW - barW - 8;
    const double availH = area.bottom() - top - labelH - axis - 4;
    const double cell = std::max(0.05, std::min(availW, availH) / n);
    const double used = axis + labelW + cell * n + barW;
    const double x0 = area.left() + std::max(0.0, (area.width() - used) / 2);
    l.heat = QRectF(x0 + axis + labelW, top + 2, cell * n, cell * n);
    if (barW > 0) l.bar = QRectF(l.heat.right() + 10, l.heat.top(), kBarW, std::min(l.heat.height(), 320.0));
    return l;
}

QRectF CompareFigure::differenceRect(const QRectF& area) const {
    if (!hasB()) return {};
    const QRectF body = area.adjusted(0, titleHeight(style_), 0, 0);
    if (mode_ == CompareMode::Difference || !a_) return diffLayout(body).heat;
    return diffLayout(panels(body)[2]).heat;
}

std::array<QRectF, 3> CompareFigure::panels(const QRectF& body) const {
    // A | B | B − A in a row; in a tall area A and B above, the difference below.
    if (body.height() > body.width() * 0.55) {
        // A gap for the colour bars' captions, which hang below their bars.
        const double gap = QFontMetricsF(style_.font).height() * 2;
        const double w = body.width() / 2, h = (body.height() - gap) / 2;
        return {QRectF(body.left(), body.top(), w, h), QRectF(body.left() + w, body.top(), w, h),
                QRectF(body.left() + w / 2, body.top() + h + gap, w, h)};
    }
    const double w = body.width() / 3;
    return {QRectF(body.left(), body.top(), w, body.height()), QRectF(body.left() + w, body.top(), w, body.height()),
            QRectF(body.left() + 2 * w, body.top(), w, body.height())};
}

void CompareFigure::paintDifference(QPainter& p, const QRectF& area) const {
    drawTitle(p, area, differenceTitle(), style_);
    const DiffLayout l = diffLayout(area);
    const int n = common();
    p.save();
    if (style_.cells == CellMode::Rects && n <= 512) {
        const double cw = l.heat.width() / std::max(1, n);
        p.setPen(Qt::NoPen);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) p.fillRect(QRectF(l.heat.left() + c * cw, l.heat.top() + r * cw, cw, cw), differenceColor(r, c));
    } else {
        p.setRenderHint(QPainter::SmoothPixmapTransform, false);
        // More positions than device pixels: each pixel shows the cell of its
        // block with the largest |B − A|, so a thin change survives the scaling.
        const double dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
        const int px = int(std::ceil(l.heat.width() * dpr));
        p.drawImage(l.heat, px > 0 && px < n ? pooledImage(px) : diffImage_);
    }
    // Token labels beside the rows and under the columns, every k-th when they do not fit.
    p.setFont(style_.font);
    p.setPen(style_.text);
    const QFontMetricsF fm(style_.font);
    const double cell = l.heat.height() / std::max(1, n);
    const int stride = std::max(1, int(std::ceil(fm.height() / std::max(cell, 1e-6) - 1e-9)));
    for (int i = 0; i < n; i += stride) {
        const QString s = fm.elidedText(labels_.value(i), Qt::ElideRight, l.heat.left() - area.left() - fm.height() - 6);
        p.drawText(QRectF(area.left() + fm.height() + 2, l.heat.top() + i * cell + cell / 2 - fm.height() / 2,
                          l.heat.left() - area.left() - fm.height() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, s);
        p.save();
        p.translate(l.heat.left() + i * cell + cell / 2 + fm.ascent() / 2 - fm.descent(), l.heat.bottom() + 4);
        p.rotate(-90);
        const double room = std::max(0.0, area.bottom() - l.heat.bottom() - fm.height() - 8);
        p.drawText(QRectF(-room, -fm.ascent(), room, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(labels_.value(i), Qt::ElideRight, room));
        p.restore();
    }
    // Axis names.
    p.drawText(QRectF(l.heat.left(), area.bottom() - fm.height() - 2, l.heat.width(), fm.height()), Qt::AlignCenter,
               QCoreApplication::translate("render::CompareFigure", "key"));
    p.save();
    p.translate(area.left() + fm.ascent(), l.heat.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-l.heat.height() / 2, -fm.ascent(), l.heat.height(), fm.height()), Qt::AlignCenter, QCoreApplication::translate("render::CompareFigure", "query"));
    p.restore();
    p.setPen(QPen(style_.text, 0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(l.heat);
    if (!l.bar.isEmpty()) {
        const double range = range_ > 0 ? range_ : 1.0;
        for (int y = 0; y < int(l.bar.height()); ++y) {
            const double v = range * (1 - 2.0 * y / std::max(1.0, l.bar.height() - 1));
            p.fillRect(QRectF(l.bar.left(), l.bar.top() + y, l.bar.width(), 1), divergingColor(v, range));
        }
        p.drawRect(l.bar);
        const double x = l.bar.right() + 4;
        p.drawText(QPointF(x, l.bar.top() + fm.ascent()), QStringLiteral("+") + QString::number(range_, 'f', 3));
        p.drawText(QPointF(x, l.bar.center().y() + fm.ascent() / 2), QStringLiteral("0"));
        p.drawText(QPointF(x, l.bar.bottom()), QString::number(-range_, 'f', 3));
    }
    p.restore();
}

QImage CompareFigure::pooledImage(int px) const {
    if (pooled_.width() == px) return pooled_;
    const int n = common();
    QImage img(px, px, QImage::Format_RGB32);
    for (int i = 0; i < px; ++i) {
        const int r0 = int(int64_t(i) * n / px), r1 = std::max(r0 + 1, int(int64_t(i + 1) * n / px));
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(i));
        for (int j = 0; j < px; ++j) {
            const int c0 = int(int64_t(j) * n / px), c1 = std::max(c0 + 1, int(int64_t(j + 1) * n / px));
            int br = -1, bc = -1;
            float best = -1;
            for (int r = r0; r < r1; ++r)
                for (int c = c0; c < std::min(c1, causal_ ? r + 1 : c1); ++c)
                    if (std::abs(diff_(r, c)) > best) {
                        best = std::abs(diff_(r, c));
                        br = r;
                        bc = c;
                    }
            line[j] = br < 0 ? style_.cmap().masked() : differenceColor(br, bc).rgb();
        }
    }
    pooled_ = img;
    return pooled_;
}

void CompareFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    QFont tf = scaledFont(style_.font, 1.2);
    tf.setBold(true);
    const QRectF body = drawTitle(p, area, QFontMetricsF(tf).elidedText(title(), Qt::ElideMiddle, area.width() - 8), style_);
    if (!hasB() || !data_.a.trace) return;
    if (mode_ == CompareMode::Difference || !a_ || !b_) {
        paintDifference(p, body);
        return;
    }
    const std::array<QRectF, 3> r = panels(body);
    a_->paint(p, r[0]);
    b_->paint(p, r[1]);
    paintDifference(p, r[2]);
}

}  // namespace render
