#include "cli/bench_peak.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

#include <immintrin.h>
#include <omp.h>

namespace cli {

namespace {

using Clock = std::chrono::steady_clock;

#if defined(__AVX512F__)
using Vec = __m512;
constexpr int kLanes = 16;
inline Vec splat(float v) { return _mm512_set1_ps(v); }
inline Vec load(const float* p) { return _mm512_loadu_ps(p); }
inline Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
// Not _mm512_reduce_add_ps: GCC 12 warns inside its own intrinsic.
inline float sum(Vec v) {
    alignas(64) float f[16];
    _mm512_store_ps(f, v);
    float s = 0;
    for (const float x : f) s += x;
    return s;
}
#elif defined(__AVX2__) && defined(__FMA__)
using Vec = __m256;
constexpr int kLanes = 8;
inline Vec splat(float v) { return _mm256_set1_ps(v); }
inline Vec load(const float* p) { return _mm256_loadu_ps(p); }
inline Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
inline float sum(Vec v) {
    alignas(32) float f[8];
    _mm256_store_ps(f, v);
    return f[0] + f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7];
}
#else
// SSE2 has no fused multiply-add: a multiply and an add count as the two FLOPs.
using Vec = __m128;
constexpr int kLanes = 4;
inline Vec splat(float v) { return _mm_set1_ps(v); }
inline Vec load(const float* p) { return _mm_loadu_ps(p); }
inline Vec fma(Vec a, Vec b, Vec c) { return _mm_add_ps(_mm_mul_ps(a, b), c); }
inline float sum(Vec v) {
    alignas(16) float f[4];
    _mm_store_ps(f, v);
    return f[0] + f[1] + f[2] + f[3];
}
#endif

// Twelve independent chains hide the FMA latency (4 cycles) on two ports.
constexpr int kChains = 12;

float fma_chains(long iterations, float scale) {
    Vec acc[kChains];
    for (int j = 0; j < kChains; ++j) acc[j] = splat(1.0f + float(j) * 1e-3f);
    const Vec m = splat(scale), c = splat(1e-7f);
    for (long i = 0; i < iterations; ++i) {
        // The multiplier is not a compile-time constant and every chain feeds
        // the result, so the compiler can neither fold nor drop them.
        for (int j = 0; j < kChains; ++j) acc[j] = fma(acc[j], m, c);
    }
    float s = 0;
    for (int j = 0; j < kChains; ++j) s += sum(acc[j]);
    return s;
}

// cblas_sgemm and friends, looked up in libopenblas.so.0 once.
struct OpenBlas {
    using Sgemm = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*, int);
    void* handle = nullptr;
    Sgemm sgemm = nullptr;
    void (*set_threads)(int) = nullptr;
    char* (*config)() = nullptr;
    char* (*corename)() = nullptr;
    std::string problem;

    OpenBlas() {
        // These two force OpenBLAS onto a smaller kernel (this project's
        // machines set them for other tools); the honest peer is its best.
        unsetenv("OPENBLAS_CORETYPE");
        unsetenv("OPENBLAS_L2_SIZE");
        handle = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            problem = "OpenBLAS not installed (apt-get install libopenblas0-openmp)";
            return;
        }
        sgemm = reinterpret_cast<Sgemm>(dlsym(handle, "cblas_sgemm"));
        set_threads = reinterpret_cast<void (*)(int)>(dlsym(handle, "openblas_set_num_threads"));
        config = reinterpret_cast<char* (*)()>(dlsym(handle, "openblas_get_config"));
        corename = reinterpret_cast<char* (*)()>(dlsym(handle, "openblas_get_corename"));
        if (!sgemm || !set_threads) problem = "libopenblas.so.0 lacks cblas_sgemm or openblas_set_num_threads";
    }
    bool ok() const { return problem.empty(); }
};

OpenBlas& openblas() {
    static OpenBlas lib;
    return lib;
}

}  // namespace

double fma_peak_gflops(int threads) {
    constexpr long kIterations = 4'000'000;
    double best = 1e300;
    volatile float scale = 0.9999999f;  // not a constant the compiler could fold
    for (int rep = 0; rep < 3; ++rep) {
        const auto t0 = Clock::now();
        float sink = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sink)
        sink += fma_chains(kIterations, scale);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        if (sink == 42.0f) best = 0;  // never true; uses the result
        best = std::min(best, s);
    }
    const double flops = double(threads) * double(kIterations) * kChains * kLanes * 2.0;
    return flops / best / 1e9;
}

double openblas_gemm_gflops(const GemmShape& s, int threads) {
    OpenBlas& lib = openblas();
    if (!lib.ok()) return 0;
    std::vector<float> x(size_t(s.m) * size_t(s.k)), w(size_t(s.n) * size_t(s.k)), y(size_t(s.m) * size_t(s.n));
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(int(i % 17) - 8) * 0.01f;
    for (size_t i = 0; i < w.size(); ++i) w[i] = float(int(i % 13) - 6) * 0.01f;
    lib.set_threads(threads);
    constexpr int kRowMajor = 101, kNoTrans = 111, kTrans = 112;
    double best = 1e300;
    for (int rep = 0; rep < 8; ++rep) {
        const auto t0 = Clock::now();
        lib.sgemm(kRowMajor, kNoTrans, kTrans, s.m, s.n, s.k, 1.0f, x.data(), s.k, w.data(), s.k, 0.0f, y.data(), s.n);
        if (rep > 0) best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return s.flops() / best / 1e9;
}

std::string openblas_description() {
    OpenBlas& lib = openblas();
    if (!lib.ok()) return lib.problem;
    std::string d = lib.config ? lib.config() : "OpenBLAS";
    if (lib.corename) d += std::string(" (kernel: ") + lib.corename() + ")";
    return d;
}

double memory_read_gbs(int threads) {
    constexpr size_t kFloats = size_t(1) << 28;  // 1 GB
    std::vector<float> buf(kFloats, 1.0f);
    double best = 0;
    float keep = 0;
    for (int pass = 0; pass < 4; ++pass) {
        const auto t0 = Clock::now();
        float total = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : total)
        for (long block = 0; block < long(kFloats / 4096); ++block) {
            // Four chains, so that the adds never wait on each other.
            Vec acc[4] = {splat(0.0f), splat(0.0f), splat(0.0f), splat(0.0f)};
            const float* p = buf.data() + size_t(block) * 4096;
            for (int i = 0; i < 4096; i += 4 * kLanes)
                for (int c = 0; c < 4; ++c) acc[c] = fma(load(p + i + c * kLanes), splat(1.0f), acc[c]);
            total += sum(acc[0]) + sum(acc[1]) + sum(acc[2]) + sum(acc[3]);
        }
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        keep += total;
        if (pass > 0) best = std::max(best, double(kFloats) * 4 / s / 1e9);
    }
    if (keep < 0) std::abort();  // the sums are used: the reads cannot be dropped
    return best;
}

}  // namespace cli
