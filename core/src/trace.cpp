#include "attnscope/trace.h"

#include <algorithm>
#include <limits>

#include "attention.h"
#include "attnscope/error.h"

namespace attnscope {

namespace {

void check_head(const Trace& tr, int layer, int head) {
    if (layer < 0 || layer >= tr.n_layer() || head < 0 || head >= tr.n_head())
        throw Error(ErrorCode::InvalidArgument,
                    "no head " + std::to_string(layer) + "." + std::to_string(head) +
                        " in this trace",
                    {std::to_string(layer), std::to_string(head)});
}

attention::HeadView head_view(const Trace& tr, int layer, int head) {
    const LayerTrace& lt = tr.layers[size_t(layer)];
    return {lt.q.data.data(), lt.k.data.data(), lt.v.data.data(), tr.T(), tr.config.n_embed,
            tr.config.head_size(), head};
}

void check_cell(const Trace& tr, int query, int key) {
    if (query < 0 || query >= tr.T() || key < 0 || key >= tr.T())
        throw Error(ErrorCode::InvalidArgument,
                    "no cell (" + std::to_string(query) + ", " + std::to_string(key) +
                        ") for " + std::to_string(tr.T()) + " tokens");
}

}  // namespace

MatrixRM Trace::head_weights(int layer, int head) const {
    check_head(*this, layer, head);
    const int n = T();
    const LayerTrace& lt = layers[size_t(layer)];
    if (weights_dense)
        return ConstMapRM(lt.weights.data.data() + size_t(head) * n * n, n, n);
    MatrixRM out(n, n);
    attention::rebuild_weights(head_view(*this, layer, head), causal,
                               lt.row_max.data.data() + size_t(head) * n,
                               lt.row_inv_sum.data.data() + size_t(head) * n, out.data());
    return out;
}

MatrixRM Trace::head_scores(int layer, int head) const {
    check_head(*this, layer, head);
    MatrixRM out(T(), T());
    attention::rebuild_scores(head_view(*this, layer, head), causal, out.data());
    return out;
}

MatrixRM Trace::mask() const {
    MatrixRM m = MatrixRM::Ones(T(), T());
    if (causal) m.triangularView<Eigen::StrictlyUpper>().setZero();
    return m;
}

float Trace::weight(int layer, int head, int query, int key) const {
    check_head(*this, layer, head);
    check_cell(*this, query, key);
    const int n = T();
    const LayerTrace& lt = layers[size_t(layer)];
    if (weights_dense) return lt.weights.data[(size_t(head) * n + size_t(query)) * n + size_t(key)];
    std::vector<float> row(static_cast<size_t>(n));
    attention::rebuild_row(head_view(*this, layer, head), causal,
                           lt.row_max.data.data() + size_t(head) * n,
                           lt.row_inv_sum.data.data() + size_t(head) * n, query, true, row.data());
    return row[size_t(key)];
}

float Trace::score(int layer, int head, int query, int key) const {
    check_head(*this, layer, head);
    check_cell(*this, query, key);
    std::vector<float> row(static_cast<size_t>(T()));
    attention::rebuild_row(head_view(*this, layer, head), causal, nullptr, nullptr, query, false,
                           row.data());
    return row[size_t(key)];
}

Eigen::Map<const VectorF> Trace::logits_at(int pos) const {
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

std::vector<std::string> Trace::tensor_names() const {
    std::vector<std::string> names;
    for (const StageRecord& s : stages)
        if (!s.tensor.empty() && std::find(names.begin(), names.end(), s.tensor) == names.end())
            names.push_back(s.tensor);
    return names;
}

Tensor Trace::tensor(const std::string& name) const {
    auto copy = [](const Tensor& t) { return t; };
    if (name == "embed.token") return copy(tok_embed);
    if (name == "embed.position") return copy(pos_embed);
    if (name == "embed") return copy(embed);
    if (name == "ln_f") return copy(ln_f);
    if (name == "logits") return copy(logits);
    const std::string prefix = "blk.";
    if (name.rfind(prefix, 0) == 0) {
        const size_t dot = name.find('.', prefix.size());
        int layer = -1;
        try {
            layer = std::stoi(name.substr(prefix.size(), dot - prefix.size()));
        } catch (...) {
        }
        if (dot != std::string::npos && layer >= 0 && layer < n_layer()) {
            const std::string part = name.substr(dot + 1);
            const LayerTrace& lt = layers[size_t(layer)];
            const int n = T(), H = n_head();
            if (part == "attn.scores" || (part == "attn.weights" && !weights_dense)) {
                Tensor out({H, n, n});
                for (int h = 0; h < H; ++h) {
                    const MatrixRM m = part == "attn.scores" ? head_scores(layer, h)
                                                             : head_weights(layer, h);
                    std::copy(m.data(), m.data() + m.size(), out.data.begin() + size_t(h) * n * n);
                }
                return out;
            }
            if (part == "attn.mask") {
                const MatrixRM m = mask();
                return Tensor({n, n}, m.data());
            }
            const std::pair<const char*, const Tensor*> parts[] = {
                {"ln1", &lt.ln1},           {"attn.q", &lt.q},          {"attn.k", &lt.k},
                {"attn.v", &lt.v},          {"attn.weights", &lt.weights}, {"attn.heads", &lt.heads},
                {"attn.proj", &lt.proj},    {"resid1", &lt.resid1},     {"ln2", &lt.ln2},
                {"mlp.hidden", &lt.mlp_hidden}, {"mlp.act", &lt.mlp_act}, {"mlp.proj", &lt.mlp_proj},
                {"out", &lt.out}};
            for (const auto& [n2, t] : parts)
                if (part == n2) return copy(*t);
        }
    }
    throw Error(ErrorCode::InvalidArgument, "the trace has no tensor named '" + name + "'", {name});
}

int64_t Trace::bytes() const {
    int64_t n = 0;
    for (const Tensor* t : {&tok_embed, &pos_embed, &embed, &ln_f, &logits})
        n += int64_t(t->data.capacity());
    for (const LayerTrace& lt : layers)
        for (const Tensor* t : {&lt.ln1, &lt.q, &lt.k, &lt.v, &lt.weights, &lt.row_max,
                                &lt.row_inv_sum, &lt.heads, &lt.proj, &lt.resid1, &lt.ln2,
                                &lt.mlp_hidden, &lt.mlp_act, &lt.mlp_proj, &lt.out})
            n += int64_t(t->data.capacity());
    return n * int64_t(sizeof(float));
}

}  // namespace attnscope
