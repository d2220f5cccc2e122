// The forward pass, one function per seed class (tests/scripts/seed_model.py is
// the PyTorch twin): embeddings, MultiHeadAttention (its Heads run together in
// attention.cpp), MLP, Block, Transformer.
#include "attnscope/model.h"
#include "attnscope/trace_tensors.h"

#include <algorithm>
#include <string>
#include <thread>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "attention.h"
#include "attnscope/error.h"
#include "attnscope/kernels.h"

namespace attnscope {

int default_thread_count() {
#ifdef _OPENMP
    return std::max(1, omp_get_max_threads());
#else
    return 1;
#endif
}

int max_thread_count() {
    const unsigned hw = std::thread::hardware_concurrency();
    return std::max(8, 4 * int(hw == 0 ? 1 : hw));
}

namespace {

using kernels::linear;

// Transformer.token_embed + position_embed: ids (T) -> x (T, C).
void embeddings(const Weights& w, std::span<const int> tokens, Trace& tr) {
    const int T = int(tokens.size()), C = w.config.n_embed;
    tr.tok_embed.reshape({T, C});
    tr.pos_embed.reshape({T, C});
    tr.embed.reshape({T, C});
    auto tok = tr.tok_embed.matrix(), pos = tr.pos_embed.matrix(), x = tr.embed.matrix();
    for (int t = 0; t < T; ++t) {
        tok.row(t) = w.tok_embed.row(tokens[size_t(t)]);
        pos.row(t) = w.pos_embed.row(t);
    }
    x = tok + pos;
}

// MultiHeadAttention: x (T, C) -> proj(concat(heads)) (T, C). Every Head's
// key/query/value Linear runs as one (T, C) x (C, C) product.
void multi_head_attention(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM x,
                          const RunOptions& opt, bool dense, LayerTrace& lt, int threads) {
    const int T = int(x.rows()), C = cfg.n_embed, H = cfg.n_head, hs = cfg.head_size();
    for (Tensor* t : {&lt.q, &lt.k, &lt.v}) t->reshape({T, H, hs});
    linear(x, w.attn.q.weight, w.attn.q.bias, lt.q.matrix(), threads);
    linear(x, w.attn.k.weight, w.attn.k.bias, lt.k.matrix(), threads);
    linear(x, w.attn.v.weight, w.attn.v.bias, lt.v.matrix(), threads);

    if (dense) {
        lt.weights.reshape({H, T, T});
    } else {
        lt.weights.data.clear();
        lt.weights.data.shrink_to_fit();
        lt.weights.shape = {0};
    }
    lt.row_max.reshape({H, T});
    lt.row_inv_sum.reshape({H, T});
    lt.heads.reshape({T, C});
    std::vector<bool> ablated(size_t(H), false);
    for (const HeadRef& a : opt.ablate)
        if (a.layer == layer) ablated[size_t(a.head)] = true;
    attention::multi_head_forward(
        lt.q.data.data(), lt.k.data.data(), lt.v.data.data(), T, C, H, opt.causal, ablated,
        {dense ? lt.weights.data.data() : nullptr, lt.row_max.data.data(),
         lt.row_inv_sum.data.data(), lt.heads.data.data()},
        threads);

    lt.proj.reshape({T, C});
    linear(lt.heads.cmatrix(), w.attn.proj.weight, w.attn.proj.bias, lt.proj.matrix(), threads);
}

// MLP: x (T, C) -> proj(act(hidden(x))) (T, C), hidden width 4C.
void mlp(const LayerWeights& w, const ModelConfig& cfg, ConstMapRM x, LayerTrace& lt,
         int threads) {
    const int T = int(x.rows());
    lt.mlp_hidden.reshape({T, cfg.hidden()});
    lt.mlp_act.reshape({T, cfg.hidden()});
    lt.mlp_proj.reshape({T, cfg.n_embed});
    linear(x, w.mlp.hidden.weight, w.mlp.hidden.bias, lt.mlp_hidden.matrix(), threads);
    switch (cfg.activation) {
    case Activation::ReLU: kernels::relu(lt.mlp_hidden.cmatrix(), lt.mlp_act.matrix(), threads); break;
    case Activation::GeluTanh:
        kernels::gelu_tanh(lt.mlp_hidden.cmatrix(), lt.mlp_act.matrix(), threads);
        break;
    case Activation::GeluErf:
        kernels::gelu_erf(lt.mlp_hidden.cmatrix(), lt.mlp_act.matrix(), threads);
        break;
    }
    linear(lt.mlp_act.cmatrix(), w.mlp.proj.weight, w.mlp.proj.bias, lt.mlp_proj.matrix(), threads);
}

// Block (pre-LayerNorm): x = x + attn(ln1(x)); x = x + mlp(ln2(x)). (T, C) -> (T, C).
void block(const LayerWeights& w, const ModelConfig& cfg, int layer, ConstMapRM x,
           const RunOptions& opt, bool dense, LayerTrace& lt, int threads) {
    const int T = int(x.rows()), C = cfg.n_embed;
    for (Tensor* t : {&lt.ln1, &lt.resid1, &lt.ln2, &lt.out}) t->reshape({T, C});
    kernels::layer_norm(x, w.ln1.weight, w.ln1.bias, cfg.ln_eps, lt.ln1.matrix(), threads);
    multi_head_attention(w, cfg, layer, lt.ln1.cmatrix(), opt, dense, lt, threads);
    kernels::add(x, lt.proj.cmatrix(), lt.resid1.matrix(), threads);
    kernels::layer_norm(lt.resid1.cmatrix(), w.ln2.weight, w.ln2.bias, cfg.ln_eps, lt.ln2.matrix(),
                        threads);
    mlp(w, cfg, lt.ln2.cmatrix(), lt, threads);
    kernels::add(lt.resid1.cmatrix(), lt.mlp_proj.cmatrix(), lt.out.matrix(), threads);
}

void record_stages(Trace& tr) {
    auto& stages = tr.stages;
    stages.clear();
    auto record = [&](const TraceTensorSpec& s, int layer) {
        const std::string name = !*s.name ? "" : layer < 0 ? s.name : "blk." + std::to_string(layer) + "." + s.name;
        stages.push_back({s.stage, layer, name, spec_shape(s, tr), spec_symbols(s, tr.config), s.per_head});
    };
    for_each_in_forward_order(tr.n_layer(), [&](const TraceTensorSpec& s, int layer) {
        if (*s.stage) record(s, layer);
    });
}

void check_input(const ModelConfig& cfg, std::span<const int> tokens, const RunOptions& opt) {
    if (tokens.empty()) throw Error(ErrorCode::EmptyInput, "no tokens to run");
    if (tokens.size() > size_t(cfg.context_length))
        throw Error(ErrorCode::ContextOverflow,
                    std::to_string(tokens.size()) + " tokens exceed the model's context length of " +
                        std::to_string(cfg.context_length),
                    {std::to_string(tokens.size()), std::to_string(cfg.context_length)});
    for (size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] < 0 || tokens[i] >= cfg.vocab_size)
            throw Error(ErrorCode::InvalidArgument,
                        "token id " + std::to_string(tokens[i]) + " at position " +
                            std::to_string(i) + " is outside the vocabulary of " +
                            std::to_string(cfg.vocab_size),
                        {std::to_string(tokens[i]), std::to_string(i)});
    for (const HeadRef& a : opt.ablate)
        if (a.layer < 0 || a.layer >= cfg.n_layer || a.head < 0 || a.head >= cfg.n_head)
            throw Error(ErrorCode::InvalidArgument,
                        "cannot ablate head " + std::to_string(a.layer) + "." +
                            std::to_string(a.head) + ": the model has " +
                            std::to_string(cfg.n_layer) + " layers of " +
                            std::to_string(cfg.n_head) + " heads",
                        {std::to_string(a.layer), std::to_string(a.head)});
    if (opt.threads < 0) throw Error(ErrorCode::InvalidArgument, "thread count must be >= 0");
    if (opt.threads > max_thread_count())
        throw Error(ErrorCode::InvalidArgument,
                    "thread count " + std::to_string(opt.threads) + " is more than " +
                        std::to_string(max_thread_count()) + " (4 per hardware thread of this machine)",
                    {std::to_string(opt.threads), std::to_string(max_thread_count())});
}

}  // namespace

void run_multi_head_attention(const Weights& weights, int layer, ConstMapRM x,
                              const RunOptions& options, LayerTrace& out) {
    const ModelConfig& cfg = weights.config;
    if (layer < 0 || layer >= cfg.n_layer || x.cols() != cfg.n_embed || x.rows() < 1)
        throw Error(ErrorCode::InvalidArgument, "run_multi_head_attention: bad layer or input shape");
    const int threads = options.threads > 0 ? options.threads : default_thread_count();
    const bool dense = int64_t(cfg.n_head) * x.rows() * x.rows() * 4 <= options.attention_budget_bytes;
    multi_head_attention(weights.layers[size_t(layer)], cfg, layer, x, options, dense, out, threads);
}

Model::Model(std::shared_ptr<const Weights> weights) : weights_(std::move(weights)) {
    if (!weights_) throw Error(ErrorCode::InvalidArgument, "model has no weights");
    weights_->config.validate();
}

// Transformer: ids (T) -> embeddings -> blocks -> final LayerNorm -> lm_head.
void Model::run(std::span<const int> tokens, const RunOptions& opt, Trace& tr,
                const Progress& progress) const {
    const Weights& w = *weights_;
    const ModelConfig& cfg = w.config;
    check_input(cfg, tokens, opt);
    const int T = int(tokens.size()), C = cfg.n_embed, L = cfg.n_layer;
    const int threads = opt.threads > 0 ? opt.threads : default_thread_count();
    const int total = L + 2;
    auto step = [&](int done) {
        if (progress && !progress(done, total))
            throw Error(ErrorCode::Cancelled, "the run was cancelled");
    };

    tr.config = cfg;
    tr.tokens.assign(tokens.begin(), tokens.end());
    tr.causal = opt.causal;
    tr.ablated = opt.ablate;
    const int64_t dense_bytes = int64_t(L) * cfg.n_head * T * T * int64_t(sizeof(float));
    tr.weights_dense = dense_bytes <= opt.attention_budget_bytes;

    embeddings(w, tokens, tr);
    step(1);
    tr.layers.resize(size_t(L));
    for (int l = 0; l < L; ++l) {
        const ConstMapRM x = l == 0 ? tr.embed.cmatrix() : tr.layers[size_t(l - 1)].out.cmatrix();
        block(w.layers[size_t(l)], cfg, l, x, opt, tr.weights_dense, tr.layers[size_t(l)], threads);
        step(l + 2);
    }

    tr.ln_f.reshape({T, C});
    kernels::layer_norm(tr.layers.empty() ? tr.embed.cmatrix() : tr.layers.back().out.cmatrix(),
                        w.ln_f.weight, w.ln_f.bias, cfg.ln_eps, tr.ln_f.matrix(), threads);
    // lm_head only where logits are shown: the last `logits_rows` positions.
    const int rows = opt.logits_rows < 0 ? T : std::min(opt.logits_rows, T);
    tr.logits_first = T - rows;
    tr.logits.reshape({rows, cfg.vocab_size});
    if (rows > 0)
        linear(ConstMapRM(tr.ln_f.data.data() + size_t(tr.logits_first) * C, rows, C), w.unembedding(),
               w.lm_head.bias, tr.logits.matrix(), threads);
    record_stages(tr);
    step(total);
}

Trace Model::run(std::span<const int> tokens, const RunOptions& options,
                 const Progress& progress) const {
    Trace tr;
    run(tokens, options, tr, progress);
    return tr;
}

}  // namespace attnscope
