#pragma once
// Everything one forward pass computed, under stable names, for the views and
// exporters. Tensor shapes are given in PyTorch order for a batch of one.
//
// Stable names, their shapes and the members holding them: the table in
// attnscope/trace_tensors.h (e.g. "embed", "blk.3.attn.weights", "logits").
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attnscope/model/config.h"
#include "attnscope/common/tensor.h"

namespace attnscope {

struct Weights;
class ImportedAttention;
class RebuiltKeys;

struct HeadRef {
    int layer = 0;
    int head = 0;
    bool operator==(const HeadRef&) const = default;
};

// Attention knockout: one blocked query->key edge, or every edge into a key
// (RunOptions::knockout). -1 for layer, head or query means every layer, every
// head of a layer, every query. A blocked score is set to -inf in pass 2 with the
// causal / sliding-window mask, so the softmax renormalises over the keys left
// and the blocked weight is exactly 0. A row whose every visible key is blocked
// has all-zero weights and gives a zero head output for that query (its row_max
// is -inf and its row_inv_sum 0): no NaN anywhere. Blocking an edge the mask
// already hides (a key after the query in a causal run) changes nothing.
struct Knockout {
    int layer = -1;
    int head = -1;
    int query = -1;
    int key = 0;
    bool operator==(const Knockout&) const = default;
    // This knockout applies to head `h` of layer `l`.
    bool covers(int l, int h) const { return (layer < 0 || layer == l) && (head < 0 || head == h); }
    bool blocks(int l, int h, int q, int k) const { return covers(l, h) && (query < 0 || query == q) && key == k; }
};
// The most knockouts a run takes: every score tile walks the list, so a hostile
// recipe of a million would stall the run (Model::run refuses more).
constexpr size_t kMaxKnockouts = 4096;
// A knockout as text, `L.H:Q>K` with `*` for -1 ("2.*:9>4", "*.*:*>5"): the one
// syntax of the CLI's and the app's --knockout (parsed by the app's
// session/knockout.h), of recipes, run notes and the status bar.
std::string format_knockout(const Knockout& k);

// One step of the forward pass, in order, for the shape-flow view. Which steps a
// model has follows its architecture (the `when` column of trace_tensors.h):
// RMSNorm or LayerNorm, RoPE, repeat_kv, a gated MLP, the parallel residual.
struct StageRecord {
    std::string stage;   // what happens: "ln1", "q", "rope", "repeat_kv", "scores", "softmax", "gate", ...
    int layer = -1;      // block index, -1 outside blocks
    std::string tensor;  // stable name of the tensor it produces; "" for the token ids and for a step
                         // whose output the trace does not keep (a GQA model's k before repeat_kv)
    Shape shape;         // that tensor's shape (or a view of it: per head (T, H, hs) for (T, C))
    std::vector<std::string> symbols;  // the shape in symbols: "T", "H", "KV", "hs", "C", "4C" or "F", "V", "R"
    bool per_head = false;             // drawn as H (or KV) × (the rest)
    std::string label;                 // its English label in the shape flow ("RMSNorm 1"); the GUI translates it
    Shape from_shape;                  // the shape it reads when it changes the head count (repeat_kv:
    std::vector<std::string> from_symbols;  // (T, KV, hs) -> (T, H, hs)), else empty
    std::vector<std::string> inputs;   // the stages it reads when not just the one before: stage names of its
                                       // block, "x" for the block's input (GPT-NeoX's parallel MLP); else empty
    std::string detail;                // a setting worth seeing ("ε = 1e-06", "θ = 10000, 8 of 16 dims"), or ""
};

// One block's tensors. Past the activation budget (Trace::activations_kept
// false) ln1, q, heads, proj, resid1, ln2 and the MLP's are empty, and
// Trace::tensor computes them again; past the kv budget too (Trace::kv_kept
// false), k and v.
struct LayerTrace {
    Tensor ln1;          // (T, C)
    Tensor q, k, v;      // (T, H, hs); q and k after qk-norm and RoPE where the model has them,
                         // k and v repeated for every query head of a group (grouped-query attention)
    Tensor weights;      // (H, T, T) softmax weights; empty when over the attention budget
    Tensor row_max;      // (H, T) max of each row's unmasked scores
    Tensor row_inv_sum;  // (H, T) 1 / sum of exp(score - max) of each row
    Tensor heads;        // (T, H*hs) concatenated head outputs, ablated heads zero
    Tensor proj;         // (T, C)
    Tensor resid1;       // (T, C)
    Tensor ln2;          // (T, C)
    Tensor mlp_hidden;   // (T, 4C)
    Tensor mlp_act;      // (T, 4C); a gated MLP's act(gate) * up
    Tensor mlp_up;       // (T, F) a gated MLP's up projection (not in the tensor table), else empty
    Tensor mlp_proj;     // (T, C)
    Tensor out;          // (T, C)
    // Each head's weights pooled while the run computes them (Trace::thumb_width):
    // over every block of width x width cells, the max (or, with
    // Trace::thumb_mean, the sum; the other tensor is empty) of the visible
    // ones (a causal row sees keys up to itself), each weight divided by its
    // row's max first when Trace::thumb_row_normalized. NaN max and zero sum
    // where a block has none. (H, S, S) with S = thumbnail_stride(T, L * H)
    // (so an edit seldom moves them); the first B = ceil(T / width) rows and
    // columns are in use, the rest NaN max and zero sum.
    Tensor thumb_max;
    Tensor thumb_sum;
};

// The thumbnails' block width for T tokens and `heads` heads in all: the
// smallest power of two that leaves at most thumbnail_cells(heads) blocks a
// side. A power of two, so the attention pass's tiles (64 rows) hold whole
// block rows. All heads' thumbnails share kThumbnailBudget cells, and none has
// more than kThumbnailCells a side: 256 for GPT-2 small (144 heads, 37.7 MB at
// 1,024 tokens), 128 for 1,024 heads.
constexpr int kThumbnailCells = 256;
constexpr int64_t kThumbnailBudget = int64_t(16) << 20;
int thumbnail_cells(int heads);
int thumbnail_width(int T, int heads);
// The side S of each head's stored thumbnails (LayerTrace::thumb_max): the
// blocks in use rounded up to 64, at most thumbnail_cells(heads).
int thumbnail_stride(int T, int heads);

struct Trace {
    ModelConfig config;
    std::vector<int> tokens;     // (T) the input ids
    bool causal = true;
    std::vector<HeadRef> ablated;
    std::vector<Knockout> knockout;  // the blocked edges of the run (RunOptions::knockout)

    Tensor tok_embed;            // (T, C)
    Tensor pos_embed;            // (T, C)
    Tensor embed;                // (T, C)
    std::vector<LayerTrace> layers;
    Tensor ln_f;                 // (T, C)
    Tensor logits;               // (R, V); a whole run that kept none (RunOptions::logits_rows 0)
                                 // has R = 0, and Trace::tensor("logits") computes the last position's
    int logits_first = 0;        // position of logits row 0 (T - 1 when none are kept)

    std::vector<StageRecord> stages;
    bool weights_dense = true;   // false: weights are rebuilt from q, k and row stats on demand
    bool activations_kept = true;  // false: a layer holds k, v, row stats and out; Trace::tensor
                                   // computes its other tensors again (RunOptions::activation_budget_bytes)
    bool kv_kept = true;         // false: no layer holds k or v either; they are computed again from the
                                 // layer's input (RunOptions::kv_budget_bytes)
    int thumb_width = 0;         // tokens per thumbnail block (LayerTrace::thumb_max); 0: none
    bool thumb_row_normalized = false;  // the thumbnails pool row-normalized weights
    bool thumb_mean = false;            // they hold block sums (thumb_sum), not maxima (thumb_max)

    // The weights of the run that completed into this trace (empty while a run is
    // under way or after one failed), and how many leading rows that run kept from
    // the one before instead of computing them (0 for a full run).
    std::weak_ptr<const Weights> source;
    int reused_rows = 0;
    // The first row that run's attention computed: reused_rows (an append to
    // the trace's previous run, whose thumbnails' last block row it went on
    // with), or the first row of the thumbnail block row holding it (0 for a
    // full run, or when the thumbnails had to be pooled from scratch).
    int attention_from = 0;
    // The same weights held, when the run left activations out
    // (!activations_kept): Trace::tensor and a rebuilt head need them, even
    // after the caller lets the model go (a comparison's model B).
    std::shared_ptr<const Weights> rebuild_source;
    // A run that kept no keys (!kv_kept): the last few heads' keys computed
    // again, so a view reading a head a band or a row at a time projects
    // them once. Each run makes its own.
    std::shared_ptr<RebuiltKeys> rebuilt_keys;

    // Set for a trace opened from a trace file (attnscope/trace_file.h): the
    // attention weights come from the file and no other tensor exists.
    std::shared_ptr<const ImportedAttention> imported;

    int T() const { return static_cast<int>(tokens.size()); }
    // The layers the run computed: every one of the model's, or the first
    // RunOptions::layers (then partial(): no ln_f, logits or later layers).
    int n_layer() const { return static_cast<int>(layers.size()); }
    bool partial() const { return !imported && n_layer() < config.n_layer; }
    // A whole run that kept no logits (RunOptions::logits_rows 0): tensor("logits")
    // computes the last position's row from ln_f, and its shape record says one row.
    bool logits_on_demand() const { return logits.data.empty() && !imported && !partial() && T() > 0; }
    int n_head() const { return config.n_head; }

    // One head's (T, T) softmax weights, stored or rebuilt; identical either way.
    MatrixRM head_weights(int layer, int head) const;
    // One head's (T, T) raw scores q.k^T/sqrt(hs), -inf where masked.
    MatrixRM head_scores(int layer, int head) const;
    // (T, T): 1 where a query may attend to a key, 0 where masked: the causal /
    // sliding-window mask, the same for every head (the stable tensor
    // "blk.l.attn.mask"). Knocked-out edges are not in it.
    MatrixRM mask() const;
    // The mask one head's softmax saw: mask() with that head's knocked-out edges
    // also 0. Equal to mask() when no knockout covers the head.
    MatrixRM mask(int layer, int head) const;
    // Rows [r0, r1) of head_weights / head_scores / mask(layer, head), an
    // (r1 - r0, T) band, the same bits as those rows of the whole matrix, on
    // `threads` threads: a long text's head is read a band at a time, never
    // as a whole (T, T).
    MatrixRM head_weights(int layer, int head, int r0, int r1, int threads = 1) const;
    MatrixRM head_scores(int layer, int head, int r0, int r1, int threads = 1) const;
    MatrixRM mask(int layer, int head, int r0, int r1) const;
    // The same bands written to `out`, (r1 - r0) x T floats, row-major: a
    // reader going band after band through one buffer touches its pages once
    // (a fresh 8 MB band at 8,192 tokens is 2,048 first touches).
    void head_weights_into(int layer, int head, int r0, int r1, float* out, int threads = 1) const;
    void head_scores_into(int layer, int head, int r0, int r1, float* out, int threads = 1) const;
    void mask_into(int layer, int head, int r0, int r1, float* out) const;
    // Rows [r0, r1) of mask(), the model's mask; and the same into `out`.
    MatrixRM model_mask(int r0, int r1) const;
    void model_mask_into(int r0, int r1, float* out) const;
    // One entry of head_weights / head_scores without building the whole matrix
    // when the weights are stored.
    float weight(int layer, int head, int query, int key) const;
    // One query's row of head_weights (T floats): copied when stored, else
    // rebuilt alone (bit-identical), without building the whole matrix.
    std::vector<float> head_row(int layer, int head, int query) const;
    float score(int layer, int head, int query, int key) const;
    // Logits for position `pos` (must be >= logits_first); a (V) row.
    Eigen::Map<const VectorF> logits_at(int pos) const;

    bool is_ablated(int layer, int head) const;
    // Some knockout of the run covers this head (knocked_out(l, h, q, k): blocks that edge).
    bool has_knockout(int layer, int head) const;
    bool knocked_out(int layer, int head, int query, int key) const;

    // Every stable name, in forward order.
    std::vector<std::string> tensor_names() const;
    // The tensor under a stable name (computed for scores and mask); throws
    // Error(InvalidArgument) for an unknown name.
    Tensor tensor(const std::string& name) const;
    // Bytes held by the trace's buffers.
    int64_t bytes() const;
    // Becomes a copy of `from` whose (T, ...) buffers have room for `rows`
    // rows, so that a run of a few more tokens into it appends rather than
    // moving every buffer (at 8,192 tokens, 914 MB into fresh pages).
    // Buffers already that large are reused; one that must grow grows by
    // half at least, unless it was empty.
    // rows_appended: from's rows are this trace's and more, the same bits (a
    // generation going on, copied into its last snapshot again): a (T, ...)
    // tensor gets only the new rows.
    // views_only: only what a run past the activation budget keeps (keys,
    // values, maps, row statistics, each layer's output, thumbnails, ln_f and
    // logits); the other activations are computed again when asked for, from
    // from's weights (a generation's snapshots for the views: a third of the
    // bytes). A whole copy when those weights are gone.
    void copy_with_room(const Trace& from, int rows, bool rows_appended = false, bool views_only = false);
};

// Throws Error(InvalidArgument) saying `what` (plural) needs the model, for a
// trace opened from a trace file; nothing otherwise.
void needs_model(const Trace& tr, const std::string& what);

}  // namespace attnscope
