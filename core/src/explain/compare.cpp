#include "attnscope/explain/compare.h"

#include <algorithm>
#include <string>

#include "attnscope/common/error.h"

namespace attnscope {

namespace {

std::string shape_words(const ModelConfig& c) {
    return std::to_string(c.n_layer) + (c.n_layer == 1 ? " layer x " : " layers x ") + std::to_string(c.n_head) +
           (c.n_head == 1 ? " head" : " heads");
}

void check_head(const Trace& t, int layer, int head, const char* which) {
    if (layer < 0 || layer >= t.n_layer() || head < 0 || head >= t.n_head())
        throw Error(ErrorCode::InvalidArgument, std::string("head L") + std::to_string(layer) + " H" +
                                                    std::to_string(head) + " is not in trace " + which);
}

}  // namespace

void check_same_shape(const ModelConfig& a, const ModelConfig& b) {
    if (a.n_layer == b.n_layer && a.n_head == b.n_head) return;
    const std::string sa = shape_words(a), sb = shape_words(b);
    throw Error(ErrorCode::ShapeMismatch,
                "model B has " + sb + ", model A has " + sa + ": a comparison needs models of the same shape", {sb, sa});
}

int common_positions(const Trace& a, const Trace& b) { return std::min(a.T(), b.T()); }

MatrixRM leading_weights(const Trace& t, int layer, int head, int n) {
    n = std::clamp(n, 0, t.T());
    const MatrixRM w = t.head_weights(layer, head);
    if (n == t.T()) return w;
    return w.topLeftCorner(n, n);
}

MatrixRM weight_difference(const Trace& a, const Trace& b, int layer, int head) {
    if (a.n_layer() != b.n_layer() || a.n_head() != b.n_head()) check_same_shape(a.config, b.config);
    check_head(a, layer, head, "A");
    check_head(b, layer, head, "B");
    const int n = common_positions(a, b);
    return leading_weights(b, layer, head, n) - leading_weights(a, layer, head, n);
}

}  // namespace attnscope
