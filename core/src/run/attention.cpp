#include "run/attention.h"

#include "run/gemm.h"
#include "common/parallel_guard.h"
#include "attnscope/run/threads.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <Eigen/Core>

#include "attnscope/common/tensor.h"

namespace attnscope::attention {

namespace {

using AlignedRow = Eigen::Map<Eigen::ArrayXf, Eigen::AlignedMax>;

// Every tile row starts on a 64-byte (SIMD-aligned) boundary, so the softmax's
// vector code splits a row the same way wherever the tile is computed.
int row_stride(int T) { return (T + 15) / 16 * 16; }

// A per-thread buffer, kept from run to run.
float* thread_buffer(std::vector<float, Eigen::aligned_allocator<float>>& buf, size_t need) {
    if (buf.size() < need) buf.resize(need);
    return buf.data();
}
float* scratch(int T, int rows = kTileRows) {
    thread_local std::vector<float, Eigen::aligned_allocator<float>> buf;
    return thread_buffer(buf, size_t(rows) * size_t(row_stride(T)));
}

int valid_keys(int query, int kend, bool causal) { return causal ? query + 1 : kend; }

// The rows [r0, r0 + rows) one piece of work computes, against keys [0, kend):
// with a causal mask the keys up to its last row, otherwise all T.
//
// Products are gemm's: every score is one chain over the head's dimensions and
// every output one chain over the keys in order, so a row comes out the same
// bits whichever tile computes it, alone or with others, and whatever kend is
// (keys past a row's own end have weight exactly 0 and leave its chain as it
// was). An incremental run computes only its new rows, and a rebuilt row only
// itself.
struct Tile {
    int r0 = 0;
    int rows = 0;
    int kend = 0;
};

Tile tile_of(int r0, int rows, int T, bool causal) { return {r0, rows, causal ? r0 + rows : T}; }

// Passes 1 and 2: S (rows, kend) = Q[rows] K[0:kend]^T / sqrt(hs), masked -inf.
void scores_tile(const HeadView& h, const Tile& t, bool causal, float* s, int ld) {
    const float* k = h.k_ld > 0 ? h.k : h.k + size_t(h.head) * h.hs;
    gemm::xwt(h.q + size_t(t.r0 - h.q_row0) * h.q_ld, h.q_ld, k, h.k_ld > 0 ? h.k_ld : h.C, nullptr, s, ld, t.rows,
              t.kend, h.hs, 1);
    const float scale = 1.0f / std::sqrt(float(h.hs));
    for (int r = 0; r < t.rows; ++r) {
        float* row = s + size_t(r) * ld;
        for (int j = 0; j < t.kend; ++j) row[j] *= scale;
    }
    if (h.softcap > 0) {  // cap · tanh(s · (1 / cap)), as llama.cpp's graph computes it
        const float inv = 1.0f / h.softcap;
        for (int r = 0; r < t.rows; ++r) {
            float* row = s + size_t(r) * ld;
            for (int j = 0; j < t.kend; ++j) row[j] = std::tanh(row[j] * inv) * h.softcap;
        }
    }
    if (causal) {
        for (int r = 0; r < t.rows; ++r) {
            const int valid = valid_keys(t.r0 + r, t.kend, causal);
            std::fill(s + size_t(r) * ld + valid, s + size_t(r) * ld + t.kend,
                      -std::numeric_limits<float>::infinity());
            // A sliding window hides the keys more than `window` back; exp(-inf)
            // makes their weights exact zeros in pass 3.
            if (h.window > 0 && valid > h.window)
                std::fill(s + size_t(r) * ld, s + size_t(r) * ld + (valid - h.window),
                          -std::numeric_limits<float>::infinity());
        }
    }
    // Knocked-out edges are masked like the rest: -inf, an exact 0 after pass 3.
    for (const Knockout& ko : h.knockout) {
        if (!ko.covers(h.layer, h.head) || ko.key < 0 || ko.key >= t.kend) continue;
        const int from = ko.query < 0 ? 0 : ko.query - t.r0;
        const int to = ko.query < 0 ? t.rows : from + 1;
        for (int r = std::max(from, 0); r < std::min(to, t.rows); ++r)
            s[size_t(r) * ld + size_t(ko.key)] = -std::numeric_limits<float>::infinity();
    }
}

// A row whose every visible key is knocked out has no distribution: all its
// weights are 0 (and so is the head's output for that query), max -inf, 1/sum 0.
bool all_blocked(float max) { return max == -std::numeric_limits<float>::infinity(); }

// Pass 3 on one row: exp(s - max) over the keys it may see, scaled by 1/sum;
// the masked tail is set to exactly 0.
void softmax_row(float* s, int valid, int kend, float max, float inv_sum) {
    if (all_blocked(max)) {
        std::fill(s, s + kend, 0.0f);
        return;
    }
    AlignedRow row(s, valid);
    row = (row - max).exp();
    row *= inv_sum;
    std::fill(s + valid, s + kend, 0.0f);
}

// Pass 3 for a tile, recording each real row's max and 1/sum.
void softmax_tile(float* s, int ld, const Tile& t, bool causal, float* row_max, float* row_inv) {
    for (int r = 0; r < t.rows; ++r) {
        float* p = s + size_t(r) * ld;
        const int valid = valid_keys(t.r0 + r, t.kend, causal);
        AlignedRow row(p, valid);
        const float max = row.maxCoeff();
        float inv = 0.0f;
        if (all_blocked(max)) {
            std::fill(p, p + t.kend, 0.0f);
        } else {
            row = (row - max).exp();
            inv = 1.0f / row.sum();
            row *= inv;
            std::fill(p + valid, p + t.kend, 0.0f);
        }
        row_max[t.r0 + r] = max;
        row_inv[t.r0 + r] = inv;
    }
}

// Copies the real rows of a tile into rows [r0, r0+rows) of a (T, T) matrix,
// filling the keys the tile did not compute (or that lie past T).
void store_tile(const float* s, int ld, const Tile& t, int T, float fill, float* out) {
    for (int r = 0; r < t.rows; ++r) {
        float* dst = out + size_t(t.r0 + r) * T;
        std::memcpy(dst, s + size_t(r) * ld, sizeof(float) * size_t(t.kend));
        std::fill(dst + t.kend, dst + T, fill);
    }
}

int tile_count(int rows, int per_tile = kTileRows) { return (rows + per_tile - 1) / per_tile; }

// Tile i of the rows [first, T), `per_tile` rows each.
Tile tile_at(int i, int first, int T, bool causal, int per_tile = kTileRows) {
    const int r0 = first + i * per_tile;
    return tile_of(r0, std::min(per_tile, T - r0), T, causal);
}

// The largest of n > 0 finite floats, 8 lanes at a time (std::max_element
// is a scalar loop: it was most of the attention pass's own time at 4,096
// tokens).
float largest(const float* p, int n) {
    return Eigen::Map<const Eigen::ArrayXf>(p, n).maxCoeff();
}

// The thumbnails' block rows a tile covers (whole ones: it starts on a block
// row, and ends on one or at T): each block's max, or its sum, over its
// visible cells, row by row and key by key in order, so the same sums on
// every run. Row-normalized, each weight is first divided by its row's max, as
// the heads grid's row scale does. Exactly one of max and sum is given.
// A max is exact whatever the order, so a block row's rows are first pooled
// down their columns (each weight divided by its row's max when
// row-normalized: rounding is monotonic, so that is also the largest weight
// divided once) and then across each block's columns: with blocks of 4 keys
// at 1,024 tokens, a call per block and row was half of the attention pass's
// own time. Cells a row does not see but a later row of its block row does
// are 0 in the tile (softmax_tile) and weights are >= 0, so they change no
// block's max; a block no row sees stays NaN. (Only NaN weights, from a model
// that already gives NaN, could pool otherwise than a row at a time did.)
void pool_tile(const float* s, int ld, const Tile& t, int T, bool causal, int width, int stride,
               bool row_normalized, float* max, float* sum) {
    if (sum) {
        for (int r = 0; r < t.rows; ++r) {
            const int i = t.r0 + r;
            float* out = sum + size_t(i / width) * stride;
            if (i % width == 0) std::fill(out, out + stride, 0.0f);
            const float* w = s + size_t(r) * ld;
            const int visible = causal ? i + 1 : T;
            const float row_max = row_normalized ? largest(w, visible) : 1.0f;
            const bool divide = row_normalized && row_max > 0;
            for (int c = 0, j = 0; j < visible; ++c) {
                const int end = std::min(j + width, visible);
                float acc = 0.0f;
                for (; j < end; ++j) acc += divide ? w[j] / row_max : w[j];
                out[c] += acc;
            }
        }
        return;
    }
    thread_local std::vector<float, Eigen::aligned_allocator<float>> columns_buf;
    float* columns = thread_buffer(columns_buf, size_t(T));
    for (int r = 0; r < t.rows;) {
        const int block_row = (t.r0 + r) / width;
        const int r_end = std::min(t.rows, (block_row + 1) * width - t.r0);  // this block row's rows in the tile
        float* out = max + size_t(block_row) * stride;
        if ((t.r0 + r) % width == 0) std::fill(out, out + stride, std::numeric_limits<float>::quiet_NaN());
        const int visible = causal ? t.r0 + r_end : T;  // its last row's
        for (int rr = r; rr < r_end; ++rr) {
            const float* w = s + size_t(rr) * ld;
            const float row_max = row_normalized ? largest(w, causal ? t.r0 + rr + 1 : T) : 1.0f;
            const bool divide = row_normalized && row_max > 0;
            if (rr == r && divide) {
                for (int j = 0; j < visible; ++j) columns[j] = w[j] / row_max;
            } else if (rr == r) {
                std::copy(w, w + visible, columns);
            } else if (divide) {
                for (int j = 0; j < visible; ++j) columns[j] = std::max(columns[j], w[j] / row_max);
            } else {
                for (int j = 0; j < visible; ++j) columns[j] = std::max(columns[j], w[j]);
            }
        }
        for (int c = 0, j = 0; j < visible; ++c) {
            const int end = std::min(j + width, visible);
            float block = columns[j];
            for (++j; j < end; ++j) block = std::max(block, columns[j]);
            if (!(block <= out[c])) out[c] = block;
        }
        r = r_end;
    }
}

}  // namespace

void multi_head_forward(const float* q, const float* k, const float* v, int T, int C, int H,
                        bool causal, const std::vector<bool>& ablated, const LayerOutput& out,
                        int threads, int first_row, int window, int layer,
                        std::span<const Knockout> knockout, int q_row0, int end_row, float softcap) {
    const int hs = C / H;
    const int end = end_row < 0 ? T : std::clamp(end_row, 0, T);
    // With thumbnails a tile holds whole block rows of them.
    const bool thumbs = (out.thumb_max != nullptr) != (out.thumb_sum != nullptr) && out.thumb_width > 0;
    const int first = std::clamp(first_row, 0, T);
    const int per_tile = thumbs ? std::max(kTileRows, out.thumb_width) / out.thumb_width * out.thumb_width : kTileRows;
    // Tiles start on multiples of per_tile (whole block rows, so no two tiles
    // pool into one block row at once); the first may start later, at `first`.
    const int aligned = first / per_tile * per_tile;
    const int tiles = tile_count(std::max(0, end - aligned), per_tile);
    const int ld = row_stride(T);
    // Largest tiles first (the last rows see the most keys when causal) so that
    // dynamic scheduling ends with small pieces of work.
    const int tasks = H * tiles;
    threads = threads_now(threads);
    ParallelGuard guard;  // buffers may allocate: no exception may leave the region
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && tasks > 1)
    for (int task = 0; task < tasks; ++task) {
        guard.run([&] {
            const int head = task % H;
            const HeadView hv{q + size_t(head) * hs, k, v, T, C, hs, head, window, layer, knockout, C, q_row0, 0, softcap};
            Tile t = tile_at(tiles - 1 - task / H, aligned, end, causal, per_tile);
            if (t.r0 < first) t = tile_of(first, t.r0 + t.rows - first, end, causal);
            if (!causal) t.kend = T;  // every key, wherever the rows end
            float* s = scratch(T, per_tile);

            scores_tile(hv, t, causal, s, ld);                                                 // 1, 2
            softmax_tile(s, ld, t, causal, out.row_max + size_t(head) * T,
                         out.row_inv_sum + size_t(head) * T);                                  // 3
            if (out.weights) store_tile(s, ld, t, T, 0.0f, out.weights + size_t(head) * T * T);
            if (thumbs)
                pool_tile(s, ld, t, T, causal, out.thumb_width, out.thumb_stride, out.thumb_row_normalized,
                          out.thumb_max ? out.thumb_max + size_t(head) * out.thumb_stride * out.thumb_stride : nullptr,
                          out.thumb_sum ? out.thumb_sum + size_t(head) * out.thumb_stride * out.thumb_stride : nullptr);

            float* o = out.heads + size_t(t.r0 - out.heads_row0) * C + size_t(head) * hs;
            if (ablated[size_t(head)]) {
                for (int r = 0; r < t.rows; ++r) std::fill(o + size_t(r) * C, o + size_t(r) * C + hs, 0.0f);
                return;
            }
            gemm::xw(s, ld, v + size_t(head) * hs, C, o, C, t.rows, hs, t.kend, 1);          // 4
        });
    }
    guard.rethrow();
}

namespace {

// Rows [r0, r1) of one head's weights (row_max given) or scores (row_max
// nullptr) into `out`, (r1 - r0, T): tiles of kTileRows from r0 on, the last
// (largest, when causal) first, on `threads` threads. A row's bits do not
// depend on the tile that computes it, so any band equals those rows of the
// whole matrix.
void rebuild_band(const HeadView& h, bool causal, const float* row_max, const float* row_inv_sum, int r0, int r1,
                  float* out, int threads) {
    const int ld = row_stride(h.T), tiles = tile_count(r1 - r0);
    const float fill = row_max ? 0.0f : -std::numeric_limits<float>::infinity();
    ParallelGuard guard;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && tiles > 1)
    for (int i = tiles - 1; i >= 0; --i) {
        guard.run([&] {
            const Tile t = tile_at(i, r0, r1, causal);
            const Tile whole{t.r0, t.rows, causal ? t.r0 + t.rows : h.T};
            float* s = scratch(h.T);
            scores_tile(h, whole, causal, s, ld);
            if (row_max)
                for (int r = 0; r < whole.rows; ++r)
                    softmax_row(s + size_t(r) * ld, valid_keys(whole.r0 + r, whole.kend, causal), whole.kend,
                                row_max[whole.r0 + r], row_inv_sum[whole.r0 + r]);
            store_tile(s, ld, Tile{whole.r0 - r0, whole.rows, whole.kend}, h.T, fill, out);
        });
    }
    guard.rethrow();
}

}  // namespace

void rebuild_weights(const HeadView& h, bool causal, const float* row_max,
                     const float* row_inv_sum, float* out) {
    rebuild_band(h, causal, row_max, row_inv_sum, 0, h.T, out, 1);
}

void rebuild_scores(const HeadView& h, bool causal, float* out) { rebuild_band(h, causal, nullptr, nullptr, 0, h.T, out, 1); }

void rebuild_weights_rows(const HeadView& h, bool causal, const float* row_max, const float* row_inv_sum, int r0,
                          int r1, float* out, int threads) {
    rebuild_band(h, causal, row_max, row_inv_sum, r0, r1, out, threads);
}

void rebuild_scores_rows(const HeadView& h, bool causal, int r0, int r1, float* out, int threads) {
    rebuild_band(h, causal, nullptr, nullptr, r0, r1, out, threads);
}

void rebuild_row(const HeadView& h, bool causal, const float* row_max, const float* row_inv_sum,
                 int query, bool weights, float* out_row) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    const Tile t = tile_of(query, 1, h.T, causal);
    scores_tile(h, t, causal, s, ld);
    if (weights) softmax_row(s, valid_keys(query, t.kend, causal), t.kend, row_max[query], row_inv_sum[query]);
    std::memcpy(out_row, s, sizeof(float) * size_t(t.kend));
    std::fill(out_row + t.kend, out_row + h.T, weights ? 0.0f : -std::numeric_limits<float>::infinity());
}

void head_backward(const float* A, const float* q, const float* k, const float* v, int ld_qkv, const float* dz,
                   int ld_dz, int T, int hs, float* dA, float* dq, float* dk, float* dv, int ld_d) {
    thread_local std::vector<float, Eigen::aligned_allocator<float>> grad_buf, transposed_buf;
    float* g = thread_buffer(grad_buf, size_t(T) * T);
    float* tr = thread_buffer(transposed_buf, size_t(T) * T);
    // In 16 × 16 tiles, so the writes stay within a few cache lines.
    const auto transpose = [T](const float* in, float* out) {
        constexpr int kTile = 16;
        for (int i0 = 0; i0 < T; i0 += kTile)
            for (int j0 = 0; j0 < T; j0 += kTile)
                for (int i = i0; i < std::min(i0 + kTile, T); ++i)
                    for (int j = j0; j < std::min(j0 + kTile, T); ++j) out[size_t(j) * T + i] = in[size_t(i) * T + j];
    };
    gemm::xwt(dz, ld_dz, v, ld_qkv, nullptr, g, T, T, T, hs, 1);  // dA = dz Vᵀ
    if (dA) std::memcpy(dA, g, sizeof(float) * size_t(T) * T);
    transpose(A, tr);
    gemm::xw(tr, T, dz, ld_dz, dv, ld_d, T, hs, T, 1);  // dV = Aᵀ dz
    // dS = A ⊙ (dA − Σ_j A_ij dA_ij), scaled as the scores were.
    const float scale = 1.0f / std::sqrt(float(hs));
    for (int i = 0; i < T; ++i) {
        const float* a = A + size_t(i) * T;
        float* row = g + size_t(i) * T;
        // In double, in Eigen's fixed lane order: the same bits on any thread.
        const float d = float(Eigen::Map<const Eigen::ArrayXf>(a, T).cast<double>().matrix().dot(
            Eigen::Map<const Eigen::ArrayXf>(row, T).cast<double>().matrix()));
        for (int j = 0; j < T; ++j) row[j] = a[j] == 0.0f ? 0.0f : a[j] * (row[j] - d) * scale;
    }
    gemm::xw(g, T, k, ld_qkv, dq, ld_d, T, hs, T, 1);  // dQ = dS K
    transpose(g, tr);
    gemm::xw(tr, T, q, ld_qkv, dk, ld_d, T, hs, T, 1);  // dK = dSᵀ Q
}

}  // namespace attnscope::attention
