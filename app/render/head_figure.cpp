#include "head_figure.h"

#include <QCoreApplication>

namespace render {

namespace {


attnscope::MatrixRM matrixFor(const FigureData& d, int layer, int head, MatrixKind kind) {
    if (!d.trace) return {};
    switch (kind) {
    case MatrixKind::Weights: return d.trace->head_weights(layer, head);
    case MatrixKind::Scores: return d.trace->head_scores(layer, head);
    case MatrixKind::Mask: return d.trace->mask();
    }
    return {};
}

QString titleFor(const FigureData& d, int layer, int head, MatrixKind kind) {
    const attnscope::ModelConfig* c = d.trace ? &d.trace->config : nullptr;
    if (kind == MatrixKind::Mask) {
        if (d.trace && !d.trace->causal) return QCoreApplication::translate("render::HeadFigure", "Mask (bidirectional)");
        if (c && c->sliding_window > 0)
            return QCoreApplication::translate("render::HeadFigure", "Mask (causal, sliding window of %1)").arg(c->sliding_window);
        return QCoreApplication::translate("render::HeadFigure", "Mask (causal)");
    }
    const QString what = kind == MatrixKind::Weights ? QCoreApplication::translate("render::HeadFigure", "attention weights") : QCoreApplication::translate("render::HeadFigure", "raw scores");
    // Grouped-query attention: query heads share key/value heads in runs of
    // n_head / n_kv_head (repeat_kv), and the title names the shared one.
    if (c && c->grouped_query())
        return QCoreApplication::translate("render::HeadFigure", "Layer %1 · Head %2 (KV head %3) · %4")
            .arg(layer).arg(head).arg(c->kv_head_of(head)).arg(what);
    return QCoreApplication::translate("render::HeadFigure", "Layer %1 · Head %2 · %3").arg(layer).arg(head).arg(what);
}

}  // namespace

HeadFigure::HeadFigure(const FigureData& data, int layer, int head, MatrixKind kind, Style style)
    : MatrixFigure(titleFor(data, layer, head, kind), matrixFor(data, layer, head, kind), kind, data.tokens,
                   data.tokens, std::move(style), QCoreApplication::translate("render::HeadFigure", "query"), QCoreApplication::translate("render::HeadFigure", "key"), data.trace && data.trace->causal),
      layer_(layer), head_(head), kind_(kind) {}

}  // namespace render
