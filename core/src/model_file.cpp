#include "attnscope/model_file.h"

#include "attnscope/error.h"
#include "mapped_file.h"

namespace attnscope {

namespace {

LoadedModel from_seed_tensors(const std::string& path, const std::string& format,
                              SafetensorsFile&& file) {
    LoadedModel m;
    m.path = path;
    m.format = format;
    m.naming = "seed";
    for (const auto& [name, t] : file.tensors) m.file_tensors.emplace_back(name, t.shape);
    ModelConfig config;
    if (const auto it = file.metadata.find(kMetaConfig); it != file.metadata.end()) {
        try {
            config = ModelConfig::from_json(it->second);
        } catch (const Error& e) {
            throw Error(e.code(), path + ": " + e.what(), e.args());
        }
    } else {
        config = infer_seed_config(file.tensors);
    }
    try {
        m.weights = std::make_shared<Weights>(from_seed_state_dict(file.tensors, config));
    } catch (const Error& e) {
        throw Error(e.code(), path + ": " + e.what(), e.args());
    }
    m.metadata = std::move(file.metadata);
    return m;
}

}  // namespace

LoadedModel load_model(const std::string& path) {
    const MappedFile file(path);
    const std::byte* p = file.data();
    if (file.size() >= 9 && char(p[8]) == '{')
        return from_seed_tensors(path, "safetensors", parse_safetensors(p, file.size(), path));
    throw Error(ErrorCode::UnknownFormat,
                path + ": unknown model format (not safetensors or a PyTorch checkpoint)", {path});
}

void save_model(const std::string& path, const Weights& weights, Metadata extra) {
    extra[kMetaConfig] = weights.config.to_json();
    write_safetensors(path, to_seed_state_dict(weights), extra);
}

}  // namespace attnscope
