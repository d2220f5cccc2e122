#pragma once
// AttnScope's own single-precision GEMM for the dense layers: y = x · Wᵀ + b,
// with the weight in the (out, in) layout checkpoints store it in.
//
// Every output is one chain of fused multiply-adds over k = 0, 1, ..., K-1
// started from zero, then + b[j]. Blocking, packing, the register tile a row
// lands in and the thread count change only which chain runs where, never
// its order, so a row's bits do not depend on how many rows run with it
// (incremental runs repeat full ones) or on the number of threads. Up to a
// register tile of rows (6 with AVX2: an edit's new tokens, the last
// position's logits) W is not packed but read 8 rows at a time through a
// register transpose, which runs the same chains. In xw, up to a register
// tile of rows read W's (k, n) rows in place, on every build.
#include <cstddef>

namespace attnscope {
struct QuantizedMatrix;
}

namespace attnscope::gemm {

using Index = std::ptrdiff_t;

// y (m, n) = x (m, k) · w (n, k)ᵀ [+ b (n)]. All row-major with the given
// leading dimensions (in floats); b may be null. y must not overlap x or w.
void xwt(const float* x, Index ldx, const float* w, Index ldw, const float* b, float* y,
         Index ldy, Index m, Index n, Index k, int threads);

// y (m, n) = x (m, k) · w (k, n), the same way (w here in the (k, n) layout).
void xw(const float* x, Index ldx, const float* w, Index ldw, float* y, Index ldy, Index m, Index n,
        Index k, int threads);

// The same products with W (n, k) as a GGUF file stores it (quantized blocks,
// float16 or bfloat16 rows): the packing step dequantizes a panel at a time
// into its buffer, so no float32 copy of W is made and the chains, and the
// bits, are those of xwt and xw on the dequantized W. xwt: y (m, w.rows) =
// x (m, w.cols) · wᵀ [+ b]; xw: y (m, w.cols) = x (m, w.rows) · w.
void xwt(const float* x, Index ldx, const QuantizedMatrix& w, const float* b, float* y, Index ldy, Index m,
         int threads);
void xw(const float* x, Index ldx, const QuantizedMatrix& w, float* y, Index ldy, Index m, int threads);

}  // namespace attnscope::gemm
