#pragma once
// The trace's tensors, one table: every stable name with its shape in symbols,
// the forward-pass stage that makes it (and that stage's label in the shape
// flow), and the Trace member that holds it. stage_records, Trace::tensor,
// Trace::tensor_names, Trace::bytes, the shape-flow figure and the README's
// tensor list all read this table; adding a trace tensor is one entry here
// plus the code that fills its member.
//
// Names: entries outside blocks are used as they are ("embed", "logits");
// entries in a block are "blk.<l>.<name>" with l a decimal layer index
// ("blk.3.attn.weights"). Symbols: T tokens, C width, H heads, KV key/value
// heads (grouped-query attention; "H" when there are as many), hs head size,
// 4C or F the MLP width, V the vocabulary, R the logit rows kept.
//
// Stages differ by architecture: a row's `when` says for which models it is a
// stage (RoPE only for rotary models, repeat_kv only with fewer KV heads, gate
// and up only for a gated MLP, ...). A step whose output the trace does not
// keep (k for the KV heads, before repeat_kv) is a row without a name; a step
// whose output is a stored tensor names it (RoPE: "attn.q", q as stored), and
// the first row of a name is that tensor's entry. Every named tensor exists for
// every model (a rotary model's "embed.position" is zeros).
#include <functional>
#include <string>
#include <vector>

#include "attnscope/common/tensor.h"
#include "attnscope/run/trace.h"

namespace attnscope {

// HeadsWidth: H * hs, the heads side by side (C but for an explicit head_dim).
// KVHeads: key/value heads, fewer than H with grouped-query attention.
enum class Dim { T, C, H, HeadSize, Hidden, Vocab, LogitRows, HeadsWidth, KVHeads };

struct TraceTensorSpec {
    enum class Source {
        Member,   // stored in trace_member / layer_member
        Scores,   // q.k^T/sqrt(hs) rebuilt from q and k, -inf where masked
        Mask,     // 1 where attention is allowed
        Weights,  // stored when dense, else rebuilt from q, k and the row statistics
        None,     // the token ids, or a step whose output is not kept: a stage without a tensor
    };
    using ConfigTest = bool (*)(const ModelConfig&);
    const char* stage;        // the step that makes it, for the shape flow ("" : stored, not a stage)
    const char* label;        // that step's English label (translated by the GUI)
    const char* name;         // stable name, block-relative when in_block ("" for the token ids)
    bool in_block;
    std::vector<Dim> shape;   // in symbols, PyTorch order for a batch of one
    bool per_head;            // drawn as H × (the rest): the H axis is split off
    bool reshaped;            // this stage sees the stored tensor in `shape` (same elements)
    Source source = Source::Member;
    Tensor Trace::*trace_member = nullptr;
    Tensor LayerTrace::*layer_member = nullptr;

    // The stage as the architecture has it (the tensor itself is the same for every model).
    ConfigTest when = nullptr;          // a stage only for models where this holds (nullptr: every model)
    const char* rms_label = nullptr;    // a norm's label when the model uses RMSNorm ("RMSNorm 1")
    std::vector<Dim> from = {};         // the shape it reads when it changes the head count (repeat_kv)
    // What it reads when not just the stage before: stage names of its block,
    // "x" the block's input, "" the stage before.
    std::vector<const char*> inputs = {};
    std::string (*detail)(const ModelConfig&) = nullptr;  // a setting worth showing ("ε = 1e-06")
};

// Every entry, in forward order.
const std::vector<TraceTensorSpec>& trace_tensor_table();

// A symbol's size in a trace, and how it is written ("T", "hs", "4C" when the
// MLP is four times as wide as the model, else "F").
int64_t dim_size(Dim d, const Trace& tr);
std::string dim_symbol(Dim d, const ModelConfig& c);
// Every entry in forward order as a trace holds them: the entries outside
// blocks that come first, the block entries once per layer (layer 0 first),
// then the rest (unless `after_blocks` is false: a run of only the first
// layers, RunOptions::layers); `fn(spec, layer)` with layer -1 outside blocks.
void for_each_in_forward_order(int n_layer, const std::function<void(const TraceTensorSpec&, int)>& fn,
                               bool after_blocks = true);

// An entry's shape in a trace, and in symbols.
Shape spec_shape(const TraceTensorSpec& s, const Trace& tr);
std::vector<std::string> spec_symbols(const TraceTensorSpec& s, const ModelConfig& c);

// The stages of a trace, in forward order: every entry with a stage whose
// `when` holds for the trace's config, once per layer for block entries.
std::vector<StageRecord> stage_records(const Trace& tr);

class JsonWriter;
// A stage as the exports write it ("shapes" in the data JSON and in
// `attnscope-cli dump`): stage, layer, tensor, shape, label and symbols; from
// (shape and symbols), inputs and detail when the stage has them.
void write_stage_json(JsonWriter& w, const StageRecord& r);

// The entry a stable name refers to, and its layer (-1 outside blocks). Throws
// Error(InvalidArgument) for an unknown or malformed name ("blk.1x.ln1",
// "blk.01.ln1", "blk.-1.ln1") or a layer the trace lacks (n_layer).
struct TensorRef {
    const TraceTensorSpec* spec = nullptr;
    int layer = -1;
};
TensorRef resolve_tensor_name(const std::string& name, int n_layer);

}  // namespace attnscope
