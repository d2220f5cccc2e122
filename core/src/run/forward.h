#pragma once
// What Model::run leaves out of a trace past RunOptions::activation_budget_bytes,
// and how Trace::tensor gets it back.
#include <memory>
#include <span>
#include <mutex>
#include <vector>

#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"

namespace attnscope {

struct Weights;

// What Model::run refuses, with the same errors: no tokens, more than the
// context, ids outside the vocabulary, bad ablations, knockouts, layers or
// thread counts.
void check_run_input(const ModelConfig& cfg, std::span<const int> tokens, const RunOptions& opt);

// The tensors of a layer a run keeps only within the activation budget: ln1,
// q, the head outputs and what follows them up to the block's output. Past the
// budget a layer keeps k and v (an incremental run's new rows attend to them;
// past RunOptions::kv_budget_bytes not even those: Trace::kv_kept),
// the attention's row statistics and `out`, the next layer's input, from which
// the rest is computed again: a head's queries alone when its weights are
// rebuilt, a whole layer when one of its tensors is asked for. The last
// layer's `out` is not kept either (it feeds only the final norm, which the
// trace keeps), and no embeddings are: layer 0's input is looked up again.
inline constexpr Tensor LayerTrace::*kCheckpointedAway[] = {
    &LayerTrace::ln1,    &LayerTrace::q,          &LayerTrace::heads,   &LayerTrace::proj,   &LayerTrace::resid1,
    &LayerTrace::ln2,    &LayerTrace::mlp_hidden, &LayerTrace::mlp_act, &LayerTrace::mlp_up, &LayerTrace::mlp_proj,
};

// The token or position embeddings of a completed run `tr` of `w`, or their
// sum (layer 0's input), for a run that kept none of them (past the
// activation budget): (T, C), the rows it looked up and added.
enum class EmbeddingPart { Token, Position, Sum };
Tensor embedding_part(const Weights& w, const Trace& tr, EmbeddingPart part);

// Block `layer` of a completed run `tr` of `w`, computed again from its stored
// input (embed or the layer before's out) with the run's mask, ablations and
// knockouts: every tensor into `out`, softmax weights not stored. Bit-identical
// to the run's own.
void rebuild_layer(const Weights& w, const Trace& tr, int layer, LayerTrace& out, int threads);

// One head's queries or keys (q or k after its norm and RoPE) of rows
// [r0, r1) of block `layer` of such a run, computed again from the block's
// input: (r1 - r0, hs), bit-identical to the run's own. A grouped-query
// head's keys are its group's.
enum class HeadPart { Queries, Keys };
MatrixRM rebuild_head_rows(const Weights& w, const Trace& tr, int layer, int head, int r0, int r1, HeadPart part);

// The keys of a run past its kv budget, computed again a head at a time and
// kept for the last kRebuiltKeyHeads heads read (a grouped-query group's heads
// share theirs): (T, hs) each, 2 MB a head of GPT-2 small at 8,192 tokens.
// Thread-safe; Model::run gives each run that keeps no keys a new one.
inline constexpr int kRebuiltKeyHeads = 4;
class RebuiltKeys {
public:
    std::shared_ptr<const MatrixRM> keys(const Weights& w, const Trace& tr, int layer, int head);

private:
    struct Entry {
        int layer = 0, kv_head = 0;
        std::shared_ptr<const MatrixRM> keys;
    };
    std::mutex mutex_;
    std::vector<Entry> entries_;  // the most recently read last
};

}  // namespace attnscope
