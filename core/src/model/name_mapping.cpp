#include "model/name_mapping.h"

#include <charconv>
#include <optional>
#include <set>

#include "attnscope/common/error.h"
#include "formats/pickle.h"
#include "model/seed_weights.h"

namespace attnscope {

namespace {


// Runs `f`, putting `origin` before the message of any Error it throws.
template <class F>
auto with_origin(const std::string& origin, F&& f) {
    try {
        return f();
    } catch (const Error& e) {
        std::vector<std::string> args = e.args();
        args.insert(args.begin(), origin);
        throw Error(e.code(), origin + ": " + e.what(), std::move(args));
    }
}

// The number N in "<prefix>h.N.", or -1.
int layer_index(const std::string& name, const std::string& prefix) {
    if (!name.starts_with(prefix + "h.")) return -1;
    const char* b = name.data() + prefix.size() + 2;
    const char* e = name.data() + name.size();
    int n = -1;
    const auto [p, ec] = std::from_chars(b, e, n);
    if (ec != std::errc() || p == e || *p != '.' || p - b > 6) return -1;
    return n;
}

// HF stores c_attn as (C, 3C) while nanoGPT stores (3C, C); with C == 3C never
// true for C > 0 the two are told apart by the first layer's shape.
const StoredTensor* find(const StoredMap& t, const std::string& name) {
    const auto it = t.find(name);
    return it == t.end() ? nullptr : &it->second;
}

std::string gpt2_prefix(const StoredMap& tensors, Naming naming) {
    if (naming == Naming::NanoGpt) return "transformer.";
    for (const auto& [name, t] : tensors)
        if (name.starts_with("transformer.")) return "transformer.";
    return "";
}

bool is_gpt2_buffer(const std::string& name) {
    return name.starts_with("h.") &&
           (name.ends_with(".attn.bias") || name.ends_with(".attn.masked_bias"));
}

struct Expected {
    std::string name;  // as stored, prefix included
    Shape shape;
};

// The tensors a GPT-2-family model of `c` needs, in module order, as stored.
std::vector<Expected> gpt2_table(const ModelConfig& c, Naming naming, const std::string& p) {
    const int64_t V = c.vocab_size, C = c.n_embed, T = c.context_length, F = c.hidden();
    const bool conv = naming == Naming::HfGpt2;
    auto lin = [conv](int64_t out, int64_t in) { return conv ? Shape{in, out} : Shape{out, in}; };
    std::vector<Expected> e{{p + "wte.weight", {V, C}}, {p + "wpe.weight", {T, C}}};
    for (int i = 0; i < c.n_layer; ++i) {
        const std::string h = p + "h." + std::to_string(i) + ".";
        e.push_back({h + "ln_1.weight", {C}});
        if (c.bias) e.push_back({h + "ln_1.bias", {C}});
        e.push_back({h + "attn.c_attn.weight", lin(3 * C, C)});
        if (c.qkv_bias) e.push_back({h + "attn.c_attn.bias", {3 * C}});
        e.push_back({h + "attn.c_proj.weight", lin(C, C)});
        if (c.bias) e.push_back({h + "attn.c_proj.bias", {C}});
        e.push_back({h + "ln_2.weight", {C}});
        if (c.bias) e.push_back({h + "ln_2.bias", {C}});
        e.push_back({h + "mlp.c_fc.weight", lin(F, C)});
        if (c.bias) e.push_back({h + "mlp.c_fc.bias", {F}});
        e.push_back({h + "mlp.c_proj.weight", lin(C, F)});
        if (c.bias) e.push_back({h + "mlp.c_proj.bias", {C}});
    }
    e.push_back({p + "ln_f.weight", {C}});
    if (c.bias) e.push_back({p + "ln_f.bias", {C}});
    return e;
}

// A Linear weight (out, in) seen in a tensor stored as Linear or as Conv1D (in, out).
StoredTensor linear_weight(const StoredTensor& t, bool conv) { return conv ? t.transposed() : t; }

}  // namespace

const char* naming_name(Naming n) {
    switch (n) {
    case Naming::Seed: return "seed";
    case Naming::NanoGpt: return "nanogpt";
    case Naming::HfGpt2: return "hf-gpt2";
    }
    return "seed";
}

void strip_wrapper_prefixes(StoredMap& tensors, const std::string& origin,
                            std::vector<std::string>& notes) {
    std::set<std::string> removed;
    StoredMap out;
    for (auto& [name, t] : tensors) {
        std::string bare = name;
        for (bool again = true; again;) {
            again = false;
            for (const char* p : {"_orig_mod.", "module."})
                if (bare.starts_with(p)) {
                    removed.insert(p);
                    bare.erase(0, std::string_view(p).size());
                    again = true;
                }
        }
        if (out.count(bare))
            fail_in(origin, ErrorCode::DuplicateTensor,
                 "tensor '" + printable(bare) + "' appears twice (once with a '_orig_mod.' or "
                 "'module.' prefix)", {bare});
        out.emplace(std::move(bare), std::move(t));
    }
    tensors = std::move(out);
    if (!removed.empty()) {
        std::string what;
        for (const std::string& p : removed) what += (what.empty() ? "'" : " and '") + p + "'";
        notes.push_back("removed the " + what + " prefix from every tensor name");
    }
}

std::optional<Naming> recognise_naming(const StoredMap& tensors, Naming fallback) {
    if (tensors.count("token_embed.weight")) return Naming::Seed;
    for (const char* p : {"transformer.", ""}) {
        const StoredTensor* wte = find(tensors, std::string(p) + "wte.weight");
        if (!wte) continue;
        const StoredTensor* attn = find(tensors, std::string(p) + "h.0.attn.c_attn.weight");
        if (attn && attn->rank() == 2 && wte->rank() == 2 && attn->shape[0] != attn->shape[1]) {
            if (attn->shape[1] == 3 * attn->shape[0]) return Naming::HfGpt2;
            if (attn->shape[0] == 3 * attn->shape[1]) return Naming::NanoGpt;
        }
        if (*p == '\0') return Naming::HfGpt2;  // nanoGPT names always carry transformer.
        return fallback == Naming::Seed ? Naming::HfGpt2 : fallback;
    }
    return std::nullopt;
}

Naming detect_naming(const StoredMap& tensors, const std::string& origin, Naming fallback) {
    if (const std::optional<Naming> n = recognise_naming(tensors, fallback)) return *n;
    std::string some;
    int n = 0;
    for (auto it = tensors.begin(); it != tensors.end() && n < 4; ++it, ++n)
        some += (n ? ", '" : "'") + printable(it->first) + "'";
    fail_in(origin, ErrorCode::UnknownFormat,
         "tensor names are not those of a seed, nanoGPT or GPT-2 model (" +
             (tensors.empty() ? std::string("the file holds no tensors") : "first names: " + some) + ")");
}

ModelConfig seed_config(StoredMap& tensors, const ModelConfig* config, const std::string& origin) {
    // PyTorch saves a tied lm_head twice; the same values as the embedding mean tied.
    const StoredTensor* tok = find(tensors, "token_embed.weight");
    const StoredTensor* head = find(tensors, "lm_head.weight");
    if (!config && tok && head && tok->same_values(*head)) tensors.erase("lm_head.weight");
    return with_origin(origin, [&] { return config ? *config : infer_seed_config(tensors); });
}

Weights map_seed(const StoredMap& tensors, const ModelConfig& config, const std::string& origin) {
    return with_origin(origin, [&] { return weights_from_seed_views(tensors, config); });
}

ModelConfig infer_gpt2_config(const StoredMap& tensors, Naming naming, int n_head,
                              const std::string& origin, std::vector<std::string>& notes) {
    const std::string p = gpt2_prefix(tensors, naming);
    auto need = [&](const std::string& name, int rank) -> const StoredTensor& {
        const StoredTensor* t = find(tensors, name);
        if (!t)
            fail_in(origin, ErrorCode::MissingTensor,
                 "tensor '" + name + "' is missing, so the model's shape cannot be inferred", {name});
        if (t->rank() != rank)
            fail_in(origin, ErrorCode::ShapeMismatch,
                 "tensor '" + name + "' has shape " + shape_string(t->shape) + ", expected " +
                     std::to_string(rank) + " dimensions",
                 {name, std::to_string(rank), shape_string(t->shape)});
        return *t;
    };
    auto dim = [&](int64_t v, const char* what) {
        if (v <= 0 || v > (int64_t(1) << 30))
            fail_in(origin, ErrorCode::TooLarge, std::string("inferred ") + what + " " +
                                                  std::to_string(v) + " is out of range");
        return int(v);
    };
    const StoredTensor& wte = need(p + "wte.weight", 2);
    const StoredTensor& wpe = need(p + "wpe.weight", 2);
    int layers = 0;
    for (const auto& [name, t] : tensors)
        if (const int i = layer_index(name, p); i >= 0) layers = std::max(layers, i + 1);
    const int C = dim(wte.shape[1], "n_embd");
    if (n_head <= 0) {
        n_head = C % 64 == 0 ? C / 64 : 1;
        notes.push_back("the file does not say how many heads the model has; assumed " +
                        std::to_string(n_head) + " (head size " + std::to_string(C / n_head) + ")");
    }
    ModelConfig c = ModelConfig::gpt2(dim(wte.shape[0], "vocab_size"), dim(wpe.shape[0], "context length"),
                                      C, n_head, layers);
    c.bias = tensors.count(p + "ln_f.bias") > 0;
    c.qkv_bias = layers > 0 ? tensors.count(p + "h.0.attn.c_attn.bias") > 0 : c.bias;
    c.activation = naming == Naming::NanoGpt ? Activation::GeluErf : Activation::GeluTanh;
    if (layers > 0) {
        const StoredTensor& fc = need(p + "h.0.mlp.c_fc.weight", 2);
        const int64_t F = naming == Naming::HfGpt2 ? fc.shape[1] : fc.shape[0];
        if (F != 4 * int64_t(C)) c.mlp_hidden = dim(F, "MLP width");
    }
    with_origin(origin, [&] { c.validate(); });
    return c;
}

Weights map_gpt2(const StoredMap& tensors, ModelConfig c, Naming naming, const std::string& origin) {
    with_origin(origin, [&] { c.validate(); });
    const std::string p = gpt2_prefix(tensors, naming);
    const std::vector<Expected> table = gpt2_table(c, naming, p);
    for (const Expected& e : table) {
        const StoredTensor* t = find(tensors, e.name);
        if (!t)
            fail_in(origin, ErrorCode::MissingTensor,
                 "tensor '" + e.name + "' " + shape_string(e.shape) + " is missing",
                 {e.name, shape_string(e.shape)});
        if (t->shape != e.shape)
            fail_in(origin, ErrorCode::ShapeMismatch,
                 "tensor '" + e.name + "' has shape " + shape_string(t->shape) + ", expected " +
                     shape_string(e.shape),
                 {e.name, shape_string(e.shape), shape_string(t->shape)});
    }
    std::set<std::string> known;
    for (const Expected& e : table) known.insert(e.name);
    const Shape head_shape{c.vocab_size, c.n_embed};
    for (const auto& [name, t] : tensors) {
        if (known.count(name)) continue;
        if (name == "lm_head.weight") {
            if (t.shape != head_shape)
                fail_in(origin, ErrorCode::ShapeMismatch,
                     "tensor 'lm_head.weight' has shape " + shape_string(t.shape) + ", expected " +
                         shape_string(head_shape),
                     {name, shape_string(head_shape), shape_string(t.shape)});
            continue;
        }
        const std::string bare = name.starts_with(p) ? name.substr(p.size()) : name;
        if (name.starts_with(p) && is_gpt2_buffer(bare)) continue;
        // With the transformer. prefix in use, the same name without it is a duplicate.
        if (const std::string other = p + name; !p.empty() && known.count(other))
            fail_in(origin, ErrorCode::DuplicateTensor,
                 "tensors '" + printable(name) + "' and '" + other + "' are the same parameter",
                 {name, other});
        fail_in(origin, ErrorCode::UnexpectedTensor,
             "tensor '" + printable(name) + "' " + shape_string(t.shape) +
                 " is not part of a GPT-2 model with this config",
             {name, shape_string(t.shape)});
    }

    // A head saved beside the embedding is tied when it holds the same values.
    const StoredTensor& wte = tensors.at(p + "wte.weight");
    const StoredTensor* head = find(tensors, "lm_head.weight");
    c.tied_lm_head = !head || head->same_values(wte);
    c.lm_head_bias = false;

    const bool conv = naming == Naming::HfGpt2;
    const int64_t C = c.n_embed, hs = c.head_size();
    // The seed's names as views of the file's tensors: q, k and v of each head are
    // rows of the fused c_attn, a Conv1D weight is seen transposed. Nothing is
    // copied until the views are read into the weights.
    StoredMap seed;
    auto take = [&](const std::string& name) { return tensors.at(name); };
    seed["token_embed.weight"] = take(p + "wte.weight");
    seed["position_embed.weight"] = take(p + "wpe.weight");
    if (head && !c.tied_lm_head) seed["lm_head.weight"] = take("lm_head.weight");
    for (int i = 0; i < c.n_layer; ++i) {
        const std::string h = p + "h." + std::to_string(i) + ".";
        const std::string s = "attn_blocks." + std::to_string(i) + ".";
        for (const auto& [from, to] : {std::pair{"ln_1", "ln1"}, std::pair{"ln_2", "ln2"}}) {
            seed[s + to + ".weight"] = take(h + from + ".weight");
            if (c.bias) seed[s + to + ".bias"] = take(h + from + ".bias");
        }
        // c_attn: rows [0, C) are q, [C, 2C) k, [2C, 3C) v; head j owns hs rows of each.
        const StoredTensor qkv = linear_weight(tensors.at(h + "attn.c_attn.weight"), conv);
        const StoredTensor* qkv_b = c.qkv_bias ? &tensors.at(h + "attn.c_attn.bias") : nullptr;
        const char* parts[] = {"query", "key", "value"};
        for (int part = 0; part < 3; ++part)
            for (int j = 0; j < c.n_head; ++j) {
                const std::string name = s + "attn.heads." + std::to_string(j) + "." + parts[part];
                seed[name + ".weight"] = qkv.rows(part * C + j * hs, hs);
                if (qkv_b) seed[name + ".bias"] = qkv_b->rows(part * C + j * hs, hs);
            }
        for (const auto& [from, to] : {std::pair{"attn.c_proj", "attn.proj"},
                                       std::pair{"mlp.c_fc", "mlp.hidden"},
                                       std::pair{"mlp.c_proj", "mlp.proj"}}) {
            seed[s + to + ".weight"] = linear_weight(tensors.at(h + from + ".weight"), conv);
            if (c.bias) seed[s + to + ".bias"] = take(h + from + ".bias");
        }
    }
    seed["layer_norm.weight"] = take(p + "ln_f.weight");
    if (c.bias) seed["layer_norm.bias"] = take(p + "ln_f.bias");
    return with_origin(origin, [&] { return weights_from_seed_views(seed, c); });
}

}  // namespace attnscope
