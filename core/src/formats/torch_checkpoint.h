#pragma once
// A PyTorch zip checkpoint (torch.save since PyTorch 1.6): <archive>/data.pkl is
// read by the inert unpickler, the model's state dict is found wherever the
// payload keeps it, and its tensors are returned as views of the archive's
// bytes, converted later straight into the weights. Optimizer state, losses
// and any object the unpickler did not build are left alone.
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "attnscope/formats/safetensors.h"
#include "attnscope/common/tensor.h"
#include "formats/stored_tensor.h"

namespace attnscope {

class MappedFile;

struct TorchCheckpoint {
    std::string archive;         // the archive's folder name inside the zip
    // Where the state dict was found, as a path of keys ("model_state_dict",
    // "model", "state_dict", "checkpoint.ema"), or "" for a bare state dict.
    std::string state_dict_key;
    StoredMap tensors;           // the state dict's tensors, names as stored
    std::vector<std::pair<std::string, Shape>> stored;  // names and shapes in file order
    std::vector<std::string> other_keys;  // top-level keys besides the state dict
    // Entries of the state dict that are not tensors (None, extra state), left out.
    std::vector<std::string> skipped;
    // The model's hyper-parameters as stored (nanoGPT `model_args`, the seed's
    // `config` or `cfg`, Lightning's `hyper_parameters`, an argparse `args`):
    // which entry, and its scalar values as text (nested dicts flattened).
    std::string config_key;
    Metadata config;
    bool has_model_args = false;  // config_key == "model_args"
    // Calls the payload asked for that were not made, by name, with counts.
    std::map<std::string, int> not_run;

    // Throws Error naming `origin` and the problem: Truncated/BadFormat for a
    // damaged zip or pickle, MissingTensor when the payload holds no model
    // weights, UnsupportedDType for a weight stored in a type that is not float
    // or integer, DuplicateTensor for a name given twice, TooLarge past the
    // limits. The views point into `data`, which `file` (may be null) maps.
    static TorchCheckpoint read(const std::byte* data, size_t size, const std::string& origin,
                                const MappedFile* file = nullptr);
};

}  // namespace attnscope
