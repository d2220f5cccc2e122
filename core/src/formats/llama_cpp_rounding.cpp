// The activations of llama.cpp's CPU matrix products (gguf.h,
// round_like_llama_cpp): before a product with a stored weight, ggml converts
// each row of the activations to the weight type's "vec_dot_type" and takes
// the dot product in that form. Here each row is converted and straight back
// to float32, so the GEMM that follows sees the values llama.cpp's dot
// products see. Written from the formats' descriptions:
// - F16 weights: activations rounded to float16 (nearest, ties to even);
// - BF16: to bfloat16 (nearest, ties to even);
// - Q4_0, Q5_0, Q8_0, Q4_1, Q5_1 (Q8_0 / Q8_1 activations): blocks of 32,
//   d = max|x| / 127 stored as float16, q = round(x · 127 / max|x|);
// - Q4_K, Q5_K, Q6_K (Q8_K activations): blocks of 256, m the value of
//   largest magnitude, q = min(127, round(x · −127 / m)), d = 1 / (−127 / m)
//   kept in float32.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <Eigen/Core>

#include "attnscope/formats/gguf.h"

namespace attnscope {

namespace {

// float32 through float16 or bfloat16 and back: Eigen's conversions, nearest
// with ties to even, as ggml's (and F16C's) are.
float through_half(float x) { return float(Eigen::half(x)); }
float through_bf16(float x) { return float(Eigen::bfloat16(x)); }

// ggml's nearest_int: round to nearest, ties to even, for |v| < 2^22.
int nearest_int(float v) { return int(std::nearbyint(v)); }

void q8_0_blocks(const float* x, int64_t n, float* out) {
    constexpr int kBlock = 32;
    for (int64_t b0 = 0; b0 < n; b0 += kBlock) {
        float amax = 0;
        for (int j = 0; j < kBlock; ++j) amax = std::max(amax, std::fabs(x[b0 + j]));
        const float d = amax / 127.0f;
        const float id = d != 0.0f ? 127.0f / amax : 0.0f;
        const float dh = through_half(d);
        for (int j = 0; j < kBlock; ++j) out[b0 + j] = float(nearest_int(x[b0 + j] * id)) * dh;
    }
}

void q8_k_blocks(const float* x, int64_t n, float* out) {
    constexpr int kBlock = 256;
    for (int64_t b0 = 0; b0 < n; b0 += kBlock) {
        float amax = 0, max = 0;
        for (int j = 0; j < kBlock; ++j) {
            const float a = std::fabs(x[b0 + j]);
            if (a > amax) {
                amax = a;
                max = x[b0 + j];
            }
        }
        if (amax == 0.0f) {
            std::fill(out + b0, out + b0 + kBlock, 0.0f);
            continue;
        }
        const float iscale = -127.0f / max;
        const float d = 1.0f / iscale;
        for (int j = 0; j < kBlock; ++j) out[b0 + j] = float(std::min(127, nearest_int(iscale * x[b0 + j]))) * d;
    }
}

}  // namespace

void round_like_llama_cpp(GgmlType weight_type, const float* x, int64_t n, float* out) {
    switch (weight_type) {
    case GgmlType::F32: std::copy(x, x + n, out); return;
    case GgmlType::F16:
        for (int64_t i = 0; i < n; ++i) out[i] = through_half(x[i]);
        return;
    case GgmlType::BF16:
        for (int64_t i = 0; i < n; ++i) out[i] = through_bf16(x[i]);
        return;
    case GgmlType::Q4_0:
    case GgmlType::Q4_1:
    case GgmlType::Q5_0:
    case GgmlType::Q5_1:
    case GgmlType::Q8_0: q8_0_blocks(x, n, out); return;
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K: q8_k_blocks(x, n, out); return;
    }
    std::copy(x, x + n, out);
}

}  // namespace attnscope
