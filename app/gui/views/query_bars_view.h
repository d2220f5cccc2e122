#pragma once
// The selected query's attention over every key, as bars.
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
    bool fixedAxis_ = false;
};
