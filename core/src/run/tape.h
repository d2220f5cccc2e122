#pragma once
// The forward "tape" the backward pass reads (attnscope/run/backward.h): a
// run of B inputs of the same T tokens (rows b·T … b·T + T − 1 are input b),
// keeping what each layer's backward needs and nothing else. The linear
// layers take all B·T rows as one product; the attention runs input by input.
// With B = 1 every tensor equals Model::run's bit for bit.
#include <initializer_list>
#include <span>
#include <vector>

#include "attnscope/run/backward.h"

namespace attnscope::tape {

struct Layer {
    MatrixRM x;        // (BT, C) the block's input
    MatrixRM q;        // (BT, H*hs) queries after q-norm and RoPE
    MatrixRM k, v;     // (BT, H*hs) keys (after k-norm and RoPE) and values, repeated per query head (GQA)
    MatrixRM q_raw;    // (BT, H*hs) the q Linear's output, before its norm (q/k norm only), else empty
    MatrixRM k_raw;    // (BT, Hkv*hs) the same for k
    MatrixRM A;        // (B·H·T, T) softmax weights, input b's head h at rows (b·H + h)·T
    MatrixRM z;        // (BT, H*hs) each head's weighted sum of values (ablated heads 0), before proj
    MatrixRM resid1;   // (BT, C) x + attention
    MatrixRM hidden;   // (BT, F) the MLP's first Linear (a gated MLP's gate), before its activation
    MatrixRM up;       // (BT, F) a gated MLP's up projection, else empty
};

// Its buffers go back to fresh()'s store when it is destroyed.
struct Tape {
    Tape() = default;
    Tape(Tape&&) = default;
    Tape& operator=(Tape&&) = default;
    ~Tape();

    ModelConfig config;
    int B = 0, T = 0;
    std::vector<int> tokens;
    RunOptions run;                 // mask, ablations, knockouts
    std::vector<Layer> layers;
    MatrixRM final_in;              // (BT, C) the last block's output, the final norm's input
    MatrixRM final_out;             // (BT, C) the final norm's output
};

// A (rows, cols) matrix, its contents unspecified: one a finished pass gave
// back (recycle) when one of that size is kept, else a new one whose pages are
// mapped in by one call (populate_pages.h). At T = 256 a backward pass writes
// some 300 MB of buffers; on this project's paravirtualised machines a page
// the process has not written before costs microseconds at its first write,
// more than the pass's products, so passes run one after another (the app's
// live attribution, a benchmark) reuse the last one's. Thread-safe.
MatrixRM fresh(Eigen::Index rows, Eigen::Index cols);

// Gives a buffer back for fresh() to hand out again. At most kKeptBytes are
// kept, the newest first; what does not fit is freed.
void recycle(MatrixRM&& m);
// Each of them, left empty.
void recycle(std::initializer_list<MatrixRM*> ms);
inline constexpr size_t kKeptBytes = size_t(512) << 20;

// A whole matrix as the maps the kernels take.
inline MapRM map(MatrixRM& m) { return MapRM(m.data(), m.rows(), m.cols()); }
inline ConstMapRM cmap(const MatrixRM& m) { return ConstMapRM(m.data(), m.rows(), m.cols()); }

// A forward pass of `input`, B·T rows of block-0 input (the embeddings,
// positions added), for `tokens` (T of them) under `run`'s mask, ablations
// and knockouts. Throws as Model::run does for bad tokens or options.
Tape forward(const Weights& w, std::span<const int> tokens, const RunOptions& run, MatrixRM input, int threads);

// Block-0 inputs for a batch: each alpha scales the token embedding rows,
// positions kept (alpha 1: the run's own embeddings).
MatrixRM scaled_embeddings(const Weights& w, std::span<const int> tokens, std::span<const float> alphas);

// The gradient of the target with respect to the final norm's output, (BT, C),
// and each input's target value.
MatrixRM target_gradient(const Weights& w, const Tape& tape, const GradientTarget& target, std::vector<float>& values,
                         int threads);

// The backward pass from d_final_out (BT, C): the gradients each input's
// LayerGradients keep (per `options`) and, returned, d block-0 input (BT, C)
// (unspecified when options.embed is false).
MatrixRM backward(const Weights& w, const Tape& tape, MatrixRM d_final_out, const GradientOptions& options,
                  std::vector<Gradients>* out, int threads);

// The target resolved against T tokens: position in [0, T), id in [0, V).
GradientTarget resolved(const GradientTarget& target, const ModelConfig& config, int T);

}  // namespace attnscope::tape
