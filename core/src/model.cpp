// The forward pass, one function per seed class (tests/scripts/seed_model.py is
// the PyTorch twin): embeddings, MultiHeadAttention (its Heads run together in
// attention.cpp), MLP, Block, Transformer.
#include "attnscope/model.h"
#include "attnscope/trace_tensors.h"

#include <algorithm>
#include <functional>
#include <cstring>
#include <string>

#include "attention.h"
#include "forward.h"
#include "rope.h"
#include "trace_rows.h"
#include "attnscope/error.h"
#include "attnscope/kernels.h"

namespace attnscope {

namespace {

using kernels::linear;

// Rows [first, T) of a (T, ...) tensor, seen as a matrix: what an incremental run
// computes. A full run has first = 0.
MapRM rows_out(Tensor& t, int first) {
    MapRM m = t.matrix();
    return MapRM(m.data() + size_t(first) * size_t(m.cols()), m.rows() - first, m.cols());
}
ConstMapRM rows_in(const Tensor& t, int first) {
    const ConstMapRM m = t.matrix();
    return ConstMapRM(m.data() + size_t(first) * size_t(m.cols()), m.rows() - first, m.cols());
}
ConstMapRM rows_in(ConstMapRM m, int first) {
    return ConstMapRM(m.data() + size_t(first) * size_t(m.cols()), m.rows() - first, m.cols());
}

// Row t of the embeddings: token_embed[id] + position_embed[t] (a rotary
// model's position rows are zero, and so is what it adds).
void embed_row(const Weights& w, int id, int t, float* out) {
    const int C = w.config.n_embed;
    Eigen::Map<Eigen::RowVectorXf> e(out, C);
    if (w.config.position == PositionKind::Learned) e = w.tok_embed.row(id) + w.pos_embed.row(t);
    else e = (w.tok_embed.row(id).array() + 0.0f).matrix();
}

// Transformer.token_embed + position_embed: ids (T) -> x (T, C), rows [first, T).
// Past the activation budget (keep false) the trace keeps none of the three:
// layer 0's input is looked up again where it is needed (layer_input), from
// which the tensors are too (embedding_part).
void embeddings(const Weights& w, std::span<const int> tokens, int first, Trace& tr, bool keep) {
    const int T = int(tokens.size()), C = w.config.n_embed;
    if (!keep) {
        for (Tensor* t : {&tr.tok_embed, &tr.pos_embed, &tr.embed}) *t = Tensor();
        return;
    }
    for (Tensor* t : {&tr.tok_embed, &tr.pos_embed, &tr.embed}) resize_rows(*t, {T, C});
    auto tok = tr.tok_embed.matrix(), pos = tr.pos_embed.matrix();
    // Rotary models have no position table: their positions enter at RoPE, and
    // the position rows stay zero so every model's trace has the same tensors.
    const bool learned = w.config.position == PositionKind::Learned;
    for (int t = first; t < T; ++t) {
        tok.row(t) = w.tok_embed.row(tokens[size_t(t)]);
        if (learned) pos.row(t) = w.pos_embed.row(t);
        else pos.row(t).setZero();
    }
    rows_out(tr.embed, first) = rows_in(tr.tok_embed, first) + rows_in(tr.pos_embed, first);
}

// A completed run's block `layer` input: the layer before's out, or the
// embeddings, stored or (a run that kept none) looked up into `scratch`.
ConstMapRM layer_input(const Weights& w, const Trace& tr, int layer, MatrixRM& scratch) {
    if (layer > 0) return tr.layers[size_t(layer - 1)].out.cmatrix();
    if (!tr.embed.data.empty()) return tr.embed.cmatrix();
    const int T = tr.T();
    scratch.resize(T, w.config.n_embed);
    for (int t = 0; t < T; ++t) embed_row(w, tr.tokens[size_t(t)], t, scratch.data() + size_t(t) * size_t(scratch.cols()));
    return ConstMapRM(scratch.data(), scratch.rows(), scratch.cols());
}

// The trace holds a completed run's inputs of every block: its embeddings
// (or, past the activation budget, the tokens to look them up) and each
// layer's out.
bool holds_inputs(const Trace& tr) {
    const int T = tr.T();
    if (T < 1 || tr.layers.empty()) return false;
    const bool embed = tr.activations_kept ? !tr.embed.shape.empty() && tr.embed.shape[0] == T : true;
    for (size_t l = 0; l + 1 < tr.layers.size(); ++l)
        if (tr.layers[l].out.shape.empty() || tr.layers[l].out.shape[0] != T) return false;
    return embed;
}

// Rows [r0, r1) of a (T, ...) tensor or matrix.
MapRM rows_of(Tensor& t, int r0, int r1) {
    MapRM m = t.matrix();
    return MapRM(m.data() + size_t(r0) * size_t(m.cols()), r1 - r0, m.cols());
}
ConstMapRM rows_of(ConstMapRM m, int r0, int r1) {
    return ConstMapRM(m.data() + size_t(r0) * size_t(m.cols()), r1 - r0, m.cols());
}
ConstMapRM read(const MapRM& m) { return ConstMapRM(m.data(), m.rows(), m.cols()); }

// The q, k or v Linear of some rows, then (q, k) each head's RMSNorm and RoPE:
// xs (N, C) at positions [first, first + N) -> out (N, heads * hs).
void project(const LinearWeights& lin, const VectorF& head_norm, const ModelConfig& cfg, bool rotate,
             const std::vector<float>& inv_freq, ConstMapRM xs, MapRM out, int heads, int threads, int first) {
    const int hs = cfg.head_size();
    linear(xs, lin.weight, lin.bias, out, threads);
    const MapRM per_head(out.data(), out.rows() * heads, hs);
    if (cfg.qk_norm)
        kernels::rms_norm(ConstMapRM(per_head.data(), per_head.rows(), hs), head_norm, cfg.ln_eps, per_head, threads);
    if (rotate) rope::apply(out, heads, hs, inv_freq, first, threads);
}

// repeat_kv: a (N, Hkv * hs) key or value block to (N, H * hs), each kv head
// copied to the H / Hkv query heads of its group.
void repeat_kv(ConstMapRM kv, MapRM out, int H, int Hkv, int hs) {
    const int group = H / Hkv;
    for (Eigen::Index r = 0; r < kv.rows(); ++r)
        for (int h = 0; h < H; ++h)
            std::memcpy(out.data() + r * out.cols() + size_t(h) * hs, kv.data() + r * kv.cols() + size_t(h / group) * hs,
                        sizeof(float) * size_t(hs));
}

// Every Head's key/query/value Linear as one (N, C) x (C, H*hs) product: the
// ln1 rows at positions [r0, r0 + N) into q (N rows) and those rows of lt.k
// and lt.v (sized for the run). Grouped-query k and v are computed for their
// Hkv heads and then repeated.
void project_qkv(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM ln1, MapRM q, LayerTrace& lt, int r0,
                 int threads) {
    const int H = cfg.n_head, Hkv = cfg.kv_heads(), hs = cfg.head_size();
    const int r1 = r0 + int(ln1.rows());
    const bool rotate = cfg.position == PositionKind::Rotary;
    const std::vector<float> inv_freq = rotate ? rope::inverse_frequencies(cfg) : std::vector<float>();
    project(w.attn.q, w.attn.q_norm, cfg, rotate, inv_freq, ln1, q, H, threads, r0);
    if (Hkv == H) {
        project(w.attn.k, w.attn.k_norm, cfg, rotate, inv_freq, ln1, rows_of(lt.k, r0, r1), H, threads, r0);
        linear(ln1, w.attn.v.weight, w.attn.v.bias, rows_of(lt.v, r0, r1), threads);
    } else {
        MatrixRM kv(r1 - r0, cfg.kv_width());
        project(w.attn.k, w.attn.k_norm, cfg, rotate, inv_freq, ln1, MapRM(kv.data(), kv.rows(), kv.cols()), Hkv,
                threads, r0);
        const ConstMapRM kv_in(kv.data(), kv.rows(), kv.cols());
        repeat_kv(kv_in, rows_of(lt.k, r0, r1), H, Hkv, hs);
        linear(ln1, w.attn.v.weight, w.attn.v.bias, MapRM(kv.data(), kv.rows(), kv.cols()), threads);
        repeat_kv(kv_in, rows_of(lt.v, r0, r1), H, Hkv, hs);
    }
}

// The attention pass (attention.cpp) of rows [from, end) (end -1: T): queries
// from `q` (rows [from, end) of (T, H*hs)), keys and values from lt.k/v; weights (when
// stored), row statistics and thumbnails into lt, sized by prepare_attention,
// and the head outputs into `heads`. Row 0 of q and of heads is position `from`.
void attend(const ModelConfig& cfg, int layer, const RunOptions& opt, bool dense, LayerTrace& lt, int T,
            int threads, int from, int thumb_width, const float* q, float* heads, int end = -1) {
    const int H = cfg.n_head;
    std::vector<bool> ablated(size_t(H), false);
    for (const HeadRef& a : opt.ablate)
        if (a.layer == layer) ablated[size_t(a.head)] = true;
    attention::LayerOutput out{dense ? lt.weights.data.data() : nullptr, lt.row_max.data.data(),
                               lt.row_inv_sum.data.data(), heads};
    out.heads_row0 = from;
    if (thumb_width > 0) {
        Tensor& thumb = opt.thumb_mean ? lt.thumb_sum : lt.thumb_max;
        (opt.thumb_mean ? out.thumb_sum : out.thumb_max) = thumb.data.data();
        out.thumb_width = thumb_width;
        out.thumb_stride = int(thumb.shape[1]);
        out.thumb_row_normalized = opt.thumb_row_normalized;
    }
    attention::multi_head_forward(q, lt.k.data.data(), lt.v.data.data(), T, cfg.q_width(), H, opt.causal, ablated,
                                  out, threads, from, cfg.sliding_window, layer, opt.knockout, from, end);
}

// MultiHeadAttention alone (run_multi_head_attention): ln1 (T, C) ->
// proj(concat(heads)) (T, C), every tensor into lt, no thumbnails.
void multi_head_attention(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM ln1,
                          const RunOptions& opt, bool dense, LayerTrace& lt, int threads) {
    const int T = int(ln1.rows());
    for (Tensor* t : {&lt.q, &lt.k, &lt.v}) resize_rows(*t, {T, cfg.n_head, cfg.head_size()});
    project_qkv(w, cfg, ln1, lt.q.matrix(), lt, 0, threads);
    prepare_attention(cfg, T, dense, lt, 0, 0, false, false);
    resize_rows(lt.heads, {T, cfg.q_width()});
    attend(cfg, layer, opt, dense, lt, T, threads, 0, 0, lt.q.data.data(), lt.heads.data.data());
    resize_rows(lt.proj, {T, cfg.n_embed});
    linear(lt.heads.cmatrix(), w.attn.proj.weight, w.attn.proj.bias, lt.proj.matrix(), threads);
}

// The config's norm (LayerNorm or RMSNorm) of x into y.
void norm(const ModelConfig& cfg, ConstMapRM x, const LayerNormWeights& w, MapRM y, int threads) {
    if (cfg.norm == NormKind::RMSNorm) kernels::rms_norm(x, w.weight, cfg.ln_eps, y, threads);
    else kernels::layer_norm(x, w.weight, w.bias, cfg.ln_eps, y, threads);
}

// Where a Block's rows after the attention go: the same rows of its output
// projection, residual, ln2 and MLP tensors. `up` has no rows unless the MLP
// is gated.
struct BlockRows {
    MapRM proj, resid1, ln2, hidden, act, up, mlp_proj;
};

// Rows [r0, r1) of a layer's own tensors (sized by size_activations).
BlockRows rows_after_attention(LayerTrace& lt, const ModelConfig& cfg, int r0, int r1) {
    const bool gated = cfg.mlp == MlpKind::Gated;
    return {rows_of(lt.proj, r0, r1),       rows_of(lt.resid1, r0, r1),
            rows_of(lt.ln2, r0, r1),        rows_of(lt.mlp_hidden, r0, r1),
            rows_of(lt.mlp_act, r0, r1),    gated ? rows_of(lt.mlp_up, r0, r1) : MapRM(nullptr, 0, 0),
            rows_of(lt.mlp_proj, r0, r1)};
}

// The activations a trace may leave out (RunOptions::activation_budget_bytes),
// sized for `rows` rows: ln1, the head outputs and what follows them up to the
// block's output.
void size_activations(LayerTrace& lt, const ModelConfig& cfg, int rows) {
    for (Tensor* t : {&lt.ln1, &lt.proj, &lt.resid1, &lt.ln2, &lt.mlp_proj}) resize_rows(*t, {rows, cfg.n_embed});
    resize_rows(lt.heads, {rows, cfg.q_width()});
    resize_rows(lt.mlp_hidden, {rows, cfg.hidden()});
    resize_rows(lt.mlp_act, {rows, cfg.hidden()});
    if (cfg.mlp == MlpKind::Gated) resize_rows(lt.mlp_up, {rows, cfg.hidden()});
    else if (!lt.mlp_up.data.empty()) lt.mlp_up = Tensor();  // a trace reused after a gated model holds no stale up rows
}

// MLP: x -> proj(act(hidden(x))), hidden width F; gated (SwiGLU):
// down(act(gate(x)) * up(x)), gate in `hidden`, down in `proj`. Row for row.
void mlp(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM x, const BlockRows& b, int threads) {
    linear(x, w.mlp.hidden.weight, w.mlp.hidden.bias, b.hidden, threads);
    switch (cfg.activation) {
    case Activation::ReLU: kernels::relu(read(b.hidden), b.act, threads); break;
    case Activation::GeluTanh: kernels::gelu_tanh(read(b.hidden), b.act, threads); break;
    case Activation::GeluErf: kernels::gelu_erf(read(b.hidden), b.act, threads); break;
    case Activation::SiLU: kernels::silu(read(b.hidden), b.act, threads); break;
    }
    if (cfg.mlp == MlpKind::Gated) {
        linear(x, w.mlp.up.weight, w.mlp.up.bias, b.up, threads);
        kernels::mul_inplace(b.act, read(b.up), threads);
    }
    linear(read(b.act), w.mlp.proj.weight, w.mlp.proj.bias, b.mlp_proj, threads);
}

// The rest of a Block once b.proj holds the attention's output, for some rows:
// the residual adds, ln2 and the MLP. x is the block's input and `out` its
// output, the same rows. With the parallel residual (GPT-NeoX) the MLP reads
// x: out = x + attn(ln1(x)) + mlp(ln2(x)), and resid1 is x + attn.
void after_projection(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM x, const BlockRows& b, MapRM out,
                      int threads) {
    kernels::add(x, read(b.proj), b.resid1, threads);
    norm(cfg, cfg.parallel_residual ? x : read(b.resid1), w.ln2, b.ln2, threads);
    mlp(w, cfg, read(b.ln2), b, threads);
    kernels::add(read(b.resid1), read(b.mlp_proj), out, threads);
}

// What a run that keeps only its checkpoints (RunOptions::activation_budget_bytes)
// computes the other tensors in: up to kChunkRows rows of them at a time, and
// the queries and head outputs of every row the attention pass computes.
constexpr int kChunkRows = 512;
struct BlockWork {
    LayerTrace rows;
    Tensor q, heads;
};

// Block (pre-norm): x = x + attn(ln1(x)); x = x + mlp(ln2(x)). (T, C) -> (T, C),
// rows [first, T). thumb_width, kept_width, continues: as for prepare_attention.
// Without `work` every tensor goes into lt. With it lt keeps k, v, the
// attention's row statistics (weights, thumbnails) and `out`, the block's
// output, from which the rest is computed again on demand (forward.h); the
// rest passes through `work`, kChunkRows rows at a time. Every kernel computes
// a row alone, so the bits are the same either way. With `work` and `sink`
// (the last layer of such a run) lt keeps no `out` either: each band of its
// rows goes to sink(r0, r1, rows) and is gone. Returns the row the attention
// started at (prepare_attention).
using RowSink = std::function<void(int r0, int r1, ConstMapRM rows)>;
int block(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM x, const RunOptions& opt,
           bool dense, LayerTrace& lt, int threads, int first, int thumb_width = 0, int kept_width = 0,
           bool continues = false, BlockWork* work = nullptr, const RowSink* sink = nullptr) {
    const int T = int(x.rows());
    for (Tensor* t : {&lt.k, &lt.v}) resize_rows(*t, {T, cfg.n_head, cfg.head_size()});
    if (work && sink) lt.out = Tensor();
    else resize_rows(lt.out, {T, cfg.n_embed});
    if (!work) {
        resize_rows(lt.q, {T, cfg.n_head, cfg.head_size()});
        size_activations(lt, cfg, T);
        norm(cfg, rows_of(x, first, T), w.ln1, rows_of(lt.ln1, first, T), threads);
        project_qkv(w, cfg, rows_of(lt.ln1.cmatrix(), first, T), rows_of(lt.q, first, T), lt, first, threads);
        const int from = prepare_attention(cfg, T, dense, lt, first, thumb_width, kept_width, opt.thumb_mean, continues);
        attend(cfg, layer, opt, dense, lt, T, threads, from, thumb_width,
               lt.q.data.data() + size_t(from) * size_t(cfg.q_width()),
               lt.heads.data.data() + size_t(from) * size_t(cfg.q_width()));
        const BlockRows b = rows_after_attention(lt, cfg, first, T);
        linear(rows_of(lt.heads.cmatrix(), first, T), w.attn.proj.weight, w.attn.proj.bias, b.proj, threads);
        after_projection(w, cfg, rows_of(x, first, T), b, rows_of(lt.out, first, T), threads);
        return from;
    }
    for (Tensor LayerTrace::*m : kCheckpointedAway) lt.*m = Tensor();
    // The attention starts at `from` <= first (`first`, or a thumbnail block's
    // first row): the queries of rows [from, T), with their keys and values
    // again (the same bits).
    const int from = prepare_attention(cfg, T, dense, lt, first, thumb_width, kept_width, opt.thumb_mean, continues);
    LayerTrace& chunk = work->rows;
    // Causal, a band of rows needs only the keys up to its end: each band
    // goes from ln1 to the block's output on its own, through buffers of a
    // band's rows (whole thumbnail block rows). Bidirectional, every band's
    // queries see every key, so all keys come first and the queries wait.
    const int step = opt.causal ? std::max(kChunkRows, thumb_width) : T - from;
    const int rows = std::min(T - from, step);
    size_activations(chunk, cfg, std::min(rows, kChunkRows));
    if (sink) resize_rows(chunk.out, {std::min(rows, kChunkRows), cfg.n_embed});
    resize_rows(work->q, {rows, cfg.q_width()});
    resize_rows(work->heads, {rows, cfg.q_width()});
    for (int b0 = from, b1 = 0; b0 < T; b0 = b1) {
        b1 = std::min(T, (b0 / step + 1) * step);  // bands of whole block rows, the first from `from`
        for (int r0 = b0; r0 < b1; r0 += kChunkRows) {
            const int r1 = std::min(b1, r0 + kChunkRows);
            const MapRM ln1 = rows_of(chunk.ln1, 0, r1 - r0);
            norm(cfg, rows_of(x, r0, r1), w.ln1, ln1, threads);
            project_qkv(w, cfg, read(ln1), rows_of(work->q, r0 - b0, r1 - b0), lt, r0, threads);
        }
        attend(cfg, layer, opt, dense, lt, T, threads, b0, thumb_width, work->q.data.data(), work->heads.data.data(), b1);
        for (int r0 = std::max(b0, first); r0 < b1; r0 += kChunkRows) {
            const int r1 = std::min(b1, r0 + kChunkRows);
            const BlockRows b = rows_after_attention(chunk, cfg, 0, r1 - r0);
            linear(rows_of(work->heads.cmatrix(), r0 - b0, r1 - b0), w.attn.proj.weight, w.attn.proj.bias, b.proj,
                   threads);
            if (!sink) {
                after_projection(w, cfg, rows_of(x, r0, r1), b, rows_of(lt.out, r0, r1), threads);
                continue;
            }
            const MapRM out = rows_of(chunk.out, 0, r1 - r0);
            after_projection(w, cfg, rows_of(x, r0, r1), b, out, threads);
            (*sink)(r0, r1, read(out));
        }
    }
    return from;
}

void check_input(const ModelConfig& cfg, std::span<const int> tokens, const RunOptions& opt) {
    if (tokens.empty()) throw Error(ErrorCode::EmptyInput, "no tokens to run");
    if (tokens.size() > size_t(cfg.context_length))
        throw Error(ErrorCode::ContextOverflow,
                    std::to_string(tokens.size()) + " tokens exceed the model's context length of " +
                        std::to_string(cfg.context_length),
                    {std::to_string(tokens.size()), std::to_string(cfg.context_length)});
    for (size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] < 0 || tokens[i] >= cfg.vocab_size)
            throw Error(ErrorCode::InvalidArgument,
                        "token id " + std::to_string(tokens[i]) + " at position " +
                            std::to_string(i) + " is outside the vocabulary of " +
                            std::to_string(cfg.vocab_size),
                        {std::to_string(tokens[i]), std::to_string(i)});
    for (const HeadRef& a : opt.ablate)
        if (a.layer < 0 || a.layer >= cfg.n_layer || a.head < 0 || a.head >= cfg.n_head)
            throw Error(ErrorCode::InvalidArgument,
                        "cannot ablate head " + std::to_string(a.layer) + "." +
                            std::to_string(a.head) + ": the model has " +
                            std::to_string(cfg.n_layer) + " layers of " +
                            std::to_string(cfg.n_head) + " heads",
                        {std::to_string(a.layer), std::to_string(a.head)});
    if (opt.knockout.size() > kMaxKnockouts)
        throw Error(ErrorCode::InvalidArgument,
                    std::to_string(opt.knockout.size()) + " knockouts are more than the " +
                        std::to_string(kMaxKnockouts) + " a run takes",
                    {std::to_string(opt.knockout.size()), std::to_string(kMaxKnockouts)});
    for (const Knockout& k : opt.knockout) {
        // -1 (every layer, head, query) or an index in range; the key is always one.
        const auto check = [&](int value, int n, const char* what, const char* range, bool any) {
            if ((any && value == -1) || (value >= 0 && value < n)) return;
            throw Error(ErrorCode::InvalidArgument,
                        std::string("cannot knock out an edge of ") + what + " " + std::to_string(value) + ": " +
                            range + " run from 0 to " + std::to_string(n - 1) + (any ? " (-1 for every one)" : ""),
                        {what, std::to_string(value), std::to_string(n)});
        };
        check(k.layer, cfg.n_layer, "layer", "layers", true);
        check(k.head, cfg.n_head, "head", "heads", true);
        check(k.query, int(tokens.size()), "query", "query positions", true);
        check(k.key, int(tokens.size()), "key", "key positions", false);
    }
    if (opt.layers == 0 || opt.layers < -1 || opt.layers > cfg.n_layer)
        throw Error(ErrorCode::InvalidArgument,
                    "cannot run " + std::to_string(opt.layers) + " layers: the model has " + std::to_string(cfg.n_layer) +
                        " (-1 runs them all)",
                    {std::to_string(opt.layers), std::to_string(cfg.n_layer)});
    if (opt.threads < 0) throw Error(ErrorCode::InvalidArgument, "thread count must be >= 0");
    if (opt.threads > max_thread_count())
        throw Error(ErrorCode::InvalidArgument,
                    "thread count " + std::to_string(opt.threads) + " is more than " +
                        std::to_string(max_thread_count()) + " (4 per hardware thread of this machine)",
                    {std::to_string(opt.threads), std::to_string(max_thread_count())});
}

}  // namespace

void run_multi_head_attention(const Weights& weights, int layer, ConstMapRM x,
                              const RunOptions& options, LayerTrace& out) {
    const ModelConfig& cfg = weights.config;
    if (layer < 0 || layer >= cfg.n_layer || x.cols() != cfg.n_embed || x.rows() < 1)
        throw Error(ErrorCode::InvalidArgument, "run_multi_head_attention: bad layer or input shape");
    const int threads = options.threads > 0 ? options.threads : default_thread_count();
    const bool dense = int64_t(cfg.n_head) * x.rows() * x.rows() * 4 <= options.attention_budget_bytes;
    multi_head_attention(weights.layers[size_t(layer)], cfg, layer, x, options, dense, out, threads);
}

Model::Model(std::shared_ptr<const Weights> weights) : weights_(std::move(weights)) {
    if (!weights_) throw Error(ErrorCode::InvalidArgument, "model has no weights");
    weights_->config.validate();
}

// How many leading rows of `tr` a run of `tokens` may keep: the trace must hold a
// completed causal run of these weights with the same ablations, the same
// knockouts and the same choice of stored weights, and its activations when
// this run keeps them. At least the last row is always computed.
static int rows_to_keep(const Trace& tr, const std::shared_ptr<const Weights>& weights,
                  std::span<const int> tokens, const RunOptions& opt, bool dense,
                         bool keep_activations) {
    if (!opt.incremental || !opt.causal || !tr.causal || tr.ablated != opt.ablate || tr.knockout != opt.knockout ||
        tr.weights_dense != dense || (keep_activations && !tr.activations_kept) || tr.source.lock() != weights ||
        tr.layers.size() != size_t(weights->config.n_layer))
        return 0;
    const size_t n = std::min(tr.tokens.size(), tokens.size());
    size_t same = 0;
    while (same < n && tr.tokens[same] == tokens[same]) ++same;
    return int(std::min(same, tokens.size() - 1));
}

int Model::reusable_rows(const Trace& tr, std::span<const int> tokens, const RunOptions& opt) const {
    const ModelConfig& cfg = weights_->config;
    if (tokens.empty()) return 0;
    const int64_t T = int64_t(tokens.size());
    const bool dense = int64_t(cfg.n_layer) * cfg.n_head * T * T * int64_t(sizeof(float)) <= opt.attention_budget_bytes;
    const bool keep_activations = activation_bytes(cfg, int(T)) <= opt.activation_budget_bytes;
    return rows_to_keep(tr, weights_, tokens, opt, dense, keep_activations);
}

// Transformer: ids (T) -> embeddings -> blocks -> final LayerNorm -> lm_head.
// Rows before `first` are kept from the trace's previous run: with a causal mask
// they depend only on tokens that did not change, and every kernel computes a row
// the same way whatever the number of rows, so they equal a full run's bit for bit.
void Model::run(std::span<const int> tokens, const RunOptions& opt, Trace& tr,
                const Progress& progress) const {
    const Weights& w = *weights_;
    const ModelConfig& cfg = w.config;
    check_input(cfg, tokens, opt);
    const int T = int(tokens.size()), C = cfg.n_embed, L = cfg.n_layer, H = cfg.n_head;
    // The blocks this run computes: all, or the first opt.layers (no ln_f, no logits).
    const int run_layers = opt.layers < 0 ? L : opt.layers;
    const bool whole = run_layers == L;
    const int threads = opt.threads > 0 ? opt.threads : default_thread_count();
    const int total = run_layers + 2;
    auto step = [&](int done) {
        if (progress && !progress(done, total))
            throw Error(ErrorCode::Cancelled, "the run was cancelled");
    };

    const int64_t dense_bytes = int64_t(L) * H * T * T * int64_t(sizeof(float));
    const bool dense = dense_bytes <= opt.attention_budget_bytes;
    const bool keep_activations = activation_bytes(cfg, T) <= opt.activation_budget_bytes;
    const int first = whole ? rows_to_keep(tr, weights_, tokens, opt, dense, keep_activations) : 0;
    const int old_T = tr.T();
    const bool all_logits_kept = first > 0 && opt.logits_rows < 0 && tr.logits_first == 0 &&
                                 !tr.logits.shape.empty() && tr.logits.shape[0] == old_T;
    tr.source.reset();  // until this run completes
    tr.rebuild_source.reset();
    tr.config = cfg;
    tr.tokens.assign(tokens.begin(), tokens.end());
    tr.causal = opt.causal;
    tr.ablated = opt.ablate;
    tr.knockout = opt.knockout;
    tr.weights_dense = dense;
    tr.activations_kept = keep_activations;
    tr.reused_rows = first;
    const int thumb_width = thumbnail_width(T, L * H);
    // The trace's thumbnails this run keeps (prepare_attention): of the same
    // kind, and as wide or (max pooling) a width that divides this one.
    const bool same_kind = first > 0 && tr.thumb_width > 0 && thumb_width > 0 &&
                           tr.thumb_row_normalized == opt.thumb_row_normalized && tr.thumb_mean == opt.thumb_mean;
    const int kept_width = same_kind && (tr.thumb_width == thumb_width ||
                                         (!opt.thumb_mean && thumb_width % tr.thumb_width == 0))
                               ? tr.thumb_width
                               : 0;
    // Every row of the previous run is kept: a partial last block row of its
    // thumbnails goes on from where it stopped.
    const bool continues = kept_width == thumb_width && first == old_T;
    tr.thumb_width = thumb_width;
    tr.thumb_row_normalized = opt.thumb_row_normalized;
    tr.thumb_mean = opt.thumb_mean;
    if (first > 0) {
        for (LayerTrace& lt : tr.layers) {
            relayout_heads(lt.row_max, H, old_T, T, first, false);
            relayout_heads(lt.row_inv_sum, H, old_T, T, first, false);
            if (dense) relayout_heads(lt.weights, H, old_T, T, first, true);
        }
    }

    embeddings(w, tokens, first, tr, keep_activations);
    // Past the activation budget layer 0's input lives only while layer 0 runs.
    MatrixRM x0;
    if (!keep_activations) {
        // The rows layer 0 reads: from `first`, or from the first row of its
        // thumbnail block, where the attention starts again (prepare_attention).
        const int from = thumb_width <= 0 || continues ? first : kept_width > 0 ? first / thumb_width * thumb_width : 0;
        x0.resize(T, C);
        for (int t = from; t < T; ++t) embed_row(w, tokens[size_t(t)], t, x0.data() + size_t(t) * size_t(C));
    }
    step(1);
    tr.layers.resize(size_t(run_layers));
    if (whole) resize_rows(tr.ln_f, {T, C});
    else tr.ln_f = Tensor();
    BlockWork work;  // past the activation budget: what the layers do not keep
    // ...nor the last layer's output: the final norm takes it a band at a time.
    const RowSink to_ln_f = [&](int r0, int r1, ConstMapRM rows) {
        norm(cfg, rows, w.ln_f, rows_of(tr.ln_f, r0, r1), threads);
    };
    for (int l = 0; l < run_layers; ++l) {
        const ConstMapRM x = l > 0 ? tr.layers[size_t(l - 1)].out.cmatrix()
                             : keep_activations ? tr.embed.cmatrix() : ConstMapRM(x0.data(), T, C);
        const int from = block(w.layers[size_t(l)], cfg, l, x, opt, dense, tr.layers[size_t(l)], threads, first, thumb_width,
              kept_width, continues, keep_activations ? nullptr : &work, !keep_activations && l == L - 1 ? &to_ln_f : nullptr);
        tr.attention_from = l == 0 ? from : std::min(tr.attention_from, from);
        step(l + 2);
        if (l == 0) x0 = MatrixRM();
    }
    if (keep_activations && whole)
        norm(cfg, rows_in(tr.layers.back().out.cmatrix(), first), w.ln_f, rows_out(tr.ln_f, first), threads);
    // lm_head only where logits are shown: the last `logits_rows` positions.
    const int rows = !whole ? 0 : opt.logits_rows < 0 ? T : std::min(opt.logits_rows, T);
    tr.logits_first = T - rows;
    resize_rows(tr.logits, {rows, cfg.vocab_size});
    const int from = all_logits_kept ? first : tr.logits_first;
    if (T > from)
        linear(rows_in(tr.ln_f.cmatrix(), from), w.unembedding(), w.lm_head.bias,
               rows_out(tr.logits, from - tr.logits_first), threads);
    tr.stages = stage_records(tr);
    step(total);
    tr.source = weights_;
    tr.rebuild_source = keep_activations ? nullptr : weights_;
}

Trace Model::run(std::span<const int> tokens, const RunOptions& options,
                 const Progress& progress) const {
    Trace tr;
    run(tokens, options, tr, progress);
    return tr;
}

const Tensor& Model::ablated_ln_f(const Trace& base, HeadRef ablate, int threads, SuffixScratch& scratch) const {
    const Weights& w = *weights_;
    const ModelConfig& cfg = w.config;
    const int T = base.T(), C = cfg.n_embed, L = cfg.n_layer, hs = cfg.head_size();
    if (base.source.lock() != weights_ || !base.ablated.empty() || !base.knockout.empty() ||
        base.layers.size() != size_t(L) || T < 1 ||
        !holds_inputs(base))
        throw Error(ErrorCode::InvalidArgument, "the base trace is not a completed unablated run of this model");
    if (ablate.layer < 0 || ablate.layer >= L || ablate.head < 0 || ablate.head >= cfg.n_head)
        throw Error(ErrorCode::InvalidArgument, "no head " + std::to_string(ablate.layer) + "." +
                                                    std::to_string(ablate.head) + " to ablate");
    if (threads < 1) threads = default_thread_count();
    RunOptions opt;  // the layers after the ablated head's: base's mask, nothing ablated
    opt.causal = base.causal;
    opt.attention_budget_bytes = 0;

    // The ablated head's layer: its input and every other head's output are
    // base's (computed again when base did not keep them).
    const int l = ablate.layer;
    const Tensor* base_heads = &base.layers[size_t(l)].heads;
    if (!base.activations_kept) {
        rebuild_layer(w, base, l, scratch.base_layer, threads);
        base_heads = &scratch.base_layer.heads;
    }
    LayerTrace& first = scratch.layers[0];
    const ConstMapRM x = layer_input(w, base, l, scratch.input);
    size_activations(first, cfg, T);
    resize_rows(first.out, {T, C});
    std::copy(base_heads->data.begin(), base_heads->data.end(), first.heads.data.begin());
    MapRM h = first.heads.matrix();
    h.middleCols(Eigen::Index(ablate.head) * hs, hs).setZero();
    const BlockRows b = rows_after_attention(first, cfg, 0, T);
    linear(first.heads.cmatrix(), w.layers[size_t(l)].attn.proj.weight, w.layers[size_t(l)].attn.proj.bias, b.proj,
           threads);
    after_projection(w.layers[size_t(l)], cfg, x, b, first.out.matrix(), threads);

    // The layers after it, alternating between the two scratch layers.
    for (int k = l + 1; k < L; ++k) {
        const LayerTrace& in = scratch.layers[(k - l - 1) % 2];
        block(w.layers[size_t(k)], cfg, k, in.out.cmatrix(), opt, false, scratch.layers[(k - l) % 2], threads, 0);
    }
    resize_rows(scratch.ln_f, {T, C});
    norm(cfg, scratch.layers[(L - 1 - l) % 2].out.cmatrix(), w.ln_f, scratch.ln_f.matrix(), threads);
    return scratch.ln_f;
}

const Tensor& Model::ln_f_without_knockouts(const Trace& base, int threads, SuffixScratch& scratch,
                                            const Progress& progress) const {
    const Weights& w = *weights_;
    const ModelConfig& cfg = w.config;
    const int T = base.T(), C = cfg.n_embed, L = cfg.n_layer;
    if (base.source.lock() != weights_ || base.layers.size() != size_t(L) || !holds_inputs(base))
        throw Error(ErrorCode::InvalidArgument, "the base trace is not a completed run of this model");
    if (threads < 1) threads = default_thread_count();
    // The first layer a knockout reaches; the ones before it are base's.
    int l0 = L;
    for (const Knockout& k : base.knockout) l0 = std::min(l0, k.layer < 0 ? 0 : k.layer);
    resize_rows(scratch.ln_f, {T, C});
    if (l0 == L) {  // nothing knocked out: base's own
        std::copy(base.ln_f.data.begin(), base.ln_f.data.begin() + ptrdiff_t(T) * C, scratch.ln_f.data.begin());
        return scratch.ln_f;
    }
    RunOptions opt;  // base's mask and ablations, no knockouts, no stored weights
    opt.causal = base.causal;
    opt.ablate = base.ablated;
    opt.attention_budget_bytes = 0;
    for (int k = l0; k < L; ++k) {
        const ConstMapRM x = k == l0 ? layer_input(w, base, l0, scratch.input) : scratch.layers[(k - l0 - 1) % 2].out.cmatrix();
        block(w.layers[size_t(k)], cfg, k, x, opt, false, scratch.layers[(k - l0) % 2], threads, 0);
        if (progress && !progress(k - l0 + 1, L - l0)) throw Error(ErrorCode::Cancelled, "the run was cancelled");
    }
    norm(cfg, scratch.layers[(L - 1 - l0) % 2].out.cmatrix(), w.ln_f, scratch.ln_f.matrix(), threads);
    return scratch.ln_f;
}

Tensor embedding_part(const Weights& w, const Trace& tr, EmbeddingPart part) {
    const int T = tr.T(), C = w.config.n_embed;
    if (tr.source.lock().get() != &w)
        throw Error(ErrorCode::InvalidArgument, "embedding_part: the trace was not made by these weights");
    Tensor out({T, C});
    auto m = out.matrix();
    const bool learned = w.config.position == PositionKind::Learned;
    for (int t = 0; t < T; ++t) {
        switch (part) {
        case EmbeddingPart::Token: m.row(t) = w.tok_embed.row(tr.tokens[size_t(t)]); break;
        case EmbeddingPart::Position:
            if (learned) m.row(t) = w.pos_embed.row(t);
            else m.row(t).setZero();
            break;
        case EmbeddingPart::Sum: embed_row(w, tr.tokens[size_t(t)], t, out.data.data() + size_t(t) * size_t(C)); break;
        }
    }
    return out;
}

void rebuild_layer(const Weights& w, const Trace& tr, int layer, LayerTrace& out, int threads) {
    const ModelConfig& cfg = w.config;
    if (tr.source.lock().get() != &w || layer < 0 || layer >= tr.n_layer() || !holds_inputs(tr))
        throw Error(ErrorCode::InvalidArgument, "the trace is not a completed run of this model");
    RunOptions opt;
    opt.causal = tr.causal;
    opt.ablate = tr.ablated;
    opt.knockout = tr.knockout;
    MatrixRM scratch;
    const ConstMapRM x = layer_input(w, tr, layer, scratch);
    block(w.layers[size_t(layer)], cfg, layer, x, opt, false, out, threads > 0 ? threads : default_thread_count(), 0);
}

MatrixRM rebuild_head_queries(const Weights& w, const Trace& tr, int layer, int head, int r0, int r1) {
    const ModelConfig& cfg = w.config;
    const int hs = cfg.head_size();
    if (tr.source.lock().get() != &w || layer < 0 || layer >= tr.n_layer() || head < 0 || head >= cfg.n_head ||
        r0 < 0 || r1 > tr.T() || r0 >= r1 || !holds_inputs(tr))
        throw Error(ErrorCode::InvalidArgument, "the trace is not a completed run of this model");
    const int threads = default_thread_count();
    const LayerWeights& lw = w.layers[size_t(layer)];
    MatrixRM embedded;  // layer 0 of a run that kept no embeddings: these rows looked up
    if (layer == 0 && tr.embed.data.empty()) {
        embedded.resize(r1 - r0, cfg.n_embed);
        for (int t = r0; t < r1; ++t)
            embed_row(w, tr.tokens[size_t(t)], t, embedded.data() + size_t(t - r0) * size_t(cfg.n_embed));
    }
    const ConstMapRM x = layer > 0 ? rows_of(tr.layers[size_t(layer - 1)].out.cmatrix(), r0, r1)
                         : embedded.size() > 0 ? ConstMapRM(embedded.data(), r1 - r0, cfg.n_embed)
                                               : rows_of(tr.embed.cmatrix(), r0, r1);
    MatrixRM ln1(r1 - r0, cfg.n_embed);
    norm(cfg, x, lw.ln1, MapRM(ln1.data(), ln1.rows(), ln1.cols()), threads);
    // The head's rows of the q Linear: every output is the same chain over the
    // input as in the whole product (gemm.h).
    LinearWeights one{lw.attn.q.weight.middleRows(Eigen::Index(head) * hs, hs), VectorF()};
    if (lw.attn.q.bias.size() > 0) one.bias = lw.attn.q.bias.segment(Eigen::Index(head) * hs, hs);
    const bool rotate = cfg.position == PositionKind::Rotary;
    const std::vector<float> inv_freq = rotate ? rope::inverse_frequencies(cfg) : std::vector<float>();
    MatrixRM q(r1 - r0, hs);
    project(one, lw.attn.q_norm, cfg, rotate, inv_freq, ConstMapRM(ln1.data(), ln1.rows(), ln1.cols()),
            MapRM(q.data(), q.rows(), q.cols()), 1, threads, r0);
    return q;
}

}  // namespace attnscope
