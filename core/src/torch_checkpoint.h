#pragma once
// A PyTorch zip checkpoint (torch.save since PyTorch 1.6): <archive>/data.pkl is
// read by the restricted unpickler, the state dict is found in it, and only
// that state dict's tensors are converted to float32 from <archive>/data/<key>.
// Optimizer state and other entries are checked but never materialized.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "attnscope/safetensors.h"
#include "attnscope/tensor.h"

namespace attnscope {

struct TorchCheckpoint {
    std::string archive;         // the archive's folder name inside the zip
    // Where the state dict was found: "model_state_dict", "model", "state_dict",
    // or "" when the checkpoint is a bare state dict.
    std::string state_dict_key;
    TensorMap tensors;           // the state dict as float32, names as stored
    std::vector<std::pair<std::string, Shape>> stored;  // names and shapes in file order
    std::vector<std::string> other_keys;  // top-level keys besides the state dict
    // Scalar entries of the top-level dicts `model_args` and `config` (nanoGPT)
    // as text: ints and floats in decimal, bools as "true"/"false", str as is.
    Metadata model_args;
    Metadata train_config;
    bool has_model_args = false;

    // Throws Error naming `origin` and the problem: Truncated/BadFormat for a
    // damaged zip or pickle, Forbidden for code in the pickle, UnsupportedDType
    // for a weight stored in a type that is not float or integer,
    // DuplicateTensor for a name given twice, TooLarge past the limits.
    static TorchCheckpoint read(const std::byte* data, size_t size, const std::string& origin);
};

}  // namespace attnscope
