#pragma once
// The hyper-parameters a training script stores beside the weights (the seed's
// `config`/`cfg`, nanoGPT's `model_args`, Lightning's `hyper_parameters`, an
// argparse `args`), read under the names people give them and checked against
// the config the tensors imply.
#include <string>
#include <vector>

#include "attnscope/model/config.h"
#include "attnscope/formats/safetensors.h"

namespace attnscope {

// The head count a stored config gives (n_head, n_heads, num_heads,
// num_attention_heads), or 0.
int stored_head_count(const Metadata& stored);

// Compares every model dimension `stored` names (width, heads, layers, context,
// vocabulary) with `c`, the config of the tensors. A vocabulary the tensors pad
// by fewer than 1,024 rows is noted, not refused. Any other difference throws
// Error(BadFormat) naming `origin`, the entry (`entry`, e.g. "config") and both
// values. Adds a note saying what was checked.
void check_stored_config(const ModelConfig& c, const Metadata& stored, const std::string& entry,
                         const std::string& origin, std::vector<std::string>& notes);

}  // namespace attnscope
