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
// row the same way wherever the tile is computed.
int row_stride(int T) { return (T + 15) / 16 * 16; }

// A per-thread tile buffer, kept from run to run.
float* scratch(int T) {
    thread_local std::vector<float, Eigen::aligned_allocator<float>> buf;
    const size_t need = size_t(kTileRows) * size_t(row_stride(T));
    if (buf.size() < need) buf.resize(need);
    return buf.data();
}

int keys_seen(int r0, int rows, int T, bool causal) { return causal ? r0 + rows : T; }
int valid_keys(int query, int kend, bool causal) { return causal ? query + 1 : kend; }

// Passes 1 and 2: S (rows, kend) = Q[r0:r0+rows] K[0:kend]^T / sqrt(hs), masked -inf.
void scores_tile(const HeadView& h, int r0, int rows, int kend, bool causal, float* s, int ld) {
    const Strided q(h.q + size_t(r0) * h.C + size_t(h.head) * h.hs, rows, h.hs,
                    Eigen::OuterStride<>(h.C));
    const Strided k(h.k + size_t(h.head) * h.hs, kend, h.hs, Eigen::OuterStride<>(h.C));
    StridedOut out(s, rows, kend, Eigen::OuterStride<>(ld));
    const float scale = 1.0f / std::sqrt(float(h.hs));
    out.noalias() = (q * k.transpose()) * scale;
    if (causal) {
        for (int r = 0; r < rows; ++r) {
            const int valid = valid_keys(r0 + r, kend, causal);
            std::fill(s + size_t(r) * ld + valid, s + size_t(r) * ld + kend,
                      -std::numeric_limits<float>::infinity());
        }
    }
}

// Pass 3 on one row: exp(s - max) over the keys it may see, scaled by 1/sum;
// the masked tail is set to exactly 0.
void softmax_row(float* s, int valid, int kend, float max, float inv_sum) {
    AlignedRow row(s, valid);
    row = (row - max).exp();
    row *= inv_sum;
    std::fill(s + valid, s + kend, 0.0f);
}

// Pass 3 for a tile, recording each row's max and 1/sum.
void softmax_tile(float* s, int ld, int r0, int rows, int kend, bool causal, float* row_max,
                  float* row_inv) {
    for (int r = 0; r < rows; ++r) {
        float* p = s + size_t(r) * ld;
        const int valid = valid_keys(r0 + r, kend, causal);
        AlignedRow row(p, valid);
        const float max = row.maxCoeff();
        row = (row - max).exp();
        const float inv = 1.0f / row.sum();
        row *= inv;
        std::fill(p + valid, p + kend, 0.0f);
        row_max[r0 + r] = max;
        row_inv[r0 + r] = inv;
    }
}

// Pass 3 for a tile from stored statistics: the same operations as softmax_tile.
void softmax_tile_from_stats(float* s, int ld, int r0, int rows, int kend, bool causal,
                             const float* row_max, const float* row_inv) {
    for (int r = 0; r < rows; ++r)
        softmax_row(s + size_t(r) * ld, valid_keys(r0 + r, kend, causal), kend, row_max[r0 + r],
                    row_inv[r0 + r]);
}

// Copies a (rows, kend) tile into rows [r0, r0+rows) of a (T, T) matrix, zero-filling
// the keys the tile did not compute.
void store_tile(const float* s, int ld, int r0, int rows, int kend, int T, float fill,
                float* out) {
    for (int r = 0; r < rows; ++r) {
        float* dst = out + size_t(r0 + r) * T;
        std::memcpy(dst, s + size_t(r) * ld, sizeof(float) * size_t(kend));
        std::fill(dst + kend, dst + T, fill);
    }
}

}  // namespace

void multi_head_forward(const float* q, const float* k, const float* v, int T, int C, int H,
                        bool causal, const std::vector<bool>& ablated, const LayerOutput& out,
                        int threads) {
    const int hs = C / H;
    const int tiles = (T + kTileRows - 1) / kTileRows;
    const int ld = row_stride(T);
    // Largest tiles first (the last rows see the most keys when causal) so that
    // dynamic scheduling ends with small pieces of work.
    const int tasks = H * tiles;
    ParallelGuard guard;  // scratch() and Eigen may allocate: no exception may leave the region
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && tasks > 1)
    for (int task = 0; task < tasks; ++task) {
        guard.run([&] {
            const int tile = tiles - 1 - task / H;
            const int head = task % H;
            const HeadView hv{q, k, v, T, C, hs, head};
            const int r0 = tile * kTileRows;
            const int rows = std::min(kTileRows, T - r0);
            const int kend = keys_seen(r0, rows, T, causal);
            float* s = scratch(T);

            scores_tile(hv, r0, rows, kend, causal, s, ld);                                    // 1, 2
            softmax_tile(s, ld, r0, rows, kend, causal, out.row_max + size_t(head) * T,
                         out.row_inv_sum + size_t(head) * T);                                  // 3
            if (out.weights)
                store_tile(s, ld, r0, rows, kend, T, 0.0f, out.weights + size_t(head) * T * T);

            StridedOut o(out.heads + size_t(r0) * C + size_t(head) * hs, rows, hs,
                         Eigen::OuterStride<>(C));
            if (ablated[size_t(head)]) {
                o.setZero();
                return;
            }
            const Strided w(s, rows, kend, Eigen::OuterStride<>(ld));
            const Strided vv(v + size_t(head) * hs, kend, hs, Eigen::OuterStride<>(C));
            o.noalias() = w * vv;                                                              // 4
        });
    }
    guard.rethrow();
}

void rebuild_weights(const HeadView& h, bool causal, const float* row_max,
                     const float* row_inv_sum, float* out) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    for (int r0 = 0; r0 < h.T; r0 += kTileRows) {
        const int rows = std::min(kTileRows, h.T - r0);
        const int kend = keys_seen(r0, rows, h.T, causal);
        scores_tile(h, r0, rows, kend, causal, s, ld);
        softmax_tile_from_stats(s, ld, r0, rows, kend, causal, row_max, row_inv_sum);
        store_tile(s, ld, r0, rows, kend, h.T, 0.0f, out);
    }
}

void rebuild_scores(const HeadView& h, bool causal, float* out) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    for (int r0 = 0; r0 < h.T; r0 += kTileRows) {
        const int rows = std::min(kTileRows, h.T - r0);
        const int kend = keys_seen(r0, rows, h.T, causal);
        scores_tile(h, r0, rows, kend, causal, s, ld);
        store_tile(s, ld, r0, rows, kend, h.T, -std::numeric_limits<float>::infinity(), out);
    }
}

void rebuild_row(const HeadView& h, bool causal, const float* row_max, const float* row_inv_sum,
                 int query, bool weights, float* out_row) {
    const int ld = row_stride(h.T);
    float* s = scratch(h.T);
    const int r0 = query / kTileRows * kTileRows;
    const int rows = std::min(kTileRows, h.T - r0);
    const int kend = keys_seen(r0, rows, h.T, causal);
    scores_tile(h, r0, rows, kend, causal, s, ld);
    if (weights) softmax_tile_from_stats(s, ld, r0, rows, kend, causal, row_max, row_inv_sum);
    const float fill = weights ? 0.0f : -std::numeric_limits<float>::infinity();
    const float* src = s + size_t(query - r0) * ld;
    std::memcpy(out_row, src, sizeof(float) * size_t(kend));
    std::fill(out_row + kend, out_row + h.T, fill);
}

}  // namespace attnscope::attention
