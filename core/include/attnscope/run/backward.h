#pragma once
// The backward pass: gradients of one scalar of a run with respect to the
// tensors a view shows (the token embeddings, every attention map, every
// head's output, the residual stream between blocks), for the attribution
// methods (explain/attribution.h). There is no autograd: each layer's backward
// sits beside its forward (kernels.cpp, rope.cpp, attention.cpp,
// blocks_backward.cpp) and reads what a forward "tape" recorded.
//
// The tape is a forward pass of a batch of B inputs that share their token
// positions: B = 1 for a gradient of the run itself, B > 1 for integrated
// gradients, whose steps go through each linear layer as one product of B·T
// rows. With B = 1 and the input the run's own embeddings, every tensor of the
// tape equals Model::run's bit for bit (the same kernels in the same order).
//
// Every product is gemm's (one chain of FMAs per output in a fixed order) and
// every reduction runs in a fixed order on one thread, so gradients are the
// same bits on any number of threads.
#include <span>
#include <vector>

#include "attnscope/run/model.h"

namespace attnscope {

// What is differentiated.
struct GradientTarget {
    enum class Kind {
        Logit,     // the pre-softmax logit of `id` at `position` (f in the README's definitions)
        MeanLoss,  // the mean next-token loss over positions [0, T - 1), as ablate-scan uses it
    };
    Kind kind = Kind::Logit;
    int position = -1;  // Logit: the position P (-1: T - 1)
    int id = -1;        // Logit: the target id y (required, in [0, V))
};

// What the backward pass keeps beside the embedding gradients.
struct GradientOptions {
    bool attention = true;  // LayerGradients::weights, (H, T, T) per layer
    bool heads = true;      // LayerGradients::heads
    bool residual = true;   // LayerGradients::out
    bool embed = true;      // Gradients::embed; without it (nor attention) layer 0 stops at its heads' outputs
    int threads = 0;        // 0: default_thread_count()
};

// The gradients of one layer (block) for one input of the batch.
struct LayerGradients {
    Tensor weights;  // (H, T, T) d target / d softmax weights; an ablated head's is 0 (its output is cut)
    Tensor heads;    // (T, H*hs) d target / d each head's weighted sum of values, before the output projection
    Tensor out;      // (T, C) d target / d the block's output (the residual stream after it)
};

struct Gradients {
    float value = 0;     // the target's value in the run
    Tensor embed;        // (T, C) d target / d the token embedding rows (before positions are added)
    std::vector<LayerGradients> layers;  // per block; tensors empty when GradientOptions left them out
};

// Gradients of `target` for a run of `tokens` with `run`'s mask, ablations and
// knockouts (its budgets and incremental flag do not apply: the tape keeps
// every activation of the T tokens). Throws Error(InvalidArgument) for a bad
// target, and what Model::run throws for bad tokens or options.
Gradients gradients(const Model& model, std::span<const int> tokens, const RunOptions& run,
                    const GradientTarget& target, const GradientOptions& options = {});

// For integrated gradients: with the token embedding rows scaled by each of
// `alphas` (positions kept), the gradient of `target` with respect to those
// scaled rows, (T, C) per alpha, and the target's value at each
// (values[b]). The alphas go through the model `batch` at a time (0: as many
// as fit in about 384 MB of tape), each linear layer one product for the batch.
// `keep_going()` is asked between batches; false throws Error(Cancelled).
struct ScaledGradients {
    std::vector<Tensor> embed;  // per alpha, (T, C)
    std::vector<float> values;  // per alpha
};
ScaledGradients scaled_embedding_gradients(const Model& model, std::span<const int> tokens, const RunOptions& run,
                                           const GradientTarget& target, std::span<const float> alphas,
                                           int batch = 0, int threads = 0,
                                           const std::function<bool()>& keep_going = {});

// Bytes the tape of one input of T tokens holds (the activations, the
// attention maps and the gradients' work buffers).
int64_t tape_bytes(const ModelConfig& config, int T);

}  // namespace attnscope
