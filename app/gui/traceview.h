#pragma once
// Base of every view: it reads the Workspace's trace and selection, rebuilds
// its figure when they or the colour settings change, and can hand a fresh
// figure to the exporter (the same paint code as on screen).
#include <QWidget>
#include <memory>

#include "render/figure.h"
#include "viewsettings.h"
#include "workspace.h"

class TraceView : public QWidget {
    Q_OBJECT
public:
    TraceView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);

    // A figure of what the view shows now, drawn with `style` (for export).
    virtual std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const = 0;
    // Stable id for recipes and the CLI: heads, head, mask, flow, lines.
    virtual QString viewId() const = 0;

protected:
    // Called when the trace, the selection or the settings changed.
    virtual void rebuild() = 0;
    virtual void selectionChanged() { update(); }
    Workspace* ws_;
    ViewSettings* settings_;
};
