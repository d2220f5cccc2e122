#include "gui/common/selection_text.h"

#include "render/norms.h"

#include <QLocale>
#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace selectiontext {

namespace {

QString trSel(const char* s) { return QCoreApplication::translate("SelectionText", s); }

}  // namespace

std::vector<std::pair<int, float>> topKeys(const attnscope::Trace& trace, int layer, int head, int q, int n,
                                           render::MatrixKind kind) {
    const int T = trace.T();
    if (layer < 0 || layer >= trace.n_layer() || head < 0 || head >= trace.n_head() || q < 0 || q >= T || n <= 0)
        return {};
    std::vector<float> row;
    try {
        if (kind == render::MatrixKind::Norms || kind == render::MatrixKind::Scores) {
            row.assign(size_t(T), 0.0f);
            render::headMatrixInto(trace, kind, layer, head, q, q + 1, row.data());
        } else {
            // The query's row alone (rebuilt from its own query when the
            // weights are not stored), not the whole head.
            row = trace.head_row(layer, head, q);
        }
    } catch (...) {  // a trace without this head's data (or norms): nothing to name
        return {};
    }
    // Keys after the query are masked under a causal mask, whatever they hold.
    const int last = trace.causal ? q : T - 1;
    std::vector<std::pair<int, float>> keys;
    keys.reserve(size_t(last + 1));
    for (int k = 0; k <= last; ++k)
        if (std::isfinite(row[size_t(k)])) keys.emplace_back(k, row[size_t(k)]);
    const size_t m = std::min(keys.size(), size_t(n));
    std::partial_sort(keys.begin(), keys.begin() + std::ptrdiff_t(m), keys.end(),
                      [](const auto& a, const auto& b) { return a.second > b.second || (a.second == b.second && a.first < b.first); });
    keys.resize(m);
    return keys;
}

QString headName(int layer, int head) { return trSel(QT_TRANSLATE_NOOP("SelectionText", "Layer %1 · Head %2")).arg(layer).arg(head); }

QString kvHeadText(const attnscope::ModelConfig& config, int head) {
    if (!config.grouped_query() || head < 0 || head >= config.n_head) return {};
    const int kv = config.kv_head_of(head), first = kv * config.kv_group(), last = first + config.kv_group() - 1;
    return trSel(QT_TRANSLATE_NOOP("SelectionText", "KV head %1, shared by H%2–H%3")).arg(kv).arg(first).arg(last);
}

QString topKeysText(const attnscope::Trace& trace, const QStringList& labels, int layer, int head, int q, int n,
                    render::MatrixKind kind) {
    using render::MatrixKind;
    const bool weights = kind != MatrixKind::Norms && kind != MatrixKind::Scores;
    const auto keys = topKeys(trace, layer, head, q, n, weights ? MatrixKind::Weights : kind);
    // No norms in a trace file: say what the weights say.
    if (keys.empty()) return weights ? QString() : topKeysText(trace, labels, layer, head, q, n);
    QStringList parts;
    for (const auto& [k, v] : keys)
        parts << trSel(QT_TRANSLATE_NOOP("SelectionText", "%1 “%2” %3"))
                     .arg(k)
                     .arg(labels.value(k))
                     .arg(weights ? QLocale().toString(double(v), 'f', 3) : QLocale().toString(double(v), 'g', 4));
    const char* text = weights                    ? QT_TRANSLATE_NOOP("SelectionText", "query %1 “%2” → top keys: %3")
                       : kind == MatrixKind::Norms ? QT_TRANSLATE_NOOP("SelectionText", "query %1 “%2” → largest norms: %3")
                                                   : QT_TRANSLATE_NOOP("SelectionText", "query %1 “%2” → highest raw scores: %3");
    return trSel(text).arg(q).arg(labels.value(q)).arg(parts.join(QStringLiteral(", ")));
}

}  // namespace selectiontext
