#pragma once
// safetensors: an 8-byte little-endian header length, a JSON header
// {name: {dtype, shape, data_offsets}, "__metadata__": {str: str}}, then the data.
// Every header field is checked against the file's size before it is used.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "attnscope/common/tensor.h"

namespace attnscope {

using Metadata = std::map<std::string, std::string>;

struct SafetensorsFile {
    TensorMap tensors;  // every tensor as float32
    Metadata metadata;
};

// The largest header we accept; real headers are kilobytes.
constexpr int64_t kMaxSafetensorsHeader = int64_t(100) << 20;

// Reads F32, F16, BF16 and F64 tensors (and integer buffers) as float32; any
// other dtype throws Error(UnsupportedDType) naming the tensor.
SafetensorsFile read_safetensors(const std::string& path);
SafetensorsFile parse_safetensors(const std::byte* data, size_t size, const std::string& origin);

// Writes float32 tensors in name order, the header padded to 8 bytes.
void write_safetensors(const std::string& path, const TensorMap& tensors,
                       const Metadata& metadata = {});
std::string safetensors_bytes(const TensorMap& tensors, const Metadata& metadata = {});

}  // namespace attnscope
