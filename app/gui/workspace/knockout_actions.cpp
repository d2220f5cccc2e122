#include "gui/workspace/knockout_actions.h"

#include <QAction>
#include <QMenu>

#include "gui/workspace/workspace.h"

std::optional<attnscope::Knockout> knockoutAt(KnockoutScope scope, const KnockoutCell& cell) {
    if (cell.key < 0) return std::nullopt;
    switch (scope) {
    case KnockoutScope::EdgeInHead:
        if (cell.query < 0) return std::nullopt;
        return attnscope::Knockout{cell.layer, cell.head, cell.query, cell.key};
    case KnockoutScope::EdgeInLayer:
        if (cell.query < 0) return std::nullopt;
        return attnscope::Knockout{cell.layer, -1, cell.query, cell.key};
    case KnockoutScope::IntoKey: return attnscope::Knockout{-1, -1, -1, cell.key};
    }
    return std::nullopt;
}

QAction* addKnockoutAction(QMenu* menu, Workspace* ws, const QString& text, KnockoutScope scope,
                           std::function<KnockoutCell()> cell) {
    return menu->addAction(text, ws, [ws, scope, cell = std::move(cell)] {
        if (const auto k = knockoutAt(scope, cell())) ws->addKnockout(*k);
    });
}

QAction* addClearKnockoutsAction(QMenu* menu, Workspace* ws, const QString& text) {
    QAction* clear = menu->addAction(text, ws, &Workspace::clearKnockouts);
    clear->setObjectName(QStringLiteral("clearKnockouts"));
    return clear;
}
