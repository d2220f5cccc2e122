#pragma once
// A figure with one line under it saying how the run differed from the model
// as trained: bidirectional attention, ablated heads. An exported figure so
// keeps the fact the screen shows as badges.
#include <memory>

#include "render/figures/figure.h"

namespace render {

// "bidirectional attention (no causal mask) · ablated: L0 H1, L2 H3", or "" for
// a causal run with nothing ablated.
QString runNote(const attnscope::Trace& trace);

class NotedFigure : public Figure {
public:
    NotedFigure(std::unique_ptr<Figure> inner, QString note, Style style);

    QSizeF naturalSize() const override;
    void paint(QPainter& p, const QRectF& area) const override;
    QString title() const override { return inner_->title(); }
    bool followQuery(int query) override { return inner_->followQuery(query); }

    const Figure& inner() const { return *inner_; }
    const QString& note() const { return note_; }

private:
    double noteHeight() const;
    std::unique_ptr<Figure> inner_;
    QString note_;
    Style style_;
};

// `fig` with the run note of `trace` under it when there is one to say.
std::unique_ptr<Figure> withRunNote(std::unique_ptr<Figure> fig, const attnscope::Trace& trace, const Style& style);

}  // namespace render
