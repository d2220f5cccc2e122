#pragma once
// Value-weighted norms (Kobayashi et al., 2020) for the figures and data
// files: N_ij = ‖α_ij (v_j W_O^h)‖₂ = A_ij · f_j, f_j = ‖v_j W_O^h‖₂ from
// attnscope::value_norm_factors. A head's factors cost T · hs · C
// multiply-adds (about 50 million for GPT-2 small at 1,000 tokens), so each
// is computed once, when a view first asks for that head, and kept for the
// run: a repaint, a zoom, another band of rows or the next figure of the same
// head reads them again for nothing.
#include <cstdint>
#include <memory>
#include <vector>

#include "attnscope/common/tensor.h"
#include "attnscope/run/trace.h"
#include "render/heatmap.h"

namespace render {

// f_j for every key of head (layer, head), computed or remembered. What they
// are of is the run, not the Trace object: the weights that made it (held
// weakly), its tokens, mask, ablations and knockouts, which fix every v. A
// recycled Trace (the Workspace runs the next edit into the same object)
// therefore never reads another run's factors, and a run of the same input
// again reuses them. Safe from any thread. Throws attnscope::Error: a trace
// file (no values: "… value-weighted norms need the model that made it"), a
// trace whose model is gone, a head out of range.
std::shared_ptr<const std::vector<float>> normFactors(const attnscope::Trace& trace, int layer, int head);
// Whether normFactors would return at once.
bool normFactorsKnown(const attnscope::Trace& trace, int layer, int head);
// The multiply-adds the factors of the trace's heads not known yet cost,
// T · hs · C each: for a view that decides whether to compute on a worker.
int64_t normFactorWorkLeft(const attnscope::Trace& trace);

// Rows [r0, r1) of one head's norms, (r1 - r0) x T floats row-major to `out`:
// the weights' band (Trace::head_weights_into, on `threads`) times the
// factors. 0 wherever the weight is 0 (masked, knocked out).
void headNormsInto(const attnscope::Trace& trace, int layer, int head, int r0, int r1, float* out,
                   int threads = 1);
attnscope::MatrixRM headNorms(const attnscope::Trace& trace, int layer, int head, int r0, int r1, int threads = 1);
// One cell, N_query,key.
float headNorm(const attnscope::Trace& trace, int layer, int head, int query, int key);

// Rows [r0, r1) of one head's matrix of any kind: its weights, raw scores,
// norms or mask (Trace::mask_into), as the figures and data files read them.
void headMatrixInto(const attnscope::Trace& trace, MatrixKind kind, int layer, int head, int r0, int r1, float* out,
                    int threads = 1);

}  // namespace render
