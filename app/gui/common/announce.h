#pragma once
// A view's text alternative (the selected head, cell and the query's top
// keys) set as its accessible description and announced to screen readers
// when it changes: Qt 6.4's setAccessibleDescription stores it silently.
#include <QAccessible>
#include <QWidget>

inline void announceDescription(QWidget* w, const QString& description) {
    if (w->accessibleDescription() == description) return;
    w->setAccessibleDescription(description);
    QAccessibleEvent event(w, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&event);
}
