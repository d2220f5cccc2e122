#pragma once
// The mask in force (causal lower triangle or all ones) for the selected head,
// its knocked-out edges marked, and the switch between causal and
// bidirectional attention, which re-runs the model.
#include <QCheckBox>

#include "render/figures/head_figure.h"
#include "gui/views/trace_view.h"

class MaskView : public TraceView {
    Q_OBJECT
public:
    MaskView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    QCheckBox* causalBox() const { return causal_; }
    const render::HeadFigure* figure() const { return figure_.get(); }
    // Fraction of allowed cells in the mask now shown (1 for bidirectional).
    double allowedFraction() const;
    QSize sizeHint() const override { return {420, 460}; }

protected:
    void rebuild() override;
    // Another head: its knockouts, if any, are marked.
    void selectionChanged() override;
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void showEvent(QShowEvent* e) override;

private:
    QRectF figureRect() const;
    QCheckBox* causal_;
    std::unique_ptr<render::HeadFigure> figure_;
    bool rebuildOnShow_ = false;  // the trace changed while the view was hidden
};
