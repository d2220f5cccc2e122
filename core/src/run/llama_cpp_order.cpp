// bfloat16 products in llama.cpp's order of additions (llama_cpp_order.h).
#include "run/llama_cpp_order.h"

#include <algorithm>
#include <cstring>
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

// One 512-bit register of lane sums (GCC's vector extension: split into
// narrower registers where the build has no AVX-512, the same sums).
typedef float Lanes __attribute__((vector_size(kLanes * sizeof(float))));

// By reference, never by value: a build without AVX-512 would pass a
// 64-byte vector in another way than one with it (GCC's -Wpsabi).
inline void load(Lanes& v, const float* p) { std::memcpy(&v, p, sizeof v); }

// acc += w · x, lane by lane.
inline void add_products(Lanes& acc, const float* w, const float* x) {
    Lanes a, b;
    load(a, w);
    load(b, x);
    acc += a * b;
}

// _mm512_reduce_add_ps: the upper half added onto the lower, until one is left.
float reduce(const Lanes& acc) {
    float a[kLanes];
    std::memcpy(a, &acc, sizeof a);
    for (Index width = kLanes / 2; width >= 1; width /= 2)
        for (Index l = 0; l < width; ++l) a[l] = a[l + width] + a[l];
    return a[0];
}

// tinyBLAS for R rows of x and 4 rows of W (unpaired, k apart): each lane
// adds its pair's odd product, then its even one, chunk after chunk. The
// products are exact, so the compiler's fused multiply-adds change nothing.
template <int R>
void tinyblas_tile(const float* x, const float* w, Index k, float* y, Index ldy) {
    Lanes acc[R][4] = {};
    const auto add = [&](Index at) {
        Lanes xv[R], wv[4];
        for (int i = 0; i < R; ++i) load(xv[i], x + i * k + at);
        for (int j = 0; j < 4; ++j) load(wv[j], w + j * k + at);
        for (int i = 0; i < R; ++i)
            for (int j = 0; j < 4; ++j) acc[i][j] += wv[j] * xv[i];
    };
    for (Index c = 0; c < k; c += kChunk) {
        add(c + kLanes);  // the odd values
        add(c);           // the even ones
    }
    for (int i = 0; i < R; ++i)
        for (int j = 0; j < 4; ++j) y[i * ldy + j] = reduce(acc[i][j]);
}

// ggml_vec_dot_bf16 for one row of x and one of W.
float vec_dot(const float* w, const float* x, Index k, Index paired) {
    Lanes c1 = {}, c2 = {};
    for (Index i = 0; i < paired; i += 2 * kChunk) {
        add_products(c1, w + i + kLanes, x + i + kLanes);
        add_products(c1, w + i, x + i);
        add_products(c2, w + i + kChunk + kLanes, x + i + kChunk + kLanes);
        add_products(c2, w + i + kChunk, x + i + kChunk);
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
    // The calling thread's buffer, kept from product to product: a fresh one
    // is fresh pages to fault in and zero, every product.
    // (The team reads it through xp: a thread_local named inside the parallel
    // region would be each thread's own.)
    thread_local std::vector<float, Eigen::aligned_allocator<float>> buffer;
    if (buffer.size() < size_t(m) * size_t(k)) buffer.resize(size_t(m) * size_t(k));
    float* const xp = buffer.data();
    for (Index r = 0; r < m; ++r) unpair(x + r * k, k, paired, xp + r * k);
    const Index blocks = (n + kRowBlock - 1) / kRowBlock;
#pragma omp parallel num_threads(threads) if (threads > 1 && blocks > 1)
    {
        std::vector<float> row(static_cast<size_t>(k));
        std::vector<float, Eigen::aligned_allocator<float>> ws(static_cast<size_t>(kRowBlock * k));
#pragma omp for schedule(static)
        for (Index blk = 0; blk < blocks; ++blk) {
            const Index j0 = blk * kRowBlock, j1 = std::min(n, j0 + kRowBlock);
            for (Index j = j0; j < j1; ++j) {
                w.row(j, row.data());
                unpair(row.data(), k, paired, ws.data() + (j - j0) * k);
            }
            float* yb = y + j0;
            const float* wb = ws.data();
            if (tinyblas) {  // n % 4 == 0, and so is every block
                Index r = 0;
                for (; r + 4 <= m; r += 4)
                    for (Index j = 0; j < j1 - j0; j += 4)
                        tinyblas_tile<4>(xp + r * k, wb + j * k, k, yb + r * ldy + j, ldy);
                for (; r < m; ++r)
                    for (Index j = 0; j < j1 - j0; j += 4)
                        tinyblas_tile<1>(xp + r * k, wb + j * k, k, yb + r * ldy + j, ldy);
            } else {
                for (Index r = 0; r < m; ++r)
                    for (Index j = 0; j < j1 - j0; ++j) yb[r * ldy + j] = vec_dot(wb + j * k, xp + r * k, k, paired);
            }
            if (b)
                for (Index r = 0; r < m; ++r)
                    for (Index j = j0; j < j1; ++j) y[r * ldy + j] += b[j];
        }
    }
}

}  // namespace attnscope::gemm
