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

std::unique_ptr<render::Figure> FigureView::makeFigure(const render::Style& style) const {
    const render::FigureData fd = ws_->figureData();
    if (!fd.trace) return nullptr;
    return descriptor()->figure(recipe(), fd, style);
}

void FigureView::rebuild() {
    figure_.reset();
    problem_.clear();
    try {
        figure_ = makeFigure(settings_->style());
    } catch (const attnscope::Error& e) {
        problem_ = describeError(e);
    }
    update();
}

void FigureView::selectionChanged() {
    if (descriptor()->reads & (session::ReadsLayer | session::ReadsHead | session::ReadsQuery)) rebuild();
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
