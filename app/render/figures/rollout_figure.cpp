#include "render/figures/rollout_figure.h"

#include <QCoreApplication>

#include "attnscope/explain/rollout.h"

namespace render {

namespace {

attnscope::MatrixRM rolloutOf(const FigureData& data) {
    return data.trace ? attnscope::attention_rollout(*data.trace) : attnscope::MatrixRM();
}

// Rollout's rows are led by the first token wherever a head sinks into it:
// scaled to their own max, the rest of a 1,000-token map drew as one colour.
// Under the default per-row scale it is drawn on a log scale, which shows
// the sink and the structure after it; a linear or log choice stays as chosen.
Style rolloutStyle(Style s) {
    if (s.scale == Scale::RowNormalized) s.scale = Scale::Log;
    return s;
}

QString titleOf(const FigureData& data, const Style& style) {
    QString t = QCoreApplication::translate("render::RolloutFigure", "Attention rollout over %n layer(s) · %1", "",
                                            data.trace ? data.trace->n_layer() : 0)
                    .arg(data.modelName);
    if (style.scale == Scale::Log) t += QStringLiteral(" · ") + QCoreApplication::translate("render::RolloutFigure", "log scale");
    return t;
}

// The bars take this share of the height, the map the rest.
constexpr double kRowShare = 0.3;

}  // namespace

RolloutFigure::RolloutFigure(const FigureData& data, int query, Style style)
    : data_(data), style_(rolloutStyle(style)),
      matrix_(titleOf(data, style_), rolloutOf(data), MatrixKind::Weights, data.tokens, data.tokens, style_,
              QCoreApplication::translate("render::RolloutFigure", "position"),
              QCoreApplication::translate("render::RolloutFigure", "input token"), data.trace && data.trace->causal) {
    makeRow(query);
}

void RolloutFigure::makeRow(int query) {
    const attnscope::MatrixRM& r = matrix_.values();
    if (r.rows() == 0) {
        row_.reset();
        return;
    }
    const int q = query >= 0 && query < r.rows() ? query : int(r.rows()) - 1;
    std::vector<float> values(r.row(q).data(), r.row(q).data() + r.cols());
    const QString tok = q < data_.tokens.size() ? data_.tokens[q] : QString();
    const QString title =
        QCoreApplication::translate("render::RolloutFigure", "Rollout of position %1 “%2” over the input").arg(q).arg(tok);
    row_ = std::make_unique<QueryBarsFigure>(data_, std::move(values), q, title, style_);
}

bool RolloutFigure::followQuery(int query) {
    makeRow(query);
    return true;
}

QSizeF RolloutFigure::naturalSize() const {
    const QSizeF m = matrix_.naturalSize();
    return {m.width(), m.height() / (1 - kRowShare)};
}

QRectF RolloutFigure::matrixArea(const QRectF& area) const {
    return row_ ? QRectF(area.left(), area.top(), area.width(), area.height() * (1 - kRowShare)) : area;
}

QRectF RolloutFigure::rowArea(const QRectF& area) const {
    const QRectF m = matrixArea(area);
    return QRectF(area.left(), m.bottom(), area.width(), area.bottom() - m.bottom());
}

void RolloutFigure::paint(QPainter& p, const QRectF& area) const {
    fillBackground(p, area, style_);
    matrix_.paint(p, matrixArea(area));
    if (row_) row_->paint(p, rowArea(area));
}

}  // namespace render
