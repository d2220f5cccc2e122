#include "attnscope/explain/rollout.h"

#include <charconv>
#include <algorithm>
#include <cstdio>
#include <string>

#include "attnscope/common/error.h"

namespace attnscope {

MatrixRM attention_rollout(const Trace& tr) {
    const int T = tr.T();
    if (T > kMaxRolloutTokens) {
        const double tflop = 2.0 * tr.n_layer() * double(T) * double(T) * double(T) / 1e12;
        char buf[32];  // to_chars: a point whatever the C locale
        const std::string cost(buf, std::to_chars(buf, buf + sizeof buf, tflop, std::chars_format::fixed, 1).ptr);
        throw Error(ErrorCode::TooMuchWork,
                    "attention rollout of " + std::to_string(T) + " tokens would multiply " +
                        std::to_string(tr.n_layer()) + " matrices of " + std::to_string(T) + " x " +
                        std::to_string(T) + " (" + cost + " TFLOP); it is computed for at most " +
                        std::to_string(kMaxRolloutTokens) + " tokens" +
                        (tr.imported ? std::string(", and a trace file's tokens are fixed") : std::string(": shorten the text")),
                    {std::to_string(T), std::to_string(kMaxRolloutTokens)});
    }
    MatrixRM rolled = MatrixRM::Identity(T, T);
    MatrixRM step(T, T);
    for (int l = 0; l < tr.n_layer(); ++l) {
        step.setZero();
        for (int h = 0; h < tr.n_head(); ++h) step += tr.head_weights(l, h);
        // Plain loops: the row sums in a fixed order, the same on every CPU.
        const float mean = 0.5f / float(std::max(1, tr.n_head()));
        for (int t = 0; t < T; ++t) {
            float* row = step.data() + size_t(t) * size_t(T);
            float sum = 0;
            for (int k = 0; k < T; ++k) {
                row[k] = row[k] * mean + (k == t ? 0.5f : 0.0f);
                sum += row[k];
            }
            if (sum > 0)
                for (int k = 0; k < T; ++k) row[k] /= sum;
        }
        rolled = (step * rolled).eval();
    }
    return rolled;
}

}  // namespace attnscope
