// The backward pass against PyTorch autograd (tests/scripts/
// make_attribution_golden.py writes tests/fixtures/attribution/): the gradient
// of one logit with respect to the token embeddings, every attention map,
// every head's output and the residual stream, within 1e-4 of the largest
// reference value, on every architecture row (seed, GPT-2, Llama with GQA,
// Mistral's window, Qwen2's biases, Qwen3's q/k norm, GPT-NeoX parallel and
// sequential) and with ablations and knockouts set. Also: central finite
// differences, the same bits on 1 to 4 threads, and the target's value equal
// to Model::run's logit bit for bit.
#include <QDir>
#include <QtTest>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/backward.h"
#include "attnscope/run/model.h"
#include "testutil.h"

using namespace attnscope;

namespace {

constexpr double kRelTol = 1e-4;

struct Case {
    SafetensorsFile ref;
    std::shared_ptr<const Weights> weights;
    std::vector<int> tokens;
    RunOptions run;
    GradientTarget target;
};

Case loadCase(const QString& name) {
    Case c;
    c.ref = read_safetensors(testutil::str(testutil::fixtures("attribution/" + name + ".safetensors")));
    const std::string model = c.ref.metadata.at("model");
    c.weights = load_model(std::string(ATTNSCOPE_SOURCE_DIR) + "/" + model).weights;
    for (const float t : c.ref.tensors.at("tokens").data) c.tokens.push_back(int(t));
    const Json ablate = Json::parse(c.ref.metadata.at("ablate")), knockout = Json::parse(c.ref.metadata.at("knockout"));
    for (const Json& a : ablate.items())
        c.run.ablate.push_back({int(a.items()[0].as_int()), int(a.items()[1].as_int())});
    for (const Json& k : knockout.items())
        c.run.knockout.push_back({int(k.items()[0].as_int()), int(k.items()[1].as_int()), int(k.items()[2].as_int()),
                                  int(k.items()[3].as_int())});
    c.target = {.kind = GradientTarget::Kind::Logit, .position = std::stoi(c.ref.metadata.at("position")),
                .id = std::stoi(c.ref.metadata.at("target"))};
    return c;
}

// max |got - want| <= kRelTol * max |want| (and an absolute floor for maps
// that are all but zero).
void compareRel(const Tensor& got, const Tensor& want, const QString& what, double tol = kRelTol) {
    QCOMPARE(QString::fromStdString(shape_string(got.shape)), QString::fromStdString(shape_string(want.shape)));
    double scale = 0;
    for (const float x : want.data) scale = std::max(scale, double(std::fabs(x)));
    const double allowed = tol * std::max(scale, 1e-3);
    QString report;
    const double d = testutil::maxAbsDiff(got.data.data(), want.data.data(), want.numel(), allowed, &report);
    QVERIFY2(d <= allowed, qPrintable(QStringLiteral("%1: max-abs %2 > %3 (scale %4): %5")
                                          .arg(what).arg(d).arg(allowed).arg(scale).arg(report)));
}

QStringList caseNames() {
    return QDir(testutil::fixtures("attribution")).entryList({"*.safetensors"}, QDir::Files, QDir::Name).replaceInStrings(
        QStringLiteral(".safetensors"), QString());
}

bool sameBits(const Tensor& a, const Tensor& b) {
    return a.shape == b.shape && std::memcmp(a.data.data(), b.data.data(), sizeof(float) * a.data.size()) == 0;
}

}  // namespace

class tst_Backward : public QObject {
    Q_OBJECT
private slots:
    void matchesAutograd_data();
    void matchesAutograd();
    void coversEveryArchitectureRow();
    void matchesFiniteDifferences();
    void sameBitsOnOneToFourThreads();
    void valueIsTheRunsLogit();
    void scaledGradientsBatchLikeSingleRuns();
    void badTargetsAreRefused();
};

void tst_Backward::matchesAutograd_data() {
    QTest::addColumn<QString>("name");
    for (const QString& n : caseNames()) QTest::newRow(qPrintable(n)) << n;
}

void tst_Backward::matchesAutograd() {
    QFETCH(QString, name);
    const Case c = loadCase(name);
    const Model model(c.weights);
    const Gradients g = gradients(model, c.tokens, c.run, c.target);
    QVERIFY2(std::fabs(g.value - c.ref.tensors.at("value").data[0]) <=
                 kRelTol * std::max(1.0f, std::fabs(c.ref.tensors.at("value").data[0])),
             qPrintable(QStringLiteral("f %1 vs %2").arg(g.value).arg(c.ref.tensors.at("value").data[0])));
    compareRel(g.embed, c.ref.tensors.at("d_embed"), QStringLiteral("d embed"));
    QCOMPARE(int(g.layers.size()), c.weights->config.n_layer);
    for (int l = 0; l < c.weights->config.n_layer; ++l) {
        const std::string s = std::to_string(l);
        compareRel(g.layers[size_t(l)].weights, c.ref.tensors.at("d_weights." + s),
                   QStringLiteral("d weights.%1").arg(l));
        compareRel(g.layers[size_t(l)].heads, c.ref.tensors.at("d_heads." + s), QStringLiteral("d heads.%1").arg(l));
        compareRel(g.layers[size_t(l)].out, c.ref.tensors.at("d_out." + s), QStringLiteral("d out.%1").arg(l));
    }
}

// The fixtures hold every row of the architecture table AttnScope runs, and
// the run-time switches the backward must respect.
void tst_Backward::coversEveryArchitectureRow() {
    const QStringList have = caseNames();
    for (const char* want : {"demo", "gpt2", "llama", "mistral", "qwen2", "qwen3", "gpt_neox", "gpt_neox_sequential",
                             "demo_ablated"})
        QVERIFY2(have.contains(QString::fromLatin1(want)), want);
    const Case c = loadCase(QStringLiteral("demo_ablated"));
    QVERIFY(!c.run.ablate.empty());
    QVERIFY(!c.run.knockout.empty());
}

// (f(e + h) - f(e - h)) / 2h for a few embedding entries, each perturbed in
// a copy of the weights (a token that appears once, so the entry is one
// position's alone).
void tst_Backward::matchesFiniteDifferences() {
    const Case c = loadCase(QStringLiteral("llama"));
    const Model model(c.weights);
    const Gradients g = gradients(model, c.tokens, c.run, c.target);
    const int C = c.weights->config.n_embed;
    int checked = 0;
    for (const auto& [pos, dim] : std::vector<std::pair<int, int>>{{0, 3}, {5, 0}, {int(c.tokens.size()) - 2, C - 1}}) {
        if (std::count(c.tokens.begin(), c.tokens.end(), c.tokens[size_t(pos)]) != 1) continue;
        const double h = 1e-2;
        double f[2];
        for (int side = 0; side < 2; ++side) {
            auto w = std::make_shared<Weights>(*c.weights);
            w->tok_embed(c.tokens[size_t(pos)], dim) += float(side == 0 ? h : -h);
            f[side] = gradients(Model(w), c.tokens, c.run, c.target, {.attention = false, .heads = false,
                                                                      .residual = false}).value;
        }
        const double fd = (f[0] - f[1]) / (2 * h), an = g.embed.matrix()(pos, dim);
        QVERIFY2(std::fabs(fd - an) <= 2e-2 * std::max(1.0, std::fabs(an)),
                 qPrintable(QStringLiteral("row %1 dim %2: finite difference %3, gradient %4").arg(pos).arg(dim).arg(fd).arg(an)));
        ++checked;
    }
    QVERIFY(checked >= 2);
}

void tst_Backward::sameBitsOnOneToFourThreads() {
    for (const char* name : {"gpt2", "llama", "demo_ablated"}) {
        const Case c = loadCase(QString::fromLatin1(name));
        const Model model(c.weights);
        const Gradients one = gradients(model, c.tokens, c.run, c.target, {.threads = 1});
        for (int threads = 2; threads <= 4; ++threads) {
            const Gradients g = gradients(model, c.tokens, c.run, c.target, {.threads = threads});
            QVERIFY2(sameBits(g.embed, one.embed), name);
            QCOMPARE(g.value, one.value);
            for (size_t l = 0; l < g.layers.size(); ++l) {
                QVERIFY2(sameBits(g.layers[l].weights, one.layers[l].weights), name);
                QVERIFY2(sameBits(g.layers[l].heads, one.layers[l].heads), name);
                QVERIFY2(sameBits(g.layers[l].out, one.layers[l].out), name);
            }
        }
    }
}

// The tape is the run: f equals the logit Model::run computes, bit for bit.
void tst_Backward::valueIsTheRunsLogit() {
    for (const QString& name : caseNames()) {
        const Case c = loadCase(name);
        const Model model(c.weights);
        RunOptions run = c.run;
        run.logits_rows = -1;
        const Trace tr = model.run(c.tokens, run);
        const Gradients g = gradients(model, c.tokens, c.run, c.target, {.attention = false, .heads = false,
                                                                         .residual = false});
        QCOMPARE(g.value, tr.logits_at(c.target.position)[c.target.id]);
    }
}

// A batch of alphas gives what each alpha gives alone.
void tst_Backward::scaledGradientsBatchLikeSingleRuns() {
    const Case c = loadCase(QStringLiteral("gpt_neox"));
    const Model model(c.weights);
    const std::vector<float> alphas{0.25f, 1.0f, 0.5f};
    const ScaledGradients batch = scaled_embedding_gradients(model, c.tokens, c.run, c.target, alphas, 3);
    QCOMPARE(int(batch.embed.size()), 3);
    const Gradients g = gradients(model, c.tokens, c.run, c.target);
    QVERIFY(sameBits(batch.embed[1], g.embed));
    QCOMPARE(batch.values[1], g.value);
    for (size_t i = 0; i < alphas.size(); ++i) {
        const ScaledGradients single = scaled_embedding_gradients(model, c.tokens, c.run, c.target, {&alphas[i], 1}, 1);
        QVERIFY(sameBits(single.embed[0], batch.embed[i]));
        QCOMPARE(single.values[0], batch.values[i]);
    }
}

void tst_Backward::badTargetsAreRefused() {
    const Case c = loadCase(QStringLiteral("gpt2"));
    const Model model(c.weights);
    const auto refused = [&](GradientTarget t, std::span<const int> tokens, const char* says) {
        try {
            gradients(model, tokens, c.run, t);
        } catch (const Error& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QString::fromLatin1(says)), e.what());
            return;
        }
        QFAIL(says);
    };
    refused({.position = 99, .id = 1}, c.tokens, "position 99");
    refused({.position = 0, .id = 31}, c.tokens, "target id 31");
    refused({.position = 0, .id = -1}, c.tokens, "target id -1");
    refused({.kind = GradientTarget::Kind::MeanLoss}, std::span<const int>(c.tokens).first(1), "two tokens");
    refused({.position = 0, .id = 1}, std::span<const int>(), "no tokens");
}

QTEST_GUILESS_MAIN(tst_Backward)
#include "tst_backward.moc"
