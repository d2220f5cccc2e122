#include "gui/views/figure_view.h"

#include <QCoreApplication>
#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

#include "attnscope/common/error.h"
#include "gui/common/errors.h"
#include "gui/common/work_pool.h"

FigureView::FigureView(const session::ViewDescriptor& view, Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&view);
    setAccessibleName(session::viewMenuText(view));
    setAccessibleDescription(QCoreApplication::translate("session::Views", view.summary));
    setToolTip(accessibleDescription());
    setFocusPolicy(Qt::StrongFocus);  // reached by Tab, as every view is (Ctrl+E exports it)
    connect(&builder_, &QFutureWatcher<Build>::finished, this, &FigureView::buildFinished);
}

session::Recipe FigureView::recipe() const {
    session::Recipe r;
    r.view = viewId();
    r.layer = ws_->selection().layer;
    r.head = ws_->selection().head;
    if (descriptor()->uses(session::RecipeField::Focus)) r.focus = ws_->selection().query;
    return r;
}

void FigureView::fillRecipe(session::Recipe& r) const {
    if (descriptor()->uses(session::RecipeField::Focus)) r.focus = ws_->selection().query;
}

std::unique_ptr<render::Figure> FigureView::makeFigure(const render::Style& style) const {
    const render::FigureData fd = ws_->figureData();
    if (!fd.trace) return nullptr;
    return descriptor()->figure(recipe(), fd, style);
}

void FigureView::rebuild() {
    drawnFor_ = ws_->selection();
    ++generation_;  // a build still running is stale now
    if (!isVisible()) {
        figure_.reset();
        building_ = false;
        dirty_ = true;
        return;
    }
    dirty_ = false;
    const render::FigureData fd = ws_->figureData();
    if (fd.T() >= kAsyncTokens) {
        // The figure on screen stays until the new one is ready.
        building_ = true;
        builder_.setFuture(QtConcurrent::run(workPool(),
            [fd, r = recipe(), style = settings_->style(), view = descriptor(), gen = generation_,
             query = drawnFor_.query] {
                Build b;
                b.generation = gen;
                b.query = query;
                try {
                    b.figure = view->figure(r, fd, style);
                } catch (const std::exception& e) {  // an Error, or out of memory
                    b.problem = describeError(e);
                }
                return b;
            }));
        return;
    }
    building_ = false;
    figure_.reset();
    problem_.clear();
    try {
        figure_ = makeFigure(settings_->style());
    } catch (const std::exception& e) {
        problem_ = describeError(e);
    }
    update();
}

void FigureView::buildFinished() {
    Build b = builder_.result();
    if (b.generation != generation_) return;  // a newer build follows
    building_ = false;
    figure_ = std::move(b.figure);
    problem_ = b.problem;
    // The selection may have moved on while it was built.
    drawnFor_ = ws_->selection();
    if (figure_ && drawnFor_.query != b.query && !figure_->followQuery(drawnFor_.query)) {
        rebuild();
        return;
    }
    update();
}

void FigureView::selectionChanged() {
    const Selection& now = ws_->selection();
    const unsigned reads = descriptor()->reads;
    const bool layerOrHead = (reads & session::ReadsLayer && now.layer != drawnFor_.layer) ||
                             (reads & session::ReadsHead && now.head != drawnFor_.head);
    const bool query = reads & session::ReadsQuery && now.query != drawnFor_.query;
    if (!layerOrHead && !query) return;
    if (!layerOrHead && figure_ && figure_->followQuery(now.query)) {
        drawnFor_ = now;
        update();
        return;
    }
    rebuild();
}

void FigureView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (dirty_) rebuild();
}

void FigureView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), settings_->style().background);
    if (figure_) {
        figure_->paint(p, QRectF(rect()));
    } else if (!problem_.isEmpty()) {
        p.setPen(settings_->style().text);
        paintProblem(p, QRectF(rect()));
    }
}
