// The forward tape (tape.h): the blocks of blocks.cpp over a batch of inputs,
// keeping what the backward pass (blocks_backward.cpp) reads.
#include "run/tape.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>

#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"
#include "common/parallel_guard.h"
#include "common/populate_pages.h"
#include "run/attention.h"
#include "run/blocks.h"
#include "run/forward.h"
#include "run/rope.h"

namespace attnscope::tape {

using kernels::linear;

namespace {

// Rows [r0, r0 + n) of a matrix.
MapRM rows(MatrixRM& m, Eigen::Index r0, Eigen::Index n) { return MapRM(m.data() + r0 * m.cols(), n, m.cols()); }

// repeat_kv: (N, Hkv * hs) to (N, H * hs), each kv head copied to the query heads of its group.
void repeat_kv(const MatrixRM& kv, MatrixRM& out, int H, int Hkv, int hs) {
    const int group = H / Hkv;
    for (Eigen::Index r = 0; r < kv.rows(); ++r)
        for (int h = 0; h < H; ++h)
            std::memcpy(out.data() + r * out.cols() + size_t(h) * hs, kv.data() + r * kv.cols() + size_t(h / group) * hs,
                        sizeof(float) * size_t(hs));
}

// The q or k Linear's output (raw, BT rows) made into what attention reads:
// each head's RMSNorm (q/k norm), then RoPE input by input (positions 0..T-1).
void normalize_and_rotate(const ModelConfig& cfg, const VectorF& head_norm, const rope::Angles& angles,
                          int B, int T, int heads, MatrixRM& x, int threads) {
    const int hs = cfg.head_size();
    if (cfg.qk_norm) {
        const MapRM per_head(x.data(), x.rows() * heads, hs);
        kernels::rms_norm(ConstMapRM(per_head.data(), per_head.rows(), hs), head_norm, cfg.ln_eps, per_head, threads);
    }
    if (cfg.position == PositionKind::Rotary)
        for (int b = 0; b < B; ++b) rope::apply(rows(x, Eigen::Index(b) * T, T), heads, hs, angles, 0, threads);
}

struct Kept {
    std::mutex mutex;
    std::vector<MatrixRM> buffers;  // oldest first
    size_t bytes = 0;
};

// Never destroyed: a worker may still give a buffer back while the process
// exits.
Kept& kept() {
    static Kept* const k = new Kept;
    return *k;
}

size_t bytes_of(const MatrixRM& m) { return size_t(m.size()) * sizeof(float); }

}  // namespace

MatrixRM fresh(Eigen::Index rows, Eigen::Index cols) {
    {
        Kept& k = kept();
        const std::lock_guard lock(k.mutex);
        for (size_t i = k.buffers.size(); i-- > 0;)
            if (k.buffers[i].size() == rows * cols) {
                MatrixRM m = std::move(k.buffers[i]);
                k.buffers.erase(k.buffers.begin() + std::ptrdiff_t(i));
                k.bytes -= bytes_of(m);
                m.resize(rows, cols);  // the same number of floats: no new allocation
                return m;
            }
    }
    MatrixRM m(rows, cols);
    populate_pages(m.data(), bytes_of(m));
    return m;
}

void recycle(MatrixRM&& m) {
    const size_t n = bytes_of(m);
    if (n == 0 || n > kKeptBytes) return;
    MatrixRM own = std::move(m);
    std::vector<MatrixRM> dropped;  // freed outside the lock
    Kept& k = kept();
    const std::lock_guard lock(k.mutex);
    while (k.bytes + n > kKeptBytes) {
        k.bytes -= bytes_of(k.buffers.front());
        dropped.push_back(std::move(k.buffers.front()));
        k.buffers.erase(k.buffers.begin());
    }
    k.bytes += n;
    k.buffers.push_back(std::move(own));
}

void recycle(std::initializer_list<MatrixRM*> ms) {
    for (MatrixRM* m : ms) recycle(std::move(*m));
}

Tape::~Tape() {
    for (Layer& L : layers) recycle({&L.x, &L.q, &L.k, &L.v, &L.q_raw, &L.k_raw, &L.A, &L.z, &L.resid1, &L.hidden, &L.up});
    recycle({&final_in, &final_out});
}

GradientTarget resolved(const GradientTarget& target, const ModelConfig& config, int T) {
    GradientTarget t = target;
    if (T < 1) throw Error(ErrorCode::EmptyInput, "no tokens to run");
    if (t.kind == GradientTarget::Kind::MeanLoss) {
        if (T < 2) throw Error(ErrorCode::InvalidArgument, "the mean next-token loss needs at least two tokens");
        return t;
    }
    if (t.position < 0) t.position = T - 1;
    if (t.position >= T)
        throw Error(ErrorCode::InvalidArgument,
                    "position " + std::to_string(t.position) + " is outside the " + std::to_string(T) +
                        " tokens (positions count from 0)",
                    {std::to_string(t.position), std::to_string(T)});
    if (t.id < 0 || t.id >= config.vocab_size)
        throw Error(ErrorCode::InvalidArgument,
                    "target id " + std::to_string(t.id) + " is outside the vocabulary of " +
                        std::to_string(config.vocab_size),
                    {std::to_string(t.id), std::to_string(config.vocab_size)});
    return t;
}

MatrixRM scaled_embeddings(const Weights& w, std::span<const int> tokens, std::span<const float> alphas) {
    const int T = int(tokens.size()), C = w.config.n_embed, B = int(alphas.size());
    const bool learned = w.config.position == PositionKind::Learned;
    MatrixRM x(Eigen::Index(B) * T, C);
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < T; ++t) {
            auto row = x.row(Eigen::Index(b) * T + t);
            // alpha 1 adds exactly what blocks::embed_row does.
            if (alphas[size_t(b)] == 1.0f) {
                blocks::embed_row(w, tokens[size_t(t)], t, row.data());
                continue;
            }
            w.input_row(tokens[size_t(t)], row.data());
            if (learned) row = alphas[size_t(b)] * row + w.pos_embed.row(t);
            else row = alphas[size_t(b)] * row;
        }
    return x;
}

// Block by block as blocks::block computes a run that keeps everything:
// norm, q/k/v (norms, RoPE, repeat_kv), attention (passes 1-4), the output
// projection, then blocks::after_projection for the residuals and the MLP.
Tape forward(const Weights& w, std::span<const int> tokens, const RunOptions& run, MatrixRM input, int threads) {
    const ModelConfig& cfg = w.config;
    check_run_input(cfg, tokens, run);
    // The backward of Gemma 2's soft-capping (d tanh), its norms after the
    // attention and the MLP and its (1 + γ) is not written yet: refused, not
    // approximated. Its scaled embeddings and alternating windows are handled.
    if (cfg.attn_softcap > 0 || cfg.final_softcap > 0 || cfg.post_norms || cfg.norm_offset != 0.0f)
        throw Error(ErrorCode::InvalidArgument,
                    "gradients and attributions are not available for " + cfg.arch +
                        ": the backward pass of soft-capped scores and logits and of the norms after attention and "
                        "MLP is not implemented",
                    {cfg.arch});
    const int T = int(tokens.size()), C = cfg.n_embed, H = cfg.n_head, Hkv = cfg.kv_heads(), hs = cfg.head_size();
    const int QW = cfg.q_width(), KW = cfg.kv_width(), F = cfg.hidden();
    if (input.cols() != C || input.rows() < T || input.rows() % T != 0)
        throw Error(ErrorCode::InvalidArgument, "the tape's input is not (B*T, C)");
    const int B = int(input.rows() / T);
    const Eigen::Index N = input.rows();
    const bool gated = cfg.mlp == MlpKind::Gated;
    const rope::Angles angles = cfg.position == PositionKind::Rotary && !w.layers.empty()
                                    ? rope::angles(cfg, w.layers.front().attn.llama_cpp_rope)
                                    : rope::Angles();

    Tape tape;
    tape.config = cfg;
    tape.B = B;
    tape.T = T;
    tape.tokens.assign(tokens.begin(), tokens.end());
    tape.run = run;
    tape.layers.resize(size_t(cfg.n_layer));
    // Work buffers no backward reads.
    MatrixRM ln = fresh(N, C), kv = fresh(N, KW), proj = fresh(N, C), ln2 = fresh(N, C), act = fresh(N, F),
             mlp_proj = fresh(N, C);
    std::vector<float> row_max(size_t(H) * T), row_inv(size_t(H) * T);
    MatrixRM x = std::move(input);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const LayerWeights& lw = w.layers[size_t(l)];
        Layer& L = tape.layers[size_t(l)];
        blocks::norm(cfg, cmap(x), lw.ln1, map(ln), threads);
        L.q = fresh(N, QW);
        linear(cmap(ln), lw.attn.q, map(L.q), threads);
        if (cfg.qk_norm) {
            L.q_raw = fresh(N, QW);
            L.q_raw = L.q;
        }
        normalize_and_rotate(cfg, lw.attn.q_norm, angles, B, T, H, L.q, threads);
        linear(cmap(ln), lw.attn.k, map(kv), threads);
        if (cfg.qk_norm) {
            L.k_raw = fresh(N, KW);
            L.k_raw = kv;
        }
        normalize_and_rotate(cfg, lw.attn.k_norm, angles, B, T, Hkv, kv, threads);
        L.k = fresh(N, QW);
        if (Hkv == H) L.k = kv;
        else repeat_kv(kv, L.k, H, Hkv, hs);
        linear(cmap(ln), lw.attn.v, map(kv), threads);
        L.v = fresh(N, QW);
        if (Hkv == H) L.v = kv;
        else repeat_kv(kv, L.v, H, Hkv, hs);

        std::vector<bool> ablated(size_t(H), false);
        for (const HeadRef& a : run.ablate)
            if (a.layer == l) ablated[size_t(a.head)] = true;
        L.A = fresh(Eigen::Index(B) * H * T, T);
        L.A.setZero();
        L.z = fresh(N, QW);
        for (int b = 0; b < B; ++b) {
            const size_t r0 = size_t(b) * T;
            attention::LayerOutput out{L.A.data() + size_t(b) * H * T * T, row_max.data(), row_inv.data(),
                                       L.z.data() + r0 * QW};
            attention::multi_head_forward(L.q.data() + r0 * QW, L.k.data() + r0 * QW, L.v.data() + r0 * QW, T, QW, H,
                                          run.causal, ablated, out, threads, 0, cfg.sliding_window_of(l), l, run.knockout);
        }

        L.x = std::move(x);
        L.resid1 = fresh(N, C);
        L.hidden = fresh(N, F);
        if (gated) L.up = fresh(N, F);
        linear(cmap(L.z), lw.attn.proj, map(proj), threads);
        const blocks::BlockRows br{map(proj), map(L.resid1), map(ln2), map(L.hidden),
                                   map(act),  gated ? map(L.up) : MapRM(nullptr, 0, 0), map(mlp_proj)};
        x = fresh(N, C);
        blocks::after_projection(lw, cfg, cmap(L.x), br, map(x), threads);
    }
    tape.final_out = fresh(N, C);
    blocks::norm(cfg, cmap(x), w.ln_f, map(tape.final_out), threads);
    tape.final_in = std::move(x);
    recycle({&ln, &kv, &proj, &ln2, &act, &mlp_proj});
    return tape;
}

MatrixRM target_gradient(const Weights& w, const Tape& tape, const GradientTarget& target, std::vector<float>& values,
                         int threads) {
    const int T = tape.T, B = tape.B, C = tape.config.n_embed, V = tape.config.vocab_size;
    MatrixRM d = fresh(Eigen::Index(B) * T, C);
    d.setZero();
    values.assign(size_t(B), 0.0f);
    if (target.kind == GradientTarget::Kind::Logit) {
        // f = ln_f[P] · W_U[y] + b[y]: its value is the lm_head's own, the
        // same kernel on the one row as Model::run.
        MatrixRM logits(1, V);
        for (int b = 0; b < B; ++b) {
            const Eigen::Index r = Eigen::Index(b) * T + target.position;
            kernels::unembed(ConstMapRM(tape.final_out.data() + r * C, 1, C), w, map(logits), threads);
            values[size_t(b)] = logits(0, target.id);
            w.unembedding_row(target.id, d.row(r).data());
        }
        return d;
    }
    // The mean over positions p < T - 1 of -ln softmax(logits[p])[t_{p+1}]:
    // d logits[p] = (softmax(logits[p]) - onehot(t_{p+1})) / (T - 1), with
    // each row's sum and loss in double, made in place over the logits; then
    // d ln_f = d logits · W_U. Up to 256 rows go at once (the unembedding is
    // packed once each way at T = 256), and a row's softmax is one thread's,
    // the same on any number of threads.
    constexpr int kBlock = 256;
    const int block = std::min(kBlock, T - 1);
    MatrixRM logits = fresh(block, V), dblock = fresh(block, C);
    std::vector<double> row_loss(static_cast<size_t>(block));
    for (int b = 0; b < B; ++b) {
        double loss = 0;
        for (int p0 = 0; p0 < T - 1; p0 += block) {
            const int n = std::min(block, T - 1 - p0);
            const Eigen::Index r0 = Eigen::Index(b) * T + p0;
            kernels::unembed(ConstMapRM(tape.final_out.data() + r0 * C, n, C), w, MapRM(logits.data(), n, V), threads);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && n > 1)
            for (int i = 0; i < n; ++i) {
                float* row = logits.data() + Eigen::Index(i) * V;
                const int next = tape.tokens[size_t(p0 + i + 1)];
                const float max = *std::max_element(row, row + V);
                const double next_logit = double(row[next]) - double(max);
                // Eigen's vectorised exp, within 2 ulp of the true one, and
                // no slower on the underflowing tail of a flat distribution.
                Eigen::Map<Eigen::ArrayXf> e(row, V);
                e = (e - max).exp();
                const double sum = e.cast<double>().sum();
                row_loss[size_t(i)] = std::log(sum) - next_logit;
                e *= float(1.0 / (sum * (T - 1)));
                row[next] -= float(1.0 / (T - 1));
            }
            for (int i = 0; i < n; ++i) loss += row_loss[size_t(i)];
            kernels::unembed_backward(ConstMapRM(logits.data(), n, V), w, MapRM(dblock.data(), n, C), threads);
            d.block(r0, 0, n, C) = dblock.topRows(n);
        }
        values[size_t(b)] = float(loss / (T - 1));
    }
    recycle({&logits, &dblock});
    return d;
}

}  // namespace attnscope::tape
