#include "run/gemm.h"

#include "common/parallel_guard.h"
#include "attnscope/formats/gguf.h"
#include "attnscope/model/weights.h"
#include "run/gemm_pack.h"
#include "run/llama_cpp_order.h"
#include "attnscope/run/threads.h"

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

// The structure is the classic one (Goto and van de Geijn, "Anatomy of
// high-performance matrix multiplication", 2008): a block of Wᵀ (kc steps x
// nc columns, k_block and n_block) is packed into panels of kNr columns, a
// block of x (kMc x kc) into panels of kMr rows, and a register tile of kMr x
// kNr outputs runs over kc steps with one broadcast of x and kVecs loads of W
// per step. Between k blocks the tile is stored to y and loaded again, which
// continues each output's chain exactly.

namespace attnscope::gemm {

namespace {

// Block sizes. A k block is as long as the product's k, up to kKcMax steps
// (split evenly past that): between k blocks every output tile is stored and
// loaded again, and with GPT-2 small's k of 768 and 3,072 those round trips
// cost more than the W panel's leaving L1 (it streams from L2: 2 loads per
// 2 x kMr FMAs). On the AVX-512 machine of README "Speed", 12 layers' four
// dense products with distinct weights at T=1,024 ran faster with whole
// k blocks than with blocks of 256 steps. A packed block of W is kept
// within kPackedW floats a thread (8 MB), so its columns shrink as k grows.
constexpr Index kKcMax = 3072;
constexpr Index kMc = kMr * 16;      // rows per packed block of x
constexpr Index kNcMax = kNr * 128;  // columns per packed block of W, at most
constexpr Index kPackedW = Index(1) << 21;

// The k block of a product of `k` steps: k itself, or k split into equal
// blocks of at most kKcMax steps (a multiple of 8, the packing's step group).
constexpr Index k_block(Index k) {
    if (k <= kKcMax) return k;
    const Index blocks = (k + kKcMax - 1) / kKcMax;
    return ((k + blocks - 1) / blocks + 7) / 8 * 8;
}

// The columns of a packed block of W for k blocks of kc steps.
constexpr Index n_block(Index kc) { return std::clamp(kPackedW / kc / kNr * kNr, Index(kNr), kNcMax); }

// Below this many multiply-adds one thread does the whole product.
constexpr double kParallelMacs = 1 << 18;
// The weights one parallel region of a few-row product reads at most (8 MB):
// a layer's matrices of GPT-2 small fit in one, its unembedding takes 19.
constexpr Index kSlabFloats = Index(1) << 21;

// A tile of r rows (r <= kMr) and kNr columns: c = (accumulate ? c : 0) + a · b
// over kc steps, then + bias when given. a holds kMr floats per step (rows past
// r unused), b kNr floats per step: a packed panel (kLdb = 0, the next step
// kNr floats on), or kNr columns of W in the (k, n) layout read in place
// (kLdb = 1, the next step ldb floats on).
template <int R, int kLdb = 0>
void micro(Index kc, const float* a, const float* b, float* c, Index ldc, bool accumulate,
           const float* bias, Index ldb = kNr) {
    if constexpr (kLdb == 0) ldb = kNr;
    typename Isa::V acc[R][Isa::kVecs];
#pragma GCC unroll 16
    for (int i = 0; i < R; ++i)
#pragma GCC unroll 4
        for (int v = 0; v < Isa::kVecs; ++v)
            acc[i][v] = accumulate ? Isa::load(c + i * ldc + v * Isa::kLanes) : Isa::zero();
    for (Index p = 0; p < kc; ++p) {
        typename Isa::V bv[Isa::kVecs];
#pragma GCC unroll 4
        for (int v = 0; v < Isa::kVecs; ++v) bv[v] = Isa::load(b + v * Isa::kLanes);
#pragma GCC unroll 16
        for (int i = 0; i < R; ++i) {
            const typename Isa::V ai = Isa::broadcast(a + i);
#pragma GCC unroll 4
            for (int v = 0; v < Isa::kVecs; ++v) acc[i][v] = Isa::fma(ai, bv[v], acc[i][v]);
        }
        a += kMr;
        b += ldb;
    }
    if (bias) {
#pragma GCC unroll 16
        for (int i = 0; i < R; ++i)
#pragma GCC unroll 4
            for (int v = 0; v < Isa::kVecs; ++v)
                acc[i][v] = Isa::add(acc[i][v], Isa::load(bias + v * Isa::kLanes));
    }
#pragma GCC unroll 16
    for (int i = 0; i < R; ++i)
#pragma GCC unroll 4
        for (int v = 0; v < Isa::kVecs; ++v) Isa::store(c + i * ldc + v * Isa::kLanes, acc[i][v]);
}

using MicroFn = void (*)(Index, const float*, const float*, float*, Index, bool, const float*, Index);

template <int kLdb, size_t... R>
constexpr auto micro_table(std::index_sequence<R...>) {
    return std::array<MicroFn, sizeof...(R)>{&micro<int(R) + 1, kLdb>...};
}
constexpr auto kMicro = micro_table<0>(std::make_index_sequence<kMr>{});
constexpr auto kMicroInPlace = micro_table<1>(std::make_index_sequence<kMr>{});

// Up to a register tile of rows against W in the (k, n) layout (an edit's
// new queries times a head's values): W's rows already hold kNr consecutive
// columns per step, so the tile reads them in place, all k steps in one
// chain, instead of packing all of W (2 MB a head at 8,192 tokens, 300 MB a
// key for GPT-2 small). A ragged right edge is packed, a panel's worth. The
// chains are the packed path's (a k block's tile is stored and loaded again
// there), so the bits are the same.
void few_rows_kn(const float* x, Index ldx, const float* w, Index ldw, float* y, Index ldy, Index m, Index n0,
                 Index n1, Index k) {
    Buffers& buf = buffers();
    float* xp = Buffers::grow(buf.a, buf.a_size, kMr * k);
    pack_x(x, ldx, m, k, xp);
    Index col = n0;
    for (; col + kNr <= n1; col += kNr) kMicroInPlace[size_t(m - 1)](k, xp, w + col, y + col, ldy, false, nullptr, ldw);
    if (col == n1) return;
    const Index cols = n1 - col;
    float* wp = Buffers::grow(buf.b, buf.b_size, kNr * k);
    pack_w_kn(w + col, ldw, cols, k, wp);
    alignas(64) float tile[kMr * kNr];
    kMicro[size_t(m - 1)](k, xp, wp, tile, kNr, false, nullptr, kNr);
    for (Index i = 0; i < m; ++i) std::copy(tile + i * kNr, tile + i * kNr + cols, y + i * ldy + col);
}

// One thread's share: rows [0, m) of y, columns [n0, n1).
template <bool kTransposed, class Src>
void block(const float* x, Index ldx, const Src& src, const float* b, float* y,
           Index ldy, Index m, Index n0, Index n1, Index k) {
    if constexpr (!kTransposed && std::is_same_v<Src, DenseW>) {
        if (m <= kMr) {
            few_rows_kn(x, ldx, src.w, src.ldw, y, ldy, m, n0, n1, k);
            return;
        }
    }
    Buffers& buf = buffers();
    float* bias = nullptr;
    if (b) {
        const Index padded = (n1 - n0 + kNr - 1) / kNr * kNr;
        bias = Buffers::grow(buf.bias, buf.bias_size, padded);
        std::fill(bias, bias + padded, 0.0f);
        std::copy(b + n0, b + n1, bias);
    }
    alignas(64) float tile[kMr * kNr];
    const Index kc_max = k_block(k), nc_max = n_block(kc_max);
    for (Index jc = n0; jc < n1; jc += nc_max) {
        const Index nc = std::min(nc_max, n1 - jc);
        const Index nc_panels = (nc + kNr - 1) / kNr;
        for (Index pc = 0; pc < k; pc += kc_max) {
            const Index kc = std::min(kc_max, k - pc);
            const bool accumulate = pc > 0, last = pc + kc == k;
            float* wp = Buffers::grow(buf.b, buf.b_size, nc_panels * kNr * kc_max);
            if constexpr (kTransposed) pack_t(src, jc, pc, nc, kc, wp);
            else pack_kn(src, jc, pc, nc, kc, wp);
            for (Index ic = 0; ic < m; ic += kMc) {
                const Index mc = std::min(kMc, m - ic);
                float* xp = Buffers::grow(buf.a, buf.a_size, kMc * kc_max);
                pack_x(x + ic * ldx + pc, ldx, mc, kc, xp);
                for (Index jr = 0; jr < nc_panels; ++jr) {
                    const Index col = jc + jr * kNr;
                    const int cols = int(std::min<Index>(kNr, n1 - col));
                    const float* wpanel = wp + jr * kc * kNr;
                    const float* tile_bias = last && bias ? bias + (col - n0) : nullptr;
                    for (Index ir = 0; ir < mc; ir += kMr) {
                        const int rows = int(std::min<Index>(kMr, mc - ir));
                        const float* xpanel = xp + ir * kc;
                        float* out = y + (ic + ir) * ldy + col;
                        const MicroFn fn = kMicro[size_t(rows - 1)];
                        if (cols == kNr) {
                            fn(kc, xpanel, wpanel, out, ldy, accumulate, tile_bias, kNr);
                        } else {
                            // A ragged right edge runs through a full-width tile.
                            if (accumulate)
                                for (int i = 0; i < rows; ++i)
                                    std::copy(out + i * ldy, out + i * ldy + cols, tile + i * kNr);
                            fn(kc, xpanel, wpanel, tile, kNr, accumulate, tile_bias, kNr);
                            for (int i = 0; i < rows; ++i)
                                std::copy(tile + i * kNr, tile + i * kNr + cols, out + i * ldy);
                        }
                    }
                }
            }
        }
    }
}

#if defined(__AVX2__) && defined(__FMA__)
// A few rows of x against W in the (out, in) layout: an incremental run's
// new tokens, the logits of the last position. Packing all of W for them cost
// more than their products (the logits' 50,257 x 768 for one row). Here each
// group of 8 outputs reads its 8 rows of W once, 8 steps at a time through a
// register transpose, and runs the R rows' chains: the same fused
// multiply-adds in the same order as the packed tile, so the same bits.
// An AVX-512 build runs it too, eight lanes wide: its tile is up to 14 rows,
// 14 accumulators and 8 transposed steps, in 32 registers; each output is
// still one chain from zero, whatever the vector width.

// One or two rows are bound by reading W: each of the 8 rows a group reads
// is fetched 2 KB ahead, a cache line every other step. The hardware's own
// prefetcher keeps fewer streams that far ahead: GPT-2 small generated 52
// tokens a second without, 60 with (bench --generate).
constexpr Index kPrefetchAhead = 512;

template <int R>
void few_rows(const float* x, Index ldx, const float* w, Index ldw, const float* b, float* y, Index ldy,
              Index n0, Index n1, Index k) {
    const Index k8 = k / 8 * 8;
    for (Index j0 = n0; j0 < n1; j0 += 8) {
        const int cols = int(std::min<Index>(8, n1 - j0));
        const float* rows[8];
        for (int j = 0; j < 8; ++j) rows[j] = w + (j0 + std::min(j, cols - 1)) * ldw;  // a ragged edge repeats its last row
        __m256 acc[R];
        for (int i = 0; i < R; ++i) acc[i] = _mm256_setzero_ps();
        for (Index p = 0; p < k8; p += 8) {
            if (R <= 2 && (p & 15) == 0)  // past a row's end it fetches the next rows, read next
                for (int j = 0; j < 8; ++j)
                    _mm_prefetch(reinterpret_cast<const char*>(rows[j] + p + kPrefetchAhead), _MM_HINT_T0);
            __m256 steps[8];
            transpose8(rows, p, steps);
#pragma GCC unroll 8
            for (int q = 0; q < 8; ++q)
#pragma GCC unroll 16
                for (int i = 0; i < R; ++i) acc[i] = _mm256_fmadd_ps(_mm256_broadcast_ss(x + i * ldx + p + q), steps[q], acc[i]);
        }
        for (Index p = k8; p < k; ++p) {
            alignas(32) float step[8];
            for (int j = 0; j < 8; ++j) step[j] = rows[j][p];
            const __m256 v = _mm256_load_ps(step);
            for (int i = 0; i < R; ++i) acc[i] = _mm256_fmadd_ps(_mm256_broadcast_ss(x + i * ldx + p), v, acc[i]);
        }
        alignas(32) float bias[8] = {};
        if (b) std::copy(b + j0, b + j0 + cols, bias);
        for (int i = 0; i < R; ++i) {
            const __m256 out = b ? _mm256_add_ps(acc[i], _mm256_load_ps(bias)) : acc[i];
            if (cols == 8) {
                _mm256_storeu_ps(y + i * ldy + j0, out);
            } else {
                alignas(32) float tile[8];
                _mm256_store_ps(tile, out);
                std::copy(tile, tile + cols, y + i * ldy + j0);
            }
        }
    }
}

using FewRowsFn = void (*)(const float*, Index, const float*, Index, const float*, float*, Index, Index, Index, Index);
template <size_t... R>
constexpr auto few_rows_table(std::index_sequence<R...>) {
    return std::array<FewRowsFn, sizeof...(R)>{&few_rows<int(R) + 1>...};
}
constexpr auto kFewRows = few_rows_table(std::make_index_sequence<kMr>{});

// few_rows on W's rows [n0, n1) (n0 a multiple of 8) as stored: each group of
// 8 is dequantized and run through fn, the same chains as dense rows.
void few_rows_stored(FewRowsFn fn, const float* x, Index ldx, const DenseW& s, const float* b, float* y, Index ldy,
                     Index n0, Index n1, Index k) {
    fn(x, ldx, s.w, s.ldw, b, y, ldy, n0, n1, k);
}
void few_rows_stored(FewRowsFn fn, const float* x, Index ldx, const QuantW& s, const float* b, float* y, Index ldy,
                     Index n0, Index n1, Index k) {
    Buffers& buf = buffers();
    float* rows = Buffers::grow(buf.dq, buf.dq_size, 8 * k);
    for (Index j0 = n0; j0 < n1; j0 += 8) {
        const Index cols = std::min<Index>(8, n1 - j0);
        for (Index j = 0; j < cols; ++j) dequantize_row(s.q->type, s.q->row_data(j0 + j), k, rows + j * k);
        fn(x, ldx, rows, k, b ? b + j0 : nullptr, y + j0, ldy, 0, cols, k);
    }
}
#endif  // (A portable build packs W whatever the rows.)

template <bool kTransposed, class Src>
void product(const float* x, Index ldx, const Src& src, const float* b, float* y,
             Index ldy, Index m, Index n, Index k, int threads) {
    if (m <= 0 || n <= 0) return;
    if (k <= 0) {
        for (Index i = 0; i < m; ++i)
            for (Index j = 0; j < n; ++j) y[i * ldy + j] = b ? 0.0f + b[j] : 0.0f;
        return;
    }
#if defined(__AVX2__) && defined(__FMA__)
    if (kTransposed && m <= kMr) {
        // Columns in groups of 8 shared out whole; W is read once either way.
        const FewRowsFn fn = kFewRows[size_t(m - 1)];
        if (double(m) * double(n) * double(k) < kParallelMacs || threads <= 1) {
            few_rows_stored(fn, x, ldx, src, b, y, ldy, 0, n, k);
            return;
        }
        // A large W (the unembedding) goes in slabs of columns, each its own
        // parallel region, so that a core lent meanwhile (threads_now) is
        // given up at the next slab instead of at the end of the product.
        const Index slab = std::max<Index>(8, kSlabFloats / std::max<Index>(k, 1) / 8 * 8);
        for (Index s0 = 0; s0 < n; s0 += slab) {
            const Index s1 = std::min(n, s0 + slab), groups = (s1 - s0 + 7) / 8;
            const int team = int(std::min<Index>(threads_now(threads), groups));
            if (team == 1) {
                few_rows_stored(fn, x, ldx, src, b, y, ldy, s0, s1, k);
                continue;
            }
            ParallelGuard guard;
#pragma omp parallel for num_threads(team) schedule(static, 1)
            for (int t = 0; t < team; ++t)
                guard.run([&] {
                    const Index c0 = std::min(s1, s0 + groups * t / team * 8),
                                c1 = std::min(s1, s0 + groups * (t + 1) / team * 8);
                    if (c1 > c0) few_rows_stored(fn, x, ldx, src, b, y, ldy, c0, c1, k);
                });
            guard.rethrow();
        }
        return;
    }
#endif
    const Index panels = (n + kNr - 1) / kNr;
    int team = double(m) * double(n) * double(k) < kParallelMacs ? 1 : std::max(1, threads_now(threads));
    // Columns are shared out in whole panels. When there are too few panels for
    // every thread, rows are split instead.
    const bool split_rows = team > 1 && panels < Index(4 * team) && m >= Index(2 * team) * kMr;
    if (!split_rows) team = int(std::min<Index>(team, panels));
    if (team == 1) {
        block<kTransposed>(x, ldx, src, b, y, ldy, m, 0, n, k);
        return;
    }
    ParallelGuard guard;
#pragma omp parallel for num_threads(team) schedule(static, 1)
    for (int t = 0; t < team; ++t) {
        guard.run([&] {
            if (split_rows) {
                const Index tiles = (m + kMr - 1) / kMr;
                const Index r0 = std::min(m, tiles * t / team * kMr), r1 = std::min(m, tiles * (t + 1) / team * kMr);
                if (r1 > r0) block<kTransposed>(x + r0 * ldx, ldx, src, b, y + r0 * ldy, ldy, r1 - r0, 0, n, k);
            } else {
                const Index c0 = std::min(n, panels * t / team * kNr), c1 = std::min(n, panels * (t + 1) / team * kNr);
                if (c1 > c0) block<kTransposed>(x, ldx, src, b, y, ldy, m, c0, c1, k);
            }
        });
    }
    guard.rethrow();
}

}  // namespace

void xwt(const float* x, Index ldx, const float* w, Index ldw, const float* b, float* y,
         Index ldy, Index m, Index n, Index k, int threads) {
    product<true>(x, ldx, DenseW{w, ldw}, b, y, ldy, m, n, k, threads);
}

void xwt(const float* x, Index ldx, const QuantizedMatrix& w, const float* b, float* y, Index ldy, Index m,
         int threads) {
    if (w.llama_cpp_rounding && w.type != GgmlType::F32) {
        // The activations as llama.cpp's dot products see them, row by row:
        // a row's bits do not depend on the rows beside it.
        // The buffer is the calling thread's, kept from product to product
        // rather than taken fresh (tens of megabytes a layer at 512 tokens).
        const Index k = Index(w.cols);
        thread_local std::vector<float, Eigen::aligned_allocator<float>> rounded;
        rounded.resize(size_t(m) * size_t(k));
        float* out = rounded.data();
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && m > 1)
        for (Index r = 0; r < m; ++r) round_like_llama_cpp(w.type, x + r * ldx, k, out + r * k);
        if (w.type == GgmlType::BF16) xwt_bf16_as_llama_cpp(out, w, b, y, ldy, m, threads);
        else product<true>(out, k, QuantW{&w}, b, y, ldy, m, Index(w.rows), k, threads);
        return;
    }
    product<true>(x, ldx, QuantW{&w}, b, y, ldy, m, Index(w.rows), Index(w.cols), threads);
}

void xw(const float* x, Index ldx, const QuantizedMatrix& w, float* y, Index ldy, Index m, int threads) {
    product<false>(x, ldx, QuantW{&w}, nullptr, y, ldy, m, Index(w.cols), Index(w.rows), threads);
}

void xw(const float* x, Index ldx, const float* w, Index ldw, float* y, Index ldy, Index m, Index n,
        Index k, int threads) {
    product<false>(x, ldx, DenseW{w, ldw}, nullptr, y, ldy, m, n, k, threads);
}

}  // namespace attnscope::gemm
