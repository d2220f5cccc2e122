#pragma once
// The ablation scan (attnscope/ablation.h) as a layers x heads heatmap: each
// cell is the change in the text's mean next-token loss when that head alone
// is ablated, on a diverging map (red: the loss rises, so the model needs the
// head; blue: it falls; white: no change), symmetric around zero. Cells write
// their value when there is room.
#include <vector>

#include "attnscope/explain/ablation.h"
#include "render/figures/figure.h"

namespace render {

// The diverging colour of `v` on [-range, range]: blue, white, red.
QColor divergingColor(double v, double range);

class AblationFigure : public Figure {
public:
    // What the layers x heads values are: the exact scan's loss changes, the
    // attribution-patching estimate of them (explain/attribution.h, marked as
    // an estimate), or each head's direct logit attribution (`what` names the
    // target token and position for the title).
    enum class Values { Scan, Estimate, LogitAttribution };
    AblationFigure(attnscope::AblationScan scan, int nLayer, int nHead, QString modelName, Style style,
                   Values values = Values::Scan, QString what = {});

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override;

    const attnscope::AblationScan& scan() const { return scan_; }
    Values values() const { return values_; }
    double delta(int layer, int head) const;
    const QString& modelName() const { return modelName_; }
    // The largest |delta|: the ends of the colour scale.
    double range() const { return range_; }
    QRectF cellRect(const QRectF& area, int layer, int head) const;
    bool headAt(const QRectF& area, const QPointF& pos, int* layer, int* head) const;

    // A cell as last painted, for tests and screen readers.
    struct DrawnCell {
        int layer, head;
        QRectF rect;
        QColor color;
        QString text;  // "" when it did not fit
    };
    const std::vector<DrawnCell>& drawnCells() const { return drawn_; }

private:
    QRectF gridRect(const QRectF& area) const;
    attnscope::AblationScan scan_;
    int nLayer_, nHead_;
    QString modelName_;
    Style style_;
    Values values_;
    QString what_;
    double range_ = 0;
    mutable std::vector<DrawnCell> drawn_;
};

}  // namespace render
