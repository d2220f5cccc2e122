#pragma once
// Opening and saving model files. A file's format is recognised from its bytes,
// not its name; its tensor names are mapped onto the canonical Weights with
// every shape checked.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "attnscope/safetensors.h"
#include "attnscope/weights.h"

namespace attnscope {

// Metadata keys AttnScope writes into safetensors files.
inline constexpr const char* kMetaConfig = "attnscope.config";        // ModelConfig JSON
inline constexpr const char* kMetaTokenizer = "attnscope.tokenizer";  // tokenizer JSON
inline constexpr const char* kMetaTraining = "attnscope.training";    // how it was trained

struct LoadedModel {
    std::shared_ptr<const Weights> weights;
    std::string path;
    std::string format;   // "safetensors", "pytorch-zip", "hf-gpt2-folder"
    std::string naming;   // "seed", "nanogpt", "hf-gpt2"
    Metadata metadata;    // from the file (safetensors) or empty
    std::vector<std::pair<std::string, Shape>> file_tensors;  // as stored, for `info`
};

// Opens a model file or folder. Throws Error naming the file and the problem.
LoadedModel load_model(const std::string& path);

// Writes weights as float32 safetensors under the seed's names, with the config
// (and `extra` metadata, e.g. the tokenizer) in __metadata__.
void save_model(const std::string& path, const Weights& weights, Metadata extra = {});

}  // namespace attnscope
