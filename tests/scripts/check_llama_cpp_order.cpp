// Compares AttnScope's "compute as llama.cpp does" with llama.cpp's own CPU
// kernels, output by output and bit by bit, by calling the prebuilt ggml
// libraries node-llama-cpp ships (tests/scripts/node_modules, `npm ci`):
//   - a product with a bfloat16 weight, one row (ggml_vec_dot_bf16) and a
//     batch (llamafile's tinyBLAS, through ggml_mul_mat), against
//     kernels::linear on the same weight stored as bfloat16 with
//     llama_cpp_rounding;
//   - RoPE (ggml_rope_ext, NeoX pairs) against rope::apply with
//     rope::angles(config, true);
//   - and, for the record, the float32 steps AttnScope does not follow:
//     RMSNorm (ggml_rms_norm then ggml_mul) and SiLU (ggml_silu).
// It exits 1 when a product or a rotation differs in any bit. It also
// checks that ggml's two product paths differ from each other, so that
// equal bits mean the same order and not an order that does not matter.
//
// Build and run against a release build (libggml-cpu-zen4.so is the variant
// for processors with AVX512-BF16; on others ggml loads another variant and
// llama.cpp's order is not this one):
//
//   cd tests/scripts && npm ci
//   B=node_modules/@node-llama-cpp/linux-x64/bins/linux-x64
//   git clone -q node_modules/node-llama-cpp/llama/gitRelease.bundle /tmp/llama.cpp-src
//   g++ -std=c++20 -O2 -march=native check_llama_cpp_order.cpp -o /tmp/check_llama_cpp_order \
//       -I/tmp/llama.cpp-src/ggml/include -I../../core/include -I../../core/src -isystem /usr/include/eigen3 \
//       ../../build/release/core/libattnscope_core.a -L$B -lggml-base -l:libggml-cpu-zen4.so \
//       -Wl,-rpath,$PWD/$B -fopenmp -lQt6Core
//   /tmp/check_llama_cpp_order
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "ggml-cpu.h"
#include "ggml.h"

#include "attnscope/model/weights.h"
#include "attnscope/run/kernels.h"
#include "run/rope.h"

using namespace attnscope;

extern "C" void ggml_vec_dot_bf16(int n, float* s, size_t bs, ggml_bf16_t* x, size_t bx, ggml_bf16_t* y,
                                  size_t by, int nrc);

namespace {

uint16_t to_bf16(float f) {  // round to nearest, ties to even (no NaN here)
    uint32_t u;
    std::memcpy(&u, &f, 4);
    u += 0x7fff + ((u >> 16) & 1);
    return uint16_t(u >> 16);
}

float from_bf16(uint16_t h) {
    const uint32_t u = uint32_t(h) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// A ggml context with room for one small graph.
struct Ggml {
    ggml_context* ctx;
    Ggml() { ctx = ggml_init(ggml_init_params{size_t(256) << 20, nullptr, false}); }
    ~Ggml() { ggml_free(ctx); }
    const float* compute(ggml_tensor* out) {
        ggml_cgraph* gf = ggml_new_graph(ctx);
        ggml_build_forward_expand(gf, out);
        ggml_graph_compute_with_ctx(ctx, gf, 1);
        return static_cast<const float*>(out->data);
    }
};

int count_differences(const float* a, const float* b, size_t n) {
    int d = 0;
    for (size_t i = 0; i < n; ++i) d += std::memcmp(a + i, b + i, sizeof(float)) != 0;
    return d;
}

// One product y (m, n) = x (m, k) · wᵀ: ours against ggml_mul_mat, and (one
// row) against ggml_vec_dot_bf16. Returns false when a bit differs.
bool product(int k, int n, int m, std::mt19937& rng, int& paths_differ) {
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<uint16_t> w(size_t(n) * size_t(k));
    for (uint16_t& v : w) v = to_bf16(0.06f * g(rng));
    std::vector<float> x(size_t(m) * size_t(k));
    for (float& v : x) v = g(rng);

    QuantizedMatrix q;
    q.type = GgmlType::BF16;
    q.rows = n;
    q.cols = k;
    q.data = reinterpret_cast<const std::byte*>(w.data());
    q.row_bytes = size_t(k) * 2;
    q.llama_cpp_rounding = true;
    MatrixRM ours(m, n);
    kernels::linear(ConstMapRM(x.data(), m, k), q, VectorF(), MapRM(ours.data(), m, n), 1);

    Ggml gg;
    ggml_tensor* tw = ggml_new_tensor_2d(gg.ctx, GGML_TYPE_BF16, k, n);
    std::memcpy(tw->data, w.data(), w.size() * 2);
    ggml_tensor* tx = ggml_new_tensor_2d(gg.ctx, GGML_TYPE_F32, k, m);
    std::memcpy(tx->data, x.data(), x.size() * 4);
    const float* theirs = gg.compute(ggml_mul_mat(gg.ctx, tw, tx));

    std::vector<float> dots(size_t(m) * size_t(n));
    std::vector<uint16_t> xb(static_cast<size_t>(k));
    for (int r = 0; r < m; ++r) {
        for (int i = 0; i < k; ++i) xb[size_t(i)] = to_bf16(x[size_t(r) * size_t(k) + size_t(i)]);
        for (int j = 0; j < n; ++j)
            ggml_vec_dot_bf16(k, &dots[size_t(r) * size_t(n) + size_t(j)], 0,
                              reinterpret_cast<ggml_bf16_t*>(w.data() + size_t(j) * size_t(k)), 0,
                              reinterpret_cast<ggml_bf16_t*>(xb.data()), 0, 1);
    }
    const size_t count = size_t(m) * size_t(n);
    const int vs_mul_mat = count_differences(ours.data(), theirs, count);
    const int paths = count_differences(theirs, dots.data(), count);
    if (m > 1) paths_differ += paths;
    std::printf("bf16 product k %4d, %3d outputs, %d rows: %4d of %5zu outputs differ from ggml_mul_mat", k, n, m,
                vs_mul_mat, count);
    if (m > 1) std::printf(" (ggml's one-row dot differs from its batch in %d)", paths);
    std::printf("\n");
    return vs_mul_mat == 0;
}

// RoPE on (tokens, heads, d) at positions 0..tokens-1, rotate-half pairs.
bool rotation(int tokens, int heads, int d, float base, std::mt19937& rng) {
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<float> x(size_t(tokens) * size_t(heads) * size_t(d));
    for (float& v : x) v = g(rng);
    ModelConfig c;
    c.n_embed = heads * d;
    c.n_head = heads;
    c.rope_theta = base;
    MatrixRM ours = Eigen::Map<MatrixRM>(x.data(), tokens, heads * d);
    rope::apply(MapRM(ours.data(), tokens, heads * d), heads, d, rope::angles(c, true), 0, 1);

    Ggml gg;
    ggml_tensor* tx = ggml_new_tensor_3d(gg.ctx, GGML_TYPE_F32, d, heads, tokens);
    std::memcpy(tx->data, x.data(), x.size() * 4);
    ggml_tensor* pos = ggml_new_tensor_1d(gg.ctx, GGML_TYPE_I32, tokens);
    for (int t = 0; t < tokens; ++t) static_cast<int32_t*>(pos->data)[t] = t;
    const float* theirs = gg.compute(ggml_rope_ext(gg.ctx, tx, pos, nullptr, d, GGML_ROPE_TYPE_NEOX, 0, base, 1.0f,
                                                   0.0f, 1.0f, 0.0f, 0.0f));
    const int diff = count_differences(ours.data(), theirs, x.size());
    std::printf("rope d %d, base %g, %d positions: %d of %zu values differ from ggml_rope_ext\n", d, double(base),
                tokens, diff, x.size());
    return diff == 0;
}

// The float32 steps between the products, for the record.
void elementwise(std::mt19937& rng) {
    std::normal_distribution<float> g(0.0f, 1.0f);
    const int rows = 64, C = 256;
    std::vector<float> x(size_t(rows) * C), w(C);
    for (float& v : x) v = g(rng);
    for (float& v : w) v = 1.0f + 0.1f * g(rng);
    VectorF wv = Eigen::Map<VectorF>(w.data(), C);
    MatrixRM ours(rows, C), act(rows, C);
    kernels::rms_norm(ConstMapRM(x.data(), rows, C), wv, 1e-5f, MapRM(ours.data(), rows, C), 1);
    kernels::silu(ConstMapRM(x.data(), rows, C), MapRM(act.data(), rows, C), 1);
    Ggml gg;
    ggml_tensor* tx = ggml_new_tensor_2d(gg.ctx, GGML_TYPE_F32, C, rows);
    std::memcpy(tx->data, x.data(), x.size() * 4);
    ggml_tensor* tw = ggml_new_tensor_1d(gg.ctx, GGML_TYPE_F32, C);
    std::memcpy(tw->data, w.data(), w.size() * 4);
    const float* norm = gg.compute(ggml_mul(gg.ctx, ggml_rms_norm(gg.ctx, tx, 1e-5f), tw));
    std::printf("(not followed) rms_norm: %d of %zu values differ from ggml's\n",
                count_differences(ours.data(), norm, x.size()), x.size());
    Ggml g2;
    ggml_tensor* t2 = ggml_new_tensor_2d(g2.ctx, GGML_TYPE_F32, C, rows);
    std::memcpy(t2->data, x.data(), x.size() * 4);
    const float* silu = g2.compute(ggml_silu(g2.ctx, t2));
    std::printf("(not followed) silu: %d of %zu values differ from ggml's\n",
                count_differences(act.data(), silu, x.size()), x.size());
}

}  // namespace

int main() {
    std::mt19937 rng(2026);
    bool same = true;
    int paths_differ = 0;
    for (int m : {1, 2, 3, 4, 8})
        for (int k : {32, 64, 96, 256, 1536})
            for (int n : {16, 256, 421}) same = product(k, n, m, rng, paths_differ) && same;
    same = rotation(40, 4, 64, 10000.0f, rng) && same;
    same = rotation(40, 2, 128, 500000.0f, rng) && same;
    elementwise(rng);
    if (paths_differ == 0) {
        std::printf("ggml's one-row and batch products never differed: the check would not see a wrong order\n");
        return 1;
    }
    std::printf(same ? "every product and rotation has llama.cpp's bits\n" : "SOME BITS DIFFER\n");
    return same ? 0 : 1;
}
