#include "model/gpt2_config.h"

#include <charconv>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"

namespace attnscope {

namespace {

void check(const std::string& origin, ModelConfig& c) {
    try {
        c.validate();
    } catch (const Error& e) {
        bad_format(origin, e.what(), e.args());
    }
}

}  // namespace

int int_entry(const Metadata& values, const std::string& key) {
    const auto it = values.find(key);
    if (it == values.end()) return 0;
    int v = 0;
    const std::string& s = it->second;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size() && v > 0 ? v : 0;
}

Json config_json_object(std::string_view text, const std::string& origin) {
    Json j;
    try {
        j = Json::parse(text);
    } catch (const Error& e) {
        bad_format(origin, std::string("is not valid JSON: ") + e.what());
    }
    if (!j.is_object()) bad_format(origin, "is not a JSON object");
    return j;
}

ModelConfig gpt2_config_from_hf_json(std::string_view text, const std::string& origin, bool* tied) {
    const Json j = config_json_object(text, origin);
    if (const Json* t = j.find("model_type"); t && !(t->is_string() && t->as_string() == "gpt2"))
        bad_format(origin, "model_type is '" + (t->is_string() ? t->as_string() : std::string("?")) +
                         "', not 'gpt2'; AttnScope reads GPT-2 folders",
             {"model_type"});
    auto get_int = [&](std::initializer_list<const char*> keys) {
        for (const char* key : keys) {
            const Json* v = j.find(key);
            if (!v) continue;
            if (!v->is_integer() || v->as_int() < 0 || v->as_int() > (int64_t(1) << 30))
                bad_format(origin, std::string("field '") + key + "' is not a valid integer", {key});
            return int(v->as_int());
        }
        bad_format(origin, std::string("lacks the field '") + *keys.begin() + "'", {*keys.begin()});
    };
    ModelConfig c = ModelConfig::gpt2(get_int({"vocab_size"}), get_int({"n_positions", "n_ctx"}),
                                      get_int({"n_embd"}), get_int({"n_head"}), get_int({"n_layer"}));
    if (const Json* v = j.find("n_inner"); v && !v->is_null()) c.mlp_hidden = get_int({"n_inner"});
    if (const Json* v = j.find("layer_norm_epsilon")) {
        if (!v->is_number())
            bad_format(origin, "field 'layer_norm_epsilon' is not a number", {"layer_norm_epsilon"});
        c.ln_eps = float(v->as_double());
    }
    std::string act = "gelu_new";
    if (const Json* v = j.find("activation_function")) {
        if (!v->is_string())
            bad_format(origin, "field 'activation_function' is not a string", {"activation_function"});
        act = v->as_string();
    }
    if (act == "gelu_new" || act == "gelu_pytorch_tanh" || act == "gelu_fast")
        c.activation = Activation::GeluTanh;
    else if (act == "gelu") c.activation = Activation::GeluErf;
    else if (act == "relu") c.activation = Activation::ReLU;
    else bad_format(origin, "activation_function '" + act + "' is not supported (gelu_new, gelu, relu are)",
              {"activation_function", act});
    auto flag = [&](const char* key, bool fallback) {
        const Json* v = j.find(key);
        if (!v) return fallback;
        if (!v->is_bool()) bad_format(origin, std::string("field '") + key + "' is not true/false", {key});
        return v->as_bool();
    };
    if (!flag("scale_attn_weights", true))
        bad_format(origin, "scale_attn_weights = false is not supported", {"scale_attn_weights"});
    if (flag("scale_attn_by_inverse_layer_idx", false))
        bad_format(origin, "scale_attn_by_inverse_layer_idx = true is not supported",
             {"scale_attn_by_inverse_layer_idx"});
    if (tied) *tied = flag("tie_word_embeddings", true);
    check(origin, c);
    return c;
}

ModelConfig gpt2_config_from_model_args(const Metadata& args, const std::string& origin) {
    auto need = [&](const char* key) {
        const int v = int_entry(args, key);
        if (v <= 0)
            bad_format(origin, std::string("model_args['") + key + "'] is missing or not a positive integer",
                 {key});
        return v;
    };
    ModelConfig c = ModelConfig::gpt2(need("vocab_size"), need("block_size"), need("n_embd"),
                                      need("n_head"), need("n_layer"));
    c.activation = Activation::GeluErf;
    if (const auto it = args.find("bias"); it != args.end()) {
        if (it->second != "true" && it->second != "false")
            bad_format(origin, "model_args['bias'] is not True/False", {"bias"});
        c.bias = it->second == "true";
    }
    c.qkv_bias = c.bias;
    check(origin, c);
    return c;
}

}  // namespace attnscope
