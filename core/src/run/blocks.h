#pragma once
// The forward pass's layers, one function per seed class (blocks.cpp;
// tests/scripts/seed_model.py is the PyTorch twin): the embeddings,
// MultiHeadAttention (its Heads run together in attention.cpp), the MLP and
// the Block. Model (model.cpp) chains them into whole and incremental runs
// and into the runs again that views and comparisons ask of a trace.
#include <functional>
#include <span>
#include <vector>

#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"
#include "attnscope/model/weights.h"
#include "run/rope.h"

namespace attnscope::blocks {

// Rows [first, T) of a (T, ...) tensor or matrix: what an incremental run
// computes (a full run has first = 0).
MapRM rows_out(Tensor& t, int first);
ConstMapRM rows_in(const Tensor& t, int first);
ConstMapRM rows_in(ConstMapRM m, int first);
// Rows [r0, r1) of a (T, ...) tensor or matrix.
MapRM rows_of(Tensor& t, int r0, int r1);
ConstMapRM rows_of(ConstMapRM m, int r0, int r1);
ConstMapRM read(const MapRM& m);

// Row t of the embeddings of token `id` into `out` (C floats).
void embed_row(const Weights& w, int id, int t, float* out);
// Transformer.token_embed + position_embed: ids (T) -> tr.embed (T, C), rows
// [first, T); past the activation budget (keep false) none is kept.
void embeddings(const Weights& w, std::span<const int> tokens, int first, Trace& tr, bool keep);
// A completed run's block `layer` input: stored, or looked up into `scratch`.
ConstMapRM layer_input(const Weights& w, const Trace& tr, int layer, MatrixRM& scratch);
// The trace holds a completed run's input of every block.
bool holds_inputs(const Trace& tr);

// The keys and values of a block's ln1 rows at positions [r0, r0 + N) into
// those rows of lt.k and lt.v (sized for the run), grouped-query ones repeated
// for every query head of their group.
void project_kv(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM ln1, LayerTrace& lt, int r0, int threads);
// The q, k or v Linear of some rows, then (q, k) each head's RMSNorm and RoPE:
// xs (N, C) at positions [first, first + N) -> out (N, heads * hs).
void project(const LinearWeights& lin, const VectorF& head_norm, const ModelConfig& cfg, bool rotate,
             const rope::Angles& angles, ConstMapRM xs, MapRM out, int heads, int threads, int first);
// MultiHeadAttention alone: ln1 (T, C) -> proj(concat(heads)) (T, C), every
// tensor into lt, no thumbnails.
void multi_head_attention(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM ln1,
                          const RunOptions& opt, bool dense, LayerTrace& lt, int threads);
// The config's norm (LayerNorm or RMSNorm) of x into y.
void norm(const ModelConfig& cfg, ConstMapRM x, const LayerNormWeights& w, MapRM y, int threads);

// Where a Block's rows after the attention go: the same rows of its output
// projection, residual, ln2 and MLP tensors. `up` has no rows unless the MLP
// is gated.
struct BlockRows {
    MapRM proj, resid1, ln2, hidden, act, up, mlp_proj;
};
// Rows [r0, r1) of a layer's own tensors (sized by size_activations).
BlockRows rows_after_attention(LayerTrace& lt, const ModelConfig& cfg, int r0, int r1);
// Sizes the activations a trace may leave out for `rows` rows.
void size_activations(LayerTrace& lt, const ModelConfig& cfg, int rows);
// The rest of a Block once b.proj holds the attention's output: the residual
// adds, ln2 and the MLP, x the block's input and `out` its output.
void after_projection(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM x, const BlockRows& b, MapRM out,
                      int threads);

// What a run that keeps only its checkpoints (RunOptions::activation_budget_bytes)
// computes the other tensors in: up to kChunkRows rows of them at a time, and
// the queries and head outputs of every row the attention pass computes. When
// the layers keep no keys or values either (kv false, past
// RunOptions::kv_budget_bytes), every row's of the layer being run.
constexpr int kChunkRows = 512;
struct BlockWork {
    LayerTrace rows;
    Tensor q, heads;
    bool kv = true;
    Tensor k, v;
};
using RowSink = std::function<void(int r0, int r1, ConstMapRM rows)>;

// Block (pre-norm): x = x + attn(ln1(x)); x = x + mlp(ln2(x)). (T, C) -> (T, C),
// rows [first, T), into lt; with `work` only the checkpoints, with `sink` not
// even the output (blocks.cpp says how). Returns the row the attention started
// at (prepare_attention).
int block(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM x, const RunOptions& opt,
          bool dense, LayerTrace& lt, int threads, int first, int thumb_width = 0, int kept_width = 0,
          bool continues = false, BlockWork* work = nullptr, const RowSink* sink = nullptr);

}  // namespace attnscope::blocks
