#include "attnscope/explain/predict.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"

namespace attnscope {

namespace {

// ln Σ exp(logits), in double with the maximum taken out first. The exponentials
// run as Eigen's vectorised double exp, 1,024 logits at a time (a 50,257-wide
// vocabulary is most of a loss's cost after the lm_head itself). The widening
// to double is its own statement: Eigen does not vectorise a float-to-double
// cast, and inside one expression with it the exp runs as glibc's, one
// logit at a time, which costs a loss as much as its lm_head.
double log_sum_exp(const Eigen::Map<const VectorF>& logits) {
    const double top = logits.size() > 0 ? double(logits.maxCoeff()) : -std::numeric_limits<double>::infinity();
    constexpr Eigen::Index kChunk = 1024;
    Eigen::Array<double, kChunk, 1> buf;
    double sum = 0;
    for (Eigen::Index i = 0; i < logits.size(); i += kChunk) {
        const Eigen::Index n = std::min(kChunk, logits.size() - i);
        buf.head(n) = logits.segment(i, n).cast<double>().array() - top;
        buf.head(n) = buf.head(n).exp();
        sum += buf.head(n).sum();
    }
    return top + std::log(sum);
}

void check_position(const Trace& tr, int position) {
    if (position < 0 || position >= tr.T())
        throw Error(ErrorCode::InvalidArgument,
                    "position " + std::to_string(position) + " is outside the " + std::to_string(tr.T()) +
                        " tokens (positions count from 0)",
                    {std::to_string(position), std::to_string(tr.T())});
}

// The top k of one position's logits, and the actual next token's rank;
// `lse` is log_sum_exp(logits).
Prediction predict_row(std::span<const int> tokens, const Eigen::Map<const VectorF>& logits, double lse, int position,
                       int k) {
    const int V = int(logits.size());
    k = std::clamp(k, 1, V);

    std::vector<int> order(size_t(V), 0);
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) {
        return logits[a] != logits[b] ? logits[a] > logits[b] : a < b;
    });
    Prediction p;
    p.position = position;
    for (int i = 0; i < k; ++i) {
        const int id = order[size_t(i)];
        p.top.push_back({id, std::exp(double(logits[id]) - lse), double(logits[id])});
    }
    if (position + 1 < int(tokens.size())) {
        const int id = tokens[size_t(position + 1)];
        int above = 0;
        for (int v = 0; v < V; ++v) above += logits[v] > logits[id] ? 1 : 0;
        p.next = NextToken{id, std::exp(double(logits[id]) - lse), above + 1};
    }
    return p;
}

void check_ln_f(const Weights& w, const Trace& tr) {
    if (tr.ln_f.shape.size() != 2 || tr.ln_f.shape[0] != tr.T() || tr.ln_f.shape[1] != w.config.n_embed ||
        w.unembedding_rows() != w.config.vocab_size)
        throw Error(ErrorCode::InvalidArgument, "the trace was not made with these weights");
}

}  // namespace

Prediction predict(const Trace& tr, int position, int k) {
    check_position(tr, position);
    const auto logits = tr.logits_at(position);
    return predict_row(tr.tokens, logits, log_sum_exp(logits), position, k);
}

Prediction predict_from_ln_f(const Weights& w, const Trace& tr, int position, int k, int threads) {
    check_position(tr, position);
    const MatrixRM logits = logits_from_ln_f(w, tr, position, 1, threads);
    const Eigen::Map<const VectorF> row(logits.data(), logits.cols());
    return predict_row(tr.tokens, row, log_sum_exp(row), position, k);
}

namespace {

// One (V) row of the lm_head on row `position` of a final-norm output (T, C).
VectorF logits_row(const Weights& w, ConstMapRM ln_f, std::span<const int> tokens, int position, int threads) {
    if (ln_f.rows() != Eigen::Index(tokens.size()) || ln_f.cols() != w.config.n_embed ||
        w.unembedding_rows() != w.config.vocab_size)
        throw Error(ErrorCode::InvalidArgument, "the final norm output was not made with these weights");
    if (position < 0 || position >= int(tokens.size()))
        throw Error(ErrorCode::InvalidArgument,
                    "position " + std::to_string(position) + " is outside the " + std::to_string(tokens.size()) +
                        " tokens (positions count from 0)",
                    {std::to_string(position), std::to_string(tokens.size())});
    VectorF out(w.config.vocab_size);
    // The same kernel on one row as logits_from_ln_f, so the same numbers.
    kernels::unembed(ConstMapRM(ln_f.data() + size_t(position) * size_t(ln_f.cols()), 1, ln_f.cols()), w,
                     MapRM(out.data(), 1, out.size()), threads);
    return out;
}

// The probability of each of `ids` in one position's logits; `lse` is log_sum_exp(logits).
std::vector<double> probabilities_in_row(const Eigen::Map<const VectorF>& logits, double lse, std::span<const int> ids) {
    std::vector<double> out;
    for (const int id : ids) {
        if (id < 0 || id >= logits.size())
            throw Error(ErrorCode::InvalidArgument, "token id " + std::to_string(id) + " is outside the vocabulary");
        out.push_back(std::exp(double(logits[id]) - lse));
    }
    return out;
}

}  // namespace

Prediction predict_from_ln_f(const Weights& w, ConstMapRM ln_f, std::span<const int> tokens, int position, int k,
                             int threads) {
    const VectorF logits = logits_row(w, ln_f, tokens, position, threads);
    const Eigen::Map<const VectorF> row(logits.data(), logits.size());
    return predict_row(tokens, row, log_sum_exp(row), position, k);
}

std::vector<double> probabilities_from_ln_f(const Weights& w, ConstMapRM ln_f, std::span<const int> tokens,
                                            int position, std::span<const int> ids, int threads) {
    const VectorF logits = logits_row(w, ln_f, tokens, position, threads);
    const Eigen::Map<const VectorF> row(logits.data(), logits.size());
    return probabilities_in_row(row, log_sum_exp(row), ids);
}

PredictionAndProbabilities predict_with_probabilities_from_ln_f(const Weights& w, ConstMapRM ln_f,
                                                                std::span<const int> tokens, int position, int k,
                                                                std::span<const int> ids, int threads) {
    const VectorF logits = logits_row(w, ln_f, tokens, position, threads);
    const Eigen::Map<const VectorF> row(logits.data(), logits.size());
    const double lse = log_sum_exp(row);
    return {predict_row(tokens, row, lse, position, k), probabilities_in_row(row, lse, ids)};
}

std::vector<double> next_token_losses_from_ln_f(const Weights& w, ConstMapRM ln_f, std::span<const int> tokens,
                                                int from, int threads, const std::function<bool()>& keep_going,
                                                LossScratch* scratch) {
    if (ln_f.rows() != Eigen::Index(tokens.size()) || ln_f.cols() != w.config.n_embed ||
        w.unembedding_rows() != w.config.vocab_size)
        throw Error(ErrorCode::InvalidArgument, "the final norm output was not made with these weights");
    constexpr int kBlock = 64;
    std::vector<double> out;
    const int n = int(tokens.size()) - 1;
    LossScratch own;
    MatrixRM& logits = (scratch ? *scratch : own).logits;
    if (logits.rows() != kBlock || logits.cols() != w.config.vocab_size) logits.resize(kBlock, w.config.vocab_size);
    for (int first = std::max(0, from); first < n; first += kBlock) {
        if (keep_going && !keep_going()) throw Error(ErrorCode::Cancelled, "cancelled");
        const int rows = std::min(kBlock, n - first);
        // The same kernel and rows as logits_from_ln_f, so the same numbers.
        kernels::unembed(ConstMapRM(ln_f.data() + size_t(first) * size_t(ln_f.cols()), rows, ln_f.cols()), w,
                         MapRM(logits.data(), rows, logits.cols()), threads);
        for (int r = 0; r < rows; ++r) {
            const Eigen::Map<const VectorF> row(logits.data() + size_t(r) * size_t(logits.cols()), logits.cols());
            out.push_back(log_sum_exp(row) - double(row[tokens[size_t(first + r + 1)]]));
        }
    }
    return out;
}

std::vector<double> next_token_losses_from_ln_f(const Weights& w, const Trace& tr, int from, int threads,
                                                const std::function<bool()>& keep_going) {
    check_ln_f(w, tr);
    return next_token_losses_from_ln_f(w, tr.ln_f.cmatrix(), tr.tokens, from, threads, keep_going);
}

std::vector<double> next_token_losses(const Trace& tr) {
    std::vector<double> out;
    for (int p = 0; p + 1 < tr.T(); ++p) {
        const auto logits = tr.logits_at(p);
        out.push_back(log_sum_exp(logits) - double(logits[tr.tokens[size_t(p + 1)]]));
    }
    return out;
}

double mean_next_token_loss(const Trace& tr) {
    const std::vector<double> losses = next_token_losses(tr);
    if (losses.empty()) return std::numeric_limits<double>::quiet_NaN();
    return std::accumulate(losses.begin(), losses.end(), 0.0) / double(losses.size());
}

}  // namespace attnscope
