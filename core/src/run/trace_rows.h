#pragma once
// How a run lays out a trace's per-row buffers: growing them a few rows
// ahead, moving each head's kept rows when the text's length changes, and
// sizing (or keeping, or pooling coarser) the thumbnails before an attention
// pass. Model::run's helpers (model.cpp, blocks.cpp), apart for length.
#include <algorithm>
#include <cstdint>

#include "attnscope/model/config.h"
#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"

namespace attnscope {

// Rows a new buffer reserves room for at a time.
inline constexpr int64_t kGrowRows = 64;
// The rows a buffer of `rows` rows that has to move (it grew past its room)
// reserves: an eighth more, at least kGrowRows, rounded up to kGrowRows. A
// move copies every row into fresh pages (slow for a long trace), so text
// typed key after key moves each buffer once in about
// rows / 8 keys, not once in 64; the room is address space until written.
inline int64_t grown_rows(int64_t rows) {
    return (rows + std::max(kGrowRows, rows / 8) + kGrowRows - 1) / kGrowRows * kGrowRows;
}

// Bytes of the activations every layer keeps within the activation budget
// (RunOptions::activation_budget_bytes) for T tokens: ln1, proj, resid1, ln2,
// mlp_proj, q, heads and the MLP's (run_cost.cpp).
int64_t activation_bytes(const ModelConfig& cfg, int T);
// Bytes of every layer's k and v for T tokens, as a trace holds them (repeated
// for each query head of a group): what RunOptions::kv_budget_bytes weighs.
int64_t kv_bytes(const ModelConfig& cfg, int T);
// Whether a run of T tokens with `opt` keeps its activations, and its keys
// and values: within the activation budget, or past it within the kv budget.
struct KeptParts {
    bool activations = true;
    bool kv = true;
};
KeptParts kept_parts(const ModelConfig& cfg, int T, const RunOptions& opt);

// Resizes a (rows, ...) tensor to shape[0] rows, keeping its leading rows. A new
// buffer reserves room up to the next multiple of kGrowRows rows; one that
// holds rows and grows past its room reserves grown_rows, so text typed token
// by token seldom moves it.
void resize_rows(Tensor& t, Shape shape);

// The most room a layer's (H, T, T) maps take ahead of their rows (floats): 1 GB
// of address space, no memory until written.
inline constexpr size_t kMaxMapRoom = size_t(1) << 28;

// The floats `rows` rows of a buffer that holds one row per token, `T` of them
// now, take: (T, ...) activations, (H, T) row statistics and (H, T, T) maps
// (up to kMaxMapRoom). Any other buffer: its own size.
size_t room_for_rows(const Tensor& t, int64_t T, int64_t rows);

// Room for `rows` rows in every buffer of the trace that holds one row per
// token, their contents kept (RunOptions::reserve_rows). Thumbnails and
// logits keep theirs.
void reserve_rows(Trace& tr, int T, int rows);

// (H, T_old, [T_old]) -> (H, T_new, [T_new]) in place, keeping each head's first
// `keep` rows (and, for square per-head matrices, their first `keep` columns: a
// causal row r < keep has zeros past column r). The rest is left for the run.
void relayout_heads(Tensor& t, int H, int T_old, int T_new, int keep, bool square);

// Sizes lt's stored weights, row statistics and thumbnail for an attention
// pass over rows [first, T), keeping what the rows before it hold. Returns the
// row the pass starts at: `first`, or with a thumbnail (thumb_width > 0) the
// start of the block row holding it. Block rows before that one are kept when
// the trace's thumbnail is of this kind and `kept_width` wide (0: none kept):
// this width, or a finer one that divides it, each new block then the max of
// the old blocks it covers (the same bits: a max is a max in any order).
// The block row holding `first` is pooled whole again, its attention rows
// computed again to the same bits, unless `continues` (every row of the
// trace's previous run is kept: first == its T) and the width is the same:
// then that block row already pools its rows before `first`, in order, and
// the pass goes on from `first` (an append at 8,100 tokens computed up to 31
// rows again, a thumbnail block's, in every head). The thumbnail is
// lt.thumb_sum when `mean`, else lt.thumb_max; the other is emptied.
int prepare_attention(const ModelConfig& cfg, int T, bool dense, LayerTrace& lt, int first, int thumb_width,
                      int kept_width, bool mean, bool continues = false);

}  // namespace attnscope
