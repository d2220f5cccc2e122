#include "rollout_figure.h"

#include <QCoreApplication>

#include "attnscope/rollout.h"

namespace render {

namespace {

attnscope::MatrixRM rolloutOf(const FigureData& data) {
    return data.trace ? attnscope::attention_rollout(*data.trace) : attnscope::MatrixRM();
}

QString titleOf(const FigureData& data) {
    return QCoreApplication::translate("render::RolloutFigure", "Attention rollout over %n layer(s) · %1", "",
                                       data.trace ? data.trace->n_layer() : 0)
        .arg(data.modelName);
}

}  // namespace

RolloutFigure::RolloutFigure(const FigureData& data, Style style)
    : MatrixFigure(titleOf(data), rolloutOf(data), MatrixKind::Weights, data.tokens, data.tokens, std::move(style),
                   QCoreApplication::translate("render::RolloutFigure", "position"),
                   QCoreApplication::translate("render::RolloutFigure", "input token"),
                   data.trace && data.trace->causal) {}

}  // namespace render
