// The GGUF tensor types AttnScope reads, dequantized as the format describes
// them (ggml's block layouts: a float16 scale, sometimes a float16 minimum,
// then packed integers; the K types group 256 values into sub-blocks with
// 6-bit or 8-bit scales). Every multiply and add is its own statement, so no
// build fuses them: the bits are those of a plain float32 evaluation, the
// reference dequantizer's (tests/scripts/make_gguf_fixtures.py).
#include "attnscope/formats/gguf.h"

#include <algorithm>
#include <cstring>

#include "attnscope/common/error.h"
#include "formats/dtype.h"

namespace attnscope {

namespace {

uint16_t gq_u16(const std::byte* p) { return uint16_t(uint16_t(p[0]) | uint16_t(uint16_t(p[1]) << 8)); }
float gq_half(const std::byte* p) { return half_to_float(gq_u16(p)); }
uint8_t gq_u8(const std::byte* p) { return uint8_t(*p); }

// value = (q - 8) * d
void gq_q4_0(const std::byte* b, float* y) {
    const float d = gq_half(b);
    const std::byte* qs = b + 2;
    for (int j = 0; j < 16; ++j) {
        const int x0 = int(gq_u8(qs + j) & 0x0F) - 8, x1 = int(gq_u8(qs + j) >> 4) - 8;
        y[j] = float(x0) * d;
        y[j + 16] = float(x1) * d;
    }
}

// value = q * d + m
void gq_q4_1(const std::byte* b, float* y) {
    const float d = gq_half(b), m = gq_half(b + 2);
    const std::byte* qs = b + 4;
    for (int j = 0; j < 16; ++j) {
        const float p0 = float(gq_u8(qs + j) & 0x0F) * d;
        const float p1 = float(gq_u8(qs + j) >> 4) * d;
        y[j] = p0 + m;
        y[j + 16] = p1 + m;
    }
}

uint32_t gq_u32(const std::byte* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// value = (q5 - 16) * d, the fifth bit of value j in bit j of qh
void gq_q5_0(const std::byte* b, float* y) {
    const float d = gq_half(b);
    const uint32_t qh = gq_u32(b + 2);
    const std::byte* qs = b + 6;
    for (int j = 0; j < 16; ++j) {
        const int h0 = int((qh >> j) & 1u) << 4, h1 = int((qh >> (j + 16)) & 1u) << 4;
        const int x0 = (int(gq_u8(qs + j) & 0x0F) | h0) - 16, x1 = (int(gq_u8(qs + j) >> 4) | h1) - 16;
        y[j] = float(x0) * d;
        y[j + 16] = float(x1) * d;
    }
}

// value = q5 * d + m
void gq_q5_1(const std::byte* b, float* y) {
    const float d = gq_half(b), m = gq_half(b + 2);
    const uint32_t qh = gq_u32(b + 4);
    const std::byte* qs = b + 8;
    for (int j = 0; j < 16; ++j) {
        const int h0 = int((qh >> j) & 1u) << 4, h1 = int((qh >> (j + 16)) & 1u) << 4;
        const float p0 = float(int(gq_u8(qs + j) & 0x0F) | h0) * d;
        const float p1 = float(int(gq_u8(qs + j) >> 4) | h1) * d;
        y[j] = p0 + m;
        y[j + 16] = p1 + m;
    }
}

// value = q * d, q a signed byte
void gq_q8_0(const std::byte* b, float* y) {
    const float d = gq_half(b);
    for (int j = 0; j < 32; ++j) y[j] = float(int8_t(gq_u8(b + 2 + j))) * d;
}

// The 6-bit scale and minimum of sub-block j (0..7) from the 12 packed bytes
// of a Q4_K or Q5_K block.
void gq_scale_min(int j, const std::byte* s, int& sc, int& mn) {
    if (j < 4) {
        sc = gq_u8(s + j) & 63;
        mn = gq_u8(s + j + 4) & 63;
    } else {
        sc = (gq_u8(s + j + 4) & 0x0F) | ((gq_u8(s + j - 4) >> 6) << 4);
        mn = (gq_u8(s + j + 4) >> 4) | ((gq_u8(s + j) >> 6) << 4);
    }
}

// 256 values in 8 sub-blocks of 32: value = (d * sc) * q - (dmin * m).
void gq_q4_k(const std::byte* b, float* y) {
    const float d = gq_half(b), dmin = gq_half(b + 2);
    const std::byte* scales = b + 4;
    const std::byte* q = b + 16;
    for (int j = 0, is = 0; j < 256; j += 64, is += 2) {
        int sc, mn;
        gq_scale_min(is, scales, sc, mn);
        const float d1 = d * float(sc), m1 = dmin * float(mn);
        gq_scale_min(is + 1, scales, sc, mn);
        const float d2 = d * float(sc), m2 = dmin * float(mn);
        for (int l = 0; l < 32; ++l) {
            const float p = d1 * float(gq_u8(q + l) & 0x0F);
            y[j + l] = p - m1;
        }
        for (int l = 0; l < 32; ++l) {
            const float p = d2 * float(gq_u8(q + l) >> 4);
            y[j + 32 + l] = p - m2;
        }
        q += 32;
    }
}

// As Q4_K with a fifth bit per value from qh (bit 2i of qh[l] for the low
// nibbles of pair i, bit 2i+1 for the high ones).
void gq_q5_k(const std::byte* b, float* y) {
    const float d = gq_half(b), dmin = gq_half(b + 2);
    const std::byte* scales = b + 4;
    const std::byte* qh = b + 16;
    const std::byte* ql = b + 48;
    unsigned u1 = 1, u2 = 2;
    for (int j = 0, is = 0; j < 256; j += 64, is += 2) {
        int sc, mn;
        gq_scale_min(is, scales, sc, mn);
        const float d1 = d * float(sc), m1 = dmin * float(mn);
        gq_scale_min(is + 1, scales, sc, mn);
        const float d2 = d * float(sc), m2 = dmin * float(mn);
        for (int l = 0; l < 32; ++l) {
            const int q0 = int(gq_u8(ql + l) & 0x0F) + ((gq_u8(qh + l) & u1) ? 16 : 0);
            const float p = d1 * float(q0);
            y[j + l] = p - m1;
        }
        for (int l = 0; l < 32; ++l) {
            const int q1 = int(gq_u8(ql + l) >> 4) + ((gq_u8(qh + l) & u2) ? 16 : 0);
            const float p = d2 * float(q1);
            y[j + 32 + l] = p - m2;
        }
        ql += 32;
        u1 <<= 2;
        u2 <<= 2;
    }
}

// 256 values in 16 sub-blocks of 16 with signed 8-bit scales: value =
// (d * sc) * (q6 - 32); low 4 bits in ql, high 2 in qh, d last in the block.
void gq_q6_k(const std::byte* b, float* y) {
    const std::byte* ql = b;
    const std::byte* qh = b + 128;
    const std::byte* sc = b + 192;
    const float d = gq_half(b + 208);
    for (int n = 0; n < 256; n += 128) {
        for (int l = 0; l < 32; ++l) {
            const int is = l / 16;
            const int h = gq_u8(qh + l);
            const int q1 = (int(gq_u8(ql + l) & 0x0F) | ((h & 3) << 4)) - 32;
            const int q2 = (int(gq_u8(ql + l + 32) & 0x0F) | (((h >> 2) & 3) << 4)) - 32;
            const int q3 = (int(gq_u8(ql + l) >> 4) | (((h >> 4) & 3) << 4)) - 32;
            const int q4 = (int(gq_u8(ql + l + 32) >> 4) | (((h >> 6) & 3) << 4)) - 32;
            const float s1 = d * float(int8_t(gq_u8(sc + is))), s2 = d * float(int8_t(gq_u8(sc + is + 2)));
            const float s3 = d * float(int8_t(gq_u8(sc + is + 4))), s4 = d * float(int8_t(gq_u8(sc + is + 6)));
            y[n + l] = s1 * float(q1);
            y[n + l + 32] = s2 * float(q2);
            y[n + l + 64] = s3 * float(q3);
            y[n + l + 96] = s4 * float(q4);
        }
        ql += 64;
        qh += 32;
        sc += 8;
    }
}

using BlockFn = void (*)(const std::byte*, float*);

BlockFn gq_block_fn(GgmlType t) {
    switch (t) {
    case GgmlType::Q4_0: return &gq_q4_0;
    case GgmlType::Q4_1: return &gq_q4_1;
    case GgmlType::Q5_0: return &gq_q5_0;
    case GgmlType::Q5_1: return &gq_q5_1;
    case GgmlType::Q8_0: return &gq_q8_0;
    case GgmlType::Q4_K: return &gq_q4_k;
    case GgmlType::Q5_K: return &gq_q5_k;
    case GgmlType::Q6_K: return &gq_q6_k;
    default: return nullptr;
    }
}

struct TypeRow {
    uint32_t id;
    const char* name;
    int values, bytes;
    bool supported;
};

// Every ggml type number the format has had, for messages; sizes only for
// the ones read.
constexpr TypeRow kGgmlTypes[] = {
    {0, "F32", 1, 4, true},       {1, "F16", 1, 2, true},       {2, "Q4_0", 32, 18, true},
    {3, "Q4_1", 32, 20, true},    {4, "Q4_2", 0, 0, false},     {5, "Q4_3", 0, 0, false},
    {6, "Q5_0", 32, 22, true},    {7, "Q5_1", 32, 24, true},    {8, "Q8_0", 32, 34, true},
    {9, "Q8_1", 0, 0, false},     {10, "Q2_K", 0, 0, false},    {11, "Q3_K", 0, 0, false},
    {12, "Q4_K", 256, 144, true}, {13, "Q5_K", 256, 176, true}, {14, "Q6_K", 256, 210, true},
    {15, "Q8_K", 0, 0, false},    {16, "IQ2_XXS", 0, 0, false}, {17, "IQ2_XS", 0, 0, false},
    {18, "IQ3_XXS", 0, 0, false}, {19, "IQ1_S", 0, 0, false},   {20, "IQ4_NL", 0, 0, false},
    {21, "IQ3_S", 0, 0, false},   {22, "IQ2_S", 0, 0, false},   {23, "IQ4_XS", 0, 0, false},
    {24, "I8", 0, 0, false},      {25, "I16", 0, 0, false},     {26, "I32", 0, 0, false},
    {27, "I64", 0, 0, false},     {28, "F64", 0, 0, false},     {29, "IQ1_M", 0, 0, false},
    {30, "BF16", 1, 2, true},     {31, "Q4_0_4_4", 0, 0, false}, {32, "Q4_0_4_8", 0, 0, false},
    {33, "Q4_0_8_8", 0, 0, false}, {34, "TQ1_0", 0, 0, false},  {35, "TQ2_0", 0, 0, false},
    {36, "IQ4_NL_4_4", 0, 0, false}, {37, "IQ4_NL_4_8", 0, 0, false}, {38, "IQ4_NL_8_8", 0, 0, false},
    {39, "MXFP4", 0, 0, false},
};

const TypeRow* gq_row(uint32_t id) {
    for (const TypeRow& r : kGgmlTypes)
        if (r.id == id) return &r;
    return nullptr;
}

}  // namespace

std::string ggml_type_name(uint32_t type) {
    const TypeRow* r = gq_row(type);
    return r ? std::string(r->name) : "type " + std::to_string(type);
}

bool ggml_type_supported(uint32_t type) {
    const TypeRow* r = gq_row(type);
    return r && r->supported;
}

int ggml_block_values(GgmlType type) {
    const TypeRow* r = gq_row(uint32_t(type));
    return r && r->supported ? r->values : 1;
}

int ggml_block_bytes(GgmlType type) {
    const TypeRow* r = gq_row(uint32_t(type));
    return r && r->supported ? r->bytes : 1;
}

std::string ggml_supported_types() {
    return "F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K";
}

void dequantize_row(GgmlType type, const std::byte* blocks, int64_t n, float* out) {
    if (n <= 0) return;
    switch (type) {
    case GgmlType::F32: std::memcpy(out, blocks, size_t(n) * sizeof(float)); return;
    case GgmlType::F16:
        for (int64_t i = 0; i < n; ++i) out[i] = half_to_float(gq_u16(blocks + 2 * i));
        return;
    case GgmlType::BF16:
        for (int64_t i = 0; i < n; ++i) out[i] = bf16_to_float(gq_u16(blocks + 2 * i));
        return;
    default: break;
    }
    const BlockFn fn = gq_block_fn(type);
    if (!fn) throw Error(ErrorCode::UnsupportedDType, "cannot dequantize GGUF type " + ggml_type_name(uint32_t(type)));
    const int qk = ggml_block_values(type), bytes = ggml_block_bytes(type);
    if (n % qk != 0)
        throw Error(ErrorCode::InvalidArgument, "dequantize_row: " + std::to_string(n) + " values are not whole " +
                                                    ggml_type_name(uint32_t(type)) + " blocks");
    for (int64_t b = 0; b < n / qk; ++b) fn(blocks + size_t(b) * size_t(bytes), out + b * qk);
}

void dequantize_range(GgmlType type, const std::byte* row, int64_t c0, int64_t c1, float* out, float* scratch) {
    if (c1 <= c0) return;
    const int qk = ggml_block_values(type), bytes = ggml_block_bytes(type);
    if (qk == 1) {
        dequantize_row(type, row + size_t(c0) * size_t(bytes), c1 - c0, out);
        return;
    }
    const int64_t b0 = c0 / qk, b1 = (c1 + qk - 1) / qk;
    dequantize_row(type, row + size_t(b0) * size_t(bytes), (b1 - b0) * qk, scratch);
    std::copy(scratch + (c0 - b0 * qk), scratch + (c1 - b0 * qk), out);
}

}  // namespace attnscope
