// Opening a Hugging Face folder of the Llama family or GPT-NeoX: one
// model.safetensors or a sharded set under model.safetensors.index.json. The
// shards stay mapped until every tensor has been converted into the weights.
#include <filesystem>
#include <memory>
#include <set>
#include <system_error>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/model_file.h"
#include "model/config_check.h"
#include "model/hf_weights.h"
#include "common/mapped_file.h"
#include "formats/pickle.h"
#include "formats/safetensors_views.h"

namespace attnscope {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxShards = 4096;
constexpr int64_t kMaxIndexBytes = int64_t(64) << 20;

bool is_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// The shard file names the index's weight_map names, each once, in order.
std::vector<std::string> shard_names(const fs::path& index) {
    const std::string origin = index.string();
    const MappedFile f(origin, kMaxIndexBytes);
    Json j;
    try {
        j = Json::parse(std::string_view(reinterpret_cast<const char*>(f.data()), f.size()));
    } catch (const Error& e) {
        fail_in(origin, ErrorCode::BadFormat, std::string("is not valid JSON: ") + e.what());
    }
    const Json* map = j.is_object() ? j.find("weight_map") : nullptr;
    if (!map || !map->is_object()) fail_in(origin, ErrorCode::BadFormat, "has no \"weight_map\" object");
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const auto& [tensor, file] : map->members()) {
        if (!file.is_string()) fail_in(origin, ErrorCode::BadFormat, "weight_map['" + printable(tensor) + "'] is not a file name");
        const std::string& n = file.as_string();
        // Only files in the folder itself: a hostile index must not point elsewhere.
        if (n.empty() || n.find('/') != std::string::npos || n.find('\\') != std::string::npos || n == "." || n == "..")
            fail_in(origin, ErrorCode::BadFormat, "weight_map names '" + printable(n) + "', not a file in the folder",
                    {n});
        if (seen.insert(n).second) names.push_back(n);
        if (names.size() > kMaxShards)
            fail_in(origin, ErrorCode::TooLarge, "weight_map names more than " + std::to_string(kMaxShards) + " files");
    }
    if (names.empty()) fail_in(origin, ErrorCode::BadFormat, "weight_map is empty");
    return names;
}

}  // namespace

void load_hf_arch_folder(LoadedModel& m, const std::string& folder, const ModelConfig& config) {
    const fs::path dir(folder);
    std::vector<std::string> files;
    if (is_file(dir / "model.safetensors")) {
        files.push_back("model.safetensors");
        m.format = "hf-folder";
    } else if (is_file(dir / "model.safetensors.index.json")) {
        files = shard_names(dir / "model.safetensors.index.json");
        m.format = "hf-folder-sharded";
    } else {
        fail_in(folder, ErrorCode::Io,
                "folder has a " + config.arch + " config.json but no model.safetensors or model.safetensors.index.json");
    }
    std::vector<std::unique_ptr<MappedFile>> mapped;
    StoredMap tensors;
    for (const std::string& name : files) {
        const std::string path = (dir / name).string();
        if (!is_file(path)) fail_in(path, ErrorCode::Io, "the shard named in model.safetensors.index.json is missing");
        mapped.push_back(std::make_unique<MappedFile>(path));
        const MappedFile& f = *mapped.back();
        SafetensorsViews views = parse_safetensors_views(f.data(), f.size(), path, &f);
        for (auto& [tensor, view] : views.tensors) {
            m.file_tensors.emplace_back(tensor, view.shape);
            if (!tensors.emplace(tensor, view).second)
                fail_in(path, ErrorCode::DuplicateTensor, "tensor '" + printable(tensor) + "' is also in another shard",
                        {tensor});
        }
        if (m.metadata.empty()) m.metadata = std::move(views.metadata);
    }
    if (files.size() > 1) m.notes.push_back("read " + std::to_string(files.size()) + " shards");
    check_config_against_tensors(config, tensors, folder);
    m.naming = config.arch;
    m.weights = std::make_shared<Weights>(map_hf_arch(tensors, config, folder, m.notes));
}

}  // namespace attnscope
