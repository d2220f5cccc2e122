#include "render/figures/heads_grid_thumbnails.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "render/norms.h"

namespace render::grid_thumbnails {

namespace {

// The larger of a block's maximum so far and a cell, a masked cell (NaN)
// skipped and a tie kept as the first: the cell-by-cell rule, written as a
// select so that a row of columns runs as vectors.
inline float maxSkippingMasked(float best, float v) { return v > best || best != best ? v : best; }

// Where row i's cells end: past the diagonal of an upper-masked matrix (a
// causal map) every cell is masked.
inline int rowEnd(bool upperMasked, int C, int i) { return upperMasked ? std::min(C, i + 1) : C; }

// The first column of each of `cols` blocks over C columns, and C.
std::vector<int> blockEdges(int C, int cols) {
    std::vector<int> edge(static_cast<size_t>(cols) + 1);
    for (int c = 0; c <= cols; ++c) edge[size_t(c)] = int(int64_t(c) * C / cols);
    return edge;
}

// Max pooling of R x C cells to rows x cols (at most R x C) into `out`, input
// row i read through row(i, buffer, end), which returns its first `end` cells
// (in `buffer`, C floats, or in place). Each block row's maximum of each
// input column first (whole rows at a time, as vectors), then of each
// block's columns: the same maxima as block by block (cells are in [0, 1],
// so no tie of +0 and -0 can make the order show). A row ends at rowEnd().
template <class Row>
void maxPool(int R, int C, int rows, int cols, bool upperMasked, Row row, float* out) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<int> edge = blockEdges(C, cols);
    std::vector<float> column(static_cast<size_t>(C)), buffer(static_cast<size_t>(C));
    for (int r = 0; r < rows; ++r) {
        const int r0 = int(int64_t(r) * R / rows), r1 = std::max(r0 + 1, int(int64_t(r + 1) * R / rows));
        std::fill(column.begin(), column.end(), nan);
        for (int i = r0; i < r1; ++i) {
            const int end = rowEnd(upperMasked, C, i);
            const float* in = row(i, buffer.data(), end);
            float* m = column.data();
            for (int j = 0; j < end; ++j) m[j] = maxSkippingMasked(m[j], in[j]);
        }
        // Then each block's: the same maximum, written without branches (a
        // block is a few columns, and a branch a cell cost more than the
        // column pass): masked cells count as -inf, and a block of only
        // masked cells is masked.
        float* o = out + size_t(r) * size_t(cols);
        const float none = -std::numeric_limits<float>::infinity();
        for (int c = 0; c < cols; ++c) {
            float b = none;
            bool seen = false;
            for (int j = edge[size_t(c)], j1 = std::max(j + 1, edge[size_t(c) + 1]); j < j1; ++j) {
                const float v = column[size_t(j)];
                seen |= v == v;
                const float u = v == v ? v : none;
                b = u > b ? u : b;
            }
            o[c] = seen ? b : nan;
        }
    }
}

}  // namespace

// pool() leaves a matrix this small as it is.
bool fitsIn(const Normalized& n, int rows, int cols) {
    return n.t.rows() <= std::max(1, rows) && n.t.cols() <= std::max(1, cols);
}

// Pools a [0,1] matrix (NaN = masked) down to at most rows x cols cells. Max
// keeps a thin pattern (one bright cell per row) at any reduction; mean gives
// each block's average. A block with only masked cells stays masked.
Normalized pool(const Normalized& n, int rows, int cols, Pooling mode) {
    const int R = int(n.t.rows()), C = int(n.t.cols());
    rows = std::clamp(rows, 1, std::max(1, R));
    cols = std::clamp(cols, 1, std::max(1, C));
    if (R <= rows && C <= cols) return n;
    Normalized out;
    out.lo = n.lo;
    out.hi = n.hi;
    out.log = n.log;
    out.perRow = n.perRow;
    out.t.resize(rows, cols);
    // A square pooling of an upper-masked square matrix is upper-masked too:
    // rows and columns share their block edges.
    out.upperMasked = n.upperMasked && R == C && rows == cols;
    if (mode == Pooling::Max) {
        maxPool(R, C, rows, cols, n.upperMasked, [&](int i, float*, int) { return n.t.data() + size_t(i) * size_t(C); },
                out.t.data());
        return out;
    }
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<int> edge = blockEdges(C, cols);
    // Each output row's blocks, input row by input row. A masked cell (NaN) is
    // skipped, and a block of only masked cells stays NaN; the sums run in the
    // same order as cell by cell.
    std::vector<double> sum(static_cast<size_t>(cols));
    std::vector<int> count(static_cast<size_t>(cols));
    for (int r = 0; r < rows; ++r) {
        const int r0 = int(int64_t(r) * R / rows), r1 = std::max(r0 + 1, int(int64_t(r + 1) * R / rows));
        float* o = out.t.data() + size_t(r) * size_t(cols);
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        for (int i = r0; i < r1; ++i) {
            const float* in = n.t.data() + size_t(i) * size_t(C);
            const int end = rowEnd(n.upperMasked, C, i);
            for (int c = 0; c < cols && edge[size_t(c)] < end; ++c)
                for (int j = edge[size_t(c)], j1 = std::min(end, std::max(j + 1, edge[size_t(c) + 1])); j < j1; ++j)
                    if (!std::isnan(in[j])) {
                        sum[size_t(c)] += in[j];
                        ++count[size_t(c)];
                    }
        }
        for (int c = 0; c < cols; ++c) o[c] = count[size_t(c)] == 0 ? nan : float(sum[size_t(c)] / count[size_t(c)]);
    }
    return out;
}

// normalize(), the causal mask and pool() of one head's weights in a single pass
// over its rows, without a (T, T) copy: the same cells in the same order, so the
// same thumbnail. Reads stored weights in place; rebuilt ones are built once.
Normalized pooledWeights(const attnscope::Trace& tr, int layer, int head, Scale scale, int maxRes, Pooling mode) {
    const int T = tr.T();
    if (T <= maxRes) {
        Normalized n = normalize(tr.head_weights(layer, head), MatrixKind::Weights, scale);
        if (tr.causal) maskUpperTriangle(n);
        return n;
    }
    attnscope::MatrixRM rebuilt;
    const float* w = nullptr;
    if (tr.weights_dense) {
        w = tr.layers[size_t(layer)].weights.data.data() + size_t(head) * size_t(T) * size_t(T);
    } else {
        rebuilt = tr.head_weights(layer, head);
        w = rebuilt.data();
    }
    const int bins = std::clamp(maxRes, 1, T);
    Normalized out = weightsScale(scale);
    out.t.resize(bins, bins);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> best(static_cast<size_t>(bins));
    std::vector<double> sum(static_cast<size_t>(bins));
    std::vector<int> count(static_cast<size_t>(bins));
    const std::vector<int> edge = blockEdges(T, bins);
    for (int r = 0; r < bins; ++r) {
        std::fill(best.begin(), best.end(), nan);
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        const int r1 = std::max(edge[size_t(r)] + 1, edge[size_t(r) + 1]);
        for (int i = edge[size_t(r)]; i < r1; ++i) {
            const float* row = w + size_t(i) * size_t(T);
            const int visible = tr.causal ? i + 1 : T;
            const float mx = scale == Scale::RowNormalized ? *std::max_element(row, row + T) : 1.0f;
            for (int c = 0; c < bins; ++c) {
                const int c0 = edge[size_t(c)], c1 = std::min(std::max(c0 + 1, edge[size_t(c) + 1]), visible);
                for (int j = c0; j < c1; ++j) {
                    const float v = normalizedWeight(row[j], mx, scale);
                    if (!(v <= best[size_t(c)])) best[size_t(c)] = v;
                    sum[size_t(c)] += v;
                    ++count[size_t(c)];
                }
            }
        }
        for (int c = 0; c < bins; ++c)
            out.t(r, c) = count[size_t(c)] == 0 ? nan
                          : mode == Pooling::Max ? best[size_t(c)]
                                                 : float(sum[size_t(c)] / count[size_t(c)]);
    }
    return out;
}

Normalized pooledNorms(const attnscope::Trace& tr, int layer, int head, Scale scale, int maxRes, Pooling mode) {
    const int T = tr.T();
    Normalized out = normsScale(scale, 0);
    if (T == 0) return out;
    const std::shared_ptr<const std::vector<float>> factors = normFactors(tr, layer, head);
    const float* f = factors->data();
    attnscope::MatrixRM rebuilt;
    const float* w = nullptr;
    if (tr.weights_dense) {
        w = tr.layers[size_t(layer)].weights.data.data() + size_t(head) * size_t(T) * size_t(T);
    } else {
        rebuilt = tr.head_weights(layer, head);
        w = rebuilt.data();
    }
    const bool perRow = scale == Scale::RowNormalized;
    const int bins = std::clamp(maxRes, 1, T);
    out.t.resize(bins, bins);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> norms(static_cast<size_t>(T)), best(static_cast<size_t>(bins)), sum(static_cast<size_t>(bins));
    std::vector<int> count(static_cast<size_t>(bins));
    const std::vector<int> edge = blockEdges(T, bins);
    for (int r = 0; r < bins; ++r) {
        std::fill(best.begin(), best.end(), nan);
        std::fill(sum.begin(), sum.end(), 0.0f);
        std::fill(count.begin(), count.end(), 0);
        const int r1 = std::max(edge[size_t(r)] + 1, edge[size_t(r) + 1]);
        for (int i = edge[size_t(r)]; i < r1; ++i) {
            const float* row = w + size_t(i) * size_t(T);
            const int visible = tr.causal ? i + 1 : T;
            float mx = 0;
            for (int j = 0; j < visible; ++j) mx = std::max(mx, norms[size_t(j)] = row[j] * f[j]);
            const float scaleBy = perRow && mx > 0 ? 1.0f / mx : 1.0f;
            for (int c = 0; c < bins; ++c) {
                const int c0 = edge[size_t(c)], c1 = std::min(std::max(c0 + 1, edge[size_t(c) + 1]), visible);
                for (int j = c0; j < c1; ++j) {
                    const float v = norms[size_t(j)] * scaleBy;
                    if (!(v <= best[size_t(c)])) best[size_t(c)] = v;
                    sum[size_t(c)] += v;
                    ++count[size_t(c)];
                }
            }
        }
        for (int c = 0; c < bins; ++c)
            out.t(r, c) = count[size_t(c)] == 0 ? nan
                          : mode == Pooling::Max ? best[size_t(c)]
                                                 : sum[size_t(c)] / float(count[size_t(c)]);
    }
    return out;
}

void applyNormsScale(Normalized& n, const Normalized& range) {
    for (Eigen::Index i = 0; i < n.t.size(); ++i) {
        float& t = n.t.data()[i];
        if (!std::isnan(t)) t = normalizedNorm(t, 1.0f, range);  // a row scale's rows are divided already
    }
    n.lo = range.lo;
    n.hi = range.hi;
    n.log = range.log;
    n.perRow = range.perRow;
    n.toLargest = range.toLargest;
}

// How many visible cells each thumbnail block holds (the same for every head).
std::vector<int> thumbnailCells(const attnscope::Trace& tr) {
    const int T = tr.T(), w = tr.thumb_width, B = (T + w - 1) / w;
    std::vector<int> cells(size_t(B) * size_t(B), 0);
    for (int i = 0; i < T; ++i) {
        const int visible = tr.causal ? i + 1 : T;
        for (int c = 0; c * w < visible; ++c) cells[size_t(i / w) * size_t(B) + size_t(c)] += std::min(w, visible - c * w);
    }
    return cells;
}

// The thumbnail the forward pass pooled (Trace::thumb_width), when it can stand
// for pooledWeights(): the row scale from row-normalized thumbnails; the linear
// scale, or max pooling on the log scale (monotone, so it maps the max), from
// plain ones; with at least half the cells a side pooledWeights() would give.
// Reads B x B cells instead of T x T weights, and needs no rebuild when the
// weights are not stored.
std::optional<Normalized> runThumbnail(const attnscope::Trace& tr, int layer, int head, Scale scale, int maxRes,
                                       Pooling mode, const std::vector<int>& cells, int maxCols) {
    if (maxCols <= 0) maxCols = maxRes;
    const int T = tr.T(), w = tr.thumb_width;
    if (w <= 0 || layer < 0 || size_t(layer) >= tr.layers.size()) return std::nullopt;
    const bool usable = tr.thumb_row_normalized ? scale == Scale::RowNormalized
                                                : scale == Scale::Linear || (scale == Scale::Log && mode == Pooling::Max);
    // Block sums for mean pooling on a linear or row scale; block maxima otherwise.
    const bool sums = mode == Pooling::Mean && scale != Scale::Log;
    if (!usable || tr.thumb_mean != sums) return std::nullopt;
    const int B = (T + w - 1) / w, H = tr.n_head();
    const attnscope::LayerTrace& lt = tr.layers[size_t(layer)];
    const attnscope::Tensor& thumb = sums ? lt.thumb_sum : lt.thumb_max;
    const int S = thumb.shape.size() == 3 ? int(thumb.shape[1]) : 0;
    if (thumb.shape != attnscope::Shape{H, S, S} || B > S || cells.size() != size_t(B) * size_t(B) ||
        2 * B < std::min(T, std::max(maxRes, maxCols)))
        return std::nullopt;
    Normalized out = weightsScale(scale);
    out.upperMasked = tr.causal;  // a block past the diagonal holds no visible cell
    const size_t base = size_t(head) * size_t(S) * size_t(S);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    if (!sums && (B > maxRes || B > maxCols)) {
        // Max pooled on down to maxRes x maxCols as the blocks are read: the
        // cells pool() gives from the B x B thumbnail, without writing and
        // reading it back (at every frame of a generation, for every head).
        const int rows = std::min(B, maxRes), cols = std::min(B, maxCols);
        out.t.resize(rows, cols);
        out.upperMasked = tr.causal && rows == cols;  // as pool() says
        // A block with no visible cell holds NaN, its masked value, so on the
        // linear scale the blocks are read in place.
        const auto row = [&](int i, float* buffer, int end) -> const float* {
            const float* block = thumb.data.data() + base + size_t(i) * size_t(S);
            if (scale != Scale::Log) return block;
            const int* n = cells.data() + size_t(i) * size_t(B);
            for (int c = 0; c < end; ++c) buffer[c] = n[c] == 0 ? nan : normalizedWeight(block[c], 1.0f, scale);
            return buffer;
        };
        maxPool(B, B, rows, cols, tr.causal, row, out.t.data());
        return out;
    }
    out.t.resize(B, B);
    for (int r = 0; r < B; ++r) {
        const float* block = thumb.data.data() + base + size_t(r) * size_t(S);  // maxima, or sums when `sums`
        const int* n = cells.data() + size_t(r) * size_t(B);
        float* o = out.t.data() + size_t(r) * size_t(B);
        if (scale == Scale::Log)
            for (int c = 0; c < B; ++c) o[c] = n[c] == 0 ? nan : normalizedWeight(block[c], 1.0f, scale);
        else if (!sums)
            for (int c = 0; c < B; ++c) o[c] = n[c] == 0 ? nan : block[c];
        else
            for (int c = 0; c < B; ++c) o[c] = n[c] == 0 ? nan : block[c] / float(n[c]);
    }
    return out;
}

// Stretches a tile so its brightest cell is 1; zero stays zero.
void scaleToOwnMax(Normalized& n) {
    float mx = 0;
    for (Eigen::Index i = 0; i < n.t.size(); ++i)
        if (!std::isnan(n.t.data()[i])) mx = std::max(mx, n.t.data()[i]);
    if (mx > 0 && mx < 1) n.t /= mx;
}

}  // namespace render::grid_thumbnails
