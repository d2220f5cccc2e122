#include "attnscope/run/reference.h"

#include "attnscope/common/error.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnscope::reference {

namespace {

// y (T, out) = x (T, in) W^T + b
MatrixRM linear(const MatrixRM& x, const MatrixRM& w, const VectorF& b) {
    MatrixRM y(x.rows(), w.rows());
    for (Eigen::Index t = 0; t < x.rows(); ++t)
        for (Eigen::Index o = 0; o < w.rows(); ++o) {
            double acc = b.size() ? b[o] : 0.0;
            for (Eigen::Index i = 0; i < x.cols(); ++i) acc += double(x(t, i)) * double(w(o, i));
            y(t, o) = float(acc);
        }
    return y;
}

MatrixRM layer_norm(const MatrixRM& x, const VectorF& w, const VectorF& b, float eps) {
    MatrixRM y(x.rows(), x.cols());
    const double n = double(x.cols());
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        double mean = 0, var = 0;
        for (Eigen::Index i = 0; i < x.cols(); ++i) mean += x(t, i);
        mean /= n;
        for (Eigen::Index i = 0; i < x.cols(); ++i) var += (x(t, i) - mean) * (x(t, i) - mean);
        var /= n;
        for (Eigen::Index i = 0; i < x.cols(); ++i)
            y(t, i) = float((x(t, i) - mean) / std::sqrt(var + eps) * w[i] + (b.size() ? b[i] : 0.0f));
    }
    return y;
}

// The reference is written for the seed's classes (SEED.md): learned
// positions, LayerNorm, a plain MLP, one k/v per head. The Llama-family rows
// are checked against PyTorch instead (tst_architectures).
void require_seed_rows(const ModelConfig& c) {
    if (c.position != PositionKind::Learned || c.norm != NormKind::LayerNorm || c.mlp != MlpKind::Plain ||
        c.kv_heads() != c.n_head || c.head_size() * c.n_head != c.n_embed || c.sliding_window > 0 ||
        c.parallel_residual || c.qk_norm)
        throw Error(ErrorCode::InvalidArgument, "the plain-loop reference computes only the seed and GPT-2 rows, not " + c.arch);
}

// The loops read float32 matrices: weights a GGUF file keeps quantized are
// dequantized first (dequantized_copy), never here.
void require_dense(const LayerWeights& lw) {
    for (const LinearWeights* l : {&lw.attn.q, &lw.attn.k, &lw.attn.v, &lw.attn.proj, &lw.mlp.hidden, &lw.mlp.up, &lw.mlp.proj})
        if (l->quantized())
            throw Error(ErrorCode::InvalidArgument,
                        "the plain-loop reference needs float32 weights, not a GGUF file's stored blocks "
                        "(dequantized_copy makes them)");
}

float activate(float x, Activation a) {
    switch (a) {
    case Activation::ReLU: return std::max(x, 0.0f);
    case Activation::GeluTanh: {
        const double k = std::sqrt(2.0 / M_PI);
        return float(0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * double(x) * x * x))));
    }
    case Activation::GeluErf: return float(0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))));
    case Activation::SiLU: return float(x / (1.0 + std::exp(-double(x))));
    }
    return x;
}

}  // namespace

void attention_head(const float* q, const float* k, const float* v, int T, int hs, bool causal,
                    float* weights, float* out, const std::function<bool(int, int)>& blocked) {
    const double scale = 1.0 / std::sqrt(double(hs));
    std::vector<double> s(static_cast<size_t>(T));
    const auto hidden = [&](int i, int j) { return (causal && j > i) || (blocked && blocked(i, j)); };
    for (int i = 0; i < T; ++i) {
        double max = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < T; ++j) {
            if (hidden(i, j)) continue;
            double dot = 0;
            for (int d = 0; d < hs; ++d) dot += double(q[i * hs + d]) * double(k[j * hs + d]);
            s[size_t(j)] = dot * scale;
            max = std::max(max, s[size_t(j)]);
        }
        double sum = 0;
        for (int j = 0; j < T; ++j) {
            s[size_t(j)] = hidden(i, j) ? 0.0 : std::exp(s[size_t(j)] - max);
            sum += s[size_t(j)];
        }
        // Every key hidden: no distribution, zero weights (and so a zero output).
        for (int j = 0; j < T; ++j) weights[i * T + j] = sum > 0 ? float(s[size_t(j)] / sum) : 0.0f;
        for (int d = 0; d < hs; ++d) {
            double acc = 0;
            for (int j = 0; j < T; ++j) acc += double(weights[i * T + j]) * double(v[j * hs + d]);
            out[i * hs + d] = float(acc);
        }
    }
}

MatrixRM multi_head_attention(const LayerWeights& lw, const ModelConfig& c, const MatrixRM& xn,
                              bool causal, const std::vector<int>& ablated_heads,
                              std::vector<MatrixRM>* all_weights, const std::vector<Knockout>& knockout,
                              int layer) {
    require_seed_rows(c);
    require_dense(lw);
    const int T = int(xn.rows()), C = c.n_embed, hs = c.head_size();
    MatrixRM concat(T, C);
    for (int h = 0; h < c.n_head; ++h) {
        const auto rows = [&](const MatrixRM& m, const VectorF& b) {
            const MatrixRM wh = m.middleRows(h * hs, hs);
            const VectorF bh = b.size() ? VectorF(b.segment(h * hs, hs)) : VectorF();
            return linear(xn, wh, bh);
        };
        const MatrixRM q = rows(lw.attn.q.weight, lw.attn.q.bias), k = rows(lw.attn.k.weight, lw.attn.k.bias), v = rows(lw.attn.v.weight, lw.attn.v.bias);
        MatrixRM weights(T, T), out(T, hs);
        // Written out rather than Knockout::blocks, to check it too.
        const auto blocked = [&](int i, int j) {
            for (const Knockout& ko : knockout)
                if ((ko.layer == -1 || ko.layer == layer) && (ko.head == -1 || ko.head == h) &&
                    (ko.query == -1 || ko.query == i) && ko.key == j)
                    return true;
            return false;
        };
        attention_head(q.data(), k.data(), v.data(), T, hs, causal, weights.data(), out.data(), blocked);
        if (std::find(ablated_heads.begin(), ablated_heads.end(), h) != ablated_heads.end()) out.setZero();
        concat.middleCols(h * hs, hs) = out;
        if (all_weights) all_weights->push_back(std::move(weights));
    }
    return linear(concat, lw.attn.proj.weight, lw.attn.proj.bias);
}

MatrixRM rms_norm(const MatrixRM& x, const VectorF& w, float eps) {
    MatrixRM y(x.rows(), x.cols());
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        double ss = 0;
        for (Eigen::Index i = 0; i < x.cols(); ++i) ss += double(x(t, i)) * x(t, i);
        const double r = 1.0 / std::sqrt(ss / double(x.cols()) + eps);
        for (Eigen::Index i = 0; i < x.cols(); ++i) y(t, i) = float(x(t, i) * r * w[i]);
    }
    return y;
}

MatrixRM rope(const MatrixRM& x, int heads, const ModelConfig& c, int first) {
    const int hs = c.head_size(), d = c.rotary_dims(), half = d / 2;
    std::vector<double> f(static_cast<size_t>(half));
    for (int i = 0; i < half; ++i) {
        double v = std::pow(double(c.rope_theta), -2.0 * i / d);
        if (c.rope_scaling == RopeScaling::Linear) v /= c.rope_factor;
        if (c.rope_scaling == RopeScaling::Llama3) {
            const double old = c.rope_original_context, wavelen = 2 * M_PI / v;
            const double smooth = (old / wavelen - c.rope_low_freq) / (c.rope_high_freq - c.rope_low_freq);
            if (wavelen > old / c.rope_low_freq) v /= c.rope_factor;
            else if (wavelen >= old / c.rope_high_freq) v = (1 - smooth) * v / c.rope_factor + smooth * v;
        }
        f[size_t(i)] = v;
    }
    MatrixRM y = x;
    for (Eigen::Index t = 0; t < x.rows(); ++t)
        for (int h = 0; h < heads; ++h)
            for (int i = 0; i < half; ++i) {
                const double a = (first + t) * f[size_t(i)];
                const double x1 = x(t, h * hs + i), x2 = x(t, h * hs + i + half);
                y(t, h * hs + i) = float(x1 * std::cos(a) - x2 * std::sin(a));
                y(t, h * hs + i + half) = float(x2 * std::cos(a) + x1 * std::sin(a));
            }
    return y;
}

Result forward(const Weights& w, std::span<const int> tokens, bool causal,
               const std::vector<HeadRef>& ablate, const std::vector<Knockout>& knockout) {
    const ModelConfig& c = w.config;
    require_seed_rows(c);
    if (w.has_stored())
        throw Error(ErrorCode::InvalidArgument,
                    "the plain-loop reference needs float32 weights, not a GGUF file's stored blocks "
                    "(dequantized_copy makes them)");
    const int T = int(tokens.size()), C = c.n_embed;
    Result r;
    MatrixRM x(T, C);
    for (int t = 0; t < T; ++t) x.row(t) = w.tok_embed.row(tokens[size_t(t)]) + w.pos_embed.row(t);
    for (int l = 0; l < c.n_layer; ++l) {
        const LayerWeights& lw = w.layers[size_t(l)];
        std::vector<int> ablated;
        for (const HeadRef& a : ablate)
            if (a.layer == l) ablated.push_back(a.head);
        x = x + multi_head_attention(lw, c, layer_norm(x, lw.ln1.weight, lw.ln1.bias, c.ln_eps), causal,
                                     ablated, &r.weights, knockout, l);
        MatrixRM hidden = linear(layer_norm(x, lw.ln2.weight, lw.ln2.bias, c.ln_eps), lw.mlp.hidden.weight, lw.mlp.hidden.bias);
        for (Eigen::Index i = 0; i < hidden.size(); ++i)
            hidden.data()[i] = activate(hidden.data()[i], c.activation);
        x = x + linear(hidden, lw.mlp.proj.weight, lw.mlp.proj.bias);
        r.block_out.push_back(x);
    }
    r.logits = linear(layer_norm(x, w.ln_f.weight, w.ln_f.bias, c.ln_eps), w.unembedding(), w.lm_head.bias);
    return r;
}

}  // namespace attnscope::reference
