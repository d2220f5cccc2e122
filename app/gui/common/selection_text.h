#pragma once
// Words for what is selected, for tooltips and screen readers: a head, a
// cell, and the selected query's strongest keys.
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

#include "attnscope/run/trace.h"
#include "render/heatmap.h"

namespace selectiontext {

// The `n` keys query `q` of (layer, head) weighs most, strongest first, as
// (key, weight). Empty when any index is out of range.
std::vector<std::pair<int, float>> topKeys(const attnscope::Trace& trace, int layer, int head, int q, int n);

// “L3 H7”-style name of a head: "Layer 3 · Head 7".
QString headName(int layer, int head);
// Grouped-query attention: "KV head 1, shared by H4–H7" for query head 5 of a
// model whose 8 query heads share 2 KV heads; empty when every query head has
// its own keys and values (or `head` is out of range).
QString kvHeadText(const attnscope::ModelConfig& config, int head);
// "query 12 “foo” → top keys: 5 “bar” 0.52, 3 “baz” 0.21". Empty when q is out of range.
QString topKeysText(const attnscope::Trace& trace, const QStringList& labels, int layer, int head, int q, int n);
// The same for the kind a view shows: "query 12 “foo” → largest norms: 5 “bar”
// 3.07, …" for Norms, "→ highest raw scores: …" for Scores, the weights'
// text for Weights (and Mask). Falls back to the weights when the kind cannot
// be read (a trace file has no norms).
QString topKeysText(const attnscope::Trace& trace, const QStringList& labels, int layer, int head, int q, int n,
                    render::MatrixKind kind);

}  // namespace selectiontext
