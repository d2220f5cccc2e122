#pragma once
// The widget of a registered view that needs no controls of its own: it draws
// the descriptor's figure for the current trace and selection, fitted to the
// widget, through the same factory the exporter and the CLI use.
#include <QFutureWatcher>
#include <memory>

#include "render/figures/figure.h"
#include "gui/views/trace_view.h"

class FigureView : public TraceView {
    Q_OBJECT
public:
    FigureView(const session::ViewDescriptor& view, Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    // The figure on screen (null before the first trace, or when it failed).
    const render::Figure* figure() const { return figure_.get(); }
    // A long text's figure is being built on a worker (the one shown is older).
    bool isBuilding() const { return building_; }
    // From this many tokens on, figures are built on a worker: a rollout of
    // 1,000 tokens through 12 layers takes a few hundred milliseconds.
    static constexpr int kAsyncTokens = 256;
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
    struct Build {
        quint64 generation = 0;
        int query = -1;  // the selected query it was built for
        std::shared_ptr<render::Figure> figure;
        QString problem;
    };
    void buildFinished();
    std::shared_ptr<render::Figure> figure_;
    QFutureWatcher<Build> builder_;
    quint64 generation_ = 0;
    bool building_ = false;  // until the worker's figure is taken (or dropped)
    // The selection the figure was drawn for: a change of the query alone is
    // followed in place when the figure can (a rollout keeps its T x T map).
    Selection drawnFor_;
    // A trace arrived while the view was hidden: built when it is shown, so a
    // hidden view costs nothing per keystroke.
    bool dirty_ = false;
};
