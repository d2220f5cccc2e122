#pragma once
// Words for what is selected, for tooltips and screen readers: a head, a
// cell, and the selected query's strongest keys.
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

#include "attnscope/trace.h"

namespace selectiontext {

// The `n` keys query `q` of (layer, head) weighs most, strongest first, as
// (key, weight). Empty when any index is out of range.
std::vector<std::pair<int, float>> topKeys(const attnscope::Trace& trace, int layer, int head, int q, int n);

// “L3 H7”-style name of a head: "Layer 3 · Head 7".
QString headName(int layer, int head);
// "query 12 “foo” → top keys: 5 “bar” 0.52, 3 “baz” 0.21". Empty when q is out of range.
QString topKeysText(const attnscope::Trace& trace, const QStringList& labels, int layer, int head, int q, int n);

}  // namespace selectiontext
