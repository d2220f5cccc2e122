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
// (key, weight); by norm or raw score for those kinds (any other kind: the
// weights). Empty when any index is out of range or the kind cannot be read.
std::vector<std::pair<int, float>> topKeys(const attnscope::Trace& trace, int layer, int head, int q, int n,
                                           render::MatrixKind kind = render::MatrixKind::Weights);

// “L3 H7”-style name of a head: "Layer 3 · Head 7".
QString headName(int layer, int head);
// Grouped-query attention: "KV head 1, shared by H4–H7" for query head 5 of a
// model whose 8 query heads share 2 KV heads; empty when every query head has
// its own keys and values (or `head` is out of range).
QString kvHeadText(const attnscope::ModelConfig& config, int head);
// "query 12 “foo” → top keys: 5 “bar” 0.52, 3 “baz” 0.21"; for Norms "→
// largest norms: 5 “bar” 3.07, …", for Scores "→ highest raw scores: …" (the
// weights' text when the kind cannot be read: a trace file has no norms).
// Empty when q is out of range.
QString topKeysText(const attnscope::Trace& trace, const QStringList& labels, int layer, int head, int q, int n,
                    render::MatrixKind kind = render::MatrixKind::Weights);

}  // namespace selectiontext
