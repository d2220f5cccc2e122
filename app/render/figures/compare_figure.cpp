#include "render/figures/compare_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "render/figures/ablation_figure.h"
#include "attnscope/explain/compare.h"
#include "attnscope/common/error.h"
#include "attnscope/run/model.h"

namespace render {

namespace {



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
    // Up to kDenseCells positions each head's weights are read once (rebuilt
    // from q and k past the attention budget): the difference, and the side
    // by side panels, come from them.
    if (a->n_layer() != b->n_layer() || a->n_head() != b->n_head()) attnscope::check_same_shape(a->config, b->config);
    if (layer_ < 0 || layer_ >= a->n_layer() || head_ < 0 || head_ >= a->n_head())
        throw attnscope::Error(attnscope::ErrorCode::InvalidArgument, "the head to compare is not in the model");
    n_ = std::min(a->T(), b->T());
    block_ = pooledBlock(n_);
    labels_ = commonLabels(data_.a.tokens, data_.b.tokens, common());
    const QString query = QCoreApplication::translate("render::CompareFigure", "query"),
                  key = QCoreApplication::translate("render::CompareFigure", "key"),
                  nameA = QCoreApplication::translate("render::CompareFigure", "A"),
                  nameB = QCoreApplication::translate("render::CompareFigure", "B");
    if (block_ > 1) {
        // A long text: both heads read a band of rows at a time, never whole
        // (three T x T matrices and an image were 1 GB at 8,192 tokens).
        poolDifference(*a, *b);
        if (mode_ == CompareMode::SideBySide) {
            a_ = std::make_unique<MatrixFigure>(nameA, bandsOf(data_.a), MatrixKind::Weights, data_.a.tokens,
                                                data_.a.tokens, style_, query, key, a->causal);
            b_ = std::make_unique<MatrixFigure>(nameB, bandsOf(data_.b), MatrixKind::Weights, data_.b.tokens,
                                                data_.b.tokens, style_, query, key, b->causal);
        }
    } else {
        attnscope::MatrixRM wa = a->head_weights(layer_, head_), wb = b->head_weights(layer_, head_);
        diff_ = wb.topLeftCorner(n_, n_) - wa.topLeftCorner(n_, n_);
        for (Eigen::Index i = 0; i < diff_.size(); ++i)
            if (std::isfinite(diff_.data()[i])) range_ = std::max(range_, double(std::abs(diff_.data()[i])));
        if (mode_ == CompareMode::SideBySide) {
            a_ = std::make_unique<MatrixFigure>(nameA, std::move(wa), MatrixKind::Weights, data_.a.tokens, data_.a.tokens,
                                                style_, query, key, a->causal);
            b_ = std::make_unique<MatrixFigure>(nameB, std::move(wb), MatrixKind::Weights, data_.b.tokens, data_.b.tokens,
                                                style_, query, key, b->causal);
        }
    }
    // One pixel per cell (or block), drawn unsmoothed: crisp at any size and device pixel ratio.
    diffImage_ = QImage(int(diff_.cols()), int(diff_.rows()), QImage::Format_RGB32);
    for (int r = 0; r < diff_.rows(); ++r) {
        auto* line = reinterpret_cast<QRgb*>(diffImage_.scanLine(r));
        for (int c = 0; c < diff_.cols(); ++c) line[c] = cellColor(r, c).rgb();
    }
}

MatrixBands CompareFigure::bandsOf(const FigureData& d) const {
    MatrixBands bands;
    bands.rows = bands.cols = d.trace->T();
    const int threads = d.threads > 0 ? d.threads : attnscope::default_thread_count();
    bands.band = [trace = d.trace, l = layer_, h = head_, threads](int r0, int r1, float* out) {
        trace->head_weights_into(l, h, r0, r1, out, threads);
    };
    return bands;
}

void CompareFigure::poolDifference(const attnscope::Trace& a, const attnscope::Trace& b) {
    const int m = (n_ + block_ - 1) / block_;
    diff_ = attnscope::MatrixRM::Constant(m, m, std::numeric_limits<float>::quiet_NaN());
    const int threads = data_.a.threads > 0 ? data_.a.threads : attnscope::default_thread_count();
    // Bands of whole block rows, about 256 rows (8 MB a head at 8,192 tokens).
    const int step = block_ * std::max(1, 256 / block_);
    float range = 0;
    // One buffer a trace for every band, its pages touched once (MatrixFigure::pool).
    // Each trace's rows are as long as its own text; the first n_ keys are compared.
    const size_t la = size_t(a.T()), lb = size_t(b.T()), rows = size_t(std::min(n_, step));
    std::vector<float> wa(rows * la), wb(rows * lb);
    for (int r0 = 0; r0 < n_; r0 += step) {
        const int r1 = std::min(n_, r0 + step);
        a.head_weights_into(layer_, head_, r0, r1, wa.data(), threads);
        b.head_weights_into(layer_, head_, r0, r1, wb.data(), threads);
        for (int r = r0; r < r1; ++r) {
            float* cells = &diff_(r / block_, 0);
            const float* ra = wa.data() + size_t(r - r0) * la;
            const float* rb = wb.data() + size_t(r - r0) * lb;
            for (int c = 0, end = causal_ ? std::min(n_, r + 1) : n_; c < end; ++c) {
                const float d = rb[c] - ra[c];
                const float ad = std::abs(d);
                if (!(ad <= std::numeric_limits<float>::max())) continue;  // not finite
                float& cell = cells[c / block_];
                if (std::isnan(cell) || ad > std::abs(cell)) cell = d;
                range = std::max(range, ad);
            }
        }
    }
    range_ = range;
}

QColor CompareFigure::cellColor(int row, int col) const {
    const float v = diff_(row, col);
    if (block_ > 1 ? std::isnan(v) : causal_ && col > row) return QColor(style_.cmap().masked());
    return divergingColor(v, range_ > 0 ? range_ : 1.0);
}

QColor CompareFigure::differenceColor(int row, int col) const { return cellColor(row / block_, col / block_); }

QString CompareFigure::title() const {
    if (!hasB() || !data_.a.trace)
        return QCoreApplication::translate("render::CompareFigure", "No comparison yet: choose B with Compare with text… or Compare with model…");
    return QCoreApplication::translate("render::CompareFigure", "L%1 H%2 · A: %3 · B: %4").arg(layer_).arg(head_).arg(data_.aCaption, data_.bCaption);
}

QString CompareFigure::differenceTitle() const {
    const int ta = data_.a.trace->T(), tb = data_.b.trace->T();
    const QString pooled =
        block_ == 1 ? QString()
                    : QCoreApplication::translate("render::CompareFigure", " · largest |B − A| of %1 × %1 tokens a cell").arg(block_);
    if (ta == tb) return QCoreApplication::translate("render::CompareFigure", "B − A") + pooled;
    return QCoreApplication::translate("render::CompareFigure", "B − A, first %1 positions (A has %2, B %3)").arg(common()).arg(ta).arg(tb) +
           pooled;
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
    // Its ends to 3 significant digits: a small model's change can be 0.0001.
    const double barText = std::max(fm.horizontalAdvance(QStringLiteral("-0.000")),
                                    fm.horizontalAdvance(QString::number(-range_, 'g', 3)));
    const double barW = style_.showColorBar ? 10 + kColorBarWidth + barText + 8 : 0;
    const double n = std::max(1, common());
    const double availW = area.width() - axis - labelW - barW - 8;
    const double availH = area.bottom() - top - labelH - axis - 4;
    // Thinner than a pixel at thousands of positions: the image is pooled to fit.
    const double cell = std::max(1e-4, std::min(availW, availH) / n);
    const double used = axis + labelW + cell * n + barW;
    const double x0 = area.left() + std::max(0.0, (area.width() - used) / 2);
    l.heat = QRectF(x0 + axis + labelW, top + 2, cell * n, cell * n);
    if (barW > 0) l.bar = QRectF(l.heat.right() + 10, l.heat.top(), kColorBarWidth, std::min(l.heat.height(), 320.0));
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
    // Axis names: "key" under the key labels (not at the page's foot, far
    // from its axis when the panel is wider than tall).
    double widest = 0;
    for (int i = 0; i < n; i += stride) widest = std::max(widest, fm.horizontalAdvance(labels_.value(i)));
    const double room = std::max(0.0, area.bottom() - l.heat.bottom() - fm.height() - 8);
    const double keyTop = std::min(area.bottom() - fm.height() - 2, l.heat.bottom() + 6 + std::min(widest, room));
    p.drawText(QRectF(l.heat.left(), keyTop, l.heat.width(), fm.height()), Qt::AlignCenter,
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
        p.drawText(QPointF(x, l.bar.top() + fm.ascent()), QStringLiteral("+") + QString::number(range_, 'g', 3));
        p.drawText(QPointF(x, l.bar.center().y() + fm.ascent() / 2), QStringLiteral("0"));
        p.drawText(QPointF(x, l.bar.bottom()), QString::number(-range_, 'g', 3));
    }
    p.restore();
}

QImage CompareFigure::pooledImage(int px) const {
    if (pooled_.width() == px) return pooled_;
    const int n = int(diff_.rows());  // cells, or blocks of a long text
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
                    if (std::abs(diff_(r, c)) > best) {  // a NaN (masked) block never is
                        best = std::abs(diff_(r, c));
                        br = r;
                        bc = c;
                    }
            line[j] = br < 0 ? style_.cmap().masked() : cellColor(br, bc).rgb();
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
