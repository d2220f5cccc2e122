#pragma once
// The attention knockout entries that the head detail's context menu and the
// Run menu share, made in one place: what each blocks for a cell (query, key)
// of a head, and the actions that add it to the Workspace or clear them all.
#include <functional>
#include <optional>

#include "attnscope/run/trace.h"

class QAction;
class QMenu;
class QString;
class Workspace;

enum class KnockoutScope {
    EdgeInHead,   // the edge query -> key in the cell's head
    EdgeInLayer,  // that edge in every head of the cell's layer
    IntoKey,      // every edge into the key, in every layer and head
};

// A weight cell of one head.
struct KnockoutCell {
    int layer = 0, head = 0, query = -1, key = -1;
};

// What `scope` blocks at `cell`; nothing while the cell has no key or, for an
// edge, no query.
std::optional<attnscope::Knockout> knockoutAt(KnockoutScope scope, const KnockoutCell& cell);

// An entry `text` of `menu` that adds knockoutAt(scope, cell()) to `ws` when triggered.
QAction* addKnockoutAction(QMenu* menu, Workspace* ws, const QString& text, KnockoutScope scope,
                           std::function<KnockoutCell()> cell);
// The entry `text` that clears every knockout of `ws`, named "clearKnockouts".
QAction* addClearKnockoutsAction(QMenu* menu, Workspace* ws, const QString& text);
