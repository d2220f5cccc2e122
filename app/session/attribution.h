#pragma once
// The attributions of a trace's run (explain/attribution.h) for the GUI's
// Attribution view and exports: one method's token scores at a position for a
// target, ready to draw, with the direct logit attribution and the logit lens
// of the same pass. Runs on the weights the trace was made with.
#include <QString>
#include <functional>
#include <vector>

#include "attnscope/explain/attribution.h"
#include "render/figures/attribution_figure.h"

namespace session {

// "grad", "grad-input", "ig", "relevance".
QStringList attributionMethods();
bool isAttributionMethod(const QString& name);
// Translated, e.g. "Integrated gradients (32 steps)".
QString attributionMethodTitle(const QString& name);
constexpr int kIntegratedGradientSteps = 32;

struct AttributionResult {
    render::Attribution figure;  // the chosen method's scores, ready to draw
    attnscope::Attribution all;  // every method of the pass, DLA and lens
};

// The attribution of `trace`'s run (its tokens, mask, ablations and
// knockouts) for the logit of `target` (-1: the next token, or the top
// prediction at the last position) at `position` (-1: the last). `tokenText`
// words an id for the title. Throws attnscope::Error: the model is gone, a
// trace file (no model), cancelled (`keepGoing` false).
AttributionResult attributionFor(const attnscope::Trace& trace, const QString& method, int position, int target,
                                 const std::function<QString(int)>& tokenText, int threads = 0,
                                 const std::function<bool()>& keepGoing = {});

}  // namespace session
