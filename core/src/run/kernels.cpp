#include "attnscope/run/kernels.h"

#include "run/gemm.h"
#include "attnscope/run/threads.h"

#include <algorithm>
#include <cmath>

namespace attnscope::kernels {

namespace {

// Below this many floats a loop is not worth waking the thread team for.
constexpr Eigen::Index kParallelFloats = 1 << 15;

int team(Eigen::Index work, int threads) { return work < kParallelFloats ? 1 : threads_now(threads); }

}  // namespace

void linear(ConstMapRM x, const MatrixRM& w, const VectorF& b, MapRM y, int threads) {
    // gemm::xwt computes every output as one chain over the inputs in order,
    // whatever the number of rows and threads: see gemm.h.
    gemm::xwt(x.data(), x.cols(), w.data(), w.cols(), b.size() ? b.data() : nullptr, y.data(), y.cols(),
              x.rows(), w.rows(), x.cols(), threads);
}

void linear(ConstMapRM x, const QuantizedMatrix& w, const VectorF& b, MapRM y, int threads) {
    gemm::xwt(x.data(), x.cols(), w, b.size() ? b.data() : nullptr, y.data(), y.cols(), x.rows(), threads);
}

void linear(ConstMapRM x, const LinearWeights& w, MapRM y, int threads) {
    if (w.quantized()) linear(x, w.stored, w.bias, y, threads);
    else linear(x, w.weight, w.bias, y, threads);
}

void unembed(ConstMapRM x, const Weights& w, MapRM y, int threads) {
    const QuantizedMatrix& q = w.unembedding_stored();
    if (!q.empty()) linear(x, q, w.lm_head.bias, y, threads);
    else linear(x, w.unembedding(), w.lm_head.bias, y, threads);
    if (const float cap = w.config.final_softcap; cap > 0) {  // Gemma 2: cap · tanh(logit · (1 / cap))
        const float inv = 1.0f / cap;
        const Eigen::Index n = y.rows();
#pragma omp parallel for num_threads(team(y.size(), threads)) schedule(static)
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = 0; j < y.cols(); ++j) y(i, j) = std::tanh(y(i, j) * inv) * cap;
    }
}

void layer_norm(ConstMapRM x, const VectorF& w, const VectorF& b, float eps, MapRM y,
                int threads) {
    const Eigen::Index n = x.rows();
    const float inv_c = 1.0f / float(x.cols());
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto row = x.row(i).array();
        const float mean = row.sum() * inv_c;
        const float var = (row - mean).square().sum() * inv_c;
        const float rstd = 1.0f / std::sqrt(var + eps);
        if (b.size())
            y.row(i).array() = (row - mean) * rstd * w.transpose().array() + b.transpose().array();
        else
            y.row(i).array() = (row - mean) * rstd * w.transpose().array();
    }
}

void rms_norm(ConstMapRM x, const VectorF& w, float eps, MapRM y, int threads) {
    const Eigen::Index n = x.rows();
    const float inv_c = 1.0f / float(x.cols());
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto row = x.row(i).array();
        const float rstd = 1.0f / std::sqrt(row.square().sum() * inv_c + eps);
        y.row(i).array() = (row * rstd) * w.transpose().array();
    }
}

void silu(ConstMapRM x, MapRM y, int threads) {
    // Eigen's vectorised exp: a row is always computed by the same packet
    // sequence, whatever the number of rows or threads.
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto v = x.row(i).array();
        y.row(i).array() = v / (1.0f + (-v).exp());
    }
}

void mul_inplace(MapRM y, ConstMapRM b, int threads) {
    const Eigen::Index n = y.rows();
#pragma omp parallel for num_threads(team(y.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) y.row(i).array() *= b.row(i).array();
}

void relu(ConstMapRM x, MapRM y, int threads) {
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) y.row(i) = x.row(i).cwiseMax(0.0f);
}

void gelu_tanh(ConstMapRM x, MapRM y, int threads) {
    const float k = std::sqrt(2.0f / float(M_PI));
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto v = x.row(i).array();
        y.row(i).array() = 0.5f * v * (1.0f + (k * (v + 0.044715f * v.cube())).tanh());
    }
}

void gelu_erf(ConstMapRM x, MapRM y, int threads) {
    const float inv_sqrt2 = float(M_SQRT1_2);
    const Eigen::Index n = x.rows(), c = x.cols();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < c; ++j) {
            const float v = x(i, j);
            y(i, j) = 0.5f * v * (1.0f + std::erf(v * inv_sqrt2));
        }
}

void add(ConstMapRM a, ConstMapRM b, MapRM y, int threads) {
    const Eigen::Index n = a.rows();
#pragma omp parallel for num_threads(team(a.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) y.row(i) = a.row(i) + b.row(i);
}

// ------------------------------------------------------------------ backward

void linear_backward(ConstMapRM dy, const MatrixRM& w, MapRM dx, int threads) {
    // dx = dy · W with W (out, in) read as the (k, n) operand: one chain of
    // FMAs over the outputs per input, as gemm.h promises for xw.
    gemm::xw(dy.data(), dy.cols(), w.data(), w.cols(), dx.data(), dx.cols(), dy.rows(), w.cols(), dy.cols(), threads);
}

void linear_backward(ConstMapRM dy, const QuantizedMatrix& w, MapRM dx, int threads) {
    gemm::xw(dy.data(), dy.cols(), w, dx.data(), dx.cols(), dy.rows(), threads);
}

void linear_backward(ConstMapRM dy, const LinearWeights& w, MapRM dx, int threads) {
    if (w.quantized()) linear_backward(dy, w.stored, dx, threads);
    else linear_backward(dy, w.weight, dx, threads);
}

void unembed_backward(ConstMapRM dy, const Weights& w, MapRM dx, int threads) {
    const QuantizedMatrix& q = w.unembedding_stored();
    if (!q.empty()) linear_backward(dy, q, dx, threads);
    else linear_backward(dy, w.unembedding(), dx, threads);
}

// y = x̂ γ + β with x̂ = (x − mean) · rstd:
//   dx = rstd · (g − mean(g) − x̂ · mean(g x̂)),  g = dy γ.
void layer_norm_backward(ConstMapRM x, const VectorF& w, float eps, ConstMapRM dy, MapRM dx, int threads) {
    const Eigen::Index n = x.rows();
    const float inv_c = 1.0f / float(x.cols());
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto row = x.row(i).array();
        const float mean = row.sum() * inv_c;
        const float var = (row - mean).square().sum() * inv_c;
        const float rstd = 1.0f / std::sqrt(var + eps);
        const Eigen::ArrayXf xhat = ((row - mean) * rstd).transpose();
        const Eigen::ArrayXf g = dy.row(i).transpose().array() * w.array();
        const float mean_g = g.sum() * inv_c, mean_gx = (g * xhat).sum() * inv_c;
        dx.row(i) = (rstd * (g - mean_g - xhat * mean_gx)).matrix().transpose();
    }
}

// y = x · rstd · γ with rstd = 1 / sqrt(mean(x²) + ε):
//   dx = rstd · (g − x̂ · mean(g x̂)),  g = dy γ,  x̂ = x · rstd.
void rms_norm_backward(ConstMapRM x, const VectorF& w, float eps, ConstMapRM dy, MapRM dx, int threads) {
    const Eigen::Index n = x.rows();
    const float inv_c = 1.0f / float(x.cols());
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto row = x.row(i).array();
        const float rstd = 1.0f / std::sqrt(row.square().sum() * inv_c + eps);
        const Eigen::ArrayXf xhat = (row * rstd).transpose();
        const Eigen::ArrayXf g = dy.row(i).transpose().array() * w.array();
        const float mean_gx = (g * xhat).sum() * inv_c;
        dx.row(i) = (rstd * (g - xhat * mean_gx)).matrix().transpose();
    }
}

void relu_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads) {
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i)
        dx.row(i).array() = (x.row(i).array() > 0.0f).select(dy.row(i).array(), 0.0f);
}

// d/dx x σ(x) = σ(x) (1 + x (1 − σ(x))).
void silu_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads) {
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto v = x.row(i).array();
        const Eigen::ArrayXXf s = 1.0f / (1.0f + (-v).exp());
        dx.row(i).array() = dy.row(i).array() * s * (1.0f + v * (1.0f - s));
    }
}

// y = 0.5 x (1 + tanh u), u = k (x + 0.044715 x³):
//   dy/dx = 0.5 (1 + tanh u) + 0.5 x (1 − tanh² u) k (1 + 3 · 0.044715 x²).
void gelu_tanh_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads) {
    const float k = std::sqrt(2.0f / float(M_PI));
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto v = x.row(i).array();
        const Eigen::ArrayXXf t = (k * (v + 0.044715f * v.cube())).tanh();
        dx.row(i).array() = dy.row(i).array() * (0.5f * (1.0f + t) + 0.5f * v * (1.0f - t.square()) * k *
                                                                          (1.0f + 3.0f * 0.044715f * v.square()));
    }
}

// d/dx x Φ(x) = Φ(x) + x φ(x).
void gelu_erf_backward(ConstMapRM x, ConstMapRM dy, MapRM dx, int threads) {
    const float inv_sqrt2 = float(M_SQRT1_2), inv_sqrt_2pi = float(0.5 * M_2_SQRTPI * M_SQRT1_2);
    const Eigen::Index n = x.rows(), c = x.cols();
#pragma omp parallel for num_threads(team(x.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < c; ++j) {
            const float v = x(i, j);
            dx(i, j) = dy(i, j) * (0.5f * (1.0f + std::erf(v * inv_sqrt2)) + v * inv_sqrt_2pi * std::exp(-0.5f * v * v));
        }
}

void add_inplace(MapRM y, ConstMapRM a, int threads) {
    const Eigen::Index n = y.rows();
#pragma omp parallel for num_threads(team(y.size(), threads)) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) y.row(i) += a.row(i);
}

}  // namespace attnscope::kernels
