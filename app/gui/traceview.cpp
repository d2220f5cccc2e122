#include "traceview.h"

TraceView::TraceView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : QWidget(parent), ws_(ws), settings_(settings) {
    connect(ws_, &Workspace::traceReady, this, [this] { rebuild(); });
    connect(ws_, &Workspace::documentChanged, this, [this] { rebuild(); });
    connect(ws_, &Workspace::selectionChanged, this, [this] { selectionChanged(); });
    connect(settings_, &ViewSettings::changed, this, [this] { rebuild(); });
}
