#include "attnscope/run/lm_head.h"

#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"

namespace attnscope {

namespace {

void check_ln_f(const Weights& w, const Trace& tr) {
    if (tr.ln_f.shape.size() != 2 || tr.ln_f.shape[0] != tr.T() || tr.ln_f.shape[1] != w.config.n_embed ||
        w.unembedding_rows() != w.config.vocab_size)
        throw Error(ErrorCode::InvalidArgument, "the trace was not made with these weights");
}

}  // namespace

MatrixRM logits_from_ln_f(const Weights& w, const Trace& tr, int first, int rows, int threads) {
    check_ln_f(w, tr);
    if (first < 0 || rows < 0 || first + rows > tr.T())
        throw Error(ErrorCode::InvalidArgument, "logit rows outside the trace");
    MatrixRM out(rows, w.config.vocab_size);
    const ConstMapRM ln_f = tr.ln_f.cmatrix();
    if (rows > 0)
        kernels::unembed(ConstMapRM(ln_f.data() + size_t(first) * size_t(ln_f.cols()), rows, ln_f.cols()), w,
                         MapRM(out.data(), rows, out.cols()), threads);
    return out;
}

}  // namespace attnscope
