#include "model/checkpoint_config.h"

#include <charconv>
#include <initializer_list>

#include "attnscope/common/error.h"

namespace attnscope {

namespace {

struct Stored {
    std::string key;  // the name it was stored under, "" when absent
    int64_t value = 0;
};

// The first of `keys` that holds a whole number.
Stored lookup(const Metadata& stored, std::initializer_list<const char*> keys) {
    for (const char* k : keys) {
        const auto it = stored.find(k);
        if (it == stored.end()) continue;
        int64_t v = 0;
        const std::string& s = it->second;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec == std::errc() && p == s.data() + s.size()) return {k, v};
    }
    return {};
}

const std::initializer_list<const char*> kHeads = {"n_head", "n_heads", "num_heads",
                                                   "num_attention_heads"};

}  // namespace

int stored_head_count(const Metadata& stored) {
    const Stored s = lookup(stored, kHeads);
    return s.value > 0 && s.value < (1 << 20) ? int(s.value) : 0;
}

void check_stored_config(const ModelConfig& c, const Metadata& stored, const std::string& entry,
                         const std::string& origin, std::vector<std::string>& notes) {
    struct Field {
        const char* what;
        int64_t actual;
        std::initializer_list<const char*> keys;
    };
    const Field fields[] = {
        {"width", c.n_embed, {"n_embed", "n_embd", "d_model", "hidden_size", "embed_dim"}},
        {"heads", c.n_head, kHeads},
        {"layers", c.n_layer, {"n_layer", "n_layers", "n_blocks", "num_layers", "num_hidden_layers"}},
        {"context length", c.context_length,
         {"context_length", "block_size", "n_positions", "n_ctx", "max_position_embeddings"}},
        {"vocabulary", c.vocab_size, {"vocab_size", "n_vocab"}},
    };
    std::string checked;
    for (const Field& f : fields) {
        const Stored s = lookup(stored, f.keys);
        if (s.key.empty()) continue;
        checked += (checked.empty() ? "" : ", ") + s.key;
        if (s.value == f.actual) continue;
        if (std::string_view(f.what) == "vocabulary" && s.value > 0 && s.value < f.actual &&
            f.actual - s.value < 1024) {
            notes.push_back("the vocabulary is padded from " + std::to_string(s.value) + " to " +
                            std::to_string(f.actual) + " rows (" + entry + "['" + s.key + "'])");
            continue;
        }
        fail_in(origin, ErrorCode::BadFormat,
                "the checkpoint's '" + entry + "' says " + s.key + " = " + std::to_string(s.value) +
                    ", but the tensors give " + f.what + " " + std::to_string(f.actual),
                {entry + "." + s.key, std::to_string(s.value), std::to_string(f.actual)});
    }
    if (!checked.empty())
        notes.push_back("the checkpoint's '" + entry + "' agrees with the tensors (" + checked + ")");
}

}  // namespace attnscope
