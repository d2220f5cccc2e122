#include "model/hf_weights.h"

#include <set>

#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "formats/pickle.h"
#include "model/seed_weights.h"

namespace attnscope {

namespace {

// One file tensor: its name as stored, its shape, and the seed names it feeds:
// `rows` seed tensors of `row_count` rows each, the i-th starting at row
// `row_of(i)` (a head's slice of a q/k/v matrix), or the whole tensor.
struct Entry {
    std::string name;
    Shape shape;
    std::vector<std::pair<std::string, int64_t>> parts;  // seed name, first row; empty: the whole tensor
    std::string whole;                                   // seed name when parts is empty
    int64_t part_rows = 0;
};

// Buffers older checkpoints saved beside the parameters: nothing to load.
bool is_hf_buffer(const std::string& name) {
    return name.ends_with(".rotary_emb.inv_freq") || name.ends_with(".attention.bias") ||
           name.ends_with(".attention.masked_bias");
}

// Head h of `what` ("query", "key", "value") in layer block `s`.
std::string head_name(const std::string& s, int h, const char* what, const char* suffix) {
    return s + "attn.heads." + std::to_string(h) + "." + what + suffix;
}

std::vector<Entry> llama_table(const ModelConfig& c) {
    const int64_t V = c.vocab_size, C = c.n_embed, F = c.hidden(), hs = c.head_size();
    const int H = c.n_head, Hkv = c.kv_heads();
    std::vector<Entry> e{{"model.embed_tokens.weight", {V, C}, {}, "token_embed.weight"}};
    for (int i = 0; i < c.n_layer; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        const std::string s = "attn_blocks." + std::to_string(i) + ".";
        e.push_back({p + "input_layernorm.weight", {C}, {}, s + "ln1.weight"});
        const std::pair<const char*, std::pair<const char*, int>> qkv[] = {
            {"q_proj", {"query", H}}, {"k_proj", {"key", Hkv}}, {"v_proj", {"value", Hkv}}};
        for (const auto& [proj, what] : qkv) {
            for (const char* suffix : {".weight", ".bias"}) {
                const bool weight = suffix[1] == 'w';
                if (!weight && !c.qkv_bias) continue;
                Entry x{p + "self_attn." + proj + suffix, weight ? Shape{what.second * hs, C} : Shape{what.second * hs}, {}, ""};
                for (int h = 0; h < what.second; ++h) x.parts.emplace_back(head_name(s, h, what.first, suffix), h * hs);
                x.part_rows = hs;
                e.push_back(std::move(x));
            }
        }
        if (c.qk_norm) {
            e.push_back({p + "self_attn.q_norm.weight", {hs}, {}, s + "attn.q_norm.weight"});
            e.push_back({p + "self_attn.k_norm.weight", {hs}, {}, s + "attn.k_norm.weight"});
        }
        e.push_back({p + "self_attn.o_proj.weight", {C, H * hs}, {}, s + "attn.proj.weight"});
        e.push_back({p + "post_attention_layernorm.weight", {C}, {}, s + "ln2.weight"});
        e.push_back({p + "mlp.gate_proj.weight", {F, C}, {}, s + "mlp.hidden.weight"});
        e.push_back({p + "mlp.up_proj.weight", {F, C}, {}, s + "mlp.up.weight"});
        e.push_back({p + "mlp.down_proj.weight", {C, F}, {}, s + "mlp.proj.weight"});
    }
    e.push_back({"model.norm.weight", {C}, {}, "layer_norm.weight"});
    if (!c.tied_lm_head) e.push_back({"lm_head.weight", {V, C}, {}, "lm_head.weight"});
    return e;
}

std::vector<Entry> neox_table(const ModelConfig& c) {
    const int64_t V = c.vocab_size, C = c.n_embed, F = c.hidden(), hs = c.head_size();
    const int H = c.n_head;
    std::vector<Entry> e{{"gpt_neox.embed_in.weight", {V, C}, {}, "token_embed.weight"}};
    for (int i = 0; i < c.n_layer; ++i) {
        const std::string p = "gpt_neox.layers." + std::to_string(i) + ".";
        const std::string s = "attn_blocks." + std::to_string(i) + ".";
        for (const auto& [from, to] : {std::pair{"input_layernorm", "ln1"}, std::pair{"post_attention_layernorm", "ln2"}})
            for (const char* suffix : {".weight", ".bias"}) e.push_back({p + from + suffix, {C}, {}, s + to + suffix});
        // query_key_value (3*H*hs, C) is viewed as (H, 3, hs, C): each head's q,
        // k and v rows lie together, head after head.
        for (const char* suffix : {".weight", ".bias"}) {
            const bool weight = suffix[1] == 'w';
            Entry x{p + "attention.query_key_value" + suffix, weight ? Shape{3 * H * hs, C} : Shape{3 * H * hs}, {}, ""};
            for (int h = 0; h < H; ++h) {
                const char* parts[] = {"query", "key", "value"};
                for (int part = 0; part < 3; ++part)
                    x.parts.emplace_back(head_name(s, h, parts[part], suffix), (int64_t(h) * 3 + part) * hs);
            }
            x.part_rows = hs;
            e.push_back(std::move(x));
        }
        for (const auto& [from, to, shape] : {std::tuple{"attention.dense", "attn.proj", Shape{C, H * hs}},
                                              std::tuple{"mlp.dense_h_to_4h", "mlp.hidden", Shape{F, C}},
                                              std::tuple{"mlp.dense_4h_to_h", "mlp.proj", Shape{C, F}}}) {
            e.push_back({p + from + ".weight", shape, {}, s + to + ".weight"});
            e.push_back({p + from + ".bias", {shape[0]}, {}, s + to + ".bias"});
        }
    }
    for (const char* suffix : {".weight", ".bias"})
        e.push_back({std::string("gpt_neox.final_layer_norm") + suffix, {C}, {}, std::string("layer_norm") + suffix});
    if (!c.tied_lm_head) e.push_back({"embed_out.weight", {V, C}, {}, "lm_head.weight"});
    return e;
}

}  // namespace

Weights map_hf_arch(const StoredMap& tensors, const ModelConfig& c, const std::string& origin,
                    std::vector<std::string>& notes) {
    const Architecture* arch = find_architecture(c.arch);
    const bool neox = arch && std::string_view(arch->tensor_names) == "gpt_neox";
    const std::vector<Entry> table = neox ? neox_table(c) : llama_table(c);
    const std::string head_name_in_file = neox ? "embed_out.weight" : "lm_head.weight";
    StoredMap seed;
    std::set<std::string> known;
    for (const Entry& e : table) {
        const auto it = tensors.find(e.name);
        if (it == tensors.end())
            fail_in(origin, ErrorCode::MissingTensor, "tensor '" + e.name + "' " + shape_string(e.shape) + " is missing",
                    {e.name, shape_string(e.shape)});
        const StoredTensor& t = it->second;
        if (t.shape != e.shape)
            fail_in(origin, ErrorCode::ShapeMismatch,
                    "tensor '" + e.name + "' has shape " + shape_string(t.shape) + ", expected " + shape_string(e.shape),
                    {e.name, shape_string(e.shape), shape_string(t.shape)});
        known.insert(e.name);
        if (e.parts.empty()) seed[e.whole] = t;
        for (const auto& [name, row] : e.parts) seed[name] = t.rows(row, e.part_rows);
    }
    for (const auto& [name, t] : tensors) {
        if (known.count(name) || is_hf_buffer(name)) continue;
        if (c.tied_lm_head && name == head_name_in_file && t.shape == Shape{c.vocab_size, c.n_embed}) {
            notes.push_back("the config ties the output layer to the embedding; '" + name + "' in the file is not used");
            continue;
        }
        fail_in(origin, ErrorCode::UnexpectedTensor,
                "tensor '" + printable(name) + "' " + shape_string(t.shape) + " is not part of a " + c.arch +
                    " model with this config.json",
                {name, shape_string(t.shape)});
    }
    try {
        return weights_from_seed_views(seed, c);
    } catch (const Error& e) {
        throw Error(e.code(), origin + ": " + e.what(), e.args());
    }
}

}  // namespace attnscope
