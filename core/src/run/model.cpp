// Model: the layers of blocks.cpp chained into whole runs and incremental
// ones (a trace's kept rows reused), and into the runs again that views and
// comparisons ask of a completed trace (an ablated head's ln_f, the ln_f
// without knockouts, a layer or a head's queries computed again).
#include "attnscope/run/model.h"
#include "attnscope/run/threads.h"
#include "attnscope/run/trace_tensors.h"

#include <algorithm>
#include <string>

#include "common/parallel_guard.h"
#include "run/blocks.h"
#include "run/forward.h"
#include "run/rope.h"
#include "run/trace_rows.h"
#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"

namespace attnscope {

using namespace blocks;
using kernels::linear;

std::optional<KnockoutOutOfRange> knockout_out_of_range(std::span<const Knockout> knockouts,
                                                        const ModelConfig& config, int tokens) {
    using Part = KnockoutOutOfRange::Part;
    for (size_t i = 0; i < knockouts.size(); ++i) {
        const Knockout& k = knockouts[i];
        // -1 (every layer, head, query) or an index in range; the key is always one.
        const std::pair<Part, int> parts[] = {
            {Part::Layer, config.n_layer}, {Part::Head, config.n_head}, {Part::Query, tokens}, {Part::Key, tokens}};
        const int values[] = {k.layer, k.head, k.query, k.key};
        for (int p = 0; p < 4; ++p) {
            const auto [part, count] = parts[p];
            const int value = values[p];
            if ((part != Part::Key && value == -1) || (value >= 0 && value < count)) continue;
            return KnockoutOutOfRange{part, i, value, count};
        }
    }
    return std::nullopt;
}

void check_run_input(const ModelConfig& cfg, std::span<const int> tokens, const RunOptions& opt) {
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
    if (const auto bad = knockout_out_of_range(opt.knockout, cfg, int(tokens.size()))) {
        using Part = KnockoutOutOfRange::Part;
        static constexpr const char* kWhat[] = {"layer", "head", "query", "key"};
        static constexpr const char* kRange[] = {"layers", "heads", "query positions", "key positions"};
        const char* what = kWhat[int(bad->part)];
        throw Error(ErrorCode::InvalidArgument,
                    std::string("cannot knock out an edge of ") + what + " " + std::to_string(bad->value) + ": " +
                        kRange[int(bad->part)] + " run from 0 to " + std::to_string(bad->count - 1) +
                        (bad->part != Part::Key ? " (-1 for every one)" : ""),
                    {what, std::to_string(bad->value), std::to_string(bad->count)});
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
// knockouts and the same choice of stored weights, and its activations, keys
// and values when this run keeps them. At least the last row is always
// computed.
static int rows_to_keep(const Trace& tr, const std::shared_ptr<const Weights>& weights,
                  std::span<const int> tokens, const RunOptions& opt, bool dense, KeptParts keep) {
    if (!opt.incremental || !opt.causal || !tr.causal || tr.ablated != opt.ablate || tr.knockout != opt.knockout ||
        tr.weights_dense != dense || (keep.activations && !tr.activations_kept) || (keep.kv && !tr.kv_kept) ||
        tr.source.lock() != weights ||
        tr.layers.size() != size_t(weights->config.n_layer))
        return 0;
    const size_t n = std::min(tr.tokens.size(), tokens.size());
    size_t same = 0;
    while (same < n && tr.tokens[same] == tokens[same]) ++same;
    return int(std::min(same, tokens.size() - 1));
}

// The width of the thumbnails of `tr` a run of T tokens keeping `first` rows
// goes on from (prepare_attention's kept_width): of the same kind, and as wide
// as this run's (thumbnail_width) or, pooling maxima, a width that divides
// it; 0 when none is kept, and the attention of every row runs again.
static int kept_thumbnail_width(const Trace& tr, int first, int thumb_width, const RunOptions& opt) {
    const bool same_kind = first > 0 && tr.thumb_width > 0 && thumb_width > 0 &&
                           tr.thumb_row_normalized == opt.thumb_row_normalized && tr.thumb_mean == opt.thumb_mean;
    return same_kind && (tr.thumb_width == thumb_width || (!opt.thumb_mean && thumb_width % tr.thumb_width == 0))
               ? tr.thumb_width
               : 0;
}

int Model::reusable_rows(const Trace& tr, std::span<const int> tokens, const RunOptions& opt) const {
    const ModelConfig& cfg = weights_->config;
    if (tokens.empty()) return 0;
    const int64_t T = int64_t(tokens.size());
    const bool dense = int64_t(cfg.n_layer) * cfg.n_head * T * T * int64_t(sizeof(float)) <= opt.attention_budget_bytes;
    const int first = rows_to_keep(tr, weights_, tokens, opt, dense, kept_parts(cfg, int(T), opt));
    // Thumbnails it cannot go on from (finer ones than the trace's, after a
    // text shrank past a width): every row's attention runs again, nearly a
    // full run's cost.
    const int thumb_width = thumbnail_width(int(T), cfg.n_layer * cfg.n_head);
    return thumb_width > 0 && kept_thumbnail_width(tr, first, thumb_width, opt) == 0 ? 0 : first;
}

// Transformer: ids (T) -> embeddings -> blocks -> final LayerNorm -> lm_head.
// Rows before `first` are kept from the trace's previous run: with a causal mask
// they depend only on tokens that did not change, and every kernel computes a row
// the same way whatever the number of rows, so they equal a full run's bit for bit.
void Model::run(std::span<const int> tokens, const RunOptions& opt, Trace& tr,
                const Progress& progress) const {
    const Weights& w = *weights_;
    const ModelConfig& cfg = w.config;
    check_run_input(cfg, tokens, opt);
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
    const KeptParts keep = kept_parts(cfg, T, opt);
    const bool keep_activations = keep.activations;
    const int first = whole ? rows_to_keep(tr, weights_, tokens, opt, dense, keep) : 0;
    const int old_T = tr.T();
    const bool all_logits_kept = first > 0 && opt.logits_rows < 0 && tr.logits_first == 0 &&
                                 !tr.logits.shape.empty() && tr.logits.shape[0] == old_T;
    tr.source.reset();  // until this run completes
    tr.rebuild_source.reset();
    tr.rebuilt_keys.reset();
    tr.config = cfg;
    tr.tokens.assign(tokens.begin(), tokens.end());
    tr.causal = opt.causal;
    tr.ablated = opt.ablate;
    tr.knockout = opt.knockout;
    tr.weights_dense = dense;
    tr.activations_kept = keep_activations;
    tr.kv_kept = keep.kv;
    tr.reused_rows = first;
    const int thumb_width = thumbnail_width(T, L * H);
    const int kept_width = kept_thumbnail_width(tr, first, thumb_width, opt);
    // Every row of the previous run is kept: a partial last block row of its
    // thumbnails goes on from where it stopped.
    const bool continues = kept_width == thumb_width && first == old_T;
    tr.thumb_width = thumb_width;
    tr.thumb_row_normalized = opt.thumb_row_normalized;
    tr.thumb_mean = opt.thumb_mean;
    if (first > 0 && opt.reserve_rows > T) reserve_rows(tr, old_T, opt.reserve_rows);
    if (first > 0) {
        // Each layer's maps move to the new row length: H · first² floats a
        // layer (85 MB in all for GPT-2 small at 384 tokens, at every
        // generated token), so the layers move on every thread at once.
        const int n_layers = int(tr.layers.size());
        ParallelGuard guard;
#pragma omp parallel for num_threads(dense && first >= 64 ? std::min(threads_now(threads), n_layers) : 1) schedule(dynamic)
        for (int l = 0; l < n_layers; ++l)
            guard.run([&] {
                LayerTrace& lt = tr.layers[size_t(l)];
                relayout_heads(lt.row_max, H, old_T, T, first, false);
                relayout_heads(lt.row_inv_sum, H, old_T, T, first, false);
                if (dense) relayout_heads(lt.weights, H, old_T, T, first, true);
            });
        guard.rethrow();
    }

    embeddings(w, tokens, first, tr, keep_activations);
    // Past the activation budget layer 0's input lives only while layer 0 runs.
    MatrixRM x0;
    if (!keep_activations) {
        // The rows layer 0 reads: from `first`, or from the first row of its
        // thumbnail block, where the attention starts again (prepare_attention);
        // every row when no keys or values are kept.
        const int from = !keep.kv ? 0
                         : thumb_width <= 0 || continues ? first
                         : kept_width > 0 ? first / thumb_width * thumb_width : 0;
        x0.resize(T, C);
        for (int t = from; t < T; ++t) embed_row(w, tokens[size_t(t)], t, x0.data() + size_t(t) * size_t(C));
    }
    step(1);
    tr.layers.resize(size_t(run_layers));
    if (whole) resize_rows(tr.ln_f, {T, C});
    else tr.ln_f = Tensor();
    BlockWork work;  // past the activation budget: what the layers do not keep
    work.kv = keep.kv;
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
    const int logits_first = T - rows;
    resize_rows(tr.logits, {rows, cfg.vocab_size});
    const int from = all_logits_kept ? first : logits_first;
    if (T > from)
        kernels::unembed(rows_in(tr.ln_f.cmatrix(), from), w, rows_out(tr.logits, from - logits_first), threads);
    // A whole run that kept none names the last position: Trace::tensor("logits")
    // computes that row again from ln_f, as it does the activations not kept.
    tr.logits_first = whole && rows == 0 ? T - 1 : logits_first;
    tr.stages = stage_records(tr);
    step(total);
    tr.source = weights_;
    tr.rebuild_source = keep_activations ? nullptr : weights_;
    if (!keep.kv) tr.rebuilt_keys = std::make_shared<RebuiltKeys>();
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
    linear(first.heads.cmatrix(), w.layers[size_t(l)].attn.proj, b.proj,
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
        case EmbeddingPart::Token: w.input_row(tr.tokens[size_t(t)], m.row(t).data()); break;
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

MatrixRM rebuild_head_rows(const Weights& w, const Trace& tr, int layer, int head, int r0, int r1, HeadPart part) {
    const ModelConfig& cfg = w.config;
    const int hs = cfg.head_size();
    if (tr.source.lock().get() != &w || layer < 0 || layer >= tr.n_layer() || head < 0 || head >= cfg.n_head ||
        r0 < 0 || r1 > tr.T() || r0 >= r1 || !holds_inputs(tr))
        throw Error(ErrorCode::InvalidArgument, "the trace is not a completed run of this model");
    const int threads = default_thread_count();
    const LayerWeights& lw = w.layers[size_t(layer)];
    // The head's rows of the q or k Linear (a grouped-query head's keys are
    // its group's, which repeat_kv copies): every output is the same chain
    // over the input as in the whole product (gemm.h).
    const bool keys = part == HeadPart::Keys;
    const LinearWeights& lin = keys ? lw.attn.k : lw.attn.q;
    const Eigen::Index row0 = Eigen::Index(keys ? head / (cfg.n_head / cfg.kv_heads()) : head) * hs;
    LinearWeights one;
    if (lin.quantized()) one.stored = lin.stored.middle_rows(row0, hs);
    else one.weight = lin.weight.middleRows(row0, hs);
    if (lin.bias.size() > 0) one.bias = lin.bias.segment(row0, hs);
    const bool rotate = cfg.position == PositionKind::Rotary;
    const rope::Angles angles = rotate ? rope::angles(cfg, lw.attn.llama_cpp_rope) : rope::Angles();
    MatrixRM out(r1 - r0, hs);
    // A chunk of rows at a time: a whole text's ln1 (25 MB at 8,192 tokens of
    // GPT-2 small) would be fresh pages at every call.
    const bool look_up = layer == 0 && tr.embed.data.empty();  // a run that kept no embeddings
    MatrixRM embedded(look_up ? std::min(r1 - r0, kChunkRows) : 0, cfg.n_embed);
    MatrixRM ln1(std::min(r1 - r0, kChunkRows), cfg.n_embed);
    for (int c0 = r0; c0 < r1; c0 += kChunkRows) {
        const int c1 = std::min(r1, c0 + kChunkRows), n = c1 - c0;
        for (int t = c0; look_up && t < c1; ++t)
            embed_row(w, tr.tokens[size_t(t)], t, embedded.data() + size_t(t - c0) * size_t(cfg.n_embed));
        const ConstMapRM x = layer > 0 ? rows_of(tr.layers[size_t(layer - 1)].out.cmatrix(), c0, c1)
                             : look_up ? ConstMapRM(embedded.data(), n, cfg.n_embed)
                                       : rows_of(tr.embed.cmatrix(), c0, c1);
        const MapRM ln(ln1.data(), n, cfg.n_embed);
        norm(cfg, x, lw.ln1, ln, threads);
        project(one, keys ? lw.attn.k_norm : lw.attn.q_norm, cfg, rotate, angles, read(ln),
                MapRM(out.data() + size_t(c0 - r0) * size_t(hs), n, hs), 1, threads, c0);
    }
    return out;
}

}  // namespace attnscope
