#include "attnscope/trace_tensors.h"

#include <charconv>

#include "attnscope/error.h"

// Labels are marked for Qt's lupdate (this file is among the translation's
// sources) without making the core depend on Qt.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif

namespace attnscope {

namespace {

using S = TraceTensorSpec::Source;
using enum Dim;

std::vector<TraceTensorSpec> make_table() {
    return {
        {"tokens", QT_TRANSLATE_NOOP("render::FlowFigure", "Tokens"), "", false, {T}, false, false, S::None},
        {"token_embed", QT_TRANSLATE_NOOP("render::FlowFigure", "Token embedding"), "embed.token", false, {T, C},
         false, false, S::Member, &Trace::tok_embed},
        {"position_embed", QT_TRANSLATE_NOOP("render::FlowFigure", "Position embedding"), "embed.position", false,
         {T, C}, false, false, S::Member, &Trace::pos_embed},
        {"embed", QT_TRANSLATE_NOOP("render::FlowFigure", "Sum"), "embed", false, {T, C}, false, false, S::Member,
         &Trace::embed},
        {"ln1", QT_TRANSLATE_NOOP("render::FlowFigure", "LayerNorm 1"), "ln1", true, {T, C}, false, false, S::Member,
         nullptr, &LayerTrace::ln1},
        {"q", QT_TRANSLATE_NOOP("render::FlowFigure", "Query"), "attn.q", true, {T, H, HeadSize}, true, false,
         S::Member, nullptr, &LayerTrace::q},
        {"k", QT_TRANSLATE_NOOP("render::FlowFigure", "Key"), "attn.k", true, {T, H, HeadSize}, true, false,
         S::Member, nullptr, &LayerTrace::k},
        {"v", QT_TRANSLATE_NOOP("render::FlowFigure", "Value"), "attn.v", true, {T, H, HeadSize}, true, false,
         S::Member, nullptr, &LayerTrace::v},
        {"scores", QT_TRANSLATE_NOOP("render::FlowFigure", "Scores q·kᵀ/√hs"), "attn.scores", true, {H, T, T}, true,
         false, S::Scores},
        {"mask", QT_TRANSLATE_NOOP("render::FlowFigure", "Mask"), "attn.mask", true, {T, T}, false, false, S::Mask},
        {"softmax", QT_TRANSLATE_NOOP("render::FlowFigure", "Softmax"), "attn.weights", true, {H, T, T}, true, false,
         S::Weights, nullptr, &LayerTrace::weights},
        {"", "", "attn.row_max", true, {H, T}, false, false, S::Member, nullptr, &LayerTrace::row_max},
        {"", "", "attn.row_inv_sum", true, {H, T}, false, false, S::Member, nullptr, &LayerTrace::row_inv_sum},
        {"weighted_sum", QT_TRANSLATE_NOOP("render::FlowFigure", "Weights · v"), "attn.heads", true,
         {T, H, HeadSize}, true, true, S::Member, nullptr, &LayerTrace::heads},
        {"concat", QT_TRANSLATE_NOOP("render::FlowFigure", "Concatenate heads"), "attn.heads", true, {T, HeadsWidth}, false,
         false, S::Member, nullptr, &LayerTrace::heads},
        {"proj", QT_TRANSLATE_NOOP("render::FlowFigure", "Output projection"), "attn.proj", true, {T, C}, false,
         false, S::Member, nullptr, &LayerTrace::proj},
        {"residual1", QT_TRANSLATE_NOOP("render::FlowFigure", "Residual +"), "resid1", true, {T, C}, false, false,
         S::Member, nullptr, &LayerTrace::resid1},
        {"ln2", QT_TRANSLATE_NOOP("render::FlowFigure", "LayerNorm 2"), "ln2", true, {T, C}, false, false, S::Member,
         nullptr, &LayerTrace::ln2},
        {"mlp_hidden", QT_TRANSLATE_NOOP("render::FlowFigure", "MLP hidden"), "mlp.hidden", true, {T, Hidden}, false,
         false, S::Member, nullptr, &LayerTrace::mlp_hidden},
        {"mlp_act", QT_TRANSLATE_NOOP("render::FlowFigure", "Activation"), "mlp.act", true, {T, Hidden}, false,
         false, S::Member, nullptr, &LayerTrace::mlp_act},
        {"mlp_proj", QT_TRANSLATE_NOOP("render::FlowFigure", "MLP projection"), "mlp.proj", true, {T, C}, false,
         false, S::Member, nullptr, &LayerTrace::mlp_proj},
        {"residual2", QT_TRANSLATE_NOOP("render::FlowFigure", "Residual +"), "out", true, {T, C}, false, false,
         S::Member, nullptr, &LayerTrace::out},
        {"ln_f", QT_TRANSLATE_NOOP("render::FlowFigure", "Final LayerNorm"), "ln_f", false, {T, C}, false, false,
         S::Member, &Trace::ln_f},
        {"logits", QT_TRANSLATE_NOOP("render::FlowFigure", "Logits"), "logits", false, {LogitRows, Vocab}, false,
         false, S::Member, &Trace::logits},
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

void for_each_in_forward_order(int n_layer, const std::function<void(const TraceTensorSpec&, int)>& fn) {
    const auto& table = trace_tensor_table();
    size_t i = 0;
    for (; i < table.size() && !table[i].in_block; ++i) fn(table[i], -1);
    const size_t block_begin = i;
    while (i < table.size() && table[i].in_block) ++i;
    for (int l = 0; l < n_layer; ++l)
        for (size_t j = block_begin; j < i; ++j) fn(table[j], l);
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
    case LogitRows: return tr.logits.shape.empty() ? 0 : tr.logits.shape[0];
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
