#pragma once
// A GGUF file (llama.cpp, Ollama, LM Studio) onto Weights: the config from
// its metadata (general.architecture picks the row of the architecture table,
// <arch>.block_count, .embedding_length, ... the sizes), the tensors from
// GGUF's names (token_embd.weight, blk.N.attn_q.weight, ...). Weight matrices
// stay in the mapped file as stored (QuantizedMatrix); norms, biases and
// position tables are read into float32.
#include <memory>
#include <string>

#include "attnscope/formats/gguf.h"

namespace attnscope {

class MappedFile;
struct LoadedModel;

// Fills `m` (format "gguf", naming the GGUF architecture, weights, notes,
// file_tensors, metadata as text for the scalars). The weights keep `file`
// alive. Throws Error naming the path and the problem.
void load_gguf_model(LoadedModel& m, const std::string& path, std::shared_ptr<const MappedFile> file);

// The GGUF architectures AttnScope opens, comma-separated.
std::string gguf_supported_architectures();

// What a list of local models shows for a GGUF file without loading it: its
// general.architecture ("" when absent) and, when it would not open, why
// (an unsupported architecture or tensor type, a damaged header). The file is
// mapped and its header, metadata and tensor infos parsed; no weight is read.
struct GgufProbe {
    std::string architecture;
    std::string why_not;  // "" when it opens
};
GgufProbe probe_gguf(const std::string& path);

}  // namespace attnscope
