#include "figureview.h"

#include <QCoreApplication>
#include <QPainter>

#include "attnscope/error.h"
#include "errors.h"

FigureView::FigureView(const session::ViewDescriptor& view, Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&view);
    setAccessibleName(session::viewMenuText(view));
    setAccessibleDescription(QCoreApplication::translate("session::Views", view.summary));
    setToolTip(accessibleDescription());
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
    figure_.reset();
    problem_.clear();
    drawnFor_ = ws_->selection();
    if (!isVisible()) {
        dirty_ = true;
        return;
    }
    dirty_ = false;
    try {
        figure_ = makeFigure(settings_->style());
    } catch (const attnscope::Error& e) {
        problem_ = describeError(e);
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
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, problem_);
    }
}
