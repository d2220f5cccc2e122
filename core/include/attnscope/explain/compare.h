#pragma once
// Two traces of one shape compared head by head: trace A (the text and model on
// screen) and trace B (a second text on the same model, or the same tokens on a
// second model of the same shape, such as another checkpoint of one run).
//
// The difference of a head is B − A of its softmax weights over the leading
// positions both traces have: with Ta and Tb tokens, the top-left (Tc, Tc)
// block, Tc = min(Ta, Tb). In a causal run row t depends only on tokens 0..t, so
// that block is exactly what each run gives on its first Tc tokens.
#include "attnscope/model/config.h"
#include "attnscope/common/tensor.h"
#include "attnscope/run/trace.h"

namespace attnscope {

// Throws Error(ShapeMismatch) naming both shapes ("model B has 2 layers x 4
// heads, model A has 3 layers x 4 heads: …") unless n_layer and n_head agree.
void check_same_shape(const ModelConfig& a, const ModelConfig& b);

// min(a.T(), b.T()): the positions a difference covers.
int common_positions(const Trace& a, const Trace& b);

// (Tc, Tc) B − A of head (layer, head)'s softmax weights. One head of each
// trace is read (rebuilt when past the attention budget). Throws
// Error(InvalidArgument) for a layer or head outside either trace, or traces
// of different shapes.
MatrixRM weight_difference(const Trace& a, const Trace& b, int layer, int head);

// The top-left (n, n) block of one head's weights (n <= T).
MatrixRM leading_weights(const Trace& t, int layer, int head, int n);

}  // namespace attnscope
