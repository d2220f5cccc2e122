#include "gui/views/trace_view.h"

#include <QEvent>
#include <QLabel>
#include <QPainter>

TraceView::TraceView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : QWidget(parent), ws_(ws), settings_(settings) {
    badge_ = new QLabel(this);
    badge_->setObjectName(QStringLiteral("stateBadge"));
    badge_->setAttribute(Qt::WA_TransparentForMouseEvents);
    badge_->setStyleSheet(QStringLiteral("QLabel { background: rgba(255, 236, 179, 235); color: #3a2a00;"
                                         " border: 1px solid #c9a227; border-radius: 3px; padding: 1px 5px; }"));
    badge_->hide();
    installEventFilter(this);
    connect(ws_, &Workspace::traceReady, this, [this] {
        updateBadge();
        rebuildIfSeen();
    });
    connect(ws_, &Workspace::documentChanged, this, [this] {
        updateBadge();
        rebuildIfSeen();
    });
    connect(ws_, &Workspace::staleChanged, this, [this] { updateBadge(); });
    connect(ws_, &Workspace::selectionChanged, this, [this] {
        if (unseen()) rebuildWhenSeen_ = true;
        else selectionChanged();
    });
    connect(settings_, &ViewSettings::changed, this, [this] { rebuildIfSeen(); });
}

// While generating, a view on a tab behind another, or in a closed dock, of a
// window on screen: nobody sees it, and the generation would rebuild it at
// every frame. (Out of a generation a hidden view keeps to the trace shown,
// so that it holds no older trace in memory.)
bool TraceView::unseen() const {
    const QWidget* w = window();
    return ws_->isGenerating() && w != this && w->isVisible() && !isVisible();
}

void TraceView::rebuildIfSeen() {
    if (unseen()) {
        rebuildWhenSeen_ = true;
        return;
    }
    rebuildWhenSeen_ = false;
    rebuild();
}

void TraceView::setDescriptor(const session::ViewDescriptor* v) {
    view_ = v;
    if (v && accessibleName().isEmpty()) setAccessibleName(session::viewMenuText(*v));
}

QString TraceView::stateText(const Workspace& ws) {
    QStringList parts;
    if (const auto t = ws.trace()) {
        if (!t->causal) parts << tr("bidirectional");
        if (!t->ablated.empty()) parts << tr("%n head(s) ablated", "", int(t->ablated.size()));
        if (!t->knockout.empty()) parts << tr("%n knockout(s)", "", int(t->knockout.size()));
    }
    if (ws.isStale()) parts << tr("stale: the last run was cancelled or refused");
    return parts.join(QStringLiteral(" · "));
}

void TraceView::updateBadge() {
    const QString text = stateText(*ws_);
    badge_->setText(text);
    badge_->setAccessibleName(text);
    badge_->setVisible(!text.isEmpty());
    badge_->adjustSize();
    placeBadge();  // also when hidden: badgeMoved() frees its corner
    badge_->raise();
}

void TraceView::setBadgeBelow(QWidget* controls) {
    Q_ASSERT(controls && isAncestorOf(controls));
    badgeBelow_ = controls;
    controls->installEventFilter(this);
    placeBadge();
}

void TraceView::placeBadge() {
    int top = 6;
    if (badgeBelow_ && badgeBelow_->isVisibleTo(this))
        top = badgeBelow_->mapTo(this, QPoint(0, badgeBelow_->height())).y() + 4;
    badge_->move(width() - badge_->width() - 6, top);
    badgeMoved();
}

bool TraceView::eventFilter(QObject* watched, QEvent* e) {
    if (watched == this && e->type() == QEvent::Show && rebuildWhenSeen_) rebuildIfSeen();
    const bool geometry = e->type() == QEvent::Resize || e->type() == QEvent::Move ||
                          e->type() == QEvent::Show || e->type() == QEvent::Hide;
    if ((watched == this && e->type() == QEvent::Resize) || (watched == badgeBelow_ && geometry))
        placeBadge();
    return QWidget::eventFilter(watched, e);
}

void TraceView::paintProblem(QPainter& p, const QRectF& area) const {
    p.drawText(area.adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, problem_);
}
