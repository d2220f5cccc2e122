#pragma once
// A safetensors file's tensors as views of its bytes, nothing converted: what
// load_model reads weights from, each straight into its place.
#include "attnscope/formats/safetensors.h"
#include "formats/stored_tensor.h"

namespace attnscope {

struct SafetensorsViews {
    StoredMap tensors;
    Metadata metadata;
};

// Checks the header exactly as parse_safetensors does; the views point into
// `data`, which `file` (may be null) maps.
SafetensorsViews parse_safetensors_views(const std::byte* data, size_t size, const std::string& origin,
                                         const MappedFile* file);

// True when the first bytes look like a safetensors file: a header length of
// at least 2 and at most kMaxSafetensorsHeader, and a header that begins with
// '{'. How load_model tells safetensors from other model files.
bool looks_like_safetensors(const std::byte* data, size_t size);

}  // namespace attnscope
