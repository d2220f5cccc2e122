// The attribution view's descriptor: which tokens mattered for one
// prediction (session/attribution.h). Its figure is the text coloured by a
// method's scores; its data those scores, one row over the tokens.
#include <QCoreApplication>

#include "attnscope/common/error.h"
#include "render/figures/attribution_figure.h"
#include "session/attribution.h"
#include "session/views.h"

namespace session {

namespace {

// A token id's text for a title: the tokenizer's, else the text's own label
// when the id is in it, else "#id".
std::function<QString(int)> tokenTextOf(const render::FigureData& d) {
    return [d](int id) {
        if (d.tokenText) {
            const QString t = d.tokenText(id);
            if (!t.isEmpty()) return t;
        }
        if (d.trace)
            for (int i = 0; i < d.trace->T() && i < d.tokens.size(); ++i)
                if (d.trace->tokens[size_t(i)] == id) return d.tokens[i];
        return QStringLiteral("#%1").arg(id);
    };
}

std::unique_ptr<render::Figure> attributionFigure(const Recipe& r, const render::FigureData& d, const render::Style& s) {
    if (!d.trace) return nullptr;
    AttributionResult a = attributionFor(*d.trace, r.method, r.focus, r.target, tokenTextOf(d), d.threads);
    return std::make_unique<render::AttributionFigure>(d, std::move(a.figure), s);
}

render::DataBlock attributionData(const Recipe& r, const attnscope::Trace& trace) {
    const AttributionResult a = attributionFor(trace, r.method, r.focus, r.target, {});
    render::DataBlock d;
    d.what = QStringLiteral("attribution_") + QString(r.method).replace(QLatin1Char('-'), QLatin1Char('_'));
    d.shape = {1, trace.T()};
    for (const double v : a.figure.scores) d.values.push_back(float(v));
    d.rowLabels << QStringLiteral("P%1_y%2").arg(a.figure.position).arg(a.figure.target);
    return d;
}

}  // namespace

ViewDescriptor attributionView() {
    return {
        .id = QStringLiteral("attribution"),
        .title = QT_TRANSLATE_NOOP("session::Views", "Attributio&n"),
        .menuText = QT_TRANSLATE_NOOP("session::Views", "Attribution"),
        .summary = QT_TRANSLATE_NOOP("session::Views",
                                     "which tokens mattered for a prediction: gradients, integrated gradients, "
                                     "relevance; each head's direct logit attribution; the logit lens"),
        .tabOrder = 8,
        .widget = ViewWidget::Attribution,
        .reads = ReadsQuery,
        .fields = {RecipeField::Focus, RecipeField::Method, RecipeField::Target},
        .formats = {render::Format::Png, render::Format::Svg, render::Format::Pdf, render::Format::Csv,
                    render::Format::Npy, render::Format::Json},
        .cellModes = false,
        .figure = attributionFigure,
        .data = attributionData,
        .oneMatrix = [](const Recipe&) { return true; },
        .fileStem = [](const Recipe& r) { return QStringLiteral("attribution_%1").arg(r.method); },
    };
}

}  // namespace session
