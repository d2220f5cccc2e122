// The attribution methods (attribution.h): small functions over one tape
// and its gradients (run/tape.h), not passes of their own.
#include "attnscope/explain/attribution.h"

#include <algorithm>
#include <cmath>

#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"
#include "run/tape.h"

namespace attnscope {

namespace {

int thread_count(int threads) { return threads > 0 ? std::min(threads, max_thread_count()) : default_thread_count(); }

const float kOne = 1.0f;

// The run's own tape (B = 1).
tape::Tape run_tape(const Weights& w, std::span<const int> tokens, const RunOptions& run, int threads) {
    return tape::forward(w, tokens, run, tape::scaled_embeddings(w, tokens, {&kOne, 1}), threads);
}

// The (V) logits of row `r` of the final norm's output, as Model::run computes them.
VectorF logits_row(const Weights& w, ConstMapRM final_out, Eigen::Index r, int threads) {
    VectorF out(w.config.vocab_size);
    kernels::unembed(ConstMapRM(final_out.data() + r * final_out.cols(), 1, final_out.cols()), w,
                     MapRM(out.data(), 1, out.size()), threads);
    return out;
}

int argmax(const VectorF& v) {
    int best = 0;
    for (int i = 1; i < int(v.size()); ++i)
        if (v[i] > v[best]) best = i;
    return best;
}

// Softmax in double, the largest logit first subtracted (as predict.h).
std::vector<double> softmax(const VectorF& logits) {
    const double max = logits.maxCoeff();
    std::vector<double> p(size_t(logits.size()));
    double sum = 0;
    for (size_t i = 0; i < p.size(); ++i) sum += p[i] = std::exp(double(logits[Eigen::Index(i)]) - max);
    for (double& x : p) x /= sum;
    return p;
}

// d(logit of y at P) through the run's tape, resolving a missing y first.
GradientTarget resolve(const Weights& w, const tape::Tape& tp, GradientTarget target, int threads) {
    if (target.kind != GradientTarget::Kind::Logit) return target;
    const int T = tp.T;
    if (target.position < 0) target.position = T - 1;
    if (target.position >= T) return tape::resolved(target, w.config, T);  // throws, naming the position
    if (target.id < 0)
        target.id = target.position + 1 < T ? tp.tokens[size_t(target.position) + 1]
                                            : argmax(logits_row(w, tape::cmap(tp.final_out), target.position, threads));
    return tape::resolved(target, w.config, T);
}

}  // namespace

const char* saliency_method_name(SaliencyMethod m) {
    switch (m) {
    case SaliencyMethod::Grad: return "grad";
    case SaliencyMethod::GradInput: return "grad-input";
    case SaliencyMethod::IntegratedGradients: return "ig";
    }
    return "?";
}

bool parse_saliency_method(std::string_view name, SaliencyMethod& out) {
    for (const SaliencyMethod m : {SaliencyMethod::Grad, SaliencyMethod::GradInput, SaliencyMethod::IntegratedGradients})
        if (name == saliency_method_name(m)) {
            out = m;
            return true;
        }
    return false;
}

GradientTarget default_target(const Model& model, std::span<const int> tokens, const RunOptions& run, int position,
                              int id) {
    const Weights& w = model.weights();
    GradientTarget t{.kind = GradientTarget::Kind::Logit, .position = position, .id = id};
    if (t.position < 0) t.position = int(tokens.size()) - 1;
    if (t.id >= 0 || t.position + 1 < int(tokens.size()) || tokens.empty()) {
        tape::Tape text;  // the tokens alone: the target needs no logits
        text.config = w.config;
        text.B = 1;
        text.T = int(tokens.size());
        text.tokens.assign(tokens.begin(), tokens.end());
        return resolve(w, text, t, 1);
    }
    const int threads = thread_count(run.threads);
    return resolve(w, run_tape(w, tokens, run, threads), t, threads);
}

Attribution attribute(const Model& model, std::span<const int> tokens, const RunOptions& run,
                      const GradientTarget& target, int lens_k, int threads_asked) {
    const Weights& w = model.weights();
    const ModelConfig& cfg = w.config;
    const int threads = thread_count(threads_asked);
    const tape::Tape tp = run_tape(w, tokens, run, threads);
    Attribution a;
    a.target = resolve(w, tp, target, threads);
    const int T = tp.T, P = a.target.position, y = a.target.id, L = cfg.n_layer, H = cfg.n_head, C = cfg.n_embed;
    const int hs = cfg.head_size();
    std::vector<float> values;
    MatrixRM d = tape::target_gradient(w, tp, a.target, values, threads);
    std::vector<Gradients> g;
    tape::recycle(tape::backward(w, tp, std::move(d),
                                 GradientOptions{.attention = true, .heads = false, .residual = false}, &g, threads));
    a.logit = values[0];

    // Saliency: g_i and the token embedding rows e_i.
    a.grad.resize(size_t(T));
    a.grad_input.resize(size_t(T));
    VectorF ei(C);
    for (int i = 0; i < T; ++i) {
        const auto gi = g[0].embed.matrix().row(i);
        w.input_row(tokens[size_t(i)], ei.data());
        double norm = 0, dot = 0;
        for (int c = 0; c < C; ++c) {
            norm += double(gi[c]) * gi[c];
            dot += double(gi[c]) * ei[c];
        }
        a.grad[size_t(i)] = std::sqrt(norm);
        a.grad_input[size_t(i)] = dot;
    }

    // Relevance: v = e_P, then v ← v + v Abar_l from the last layer down
    // (R_L = (I + Abar_{L-1}) ... (I + Abar_0), so row P is e_P times them in that order).
    std::vector<double> v(static_cast<size_t>(T), 0.0), next(static_cast<size_t>(T), 0.0);
    v[size_t(P)] = 1.0;
    MatrixRM abar(T, T);
    for (int l = L - 1; l >= 0; --l) {
        const float* A = tp.layers[size_t(l)].A.data();
        const float* dA = g[0].layers[size_t(l)].weights.data.data();
        abar.setZero();
        for (int h = 0; h < H; ++h)
            for (size_t i = 0; i < size_t(T) * T; ++i) {
                const float x = dA[size_t(h) * T * T + i] * A[size_t(h) * T * T + i];
                if (x > 0) abar.data()[i] += x;
            }
        abar /= float(H);
        next = v;
        for (int i = 0; i < T; ++i) {
            if (v[size_t(i)] == 0.0) continue;
            for (int j = 0; j < T; ++j) next[size_t(j)] += v[size_t(i)] * abar(i, j);
        }
        v.swap(next);
    }
    a.relevance = std::move(v);

    // Direct logit attribution against the final norm's scale at P.
    const auto xin = tp.final_in.row(P);
    double scale;
    if (cfg.norm == NormKind::RMSNorm) {
        scale = std::sqrt(double(xin.array().square().sum()) / C + cfg.ln_eps);
    } else {
        const double mean = double(xin.sum()) / C;
        double var = 0;
        for (int c = 0; c < C; ++c) var += (double(xin[c]) - mean) * (double(xin[c]) - mean);
        scale = std::sqrt(var / C + cfg.ln_eps);
    }
    VectorF wu(C);
    w.unembedding_row(y, wu.data());
    a.dla = MatrixRM::Zero(L, H);
    MatrixRM wo_scratch;
    for (int l = 0; l < L; ++l) {
        // (C, H*hs); a stored (GGUF) layer's dequantized, one layer at a time
        const MatrixRM& wo = w.layers[size_t(l)].attn.proj.dense(wo_scratch);
        for (int h = 0; h < H; ++h) {
            std::vector<double> o(size_t(C), 0.0);
            for (int c = 0; c < C; ++c)
                for (int i = 0; i < hs; ++i)
                    o[size_t(c)] += double(tp.layers[size_t(l)].z(P, h * hs + i)) * wo(c, h * hs + i);
            double mean = 0;
            if (cfg.norm == NormKind::LayerNorm) {
                for (const double x : o) mean += x;
                mean /= C;
            }
            double sum = 0;
            for (int c = 0; c < C; ++c) sum += (o[size_t(c)] - mean) / scale * w.ln_f.weight[c] * wu[c];
            a.dla(l, h) = float(sum);
        }
    }

    // The logit lens: each block's output at P through the final norm and the unembedding.
    MatrixRM normed(1, C);
    for (int l = 0; l < L; ++l) {
        const MatrixRM& out_l = l + 1 < L ? tp.layers[size_t(l) + 1].x : tp.final_in;
        const LayerNormWeights& lnf = w.ln_f;
        if (cfg.norm == NormKind::RMSNorm)
            kernels::rms_norm(ConstMapRM(out_l.data() + Eigen::Index(P) * C, 1, C), lnf.weight, cfg.ln_eps,
                              MapRM(normed.data(), 1, C), 1);
        else
            kernels::layer_norm(ConstMapRM(out_l.data() + Eigen::Index(P) * C, 1, C), lnf.weight, lnf.bias,
                                cfg.ln_eps, MapRM(normed.data(), 1, C), 1);
        const VectorF logits = logits_row(w, tape::cmap(normed), 0, threads);
        const std::vector<double> p = softmax(logits);
        LensLayer layer{.layer = l, .top = {}, .target_prob = p[size_t(y)]};
        std::vector<int> order(p.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
        const int k = std::clamp(lens_k, 1, int(order.size()));
        std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int i, int j) {
            return logits[i] != logits[j] ? logits[i] > logits[j] : i < j;
        });
        for (int i = 0; i < k; ++i)
            layer.top.push_back({.id = order[size_t(i)], .prob = p[size_t(order[size_t(i)])],
                                 .logit = logits[order[size_t(i)]]});
        a.lens.push_back(std::move(layer));
    }
    return a;
}

IntegratedGradients integrated_gradients(const Model& model, std::span<const int> tokens, const RunOptions& run,
                                         const GradientTarget& target, int steps, int threads_asked,
                                         const std::function<bool()>& keep_going) {
    if (steps < 1 || steps > 4096)
        throw Error(ErrorCode::InvalidArgument, "integrated gradients take 1 to 4096 steps, not " + std::to_string(steps),
                    {std::to_string(steps)});
    const Weights& w = model.weights();
    const int threads = thread_count(threads_asked);
    const GradientTarget t = default_target(model, tokens, run, target.position, target.id);
    const int T = int(tokens.size()), C = w.config.n_embed;
    // The midpoints, then the two ends for completeness: f(e) (alpha 1) and f(0).
    std::vector<float> alphas;
    for (int k = 1; k <= steps; ++k) alphas.push_back(float((k - 0.5) / steps));
    alphas.push_back(1.0f);
    alphas.push_back(0.0f);
    const ScaledGradients sg = scaled_embedding_gradients(model, tokens, run, t, alphas, 0, threads, keep_going);
    IntegratedGradients ig;
    ig.steps = steps;
    ig.scores.assign(size_t(T), 0.0);
    VectorF e(C);
    for (int i = 0; i < T; ++i) {
        w.input_row(tokens[size_t(i)], e.data());
        double s = 0;
        for (int c = 0; c < C; ++c) {
            double gsum = 0;
            for (int k = 0; k < steps; ++k) gsum += sg.embed[size_t(k)].matrix()(i, c);
            s += double(e[c]) * gsum / steps;
        }
        ig.scores[size_t(i)] = s;
        ig.sum += s;
    }
    ig.delta_f = double(sg.values[size_t(steps)]) - double(sg.values[size_t(steps) + 1]);
    return ig;
}

PatchEstimates patch_estimates(const Model& model, std::span<const int> tokens, const RunOptions& run,
                               int threads_asked) {
    const Weights& w = model.weights();
    const ModelConfig& cfg = w.config;
    const int threads = thread_count(threads_asked);
    const tape::Tape tp = run_tape(w, tokens, run, threads);
    const GradientTarget t = tape::resolved({.kind = GradientTarget::Kind::MeanLoss}, cfg, tp.T);
    std::vector<float> values;
    MatrixRM d = tape::target_gradient(w, tp, t, values, threads);
    std::vector<Gradients> g;
    const GradientOptions heads_only{.attention = false, .heads = true, .residual = false, .embed = false};
    tape::recycle(tape::backward(w, tp, std::move(d), heads_only, &g, threads));
    const int hs = cfg.head_size();
    PatchEstimates pe;
    pe.loss = values[0];
    pe.estimate = MatrixRM::Zero(cfg.n_layer, cfg.n_head);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const MatrixRM& z = tp.layers[size_t(l)].z;
        const ConstMapRM dz = g[0].layers[size_t(l)].heads.cmatrix();
        for (int h = 0; h < cfg.n_head; ++h) {
            double s = 0;
            for (int i = 0; i < tp.T; ++i)
                for (int c = h * hs; c < (h + 1) * hs; ++c) s -= double(dz(i, c)) * z(i, c);
            pe.estimate(l, h) = float(s);
        }
    }
    return pe;
}

std::vector<float> value_norm_factors(const Weights& w, const Trace& trace, int layer, int head) {
    const ModelConfig& cfg = w.config;
    if (layer < 0 || layer >= trace.n_layer() || head < 0 || head >= cfg.n_head)
        throw Error(ErrorCode::InvalidArgument, "no head " + std::to_string(layer) + "." + std::to_string(head));
    needs_model(trace, "value-weighted norms");
    const int T = trace.T(), hs = cfg.head_size(), C = cfg.n_embed;
    const LayerTrace& lt = trace.layers[size_t(layer)];
    const Tensor rebuilt = lt.v.data.empty() ? trace.tensor("blk." + std::to_string(layer) + ".attn.v") : Tensor();
    const Tensor& v = lt.v.data.empty() ? rebuilt : lt.v;
    MatrixRM wo_scratch;  // a stored (GGUF) layer's dequantized
    const MatrixRM& wo = w.layers[size_t(layer)].attn.proj.dense(wo_scratch);  // (C, H*hs)
    std::vector<float> out(static_cast<size_t>(T), 0.0f);
    for (int j = 0; j < T; ++j) {
        const float* vj = v.data.data() + (size_t(j) * cfg.n_head + size_t(head)) * hs;
        double norm = 0;
        for (int c = 0; c < C; ++c) {
            double o = 0;
            for (int i = 0; i < hs; ++i) o += double(vj[i]) * wo(c, head * hs + i);
            norm += o * o;
        }
        out[size_t(j)] = float(std::sqrt(norm));
    }
    return out;
}

}  // namespace attnscope
