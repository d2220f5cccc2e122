#pragma once
// What mattered for a prediction, beside where the heads looked: token
// saliency (gradient, gradient × input, integrated gradients), relevance
// (Chefer et al., 2021), direct logit attribution, the attribution-patching
// estimate of the ablation scan, the logit lens, and value-weighted norms
// (Kobayashi et al., 2020). Definitions, in the README's words:
//
// A run over tokens t_0..t_{T-1}; a position P; a target id y (by default the
// actual next token t_{P+1}, or at the last position the model's top
// prediction); f, the pre-softmax logit of y at P.
//  - grad_i = |g_i|_2, grad_input_i = sum_d g_i,d e_i,d, with e_i the token
//    embedding row at i (before positions) and g_i = df/de_i.
//  - ig_i = sum_d e_i,d (1/N) sum_k df/de_i,d at alpha_k e, alpha_k = (k - 0.5)/N:
//    integrated gradients from a zero baseline for every e_i (positions kept);
//    completeness compares f(e) - f(0) with sum_i ig_i.
//  - relevance: row P of R_L, R_0 = I, R_{l+1} = R_l + Abar_l R_l with
//    Abar_l = mean over heads of max(0, df/dA_l,h ⊙ A_l,h).
//  - dla(l, h) = sum_d ((o_d - mean(o)) / s_P) γ_d W_U[y, d] (LayerNorm; RMSNorm
//    without the mean and with r_P), o the head's output at P through its
//    slice of W_O (no bias), s_P / r_P the final norm's scale at P in the run.
//  - patch(l, h) = sum_{i,d} dL/dz_h,i,d (0 - z_h,i,d): L the mean next-token
//    loss, z the head's weighted sum of values before W_O; a first-order
//    estimate of what ablating the head does to L.
//  - the logit lens: after each block, the final norm and the unembedding
//    applied to the residual stream at P.
//  - norms N_ij = |A_ij (v_j W_O^h)|_2, v_j the head's value at key j (bias
//    included; a GQA head's group's), W_O^h its slice of the output projection.
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "attnscope/explain/predict.h"
#include "attnscope/run/backward.h"
#include "attnscope/run/model.h"

namespace attnscope {

// The target y at `position` when none is given (id < 0): t_{P+1} when the text
// goes on, else the argmax of the logits at P (ties to the lower id).
// `position` -1 means T - 1.
GradientTarget default_target(const Model& model, std::span<const int> tokens, const RunOptions& run,
                              int position = -1, int id = -1);

enum class SaliencyMethod { Grad, GradInput, IntegratedGradients };
const char* saliency_method_name(SaliencyMethod m);  // "grad", "grad-input", "ig"
// "grad", "grad-input" or "ig"; false for anything else.
bool parse_saliency_method(std::string_view name, SaliencyMethod& out);

struct LensLayer {
    int layer = 0;
    std::vector<TokenProb> top;  // the k most probable ids after this block
    double target_prob = 0;      // p(y) after this block
};

// Everything one (P, y) gives from one forward and one backward pass.
struct Attribution {
    GradientTarget target;            // resolved: position in [0, T), id in [0, V)
    float logit = 0;                  // f
    std::vector<double> grad;         // (T) |g_i|_2
    std::vector<double> grad_input;   // (T) g_i · e_i
    std::vector<double> relevance;    // (T) row P of R_L
    MatrixRM dla;                     // (L, H)
    std::vector<LensLayer> lens;      // one per block
};
// `lens_k` tokens per lens layer. Throws as gradients() does.
Attribution attribute(const Model& model, std::span<const int> tokens, const RunOptions& run,
                      const GradientTarget& target, int lens_k = 5, int threads = 0);

struct IntegratedGradients {
    std::vector<double> scores;  // (T)
    int steps = 0;
    double delta_f = 0;          // f(e) - f(0)
    double sum = 0;              // sum of scores
};
// `steps` >= 1 midpoints, batched through the linear layers (backward.h).
IntegratedGradients integrated_gradients(const Model& model, std::span<const int> tokens, const RunOptions& run,
                                         const GradientTarget& target, int steps = 32, int threads = 0,
                                         const std::function<bool()>& keep_going = {});

// The attribution-patching estimate for every head, (L, H), and the mean
// next-token loss it is the gradient of (one forward, one backward).
struct PatchEstimates {
    MatrixRM estimate;  // (L, H)
    double loss = 0;
};
PatchEstimates patch_estimates(const Model& model, std::span<const int> tokens, const RunOptions& run,
                               int threads = 0);

// |v_j W_O^h|_2 for every key j of one head, (T): its value-weighted norms are
// the weights times these, N_ij = A_ij · factor_j (weights are >= 0). Reads
// the trace's v (or computes it again), which must come from `weights`.
std::vector<float> value_norm_factors(const Weights& weights, const Trace& trace, int layer, int head);

}  // namespace attnscope
