#include "attnscope/model/config.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <tuple>
#include <vector>

#include <cmath>

#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"

namespace attnscope {

namespace {

// Far beyond any model a desktop opens, small enough that no product overflows.
constexpr int kMaxLayers = 512, kMaxHeads = 1024, kMaxEmbed = 65536;
constexpr int kMaxContext = 1 << 20, kMaxVocab = 1 << 22;

void check_range(const char* field, int value, int lo, int hi) {
    if (value < lo || value > hi)
        throw Error(ErrorCode::InvalidArgument,
                    std::string("config field ") + field + " = " + std::to_string(value) +
                        " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]",
                    {field, std::to_string(value)});
}

}  // namespace

const char* activation_name(Activation a) {
    switch (a) {
    case Activation::ReLU: return "relu";
    case Activation::GeluTanh: return "gelu_tanh";
    case Activation::GeluErf: return "gelu";
    case Activation::SiLU: return "silu";
    }
    return "relu";
}

const char* norm_name(NormKind n) { return n == NormKind::RMSNorm ? "rmsnorm" : "layernorm"; }

const char* rope_scaling_name(RopeScaling s) {
    switch (s) {
    case RopeScaling::None: return "none";
    case RopeScaling::Linear: return "linear";
    case RopeScaling::Llama3: return "llama3";
    }
    return "none";
}

void ModelConfig::validate() const {
    check_range("vocab_size", vocab_size, 1, kMaxVocab);
    check_range("context_length", context_length, 1, kMaxContext);
    check_range("n_embed", n_embed, 1, kMaxEmbed);
    check_range("n_head", n_head, 1, kMaxHeads);
    check_range("n_layer", n_layer, 0, kMaxLayers);
    check_range("mlp_hidden", mlp_hidden, 0, 8 * kMaxEmbed);
    check_range("n_kv_head", n_kv_head, 0, n_head);
    check_range("head_dim", head_dim, 0, kMaxEmbed);
    check_range("sliding_window", sliding_window, 0, kMaxContext);
    check_range("window_pattern", window_pattern, 0, kMaxLayers);
    for (const auto& [field, v] : {std::pair{"attn_softcap", attn_softcap}, std::pair{"final_softcap", final_softcap},
                                   std::pair{"norm_offset", norm_offset}})
        if (!std::isfinite(v) || v < 0.0f || v > 1e6f)
            throw Error(ErrorCode::InvalidArgument, std::string("config field ") + field + " must be in [0, 1e6]",
                        {field, std::to_string(v)});
    auto bad = [](const char* field, const std::string& why, double value) {
        throw Error(ErrorCode::InvalidArgument, std::string("config field ") + field + " " + why,
                    {field, std::to_string(value)});
    };
    if (n_head % kv_heads() != 0)
        throw Error(ErrorCode::InvalidArgument,
                    "n_head " + std::to_string(n_head) + " is not divisible by n_kv_head " +
                        std::to_string(kv_heads()),
                    {"n_kv_head", std::to_string(kv_heads())});
    // Every head's q, k and v side by side must stay within the widths above.
    if (int64_t(n_head) * head_size() > kMaxEmbed)
        bad("head_dim", "times n_head is more than " + std::to_string(kMaxEmbed), head_size());
    if (position == PositionKind::Rotary) {
        if (!(std::isfinite(rope_theta) && rope_theta > 1.0f && rope_theta <= 1e12f))
            bad("rope_theta", "must be in (1, 1e12]", rope_theta);
        if (rope_dims < 0 || rope_dims > head_size() || rope_dims % 2 != 0)
            bad("rope_dims", "must be even and at most the head size " + std::to_string(head_size()), rope_dims);
        if (rotary_dims() % 2 != 0) bad("head_dim", "must be even for rotary embeddings", head_size());
        if (!(std::isfinite(rope_factor) && rope_factor >= 1.0f && rope_factor <= 1e6f))
            bad("rope_factor", "must be in [1, 1e6]", rope_factor);
        if (rope_scaling == RopeScaling::Llama3) {
            if (!(std::isfinite(rope_low_freq) && std::isfinite(rope_high_freq) && rope_low_freq > 0 &&
                  rope_high_freq > rope_low_freq && rope_high_freq <= 1e6f))
                bad("rope_high_freq", "must be finite and larger than rope_low_freq > 0", rope_high_freq);
            check_range("rope_original_context", rope_original_context, 1, kMaxContext);
        }
    }
    if (head_dim == 0 && n_embed % n_head != 0)
        throw Error(ErrorCode::InvalidArgument,
                    "n_embed " + std::to_string(n_embed) + " is not divisible by n_head " +
                        std::to_string(n_head),
                    {"n_embed", std::to_string(n_embed)});
    if (!(ln_eps > 0.0f && ln_eps < 1.0f))
        throw Error(ErrorCode::InvalidArgument, "config field ln_eps must be in (0, 1)",
                    {"ln_eps", std::to_string(ln_eps)});
}

int64_t ModelConfig::parameter_count() const {
    const int64_t C = n_embed, V = vocab_size, F = hidden();
    const int64_t Q = int64_t(n_head) * head_size(), KV = int64_t(kv_heads()) * head_size();
    const int64_t b = bias ? 1 : 0;
    const int64_t per_layer = (2 + 2 * b) * C                                  // ln1, ln2
                              + Q * C + 2 * KV * C + (qkv_bias ? Q + 2 * KV : 0)  // q, k, v
                              + (qk_norm ? 2 * head_size() : 0)                // q_norm, k_norm
                              + Q * C + b * C                                  // proj
                              + (mlp == MlpKind::Gated ? F * C : 0)            // up
                              + F * C + b * F + C * F + b * C;                 // mlp
    const int64_t positions = position == PositionKind::Learned ? int64_t(context_length) * C : 0;
    int64_t n = V * C + positions + n_layer * per_layer + (1 + b) * C;
    if (!tied_lm_head) n += V * C;
    if (lm_head_bias) n += V;
    return n;
}

ModelConfig ModelConfig::seed(int vocab, int context, int embed, int heads, int layers) {
    ModelConfig c;
    apply_architecture(c, *find_architecture("seed"));
    c.vocab_size = vocab;
    c.context_length = context;
    c.n_embed = embed;
    c.n_head = heads;
    c.n_layer = layers;
    return c;
}

ModelConfig ModelConfig::gpt2(int vocab, int context, int embed, int heads, int layers) {
    ModelConfig c = seed(vocab, context, embed, heads, layers);
    apply_architecture(c, *find_architecture("gpt2"));
    return c;
}

ModelConfig ModelConfig::parse_spec(std::string_view spec, uint64_t* random_seed) {
    ModelConfig c = seed(0, 0, 0, 0, 0);
    const Architecture* arch = find_architecture("seed");
    uint64_t random_seed_value = 0;
    std::vector<std::string> given;  // the keys the spec sets
    std::string_view rest = spec;
    while (!rest.empty()) {
        const size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (item.empty()) continue;
        const size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            throw Error(ErrorCode::InvalidArgument,
                        "model spec item '" + std::string(item) + "' is not key=value",
                        {std::string(item)});
        const std::string key(item.substr(0, eq));
        const std::string_view val = item.substr(eq + 1);
        if (key == "arch") {
            arch = find_architecture(val);
            if (!arch || std::string_view(arch->name) == "nanogpt")
                throw Error(ErrorCode::InvalidArgument,
                            "arch must be seed or one of " + supported_model_types() + ", not '" +
                                std::string(val) + "'");
            continue;
        }
        int64_t number = 0;
        auto [p, ec] = std::from_chars(val.data(), val.data() + val.size(), number);
        const bool digits = !val.empty() && val.find_first_not_of("0123456789") == std::string_view::npos;
        if (digits && (ec == std::errc::result_out_of_range || number > (1LL << 31) - 1))
            throw Error(ErrorCode::InvalidArgument,
                        "model spec value for '" + key + "' is too large: '" + std::string(val) + "' (at most " +
                            std::to_string((1LL << 31) - 1) + ")",
                        {key, std::string(val)});
        if (ec != std::errc() || p != val.data() + val.size() || number < 0)
            throw Error(ErrorCode::InvalidArgument,
                        "model spec value for '" + key + "' is not a non-negative integer: '" +
                            std::string(val) + "'",
                        {key, std::string(val)});
        given.push_back(key);
        const int v = int(number);
        if (key == "n_layer") c.n_layer = v;
        else if (key == "n_head") c.n_head = v;
        else if (key == "n_embed") c.n_embed = v;
        else if (key == "context" || key == "context_length") c.context_length = v;
        else if (key == "vocab" || key == "vocab_size") c.vocab_size = v;
        else if (key == "n_kv_head") c.n_kv_head = v;
        else if (key == "head_dim") c.head_dim = v;
        else if (key == "mlp_hidden") c.mlp_hidden = v;
        else if (key == "window" || key == "sliding_window") c.sliding_window = v;
        else if (key == "seed") random_seed_value = uint64_t(number);
        else
            throw Error(ErrorCode::InvalidArgument, "unknown model spec key '" + key + "'", {key});
    }
    // Each given under its name or its long one (vocab or vocab_size); a
    // model of no layers has no attention to show.
    const std::tuple<const char*, const char*, int> required[] = {
        {"vocab", "vocab_size", c.vocab_size}, {"context", "context_length", c.context_length},
        {"n_embed", "n_embed", c.n_embed},     {"n_head", "n_head", c.n_head},
        {"n_layer", "n_layer", c.n_layer}};
    for (const auto& [key, long_key, value] : required)
        if (value == 0 && (std::find(given.begin(), given.end(), key) != given.end() ||
                           std::find(given.begin(), given.end(), long_key) != given.end()))
            throw Error(ErrorCode::InvalidArgument, std::string("model spec ") + key + " must be at least 1, not 0",
                        {key});
        else if (value == 0)
            throw Error(ErrorCode::InvalidArgument,
                        std::string("model spec needs ") + key + "=N (e.g. "
                        "n_layer=2,n_head=4,n_embed=32,context=64,vocab=65,seed=1)",
                        {key});
    apply_architecture(c, *arch);
    c.validate();
    if (random_seed) *random_seed = random_seed_value;
    return c;
}

std::string ModelConfig::to_json() const {
    std::ostringstream os;
    JsonWriter w(os);
    w.begin_object();
    w.key("arch").value(arch);
    w.key("vocab_size").value(vocab_size);
    w.key("context_length").value(context_length);
    w.key("n_embed").value(n_embed);
    w.key("n_head").value(n_head);
    w.key("n_layer").value(n_layer);
    w.key("mlp_hidden").value(hidden());
    w.key("activation").value(activation_name(activation));
    w.key("qkv_bias").value(qkv_bias);
    w.key("bias").value(bias);
    w.key("lm_head_bias").value(lm_head_bias);
    w.key("tied_lm_head").value(tied_lm_head);
    w.key("ln_eps").value(ln_eps);
    // The Llama-family fields only where they differ from the seed's: files and
    // dumps of seed and GPT-2 models read as before.
    const ModelConfig d;
    if (norm != d.norm) w.key("norm").value(norm_name(norm));
    if (position != d.position) w.key("position").value("rotary");
    if (mlp != d.mlp) w.key("mlp").value("gated");
    if (n_kv_head != d.n_kv_head) w.key("n_kv_head").value(n_kv_head);
    if (head_dim != d.head_dim) w.key("head_dim").value(head_dim);
    if (position == PositionKind::Rotary) {
        w.key("rope_theta").value(rope_theta);
        if (rope_dims != d.rope_dims) w.key("rope_dims").value(rope_dims);
        if (rope_scaling != d.rope_scaling) {
            w.key("rope_scaling").value(rope_scaling_name(rope_scaling));
            w.key("rope_factor").value(rope_factor);
        }
        if (rope_scaling == RopeScaling::Llama3) {
            w.key("rope_low_freq").value(rope_low_freq);
            w.key("rope_high_freq").value(rope_high_freq);
            w.key("rope_original_context").value(rope_original_context);
        }
    }
    if (sliding_window != d.sliding_window) w.key("sliding_window").value(sliding_window);
    if (parallel_residual) w.key("parallel_residual").value(true);
    if (qk_norm) w.key("qk_norm").value(true);
    if (scale_embeddings) w.key("scale_embeddings").value(true);
    if (norm_offset != 0.0f) w.key("norm_offset").value(norm_offset);
    if (post_norms) w.key("post_norms").value(true);
    if (attn_softcap > 0) w.key("attn_softcap").value(attn_softcap);
    if (final_softcap > 0) w.key("final_softcap").value(final_softcap);
    if (window_pattern > 0) w.key("window_pattern").value(window_pattern);
    w.end_object();
    return os.str();
}

ModelConfig ModelConfig::from_json(std::string_view text) {
    const Json j = Json::parse(text);
    if (!j.is_object()) throw Error(ErrorCode::BadFormat, "model config is not a JSON object");
    ModelConfig c;
    auto get_int = [&](const char* key, int& out, bool required) {
        const Json* v = j.find(key);
        if (!v) {
            if (required)
                throw Error(ErrorCode::BadFormat, std::string("model config lacks '") + key + "'",
                            {key});
            return;
        }
        if (!v->is_integer() || v->as_int() < 0 || v->as_int() > (1LL << 31) - 1)
            throw Error(ErrorCode::BadFormat,
                        std::string("model config field '") + key + "' is not a valid integer",
                        {key});
        out = int(v->as_int());
    };
    auto get_bool = [&](const char* key, bool& out) {
        if (const Json* v = j.find(key)) {
            if (!v->is_bool())
                throw Error(ErrorCode::BadFormat,
                            std::string("model config field '") + key + "' is not true/false",
                            {key});
            out = v->as_bool();
        }
    };
    if (const Json* v = j.find("arch"); v && v->is_string()) c.arch = v->as_string();
    get_int("vocab_size", c.vocab_size, true);
    get_int("context_length", c.context_length, true);
    get_int("n_embed", c.n_embed, true);
    get_int("n_head", c.n_head, true);
    get_int("n_layer", c.n_layer, true);
    get_int("mlp_hidden", c.mlp_hidden, false);
    if (const Json* v = j.find("activation")) {
        if (v->is_string() && v->as_string() == "relu") c.activation = Activation::ReLU;
        else if (v->is_string() && v->as_string() == "gelu_tanh") c.activation = Activation::GeluTanh;
        else if (v->is_string() && v->as_string() == "gelu") c.activation = Activation::GeluErf;
        else if (v->is_string() && v->as_string() == "silu") c.activation = Activation::SiLU;
        else throw Error(ErrorCode::BadFormat, "model config names an unknown activation", {"activation"});
    }
    get_bool("qkv_bias", c.qkv_bias);
    get_bool("bias", c.bias);
    get_bool("lm_head_bias", c.lm_head_bias);
    get_bool("tied_lm_head", c.tied_lm_head);
    if (const Json* v = j.find("ln_eps"); v && v->is_number()) c.ln_eps = float(v->as_double());
    auto get_choice = [&](const char* key, std::initializer_list<const char*> names) {
        const Json* v = j.find(key);
        if (!v) return 0;
        int i = 0;
        for (const char* n : names) {
            if (v->is_string() && v->as_string() == n) return i;
            ++i;
        }
        throw Error(ErrorCode::BadFormat, std::string("model config field '") + key + "' has an unknown value", {key});
    };
    auto get_float = [&](const char* key, float& out) {
        if (const Json* v = j.find(key)) {
            if (!v->is_number())
                throw Error(ErrorCode::BadFormat, std::string("model config field '") + key + "' is not a number", {key});
            out = float(v->as_double());
        }
    };
    c.norm = NormKind(get_choice("norm", {"layernorm", "rmsnorm"}));
    c.position = PositionKind(get_choice("position", {"learned", "rotary"}));
    c.mlp = MlpKind(get_choice("mlp", {"plain", "gated"}));
    c.rope_scaling = RopeScaling(get_choice("rope_scaling", {"none", "linear", "llama3"}));
    get_int("n_kv_head", c.n_kv_head, false);
    get_int("head_dim", c.head_dim, false);
    get_int("rope_dims", c.rope_dims, false);
    get_int("rope_original_context", c.rope_original_context, false);
    get_int("sliding_window", c.sliding_window, false);
    get_float("rope_theta", c.rope_theta);
    get_float("rope_factor", c.rope_factor);
    get_float("rope_low_freq", c.rope_low_freq);
    get_float("rope_high_freq", c.rope_high_freq);
    get_bool("parallel_residual", c.parallel_residual);
    get_bool("qk_norm", c.qk_norm);
    get_bool("scale_embeddings", c.scale_embeddings);
    get_float("norm_offset", c.norm_offset);
    get_bool("post_norms", c.post_norms);
    get_float("attn_softcap", c.attn_softcap);
    get_float("final_softcap", c.final_softcap);
    get_int("window_pattern", c.window_pattern, false);
    if (int64_t(c.mlp_hidden) == 4 * int64_t(c.n_embed)) c.mlp_hidden = 0;  // the default width, stated explicitly (64-bit: no overflow)
    try {
        c.validate();
    } catch (const Error& e) {
        throw Error(ErrorCode::BadFormat, std::string("model config: ") + e.what(), e.args());
    }
    return c;
}

std::string random_model_problem(const ModelConfig& c) {
    using L = RandomModelLimits;
    const std::pair<const char*, std::pair<int, int>> fields[] = {
        {"n_layer", {c.n_layer, L::max_layers}}, {"n_head", {c.n_head, L::max_heads}},
        {"n_embed", {c.n_embed, L::max_embed}},  {"context", {c.context_length, L::max_context}},
        {"vocab", {c.vocab_size, L::max_vocab}}};
    for (const auto& [name, v] : fields)
        if (v.first > v.second)
            return std::string(name) + " " + std::to_string(v.first) + " is more than the " + std::to_string(v.second) +
                   " a random model may have";
    if (double(c.n_layer) * 12 * c.n_embed * c.n_embed > L::max_block_parameters)
        return "that model would need more than 8 GB of memory";
    return {};
}

}  // namespace attnscope
