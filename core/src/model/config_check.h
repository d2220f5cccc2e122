#pragma once
// Checks a model configuration against what a file really holds before any
// weights are allocated: a config in a file's metadata (or a config.json) is
// only a claim, and a 236-byte file must not make the loader ask for 1 TiB.
#include <string>

#include "attnscope/model/config.h"
#include "formats/stored_tensor.h"

namespace attnscope {

// Throws Error(ShapeMismatch) naming `origin` when `config` needs far more
// parameters than `tensors` hold, and Error(TooLarge) when its weights would
// not fit in this machine's memory.
void check_config_against_tensors(const ModelConfig& config, const StoredMap& tensors, const std::string& origin);

// Bytes of float32 weights `config` needs, saturating instead of overflowing.
int64_t weight_bytes(const ModelConfig& config);

// The physical memory of this machine in bytes (a large fallback when unknown).
int64_t physical_memory_bytes();

}  // namespace attnscope
