#pragma once
// The machine's ceilings, measured in the same run as the benchmark they
// judge: the FMA peak of this build's vector width, and the best single-
// precision GEMM on the machine (this build's Eigen, or OpenBLAS when
// Debian's libopenblas0 is installed; it is loaded at run time, only here).
#include <string>

namespace cli {

// GFLOP/s of independent fused multiply-adds on `threads` threads, at the
// widest vector this build uses (AVX-512, AVX2 or SSE2).
double fma_peak_gflops(int threads);

// An SGEMM y(m, n) = x(m, k) · w(n, k)ᵀ, both row-major, as the forward pass
// lays out its linear layers.
struct GemmShape {
    int m = 1024, k = 768, n = 3072;
    double flops() const { return 2.0 * m * k * n; }
};

// GB/s of reading a 1 GB buffer on `threads` threads (the best of a few
// passes, after a first one that maps its pages): the bound a token's
// generation meets when it reads every weight once.
double memory_read_gbs(int threads);

// OpenBLAS's own threading on `threads` threads; 0 when OpenBLAS is absent.
double openblas_gemm_gflops(const GemmShape& s, int threads);
// "OpenBLAS 0.3.21 ... (kernel: Cooperlake)", or why it is unavailable.
std::string openblas_description();

}  // namespace cli
