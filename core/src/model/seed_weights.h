#pragma once
// The seed's state-dict names onto Weights, from views of a file's tensors:
// each view is converted once, straight into its place in the weights.
#include "attnscope/model/weights.h"
#include "formats/stored_tensor.h"

namespace attnscope {

// As from_seed_state_dict (weights.h), reading each tensor from its view.
Weights weights_from_seed_views(const StoredMap& tensors, const ModelConfig& config);

// As infer_seed_config (weights.h), from the views' names and shapes.
ModelConfig infer_seed_config(const StoredMap& tensors);

}  // namespace attnscope
