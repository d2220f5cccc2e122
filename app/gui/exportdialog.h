#pragma once
// File ▸ Export…: the current view as a figure (PNG, SVG, PDF) or its data.
#include <QDialog>

class TraceView;
class ViewSettings;
class Workspace;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(Workspace* ws, ViewSettings* settings, TraceView* view, QWidget* parent = nullptr);

private:
    Workspace* ws_;
    ViewSettings* settings_;
    TraceView* view_;
};
