#pragma once
// What mattered for one prediction: the text as chips in reading order, each
// on a colour for its attribution score (explain/attribution.h: gradient,
// gradient × input, integrated gradients or relevance), for the logit of a
// target token at a position P. Signed scores (gradient × input, integrated
// gradients) are diverging around zero (red: raised the logit, blue: lowered
// it); the others run white to red. P's chip is outlined, and a causal run's
// chips after P, which cannot matter, are greyed.
#include <optional>
#include <vector>

#include "render/figures/figure.h"

namespace render {

struct Attribution {
    std::vector<double> scores;  // one per token
    bool signedScores = false;   // diverging colours around 0
    QString method;              // translated, e.g. "Integrated gradients"
    int position = 0;            // P
    int target = 0;              // y
    QString targetText;          // y's token, for the title
    double logit = 0;            // f
    // Relevance holds the identity at P (R_0 = I): its colour scale is set by
    // the other tokens, and P's chip saturates.
    bool scaleWithoutPosition = false;
    // Integrated gradients: f(e) - f(0) beside the sum of the scores.
    std::optional<std::pair<double, double>> completeness;
};

class AttributionFigure : public Figure {
public:
    AttributionFigure(FigureData data, Attribution a, Style style);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    const Attribution& attribution() const { return a_; }
    // The largest |score|: the ends of the colour scale.
    double range() const { return range_; }
    QColor colorOf(double score) const;

    // A chip as last painted, for hit tests, tests and screen readers.
    struct DrawnChip {
        int index;
        QRectF rect;
        QColor color;
        QString text;
    };
    const std::vector<DrawnChip>& drawnChips() const { return drawn_; }
    // The token under `pos` as last painted, or -1.
    int tokenAt(const QPointF& pos) const;

private:
    FigureData data_;
    Attribution a_;
    Style style_;
    double range_ = 0;
    mutable std::vector<DrawnChip> drawn_;
};

}  // namespace render
