#pragma once
// The packing half of gemm.cpp's GEMM (gemm_pack.cpp), and what the two
// files share: the vector type and register tile, the per-thread buffers, and
// panels of x and W packed for the tile. W is float32 rows in memory or, in a
// GGUF file's quantized blocks, dequantized a panel at a time as it is packed.
#include "run/gemm.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace attnscope::gemm {

// The register tile's vectors: a tile is kMr rows of kVecs vectors of kLanes
// floats (kNr columns).
#if defined(__AVX512F__)
struct Isa {
    using V = __m512;
    static constexpr int kLanes = 16, kVecs = 2, kMr = 14;
    static V zero() { return _mm512_setzero_ps(); }
    static V load(const float* p) { return _mm512_loadu_ps(p); }
    static void store(float* p, V v) { _mm512_storeu_ps(p, v); }
    static V broadcast(const float* p) { return _mm512_set1_ps(*p); }
    static V fma(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
    static V add(V a, V b) { return _mm512_add_ps(a, b); }
};
#elif defined(__AVX2__) && defined(__FMA__)
struct Isa {
    using V = __m256;
    static constexpr int kLanes = 8, kVecs = 2, kMr = 6;
    static V zero() { return _mm256_setzero_ps(); }
    static V load(const float* p) { return _mm256_loadu_ps(p); }
    static void store(float* p, V v) { _mm256_storeu_ps(p, v); }
    static V broadcast(const float* p) { return _mm256_broadcast_ss(p); }
    static V fma(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
    static V add(V a, V b) { return _mm256_add_ps(a, b); }
};
#else
// A portable build: four-wide vectors from the compiler, multiply then add
// (two roundings; the target has no fused multiply-add to contract into).
struct Isa {
    typedef float V __attribute__((vector_size(16)));
    static constexpr int kLanes = 4, kVecs = 2, kMr = 4;
    static V zero() { return V{0, 0, 0, 0}; }
    static V load(const float* p) {
        V v;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    static void store(float* p, V v) { std::memcpy(p, &v, sizeof v); }
    static V broadcast(const float* p) { return V{*p, *p, *p, *p}; }
    static V fma(V a, V b, V c) { return a * b + c; }
    static V add(V a, V b) { return a + b; }
};
#endif

constexpr int kMr = Isa::kMr;
constexpr int kNr = Isa::kLanes * Isa::kVecs;

struct FreeDeleter {
    void operator()(float* p) const { std::free(p); }
};

// Per-thread packing buffers, reused from call to call.
struct Buffers {
    std::unique_ptr<float[], FreeDeleter> a, b, bias, dq, dq_scratch;
    Index a_size = 0, b_size = 0, bias_size = 0, dq_size = 0, dq_scratch_size = 0;

    static float* grow(std::unique_ptr<float[], FreeDeleter>& buf, Index& size, Index want) {
        if (size < want) {
            const size_t bytes = (size_t(want) * sizeof(float) + 63) / 64 * 64;
            float* p = static_cast<float*>(std::aligned_alloc(64, bytes));
            if (!p) throw std::bad_alloc();
            buf.reset(p);
            size = want;
        }
        return buf.get();
    }
};

// This thread's buffers.
Buffers& buffers();

// Packs rows [0, mc) x steps [0, kc) of x into panels of kMr rows: panel q holds
// kc steps of kMr floats, rows past mc zero.
void pack_x(const float* x, Index ldx, Index mc, Index kc, float* out);

#if defined(__AVX2__)
// steps[q][j] = rows[j][p + q] for j, q < 8: an 8 x 8 transpose in registers.
inline void transpose8(const float* const* rows, Index p, __m256 steps[8]) {
    __m256 r[8], t[8], u[8];
    for (int j = 0; j < 8; ++j) r[j] = _mm256_loadu_ps(rows[j] + p);
    for (int j = 0; j < 8; j += 2) {
        t[j] = _mm256_unpacklo_ps(r[j], r[j + 1]);
        t[j + 1] = _mm256_unpackhi_ps(r[j], r[j + 1]);
    }
    for (int j = 0; j < 8; j += 4) {
        u[j] = _mm256_shuffle_ps(t[j], t[j + 2], _MM_SHUFFLE(1, 0, 1, 0));
        u[j + 1] = _mm256_shuffle_ps(t[j], t[j + 2], _MM_SHUFFLE(3, 2, 3, 2));
        u[j + 2] = _mm256_shuffle_ps(t[j + 1], t[j + 3], _MM_SHUFFLE(1, 0, 1, 0));
        u[j + 3] = _mm256_shuffle_ps(t[j + 1], t[j + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int q = 0; q < 4; ++q) {
        steps[q] = _mm256_permute2f128_ps(u[q], u[q + 4], 0x20);
        steps[q + 4] = _mm256_permute2f128_ps(u[q], u[q + 4], 0x31);
    }
}

// out[p * kNr + j] = rows[j][p] for j, p < 8.
inline void transpose8(const float* const* rows, Index p, float* out) {
    __m256 steps[8];
    transpose8(rows, p, steps);
    for (int q = 0; q < 8; ++q) _mm256_storeu_ps(out + q * kNr, steps[q]);
}
#endif

// Where W's values come from. DenseW: float32 rows in memory. QuantW: rows of
// quantized (or float16) blocks as a GGUF file stores them, dequantized by
// the packing step a panel at a time (kNr rows of a k block, or a k block of
// rows' nc columns), never the whole matrix. Dequantized values are exact
// floats, so a packed panel holds the same numbers either way and the tile
// runs the same chains: the bits depend on W's values, not on where they came
// from.
struct DenseW {
    const float* w;
    Index ldw;
};
struct QuantW {
    const QuantizedMatrix* q;
};

// xwt's panels: columns [jc, jc + nc) (rows of W) x steps [pc, pc + kc).
void pack_t(const DenseW& s, Index jc, Index pc, Index nc, Index kc, float* out);
void pack_t(const QuantW& s, Index jc, Index pc, Index nc, Index kc, float* out);

// xw's panels: steps [pc, pc + kc) (rows of W) x columns [jc, jc + nc).
void pack_kn(const DenseW& s, Index jc, Index pc, Index nc, Index kc, float* out);
void pack_kn(const QuantW& s, Index jc, Index pc, Index nc, Index kc, float* out);

// Panels of kNr columns from w in the (k, n) layout: rows of kNr floats, copied.
void pack_w_kn(const float* w, Index ldw, Index nc, Index kc, float* out);

}  // namespace attnscope::gemm
