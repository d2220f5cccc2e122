#pragma once
// Element types found in model files and their conversion to float32.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace attnscope {

enum class DType { F32, F16, BF16, F64, I64, I32, I16, I8, U8, Bool };

// Bytes per element.
constexpr int dtype_size(DType t) {
    switch (t) {
    case DType::F64: case DType::I64: return 8;
    case DType::F32: case DType::I32: return 4;
    case DType::F16: case DType::BF16: case DType::I16: return 2;
    case DType::I8: case DType::U8: case DType::Bool: return 1;
    }
    return 1;
}

// IEEE binary16 -> float32, subnormals, infinities and NaN included.
inline float half_to_float(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000) << 16;
    const uint32_t exp = (h >> 10) & 0x1F;
    uint32_t mant = h & 0x3FF;
    uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal: normalise
            int e = -1;
            do {
                ++e;
                mant <<= 1;
            } while ((mant & 0x400) == 0);
            bits = sign | uint32_t(127 - 15 - e) << 23 | (mant & 0x3FF) << 13;
        }
    } else if (exp == 0x1F) {
        bits = sign | 0x7F800000u | mant << 13;
    } else {
        bits = sign | (exp + 127 - 15) << 23 | mant << 13;
    }
    return std::bit_cast<float>(bits);
}

inline float bf16_to_float(uint16_t b) { return std::bit_cast<float>(uint32_t(b) << 16); }

// Converts n little-endian elements of type t at src to float32 (x86-64 and
// every platform Debian ships AttnScope on are little-endian).
inline void to_float(DType t, const std::byte* src, int64_t n, float* dst) {
    static_assert(std::endian::native == std::endian::little);
    // A zero-element tensor may have no storage at all (dst or src null), and
    // memcpy with a null pointer is undefined even for zero bytes.
    if (n <= 0) return;
    auto load = [src](int64_t i, auto zero) {
        decltype(zero) v;
        std::memcpy(&v, src + i * int64_t(sizeof v), sizeof v);
        return v;
    };
    switch (t) {
    case DType::F32: std::memcpy(dst, src, size_t(n) * 4); break;
    case DType::F16: {
        int64_t i = 0;
#if defined(__F16C__)
        // The CPU's own conversion, exact for every half (a signalling NaN comes
        // out quiet): 8 at a time, ten times the scalar loop on a 43 GB trace file.
        for (; i + 8 <= n; i += 8)
            _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 2 * i))));
#endif
        for (; i < n; ++i) dst[i] = half_to_float(load(i, uint16_t{}));
        break;
    }
    case DType::BF16: for (int64_t i = 0; i < n; ++i) dst[i] = bf16_to_float(load(i, uint16_t{})); break;
    case DType::F64: for (int64_t i = 0; i < n; ++i) dst[i] = float(load(i, double{})); break;
    case DType::I64: for (int64_t i = 0; i < n; ++i) dst[i] = float(load(i, int64_t{})); break;
    case DType::I32: for (int64_t i = 0; i < n; ++i) dst[i] = float(load(i, int32_t{})); break;
    case DType::I16: for (int64_t i = 0; i < n; ++i) dst[i] = float(load(i, int16_t{})); break;
    case DType::I8: for (int64_t i = 0; i < n; ++i) dst[i] = float(load(i, int8_t{})); break;
    case DType::U8: case DType::Bool: for (int64_t i = 0; i < n; ++i) dst[i] = float(load(i, uint8_t{})); break;
    }
}

}  // namespace attnscope
