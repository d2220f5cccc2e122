#pragma once
// The widget of a registered view that needs no controls of its own: it draws
// the descriptor's figure for the current trace and selection, fitted to the
// widget, through the same factory the exporter and the CLI use.
#include <memory>

#include "render/figure.h"
#include "traceview.h"

class FigureView : public TraceView {
    Q_OBJECT
public:
    FigureView(const session::ViewDescriptor& view, Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    // The figure on screen (null before the first trace, or when it failed).
    const render::Figure* figure() const { return figure_.get(); }
    // Why the figure could not be drawn ("" when it was).
    QString problem() const { return problem_; }
    QSize sizeHint() const override { return {560, 560}; }
    void fillRecipe(session::Recipe& r) const override;

protected:
    void rebuild() override;
    void selectionChanged() override;
    void paintEvent(QPaintEvent*) override;
    void showEvent(QShowEvent* e) override;

private:
    // The recipe of what is shown: the selection's layer and head.
    session::Recipe recipe() const;
    std::unique_ptr<render::Figure> figure_;
    QString problem_;
    // The selection the figure was drawn for: a change of the query alone is
    // followed in place when the figure can (a rollout keeps its T x T map).
    Selection drawnFor_;
    // A trace arrived while the view was hidden: built when it is shown, so a
    // hidden view costs nothing per keystroke.
    bool dirty_ = false;
};
