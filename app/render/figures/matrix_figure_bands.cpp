// MatrixFigure's matrices too large to hold whole (MatrixBands): read a band
// of rows at a time into an overview of pooled blocks, and the cells in view
// read again when zoomed in far enough.
#include "render/figures/matrix_figure.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace render {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kNone = -std::numeric_limits<float>::infinity();
constexpr int kBandRows = 256;          // rows read at once: 8 MB a band at 8,192 tokens
constexpr double kDetailPixels = 1.5;   // a pooled block this wide on screen: draw single cells instead

// The extremes of a row's finite values; lo > hi when it has none.
void finiteRange(const float* row, int n, float* lo, float* hi) {
    *lo = std::numeric_limits<float>::infinity();
    *hi = kNone;
    for (int c = 0; c < n; ++c)
        if (std::isfinite(row[c])) {
            *lo = std::min(*lo, row[c]);
            *hi = std::max(*hi, row[c]);
        }
}

// Room for a figure's bands of n floats. Up to kKeptBandFloats (32 MB: 256
// rows at 32,768 tokens) it is one buffer a thread, kept from figure to
// figure: a fresh band's pages are each touched for the first time, which
// made every band slow and opening a head slower still, and a buffer kept
// from the last figure is faster than a fresh one per figure
// (attnscope-bench-ui --open-heads measures it). Larger, the figure's own.
// A band callback must not build or paint a figure itself (the Trace reads
// it calls do not).
class BandBuffer {
public:
    explicit BandBuffer(size_t n) {
        constexpr size_t kKeptBandFloats = size_t(8) << 20;
        thread_local std::vector<float> kept;
        std::vector<float>& use = n <= kKeptBandFloats ? kept : own_;
        if (use.size() < n) use.resize(n);
        data_ = use.data();
    }
    float* data() const { return data_; }

private:
    std::vector<float> own_;
    float* data_ = nullptr;
};

}  // namespace

int pooledBlock(int n) {
    if (n <= kDenseCells) return 1;
    int b = 2;
    while ((int64_t(n) + b - 1) / b > kPooledCells) b *= 2;
    return b;
}

MatrixFigure::MatrixFigure(QString title, MatrixBands bands, MatrixKind kind, QStringList rowLabels,
                           QStringList colLabels, Style style, QString rowAxis, QString colAxis, bool causal)
    : title_(std::move(title)), kind_(kind), rowLabels_(std::move(rowLabels)), colLabels_(std::move(colLabels)),
      style_(std::move(style)), rowAxis_(std::move(rowAxis)), colAxis_(std::move(colAxis)) {
    initLabels();
    block_ = pooledBlock(std::max(bands.rows, bands.cols));
    if (block_ == 1) {
        values_ = bands.rows > 0 && bands.band ? bands.read(0, bands.rows) : attnscope::MatrixRM(0, 0);
        initDense(causal);
        return;
    }
    rows_ = bands.rows;
    cols_ = bands.cols;
    causal_ = causal;
    pool(bands, causal);
    bands_ = std::move(bands);
}

// The overview: every block's largest value, a band of rows at a time. Each
// scale is monotonic within a row, so the largest value of a block, scaled
// with its row, is the largest scaled value: the row-normalised scales divide
// each row's block maxima by the row's own range, the others scale the pooled
// matrix once at the end. With a causal mask a row reads only the keys it sees.
void MatrixFigure::pool(const MatrixBands& bands, bool causal) {
    const int b = block_, prs = (rows_ + b - 1) / b, pcs = (cols_ + b - 1) / b;
    const bool perRow = style_.scale == Scale::RowNormalized && kind_ != MatrixKind::Mask;
    values_ = attnscope::MatrixRM::Constant(prs, pcs, kNone);
    float lo = std::numeric_limits<float>::infinity(), hi = kNone;  // the scores' finite extremes
    const int bandRows = std::max(b, kBandRows / b * b);
    Eigen::ArrayXf acc(cols_);
    const BandBuffer room(size_t(std::min(rows_, bandRows)) * size_t(cols_));
    float* buffer = room.data();
    for (int r0 = 0; r0 < rows_; r0 += bandRows) {
        const int r1 = std::min(rows_, r0 + bandRows);
        bands.band(r0, r1, buffer);
        Eigen::Map<attnscope::MatrixRM> m(buffer, r1 - r0, cols_);
        if (kind_ == MatrixKind::Mask) sum_ += m.cast<double>().sum();
        // Each row on its own scale first, where the scale is per row.
        for (int q = r0; q < r1; ++q) {
            const int end = causal ? std::min(cols_, q + 1) : cols_;
            Eigen::Map<Eigen::ArrayXf> row(m.data() + size_t(q - r0) * size_t(cols_), end);
            if (end == 0) continue;
            if (kind_ == MatrixKind::Scores) {
                const float rhi = row.maxCoeff();
                const float rlo = (row > kNone).select(row, std::numeric_limits<float>::infinity()).minCoeff();
                lo = std::min(lo, rlo);
                hi = std::max(hi, rhi);
                if (perRow && rlo <= rhi) row = (row - rlo) * (1.0f / (rhi > rlo ? rhi - rlo : 1.0f));
            } else if (perRow) {
                const float mx = row.maxCoeff();
                if (mx > 0) row /= mx;
            }
        }
        // Then each block row: the largest of its rows, cell by cell, then of
        // each block of columns. Past a row's last visible key a causal row
        // holds 0 (weights, mask) or -inf (scores), never more than what the
        // block's last row sees there.
        for (int br = r0; br < r1; br += b) {
            const int n = std::min(b, r1 - br), end = causal ? std::min(cols_, br + n) : cols_;
            const auto rowOf = [&](int r) {
                return Eigen::Map<const Eigen::ArrayXf>(m.data() + size_t(br - r0 + r) * size_t(cols_), end);
            };
            acc.head(end) = rowOf(0);
            for (int r = 1; r < n; ++r) acc.head(end) = acc.head(end).max(rowOf(r));
            float* out = values_.data() + size_t(br / b) * size_t(pcs);
            for (int c0 = 0, pc = 0; c0 < end; c0 += b, ++pc) out[pc] = acc.segment(c0, std::min(b, end - c0)).maxCoeff();
        }
    }
    // Colours: the same rules as normalize(), on the pooled values. The
    // largest norm of the whole matrix is the largest of the block maxima.
    Normalized n;
    if (kind_ == MatrixKind::Weights) n = weightsScale(style_.scale);
    if (kind_ == MatrixKind::Norms) {
        float largest = 0;
        for (Eigen::Index i = 0; i < values_.size(); ++i) largest = std::max(largest, values_.data()[i]);
        n = normsScale(style_.scale, largest);
    }
    n.t.resize(prs, pcs);
    if (kind_ == MatrixKind::Scores) {
        if (!(lo <= hi)) lo = hi = 0;
        n.lo = lo;
        n.hi = hi > lo ? hi : lo + 1;
        if (perRow) {
            n.lo = 0;
            n.hi = 1;
            n.perRow = true;
        }
    }
    for (Eigen::Index i = 0; i < values_.size(); ++i) {
        const float v = values_.data()[i];
        float t = kNaN;
        if (v != kNone) {
            switch (kind_) {
            case MatrixKind::Mask: t = v > 0.5f ? 1.0f : kNaN; break;
            case MatrixKind::Weights: t = perRow ? v : normalizedWeight(v, 1.0f, style_.scale); break;
            case MatrixKind::Scores: t = perRow ? v : float((v - n.lo) / (n.hi - n.lo)); break;
            case MatrixKind::Norms: t = normalizedNorm(v, 1.0f, n); break;  // a row scale's already divided
            }
        }
        n.t.data()[i] = t;
    }
    norm_ = std::move(n);
    image_ = heatmapImage(norm_, style_.cmap());
}

QImage MatrixFigure::detailImage(int r0, int r1, int c0, int c1) const {
    QImage img(c1 - c0, r1 - r0, QImage::Format_RGB32);
    const ColorMap& cmap = style_.cmap();
    const bool perRow = style_.scale == Scale::RowNormalized;
    const BandBuffer room(size_t(std::min(r1 - r0, kBandRows)) * size_t(cols_));
    float* buffer = room.data();
    for (int b0 = r0; b0 < r1; b0 += kBandRows) {
        const int b1 = std::min(r1, b0 + kBandRows);
        bands_.band(b0, b1, buffer);
        const Eigen::Map<const attnscope::MatrixRM> m(buffer, b1 - b0, cols_);
        for (int q = b0; q < b1; ++q) {
            const float* row = m.data() + size_t(q - b0) * size_t(cols_);
            const int end = causal_ ? std::min(cols_, q + 1) : cols_;
            float rlo = float(norm_.lo), rhi = float(norm_.hi), mx = 1.0f;
            if (kind_ == MatrixKind::Scores && perRow) {
                finiteRange(row, end, &rlo, &rhi);
                if (!(rhi > rlo)) rhi = rlo + 1;
            } else if ((kind_ == MatrixKind::Weights || kind_ == MatrixKind::Norms) && perRow) {
                mx = end > 0 ? *std::max_element(row, row + end) : 0.0f;
            }
            auto* line = reinterpret_cast<QRgb*>(img.scanLine(q - r0));
            for (int c = c0; c < c1; ++c) {
                const float v = row[c];
                float t = kNaN;
                if (kind_ == MatrixKind::Mask) t = v > 0.5f ? 1.0f : kNaN;
                else if (c >= end) t = kNaN;  // above the diagonal: never attended
                else if (kind_ == MatrixKind::Weights) t = normalizedWeight(v, mx, style_.scale);
                else if (kind_ == MatrixKind::Norms) t = normalizedNorm(v, mx, norm_);
                else if (std::isfinite(v)) t = (v - rlo) / (rhi - rlo);
                line[c - c0] = cmap.at(t);
            }
        }
    }
    return img;
}

// A pooled matrix zoomed in far enough: the cells in view, one by one, read
// again with a margin so that a small pan needs no new read.
bool MatrixFigure::paintDetail(QPainter& p, const QRectF& frame, const QRectF& zoomed) const {
    if (block_ == 1 || !bands_.band) return false;
    const double cw = zoomed.width() / cols_, ch = zoomed.height() / rows_;
    if (std::min(cw, ch) * block_ < kDetailPixels) return false;
    const int c0 = std::clamp(int(std::floor((frame.left() - zoomed.left()) / cw)), 0, cols_ - 1);
    const int c1 = std::clamp(int(std::ceil((frame.right() - zoomed.left()) / cw)), c0 + 1, cols_);
    const int r0 = std::clamp(int(std::floor((frame.top() - zoomed.top()) / ch)), 0, rows_ - 1);
    const int r1 = std::clamp(int(std::ceil((frame.bottom() - zoomed.top()) / ch)), r0 + 1, rows_);
    if (cached_.image.isNull() || r0 < cached_.r0 || r1 > cached_.r1 || c0 < cached_.c0 || c1 > cached_.c1) {
        const int mr = (r1 - r0) / 4, mc = (c1 - c0) / 4;
        Detail d;
        d.r0 = std::max(0, r0 - mr);
        d.r1 = std::min(rows_, r1 + mr);
        d.c0 = std::max(0, c0 - mc);
        d.c1 = std::min(cols_, c1 + mc);
        d.image = detailImage(d.r0, d.r1, d.c0, d.c1);
        cached_ = std::move(d);
    }
    detail_ = cached_;
    p.save();
    p.setClipRect(frame);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(QRectF(zoomed.left() + c0 * cw, zoomed.top() + r0 * ch, (c1 - c0) * cw, (r1 - r0) * ch), cached_.image,
                QRectF(c0 - cached_.c0, r0 - cached_.r0, c1 - c0, r1 - r0));
    p.restore();
    return true;
}

}  // namespace render
