#pragma once
// The selected query's attention over every key, as bars: its weights, or its
// value-weighted norms when the head detail above shows them (setKind).
#include "render/figures/query_bars_figure.h"
#include "gui/views/trace_view.h"

class QueryBarsView : public TraceView {
    Q_OBJECT
public:
    QueryBarsView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    QSize sizeHint() const override { return {560, 220}; }
    // A fixed 0 to 1 axis instead of one fitted to the tallest bar (remembered).
    void setFixedAxis(bool fixed);
    bool fixedAxis() const { return fixedAxis_; }
    // The head detail's Show kind: the norms draw the norms' row, any other
    // kind the weights (raw scores and the mask are no distribution to bar).
    // A trace file, which holds no values, draws the weights.
    void setKind(render::MatrixKind kind);
    render::MatrixKind kind() const { return kind_; }
    const render::QueryBarsFigure* figure() const { return figure_.get(); }

signals:
    void fixedAxisChanged(bool fixed);

protected:
    void rebuild() override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    void selectionChanged() override { rebuild(); }
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;

private:
    std::unique_ptr<render::QueryBarsFigure> figure_;
    // What the bars show of the trace on screen: kind_, or the weights.
    render::MatrixKind shownKind() const;
    bool fixedAxis_ = false;
    render::MatrixKind kind_ = render::MatrixKind::Weights;
};
