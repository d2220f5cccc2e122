#pragma once
// AttnScope trace files: attention weights computed elsewhere (for a model far
// too big for a desktop, on someone's GPU cluster) opened without the model.
//
// A trace file is a safetensors file:
//   "attention.<l>"  (H, T, T)  F32, F16 or BF16: layer l's softmax weights,
//                                rows are queries; one tensor per layer, 0..L-1
//   "tokens"         (T)        I64 or I32: the token ids (optional)
//   __metadata__, every value a string:
//     "format"       "attnscope-trace" (required)
//     "version"      "1" (required)
//     "model"        the model's name, free text
//     "token_texts"  a JSON array of T strings: each token's text
//     "causal"       "true" (default) or "false"
//     "config"       the model's config.json, as JSON text
// resources/tools/capture_attention.py writes one from any Hugging Face model
// run with output_attentions=True.
//
// The file stays memory-mapped; a head is converted to float32 when a view asks
// for it, read with read(2) so the file's pages do not stay resident. A
// 70B-class trace (80 layers × 64 heads at 2,048 tokens, 43 GB in float16)
// opens in milliseconds and holds one head in memory at a time.
#include <memory>
#include <string>
#include <vector>

#include "attnscope/common/tensor.h"

namespace attnscope {

struct Trace;
class MappedFile;
struct StoredTensor;

class ImportedAttention {
public:
    ~ImportedAttention();

    int n_layer() const { return int(layers_.size()); }
    int n_head() const { return n_head_; }
    int T() const { return T_; }
    const std::string& model_name() const { return model_; }
    const std::string& config_json() const { return config_; }
    const std::string& dtype_name() const { return dtype_; }
    const std::string& path() const { return path_; }
    // Each token's text, as the file gives it ("" for each when it does not).
    const std::vector<std::string>& token_texts() const { return texts_; }
    bool has_token_ids() const { return has_ids_; }

    // One head's (T, T) weights as float32. Throws Error(BadFormat) naming the
    // head when a weight is not a number in [0, 1] (a corrupt or foreign file).
    MatrixRM head(int layer, int head) const;
    // Rows [r0, r1) of one head into `out` ((r1 - r0) x T floats), read and
    // checked alone: a row, a cell or a band costs its own rows, not the
    // whole head (T reads of it for one row before). Throws as head() does,
    // naming the query in the head, and InvalidArgument for rows past T.
    void rows(int layer, int head, int r0, int r1, float* out) const;
    float at(int layer, int head, int query, int key) const;

private:
    friend std::shared_ptr<Trace> open_trace_file(const std::string& path);
    ImportedAttention() = default;
    std::shared_ptr<const MappedFile> file_;
    std::vector<std::unique_ptr<StoredTensor>> layers_;
    int n_head_ = 0, T_ = 0;
    bool has_ids_ = false;
    std::string model_, config_, dtype_, path_;
    std::vector<std::string> texts_;
};

// True when the file is a safetensors file whose metadata says
// "format": "attnscope-trace". Reads the header only; never throws.
bool is_trace_file(const std::string& path);

// A Trace whose attention weights come from the file (Trace::imported): the
// views that read attention weights (grid, detail, lines, mask, rollout,
// statistics, export) work on it; everything else needs the model. Throws
// Error naming the problem for anything that is not a valid trace file.
std::shared_ptr<Trace> open_trace_file(const std::string& path);

// The largest trace file shape accepted: past these a file is hostile.
struct TraceFileLimits {
    static constexpr int max_layers = 1024, max_heads = 1024, max_tokens = 1 << 17;
};

}  // namespace attnscope
