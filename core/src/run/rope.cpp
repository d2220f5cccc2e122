#include "run/rope.h"

#include <cmath>
#include <numbers>

namespace attnscope::rope {

std::vector<float> inverse_frequencies(const ModelConfig& c) {
    const int d = c.rotary_dims();
    std::vector<float> f(size_t(d / 2));
    for (int i = 0; i < d / 2; ++i) {
        // PyTorch computes theta ** (arange(0, d, 2).float() / d) in float32.
        const float exponent = float(2 * i) / float(d);
        f[size_t(i)] = 1.0f / std::pow(c.rope_theta, exponent);
    }
    if (c.rope_scaling == RopeScaling::Linear) {
        for (float& x : f) x /= c.rope_factor;
    } else if (c.rope_scaling == RopeScaling::Llama3) {
        // Llama 3.1: long wavelengths slowed by `factor`, short ones kept, the
        // band between blended linearly in old_context / wavelength.
        const double old_ctx = c.rope_original_context;
        const double low_wavelen = old_ctx / c.rope_low_freq, high_wavelen = old_ctx / c.rope_high_freq;
        for (float& x : f) {
            const double wavelen = 2.0 * std::numbers::pi / x;
            if (wavelen > low_wavelen) {
                x = float(x / c.rope_factor);
            } else if (wavelen >= high_wavelen) {
                const double smooth = (old_ctx / wavelen - c.rope_low_freq) / (c.rope_high_freq - c.rope_low_freq);
                x = float((1.0 - smooth) * x / c.rope_factor + smooth * x);
            }
        }
    }
    return f;
}

namespace {

// Rotates each (i, i + d/2) pair of every head by +angle (forward) or
// -angle (inverse), angle = position · inv_freq[i].
void rotate(MapRM x, int heads, int hs, const std::vector<float>& inv_freq, int first_position, int threads,
            bool inverse) {
    const int half = int(inv_freq.size());
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && n * heads * hs > (1 << 15))
    for (Eigen::Index r = 0; r < n; ++r) {
        const float pos = float(first_position + r);
        float* row = x.data() + r * x.cols();
        for (int i = 0; i < half; ++i) {
            const float angle = pos * inv_freq[size_t(i)];
            const float cs = std::cos(angle), sn = inverse ? -std::sin(angle) : std::sin(angle);
            for (int h = 0; h < heads; ++h) {
                float* p = row + size_t(h) * hs;
                const float a = p[i], b = p[i + half];
                p[i] = a * cs - b * sn;
                p[i + half] = b * cs + a * sn;
            }
        }
    }
}

}  // namespace

void apply(MapRM x, int heads, int hs, const std::vector<float>& inv_freq, int first_position, int threads) {
    rotate(x, heads, hs, inv_freq, first_position, threads, false);
}

void apply_inverse(MapRM x, int heads, int hs, const std::vector<float>& inv_freq, int first_position, int threads) {
    rotate(x, heads, hs, inv_freq, first_position, threads, true);
}

}  // namespace attnscope::rope
