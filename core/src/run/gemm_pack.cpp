// The packing half of the GEMM (gemm.cpp has the register tile and the
// driver): panels of x and W laid out for the tile, W read from float32 rows
// or dequantized from a GGUF file's blocks a panel at a time.
#include "run/gemm_pack.h"

#include "attnscope/formats/gguf.h"
#include "attnscope/model/weights.h"

#include <algorithm>

namespace attnscope::gemm {

Buffers& buffers() {
    thread_local Buffers b;
    return b;
}

void pack_x(const float* x, Index ldx, Index mc, Index kc, float* out) {
    for (Index r0 = 0; r0 < mc; r0 += kMr) {
        const int rows = int(std::min<Index>(kMr, mc - r0));
        const float* src[kMr];
        for (int i = 0; i < kMr; ++i) src[i] = x + (r0 + std::min(i, rows - 1)) * ldx;
        for (Index p = 0; p < kc; ++p) {
            for (int i = 0; i < kMr; ++i) out[i] = i < rows ? src[i][p] : 0.0f;
            out += kMr;
        }
    }
}

namespace {

// Packs columns [0, nc) x steps [0, kc) of Wᵀ (rows of w) into panels of kNr
// columns: panel q holds kc steps of kNr floats, columns past nc zero.
void pack_w(const float* w, Index ldw, Index nc, Index kc, float* out) {
    for (Index c0 = 0; c0 < nc; c0 += kNr) {
        const int cols = int(std::min<Index>(kNr, nc - c0));
        int j0 = 0;
#if defined(__AVX2__)
        // Whole groups of eight columns, eight steps at a time, through
        // registers: packing is most of the work when x has a few rows.
        // W is read once a run, from memory: while one group of eight rows
        // is transposed, the next group's cache lines are fetched (a stretch
        // of kc floats from each of eight rows is too short for the hardware
        // prefetcher to pick up).
        const Index kc8 = kc / 8 * 8;
        for (; j0 + 8 <= cols; j0 += 8) {
            const float* rows[8];
            const float* next[8];
            for (int j = 0; j < 8; ++j) {
                rows[j] = w + (c0 + j0 + j) * ldw;
                next[j] = w + std::min(c0 + j0 + 8 + j, nc - 1) * ldw;
            }
            for (Index p = 0; p < kc8; p += 8) {
                if (p % 16 == 0)
                    for (int j = 0; j < 8; ++j) _mm_prefetch(reinterpret_cast<const char*>(next[j] + p), _MM_HINT_T0);
                transpose8(rows, p, out + p * kNr + j0);
            }
            for (Index p = kc8; p < kc; ++p)
                for (int j = 0; j < 8; ++j) out[p * kNr + j0 + j] = rows[j][p];
        }
#endif
        for (int j = j0; j < kNr; ++j) {
            if (j < cols) {
                const float* row = w + (c0 + j) * ldw;
                for (Index p = 0; p < kc; ++p) out[p * kNr + j] = row[p];
            } else {
                for (Index p = 0; p < kc; ++p) out[p * kNr + j] = 0.0f;
            }
        }
        out += kc * kNr;
    }
}

// Room for a range of c values and the blocks that overlap its ends.
Index dq_scratch_floats(Index c) { return c + 2 * 256; }

}  // namespace

void pack_w_kn(const float* w, Index ldw, Index nc, Index kc, float* out) {
    for (Index c0 = 0; c0 < nc; c0 += kNr) {
        const Index cols = std::min<Index>(kNr, nc - c0);
        for (Index p = 0; p < kc; ++p) {
            const float* src = w + p * ldw + c0;
            std::copy(src, src + cols, out + p * kNr);
            std::fill(out + p * kNr + cols, out + (p + 1) * kNr, 0.0f);
        }
        out += kc * kNr;
    }
}

void pack_t(const DenseW& s, Index jc, Index pc, Index nc, Index kc, float* out) {
    pack_w(s.w + jc * s.ldw + pc, s.ldw, nc, kc, out);
}
void pack_t(const QuantW& s, Index jc, Index pc, Index nc, Index kc, float* out) {
    Buffers& buf = buffers();
    float* rows = Buffers::grow(buf.dq, buf.dq_size, kNr * kc);
    float* scratch = Buffers::grow(buf.dq_scratch, buf.dq_scratch_size, dq_scratch_floats(kc));
    for (Index c0 = 0; c0 < nc; c0 += kNr) {
        const Index cols = std::min<Index>(kNr, nc - c0);
        for (Index j = 0; j < cols; ++j)
            dequantize_range(s.q->type, s.q->row_data(jc + c0 + j), pc, pc + kc, rows + j * kc, scratch);
        pack_w(rows, kc, cols, kc, out + c0 * kc);  // panel c0 / kNr
    }
}

void pack_kn(const DenseW& s, Index jc, Index pc, Index nc, Index kc, float* out) {
    pack_w_kn(s.w + pc * s.ldw + jc, s.ldw, nc, kc, out);
}
void pack_kn(const QuantW& s, Index jc, Index pc, Index nc, Index kc, float* out) {
    Buffers& buf = buffers();
    float* line = Buffers::grow(buf.dq, buf.dq_size, nc);
    float* scratch = Buffers::grow(buf.dq_scratch, buf.dq_scratch_size, dq_scratch_floats(nc));
    for (Index p = 0; p < kc; ++p) {
        dequantize_range(s.q->type, s.q->row_data(pc + p), jc, jc + nc, line, scratch);
        for (Index c0 = 0; c0 < nc; c0 += kNr) {
            const Index cols = std::min<Index>(kNr, nc - c0);
            float* dst = out + c0 * kc + p * kNr;
            std::copy(line + c0, line + c0 + cols, dst);
            std::fill(dst + cols, dst + kNr, 0.0f);
        }
    }
}

}  // namespace attnscope::gemm
