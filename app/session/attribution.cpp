#include "session/attribution.h"

#include <QCoreApplication>

#include "attnscope/common/error.h"

namespace session {

QStringList attributionMethods() {
    return {QStringLiteral("relevance"), QStringLiteral("grad"), QStringLiteral("grad-input"), QStringLiteral("ig")};
}

bool isAttributionMethod(const QString& name) { return attributionMethods().contains(name); }

QString attributionMethodTitle(const QString& name) {
    if (name == QLatin1String("grad")) return QCoreApplication::translate("session::Attribution", "Gradient norm");
    if (name == QLatin1String("grad-input"))
        return QCoreApplication::translate("session::Attribution", "Gradient × input");
    if (name == QLatin1String("ig"))
        return QCoreApplication::translate("session::Attribution", "Integrated gradients (%1 steps)")
            .arg(kIntegratedGradientSteps);
    return QCoreApplication::translate("session::Attribution", "Relevance");
}

AttributionResult attributionFor(const attnscope::Trace& trace, const QString& method, int position, int target,
                                 const std::function<QString(int)>& tokenText, int threads,
                                 const std::function<bool()>& keepGoing) {
    attnscope::needs_model(trace, "attributions");
    const auto weights = trace.source.lock();
    if (!weights) throw attnscope::Error(attnscope::ErrorCode::InvalidArgument, "the trace's model is no longer open");
    if (!isAttributionMethod(method))
        throw attnscope::Error(attnscope::ErrorCode::InvalidArgument,
                               "attribution method '" + method.toStdString() + "' is not one of " +
                                   attributionMethods().join(", ").toStdString());
    const attnscope::Model model(weights);
    attnscope::RunOptions run;
    run.causal = trace.causal;
    run.ablate = trace.ablated;
    run.knockout = trace.knockout;
    run.threads = threads;
    AttributionResult out;
    out.all = attnscope::attribute(model, trace.tokens, run, {.position = position, .id = target}, 5, threads);
    render::Attribution& a = out.figure;
    a.method = attributionMethodTitle(method);
    a.position = out.all.target.position;
    a.target = out.all.target.id;
    a.targetText = tokenText ? tokenText(a.target) : QString();
    a.logit = out.all.logit;
    if (method == QLatin1String("ig")) {
        if (keepGoing && !keepGoing()) throw attnscope::Error(attnscope::ErrorCode::Cancelled, "cancelled");
        const attnscope::IntegratedGradients ig =
            attnscope::integrated_gradients(model, trace.tokens, run, out.all.target, kIntegratedGradientSteps, threads,
                                            keepGoing);
        a.scores = ig.scores;
        a.signedScores = true;
        a.completeness = std::make_pair(ig.delta_f, ig.sum);
    } else if (method == QLatin1String("grad-input")) {
        a.scores = out.all.grad_input;
        a.signedScores = true;
    } else if (method == QLatin1String("grad")) {
        a.scores = out.all.grad;
    } else {
        a.scores = out.all.relevance;
        a.scaleWithoutPosition = true;
    }
    return out;
}

}  // namespace session
