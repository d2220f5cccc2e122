#include "attnscope/kernels.h"

#include "parallel_guard.h"

#include <algorithm>
#include <cmath>

namespace attnscope::kernels {

namespace {

// Below this many floats a loop is not worth waking the thread team for.
constexpr Eigen::Index kParallelFloats = 1 << 15;

int team(Eigen::Index work, int threads) { return work < kParallelFloats ? 1 : threads; }

}  // namespace

void linear(ConstMapRM x, const MatrixRM& w, const VectorF& b, MapRM y, int threads) {
    const Eigen::Index n = x.rows(), out = w.rows();
    // The output features are cut into slices of a fixed width, whatever the
    // thread count, and each slice is one single-threaded GEMM: every output is
    // computed the same way on 1 or N threads, so results agree bit for bit.
    constexpr Eigen::Index kSlice = 128;
    constexpr Eigen::Index kRowGroup = 4;
    const int slices = int((out + kSlice - 1) / kSlice);
    const int team_size = std::min(team(n * out, threads), slices);
    ParallelGuard guard;  // Eigen's GEMM may allocate: no exception may leave the region
#pragma omp parallel for num_threads(team_size) schedule(dynamic, 1) if (team_size > 1)
    for (int p = 0; p < slices; ++p) {
        guard.run([&] {
            const Eigen::Index c0 = p * kSlice;
            const Eigen::Index cols = std::min(kSlice, out - c0);
            auto ys = y.middleCols(c0, cols);
            const auto ws = w.middleRows(c0, cols);
            // Eigen's kernel takes rows in groups of kRowGroup and sums a ragged
            // last group (or a single row) in another order: the tail runs as a
            // zero-padded whole group, so a row's result never depends on how many
            // rows run with it (incremental runs repeat full ones bit for bit).
            const Eigen::Index whole = n / kRowGroup * kRowGroup;
            if (whole > 0) ys.topRows(whole).noalias() = x.topRows(whole) * ws.transpose();
            if (n > whole) {
                thread_local MatrixRM tail_x, tail_y;
                tail_x.setZero(kRowGroup, x.cols());
                tail_x.topRows(n - whole) = x.bottomRows(n - whole);
                tail_y.noalias() = tail_x * ws.transpose();
                ys.bottomRows(n - whole) = tail_y.topRows(n - whole);
            }
            if (b.size()) ys.rowwise() += b.segment(c0, cols).transpose();
        });
    }
    guard.rethrow();
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
