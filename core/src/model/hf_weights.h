#pragma once
// Hugging Face tensor names of the architecture table's "llama" and "gpt_neox"
// rows onto Weights. Every tensor is checked against a name -> shape table first,
// so errors name the tensor as the file stores it; then the file's tensors are
// seen under the seed's names (a head's rows of q_proj, of GPT-NeoX's fused
// query_key_value) and converted once, each straight into its place.
#include <string>
#include <vector>

#include "attnscope/model/weights.h"
#include "formats/stored_tensor.h"

namespace attnscope {

// Throws Error(MissingTensor), Error(ShapeMismatch) (naming the tensor and both
// shapes) or Error(UnexpectedTensor), each message starting with `origin`.
// A lm_head.weight beside a tied config is accepted when it has the embedding's
// shape (transformers may save it) and noted.
Weights map_hf_arch(const StoredMap& tensors, const ModelConfig& config, const std::string& origin,
                    std::vector<std::string>& notes);

}  // namespace attnscope

namespace attnscope {

struct LoadedModel;

// A Hugging Face folder of a non-GPT-2 row of the table: config.json (already
// read into `config`) with model.safetensors, or model.safetensors.index.json
// and the shards its weight_map names (plain file names in the folder, at most
// 4,096; a tensor in two shards is refused). Fills `m` as load_model does.
void load_hf_arch_folder(LoadedModel& m, const std::string& folder, const ModelConfig& config);

}  // namespace attnscope
