// The public face of the backward pass (attnscope/run/backward.h): a tape,
// the target's gradient, then blocks_backward.cpp.
#include "attnscope/run/backward.h"

#include <algorithm>

#include "attnscope/common/error.h"
#include "run/tape.h"

namespace attnscope {

namespace {

int thread_count(int threads) {
    if (threads < 0) throw Error(ErrorCode::InvalidArgument, "thread count must be >= 0");
    return threads > 0 ? std::min(threads, max_thread_count()) : default_thread_count();
}

}  // namespace

int64_t tape_bytes(const ModelConfig& c, int T) {
    const int64_t rows = T, C = c.n_embed, QW = c.q_width(), F = c.hidden();
    const int64_t per_layer = rows * (2 * C + 4 * QW + (c.mlp == MlpKind::Gated ? 2 : 1) * F) +
                              int64_t(c.n_head) * T * T + (c.qk_norm ? rows * 2 * QW : 0);
    // The backward's work buffers: a dozen (T, C), (T, H*hs) and (T, F)
    // matrices, and the two (T, T) buffers of each thread's head.
    const int64_t work = rows * (8 * C + 8 * QW + 3 * F);
    return 4 * (per_layer * c.n_layer + 2 * rows * C + work);
}

Gradients gradients(const Model& model, std::span<const int> tokens, const RunOptions& run,
                    const GradientTarget& target, const GradientOptions& options) {
    const Weights& w = model.weights();
    const int threads = thread_count(options.threads);
    const GradientTarget t = tape::resolved(target, w.config, int(tokens.size()));
    const float one = 1.0f;
    const tape::Tape tp = tape::forward(w, tokens, run, tape::scaled_embeddings(w, tokens, {&one, 1}), threads);
    std::vector<float> values;
    MatrixRM d = tape::target_gradient(w, tp, t, values, threads);
    std::vector<Gradients> out;
    tape::recycle(tape::backward(w, tp, std::move(d), options, &out, threads));
    out[0].value = values[0];
    return std::move(out[0]);
}

ScaledGradients scaled_embedding_gradients(const Model& model, std::span<const int> tokens, const RunOptions& run,
                                           const GradientTarget& target, std::span<const float> alphas, int batch,
                                           int threads_asked, const std::function<bool()>& keep_going) {
    const Weights& w = model.weights();
    const int threads = thread_count(threads_asked);
    const int T = int(tokens.size());
    const GradientTarget t = tape::resolved(target, w.config, T);
    if (batch <= 0) {
        const int64_t per_input = std::max<int64_t>(1, tape_bytes(w.config, std::max(T, 1)));
        // A batch whose tape the kept buffers (tape.h) hold, so that the next
        // batch reuses its memory rather than writing fresh pages.
        batch = int(std::clamp<int64_t>(int64_t(tape::kKeptBytes * 3 / 4) / per_input, 1, 64));
    }
    ScaledGradients result;
    const GradientOptions none{.attention = false, .heads = false, .residual = false, .threads = threads};
    for (size_t a0 = 0; a0 < alphas.size(); a0 += size_t(batch)) {
        if (keep_going && !keep_going()) throw Error(ErrorCode::Cancelled, "the attribution was cancelled");
        const std::span<const float> part = alphas.subspan(a0, std::min(alphas.size() - a0, size_t(batch)));
        const tape::Tape tp = tape::forward(w, tokens, run, tape::scaled_embeddings(w, tokens, part), threads);
        std::vector<float> values;
        MatrixRM d = tape::target_gradient(w, tp, t, values, threads);
        MatrixRM dx = tape::backward(w, tp, std::move(d), none, nullptr, threads);
        for (size_t b = 0; b < part.size(); ++b) {
            result.embed.emplace_back(Shape{T, int64_t(dx.cols())}, dx.data() + Eigen::Index(b) * T * dx.cols());
            result.values.push_back(values[b]);
        }
        tape::recycle(std::move(dx));
    }
    return result;
}

}  // namespace attnscope
