#include "attnscope/run/kernels.h"

#include "run/gemm.h"

#include <algorithm>
#include <cmath>

namespace attnscope::kernels {

namespace {

// Below this many floats a loop is not worth waking the thread team for.
constexpr Eigen::Index kParallelFloats = 1 << 15;

int team(Eigen::Index work, int threads) { return work < kParallelFloats ? 1 : threads; }

}  // namespace

void linear(ConstMapRM x, const MatrixRM& w, const VectorF& b, MapRM y, int threads) {
    // gemm::xwt computes every output as one chain over the inputs in order,
    // whatever the number of rows and threads: see gemm.h.
    gemm::xwt(x.data(), x.cols(), w.data(), w.cols(), b.size() ? b.data() : nullptr, y.data(), y.cols(),
              x.rows(), w.rows(), x.cols(), threads);
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

}  // namespace attnscope::kernels
