#pragma once
// Products with a bfloat16 weight summed as llama.cpp's CPU backend sums them
// on a processor with AVX512-BF16 (the CPU variant that packages with one
// build per processor family, node-llama-cpp's among them, load on Zen 4,
// Zen 5, Cooper Lake and Sapphire Rapids).
//
// Both operands are bfloat16 values there, so every product is exact in
// float32 and only the order of the additions decides the bits:
//   - a batch of two or more rows whose k is a multiple of 32 and whose
//     output count is a multiple of 4 goes to llamafile's tinyBLAS: 16 lanes,
//     lane l adding the products (2l + 1) then 2l of each 32 values
//     (VDPBF16PS), then the lanes summed pairwise, upper half onto lower
//     (_mm512_reduce_add_ps);
//   - anything else goes to ggml_vec_dot_bf16: two sets of such lanes over
//     64 values at a time, each reduced and added into a double, the values
//     after the last whole 64 added into that double one by one.
// The sums here follow those steps exactly, so the float32 results are
// llama.cpp's own. Unlike gemm.h's chains, a row's bits depend on whether it
// ran alone, as they do in llama.cpp. (Subnormal products, which the
// instruction flushes to zero, are kept here; no real activation meets one.)
#include "run/gemm.h"

namespace attnscope::gemm {

// y (m, w.rows) = x (m, w.cols) · wᵀ [+ b], w bfloat16, x already rounded to
// bfloat16 (round_like_llama_cpp) and packed (ldx = w.cols).
void xwt_bf16_as_llama_cpp(const float* x, const QuantizedMatrix& w, const float* b, float* y, Index ldy, Index m,
                           int threads);

}  // namespace attnscope::gemm
