#include "model/hf_config.h"

#include <cmath>

#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "model/gpt2_config.h"

namespace attnscope {

namespace {

// Typed reads of config.json fields; a null value counts as absent, as
// transformers writes unset options (sliding_window: null).
struct Fields {
    const Json& j;
    const std::string& origin;

    const Json* find(const char* key) const {
        const Json* v = j.find(key);
        return v && !v->is_null() ? v : nullptr;
    }
    int integer(const char* key, int fallback = -1) const {
        const Json* v = find(key);
        if (!v) {
            if (fallback >= 0) return fallback;
            bad_format(origin, std::string("lacks the field '") + key + "'", {key});
        }
        if (!v->is_integer() || v->as_int() < 0 || v->as_int() > (int64_t(1) << 30))
            bad_format(origin, std::string("field '") + key + "' is not a valid integer", {key});
        return int(v->as_int());
    }
    double number(const char* key, double fallback) const {
        const Json* v = find(key);
        if (!v) return fallback;
        if (!v->is_number() || !std::isfinite(v->as_double()))
            bad_format(origin, std::string("field '") + key + "' is not a finite number", {key});
        return v->as_double();
    }
    bool flag(const char* key, bool fallback) const {
        const Json* v = find(key);
        if (!v) return fallback;
        if (!v->is_bool()) bad_format(origin, std::string("field '") + key + "' is not true/false", {key});
        return v->as_bool();
    }
    std::string text(const Json& o, const char* key, const char* fallback) const {
        const Json* v = o.find(key);
        if (!v || v->is_null()) return fallback;
        if (!v->is_string()) bad_format(origin, std::string("field '") + key + "' is not a string", {key});
        return v->as_string();
    }
    // The first of `keys` present, else `fallback`.
    double first_number(std::initializer_list<const char*> keys, double fallback) const {
        for (const char* k : keys)
            if (find(k)) return number(k, fallback);
        return fallback;
    }
};

Activation activation(const std::string& act, const std::string& origin) {
    if (act == "silu" || act == "swish") return Activation::SiLU;
    if (act == "gelu") return Activation::GeluErf;
    if (act == "gelu_new" || act == "gelu_pytorch_tanh" || act == "gelu_fast") return Activation::GeluTanh;
    if (act == "relu") return Activation::ReLU;
    bad_format(origin, "hidden_act '" + act + "' is not supported (silu, gelu, gelu_new, relu are)", {"hidden_act", act});
}

void read_rope_scaling(const Fields& f, ModelConfig& c) {
    const Json* s = f.find("rope_scaling");
    if (!s) return;
    if (!s->is_object()) bad_format(f.origin, "field 'rope_scaling' is not an object", {"rope_scaling"});
    const std::string type = f.text(*s, "rope_type", f.text(*s, "type", "default").c_str());
    if (type == "default") return;
    const Fields sf{*s, f.origin};
    c.rope_factor = float(sf.number("factor", 1.0));
    if (type == "linear") {
        c.rope_scaling = RopeScaling::Linear;
    } else if (type == "llama3") {
        c.rope_scaling = RopeScaling::Llama3;
        c.rope_low_freq = float(sf.number("low_freq_factor", 1.0));
        c.rope_high_freq = float(sf.number("high_freq_factor", 4.0));
        c.rope_original_context = sf.integer("original_max_position_embeddings");
    } else {
        bad_format(f.origin, "rope_scaling type '" + type + "' is not supported (linear and llama3 are)",
             {"rope_scaling", type});
    }
}

}  // namespace

std::string hf_model_type(std::string_view text, const std::string& origin) {
    const Json j = config_json_object(text, origin);
    const Json* t = j.find("model_type");
    if (!t) return "gpt2";
    if (!t->is_string()) bad_format(origin, "field 'model_type' is not a string", {"model_type"});
    return t->as_string();
}

ModelConfig config_from_hf_json(std::string_view text, const std::string& origin, bool* tied) {
    const std::string type = hf_model_type(text, origin);
    const Architecture* arch = find_architecture(type);
    if (!arch || !arch->hf_model_type)
        bad_format(origin, "model_type '" + type + "' is not supported; AttnScope opens " + supported_model_types(),
             {"model_type", type});
    if (type == "gpt2") return gpt2_config_from_hf_json(text, origin, tied);

    const Json j = config_json_object(text, origin);
    const Fields f{j, origin};
    ModelConfig c;
    apply_architecture(c, *arch);
    c.vocab_size = f.integer("vocab_size");
    c.n_embed = f.integer("hidden_size");
    c.n_head = f.integer("num_attention_heads");
    c.n_layer = f.integer("num_hidden_layers");
    c.mlp_hidden = f.integer("intermediate_size");
    c.context_length = f.integer("max_position_embeddings");
    c.n_kv_head = f.integer("num_key_value_heads", 0);
    c.head_dim = f.integer("head_dim", 0);
    c.activation = activation(f.text(j, "hidden_act", activation_name(arch->activation)), origin);
    c.ln_eps = float(f.first_number({"rms_norm_eps", "layer_norm_eps"}, 1e-6));
    c.rope_theta = float(f.first_number({"rope_theta", "rotary_emb_base"}, 10000.0));
    read_rope_scaling(f, c);
    c.parallel_residual = f.flag("use_parallel_residual", arch->parallel_residual);
    if (tied) *tied = f.flag("tie_word_embeddings", arch->tied_lm_head);
    c.tied_lm_head = f.flag("tie_word_embeddings", arch->tied_lm_head);

    // Options the table's rows do not compute are refused by name, never ignored.
    if (f.flag("mlp_bias", false)) bad_format(origin, "mlp_bias = true is not supported", {"mlp_bias"});
    if (std::string_view(arch->tensor_names) == "gpt_neox") {
        if (!f.flag("attention_bias", true)) bad_format(origin, "attention_bias = false is not supported", {"attention_bias"});
    } else if (f.flag("attention_bias", false)) {
        bad_format(origin, "attention_bias = true is not supported", {"attention_bias"});
    }
    if (type == "mistral") c.sliding_window = f.integer("sliding_window", 0);
    if (f.flag("use_sliding_window", false))
        bad_format(origin, "use_sliding_window = true is not supported for " + type, {"use_sliding_window"});

    // GPT-NeoX rotates the first rotary_pct of each head's dims (Pythia: 0.25).
    const double pct = f.first_number({"partial_rotary_factor", "rotary_pct"},
                                      std::string_view(arch->tensor_names) == "gpt_neox" ? 0.25 : 1.0);
    if (!(pct > 0.0 && pct <= 1.0)) bad_format(origin, "rotary_pct must be in (0, 1]", {"rotary_pct"});
    if (c.n_head > 0) {
        const int hs = c.head_dim > 0 ? c.head_dim : c.n_embed / c.n_head;
        c.rope_dims = pct < 1.0 ? int(hs * pct) : 0;
        if (pct < 1.0 && c.rope_dims == 0) bad_format(origin, "rotary_pct leaves no dims to rotate", {"rotary_pct"});
    }
    try {
        c.validate();
    } catch (const Error& e) {
        bad_format(origin, e.what(), e.args());
    }
    return c;
}

}  // namespace attnscope
