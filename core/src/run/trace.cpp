#include "attnscope/run/trace.h"
#include "attnscope/run/threads.h"
#include "common/parallel_guard.h"
#include "common/populate_pages.h"

#include <algorithm>
#include <limits>
#include <string_view>

#include "run/attention.h"
#include "run/forward.h"
#include "run/trace_rows.h"
#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/run/lm_head.h"
#include "attnscope/run/trace_file.h"
#include "attnscope/run/trace_tensors.h"
#include "attnscope/model/weights.h"

namespace attnscope {

std::string format_knockout(const Knockout& k) {
    const auto part = [](int v) { return v < 0 ? std::string("*") : std::to_string(v); };
    return part(k.layer) + "." + part(k.head) + ":" + part(k.query) + ">" + std::to_string(k.key);
}

namespace {

void check_head(const Trace& tr, int layer, int head) {
    if (layer < 0 || layer >= tr.n_layer() || head < 0 || head >= tr.n_head())
        throw Error(ErrorCode::InvalidArgument,
                    "no head " + std::to_string(layer) + "." + std::to_string(head) +
                        " in this trace",
                    {std::to_string(layer), std::to_string(head)});
}

// One head for the rebuild passes, with its queries of rows [r0, r1) and the
// keys they see: the stored q and k, or (a run past its activation budget
// keeps no q, past its kv budget no k) those rows computed again from the
// layer's input, bit-identical.
struct HeadQueries {
    attention::HeadView view;
    MatrixRM q;
    std::shared_ptr<const MatrixRM> k;
};
HeadQueries head_view(const Trace& tr, int layer, int head, int r0, int r1) {
    const LayerTrace& lt = tr.layers[size_t(layer)];
    const int C = tr.config.q_width(), hs = tr.config.head_size();
    HeadQueries h;
    h.view = {nullptr, lt.k.data.empty() ? nullptr : lt.k.data.data(), lt.v.data.data(), tr.T(), C, hs, head,
              tr.config.sliding_window_of(layer), layer, tr.knockout, C, 0, 0, tr.config.attn_softcap};
    if (!lt.q.data.empty()) h.view.q = lt.q.data.data() + size_t(head) * hs;
    if (h.view.q && h.view.k) return h;
    const std::shared_ptr<const Weights> w = tr.source.lock();
    if (!w)
        throw Error(ErrorCode::InvalidArgument,
                    std::string(h.view.q ? "the keys" : "the queries") + " of layer " + std::to_string(layer) +
                        " were not kept (" + (h.view.q ? "kv" : "activation") +
                        " budget) and the model that made the trace is gone");
    if (!h.view.q) {
        h.q = rebuild_head_rows(*w, tr, layer, head, r0, r1, HeadPart::Queries);
        h.view.q = h.q.data();
        h.view.q_ld = hs;
        h.view.q_row0 = r0;
    }
    if (!h.view.k) {  // every row's, kept for the next band or row of this head
        h.k = tr.rebuilt_keys ? tr.rebuilt_keys->keys(*w, tr, layer, head)
                              : std::make_shared<const MatrixRM>(
                                    rebuild_head_rows(*w, tr, layer, head, 0, tr.T(), HeadPart::Keys));
        h.view.k = h.k->data();
        h.view.k_ld = hs;
    }
    return h;
}

}  // namespace

std::shared_ptr<const MatrixRM> RebuiltKeys::keys(const Weights& w, const Trace& tr, int layer, int head) {
    const int kv_head = head / (w.config.n_head / w.config.kv_heads());
    const auto same = [&](const Entry& e) { return e.layer == layer && e.kv_head == kv_head; };
    // Computed under the lock: the bands of one head read on several threads
    // at once wait for the first to project its keys rather than all doing it.
    std::lock_guard lock(mutex_);
    const auto it = std::find_if(entries_.begin(), entries_.end(), same);
    if (it != entries_.end()) {
        std::rotate(it, it + 1, entries_.end());
        return entries_.back().keys;
    }
    auto k = std::make_shared<const MatrixRM>(rebuild_head_rows(w, tr, layer, head, 0, tr.T(), HeadPart::Keys));
    if (entries_.size() >= size_t(kRebuiltKeyHeads)) entries_.erase(entries_.begin());
    entries_.push_back({layer, kv_head, k});
    return k;
}

namespace {

void check_cell(const Trace& tr, int query, int key) {
    if (query < 0 || query >= tr.T() || key < 0 || key >= tr.T())
        throw Error(ErrorCode::InvalidArgument,
                    "no cell (" + std::to_string(query) + ", " + std::to_string(key) +
                        ") for " + std::to_string(tr.T()) + " tokens");
}

}  // namespace

void needs_model(const Trace& tr, const std::string& what) {
    if (tr.imported)
        throw Error(ErrorCode::InvalidArgument,
                    "a trace file holds attention weights only: " + what + " need the model that made it");
}

namespace {

void check_rows(const Trace& tr, int r0, int r1) {
    if (r0 < 0 || r1 < r0 || r1 > tr.T())
        throw Error(ErrorCode::InvalidArgument, "no rows [" + std::to_string(r0) + ", " + std::to_string(r1) +
                                                    ") for " + std::to_string(tr.T()) + " tokens");
}

}  // namespace

MatrixRM Trace::head_weights(int layer, int head) const { return head_weights(layer, head, 0, T(), 1); }

MatrixRM Trace::head_weights(int layer, int head, int r0, int r1, int threads) const {
    check_head(*this, layer, head);
    check_rows(*this, r0, r1);
    MatrixRM out(r1 - r0, T());
    head_weights_into(layer, head, r0, r1, out.data(), threads);
    return out;
}

void Trace::head_weights_into(int layer, int head, int r0, int r1, float* out, int threads) const {
    check_head(*this, layer, head);
    check_rows(*this, r0, r1);
    const int n = T();
    if (imported) {  // the band's rows of the file alone, read and checked once
        imported->rows(layer, head, r0, r1, out);
        return;
    }
    const LayerTrace& lt = layers[size_t(layer)];
    if (weights_dense) {
        const float* from = lt.weights.data.data() + (size_t(head) * n + size_t(r0)) * n;
        std::copy(from, from + size_t(r1 - r0) * size_t(n), out);
        return;
    }
    if (r1 > r0)
        attention::rebuild_weights_rows(head_view(*this, layer, head, r0, r1).view, causal,
                                        lt.row_max.data.data() + size_t(head) * n,
                                        lt.row_inv_sum.data.data() + size_t(head) * n, r0, r1, out, threads);
}

MatrixRM Trace::head_scores(int layer, int head) const { return head_scores(layer, head, 0, T(), 1); }

MatrixRM Trace::head_scores(int layer, int head, int r0, int r1, int threads) const {
    check_head(*this, layer, head);
    check_rows(*this, r0, r1);
    if (imported) needs_model(*this, "attention scores");
    MatrixRM out(r1 - r0, T());
    head_scores_into(layer, head, r0, r1, out.data(), threads);
    return out;
}

void Trace::head_scores_into(int layer, int head, int r0, int r1, float* out, int threads) const {
    check_head(*this, layer, head);
    check_rows(*this, r0, r1);
    if (imported) needs_model(*this, "attention scores");
    if (r1 > r0)
        attention::rebuild_scores_rows(head_view(*this, layer, head, r0, r1).view, causal, r0, r1, out, threads);
}

namespace {

// Rows [r0, r1) of the model's mask (Trace::model_mask) into m, (r1 - r0, T).
void fill_model_mask(const Trace& tr, int r0, int r1, MapRM m) {
    const int n = tr.T(), w = tr.causal ? tr.config.sliding_window : 0;
    m.setZero();
    for (int q = r0; q < r1; ++q) {
        // Keys [first, end) are visible: up to the query when causal, the last
        // w of them with a sliding window.
        const int end = tr.causal ? q + 1 : n, first = w > 0 && q >= w ? q - w + 1 : 0;
        m.row(q - r0).segment(first, end - first).setOnes();
    }
}

}  // namespace

MatrixRM Trace::mask() const { return model_mask(0, T()); }

MatrixRM Trace::mask(int layer, int head) const { return mask(layer, head, 0, T()); }

MatrixRM Trace::mask(int layer, int head, int r0, int r1) const {
    check_head(*this, layer, head);
    check_rows(*this, r0, r1);
    MatrixRM m(r1 - r0, T());
    mask_into(layer, head, r0, r1, m.data());
    return m;
}

void Trace::mask_into(int layer, int head, int r0, int r1, float* out) const {
    check_head(*this, layer, head);
    check_rows(*this, r0, r1);
    const int n = T();
    MapRM m(out, r1 - r0, n);
    fill_model_mask(*this, r0, r1, m);
    for (const Knockout& ko : knockout) {
        if (!ko.covers(layer, head) || ko.key < 0 || ko.key >= n) continue;
        if (ko.query < 0) m.col(ko.key).setZero();
        else if (ko.query >= r0 && ko.query < r1) m(ko.query - r0, ko.key) = 0;
    }
}

MatrixRM Trace::model_mask(int r0, int r1) const {
    check_rows(*this, r0, r1);
    MatrixRM m(r1 - r0, T());
    model_mask_into(r0, r1, m.data());
    return m;
}

void Trace::model_mask_into(int r0, int r1, float* out) const {
    check_rows(*this, r0, r1);
    fill_model_mask(*this, r0, r1, MapRM(out, r1 - r0, T()));
}

float Trace::weight(int layer, int head, int query, int key) const {
    check_head(*this, layer, head);
    check_cell(*this, query, key);
    if (imported) return imported->at(layer, head, query, key);
    const int n = T();
    const LayerTrace& lt = layers[size_t(layer)];
    if (weights_dense) return lt.weights.data[(size_t(head) * n + size_t(query)) * n + size_t(key)];
    std::vector<float> row(static_cast<size_t>(n));
    attention::rebuild_row(head_view(*this, layer, head, query, query + 1).view, causal,
                           lt.row_max.data.data() + size_t(head) * n,
                           lt.row_inv_sum.data.data() + size_t(head) * n, query, true, row.data());
    return row[size_t(key)];
}

std::vector<float> Trace::head_row(int layer, int head, int query) const {
    check_head(*this, layer, head);
    check_cell(*this, query, 0);
    const int n = T();
    std::vector<float> row(static_cast<size_t>(n));
    if (imported) {  // one row of the file, not the whole head once a key
        imported->rows(layer, head, query, query + 1, row.data());
        return row;
    }
    const LayerTrace& lt = layers[size_t(layer)];
    if (weights_dense) {
        const float* src = lt.weights.data.data() + (size_t(head) * n + size_t(query)) * n;
        std::copy(src, src + n, row.begin());
        return row;
    }
    attention::rebuild_row(head_view(*this, layer, head, query, query + 1).view, causal,
                           lt.row_max.data.data() + size_t(head) * n,
                           lt.row_inv_sum.data.data() + size_t(head) * n, query, true, row.data());
    return row;
}

float Trace::score(int layer, int head, int query, int key) const {
    check_head(*this, layer, head);
    check_cell(*this, query, key);
    if (imported) needs_model(*this, "attention scores");
    std::vector<float> row(static_cast<size_t>(T()));
    attention::rebuild_row(head_view(*this, layer, head, query, query + 1).view, causal, nullptr, nullptr, query, false,
                           row.data());
    return row[size_t(key)];
}

Eigen::Map<const VectorF> Trace::logits_at(int pos) const {
    needs_model(*this, "logits");
    const int rows = logits.shape.empty() ? 0 : int(logits.shape[0]);
    if (pos < logits_first || pos >= logits_first + rows)
        throw Error(ErrorCode::InvalidArgument,
                    "no logits were computed for position " + std::to_string(pos));
    const int V = config.vocab_size;
    return Eigen::Map<const VectorF>(logits.data.data() + size_t(pos - logits_first) * V, V);
}

bool Trace::is_ablated(int layer, int head) const {
    return std::find(ablated.begin(), ablated.end(), HeadRef{layer, head}) != ablated.end();
}

bool Trace::has_knockout(int layer, int head) const {
    return std::any_of(knockout.begin(), knockout.end(), [&](const Knockout& k) { return k.covers(layer, head); });
}

bool Trace::knocked_out(int layer, int head, int query, int key) const {
    return std::any_of(knockout.begin(), knockout.end(),
                       [&](const Knockout& k) { return k.blocks(layer, head, query, key); });
}

namespace {

// The table's entries with a tensor, each name once (attn.heads is seen by two
// stages), in forward order: `fn(spec, layer)` for every layer of block entries.
template <class Fn>
void for_each_tensor(const Trace& tr, Fn fn) {
    const auto& table = trace_tensor_table();
    for_each_in_forward_order(tr.n_layer(), [&](const TraceTensorSpec& s, int layer) {
        if (!*s.name || s.source == TraceTensorSpec::Source::None) return;
        for (const TraceTensorSpec& earlier : table) {
            if (&earlier == &s) break;
            if (earlier.in_block == s.in_block && std::string_view(earlier.name) == s.name) return;
        }
        fn(s, layer);
    }, !tr.partial());
}

}  // namespace

std::vector<std::string> Trace::tensor_names() const {
    std::vector<std::string> names;
    for_each_tensor(*this, [&](const TraceTensorSpec& s, int l) {
        if (imported && s.source != TraceTensorSpec::Source::Weights && s.source != TraceTensorSpec::Source::Mask) return;
        names.push_back(l < 0 ? std::string(s.name) : "blk." + std::to_string(l) + "." + s.name);
    });
    return names;
}

Tensor Trace::tensor(const std::string& name) const {
    const TensorRef ref = resolve_tensor_name(name, n_layer());
    const TraceTensorSpec& s = *ref.spec;
    if (partial() && (s.trace_member == &Trace::ln_f || s.trace_member == &Trace::logits))
        throw Error(ErrorCode::InvalidArgument, "'" + name + "' was not computed: the run stopped after layer " +
                                                    std::to_string(n_layer() - 1) + " of " +
                                                    std::to_string(config.n_layer));
    const int n = T(), H = n_head();
    using Source = TraceTensorSpec::Source;
    if (s.source == Source::Mask) {
        const MatrixRM m = mask();
        return Tensor({n, n}, m.data());
    }
    if (imported && s.source != Source::Weights) needs_model(*this, "'" + name + "' and every tensor but the weights");
    if (s.source == Source::Scores || (s.source == Source::Weights && !weights_dense)) {
        Tensor out({H, n, n});
        for (int h = 0; h < H; ++h) {
            const MatrixRM m = s.source == Source::Scores ? head_scores(ref.layer, h) : head_weights(ref.layer, h);
            std::copy(m.data(), m.data() + m.size(), out.data.begin() + size_t(h) * n * n);
        }
        return out;
    }
    if (s.trace_member == &Trace::logits && logits_on_demand()) {
        const std::shared_ptr<const Weights> w = source.lock();
        if (!w)
            throw Error(ErrorCode::InvalidArgument,
                        "'" + name + "' was not kept (RunOptions::logits_rows) and the model that made the trace is gone");
        const MatrixRM row = logits_from_ln_f(*w, *this, n - 1, 1, default_thread_count());
        return Tensor({1, int64_t(row.cols())}, row.data());
    }
    if (s.trace_member) {
        const bool part = s.trace_member == &Trace::tok_embed || s.trace_member == &Trace::pos_embed ||
                          s.trace_member == &Trace::embed;
        if (!part || activations_kept || !(this->*s.trace_member).data.empty() || n == 0) return this->*s.trace_member;
        const std::shared_ptr<const Weights> w = source.lock();
        if (!w)
            throw Error(ErrorCode::InvalidArgument,
                        "'" + name + "' was not kept (activation budget) and the model that made the trace is gone");
        return embedding_part(*w, *this,
                              s.trace_member == &Trace::tok_embed   ? EmbeddingPart::Token
                              : s.trace_member == &Trace::pos_embed ? EmbeddingPart::Position
                                                                    : EmbeddingPart::Sum);
    }
    const bool away = std::find(std::begin(kCheckpointedAway), std::end(kCheckpointedAway), s.layer_member) !=
                          std::end(kCheckpointedAway) ||
                      (!kv_kept && (s.layer_member == &LayerTrace::k || s.layer_member == &LayerTrace::v)) ||
                      (s.layer_member == &LayerTrace::out && (layers[size_t(ref.layer)].*s.layer_member).data.empty());
    if (!activations_kept && away) {  // (the last layer's out goes straight into ln_f)
        const std::shared_ptr<const Weights> w = source.lock();
        if (!w)
            throw Error(ErrorCode::InvalidArgument,
                        "'" + name + "' was not kept (activation budget) and the model that made the trace is gone");
        LayerTrace rebuilt;
        rebuild_layer(*w, *this, ref.layer, rebuilt, 0);
        return std::move(rebuilt.*s.layer_member);
    }
    return layers[size_t(ref.layer)].*s.layer_member;
}

int thumbnail_cells(int heads) {
    int side = kThumbnailCells;
    while (side > 8 && int64_t(side) * side * std::max(heads, 1) > kThumbnailBudget) --side;
    return side;
}

int thumbnail_width(int T, int heads) {
    const int side = thumbnail_cells(heads);
    int w = 1;
    while ((int64_t(T) + w - 1) / w > side) w *= 2;
    return w;
}

int thumbnail_stride(int T, int heads) {
    const int w = thumbnail_width(T, heads);
    const int blocks = int((int64_t(T) + w - 1) / w);
    return std::min(thumbnail_cells(heads), (blocks + 63) / 64 * 64);
}

namespace {

// Every tensor buffer of a trace, the same order for any two traces with as
// many layers.
template <class TraceT, class Fn>
void each_buffer(TraceT& tr, Fn fn) {
    for (auto* t : {&tr.tok_embed, &tr.pos_embed, &tr.embed, &tr.ln_f, &tr.logits}) fn(*t);
    for (auto& lt : tr.layers)
        for (auto* t : {&lt.ln1, &lt.q, &lt.k, &lt.v, &lt.weights, &lt.row_max, &lt.row_inv_sum, &lt.heads, &lt.proj,
                        &lt.resid1, &lt.ln2, &lt.mlp_hidden, &lt.mlp_act, &lt.mlp_up, &lt.mlp_proj, &lt.out,
                        &lt.thumb_max, &lt.thumb_sum})
            fn(*t);
}

}  // namespace

// Fields added to Trace or LayerTrace must be copied below (and, if tensors,
// listed in each_buffer).
static_assert(sizeof(LayerTrace) == 18 * sizeof(Tensor), "LayerTrace changed: update each_buffer");

void Trace::copy_with_room(const Trace& from, int rows, bool rows_appended, bool views_only) {
    if (&from == this) return;
    // What a run past the activation budget keeps, and the weights to compute
    // the rest again from: a copy of a trace whose model is gone stays whole.
    std::shared_ptr<const Weights> rebuild = from.rebuild_source ? from.rebuild_source : from.source.lock();
    views_only = views_only && rebuild && !from.imported && from.kv_kept;
    std::vector<const Tensor*> left_out;  // this trace's buffers a views-only copy leaves empty
    // The rows this trace already holds, when from's are them and more.
    const size_t had_rows = rows_appended && layers.size() == from.layers.size() &&
                                    tokens.size() <= from.tokens.size() &&
                                    std::equal(tokens.begin(), tokens.end(), from.tokens.begin())
                                ? tokens.size()
                                : 0;
    layers.resize(from.layers.size());
    if (views_only) {
        left_out = {&tok_embed, &pos_embed, &embed};
        for (LayerTrace& lt : layers)
            for (Tensor LayerTrace::*m : kCheckpointedAway) left_out.push_back(&(lt.*m));
    }
    std::vector<const Tensor*> sources;
    each_buffer(from, [&](const Tensor& t) { sources.push_back(&t); });
    std::vector<Tensor*> targets;
    each_buffer(*this, [&](Tensor& t) { targets.push_back(&t); });
    const size_t n = from.tokens.size();
    // The thumbnails' block rows this trace holds complete, when from's are
    // pooled the same way: a block row before the one holding this trace's
    // last row has no row still to come.
    std::vector<const Tensor*> thumbnails;
    for (const LayerTrace& lt : from.layers) thumbnails.insert(thumbnails.end(), {&lt.thumb_max, &lt.thumb_sum});
    const bool same_blocks = had_rows > 0 && thumb_width > 0 && thumb_width == from.thumb_width &&
                             thumb_row_normalized == from.thumb_row_normalized && thumb_mean == from.thumb_mean;
    const size_t complete_block_rows = same_blocks ? (had_rows - 1) / size_t(thumb_width) : 0;
    const auto copy = [&](Tensor& to, const Tensor& src) {
        if (std::find(left_out.begin(), left_out.end(), &to) != left_out.end()) {
            to = Tensor();
            return;
        }
        if (complete_block_rows > 0 && to.shape == src.shape && src.shape.size() == 3 &&
            to.data.size() == src.data.size() &&
            std::find(thumbnails.begin(), thumbnails.end(), &src) != thumbnails.end()) {
            // (H, S, S) thumbnails of the same blocks: only the block rows
            // from the last one this trace holds to the last one in use (the
            // rest are unused in both), head by head.
            const size_t S = size_t(src.shape[1]);
            const size_t end = std::min(S, (n + size_t(thumb_width) - 1) / size_t(thumb_width));
            for (size_t h = 0; h < size_t(src.shape[0]); ++h)
                if (end > complete_block_rows)
                    std::copy(src.data.begin() + ptrdiff_t((h * S + complete_block_rows) * S),
                              src.data.begin() + ptrdiff_t((h * S + end) * S),
                              to.data.begin() + ptrdiff_t((h * S + complete_block_rows) * S));
            return;
        }
        const size_t per_row = n > 0 && !src.shape.empty() && size_t(src.shape[0]) == n ? src.data.size() / n : 0;
        // Room for `rows` tokens: (T, ...) rows, (H, T) row statistics and
        // (H, T, T) maps, which grow with every token.
        const size_t want = room_for_rows(src, int64_t(n), std::max(rows, 0));
        // A (T, ...) tensor that has src's first rows, in room for the rest:
        // only the new ones are copied.
        const bool has_first_rows = per_row && had_rows > 0 && n > had_rows && to.data.capacity() >= want &&
                                    to.data.size() == had_rows * per_row && to.shape.size() == src.shape.size() &&
                                    size_t(to.shape[0]) == had_rows &&
                                    std::equal(to.shape.begin() + 1, to.shape.end(), src.shape.begin() + 1);
        if (has_first_rows) {  // appended in the room there is: nothing written twice
            to.data.insert(to.data.end(), src.data.begin() + ptrdiff_t(had_rows * per_row), src.data.end());
            to.shape = src.shape;
            return;
        }
        if (to.data.capacity() < want) {
            // A trace copied into again (a generation's snapshots) grows by
            // half at least, so a tensor that outgrows its room is not moved
            // to fresh pages at every copy.
            const size_t had = to.data.capacity();
            FloatBuffer().swap(to.data);  // freed before the larger one is taken
            to.data.reserve(had == 0 ? want : std::max(want, had + had / 2));
            // A generation's snapshots: written at once, dropped soon after.
            if (rows_appended) advise_huge_pages(to.data.data(), to.data.capacity() * sizeof(float));
        }
        to.data.assign(src.data.begin(), src.data.end());
        to.shape = src.shape;
    };
    // The buffers on every thread: the copy is bound by memory (a
    // generation's snapshot, 100 MB at 400 tokens of GPT-2 small, holds up
    // the generation while it is made).
    ParallelGuard guard;
#pragma omp parallel for num_threads(threads_now(default_thread_count())) schedule(dynamic, 1)
    for (size_t i = 0; i < targets.size(); ++i) guard.run([&] { copy(*targets[i], *sources[i]); });
    guard.rethrow();
    config = from.config;
    tokens = from.tokens;
    causal = from.causal;
    ablated = from.ablated;
    knockout = from.knockout;
    logits_first = from.logits_first;
    stages = from.stages;
    weights_dense = from.weights_dense;
    activations_kept = from.activations_kept && !views_only;
    kv_kept = from.kv_kept;
    thumb_width = from.thumb_width;
    thumb_row_normalized = from.thumb_row_normalized;
    thumb_mean = from.thumb_mean;
    source = from.source;
    reused_rows = from.reused_rows;
    attention_from = from.attention_from;
    rebuild_source = views_only ? rebuild : from.rebuild_source;
    rebuilt_keys = from.rebuilt_keys;  // the same keys until a run into this copy makes its own
    imported = from.imported;
}

int64_t Trace::bytes() const {
    int64_t n = 0;
    for_each_tensor(*this, [&](const TraceTensorSpec& s, int l) {
        if (s.trace_member) n += int64_t((this->*s.trace_member).data.capacity());
        else if (s.layer_member) n += int64_t((layers[size_t(l)].*s.layer_member).data.capacity());
    });
    // Held but not (yet) named tensors: a gated MLP's up projection, the thumbnails.
    for (const LayerTrace& lt : layers)
        n += int64_t(lt.mlp_up.data.capacity() + lt.thumb_max.data.capacity() + lt.thumb_sum.data.capacity());
    return n * int64_t(sizeof(float));
}

}  // namespace attnscope
