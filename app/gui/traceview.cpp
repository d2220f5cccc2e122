#include "traceview.h"

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
        rebuild();
    });
    connect(ws_, &Workspace::documentChanged, this, [this] {
        updateBadge();
        rebuild();
    });
    connect(ws_, &Workspace::staleChanged, this, [this] { updateBadge(); });
    connect(ws_, &Workspace::selectionChanged, this, [this] { selectionChanged(); });
    connect(settings_, &ViewSettings::changed, this, [this] { rebuild(); });
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
    badge_->move(width() - badge_->width() - 6, 6);
    badge_->raise();
}

bool TraceView::eventFilter(QObject* watched, QEvent* e) {
    if (watched == this && e->type() == QEvent::Resize && !badge_->isHidden())
        badge_->move(width() - badge_->width() - 6, 6);
    return QWidget::eventFilter(watched, e);
}

void TraceView::paintProblem(QPainter& p, const QRectF& area) const {
    p.drawText(area.adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, problem_);
}
