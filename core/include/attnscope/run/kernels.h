#pragma once
// Dense building blocks of the forward pass. Each runs its own OpenMP loop with
// `threads` threads, single-threaded code inside it (linear: gemm.h; the rest
// Eigen, built with EIGEN_DONT_PARALLELIZE), so thread pools never nest.
#include "attnscope/common/tensor.h"
#include "attnscope/model/weights.h"

namespace attnscope::kernels {

using ConstStridedRM = Eigen::Map<const MatrixRM, Eigen::Unaligned, Eigen::OuterStride<>>;
using StridedRM = Eigen::Map<MatrixRM, Eigen::Unaligned, Eigen::OuterStride<>>;

// y (N, out) = x (N, in) W^T (out, in) + b (out); b may be empty. Each row of y is
// computed the same way whatever N is and on any number of threads.
void linear(ConstMapRM x, const MatrixRM& w, const VectorF& b, MapRM y, int threads);
// The same with W as a GGUF file stores it, dequantized a panel at a time inside
// the GEMM: the bits of linear() on the dequantized W.
void linear(ConstMapRM x, const QuantizedMatrix& w, const VectorF& b, MapRM y, int threads);
// A Linear layer, dense or stored.
void linear(ConstMapRM x, const LinearWeights& w, MapRM y, int threads);
// y (N, V) = x (N, C) · unembeddingᵀ + lm_head bias: the logits, dense or stored.
void unembed(ConstMapRM x, const Weights& w, MapRM y, int threads);

// y (N, C) = LayerNorm(x) with weight w and bias b (C; may be empty), biased variance.
void layer_norm(ConstMapRM x, const VectorF& w, const VectorF& b, float eps, MapRM y,
                int threads);

// y (N, C) = RMSNorm(x) = x * rsqrt(mean(x^2) + eps) * w, in float32 as Hugging
// Face computes it (the product with w last).
void rms_norm(ConstMapRM x, const VectorF& w, float eps, MapRM y, int threads);

void relu(ConstMapRM x, MapRM y, int threads);
// SiLU: x * sigmoid(x), computed as x / (1 + exp(-x)) as PyTorch does.
void silu(ConstMapRM x, MapRM y, int threads);
// y *= b, element-wise (the gate times the up projection of a gated MLP).
void mul_inplace(MapRM y, ConstMapRM b, int threads);
// GELU, tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
void gelu_tanh(ConstMapRM x, MapRM y, int threads);

// Exact GELU: 0.5 x (1 + erf(x / sqrt(2))).
void gelu_erf(ConstMapRM x, MapRM y, int threads);

// y = a + b, element-wise.
void add(ConstMapRM a, ConstMapRM b, MapRM y, int threads);

// --- Backward (the gradient of each function above with respect to its input).
// dx receives the gradient; dy is the gradient of its output. Each row is
// computed alone, in a fixed order, so the bits do not depend on the threads.

// linear: dx (N, in) = dy (N, out) W (out, in), the same gemm chains (gemm::xw).
void linear_backward(ConstMapRM dy, const MatrixRM& w, MapRM dx, int threads);
void linear_backward(ConstMapRM dy, const QuantizedMatrix& w, MapRM dx, int threads);
void linear_backward(ConstMapRM dy, const LinearWeights& w, MapRM dx, int threads);
// dx (N, C) = dlogits (N, V) · unembedding.
void unembed_backward(ConstMapRM dy, const Weights& w, MapRM dx, int threads);
// layer_norm of x with weight w (the bias adds nothing to dx).
void layer_norm_backward(ConstMapRM x, const VectorF& w, float eps, ConstMapRM dy, MapRM dx, int threads);
void rms_norm_backward(ConstMapRM x, const VectorF& w, float eps, ConstMapRM dy, MapRM dx, int threads);
// dx = dy * f'(x) for the activation f of the forward pass above.
void relu_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads);
void silu_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads);
void gelu_tanh_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads);
void gelu_erf_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads);
// y += a, element-wise.
void add_inplace(MapRM y, ConstMapRM a, int threads);

}  // namespace attnscope::kernels
