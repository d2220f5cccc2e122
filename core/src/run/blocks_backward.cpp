// The backward of each Block (blocks.cpp), layer by layer from the last, over
// the tape (tape.h). Shapes as in the forward: N = B·T rows, C the width,
// H heads of hs, F the MLP width. Every product is gemm's; the per-head
// attention backward (attention.cpp) runs one head per thread.
#include <algorithm>

#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"
#include "common/parallel_guard.h"
#include "run/attention.h"
#include "run/blocks.h"
#include "run/rope.h"
#include "run/tape.h"

namespace attnscope::tape {

using kernels::linear_backward;

namespace {


void norm_backward(const ModelConfig& cfg, const MatrixRM& x, const LayerNormWeights& w, const MatrixRM& dy,
                   MatrixRM& dx, int threads) {
    if (cfg.norm == NormKind::RMSNorm) kernels::rms_norm_backward(cmap(x), w.weight, cfg.ln_eps, cmap(dy), map(dx), threads);
    else kernels::layer_norm_backward(cmap(x), w.weight, cfg.ln_eps, cmap(dy), map(dx), threads);
}

void activation_backward(Activation a, const MatrixRM& x, const MatrixRM& dy, MatrixRM& dx, int threads) {
    switch (a) {
    case Activation::ReLU: kernels::relu_backward(cmap(x), cmap(dy), map(dx), threads); break;
    case Activation::GeluTanh: kernels::gelu_tanh_backward(cmap(x), cmap(dy), map(dx), threads); break;
    case Activation::GeluErf: kernels::gelu_erf_backward(cmap(x), cmap(dy), map(dx), threads); break;
    case Activation::SiLU: kernels::silu_backward(cmap(x), cmap(dy), map(dx), threads); break;
    }
}

void activation(Activation a, const MatrixRM& x, MatrixRM& y, int threads) {
    switch (a) {
    case Activation::ReLU: kernels::relu(cmap(x), map(y), threads); break;
    case Activation::GeluTanh: kernels::gelu_tanh(cmap(x), map(y), threads); break;
    case Activation::GeluErf: kernels::gelu_erf(cmap(x), map(y), threads); break;
    case Activation::SiLU: kernels::silu(cmap(x), map(y), threads); break;
    }
}

// The backward of repeat_kv: each kv head's gradient is the sum of its
// group's query heads', in head order.
void sum_groups(const MatrixRM& rep, MatrixRM& out, int H, int Hkv, int hs) {
    const int group = H / Hkv;
    out.setZero();
    for (Eigen::Index r = 0; r < rep.rows(); ++r)
        for (int h = 0; h < H; ++h) {
            float* o = out.data() + r * out.cols() + size_t(h / group) * hs;
            const float* in = rep.data() + r * rep.cols() + size_t(h) * hs;
            for (int i = 0; i < hs; ++i) o[i] += in[i];
        }
}

// The backward of normalize_and_rotate (tape.cpp): RoPE rotated back, then
// the per-head RMSNorm's backward from the raw Linear output.
void rotate_and_normalize_back(const ModelConfig& cfg, const VectorF& head_norm, const rope::Angles& angles,
                               int B, int T, int heads, const MatrixRM& raw, MatrixRM& d, int threads) {
    const int hs = cfg.head_size();
    if (cfg.position == PositionKind::Rotary)
        for (int b = 0; b < B; ++b)
            rope::apply_inverse(MapRM(d.data() + Eigen::Index(b) * T * d.cols(), T, d.cols()), heads, hs, angles, 0,
                                threads);
    if (cfg.qk_norm) {
        const Eigen::Index n = raw.rows() * heads;
        MatrixRM dx(n, hs);
        kernels::rms_norm_backward(ConstMapRM(raw.data(), n, hs), head_norm, cfg.ln_eps, ConstMapRM(d.data(), n, hs),
                                   map(dx), threads);
        std::copy(dx.data(), dx.data() + dx.size(), d.data());
    }
}

// Rows [b·T, b·T + T) of a (BT, W) matrix as a (T, W) tensor.
Tensor slice(const MatrixRM& m, int b, int T) {
    return Tensor({T, int64_t(m.cols())}, m.data() + Eigen::Index(b) * T * m.cols());
}

}  // namespace

MatrixRM backward(const Weights& w, const Tape& tape, MatrixRM d, const GradientOptions& options,
                  std::vector<Gradients>* out, int threads) {
    const ModelConfig& cfg = tape.config;
    const int B = tape.B, T = tape.T, C = cfg.n_embed, H = cfg.n_head, Hkv = cfg.kv_heads(), hs = cfg.head_size();
    const int QW = cfg.q_width(), KW = cfg.kv_width(), F = cfg.hidden(), L = cfg.n_layer;
    const Eigen::Index N = Eigen::Index(B) * T;
    const bool gated = cfg.mlp == MlpKind::Gated;
    const rope::Angles angles = cfg.position == PositionKind::Rotary && !w.layers.empty()
                                    ? rope::angles(cfg, w.layers.front().attn.llama_cpp_rope)
                                    : rope::Angles();
    if (out) {
        out->assign(size_t(B), Gradients());
        for (Gradients& g : *out) g.layers.resize(size_t(L));
    }

    // The final norm: d (its output) -> d the last block's output.
    // Work buffers, made once: each layer writes them whole.
    MatrixRM dx = fresh(N, C), dn = fresh(N, C), dact = fresh(N, F), dpre = fresh(N, F), dz = fresh(N, QW),
             dq = fresh(N, QW), dk = fresh(N, QW), dv = fresh(N, QW), part = fresh(N, C), dresid1 = fresh(N, C),
             dk_rot = fresh(N, KW);
    MatrixRM fgate, dup, dgate_act, dk_kv, dv_kv;
    if (gated) {
        fgate = fresh(N, F);
        dup = fresh(N, F);
        dgate_act = fresh(N, F);
    }
    if (Hkv != H) {
        dk_kv = fresh(N, KW);
        dv_kv = fresh(N, KW);
    }
    norm_backward(cfg, tape.final_in, w.ln_f, d, dx, threads);
    d.swap(dx);

    for (int l = L - 1; l >= 0; --l) {
        const LayerWeights& lw = w.layers[size_t(l)];
        const Layer& ly = tape.layers[size_t(l)];
        if (out && options.residual)
            for (int b = 0; b < B; ++b) (*out)[size_t(b)].layers[size_t(l)].out = slice(d, b, T);

        // MLP: out = resid1 + proj(act(hidden(ln2))), gated: down(act(gate) ⊙ up).
        linear_backward(cmap(d), lw.mlp.proj, map(dact), threads);  // d act (N, F)
        if (gated) {
            activation(cfg.activation, ly.hidden, fgate, threads);
            dup = dact.cwiseProduct(fgate);                             // d up = d act ⊙ f(gate)
            dgate_act = dact.cwiseProduct(ly.up);                       // d f(gate) = d act ⊙ up
            activation_backward(cfg.activation, ly.hidden, dgate_act, dpre, threads);
            linear_backward(cmap(dpre), lw.mlp.hidden, map(dn), threads);
            linear_backward(cmap(dup), lw.mlp.up, map(part), threads);
            kernels::add_inplace(map(dn), cmap(part), threads);         // d ln2 (N, C)
        } else {
            activation_backward(cfg.activation, ly.hidden, dact, dpre, threads);
            linear_backward(cmap(dpre), lw.mlp.hidden, map(dn), threads);  // d ln2 (N, C)
        }
        // ln2 reads resid1, or x with the parallel residual (GPT-NeoX).
        const MatrixRM& ln2_in = cfg.parallel_residual ? ly.x : ly.resid1;
        norm_backward(cfg, ln2_in, lw.ln2, dn, part, threads);
        // d resid1: the output's residual, plus ln2's unless it read x.
        dresid1 = d;
        if (!cfg.parallel_residual) kernels::add_inplace(map(dresid1), cmap(part), threads);
        // x: resid1 = x + proj(z); with the parallel residual ln2's path too.
        dx = dresid1;
        if (cfg.parallel_residual) kernels::add_inplace(map(dx), cmap(part), threads);

        // The output projection: d z (N, H*hs).
        linear_backward(cmap(dresid1), lw.attn.proj, map(dz), threads);
        if (out && options.heads)
            for (int b = 0; b < B; ++b) (*out)[size_t(b)].layers[size_t(l)].heads = slice(dz, b, T);
        // Nothing below layer 0's heads is asked for (the patching estimate's case).
        if (l == 0 && !options.embed && !(out && options.attention)) break;

        // The attention, one (input, head) per task. An ablated head's output
        // was set to 0: nothing flows back through it.
        std::vector<bool> ablated(size_t(H), false);
        for (const HeadRef& a : tape.run.ablate)
            if (a.layer == l) ablated[size_t(a.head)] = true;
        const bool keep_maps = out && options.attention;
        if (keep_maps)
            for (int b = 0; b < B; ++b) (*out)[size_t(b)].layers[size_t(l)].weights = Tensor({H, T, T});
        const int tasks = B * H;
        ParallelGuard guard;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && tasks > 1)
        for (int task = 0; task < tasks; ++task) {
            guard.run([&] {
                const int b = task / H, h = task % H;
                const size_t r0 = size_t(b) * T, col = size_t(h) * hs;
                float* dA = keep_maps ? (*out)[size_t(b)].layers[size_t(l)].weights.data.data() + size_t(h) * T * T
                                      : nullptr;
                if (ablated[size_t(h)]) {
                    for (MatrixRM* g : {&dq, &dk, &dv})
                        for (int t = 0; t < T; ++t) std::fill_n(g->data() + (r0 + t) * QW + col, hs, 0.0f);
                    return;
                }
                attention::head_backward(ly.A.data() + (size_t(b) * H + h) * T * T, ly.q.data() + r0 * QW + col,
                                         ly.k.data() + r0 * QW + col, ly.v.data() + r0 * QW + col, QW,
                                         dz.data() + r0 * QW + col, QW, T, hs, dA, dq.data() + r0 * QW + col,
                                         dk.data() + r0 * QW + col, dv.data() + r0 * QW + col, QW);
            });
        }
        guard.rethrow();

        // repeat_kv, RoPE and the q/k norms backward, then the q/k/v Linears.
        const MatrixRM* dk_in = &dk;
        const MatrixRM* dv_in = &dv;
        if (Hkv != H) {
            sum_groups(dk, dk_kv, H, Hkv, hs);
            sum_groups(dv, dv_kv, H, Hkv, hs);
            dk_in = &dk_kv;
            dv_in = &dv_kv;
        }
        dk_rot = *dk_in;
        rotate_and_normalize_back(cfg, lw.attn.q_norm, angles, B, T, H, ly.q_raw, dq, threads);
        rotate_and_normalize_back(cfg, lw.attn.k_norm, angles, B, T, Hkv, ly.k_raw, dk_rot, threads);
        linear_backward(cmap(dq), lw.attn.q, map(dn), threads);
        linear_backward(cmap(dk_rot), lw.attn.k, map(part), threads);
        kernels::add_inplace(map(dn), cmap(part), threads);
        linear_backward(cmap(*dv_in), lw.attn.v, map(part), threads);
        kernels::add_inplace(map(dn), cmap(part), threads);  // d ln1 (N, C)
        norm_backward(cfg, ly.x, lw.ln1, dn, part, threads);
        kernels::add_inplace(map(dx), cmap(part), threads);  // d x (N, C)
        d.swap(dx);
    }
    if (out && options.embed)
        for (int b = 0; b < B; ++b) (*out)[size_t(b)].embed = slice(d, b, T);
    recycle({&dx, &dn, &dact, &dpre, &dz, &dq, &dk, &dv, &part, &dresid1, &dk_rot, &fgate, &dup, &dgate_act, &dk_kv,
             &dv_kv});
    return d;
}

}  // namespace attnscope::tape
