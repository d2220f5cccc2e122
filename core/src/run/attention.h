#pragma once
// Multi-head causal attention in numbered passes over tiles of query rows:
//   1. scores   S = Q K^T / sqrt(hs)           (only keys a tile can see when causal;
//                                              soft-capped, cap · tanh(S / cap), with a cap)
//   2. mask     S[i, j] = -inf for j > i       (causal only; with a sliding window
//                                              of W keys also for j <= i - W; and
//                                              for every knocked-out edge i -> j)
//   3. softmax  W = exp(S - rowmax) / rowsum   (masked entries exactly 0)
//   4. sum      O = W V
// The products are gemm's (gemm.h), where every output is one chain of fused
// multiply-adds in a fixed order: a row's numbers never depend on which other
// rows are computed with it or how many follow it. So the on-demand rebuild of
// a head or of one row is bit-identical to the forward pass, and an
// incremental run computes only its new rows.
#include <span>
#include <vector>

#include "attnscope/run/trace.h"

namespace attnscope::attention {

constexpr int kTileRows = 64;

// One head inside (T, C) row-major k/v buffers: its columns [head*hs, (head+1)*hs).
// Its queries may come from elsewhere: query row r (from q_row0 on) is the hs
// floats at q + (r - q_row0) * q_ld.
struct HeadView {
    const float* q = nullptr;
    const float* k = nullptr;
    const float* v = nullptr;
    int T = 0, C = 0, hs = 0, head = 0;  // C: the row stride of k and v, H * hs
    int window = 0;                       // > 0: causal rows see only their last `window` keys
    int layer = 0;                        // the head's layer, for the knockouts
    std::span<const Knockout> knockout;   // the run's knockouts (those covering layer.head apply)
    int q_ld = 0;                         // q's row stride
    int q_row0 = 0;                       // the position of q's first row
    int k_ld = 0;                         // > 0: k holds this head's keys alone, rows k_ld apart
    float softcap = 0.0f;                 // > 0: scaled scores become cap · tanh(score / cap) (Gemma 2)
};

struct LayerOutput {
    float* weights = nullptr;      // (H, T, T) or nullptr when not stored
    float* row_max = nullptr;      // (H, T)
    float* row_inv_sum = nullptr;  // (H, T)
    float* heads = nullptr;        // (T - heads_row0, C) concatenated head outputs
    int heads_row0 = 0;            // the position of heads' row 0; the pass starts at or after it
    // (H, S, S) block max or block sum of the weights (LayerTrace::thumb_max,
    // thumb_sum: one of them, the other nullptr; both nullptr for none), blocks
    // of thumb_width. Each block row is pooled row after row in order; when
    // first_row falls inside one, that block row must already hold its rows
    // before first_row (prepare_attention), and the pass goes on with it.
    float* thumb_max = nullptr;
    float* thumb_sum = nullptr;
    int thumb_width = 0;
    int thumb_stride = 0;               // S: each head's thumbnails are S x S, B x B of it in use
    bool thumb_row_normalized = false;  // pool each weight divided by its row's max
};

// Passes 1-4 for every head of a layer, on `threads` threads (over heads and tiles).
// Rows before `first_row` are left as they are: with a causal mask they do not
// depend on anything after them (an incremental run).
// k, v are (T, C) with C = H * hs (repeated per query head for grouped-query
// attention); q holds rows [q_row0, T) of (T, C), q_row0 <= first_row;
// out.heads as LayerOutput says. `window`,
// `layer` and `knockout` as in HeadView. Rows from `end_row` (>= 0) on are
// left too: a causal pass may go a band of rows at a time, each band once the
// keys up to its end are there (with thumbnails, bands of whole block rows).
void multi_head_forward(const float* q, const float* k, const float* v, int T, int C, int H,
                        bool causal, const std::vector<bool>& ablated, const LayerOutput& out,
                        int threads, int first_row = 0, int window = 0, int layer = 0,
                        std::span<const Knockout> knockout = {}, int q_row0 = 0, int end_row = -1,
                        float softcap = 0.0f);

// Passes 1-3 again for one head from its stored row statistics: (T, T) into `out`.
void rebuild_weights(const HeadView& head, bool causal, const float* row_max,
                     const float* row_inv_sum, float* out);
// Passes 1-2 for one head: (T, T) scores into `out`, -inf where masked.
void rebuild_scores(const HeadView& head, bool causal, float* out);
// Rows [r0, r1) of rebuild_weights / rebuild_scores into `out`, (r1 - r0, T),
// the same bits, on `threads` threads; the queries from r0 on must be there.
void rebuild_weights_rows(const HeadView& head, bool causal, const float* row_max, const float* row_inv_sum, int r0,
                          int r1, float* out, int threads);
void rebuild_scores_rows(const HeadView& head, bool causal, int r0, int r1, float* out, int threads);
// Passes 1-3 for a single query row, computed alone.
void rebuild_row(const HeadView& head, bool causal, const float* row_max,
                 const float* row_inv_sum, int query, bool weights, float* out_row);

// The backward of passes 1-4 for one head whose weights A (T, T, dense,
// row-major; masked entries 0) made its output O = A V. Given dz, the
// gradient of O (T rows of hs floats, ld_dz apart):
//   dA = dz Vᵀ                          (into dA when it is not null, (T, T))
//   dV = Aᵀ dz
//   dS = A ⊙ (dA − rowsum(A ⊙ dA))      (the softmax's; 0 wherever A is)
//   dQ = dS K / √hs,  dK = dSᵀ Q / √hs  (the scores' scale)
// into dq, dk, dv (T rows of hs floats, ld_d apart). q, k, v are the head's
// own columns of (T, ld_qkv) buffers. One thread: callers run heads in
// parallel. Products are gemm's, sums in a fixed order, so the bits are the
// same whichever thread computes the head.
void head_backward(const float* A, const float* q, const float* k, const float* v, int ld_qkv, const float* dz,
                   int ld_dz, int T, int hs, float* dA, float* dq, float* dk, float* dv, int ld_d);

}  // namespace attnscope::attention
