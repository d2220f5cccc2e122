#include "attnscope/model/weights.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <numbers>
#include <random>
#include <regex>
#include <set>

#include "attnscope/common/error.h"
#include "common/populate_pages.h"
#include "model/seed_weights.h"

namespace attnscope {

namespace {

// One tensor under its seed state-dict name, and where it lives in Weights.
// Every destination is contiguous: a per-head (hs, C) weight is a block of rows
// of the layer's (C, C) matrix.
struct Slot {
    std::string name;
    Shape shape;
    float* data;
    int64_t fan_in;  // > 0: Linear parameter, U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    enum Init { Uniform, Normal, One, Zero } init;
};

// Sizes every matrix for `config` (when `allocate`) and lists the slots in the
// order PyTorch creates the seed's modules.
std::vector<Slot> slots(Weights& w, bool allocate) {
    const ModelConfig& c = w.config;
    const int64_t V = c.vocab_size, C = c.n_embed, F = c.hidden();
    const int64_t T = c.position == PositionKind::Learned ? c.context_length : 0;
    const int H = c.n_head, Hkv = c.kv_heads(), hs = c.head_size();
    const int64_t Q = int64_t(H) * hs, KV = int64_t(Hkv) * hs;
    const bool gated = c.mlp == MlpKind::Gated;
    if (allocate) {
        w.tok_embed.resize(V, C);
        w.pos_embed.resize(T, C);
        w.layers.assign(size_t(c.n_layer), LayerWeights{});
        for (LayerWeights& l : w.layers) {
            for (VectorF* v : {&l.ln1.weight, &l.ln2.weight}) v->resize(C);
            if (c.post_norms)
                for (VectorF* v : {&l.post_attn.weight, &l.post_mlp.weight}) v->resize(C);
            if (c.bias)
                for (VectorF* v : {&l.ln1.bias, &l.ln2.bias, &l.attn.proj.bias, &l.mlp.proj.bias}) v->resize(C);
            l.attn.q.weight.resize(Q, C);
            l.attn.k.weight.resize(KV, C);
            l.attn.v.weight.resize(KV, C);
            l.attn.proj.weight.resize(C, Q);
            if (c.qkv_bias) {
                l.attn.q.bias.resize(Q);
                l.attn.k.bias.resize(KV);
                l.attn.v.bias.resize(KV);
            }
            if (c.qk_norm)
                for (VectorF* v : {&l.attn.q_norm, &l.attn.k_norm}) v->resize(hs);
            l.mlp.hidden.weight.resize(F, C);
            if (gated) l.mlp.up.weight.resize(F, C);
            if (c.bias) l.mlp.hidden.bias.resize(F);
            l.mlp.proj.weight.resize(C, F);
        }
        w.ln_f.weight.resize(C);
        if (c.bias) w.ln_f.bias.resize(C);
        if (!c.tied_lm_head) w.lm_head.weight.resize(V, C);
        if (c.lm_head_bias) w.lm_head.bias.resize(V);
    }
    std::vector<Slot> s;
    s.push_back({"token_embed.weight", {V, C}, w.tok_embed.data(), 0, Slot::Normal});
    if (T > 0) s.push_back({"position_embed.weight", {T, C}, w.pos_embed.data(), 0, Slot::Normal});
    for (int i = 0; i < c.n_layer; ++i) {
        LayerWeights& l = w.layers[size_t(i)];
        const std::string p = "attn_blocks." + std::to_string(i) + ".";
        s.push_back({p + "ln1.weight", {C}, l.ln1.weight.data(), 0, Slot::One});
        if (c.bias) s.push_back({p + "ln1.bias", {C}, l.ln1.bias.data(), 0, Slot::Zero});
        for (int h = 0; h < H; ++h) {
            const std::string hp = p + "attn.heads." + std::to_string(h) + ".";
            const size_t row = size_t(h) * size_t(hs);
            const std::pair<const char*, std::pair<MatrixRM*, VectorF*>> qkv[] = {
                {"key", {&l.attn.k.weight, &l.attn.k.bias}}, {"query", {&l.attn.q.weight, &l.attn.q.bias}}, {"value", {&l.attn.v.weight, &l.attn.v.bias}}};
            for (const auto& [name, mats] : qkv) {
                if (h >= Hkv && mats.first != &l.attn.q.weight) continue;  // grouped-query: fewer k/v heads
                s.push_back({hp + name + ".weight", {hs, C}, mats.first->data() + row * C, C,
                             Slot::Uniform});
                if (c.qkv_bias)
                    s.push_back({hp + name + ".bias", {hs}, mats.second->data() + row, C,
                                 Slot::Uniform});
            }
        }
        if (c.qk_norm) {
            s.push_back({p + "attn.q_norm.weight", {hs}, l.attn.q_norm.data(), 0, Slot::One});
            s.push_back({p + "attn.k_norm.weight", {hs}, l.attn.k_norm.data(), 0, Slot::One});
        }
        s.push_back({p + "attn.proj.weight", {C, Q}, l.attn.proj.weight.data(), Q, Slot::Uniform});
        if (c.bias) s.push_back({p + "attn.proj.bias", {C}, l.attn.proj.bias.data(), C, Slot::Uniform});
        s.push_back({p + "ln2.weight", {C}, l.ln2.weight.data(), 0, Slot::One});
        if (c.bias) s.push_back({p + "ln2.bias", {C}, l.ln2.bias.data(), 0, Slot::Zero});
        if (c.post_norms) {
            s.push_back({p + "post_attn_norm.weight", {C}, l.post_attn.weight.data(), 0, Slot::One});
            s.push_back({p + "post_mlp_norm.weight", {C}, l.post_mlp.weight.data(), 0, Slot::One});
        }
        s.push_back({p + "mlp.hidden.weight", {F, C}, l.mlp.hidden.weight.data(), C, Slot::Uniform});
        if (c.bias) s.push_back({p + "mlp.hidden.bias", {F}, l.mlp.hidden.bias.data(), C, Slot::Uniform});
        if (gated) s.push_back({p + "mlp.up.weight", {F, C}, l.mlp.up.weight.data(), C, Slot::Uniform});
        s.push_back({p + "mlp.proj.weight", {C, F}, l.mlp.proj.weight.data(), F, Slot::Uniform});
        if (c.bias) s.push_back({p + "mlp.proj.bias", {C}, l.mlp.proj.bias.data(), F, Slot::Uniform});
    }
    s.push_back({"layer_norm.weight", {C}, w.ln_f.weight.data(), 0, Slot::One});
    if (c.bias) s.push_back({"layer_norm.bias", {C}, w.ln_f.bias.data(), 0, Slot::Zero});
    if (!c.tied_lm_head)
        s.push_back({"lm_head.weight", {V, C}, w.lm_head.weight.data(), C, Slot::Uniform});
    if (c.lm_head_bias) s.push_back({"lm_head.bias", {V}, w.lm_head.bias.data(), C, Slot::Uniform});
    return s;
}

// Buffers in a seed state dict that carry no parameters.
bool is_seed_buffer(const std::string& name) {
    return name == "pos_idxs" ||
           (name.size() > 5 && name.compare(name.size() - 5, 5, ".tril") == 0);
}

// 24 random bits -> [0, 1); the same on every platform, unlike std distributions.
float unit(std::mt19937_64& rng) { return float(rng() >> 40) * (1.0f / 16777216.0f); }

}  // namespace

Weights random_weights(const ModelConfig& config, uint64_t random_seed) {
    config.validate();
    Weights w;
    w.config = config;
    std::mt19937_64 rng(random_seed);
    for (const Slot& s : slots(w, true)) {
        const int64_t n = shape_numel(s.shape);
        populate_pages(s.data, size_t(n) * sizeof(float));
        switch (s.init) {
        case Slot::Uniform: {
            const float bound = 1.0f / std::sqrt(float(s.fan_in));
            for (int64_t i = 0; i < n; ++i) s.data[i] = (2.0f * unit(rng) - 1.0f) * bound;
            break;
        }
        case Slot::Normal:  // Box-Muller
            for (int64_t i = 0; i < n; i += 2) {
                const float u1 = 1.0f - unit(rng), u2 = unit(rng);
                const float r = std::sqrt(-2.0f * std::log(u1));
                s.data[i] = r * std::cos(2.0f * std::numbers::pi_v<float> * u2);
                if (i + 1 < n) s.data[i + 1] = r * std::sin(2.0f * std::numbers::pi_v<float> * u2);
            }
            break;
        case Slot::One: std::fill(s.data, s.data + n, 1.0f); break;
        case Slot::Zero: std::fill(s.data, s.data + n, 0.0f); break;
        }
    }
    return w;
}

TensorMap to_seed_state_dict(const Weights& w) {
    if (w.has_stored()) return to_seed_state_dict(dequantized_copy(w));
    TensorMap out;
    for (const Slot& s : slots(const_cast<Weights&>(w), false)) {
        out[s.name] = Tensor(s.shape, s.data);
    }
    return out;
}

Weights from_seed_state_dict(const TensorMap& tensors, const ModelConfig& config) {
    return weights_from_seed_views(views_of(tensors), config);
}

ModelConfig infer_seed_config(const TensorMap& tensors) { return infer_seed_config(views_of(tensors)); }

Weights weights_from_seed_views(const StoredMap& tensors, const ModelConfig& config) {
    config.validate();
    Weights w;
    w.config = config;
    std::set<std::string> used;
    std::vector<std::pair<const StoredTensor*, float*>> reads;
    for (const Slot& s : slots(w, true)) {
        const auto it = tensors.find(s.name);
        if (it == tensors.end())
            throw Error(ErrorCode::MissingTensor, "tensor '" + s.name + "' is missing",
                        {s.name, shape_string(s.shape)});
        if (it->second.shape != s.shape || it->second.numel() != shape_numel(s.shape))
            throw Error(ErrorCode::ShapeMismatch,
                        "tensor '" + s.name + "' has shape " + shape_string(it->second.shape) +
                            ", expected " + shape_string(s.shape),
                        {s.name, shape_string(s.shape), shape_string(it->second.shape)});
        reads.emplace_back(&it->second, s.data);
        used.insert(s.name);
    }
    for (const auto& [name, t] : tensors) {
        if (used.count(name) || is_seed_buffer(name)) continue;
        // A tied lm_head saved twice (as PyTorch does) must match the embedding's shape.
        if (config.tied_lm_head && name == "lm_head.weight" && t.shape == Shape{config.vocab_size, config.n_embed})
            continue;
        throw Error(ErrorCode::UnexpectedTensor,
                    "tensor '" + name + "' " + shape_string(t.shape) +
                        " is not part of this model",
                    {name, shape_string(t.shape)});
    }
    // Every name and shape is right: convert, each tensor once into its place,
    // on every core (filling fresh memory is most of a large model's load),
    // its pages mapped in first by the thread that fills them.
    // Nothing may leave an OpenMP region by exception; the first is rethrown.
    std::exception_ptr failed;
#pragma omp parallel for schedule(dynamic, 1)
    for (size_t i = 0; i < reads.size(); ++i) {
        try {
            populate_pages(reads[i].second, size_t(reads[i].first->numel()) * sizeof(float));
            reads[i].first->read(reads[i].second);
        } catch (...) {
#pragma omp critical(attnscope_weights_read)
            if (!failed) failed = std::current_exception();
        }
    }
    if (failed) std::rethrow_exception(failed);
    return w;
}

ModelConfig infer_seed_config(const StoredMap& tensors) {
    auto need = [&](const std::string& name, int rank) -> const StoredTensor& {
        const auto it = tensors.find(name);
        if (it == tensors.end())
            throw Error(ErrorCode::MissingTensor,
                        "tensor '" + name + "' is missing, so the model's shape cannot be inferred",
                        {name});
        if (it->second.rank() != rank)
            throw Error(ErrorCode::ShapeMismatch,
                        "tensor '" + name + "' has shape " + shape_string(it->second.shape) +
                            ", expected " + std::to_string(rank) + " dimensions",
                        {name, std::to_string(rank), shape_string(it->second.shape)});
        return it->second;
    };
    auto to_int = [](int64_t v, const char* what) {
        if (v <= 0 || v > (1LL << 30))
            throw Error(ErrorCode::TooLarge, std::string("inferred ") + what + " is out of range");
        return int(v);
    };
    const StoredTensor& tok = need("token_embed.weight", 2);
    const StoredTensor& pos = need("position_embed.weight", 2);
    const int vocab = to_int(tok.shape[0], "vocab size");
    const int embed = to_int(tok.shape[1], "n_embed");
    const int context = to_int(pos.shape[0], "context length");

    static const std::regex block_re(R"(attn_blocks\.(\d+)\..*)");
    static const std::regex head_re(R"(attn_blocks\.0\.attn\.heads\.(\d+)\.key\.weight)");
    int layers = 0, heads = 0;
    bool qkv_bias = false;
    for (const auto& [name, t] : tensors) {
        std::smatch m;
        if (std::regex_match(name, m, block_re) && m[1].length() < 6)
            layers = std::max(layers, std::stoi(m[1]) + 1);
        if (std::regex_match(name, m, head_re) && m[1].length() < 6)
            heads = std::max(heads, std::stoi(m[1]) + 1);
        if (name.find(".attn.heads.") != std::string::npos && name.ends_with("key.bias"))
            qkv_bias = true;
    }
    if (layers > 0 && heads == 0)
        throw Error(ErrorCode::MissingTensor,
                    "tensor 'attn_blocks.0.attn.heads.0.key.weight' is missing",
                    {"attn_blocks.0.attn.heads.0.key.weight"});
    const bool tied = tensors.find("lm_head.weight") == tensors.end();
    const bool lm_bias = tensors.find("lm_head.bias") != tensors.end();
    ModelConfig c = (qkv_bias && tied)
                        ? ModelConfig::gpt2(vocab, context, embed, std::max(heads, 1), layers)
                        : ModelConfig::seed(vocab, context, embed, std::max(heads, 1), layers);
    c.qkv_bias = qkv_bias;
    c.tied_lm_head = tied;
    c.lm_head_bias = lm_bias;
    c.bias = tensors.count("layer_norm.bias") > 0;
    if (layers > 0) {
        const StoredTensor& fc = need("attn_blocks.0.mlp.hidden.weight", 2);
        if (fc.shape[0] != 4 * int64_t(embed)) c.mlp_hidden = to_int(fc.shape[0], "MLP width");
    }
    c.validate();
    return c;
}

}  // namespace attnscope

namespace attnscope {

void QuantizedMatrix::row(int64_t r, float* out) const { dequantize_row(type, row_data(r), cols, out); }

QuantizedMatrix QuantizedMatrix::middle_rows(int64_t r0, int64_t n) const {
    QuantizedMatrix m = *this;
    m.first = first + r0;
    m.rows = n;
    return m;
}

MatrixRM QuantizedMatrix::dense() const {
    MatrixRM m(rows, cols);
    for (int64_t r = 0; r < rows; ++r) row(r, m.data() + size_t(r) * size_t(cols));
    return m;
}

void LinearWeights::row(Eigen::Index r, float* out) const {
    if (quantized()) stored.row(r, out);
    else std::memcpy(out, weight.data() + size_t(r) * size_t(weight.cols()), sizeof(float) * size_t(weight.cols()));
}

const MatrixRM& LinearWeights::dense(MatrixRM& scratch) const {
    if (!quantized()) return weight;
    scratch = stored.dense();
    return scratch;
}

void Weights::unembedding_row(Eigen::Index r, float* out) const {
    const QuantizedMatrix& q = unembedding_stored();
    if (!q.empty()) {
        q.row(r, out);
        return;
    }
    const MatrixRM& u = unembedding();
    std::memcpy(out, u.data() + size_t(r) * size_t(u.cols()), sizeof(float) * size_t(u.cols()));
}

void Weights::token_row(int id, float* out) const {
    if (!tok_embed_stored.empty()) {
        tok_embed_stored.row(id, out);
        return;
    }
    std::memcpy(out, tok_embed.data() + size_t(id) * size_t(tok_embed.cols()), sizeof(float) * size_t(tok_embed.cols()));
}

void Weights::input_row(int id, float* out) const {
    token_row(id, out);
    if (!config.scale_embeddings) return;
    const float s = std::sqrt(float(config.n_embed));
    for (int c = 0; c < config.n_embed; ++c) out[c] *= s;
}

bool Weights::has_stored() const {
    if (!tok_embed_stored.empty() || lm_head.quantized()) return true;
    for (const LayerWeights& l : layers)
        for (const LinearWeights* lw : {&l.attn.q, &l.attn.k, &l.attn.v, &l.attn.proj, &l.mlp.hidden, &l.mlp.up, &l.mlp.proj})
            if (lw->quantized()) return true;
    return false;
}

Weights dequantized_copy(const Weights& w) {
    Weights out = w;
    const auto dense = [](LinearWeights& l) {
        if (!l.quantized()) return;
        l.weight = l.stored.dense();
        l.stored = QuantizedMatrix();
    };
    if (!out.tok_embed_stored.empty()) {
        out.tok_embed = out.tok_embed_stored.dense();
        out.tok_embed_stored = QuantizedMatrix();
    }
    dense(out.lm_head);
    for (LayerWeights& l : out.layers)
        for (LinearWeights* lw : {&l.attn.q, &l.attn.k, &l.attn.v, &l.attn.proj, &l.mlp.hidden, &l.mlp.up, &l.mlp.proj})
            dense(*lw);
    return out;
}

Weights with_llama_cpp_rounding(const Weights& w, bool on) {
    Weights out = w;
    out.tok_embed_stored.llama_cpp_rounding = on;  // a tied unembedding's
    out.lm_head.stored.llama_cpp_rounding = on;
    for (LayerWeights& l : out.layers) {
        for (LinearWeights* lw : {&l.attn.q, &l.attn.k, &l.attn.v, &l.attn.proj, &l.mlp.hidden, &l.mlp.up, &l.mlp.proj})
            lw->stored.llama_cpp_rounding = on;
        l.attn.llama_cpp_rope = on;
    }
    return out;
}

}  // namespace attnscope
