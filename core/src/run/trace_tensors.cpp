#include "attnscope/run/trace_tensors.h"

#include <charconv>
#include <cstdio>
#include <tuple>
#include <utility>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"

// Labels are marked for Qt's lupdate (this file is among the translation's
// sources) without making the core depend on Qt, in a context of the
// core's own (attnscope::TraceTensors) that the shape flow translates them in.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif

namespace attnscope {

namespace {

using S = TraceTensorSpec::Source;
using enum Dim;

// Which models have a stage: the architecture's settings, as config tests.
bool learned_positions(const ModelConfig& c) { return c.position == PositionKind::Learned; }
bool rotary(const ModelConfig& c) { return c.position == PositionKind::Rotary; }
bool grouped(const ModelConfig& c) { return c.kv_heads() != c.n_head; }
bool not_grouped(const ModelConfig& c) { return !grouped(c); }
bool has_qk_norm(const ModelConfig& c) { return c.qk_norm; }
// The stored q (and k) is made after the projection: by the q/k norm or RoPE.
bool q_made_later(const ModelConfig& c) { return c.qk_norm || rotary(c); }
bool q_kept_at_projection(const ModelConfig& c) { return !q_made_later(c); }
bool k_kept_at_projection(const ModelConfig& c) { return !q_made_later(c) && !grouped(c); }
bool k_made_later(const ModelConfig& c) { return !k_kept_at_projection(c); }
bool sequential(const ModelConfig& c) { return !c.parallel_residual; }
bool parallel(const ModelConfig& c) { return c.parallel_residual; }
bool plain_mlp(const ModelConfig& c) { return c.mlp == MlpKind::Plain; }
bool gated_mlp(const ModelConfig& c) { return c.mlp == MlpKind::Gated; }

std::string number(double v) {
    char buf[32];  // to_chars: a point whatever the C locale
    return std::string(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 6).ptr);  // as %g
}
// RMSNorm's epsilon differs between models (1e-5, 1e-6); LayerNorm's is GPT-2's 1e-5.
std::string norm_eps(const ModelConfig& c) {
    return c.norm == NormKind::RMSNorm ? "ε = " + number(c.ln_eps) : std::string();
}
std::string qk_norm_eps(const ModelConfig& c) { return "ε = " + number(c.ln_eps); }
// θ, the rotated part of each head when it is not all of it (GPT-NeoX's
// rotary_pct), and the scaling of long contexts.
std::string rope_settings(const ModelConfig& c) {
    std::string s = "θ = " + number(c.rope_theta);
    if (c.rotary_dims() < c.head_size())
        s += ", " + std::to_string(c.rotary_dims()) + " of " + std::to_string(c.head_size()) + " dims";
    if (c.rope_scaling != RopeScaling::None)
        s += std::string(", ") + rope_scaling_name(c.rope_scaling) + " ×" + number(c.rope_factor);
    return s;
}
std::string group_size(const ModelConfig& c) {
    return "H / KV = " + std::to_string(c.kv_heads() > 0 ? c.n_head / c.kv_heads() : 0);
}
std::string activation(const ModelConfig& c) { return activation_name(c.activation); }
std::string parallel_sum(const ModelConfig&) { return "x + attn(ln1(x)) + mlp(ln2(x))"; }

// Rows that make a tensor come first for their name (Trace::tensor and the
// tensor list read the first); rows that only add a stage have no name.
std::vector<TraceTensorSpec> make_table() {
    return {
        {"tokens", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Tokens"), "", false, {T}, false, false, S::None},
        {"token_embed", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Token embedding"), "embed.token", false, {T, C}, false, false, S::Member,
         &Trace::tok_embed},
        // A rotary model has no position table: its positions enter at RoPE.
        {.stage = "position_embed", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Position embedding"), .name = "embed.position",
         .in_block = false, .shape = {T, C}, .per_head = false, .reshaped = false, .trace_member = &Trace::pos_embed,
         .when = learned_positions},
        {.stage = "embed", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Sum"), .name = "embed", .in_block = false, .shape = {T, C},
         .per_head = false, .reshaped = false, .trace_member = &Trace::embed, .when = learned_positions},
        {.stage = "ln1", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "LayerNorm 1"), .name = "ln1", .in_block = true, .shape = {T, C},
         .per_head = false, .reshaped = false, .layer_member = &LayerTrace::ln1,
         .rms_label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "RMSNorm 1"), .detail = norm_eps},
        // q, k, v as projected: the stored tensor when nothing changes it later,
        // else a stage of its own (k and v for the KV heads with grouped-query attention).
        {.stage = "q", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Query"), .name = "attn.q", .in_block = true, .shape = {T, H, HeadSize},
         .per_head = true, .reshaped = false, .layer_member = &LayerTrace::q, .when = q_kept_at_projection},
        {.stage = "q", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Query"), .name = "", .in_block = true, .shape = {T, H, HeadSize},
         .per_head = true, .reshaped = false, .source = S::None, .when = q_made_later},
        {.stage = "k", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Key"), .name = "attn.k", .in_block = true, .shape = {T, H, HeadSize},
         .per_head = true, .reshaped = false, .layer_member = &LayerTrace::k, .when = k_kept_at_projection},
        {.stage = "k", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Key"), .name = "", .in_block = true, .shape = {T, KVHeads, HeadSize},
         .per_head = true, .reshaped = false, .source = S::None, .when = k_made_later},
        {.stage = "v", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Value"), .name = "attn.v", .in_block = true, .shape = {T, H, HeadSize},
         .per_head = true, .reshaped = false, .layer_member = &LayerTrace::v, .when = not_grouped},
        {.stage = "v", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Value"), .name = "", .in_block = true, .shape = {T, KVHeads, HeadSize},
         .per_head = true, .reshaped = false, .source = S::None, .when = grouped},
        {.stage = "qk_norm", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "RMSNorm of q, k per head"), .name = "", .in_block = true,
         .shape = {T, H, HeadSize}, .per_head = true, .reshaped = false, .source = S::None, .when = has_qk_norm,
         .detail = qk_norm_eps},
        {.stage = "rope", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "RoPE on q, k"), .name = "attn.q", .in_block = true,
         .shape = {T, H, HeadSize}, .per_head = true, .reshaped = false, .layer_member = &LayerTrace::q,
         .when = rotary, .detail = rope_settings},
        {.stage = "repeat_kv", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "repeat_kv: k"), .name = "attn.k", .in_block = true,
         .shape = {T, H, HeadSize}, .per_head = true, .reshaped = false, .layer_member = &LayerTrace::k,
         .when = grouped, .from = {T, KVHeads, HeadSize}, .detail = group_size},
        {.stage = "repeat_kv", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "repeat_kv: v"), .name = "attn.v", .in_block = true,
         .shape = {T, H, HeadSize}, .per_head = true, .reshaped = false, .layer_member = &LayerTrace::v,
         .when = grouped, .from = {T, KVHeads, HeadSize}, .detail = group_size},
        {"scores", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Scores q·kᵀ/√hs"), "attn.scores", true, {H, T, T}, true, false, S::Scores},
        {"mask", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Mask"), "attn.mask", true, {T, T}, false, false, S::Mask},
        {"softmax", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Softmax"), "attn.weights", true, {H, T, T}, true, false, S::Weights, nullptr,
         &LayerTrace::weights},
        {"", "", "attn.row_max", true, {H, T}, false, false, S::Member, nullptr, &LayerTrace::row_max},
        {"", "", "attn.row_inv_sum", true, {H, T}, false, false, S::Member, nullptr, &LayerTrace::row_inv_sum},
        {"weighted_sum", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Weights · v"), "attn.heads", true, {T, H, HeadSize}, true, true, S::Member,
         nullptr, &LayerTrace::heads},
        {"concat", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Concatenate heads"), "attn.heads", true, {T, HeadsWidth}, false, false, S::Member,
         nullptr, &LayerTrace::heads},
        {"proj", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Output projection"), "attn.proj", true, {T, C}, false, false, S::Member, nullptr,
         &LayerTrace::proj},
        // With the parallel residual resid1 (x + attn) is only a partial sum:
        // the MLP reads x, and both branches are added at the end.
        {.stage = "residual1", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Residual +"), .name = "resid1", .in_block = true,
         .shape = {T, C}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::resid1,
         .when = sequential},
        {.stage = "ln2", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "LayerNorm 2"), .name = "ln2", .in_block = true, .shape = {T, C},
         .per_head = false, .reshaped = false, .layer_member = &LayerTrace::ln2, .when = sequential,
         .rms_label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "RMSNorm 2"), .detail = norm_eps},
        {.stage = "ln2", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "LayerNorm 2"), .name = "ln2", .in_block = true, .shape = {T, C},
         .per_head = false, .reshaped = false, .layer_member = &LayerTrace::ln2, .when = parallel,
         .rms_label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "RMSNorm 2"), .inputs = {"x"}, .detail = norm_eps},
        {.stage = "mlp_hidden", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "MLP hidden"), .name = "mlp.hidden", .in_block = true,
         .shape = {T, Hidden}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::mlp_hidden,
         .when = plain_mlp},
        // A gated MLP (SwiGLU): gate and up both read the norm, act(gate) * up, down.
        {.stage = "gate", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Gate projection"), .name = "mlp.hidden", .in_block = true,
         .shape = {T, Hidden}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::mlp_hidden,
         .when = gated_mlp},
        {.stage = "up", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Up projection"), .name = "", .in_block = true, .shape = {T, Hidden},
         .per_head = false, .reshaped = false, .source = S::None, .when = gated_mlp, .inputs = {"ln2"}},
        {.stage = "mlp_act", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Activation"), .name = "mlp.act", .in_block = true,
         .shape = {T, Hidden}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::mlp_act,
         .when = plain_mlp},
        {.stage = "mlp_act", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "act(gate) · up"), .name = "mlp.act", .in_block = true,
         .shape = {T, Hidden}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::mlp_act,
         .when = gated_mlp, .inputs = {"gate", ""}, .detail = activation},
        {.stage = "mlp_proj", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "MLP projection"), .name = "mlp.proj", .in_block = true,
         .shape = {T, C}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::mlp_proj,
         .when = plain_mlp},
        {.stage = "down", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Down projection"), .name = "mlp.proj", .in_block = true,
         .shape = {T, C}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::mlp_proj,
         .when = gated_mlp},
        {.stage = "residual2", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Residual +"), .name = "out", .in_block = true, .shape = {T, C},
         .per_head = false, .reshaped = false, .layer_member = &LayerTrace::out, .when = sequential},
        {.stage = "parallel_residual", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Parallel residual +"), .name = "out", .in_block = true,
         .shape = {T, C}, .per_head = false, .reshaped = false, .layer_member = &LayerTrace::out, .when = parallel,
         .inputs = {"proj", ""}, .detail = parallel_sum},
        {.stage = "ln_f", .label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Final LayerNorm"), .name = "ln_f", .in_block = false,
         .shape = {T, C}, .per_head = false, .reshaped = false, .trace_member = &Trace::ln_f,
         .rms_label = QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Final RMSNorm"), .detail = norm_eps},
        {"logits", QT_TRANSLATE_NOOP("attnscope::TraceTensors", "Logits"), "logits", false, {LogitRows, Vocab}, false, false, S::Member,
         &Trace::logits},
    };
}

[[noreturn]] void unknown(const std::string& name, const std::string& why = {}) {
    throw Error(ErrorCode::InvalidArgument,
                "the trace has no tensor named '" + name + "'" + (why.empty() ? "" : " (" + why + ")"), {name});
}

}  // namespace

const std::vector<TraceTensorSpec>& trace_tensor_table() {
    static const std::vector<TraceTensorSpec> table = make_table();
    return table;
}

void for_each_in_forward_order(int n_layer, const std::function<void(const TraceTensorSpec&, int)>& fn,
                               bool after_blocks) {
    const auto& table = trace_tensor_table();
    size_t i = 0;
    for (; i < table.size() && !table[i].in_block; ++i) fn(table[i], -1);
    const size_t block_begin = i;
    while (i < table.size() && table[i].in_block) ++i;
    for (int l = 0; l < n_layer; ++l)
        for (size_t j = block_begin; j < i; ++j) fn(table[j], l);
    if (after_blocks)
        for (; i < table.size(); ++i) fn(table[i], -1);
}

int64_t dim_size(Dim d, const Trace& tr) {
    const ModelConfig& c = tr.config;
    switch (d) {
    case T: return tr.T();
    case C: return c.n_embed;
    case H: return c.n_head;
    case HeadSize: return c.head_size();
    case HeadsWidth: return c.q_width();
    case Hidden: return c.hidden();
    case Vocab: return c.vocab_size;
    case LogitRows: return tr.logits_on_demand() ? 1 : tr.logits.shape.empty() ? 0 : tr.logits.shape[0];
    case KVHeads: return c.kv_heads();
    }
    return 0;
}

std::string dim_symbol(Dim d, const ModelConfig& c) {
    switch (d) {
    case T: return "T";
    case C: return "C";
    case H: return "H";
    case HeadSize: return "hs";
    case Hidden: return int64_t(c.hidden()) == 4 * int64_t(c.n_embed) ? "4C" : "F";
    case Vocab: return "V";
    case LogitRows: return "R";
    case HeadsWidth: return c.n_head == 0 || c.q_width() == c.n_embed ? "C" : "H·hs";
    case KVHeads: return c.kv_heads() == c.n_head ? "H" : "KV";
    }
    return "?";
}

Shape spec_shape(const TraceTensorSpec& s, const Trace& tr) {
    Shape out;
    for (const Dim d : s.shape) out.push_back(dim_size(d, tr));
    return out;
}

std::vector<std::string> spec_symbols(const TraceTensorSpec& s, const ModelConfig& c) {
    std::vector<std::string> out;
    for (const Dim d : s.shape) out.push_back(dim_symbol(d, c));
    return out;
}

std::vector<StageRecord> stage_records(const Trace& tr) {
    const ModelConfig& c = tr.config;
    std::vector<StageRecord> out;
    const auto dims = [&](const std::vector<Dim>& ds) {
        Shape shape;
        std::vector<std::string> symbols;
        for (const Dim d : ds) {
            shape.push_back(dim_size(d, tr));
            symbols.push_back(dim_symbol(d, c));
        }
        return std::pair{shape, symbols};
    };
    for_each_in_forward_order(tr.n_layer(), [&](const TraceTensorSpec& s, int layer) {
        if (!*s.stage || (s.when && !s.when(c))) return;
        StageRecord r;
        r.stage = s.stage;
        r.layer = layer;
        r.tensor = !*s.name ? "" : layer < 0 ? s.name : "blk." + std::to_string(layer) + "." + s.name;
        std::tie(r.shape, r.symbols) = dims(s.shape);
        r.per_head = s.per_head;
        r.label = s.rms_label && c.norm == NormKind::RMSNorm ? s.rms_label : s.label;
        if (!s.from.empty()) std::tie(r.from_shape, r.from_symbols) = dims(s.from);
        // "" is the stage before: named, so a reader of the record needs no table.
        for (const char* in : s.inputs)
            r.inputs.push_back(*in || out.empty() ? std::string(in) : out.back().stage);
        if (s.detail) r.detail = s.detail(c);
        out.push_back(std::move(r));
    }, !tr.partial());
    return out;
}

void write_stage_json(JsonWriter& w, const StageRecord& r) {
    auto strings = [&](const char* key, const std::vector<std::string>& xs) {
        w.key(key).begin_array();
        for (const std::string& x : xs) w.value(x);
        w.end_array();
    };
    w.begin_object().key("stage").value(r.stage).key("layer").value(r.layer).key("tensor").value(r.tensor);
    w.key("shape").array(r.shape).key("label").value(r.label);
    strings("symbols", r.symbols);
    if (!r.from_shape.empty()) {
        w.key("from_shape").array(r.from_shape);
        strings("from_symbols", r.from_symbols);
    }
    if (!r.inputs.empty()) strings("inputs", r.inputs);
    if (!r.detail.empty()) w.key("detail").value(r.detail);
    w.end_object();
}

TensorRef resolve_tensor_name(const std::string& name, int n_layer) {
    TensorRef ref;
    std::string part = name;
    const std::string prefix = "blk.";
    if (name.rfind(prefix, 0) == 0) {
        // "blk.<l>.<part>": l is plain decimal digits, no sign, no leading zero.
        const size_t dot = name.find('.', prefix.size());
        if (dot == std::string::npos) unknown(name, "a block's tensors are named blk.<layer>.<tensor>");
        const char* first = name.data() + prefix.size();
        const char* last = name.data() + dot;
        int layer = -1;
        const auto [p, ec] = std::from_chars(first, last, layer);
        if (first == last || ec != std::errc() || p != last || layer < 0 || (*first == '0' && last - first > 1))
            unknown(name, "'" + std::string(first, last) + "' is not a layer number");
        if (layer >= n_layer)
            unknown(name, "layer " + std::to_string(layer) + " of a trace with " + std::to_string(n_layer) +
                              " layer(s)");
        ref.layer = layer;
        part = name.substr(dot + 1);
    }
    const bool in_block = ref.layer >= 0;
    for (const TraceTensorSpec& s : trace_tensor_table())
        if (s.in_block == in_block && !s.reshaped && *s.name && part == s.name) {
            ref.spec = &s;
            return ref;
        }
    unknown(name);
}

}  // namespace attnscope
