// The forward pass's layers, one function per seed class (blocks.h): the
// embeddings, MultiHeadAttention, the MLP and the Block.
#include "run/blocks.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "run/attention.h"
#include "run/forward.h"
#include "run/rope.h"
#include "run/trace_rows.h"
#include "attnscope/run/kernels.h"

namespace attnscope::blocks {

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
    w.input_row(id, out);
    if (w.config.position == PositionKind::Learned) e += w.pos_embed.row(t);
    else e = (e.array() + 0.0f).matrix();
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
        w.input_row(tokens[size_t(t)], tok.row(t).data());
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
             const rope::Angles& angles, ConstMapRM xs, MapRM out, int heads, int threads, int first) {
    const int hs = cfg.head_size();
    linear(xs, lin, out, threads);
    const MapRM per_head(out.data(), out.rows() * heads, hs);
    if (cfg.qk_norm)
        kernels::rms_norm(ConstMapRM(per_head.data(), per_head.rows(), hs), head_norm, cfg.ln_eps, per_head, threads);
    if (rotate) rope::apply(out, heads, hs, angles, first, threads);
}

// repeat_kv: a (N, Hkv * hs) key or value block to (N, H * hs), each kv head
// copied to the H / Hkv query heads of its group.
static void repeat_kv(ConstMapRM kv, MapRM out, int H, int Hkv, int hs) {
    const int group = H / Hkv;
    for (Eigen::Index r = 0; r < kv.rows(); ++r)
        for (int h = 0; h < H; ++h)
            std::memcpy(out.data() + r * out.cols() + size_t(h) * hs, kv.data() + r * kv.cols() + size_t(h / group) * hs,
                        sizeof(float) * size_t(hs));
}

// Grouped-query k and v are computed for their Hkv heads and then repeated.
static void project_kv(const LayerWeights& w, const ModelConfig& cfg, bool rotate, const rope::Angles& angles,
                       ConstMapRM ln1, LayerTrace& lt, int r0, int threads) {
    const int H = cfg.n_head, Hkv = cfg.kv_heads(), hs = cfg.head_size();
    const int r1 = r0 + int(ln1.rows());
    if (Hkv == H) {
        project(w.attn.k, w.attn.k_norm, cfg, rotate, angles, ln1, rows_of(lt.k, r0, r1), H, threads, r0);
        linear(ln1, w.attn.v, rows_of(lt.v, r0, r1), threads);
    } else {
        MatrixRM kv(r1 - r0, cfg.kv_width());
        project(w.attn.k, w.attn.k_norm, cfg, rotate, angles, ln1, MapRM(kv.data(), kv.rows(), kv.cols()), Hkv,
                threads, r0);
        const ConstMapRM kv_in(kv.data(), kv.rows(), kv.cols());
        repeat_kv(kv_in, rows_of(lt.k, r0, r1), H, Hkv, hs);
        linear(ln1, w.attn.v, MapRM(kv.data(), kv.rows(), kv.cols()), threads);
        repeat_kv(kv_in, rows_of(lt.v, r0, r1), H, Hkv, hs);
    }
}

// Every Head's key/query/value Linear as one (N, C) x (C, H*hs) product: the
// ln1 rows at positions [r0, r0 + N) into q (N rows) and those rows of lt.k
// and lt.v (sized for the run).
static void project_qkv(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM ln1, MapRM q, LayerTrace& lt, int r0,
                 int threads) {
    const bool rotate = cfg.position == PositionKind::Rotary;
    const rope::Angles angles = rotate ? rope::angles(cfg, w.attn.llama_cpp_rope) : rope::Angles();
    project(w.attn.q, w.attn.q_norm, cfg, rotate, angles, ln1, q, cfg.n_head, threads, r0);
    project_kv(w, cfg, rotate, angles, ln1, lt, r0, threads);
}

void project_kv(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM ln1, LayerTrace& lt, int r0, int threads) {
    const bool rotate = cfg.position == PositionKind::Rotary;
    project_kv(w, cfg, rotate, rotate ? rope::angles(cfg, w.attn.llama_cpp_rope) : rope::Angles(), ln1, lt, r0, threads);
}

// The attention pass (attention.cpp) of rows [from, end) (end -1: T): queries
// from `q` (rows [from, end) of (T, H*hs)), keys and values from lt.k/v; weights (when
// stored), row statistics and thumbnails into lt, sized by prepare_attention,
// and the head outputs into `heads`. Row 0 of q and of heads is position `from`.
static void attend(const ModelConfig& cfg, int layer, const RunOptions& opt, bool dense, LayerTrace& lt, int T,
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
                                  out, threads, from, cfg.sliding_window_of(layer), layer, opt.knockout, from, end,
                                  cfg.attn_softcap);
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
    linear(lt.heads.cmatrix(), w.attn.proj, lt.proj.matrix(), threads);
}

// The config's norm (LayerNorm or RMSNorm) of x into y.
void norm(const ModelConfig& cfg, ConstMapRM x, const LayerNormWeights& w, MapRM y, int threads) {
    if (cfg.norm == NormKind::RMSNorm && cfg.norm_offset != 0.0f) {  // Gemma's (1 + γ)
        const VectorF shifted = (w.weight.array() + cfg.norm_offset).matrix();
        kernels::rms_norm(x, shifted, cfg.ln_eps, y, threads);
    } else if (cfg.norm == NormKind::RMSNorm) kernels::rms_norm(x, w.weight, cfg.ln_eps, y, threads);
    else kernels::layer_norm(x, w.weight, w.bias, cfg.ln_eps, y, threads);
}

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
static void mlp(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM x, const BlockRows& b, int threads) {
    linear(x, w.mlp.hidden, b.hidden, threads);
    switch (cfg.activation) {
    case Activation::ReLU: kernels::relu(read(b.hidden), b.act, threads); break;
    case Activation::GeluTanh: kernels::gelu_tanh(read(b.hidden), b.act, threads); break;
    case Activation::GeluErf: kernels::gelu_erf(read(b.hidden), b.act, threads); break;
    case Activation::SiLU: kernels::silu(read(b.hidden), b.act, threads); break;
    }
    if (cfg.mlp == MlpKind::Gated) {
        linear(x, w.mlp.up, b.up, threads);
        kernels::mul_inplace(b.act, read(b.up), threads);
    }
    linear(read(b.act), w.mlp.proj, b.mlp_proj, threads);
}

// The rest of a Block once b.proj holds the attention's output, for some rows:
// the residual adds, ln2 and the MLP. x is the block's input and `out` its
// output, the same rows. With the parallel residual (GPT-NeoX) the MLP reads
// x: out = x + attn(ln1(x)) + mlp(ln2(x)), and resid1 is x + attn.
void after_projection(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM x, const BlockRows& b, MapRM out,
                      int threads) {
    // Gemma 2 normalizes the attention's output (in place: proj holds it
    // normalized) and the MLP's before each residual add.
    if (cfg.post_norms) norm(cfg, read(b.proj), w.post_attn, b.proj, threads);
    kernels::add(x, read(b.proj), b.resid1, threads);
    norm(cfg, cfg.parallel_residual ? x : read(b.resid1), w.ln2, b.ln2, threads);
    mlp(w, cfg, read(b.ln2), b, threads);
    if (cfg.post_norms) norm(cfg, read(b.mlp_proj), w.post_mlp, b.mlp_proj, threads);
    kernels::add(read(b.resid1), read(b.mlp_proj), out, threads);
}

// Block (pre-norm): x = x + attn(ln1(x)); x = x + mlp(ln2(x)). (T, C) -> (T, C),
// rows [first, T). thumb_width, kept_width, continues: as for prepare_attention.
// Without `work` every tensor goes into lt. With it lt keeps k, v, the
// attention's row statistics (weights, thumbnails) and `out`, the block's
// output, from which the rest is computed again on demand (forward.h); the
// rest passes through `work`, kChunkRows rows at a time. Every kernel computes
// a row alone, so the bits are the same either way. With `work` and `sink`
// (the last layer of such a run) lt keeps no `out` either: each band of its
// rows goes to sink(r0, r1, rows) and is gone. With `work` that keeps no keys
// or values (work->kv false) lt keeps none either: every row's are computed
// into `work`, those before the attention's first row from x again. Returns
// the row the attention started at (prepare_attention).
int block(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM x, const RunOptions& opt,
          bool dense, LayerTrace& lt, int threads, int first, int thumb_width, int kept_width, bool continues,
          BlockWork* work, const RowSink* sink) {
    const int T = int(x.rows());
    // The layer's keys and values live in work->k and v for this call: lt
    // borrows those buffers and hands them back at the end.
    const bool borrow_kv = work && !work->kv;
    if (borrow_kv) {
        lt.k = std::exchange(work->k, Tensor());
        lt.v = std::exchange(work->v, Tensor());
    }
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
        linear(rows_of(lt.heads.cmatrix(), first, T), w.attn.proj, b.proj, threads);
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
    if (borrow_kv)  // ln1 also takes the rows before `from`, up to a chunk at a time
        resize_rows(chunk.ln1, {std::min(std::max(rows, from), kChunkRows), cfg.n_embed});
    if (sink) resize_rows(chunk.out, {std::min(rows, kChunkRows), cfg.n_embed});
    resize_rows(work->q, {rows, cfg.q_width()});
    resize_rows(work->heads, {rows, cfg.q_width()});
    // Kept by no trace: the keys and values of the rows before the attention's.
    for (int r0 = 0; borrow_kv && r0 < from; r0 += kChunkRows) {
        const int r1 = std::min(from, r0 + kChunkRows);
        const MapRM ln1 = rows_of(chunk.ln1, 0, r1 - r0);
        norm(cfg, rows_of(x, r0, r1), w.ln1, ln1, threads);
        project_kv(w, cfg, read(ln1), lt, r0, threads);
    }
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
            linear(rows_of(work->heads.cmatrix(), r0 - b0, r1 - b0), w.attn.proj, b.proj,
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
    if (borrow_kv) {
        work->k = std::exchange(lt.k, Tensor());
        work->v = std::exchange(lt.v, Tensor());
    }
    return from;
}
}  // namespace attnscope::blocks
