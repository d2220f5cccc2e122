#include "session/comparison.h"

#include <QFileInfo>
#include <algorithm>
#include <mutex>
#include <vector>

#include "attnscope/explain/compare.h"
#include "attnscope/common/error.h"
#include "render/figures/figure.h"

namespace session {

using attnscope::Error;
using attnscope::ErrorCode;

namespace {

// The start of a text for a title: “ROMEO: What light…”.
QString excerpt(const QStringList& texts) {
    QString s;
    for (const QString& t : texts) {
        s += t;
        if (s.size() > 40) break;
    }
    s = render::withoutControls(s.simplified());
    if (s.size() > 28) s = s.left(27) + QChar(0x2026);
    return QChar(0x201C) + s + QChar(0x201D);
}

void setA(Comparison& c, std::shared_ptr<const attnscope::Trace> a, const Tokenized& aTokens, const Document& docA) {
    c.a = std::move(a);
    c.aLabels = aTokens.labels;
    c.aTexts = aTokens.texts;
    c.aName = docA.displayName;
}

}  // namespace

CompareSpec CompareSpec::ofRecipe(const Recipe& r) {
    if (!r.compareModel.isEmpty()) return ofModel(r.compareModel);
    if (!r.compareText.isEmpty()) return ofText(r.compareText);
    return {};
}

void CompareSpec::fill(Recipe& r) const {
    r.compareText = kind == Text ? text : QString();
    r.compareModel = kind == Model ? modelPath : QString();
}

QString Comparison::aCaption() const { return spec.kind == CompareSpec::Model ? aName : excerpt(aTexts); }
QString Comparison::bCaption() const { return spec.kind == CompareSpec::Model ? bName : excerpt(bTexts); }

render::CompareData Comparison::figureData() const {
    render::CompareData d;
    d.a.trace = a;
    d.a.tokens = aLabels;
    d.a.modelName = aName;
    d.b.trace = b;
    d.b.tokens = bLabels;
    d.b.modelName = bName;
    d.aCaption = aCaption();
    d.bCaption = bCaption();
    return d;
}

attnscope::RunOptions optionsLike(const attnscope::Trace& a, int64_t budget, int threads) {
    attnscope::RunOptions o;
    o.causal = a.causal;
    o.ablate = a.ablated;
    o.attention_budget_bytes = budget;
    o.threads = threads;
    o.logits_rows = 0;  // a comparison shows attention; Trace::tensor computes the last row if asked
    o.incremental = false;
    return o;
}

Comparison compareWithText(const Document& doc, std::shared_ptr<const attnscope::Trace> a, const Tokenized& aTokens,
                           const QString& text, const attnscope::RunOptions& options, CropPolicy crop,
                           const attnscope::Progress& progress) {
    if (!doc.model.weights)
        throw Error(ErrorCode::InvalidArgument, "comparing two texts needs a model: a trace file holds one text's attention");
    if (!a) throw Error(ErrorCode::InvalidArgument, "there is no run of text A to compare with");
    Comparison c;
    c.spec = CompareSpec::ofText(text);
    setA(c, std::move(a), aTokens, doc);
    const Tokenized t = tokenize(doc, text, crop);
    requireTokens(t);
    c.bLabels = t.labels;
    c.bTexts = t.texts;
    c.bName = doc.displayName;
    c.bDropped = t.dropped;
    const attnscope::Model model(doc.model.weights);
    c.b = std::make_shared<const attnscope::Trace>(model.run(t.ids, options, progress));
    return c;
}

Comparison compareWithModel(const Document& modelB, const Document& docA, std::shared_ptr<const attnscope::Trace> a,
                            const Tokenized& aTokens, const attnscope::RunOptions& options,
                            const attnscope::Progress& progress) {
    if (!modelB.model.weights)
        throw Error(ErrorCode::InvalidArgument, "model B is a trace file: a comparison needs a model to run");
    if (!a) throw Error(ErrorCode::InvalidArgument, "there is no run of text A to compare with");
    const attnscope::ModelConfig& cb = modelB.model.weights->config;
    attnscope::check_same_shape(a->config, cb);
    for (const int id : a->tokens)
        if (id < 0 || id >= cb.vocab_size)
            throw Error(ErrorCode::InvalidArgument, "token id " + std::to_string(id) +
                                                        " of the text is outside model B's vocabulary of " +
                                                        std::to_string(cb.vocab_size));
    if (a->T() > cb.context_length)
        throw Error(ErrorCode::ContextOverflow, "the text's " + std::to_string(a->T()) +
                                                   " tokens are more than model B's context length of " +
                                                   std::to_string(cb.context_length));
    Comparison c;
    c.spec = CompareSpec::ofModel(modelB.path);
    setA(c, std::move(a), aTokens, docA);
    c.bLabels = c.aLabels;
    c.bTexts = c.aTexts;
    c.bName = modelB.displayName.isEmpty() ? QFileInfo(modelB.path).fileName() : modelB.displayName;
    // The same tokens: A's knockouts name the same edges in B.
    attnscope::RunOptions withKnockouts = options;
    withKnockouts.knockout = c.a->knockout;
    const attnscope::Model model(modelB.model.weights);
    c.b = std::make_shared<const attnscope::Trace>(model.run(c.a->tokens, withKnockouts, progress));
    return c;
}

Comparison runComparison(const Recipe& r, const Document& docA, std::shared_ptr<const attnscope::Trace> a,
                         const Tokenized& aTokens, int64_t budget) {
    const CompareSpec spec = CompareSpec::ofRecipe(r);
    if (spec.kind == CompareSpec::None)
        throw Error(ErrorCode::InvalidArgument,
                    "the compare view needs a B: give --compare-text TEXT or --compare-model FILE "
                    "(compare_text or compare_model in a recipe)");
    const attnscope::RunOptions opt = optionsLike(*a, budget, 0);
    if (spec.kind == CompareSpec::Text) return compareWithText(docA, a, aTokens, spec.text, opt, CropPolicy::KeepLast);
    const Document b = openDocument(spec.modelPath);
    return compareWithModel(b, docA, a, aTokens, opt);
}

// ---------------------------------------------------------------- registry

namespace {
std::mutex comparisonsMutex;
std::vector<std::weak_ptr<const Comparison>> remembered;
}  // namespace

void rememberComparison(const std::shared_ptr<const Comparison>& c) {
    const std::lock_guard lock(comparisonsMutex);
    std::erase_if(remembered, [](const auto& w) { return w.expired(); });
    remembered.push_back(c);
}

std::shared_ptr<const Comparison> rememberedComparison(const Recipe& r, const attnscope::Trace& a) {
    const CompareSpec spec = CompareSpec::ofRecipe(r);
    const std::lock_guard lock(comparisonsMutex);
    for (auto it = remembered.rbegin(); it != remembered.rend(); ++it)
        if (auto c = it->lock(); c && c->a.get() == &a && c->spec == spec) return c;
    return nullptr;
}

render::DataBlock comparisonData(const Comparison& c, int layer, int head, bool csv) {
    render::DataBlock d;
    d.layers = {layer};
    d.heads = {head};
    d.tokensB = render::TokenTable{c.b->tokens, c.bTexts, c.bLabels};
    const attnscope::MatrixRM diff = attnscope::weight_difference(*c.a, *c.b, layer, head);
    const int n = int(diff.rows());
    if (csv) {
        d.what = QStringLiteral("difference");
        d.shape = {n, n};
        d.values.assign(diff.data(), diff.data() + diff.size());
        for (int i = 0; i < n; ++i) {
            const QString ta = c.aTexts.value(i), tb = c.bTexts.value(i);
            d.rowLabels << (ta == tb ? ta : ta + QStringLiteral(" / ") + tb);
        }
        d.colLabels = d.rowLabels;
        return d;
    }
    // A, B and B − A over the common positions.
    d.what = QStringLiteral("a_b_difference");
    d.shape = {3, n, n};
    d.values.reserve(size_t(3) * size_t(n) * size_t(n));
    for (const attnscope::MatrixRM& m : {attnscope::leading_weights(*c.a, layer, head, n),
                                         attnscope::leading_weights(*c.b, layer, head, n), diff})
        d.values.insert(d.values.end(), m.data(), m.data() + m.size());
    return d;
}

}  // namespace session
