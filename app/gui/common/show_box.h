#pragma once
// The "Show" boxes of the views that draw a head (head detail, heads grid,
// token lines): what each kind is called and says in its tooltip, the same in
// every view, and the kinds a trace file cannot give.
#include <QString>

#include "attnscope/run/trace.h"
#include "render/heatmap.h"

class QComboBox;
class QLabel;
class QWidget;

namespace showbox {

// "Value-weighted norms", and a tooltip saying what they are.
QString normsText();
QString normsToolTip();
// A box of the attention weights and the value-weighted norms (data
// int(MatrixKind)), with its tooltip, and its "&Show:" label: the heads
// grid's and the token lines'.
struct Labelled {
    QLabel* label;
    QComboBox* box;
};
Labelled weightsOrNorms(QWidget* parent);
// Adds the norms to a box (the head detail's, after its other kinds).
void addNorms(QComboBox* box);
// The kind a box offers that `imported` (a trace file, which holds the
// weights alone) can draw: raw scores and norms give way to the weights.
render::MatrixKind drawable(render::MatrixKind kind, bool imported);
// The kind `box` has chosen, drawable from `trace` (may be null).
render::MatrixKind drawable(const QComboBox* box, const attnscope::Trace* trace);
// Enables or disables the box's raw scores and norms, which need the model;
// a disabled entry's tooltip says `whyNot`. A box showing one of them when
// they are disabled goes back to the weights: true when it did.
bool allowModelKinds(QComboBox* box, bool allowed, const QString& whyNot);

}  // namespace showbox
