#pragma once
// Base of every view: it reads the Workspace's trace and selection, rebuilds
// its figure when they or the colour settings change, and can hand a fresh
// figure to the exporter (the same paint code as on screen). Which registered
// view (session/views.h) it shows is set by the main window that builds it.
#include <QWidget>
#include <memory>

class QLabel;
class QPainter;

#include "render/figures/figure.h"
#include "session/recipe.h"
#include "session/views.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

class TraceView : public QWidget {
    Q_OBJECT
public:
    TraceView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);

    // A figure of what the view shows now, drawn with `style` (for export).
    virtual std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const = 0;
    // The registered view this widget shows (null for a part of another view's
    // page, such as the query bars under the head detail).
    const session::ViewDescriptor* descriptor() const { return view_; }
    // Also names the view for screen readers when it has no name of its own.
    void setDescriptor(const session::ViewDescriptor* v);
    // The stable id of recipes and the CLI ("" when unregistered).
    QString viewId() const { return view_ ? view_->id : QString(); }
    // Puts what only this view knows (a kind, a focused query, a node…) into a
    // recipe whose common members are already filled in.
    virtual void fillRecipe(session::Recipe& r) const { Q_UNUSED(r); }
    // The badge in the view's top-right corner: bidirectional attention,
    // ablated heads and a stale picture (the last run cancelled or refused);
    // hidden when there is nothing to say.
    QLabel* stateBadge() const { return badge_; }
    // Its text ("" when hidden).
    static QString stateText(const Workspace& ws);
    // Why the view shows no figure: what it could not read or draw, set where
    // its figure failed and painted in the figure's place ("" otherwise).
    const QString& problem() const { return problem_; }

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;
    // Puts the badge just under `controls` (a descendant: a row of buttons or
    // a combo box in the top-right corner) instead of over it.
    void setBadgeBelow(QWidget* controls);

protected:
    // Called when the trace, the selection or the settings changed.
    virtual void rebuild() = 0;
    virtual void selectionChanged() { update(); }
    // Called after the badge was shown, hidden or moved, for a view that keeps
    // its own top-row widgets clear of it.
    virtual void badgeMoved() {}
    // problem_ word-wrapped in the middle of `area`, in the painter's pen.
    void paintProblem(QPainter& p, const QRectF& area) const;
    Workspace* ws_;
    ViewSettings* settings_;
    QString problem_;

private:
    bool unseen() const;
    // rebuild(), or at the next show when unseen(): what changed meanwhile
    // (trace, selection, settings) is all read then.
    void rebuildIfSeen();
    bool rebuildWhenSeen_ = false;
    void updateBadge();
    void placeBadge();
    const session::ViewDescriptor* view_ = nullptr;
    QLabel* badge_ = nullptr;
    QWidget* badgeBelow_ = nullptr;
};
