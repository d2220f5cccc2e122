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

Angles angles(const ModelConfig& c, bool as_llama_cpp) {
    Angles a;
    a.inv_freq = inverse_frequencies(c);
    if (!as_llama_cpp) return a;
    const int d = c.rotary_dims();
    a.stepwise = true;
    a.step = std::pow(c.rope_theta, -2.0f / float(d));
    if (c.rope_scaling == RopeScaling::Linear) a.scale = 1.0f / c.rope_factor;
    if (c.rope_scaling == RopeScaling::Llama3)  // as a GGUF file stores them: float32
        for (const double f : llama3_factors(c)) a.factors.push_back(float(f));
    return a;
}

std::vector<double> llama3_factors(const ModelConfig& c) {
    const int d = c.rotary_dims();
    const double old_ctx = c.rope_original_context;
    std::vector<double> out;
    for (int i = 0; i < d / 2; ++i) {
        const double wavelen = 2.0 * std::numbers::pi / (1.0 / std::pow(double(c.rope_theta), double(2 * i) / d));
        double f = 1.0;
        if (wavelen > old_ctx / c.rope_low_freq) {
            f = c.rope_factor;
        } else if (wavelen >= old_ctx / c.rope_high_freq) {
            const double smooth = (old_ctx / wavelen - c.rope_low_freq) / (c.rope_high_freq - c.rope_low_freq);
            f = 1.0 / ((1.0 - smooth) / c.rope_factor + smooth);
        }
        out.push_back(f);
    }
    return out;
}

void Angles::at(float position, float* out) const {
    const int n = pairs();
    if (!stepwise) {
        for (int i = 0; i < n; ++i) out[i] = position * inv_freq[size_t(i)];
        return;
    }
    float theta = position;
    for (int i = 0; i < n; ++i) {
        const float t = factors.empty() ? theta : theta / factors[size_t(i)];
        out[i] = scale * t;
        theta *= step;
    }
}

namespace {

// Rotates each (i, i + d/2) pair of every head by +angle (forward) or
// -angle (inverse).
void rotate(MapRM x, int heads, int hs, const Angles& angles, int first_position, int threads, bool inverse) {
    const int half = angles.pairs();
    const Eigen::Index n = x.rows();
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && n * heads * hs > (1 << 15))
    for (Eigen::Index r = 0; r < n; ++r) {
        float* row = x.data() + r * x.cols();
        thread_local std::vector<float> at;  // a row's angles, not a fresh vector per row
        at.resize(static_cast<size_t>(half));
        angles.at(float(first_position + r), at.data());
        for (int i = 0; i < half; ++i) {
            const float angle = at[size_t(i)];
            const float cs = std::cos(angle), sn = inverse ? -std::sin(angle) : std::sin(angle);
            for (int h = 0; h < heads; ++h) {
                float* p = row + size_t(h) * hs;
                const float a = p[i], b = p[i + half];
                if (angles.stepwise) {
                    // ggml's build fuses the first product of each sum and
                    // rounds the second: the same bits need the same fusing.
                    p[i] = std::fma(a, cs, -(b * sn));
                    p[i + half] = std::fma(a, sn, b * cs);
                } else {
                    p[i] = a * cs - b * sn;
                    p[i + half] = b * cs + a * sn;
                }
            }
        }
    }
}

}  // namespace

void apply(MapRM x, int heads, int hs, const Angles& angles, int first_position, int threads) {
    rotate(x, heads, hs, angles, first_position, threads, false);
}

void apply_inverse(MapRM x, int heads, int hs, const Angles& angles, int first_position, int threads) {
    rotate(x, heads, hs, angles, first_position, threads, true);
}

}  // namespace attnscope::rope
