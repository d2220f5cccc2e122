#include "run/trace_rows.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace attnscope {

void resize_rows(Tensor& t, Shape shape) {
    const int64_t per_row = shape[0] > 0 ? shape_numel(shape) / shape[0] : 0;
    const size_t need = size_t(shape_numel(shape));
    if (need > t.data.capacity()) {
        const int64_t rows = t.data.empty() ? (shape[0] + kGrowRows - 1) / kGrowRows * kGrowRows : grown_rows(shape[0]);
        t.data.reserve(size_t(rows * per_row));
    }
    t.reshape(std::move(shape));
}

size_t room_for_rows(const Tensor& t, int64_t T, int64_t rows) {
    const size_t now = t.data.size();
    if (T <= 0 || t.shape.empty()) return now;
    const size_t r = size_t(std::max(rows, T));
    if (t.shape[0] == T) return r * (now / size_t(T));
    const size_t dims = t.shape.size();
    if (dims < 2 || dims > 3 || t.shape[1] != T || (dims == 3 && t.shape[2] != T)) return now;
    const size_t room = size_t(t.shape[0]) * r * (dims == 3 ? r : 1);
    return room <= kMaxMapRoom ? room : now;
}

void reserve_rows(Trace& tr, int T, int rows) {
    if (rows <= T || T <= 0) return;
    const auto room = [&](Tensor& t) {
        const size_t n = room_for_rows(t, T, rows);
        if (!t.data.empty() && n > t.data.capacity()) t.data.reserve(n);
    };
    for (Tensor* t : {&tr.tok_embed, &tr.pos_embed, &tr.embed, &tr.ln_f}) room(*t);
    for (LayerTrace& lt : tr.layers)
        for (Tensor* t : {&lt.ln1, &lt.q, &lt.k, &lt.v, &lt.heads, &lt.proj, &lt.resid1, &lt.ln2, &lt.mlp_hidden,
                          &lt.mlp_act, &lt.mlp_up, &lt.mlp_proj, &lt.out, &lt.row_max, &lt.row_inv_sum, &lt.weights})
            room(*t);
}

void relayout_heads(Tensor& t, int H, int T_old, int T_new, int keep, bool square) {
    const size_t old_row = square ? size_t(T_old) : 1, new_row = square ? size_t(T_new) : 1;
    const size_t old_head = old_row * size_t(T_old), new_head = new_row * size_t(T_new);
    const size_t width = size_t(keep);
    auto move_row = [&](int h, int r) {
        float* base = t.data.data();
        float* dst = base + size_t(h) * new_head + size_t(r) * new_row;
        std::memmove(dst, base + size_t(h) * old_head + size_t(r) * old_row, sizeof(float) * width);
        if (square) std::fill(dst + width, dst + new_row, 0.0f);
    };
    const int rows = square ? keep : 1;
    if (T_new >= T_old) {  // destinations lie at or after their sources: move from the end
        // Room for more rows (grown_rows; kGrowRows for a new buffer), so
        // typing does not allocate (and touch) a fresh buffer at every key;
        // not resize's doubling. Square maps (stored weights, within the
        // attention budget) grow by kGrowRows: their room is squared.
        if (size_t(H) * new_head > t.data.capacity()) {
            const size_t grown = size_t(square || t.data.empty() ? (T_new + kGrowRows - 1) / kGrowRows * kGrowRows
                                                                 : grown_rows(T_new));
            t.data.reserve(size_t(H) * (square ? grown * grown : grown));
        }
        t.data.resize(size_t(H) * new_head);
        for (int h = H - 1; h >= 0; --h)
            for (int r = rows - 1; r >= 0; --r) move_row(h, r);
    } else {
        for (int h = 0; h < H; ++h)
            for (int r = 0; r < rows; ++r) move_row(h, r);
        t.data.resize(size_t(H) * new_head);
    }
    t.shape = square ? Shape{H, T_new, T_new} : Shape{H, T_new};
}

int prepare_attention(const ModelConfig& cfg, int T, bool dense, LayerTrace& lt, int first, int thumb_width,
                      int kept_width, bool mean, bool continues) {
    const int H = cfg.n_head;
    if (dense) {
        if (first == 0) lt.weights.reshape({H, T, T});
    } else {
        lt.weights.data.clear();
        lt.weights.data.shrink_to_fit();
        lt.weights.shape = {0};
    }
    if (first == 0) {
        lt.row_max.reshape({H, T});
        lt.row_inv_sum.reshape({H, T});
    }
    Tensor& thumb = mean ? lt.thumb_sum : lt.thumb_max;
    (mean ? lt.thumb_max : lt.thumb_sum) = Tensor();
    if (thumb_width <= 0) {
        thumb = Tensor();
        return first;
    }
    // The thumbnail is (H, S, S), S = thumbnail_stride(): B x B in use, the
    // rest NaN max or zero sum. S grows in steps of 64, so an edit seldom
    // moves it.
    const int S = thumbnail_stride(T, cfg.n_layer * H);
    const int B = (T + thumb_width - 1) / thumb_width;
    const Shape& old = thumb.shape;
    const int old_S = old.size() == 3 && old[0] == H && old[1] == old[2] ? int(old[1]) : 0;
    const float empty = mean ? 0.0f : std::numeric_limits<float>::quiet_NaN();
    if (kept_width > 0 && kept_width != thumb_width && !mean && thumb_width % kept_width == 0) {
        // The text grew past the blocks a side the thumbnails hold and the
        // width doubled: each kept block is the max of f x f old ones (NaN:
        // none visible), rather than every head's attention running again
        // from row 0, nearly a full run.
        const int f = thumb_width / kept_width;
        const int keep = std::min({first / thumb_width, B, old_S / f});
        Tensor pooled;
        pooled.reshape({H, S, S});
        std::fill(pooled.data.begin(), pooled.data.end(), empty);
        const int cols = std::min(S, old_S / f);
        for (int h = 0; h < H; ++h)
            for (int r = 0; r < keep; ++r) {
                float* to = pooled.data.data() + (size_t(h) * S + size_t(r)) * S;
                for (int dr = 0; dr < f; ++dr) {
                    const float* from = thumb.data.data() + (size_t(h) * old_S + size_t(r * f + dr)) * old_S;
                    for (int c = 0; c < cols; ++c)
                        for (int dc = 0; dc < f; ++dc) {
                            const float v = from[c * f + dc];
                            if (!std::isnan(v) && !(v <= to[c])) to[c] = v;
                        }
                }
            }
        thumb = std::move(pooled);
        return keep * thumb_width;
    }
    const int whole_rows = kept_width == thumb_width ? std::min({first / thumb_width, B, old_S}) : 0;
    // The block row holding `first`, its rows before `first` pooled already
    // (pool_tile goes on with it: a max, or the sum, row after row in order).
    const bool partial = continues && kept_width == thumb_width && first % thumb_width != 0 &&
                         whole_rows == first / thumb_width && whole_rows < std::min(B, old_S);
    const int keep = whole_rows + (partial ? 1 : 0);
    if (keep > 0) {
        if (old_S != S) {
            relayout_heads(thumb, H, old_S, S, keep, true);
            // A kept block row has no visible cells past its own column: NaN max.
            if (!mean)
                for (int h = 0; h < H; ++h)
                    for (int r = 0; r < keep; ++r) {
                        float* row = thumb.data.data() + (size_t(h) * S + size_t(r)) * S;
                        std::fill(row + keep, row + S, empty);
                    }
        }
        // Rows from B on (past a shortened text's last block row) are cleared;
        // the run rewrites rows [keep, B).
        for (int h = 0; h < H; ++h) {
            const size_t from = (size_t(h) * S + size_t(B)) * S, to = size_t(h + 1) * S * S;
            std::fill(thumb.data.begin() + ptrdiff_t(from), thumb.data.begin() + ptrdiff_t(to), empty);
        }
    } else {
        thumb.reshape({H, S, S});
        std::fill(thumb.data.begin(), thumb.data.end(), empty);
    }
    return partial ? first : keep * thumb_width;
}

}  // namespace attnscope
