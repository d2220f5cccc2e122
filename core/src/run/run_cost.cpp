// What a run costs, known before it runs: the bytes its trace will hold
// (estimate_trace, and the activations the budget weighs) and the
// floating-point operations of a forward pass (model.h). Apart from
// model.cpp and blocks.cpp, which run it.
#include <algorithm>

#include "attnscope/run/model.h"
#include "run/trace_rows.h"

namespace attnscope {

int64_t activation_bytes(const ModelConfig& cfg, int T) {
    const int64_t F = cfg.hidden(), per_row = 5 * int64_t(cfg.n_embed) + 2 * int64_t(cfg.q_width()) +
                                              (cfg.mlp == MlpKind::Gated ? 3 : 2) * F;
    return int64_t(cfg.n_layer) * std::max(T, 0) * per_row * int64_t(sizeof(float));
}

int64_t kv_bytes(const ModelConfig& cfg, int T) {
    return int64_t(cfg.n_layer) * std::max(T, 0) * 2 * int64_t(cfg.n_head) * cfg.head_size() * int64_t(sizeof(float));
}

KeptParts kept_parts(const ModelConfig& cfg, int T, const RunOptions& opt) {
    KeptParts k;
    k.activations = activation_bytes(cfg, T) <= opt.activation_budget_bytes;
    k.kv = k.activations || kv_bytes(cfg, T) <= opt.kv_budget_bytes;
    return k;
}

double block_flops_after_attention(const ModelConfig& c, double T) {
    const double C = c.n_embed, F = c.hidden();
    return 2 * T * c.q_width() * C + (c.mlp == MlpKind::Gated ? 3 : 2) * 2 * T * C * F;
}

double block_flops(const ModelConfig& c, double T) {
    const double C = c.n_embed, Q = c.q_width(), KV = c.kv_width();
    return 2 * T * C * (Q + 2 * KV) + 2 * T * (T + 1) * Q + block_flops_after_attention(c, T);
}

double forward_flops(const ModelConfig& c, double T) {
    return c.n_layer * block_flops(c, T) + 2.0 * c.n_embed * c.vocab_size;
}

TraceEstimate estimate_trace(const ModelConfig& cfg, int T, const RunOptions& opt) {
    // The tensors Model::run sizes, as a new trace holds them: (T, ...) tensors
    // with room up to the next kGrowRows rows (resize_rows), the per-head maps
    // and row statistics exactly.
    const int64_t t = std::max(T, 0), C = cfg.n_embed, H = cfg.n_head, F = cfg.hidden(), Q = cfg.q_width();
    const auto grown = [](int64_t rows) { return (rows + kGrowRows - 1) / kGrowRows * kGrowRows; };
    const int64_t r = grown(t);
    const int64_t per_head = r * H * cfg.head_size();  // q, k or v (k, v repeated per query head)
    const int64_t thumb_side = t > 0 ? thumbnail_stride(int(t), cfg.n_layer * cfg.n_head) : 0;
    TraceEstimate e;
    e.dense_attention = int64_t(cfg.n_layer) * H * t * t * int64_t(sizeof(float));
    e.dense = e.dense_attention <= opt.attention_budget_bytes;
    e.activations = activation_bytes(cfg, T);
    e.kv = kv_bytes(cfg, T);
    const KeptParts kept_now = kept_parts(cfg, T, opt);
    e.activations_kept = kept_now.activations;
    e.kv_kept = kept_now.kv;
    const int64_t kept = e.activations_kept ? r * (5 * C + 2 * Q + (cfg.mlp == MlpKind::Gated ? 3 : 2) * F)
                                            : 0;                 // ln1, proj, resid1, ln2, mlp_proj, q, heads, MLP
    const int64_t layer = r * C                                  // out
                          + (e.kv_kept ? 2 * per_head : 0)       // k, v
                          + 2 * H * t                            // row max, 1 / row sum
                          + kept
                          + (e.dense ? H * t * t : 0)
                          + H * thumb_side * thumb_side;         // the thumbnails' max or sum
    // A run of the first opt.layers blocks has no ln_f and no logits.
    const int64_t run_layers = opt.layers < 0 ? cfg.n_layer : std::min(opt.layers, cfg.n_layer);
    const bool whole = run_layers == cfg.n_layer;
    const int64_t logits = !whole ? 0 : opt.logits_rows < 0 ? t : std::min<int64_t>(opt.logits_rows, t);
    // tok, pos, embed and ln_f. Past the activation budget ln_f alone, as
    // large as the last layer's out, which is not kept (counted in `layer`).
    const int64_t outside = e.activations_kept ? (whole ? 4 : 3) * r * C : 0;
    const int64_t floats = outside + run_layers * layer + grown(logits) * cfg.vocab_size;
    e.bytes = floats * int64_t(sizeof(float));
    return e;
}

}  // namespace attnscope
