// bfloat16 products in llama.cpp's order of additions (llama_cpp_order.h).
#include "run/llama_cpp_order.h"

#include <algorithm>
#include <vector>

#include "attnscope/model/weights.h"

namespace attnscope::gemm {
namespace {

constexpr Index kLanes = 16;          // float32 sums in one 512-bit register
constexpr Index kChunk = 2 * kLanes;  // bfloat16 values one VDPBF16PS takes
constexpr Index kRowBlock = 16;       // weight rows unpacked at a time

// Each whole chunk of 32 values below `end` rearranged as its 16 even values
// then its 16 odd ones, so that a lane's pair sits at [l] and [16 + l]: the
// loops below then run over plain arrays. Values from `end` on stay in place.
void unpair(const float* v, Index k, Index end, float* out) {
    for (Index c = 0; c < end; c += kChunk)
        for (Index l = 0; l < kLanes; ++l) {
            out[c + l] = v[c + 2 * l];
            out[c + kLanes + l] = v[c + 2 * l + 1];
        }
    std::copy(v + end, v + k, out + end);
}

// VDPBF16PS on one unpaired chunk: lane l += odd product, then += even one.
inline void dot_chunk(float* acc, const float* w, const float* x) {
    for (Index l = 0; l < kLanes; ++l) acc[l] += w[kLanes + l] * x[kLanes + l];
    for (Index l = 0; l < kLanes; ++l) acc[l] += w[l] * x[l];
}

// _mm512_reduce_add_ps: the upper half added onto the lower, until one is left.
float reduce(const float* acc) {
    float a[kLanes];
    std::copy(acc, acc + kLanes, a);
    for (Index width = kLanes / 2; width >= 1; width /= 2)
        for (Index l = 0; l < width; ++l) a[l] = a[l + width] + a[l];
    return a[0];
}

float tinyblas_dot(const float* w, const float* x, Index k) {
    float acc[kLanes] = {};
    for (Index c = 0; c < k; c += kChunk) dot_chunk(acc, w + c, x + c);
    return reduce(acc);
}

float vec_dot(const float* w, const float* x, Index k, Index paired) {
    float c1[kLanes] = {}, c2[kLanes] = {};
    for (Index i = 0; i < paired; i += 2 * kChunk) {
        dot_chunk(c1, w + i, x + i);
        dot_chunk(c2, w + i + kChunk, x + i + kChunk);
    }
    double sum = 0.0;
    sum += double(reduce(c1));
    sum += double(reduce(c2));
    for (Index i = paired; i < k; ++i) {
        const float p = w[i] * x[i];
        sum += double(p);
    }
    return float(sum);
}

}  // namespace

void xwt_bf16_as_llama_cpp(const float* x, const QuantizedMatrix& w, const float* b, float* y, Index ldy, Index m,
                           int threads) {
    const Index n = Index(w.rows), k = Index(w.cols);
    // llamafile_sgemm takes a batch (n ≥ 2 in its terms) when tinyBLAS's
    // tiles fit; ggml_vec_dot_bf16 pairs only whole 64s.
    const bool tinyblas = m >= 2 && k % kChunk == 0 && n % 4 == 0;
    const Index paired = tinyblas ? k : k / (2 * kChunk) * (2 * kChunk);
    std::vector<float> xs(size_t(m) * size_t(k));
    for (Index r = 0; r < m; ++r) unpair(x + r * k, k, paired, xs.data() + r * k);
    const Index blocks = (n + kRowBlock - 1) / kRowBlock;
#pragma omp parallel num_threads(threads) if (threads > 1 && blocks > 1)
    {
        std::vector<float> row(static_cast<size_t>(k)), ws(static_cast<size_t>(kRowBlock * k));
#pragma omp for schedule(static)
        for (Index blk = 0; blk < blocks; ++blk) {
            const Index j0 = blk * kRowBlock, j1 = std::min(n, j0 + kRowBlock);
            for (Index j = j0; j < j1; ++j) {
                w.row(j, row.data());
                unpair(row.data(), k, paired, ws.data() + (j - j0) * k);
            }
            for (Index r = 0; r < m; ++r) {
                const float* xr = xs.data() + r * k;
                for (Index j = j0; j < j1; ++j) {
                    const float* wj = ws.data() + (j - j0) * k;
                    const float d = tinyblas ? tinyblas_dot(wj, xr, k) : vec_dot(wj, xr, k, paired);
                    y[r * ldy + j] = b ? d + b[j] : d;
                }
            }
        }
    }
}

}  // namespace attnscope::gemm
