#include "attention.h"

#include "parallel_guard.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <Eigen/Core>

#include "attnscope/tensor.h"

namespace attnscope::attention {

namespace {

using Strided = Eigen::Map<const MatrixRM, Eigen::Unaligned, Eigen::OuterStride<>>;
using StridedOut = Eigen::Map<MatrixRM, Eigen::Unaligned, Eigen::OuterStride<>>;
using AlignedRow = Eigen::Map<Eigen::ArrayXf, Eigen::AlignedMax>;

// Every tile row starts on a 64-byte (SIMD-aligned) boundary, so Eigen's vector code splits a
// row the same way wherever the tile is computed. Causal tiles reach up to T + kTileRows - 1
// keys (the padded last tile).
int row_stride(int T) { return (T + kTileRows + 15) / 16 * 16; }

// A per-thread buffer, kept from run to run.
float* thread_buffer(std::vector<float, Eigen::aligned_allocator<float>>& buf, size_t need) {
    if (buf.size() < need) buf.resize(need);
    return buf.data();
}
float* scratch(int T) {
    thread_local std::vector<float, Eigen::aligned_allocator<float>> buf;
    return thread_buffer(buf, size_t(kTileRows) * size_t(row_stride(T)));
}

int valid_keys(int query, int kend, bool causal) { return causal ? query + 1 : kend; }

// The rows and keys one tile computes. A causal tile always has kTileRows rows and
// sees keys [0, r0 + kTileRows), whatever T is: the last, partial tile is padded
// with zero rows. So every row is computed by the same operations at every length,
// and a longer text repeats the shorter one's rows bit for bit (what incremental
// runs rely on). A bidirectional tile has its real rows and sees all T keys.
struct Tile {
    int r0 = 0;
    int rows = 0;    // real rows, r0 + rows <= T
    int padded = 0;  // rows computed
    int kend = 0;    // keys computed
    bool pads() const { return padded > rows; }
};

Tile tile_at(int index, int T, bool causal) {
    Tile t;
    t.r0 = index * kTileRows;
    t.rows = std::min(kTileRows, T - t.r0);
    t.padded = causal ? kTileRows : t.rows;
    t.kend = causal ? t.r0 + kTileRows : T;
    return t;
}

// One head's q rows of a tile and its k, v rows [0, kend), with their row strides;
// rows past T are read from zero-padded per-thread copies.
struct TileInputs {
    const float* q;
    const float* k;
    const float* v;
    int ldq, ldk, ldv;
};

TileInputs tile_inputs(const HeadView& h, const Tile& t, bool need_v) {
    const size_t col = size_t(h.head) * h.hs;
    if (!t.pads() && t.kend <= h.T)
        return {h.q + size_t(t.r0) * h.C + col, h.k + col, h.v ? h.v + col : nullptr, h.C, h.C, h.C};
    thread_local std::vector<float, Eigen::aligned_allocator<float>> qb, kb, vb;
    auto padded_copy = [&](std::vector<float, Eigen::aligned_allocator<float>>& buf, const float* src,
                           int first, int rows) {
        float* dst = thread_buffer(buf, size_t(rows) * h.hs);
        for (int r = 0; r < rows; ++r) {
            if (first + r < h.T)
                std::memcpy(dst + size_t(r) * h.hs, src + size_t(first + r) * h.C + col, sizeof(float) * size_t(h.hs));
            else
                std::fill(dst + size_t(r) * h.hs, dst + size_t(r + 1) * h.hs, 0.0f);
        }
        return dst;
    };
    return {padded_copy(qb, h.q, t.r0, t.padded), padded_copy(kb, h.k, 0, t.kend),
            need_v ? padded_copy(vb, h.v, 0, t.kend) : nullptr, h.hs, h.hs, h.hs};
}

// Passes 1 and 2: S (padded, kend) = Q[tile] K[0:kend]^T / sqrt(hs), masked -inf.
void scores_tile(const HeadView& h, const Tile& t, const TileInputs& in, bool causal, float* s, int ld) {
    const Strided q(in.q, t.padded, h.hs, Eigen::OuterStride<>(in.ldq));
    const Strided k(in.k, t.kend, h.hs, Eigen::OuterStride<>(in.ldk));
    StridedOut out(s, t.padded, t.kend, Eigen::OuterStride<>(ld));
    const float scale = 1.0f / std::sqrt(float(h.hs));
    out.noalias() = (q * k.transpose()) * scale;
    if (causal) {
        for (int r = 0; r < t.padded; ++r) {
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
        const int to = ko.query < 0 ? t.padded : from + 1;
        for (int r = std::max(from, 0); r < std::min(to, t.padded); ++r)
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
    for (int r = 0; r < t.padded; ++r) {
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
        if (r < t.rows) {
            row_max[t.r0 + r] = max;
            row_inv[t.r0 + r] = inv;
        }
    }
}

// Copies the real rows of a tile into rows [r0, r0+rows) of a (T, T) matrix,
// filling the keys the tile did not compute (or that lie past T).
void store_tile(const float* s, int ld, const Tile& t, int T, float fill, float* out) {
    const int keys = std::min(t.kend, T);
    for (int r = 0; r < t.rows; ++r) {
        float* dst = out + size_t(t.r0 + r) * T;
        std::memcpy(dst, s + size_t(r) * ld, sizeof(float) * size_t(keys));
        std::fill(dst + keys, dst + T, fill);
    }
}

int tile_count(int T) { return (T + kTileRows - 1) / kTileRows; }

}  // namespace

void multi_head_forward(const float* q, const float* k, const float* v, int T, int C, int H,
                        bool causal, const std::vector<bool>& ablated, const LayerOutput& out,
                        int threads, int first_row, int window, int layer,
                        std::span<const Knockout> knockout) {
    const int hs = C / H;
    const int first_tile = std::clamp(first_row, 0, T) / kTileRows;
    const int tiles = tile_count(T) - first_tile;
    const int ld = row_stride(T);
    // Largest tiles first (the last rows see the most keys when causal) so that
    // dynamic scheduling ends with small pieces of work.
    const int tasks = H * tiles;
    ParallelGuard guard;  // buffers and Eigen may allocate: no exception may leave the region
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && tasks > 1)
    for (int task = 0; task < tasks; ++task) {
        guard.run([&] {
            const int head = task % H;
            const HeadView hv{q, k, v, T, C, hs, head, window, layer, knockout};
            const Tile t = tile_at(first_tile + tiles - 1 - task / H, T, causal);
            const TileInputs in = tile_inputs(hv, t, !ablated[size_t(head)]);
            float* s = scratch(T);

            scores_tile(hv, t, in, causal, s, ld);                                             // 1, 2
            softmax_tile(s, ld, t, causal, out.row_max + size_t(head) * T,
                         out.row_inv_sum + size_t(head) * T);                                  // 3
            if (out.weights) store_tile(s, ld, t, T, 0.0f, out.weights + size_t(head) * T * T);

            StridedOut o(out.heads + size_t(t.r0) * C + size_t(head) * hs, t.rows, hs,
                         Eigen::OuterStride<>(C));
            if (ablated[size_t(head)]) {
                o.setZero();
                return;
            }
            const Strided w(s, t.padded, t.kend, Eigen::OuterStride<>(ld));
            const Strided vv(in.v, t.kend, hs, Eigen::OuterStride<>(in.ldv));
            if (!t.pads()) {
                o.noalias() = w * vv;                                                          // 4
                return;
            }
            thread_local MatrixRM padded_out;
            padded_out.resize(t.padded, hs);
            padded_out.noalias() = w * vv;                                                     // 4
            o = padded_out.topRows(t.rows);
        });
    }
    guard.rethrow();
}

void rebuild_weights(const HeadView& h, bool causal, const float* row_max,
                     const float* row_inv_sum, float* out) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    for (int i = 0; i < tile_count(h.T); ++i) {
        const Tile t = tile_at(i, h.T, causal);
        scores_tile(h, t, tile_inputs(h, t, false), causal, s, ld);
        for (int r = 0; r < t.rows; ++r)
            softmax_row(s + size_t(r) * ld, valid_keys(t.r0 + r, t.kend, causal), t.kend,
                        row_max[t.r0 + r], row_inv_sum[t.r0 + r]);
        store_tile(s, ld, t, h.T, 0.0f, out);
    }
}

void rebuild_scores(const HeadView& h, bool causal, float* out) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    for (int i = 0; i < tile_count(h.T); ++i) {
        const Tile t = tile_at(i, h.T, causal);
        scores_tile(h, t, tile_inputs(h, t, false), causal, s, ld);
        store_tile(s, ld, t, h.T, -std::numeric_limits<float>::infinity(), out);
    }
}

void rebuild_row(const HeadView& h, bool causal, const float* row_max, const float* row_inv_sum,
                 int query, bool weights, float* out_row) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    const Tile t = tile_at(query / kTileRows, h.T, causal);
    scores_tile(h, t, tile_inputs(h, t, false), causal, s, ld);
    float* row = s + size_t(query - t.r0) * ld;
    if (weights)
        softmax_row(row, valid_keys(query, t.kend, causal), t.kend, row_max[query], row_inv_sum[query]);
    const int keys = std::min(t.kend, h.T);
    std::memcpy(out_row, row, sizeof(float) * size_t(keys));
    std::fill(out_row + keys, out_row + h.T, weights ? 0.0f : -std::numeric_limits<float>::infinity());
}

}  // namespace attnscope::attention
