#include "attnscope/model/model_file.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <system_error>

#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "model/config_check.h"
#include "model/gguf_model.h"
#include "model/gpt2_config.h"
#include "model/hf_config.h"
#include "model/hf_weights.h"
#include "common/mapped_file.h"
#include "model/name_mapping.h"
#include "formats/pickle.h"
#include "model/checkpoint_config.h"
#include "formats/safetensors_views.h"
#include "formats/torch_checkpoint.h"
#include "formats/zip_reader.h"
#include "attnscope/formats/gguf.h"

namespace attnscope {

namespace fs = std::filesystem;

namespace {


bool exists_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// The whole file, or Error(Io) whose message starts with the path. Only
// regular files, at most `max_bytes` when that is >= 0.
std::unique_ptr<MappedFile> open_file(const std::string& path, int64_t max_bytes = -1) {
    std::error_code ec;
    if (!fs::exists(path, ec)) fail_in(path, ErrorCode::Io, "no such file or folder");
    try {
        return std::make_unique<MappedFile>(path, max_bytes);
    } catch (const Error& e) {
        throw Error(e.code(), path + ": " + e.what(), e.args());
    }
}

// The config.json beside a GPT-2 weights file, when there is one.
ModelConfig sibling_config(const std::string& path, bool* found) {
    const fs::path cfg = fs::path(path).parent_path() / "config.json";
    *found = exists_file(cfg);
    if (!*found) return {};
    const std::unique_ptr<MappedFile> f = open_file(cfg.string(), kMaxConfigFileBytes);
    return gpt2_config_from_hf_json(
        std::string_view(reinterpret_cast<const char*>(f->data()), f->size()), cfg.string());
}


// Whether `name` belongs to a model of `naming` (anything else is an extra head
// a wrapper put beside the backbone: a reward head, a value head).
bool belongs(const std::string& name, Naming naming) {
    static const char* seed[] = {"token_embed.", "position_embed.", "attn_blocks.", "layer_norm.",
                                 "lm_head.", "pos_idxs"};
    static const char* gpt2[] = {"transformer.", "wte.", "wpe.", "h.", "ln_f.", "lm_head."};
    if (naming == Naming::Seed) {
        for (const char* p : seed)
            if (name.starts_with(p)) return true;
        return false;
    }
    for (const char* p : gpt2)
        if (name.starts_with(p)) return true;
    return false;
}

// A wrapper's backbone: when the names are no model's, the first name part
// ("transformer.", "model.", "backbone.") under which they are. Its tensors
// replace `tensors` (prefix removed) and the others go to `outside`; returns the
// prefix, or "" when there is none.
std::string take_backbone(StoredMap& tensors, StoredMap& outside, Naming fallback,
                          std::optional<Naming>& naming) {
    std::map<std::string, int> groups;
    for (const auto& [name, t] : tensors)
        if (const size_t dot = name.find('.'); dot != std::string::npos) ++groups[name.substr(0, dot + 1)];
    std::vector<std::pair<int, std::string>> order;
    for (const auto& [prefix, n] : groups) order.emplace_back(-n, prefix);
    std::sort(order.begin(), order.end());
    for (const auto& [n, prefix] : order) {
        StoredMap sub;
        for (const auto& [name, t] : tensors)
            if (name.starts_with(prefix)) sub.emplace(name.substr(prefix.size()), t);
        if ((naming = recognise_naming(sub, fallback))) {
            for (auto& [name, t] : tensors)
                if (!name.starts_with(prefix)) outside.emplace(name, t);
            tensors = std::move(sub);
            return prefix;
        }
    }
    return "";
}

// Moves the tensors that are not part of the model to `outside`, and describes
// all of those in `left_out` by module ("reward_head: reward_head.weight [1,64]").
void split_extras(StoredMap& tensors, StoredMap& outside, Naming naming,
                  std::vector<std::string>& left_out) {
    for (auto it = tensors.begin(); it != tensors.end();) {
        if (belongs(it->first, naming)) {
            ++it;
            continue;
        }
        outside.insert(*it);
        it = tensors.erase(it);
    }
    std::map<std::string, std::string> modules;
    for (const auto& [name, t] : outside) {
        std::string& m = modules[name.substr(0, name.find('.'))];
        m += (m.empty() ? "" : ", ") + printable(name) + " " + shape_string(t.shape);
    }
    for (const auto& [module, what] : modules) left_out.push_back(printable(module) + ": " + what);
}

// Names and shapes onto Weights, whatever the naming. `hf_config` is the
// folder's config.json (nullptr: use metadata, a sibling config.json, the
// checkpoint's stored config or the shapes). The config is settled, and checked
// against what the checkpoint stores, before any weight is allocated.
void map_tensors(LoadedModel& m, StoredMap&& tensors, const std::string& origin, Naming fallback,
                 const ModelConfig* hf_config, const TorchCheckpoint* ck) {
    strip_wrapper_prefixes(tensors, origin, m.notes);
    std::optional<Naming> found = hf_config ? std::optional(Naming::HfGpt2) : recognise_naming(tensors, fallback);
    StoredMap outside;
    std::string prefix;
    if (!found) {
        prefix = take_backbone(tensors, outside, fallback, found);
        if (!prefix.empty()) m.notes.push_back("opened the model under '" + printable(prefix) + "'");
    }
    const Naming naming = found ? *found : detect_naming(tensors, origin, fallback);
    // A wrapper keeps its heads beside the backbone: beside a prefix taken above,
    // or beside GPT-2's own `transformer.`. Anywhere else an unknown tensor is
    // an error (UnexpectedTensor), not an extra head.
    if (!prefix.empty() || (naming != Naming::Seed && tensors.count("transformer.wte.weight")))
        split_extras(tensors, outside, naming, m.left_out);
    if (!m.left_out.empty()) {
        std::string heads;
        for (const std::string& h : m.left_out) heads += (heads.empty() ? "" : "; ") + h;
        m.notes.push_back("left out what is not part of the transformer: " + heads);
    }
    m.naming = naming_name(naming);
    const bool stored_config = ck && !ck->config.empty();
    auto check = [&](const ModelConfig& c) {
        if (stored_config && !ck->has_model_args)
            check_stored_config(c, ck->config, ck->config_key, origin, m.notes);
    };
    if (naming == Naming::Seed) {
        ModelConfig meta;
        const auto it = m.metadata.find(kMetaConfig);
        if (it != m.metadata.end()) {
            try {
                meta = ModelConfig::from_json(it->second);
            } catch (const Error& e) {
                throw Error(e.code(), origin + ": " + e.what(), e.args());
            }
        }
        const ModelConfig c = seed_config(tensors, it != m.metadata.end() ? &meta : nullptr, origin);
        check_config_against_tensors(c, tensors, origin);
        check(c);
        m.weights = std::make_shared<Weights>(map_seed(tensors, c, origin));
        return;
    }
    ModelConfig config;
    if (hf_config) {
        config = *hf_config;
    } else if (naming == Naming::NanoGpt && ck && ck->has_model_args) {
        config = gpt2_config_from_model_args(ck->config, origin + ": model_args");
        m.notes.push_back("config from the checkpoint's model_args");
    } else {
        bool found_json = false;
        if (naming == Naming::HfGpt2) config = sibling_config(origin, &found_json);
        if (found_json) {
            m.notes.push_back("config from the config.json beside the file");
        } else {
            const int heads = stored_config ? stored_head_count(ck->config) : 0;
            if (heads > 0)
                m.notes.push_back("n_head taken from the checkpoint's training config ('" + ck->config_key + "')");
            config = infer_gpt2_config(tensors, naming, heads, origin, m.notes);
            m.notes.push_back("config inferred from the tensor shapes");
        }
    }
    check_config_against_tensors(config, tensors, origin);
    check(config);
    m.weights = std::make_shared<Weights>(map_gpt2(tensors, config, naming, origin));
}

void read_safetensors_into(LoadedModel& m, const std::string& path, const MappedFile& file,
                           const ModelConfig* hf_config) {
    SafetensorsViews views = parse_safetensors_views(file.data(), file.size(), path, &file);
    for (const auto& [name, t] : views.tensors) m.file_tensors.emplace_back(name, t.shape);
    m.metadata = std::move(views.metadata);
    map_tensors(m, std::move(views.tensors), path, Naming::HfGpt2, hf_config, nullptr);
}

void read_torch_into(LoadedModel& m, const std::string& path, const MappedFile& file,
                     const ModelConfig* hf_config) {
    TorchCheckpoint ck = TorchCheckpoint::read(file.data(), file.size(), path, &file);
    m.file_tensors = std::move(ck.stored);
    m.state_dict_key = ck.state_dict_key;
    if (ck.has_model_args) m.model_args = ck.config;
    for (const auto& [name, count] : ck.not_run)
        m.not_run.push_back(name + (count > 1 ? " (" + std::to_string(count) + " times)" : ""));
    if (!m.not_run.empty())
        m.notes.push_back("left " + std::to_string(m.not_run.size()) +
                          " kind(s) of object unbuilt; AttnScope never runs code from a file");
    if (!ck.state_dict_key.empty()) {
        std::string ignored;
        for (const std::string& k : ck.other_keys)
            if (k != ck.config_key) ignored += (ignored.empty() ? "" : ", ") + k;
        m.notes.push_back("weights from the checkpoint's '" + printable(ck.state_dict_key) + "' entry" +
                          (ignored.empty() ? std::string() : "; ignored " + ignored));
    }
    if (!ck.config_key.empty()) m.config_key = ck.config_key;
    if (!ck.skipped.empty()) {
        std::string what;
        for (const std::string& k : ck.skipped) what += (what.empty() ? "" : ", ") + k;
        m.notes.push_back("skipped state-dict entries that are not tensors: " + what);
    }
    map_tensors(m, std::move(ck.tensors), path,
                ck.has_model_args ? Naming::NanoGpt : Naming::HfGpt2, hf_config, &ck);
}

// A pickle with no zip around it: the format torch.save wrote before PyTorch 1.6.
bool looks_like_legacy_torch(const std::byte* p, size_t size) {
    return size >= 2 && uint8_t(p[0]) == 0x80 && uint8_t(p[1]) >= 2 && uint8_t(p[1]) <= 5;
}

LoadedModel load_file(const std::string& path, const ModelConfig* hf_config) {
    std::unique_ptr<MappedFile> mapped = open_file(path);
    const MappedFile& file = *mapped;
    const std::byte* p = file.data();
    const size_t size = file.size();
    LoadedModel m;
    m.path = path;
    if (size == 0) fail_in(path, ErrorCode::UnknownFormat, "the file is empty, not a model");
    if (looks_like_gguf(p, size)) {
        // The weights keep the mapping: quantized blocks are read where they are.
        load_gguf_model(m, path, std::shared_ptr<const MappedFile>(std::move(mapped)));
        return m;
    }
    if (ZipReader::looks_like_zip(p, size)) {
        m.format = "pytorch-zip";
        read_torch_into(m, path, file, hf_config);
    } else if (looks_like_safetensors(p, size)) {
        m.format = "safetensors";
        read_safetensors_into(m, path, file, hf_config);
    } else if (looks_like_legacy_torch(p, size)) {
        fail_in(path, ErrorCode::UnknownFormat,
             "a PyTorch file in the legacy format (before PyTorch 1.6) or a plain pickle; "
             "re-save it with torch.save from PyTorch 1.6 or later");
    } else {
        const std::string ext = fs::path(path).extension().string();
        if (ext == ".safetensors")
            parse_safetensors(p, size, path);  // throws, naming the bad magic
        if (ext == ".gguf") GgufFile::parse(p, size, path);  // throws, naming the bad magic
        if (ext == ".pt" || ext == ".pth" || ext == ".bin" || ext == ".ckpt")
            fail_in(path, ErrorCode::UnknownFormat,
                 "not a PyTorch zip checkpoint: bad magic (expected a zip archive, 'PK\\3\\4')");
        fail_in(path, ErrorCode::UnknownFormat,
             "unknown model format (not safetensors, GGUF, a PyTorch zip checkpoint or a model folder)");
    }
    return m;
}

// A Hugging Face folder. Its config.json's model_type picks the row of the
// architecture table: GPT-2 (config.json + model.safetensors or
// pytorch_model.bin) is read here, the Llama family and GPT-NeoX by
// load_hf_arch_folder (hf_folder.cpp), anything else is refused with the list.
LoadedModel load_folder(const std::string& path) {
    const fs::path dir(path);
    if (exists_file(dir / "config.json")) {
        const std::string cfg_path = (dir / "config.json").string();
        const std::unique_ptr<MappedFile> cfg = open_file(cfg_path, kMaxConfigFileBytes);
        const std::string_view text(reinterpret_cast<const char*>(cfg->data()), cfg->size());
        if (hf_model_type(text, cfg_path) != "gpt2") {
            bool tied = false;
            const ModelConfig config = config_from_hf_json(text, cfg_path, &tied);
            LoadedModel m;
            m.path = path;
            load_hf_arch_folder(m, path, config);
            return m;
        }
    }
    fs::path weights;
    for (const char* name : {"model.safetensors", "pytorch_model.bin"})
        if (exists_file(dir / name)) {
            weights = dir / name;
            break;
        }
    const bool has_config = exists_file(dir / "config.json");
    if (weights.empty()) {
        for (const char* index : {"model.safetensors.index.json", "pytorch_model.bin.index.json"})
            if (exists_file(dir / index))
                fail_in(path, ErrorCode::BadFormat,
                     std::string("sharded checkpoints (") + index + ") are not supported yet");
        fail_in(path, has_config ? ErrorCode::Io : ErrorCode::UnknownFormat,
             has_config ? "folder has config.json but no model.safetensors or pytorch_model.bin"
                        : "folder is not a model: it has no config.json and no model.safetensors "
                          "or pytorch_model.bin");
    }
    if (!has_config)
        fail_in(path, ErrorCode::BadFormat,
             "Hugging Face folder has no config.json beside " + weights.filename().string());
    const std::string cfg_path = (dir / "config.json").string();
    const std::unique_ptr<MappedFile> cfg = open_file(cfg_path, kMaxConfigFileBytes);
    bool tied = true;
    const ModelConfig config = gpt2_config_from_hf_json(
        std::string_view(reinterpret_cast<const char*>(cfg->data()), cfg->size()), cfg_path, &tied);
    LoadedModel m = load_file(weights.string(), &config);
    m.path = path;
    m.format = "hf-gpt2-folder";
    const bool has_head = std::any_of(m.file_tensors.begin(), m.file_tensors.end(), [](const auto& t) {
        return t.first.size() >= 14 && t.first.compare(t.first.size() - 14, 14, "lm_head.weight") == 0;
    });
    if (!tied && !has_head)
        fail_in(weights.string(), ErrorCode::MissingTensor,
             "config.json sets tie_word_embeddings = false but tensor 'lm_head.weight' is missing");
    return m;
}

}  // namespace

LoadedModel load_model(const std::string& path) {
    std::error_code ec;
    try {
        if (fs::is_directory(path, ec)) return load_folder(path);
        return load_file(path, nullptr);
    } catch (const std::bad_alloc&) {  // never a bare std::bad_alloc: name the file
        fail_in(path, ErrorCode::TooLarge, "not enough memory to load this model");
    }
}

void save_model(const std::string& path, const Weights& weights, Metadata extra) {
    extra[kMetaConfig] = weights.config.to_json();
    write_safetensors(path, to_seed_state_dict(weights), extra);
}

}  // namespace attnscope
