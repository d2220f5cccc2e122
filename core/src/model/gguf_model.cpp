#include "model/gguf_model.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "attnscope/common/error.h"
#include "attnscope/model/architectures.h"
#include "attnscope/model/model_file.h"
#include "common/mapped_file.h"
#include "formats/py_value.h"
#include "run/rope.h"

namespace attnscope {

namespace {

// general.architecture -> the row of the architecture table, and how its
// files lay the tensors out.
struct GgufArch {
    const char* gguf;   // general.architecture
    const char* row;    // architectures() name
    bool permute_qk;    // llama.cpp's conversion interleaved q and k rows for its RoPE (llama)
    bool fused_qkv;     // blk.N.attn_qkv: q, k and v rows one after another
    bool fused_gate_up; // blk.N.ffn_up: the gate's rows, then the up projection's (phi3)
};

constexpr GgufArch kGgufArchs[] = {
    {"llama", "llama", true, false, false},     {"qwen2", "qwen2", false, false, false},
    {"qwen3", "qwen3", false, false, false},    {"gpt2", "gpt2", false, true, false},
    {"gptneox", "gpt_neox", false, true, false}, {"phi3", "phi3", false, true, true},
    {"gemma2", "gemma2", false, false, false},
};

std::string gm_shape(const Shape& s) { return shape_string(s); }

// A GGUF tensor's shape in PyTorch's order (ne reversed: (out, in) for a weight).
Shape gm_torch_shape(const GgufTensor& t) { return Shape(t.dims.rbegin(), t.dims.rend()); }

class GgufLoader {
public:
    GgufLoader(const GgufFile& f, const std::string& origin, std::shared_ptr<const MappedFile> keep)
        : f_(f), origin_(origin), keep_(std::move(keep)) {}

    const GgufTensor* find(const std::string& name) const { return f_.tensor(name); }
    bool has(const std::string& name) const { return f_.tensor(name) != nullptr; }

    const GgufTensor& need(const std::string& name, const Shape& shape) {
        const GgufTensor* t = f_.tensor(name);
        if (!t)
            fail_in(origin_, ErrorCode::MissingTensor, "tensor '" + name + "' " + gm_shape(shape) + " is missing",
                    {name, gm_shape(shape)});
        const Shape got = gm_torch_shape(*t);
        if (got != shape)
            fail_in(origin_, ErrorCode::ShapeMismatch,
                    "tensor '" + name + "' has shape " + gm_shape(got) + ", expected " + gm_shape(shape),
                    {name, gm_shape(shape), gm_shape(got)});
        used_.insert(name);
        return *t;
    }

    VectorF vec(const std::string& name, int64_t n) {
        const GgufTensor& t = need(name, {n});
        VectorF v(n);
        dequantize_row(t.type, t.data, n, v.data());
        return v;
    }
    // An optional vector: empty when the file has none.
    VectorF vec_if(const std::string& name, int64_t n) { return has(name) ? vec(name, n) : VectorF(); }

    QuantizedMatrix stored(const GgufTensor& t, int64_t rows, int64_t cols) const {
        QuantizedMatrix q;
        q.type = t.type;
        q.rows = rows;
        q.cols = cols;
        q.data = t.data;
        q.row_bytes = ggml_row_bytes(t.type, cols);
        q.keep = keep_;
        return q;
    }

    // (out, in) as stored; float32 ones copied. `order`: stored row of each row.
    LinearWeights linear(const std::string& name, int64_t out, int64_t in,
                         std::shared_ptr<const std::vector<int32_t>> order = nullptr) {
        const GgufTensor& t = need(name, {out, in});
        return linear_rows(t, 0, out, in, std::move(order));
    }

    // Rows [r0, r0 + n) of a stored (rows, in) weight (a fused qkv or gate_up).
    LinearWeights linear_rows(const GgufTensor& t, int64_t r0, int64_t n, int64_t in,
                              std::shared_ptr<const std::vector<int32_t>> order = nullptr) {
        LinearWeights lw;
        QuantizedMatrix q = stored(t, t.rows(), in).middle_rows(r0, n);
        q.order = std::move(order);
        if (q.order) q.first = 0;
        if (t.type == GgmlType::F32) {
            lw.weight = q.dense();
        } else {
            lw.stored = std::move(q);
            ++stored_types_[ggml_type_name(uint32_t(t.type))];
        }
        return lw;
    }

    MatrixRM dense(const std::string& name, int64_t rows, int64_t cols) {
        const GgufTensor& t = need(name, {rows, cols});
        return stored(t, rows, cols).dense();
    }

    // Every tensor was used; anything else is refused, naming it.
    void check_all_used(const std::string& arch, const std::set<std::string>& ignored) const {
        for (const GgufTensor& t : f_.tensors)
            if (!used_.count(t.name) && !ignored.count(t.name))
                fail_in(origin_, ErrorCode::UnexpectedTensor,
                        "tensor '" + printable(t.name) + "' " + gm_shape(gm_torch_shape(t)) + " is not part of a " + arch +
                            " model as AttnScope reads it",
                        {t.name, gm_shape(gm_torch_shape(t))});
    }

    const std::map<std::string, int>& stored_types() const { return stored_types_; }

private:
    const GgufFile& f_;
    const std::string& origin_;
    std::shared_ptr<const MappedFile> keep_;
    std::set<std::string> used_;
    std::map<std::string, int> stored_types_;
};

// The llama.cpp conversion's permutation of q or k rows: HF's rotate-half
// pair (j, j + hs/2) of a head became the adjacent rows (2j, 2j + 1). Row r of
// ours is stored row order[r].
std::shared_ptr<const std::vector<int32_t>> gm_unpermute(int heads, int hs) {
    auto order = std::make_shared<std::vector<int32_t>>(size_t(heads) * size_t(hs));
    const int half = hs / 2;
    for (int h = 0; h < heads; ++h)
        for (int s = 0; s < 2; ++s)
            for (int j = 0; j < half; ++j) (*order)[size_t(h * hs + s * half + j)] = int32_t(h * hs + 2 * j + s);
    return order;
}

int gm_int(const GgufFile& f, const std::string& key, const std::string& origin, int lo, int hi,
           std::optional<int> fallback = std::nullopt) {
    const GgufValue* v = f.find(key);
    if (!v) {
        if (fallback) return *fallback;
        fail_in(origin, ErrorCode::BadFormat, "metadata '" + key + "' is missing", {key});
    }
    if (v->is_array())
        fail_in(origin, ErrorCode::BadFormat,
                "metadata '" + key + "' is an array (a value per layer), which AttnScope does not read", {key});
    const int64_t x = f.get_int(key).value_or(0);
    if (x < lo || x > hi)
        fail_in(origin, ErrorCode::BadFormat,
                "metadata '" + key + "' is " + std::to_string(x) + ", outside [" + std::to_string(lo) + ", " +
                    std::to_string(hi) + "]",
                {key, std::to_string(x)});
    return int(x);
}

// A float metadata value, clamped into float's range (the config's checks
// then refuse what is out of bounds; a cast out of range would be undefined).
double gm_float(const GgufFile& f, const std::string& key, double fallback) {
    const double v = f.get_float(key).value_or(fallback);
    return std::isnan(v) ? v : std::clamp(v, -3.0e38, 3.0e38);
}

// Llama 3.1's rope_freqs.weight: one factor per rotated pair that divides its
// frequency. They are what rope_scaling "llama3" computes; the parameters
// are found by trying Llama 3.1's (factor = the largest factor, low 1, high
// 4, original context 8192) and checking every factor.
void gm_rope_freqs(const VectorF& factors, ModelConfig& c, const std::string& origin,
                   std::vector<std::string>& notes) {
    ModelConfig t = c;
    t.rope_scaling = RopeScaling::Llama3;
    t.rope_factor = factors.maxCoeff();
    t.rope_low_freq = 1.0f;
    t.rope_high_freq = 4.0f;
    t.rope_original_context = 8192;
    const std::vector<double> expected = rope::llama3_factors(t);
    bool all_one = true;
    for (int i = 0; i < int(expected.size()); ++i) {
        if (factors[i] != 1.0f) all_one = false;
        const double f = expected[size_t(i)];
        if (std::abs(f - double(factors[i])) > 1e-3 * f) {
            fail_in(origin, ErrorCode::BadFormat,
                    "rope_freqs.weight holds RoPE frequency factors that are not Llama 3.1's rope scaling "
                    "(factor " + std::to_string(t.rope_factor) + ", low 1, high 4, original context 8192); "
                    "AttnScope cannot apply them",
                    {"rope_freqs.weight"});
        }
    }
    if (all_one) return;
    c.rope_scaling = t.rope_scaling;
    c.rope_factor = t.rope_factor;
    c.rope_low_freq = t.rope_low_freq;
    c.rope_high_freq = t.rope_high_freq;
    c.rope_original_context = t.rope_original_context;
    notes.push_back("rope_freqs.weight read as Llama 3.1's rope scaling (factor " + std::to_string(int(t.rope_factor)) +
                    ", low 1, high 4, original context 8192)");
}

std::string gm_scalar_text(const GgufValue& v) {
    using T = GgufValue::Type;
    switch (v.type) {
    case T::String: return v.s.size() > 256 ? v.s.substr(0, 256) + "..." : v.s;
    case T::Bool: return v.i ? "true" : "false";
    case T::F32: case T::F64: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.9g", v.f);
        return buf;
    }
    case T::Array:
        return std::string("[") + std::to_string(v.array_size()) + " " + gguf_value_type_name(v.elem) + "]";
    default: return std::to_string(v.i);
    }
}

}  // namespace

std::string gguf_supported_architectures() {
    std::string out;
    for (const GgufArch& a : kGgufArchs) out += (out.empty() ? "" : ", ") + std::string(a.gguf);
    return out;
}

// The row of kGgufArchs the file's general.architecture names; throws Error
// naming a missing or unsupported one.
static const GgufArch& gguf_arch_of(const GgufFile& f, const std::string& path) {
    const std::optional<std::string> name = f.get_string("general.architecture");
    if (!name) fail_in(path, ErrorCode::BadFormat, "metadata 'general.architecture' is missing");
    for (const GgufArch& a : kGgufArchs)
        if (*name == a.gguf) return a;
    fail_in(path, ErrorCode::BadFormat,
            "GGUF architecture '" + printable(*name) + "' is not supported (AttnScope opens " +
                gguf_supported_architectures() + ")",
            {*name});
}

GgufProbe probe_gguf(const std::string& path) {
    GgufProbe p;
    try {
        const MappedFile file(path);
        const GgufFile f = GgufFile::parse(file.data(), file.size(), path);
        p.architecture = printable(f.get_string("general.architecture").value_or(""));
        gguf_arch_of(f, path);  // what load_gguf_model would refuse
    } catch (const Error& e) {
        p.why_not = e.what();
    }
    return p;
}

void load_gguf_model(LoadedModel& m, const std::string& path, std::shared_ptr<const MappedFile> file) {
    const GgufFile f = GgufFile::parse(file->data(), file->size(), path);
    m.format = "gguf";
    for (const std::string& k : f.key_order) m.metadata[k] = gm_scalar_text(f.metadata.at(k));
    for (const GgufTensor& t : f.tensors) m.file_tensors.emplace_back(t.name, gm_torch_shape(t));

    const GgufArch* ga = &gguf_arch_of(f, path);
    const Architecture* row = find_architecture(ga->row);
    if (!row) fail_in(path, ErrorCode::BadFormat, "GGUF architecture '" + std::string(ga->gguf) + "' has no row in the table");
    m.naming = ga->gguf;
    const std::string a = ga->gguf;
    const auto key = [&](const char* suffix) { return a + "." + suffix; };

    ModelConfig c;
    apply_architecture(c, *row);
    c.n_embed = gm_int(f, key("embedding_length"), path, 1, 1 << 16);
    c.n_layer = gm_int(f, key("block_count"), path, 0, 512);
    c.n_head = gm_int(f, key("attention.head_count"), path, 1, 1024);
    c.n_kv_head = gm_int(f, key("attention.head_count_kv"), path, 1, c.n_head, c.n_head);
    if (c.n_kv_head == c.n_head) c.n_kv_head = 0;
    c.mlp_hidden = gm_int(f, key("feed_forward_length"), path, 1, 1 << 19);
    const int ctx = gm_int(f, key("context_length"), path, 1, 1 << 30);
    c.context_length = std::min(ctx, 1 << 20);
    if (ctx > c.context_length)
        m.notes.push_back("context length " + std::to_string(ctx) + " read as " + std::to_string(c.context_length));
    const int key_len = gm_int(f, key("attention.key_length"), path, 1, 1 << 16, 0);
    const int value_len = gm_int(f, key("attention.value_length"), path, 1, 1 << 16, key_len);
    if (key_len != value_len)
        fail_in(path, ErrorCode::BadFormat,
                "keys of " + std::to_string(key_len) + " and values of " + std::to_string(value_len) +
                    " dims a head are not supported");
    if (key_len > 0 && (c.n_embed % c.n_head != 0 || key_len != c.n_embed / c.n_head)) c.head_dim = key_len;
    if (c.norm == NormKind::RMSNorm)
        c.ln_eps = float(gm_float(f, key("attention.layer_norm_rms_epsilon"), 1e-5));
    else
        c.ln_eps = float(gm_float(f, key("attention.layer_norm_epsilon"), 1e-5));
    if (c.position == PositionKind::Rotary) {
        c.rope_theta = float(gm_float(f, key("rope.freq_base"), 10000.0));
        const int hs = c.head_size();
        const int dims = gm_int(f, key("rope.dimension_count"), path, 2, 1 << 16, hs);
        c.rope_dims = dims == hs ? 0 : dims;
        const std::string scaling = f.get_string(key("rope.scaling.type")).value_or("none");
        const double factor = gm_float(f, key("rope.scaling.factor"), 0.0);
        if (scaling == "linear" && factor > 0 && factor != 1.0) {
            c.rope_scaling = RopeScaling::Linear;
            c.rope_factor = float(factor);
        } else if (scaling != "none" && scaling != "linear") {
            fail_in(path, ErrorCode::BadFormat,
                    "RoPE scaling '" + printable(scaling) + "' is not supported (none and linear are)", {scaling});
        }
    }
    if (c.arch == "gpt_neox") c.parallel_residual = f.get_bool(key("use_parallel_residual")).value_or(true);
    if (f.find(key("attention.sliding_window")) && c.arch != "llama")
        c.sliding_window = gm_int(f, key("attention.sliding_window"), path, 0, 1 << 20);
    if (c.arch == "gemma2") {
        c.attn_softcap = float(gm_float(f, key("attn_logit_softcapping"), 0.0));
        c.final_softcap = float(gm_float(f, key("final_logit_softcapping"), 0.0));
        // llama.cpp's conversion stores Gemma's norm weights as 1 + γ.
        c.norm_offset = 0.0f;
        m.notes.push_back("the norm weights are stored as 1 + gamma, as llama.cpp's conversion writes them");
    }

    // The vocabulary is the embedding's rows.
    const GgufTensor* embd = f.tensor("token_embd.weight");
    if (!embd)
        fail_in(path, ErrorCode::MissingTensor, "tensor 'token_embd.weight' is missing", {"token_embd.weight"});
    if (embd->dims.size() != 2 || embd->dims[0] != c.n_embed)
        fail_in(path, ErrorCode::ShapeMismatch,
                "tensor 'token_embd.weight' has shape " + gm_shape(gm_torch_shape(*embd)) + ", expected (vocab, " +
                    std::to_string(c.n_embed) + ")",
                {"token_embd.weight"});
    if (embd->dims[1] < 1 || embd->dims[1] > (1 << 22))
        fail_in(path, ErrorCode::TooLarge, "a vocabulary of " + std::to_string(embd->dims[1]) + " tokens");
    c.vocab_size = int(embd->dims[1]);
    c.tied_lm_head = !f.tensor("output.weight");
    c.qkv_bias = f.tensor("blk.0.attn_q.bias") || f.tensor("blk.0.attn_qkv.bias");
    c.lm_head_bias = f.tensor("output.bias") != nullptr;
    c.qk_norm = f.tensor("blk.0.attn_q_norm.weight") != nullptr;

    std::set<std::string> ignored;
    GgufLoader ld(f, path, file);
    if (const GgufTensor* rf = f.tensor("rope_freqs.weight")) {
        ignored.insert(rf->name);
        const Shape s = gm_torch_shape(*rf);
        if (s != Shape{c.rotary_dims() / 2} || rf->type != GgmlType::F32)
            fail_in(path, ErrorCode::ShapeMismatch, "tensor 'rope_freqs.weight' is not (" +
                                                        std::to_string(c.rotary_dims() / 2) + ") float32");
        VectorF factors(c.rotary_dims() / 2);
        dequantize_row(rf->type, rf->data, factors.size(), factors.data());
        gm_rope_freqs(factors, c, path, m.notes);
    }
    try {
        c.validate();
    } catch (const Error& e) {
        throw Error(e.code(), path + ": " + e.what(), e.args());
    }

    auto w = std::make_shared<Weights>();
    w->config = c;
    const int64_t C = c.n_embed, V = c.vocab_size, F = c.hidden(), hs = c.head_size();
    const int64_t Q = c.q_width(), KV = c.kv_width();
    {
        const GgufTensor& t = ld.need("token_embd.weight", {V, C});
        if (t.type == GgmlType::F32) w->tok_embed = ld.stored(t, V, C).dense();
        else w->tok_embed_stored = ld.stored(t, V, C);
    }
    if (c.position == PositionKind::Learned)
        w->pos_embed = ld.dense("position_embd.weight", c.context_length, C);
    const bool norm_bias = c.norm == NormKind::LayerNorm;
    const auto norm = [&](const std::string& n) {
        LayerNormWeights l;
        l.weight = ld.vec(n + ".weight", C);
        if (norm_bias) l.bias = ld.vec(n + ".bias", C);
        return l;
    };
    const auto bias = [&](const std::string& n, int64_t size) {
        return c.bias || c.qkv_bias ? ld.vec_if(n, size) : VectorF();
    };
    w->layers.resize(size_t(c.n_layer));
    for (int l = 0; l < c.n_layer; ++l) {
        const std::string p = "blk." + std::to_string(l) + ".";
        LayerWeights& lw = w->layers[size_t(l)];
        lw.ln1 = norm(p + "attn_norm");
        lw.ln2 = norm(p + "ffn_norm");
        if (c.post_norms) {
            lw.post_attn = norm(p + "post_attention_norm");
            lw.post_mlp = norm(p + "post_ffw_norm");
        }
        if (ga->fused_qkv) {
            const GgufTensor& t = ld.need(p + "attn_qkv.weight", {Q + 2 * KV, C});
            lw.attn.q = ld.linear_rows(t, 0, Q, C);
            lw.attn.k = ld.linear_rows(t, Q, KV, C);
            lw.attn.v = ld.linear_rows(t, Q + KV, KV, C);
            if (c.qkv_bias) {
                const VectorF b = ld.vec(p + "attn_qkv.bias", Q + 2 * KV);
                lw.attn.q.bias = b.segment(0, Q);
                lw.attn.k.bias = b.segment(Q, KV);
                lw.attn.v.bias = b.segment(Q + KV, KV);
            }
        } else {
            lw.attn.q = ld.linear(p + "attn_q.weight", Q, C, ga->permute_qk ? gm_unpermute(c.n_head, int(hs)) : nullptr);
            lw.attn.k = ld.linear(p + "attn_k.weight", KV, C, ga->permute_qk ? gm_unpermute(c.kv_heads(), int(hs)) : nullptr);
            lw.attn.v = ld.linear(p + "attn_v.weight", KV, C);
            if (c.qkv_bias) {
                lw.attn.q.bias = ld.vec(p + "attn_q.bias", Q);
                lw.attn.k.bias = ld.vec(p + "attn_k.bias", KV);
                lw.attn.v.bias = ld.vec(p + "attn_v.bias", KV);
            }
        }
        if (c.qk_norm) {
            lw.attn.q_norm = ld.vec(p + "attn_q_norm.weight", hs);
            lw.attn.k_norm = ld.vec(p + "attn_k_norm.weight", hs);
        }
        lw.attn.proj = ld.linear(p + "attn_output.weight", C, Q);
        lw.attn.proj.bias = bias(p + "attn_output.bias", C);
        if (c.mlp == MlpKind::Gated) {
            if (ga->fused_gate_up) {
                const GgufTensor& t = ld.need(p + "ffn_up.weight", {2 * F, C});
                lw.mlp.hidden = ld.linear_rows(t, 0, F, C);
                lw.mlp.up = ld.linear_rows(t, F, F, C);
            } else {
                lw.mlp.hidden = ld.linear(p + "ffn_gate.weight", F, C);
                lw.mlp.up = ld.linear(p + "ffn_up.weight", F, C);
            }
        } else {
            lw.mlp.hidden = ld.linear(p + "ffn_up.weight", F, C);
            lw.mlp.hidden.bias = bias(p + "ffn_up.bias", F);
        }
        lw.mlp.proj = ld.linear(p + "ffn_down.weight", C, F);
        lw.mlp.proj.bias = bias(p + "ffn_down.bias", C);
    }
    w->ln_f = norm("output_norm");
    if (!c.tied_lm_head) w->lm_head = ld.linear("output.weight", V, C);
    if (c.lm_head_bias) w->lm_head.bias = ld.vec("output.bias", V);
    ld.check_all_used(a, ignored);

    // Biases the config turned on that the file lacks: zero is what it means.
    for (LayerWeights& lw : w->layers) {
        if (c.bias) {
            if (lw.attn.proj.bias.size() == 0) lw.attn.proj.bias = VectorF::Zero(C);
            if (lw.mlp.proj.bias.size() == 0) lw.mlp.proj.bias = VectorF::Zero(C);
            if (c.mlp == MlpKind::Plain && lw.mlp.hidden.bias.size() == 0) lw.mlp.hidden.bias = VectorF::Zero(F);
        }
    }
    std::string kept;
    for (const auto& [type, n] : ld.stored_types())
        kept += (kept.empty() ? "" : ", ") + std::to_string(n) + " " + type;
    if (!kept.empty()) m.notes.push_back("weight matrices kept as stored: " + kept);
    if (c.tied_lm_head) m.notes.push_back("the output layer is the token embedding (no output.weight)");
    m.weights = std::move(w);
}

}  // namespace attnscope
