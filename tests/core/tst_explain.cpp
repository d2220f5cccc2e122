// Predictions, head statistics, probes, labels and the ablation scan: the core
// against PyTorch (tests/scripts/make_explain_golden.py wrote the fixtures),
// the labels against their thresholds, the memory-bounded path at 1,000
// tokens, cancelling, and the predict / heads / ablate-scan verbs of attnscope-cli.
#include <QFile>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <atomic>

#include <cmath>

#include "attnscope/explain/ablation.h"
#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/explain/head_stats.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/explain/predict.h"
#include "attnscope/explain/rollout.h"
#include "testutil.h"

using namespace attnscope;

namespace {

constexpr double kProbTol = 1e-5;   // probabilities; logits and losses with EXPECT_CLOSE
constexpr double kStatTol = 1e-5;   // head statistics and probes
constexpr double kDeltaTol = 1e-4;  // ablation deltas
constexpr double kRolloutTol = 1e-5;

struct Golden {
    QJsonObject json;
    std::shared_ptr<const Weights> weights;
    std::vector<int> tokens;
    QString modelPath;
};

QString modelPathFor(const QString& name) {
    return name == QLatin1String("demo") ? QStringLiteral(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors")
                                         : testutil::fixtures("explain/" + name + ".model.safetensors");
}

Golden loadGolden(const QString& name) {
    Golden g;
    QFile f(testutil::fixtures("explain/" + name + ".json"));
    if (!f.open(QIODevice::ReadOnly)) return g;
    g.json = QJsonDocument::fromJson(f.readAll()).object();
    g.modelPath = modelPathFor(name);
    g.weights = load_model(testutil::str(g.modelPath)).weights;
    for (const QJsonValue t : g.json["tokens"].toArray()) g.tokens.push_back(t.toInt());
    return g;
}

QStringList tokenArgs(const std::vector<int>& ids) {
    QStringList s;
    for (const int id : ids) s << QString::number(id);
    return {"--tokens", s.join(',')};
}

// `what` within `tol` of `want`, with both in the failure message.
#define EXPECT_NEAR(got, want, tol, what)                                                                        \
    QVERIFY2(std::abs(double(got) - double(want)) <= (tol),                                                      \
             qPrintable(QStringLiteral("%1: %2 vs %3").arg(what).arg(double(got), 0, 'g', 12).arg(double(want), 0, 'g', 12)))

// As EXPECT_NEAR, with the tolerance scaled by |want| past 1 (numpy's isclose
// with rtol = atol): logits and losses of improbable tokens reach ~10, where two
// float32 forward passes (this one and PyTorch's) differ by about 1e-6 relative.
#define EXPECT_CLOSE(got, want, tol, what) EXPECT_NEAR(got, want, (tol) * std::max(1.0, std::abs(double(want))), what)

// One head's statistics straight from the definitions, as a second opinion.
HeadStats direct(const MatrixRM& w) {
    const int T = int(w.rows());
    HeadStats s;
    double h = 0, prev = 0, first = 0, self = 0;
    for (int t = 0; t < T; ++t) {
        for (int k = 0; k <= t; ++k)
            if (w(t, k) > 0) h -= double(w(t, k)) * std::log(double(w(t, k)));
        first += w(t, 0);
        self += w(t, t);
        if (t > 0) prev += w(t, t - 1);
    }
    s.entropy = h / T;
    s.prev_token = prev / (T - 1);
    s.first_token = first / T;
    s.self = self / T;
    return s;
}

bool hasLabel(const std::vector<HeadLabel>& labels, HeadLabel l) {
    return std::find(labels.begin(), labels.end(), l) != labels.end();
}

}  // namespace

class tst_Explain : public QObject {
    Q_OBJECT
private slots:
    void predictionsMatchPyTorch_data();
    void predictionsMatchPyTorch();
    void statisticsMatchPyTorch_data();
    void statisticsMatchPyTorch();
    void probesMatchPyTorch_data();
    void probesMatchPyTorch();
    void ablationScanMatchesPyTorch_data();
    void ablationScanMatchesPyTorch();
    void rolloutMatchesPyTorch_data();
    void rolloutMatchesPyTorch();
    void rolloutOfALongTextIsRefused();
    void cliExportRolloutMatchesPyTorch();
    void cliExportAblationMatchesPyTorch();
    void predictionsFromLnFEqualKeptLogits_data();
    void predictionsFromLnFEqualKeptLogits();
    void predictRefusesWhatItCannotAnswer();
    void labelsFollowTheThresholds_data();
    void labelsFollowTheThresholds();
    void demoLabelsMatchTheirScores();
    void statisticsAtThousandTokensWithoutDenseWeights();
    void probeSequenceIsTwoEqualHalvesOfDistinctIds();
    void scanReportsProgressAndCancels_data();
    void scanReportsProgressAndCancels();
    void scanNeedsTwoTokens();
    void scanEqualsSeparateRunsBitForBit_data();
    void scanEqualsSeparateRunsBitForBit();
    void cliPredictMatchesPyTorch();
    void cliHeadsJsonAndCsv();
    void cliAblateScanMatchesPyTorch();
    void cliErrorsGiveOneLine_data();
    void cliErrorsGiveOneLine();
};

void tst_Explain::predictionsMatchPyTorch_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("seed") << "seed";
    QTest::newRow("demo") << "demo";
}

void tst_Explain::predictionsMatchPyTorch() {
    QFETCH(QString, name);
    const Golden g = loadGolden(name);
    QVERIFY2(g.weights && !g.tokens.empty(), "explain fixtures missing; run tests/scripts/make_explain_golden.py");
    RunOptions opt;
    opt.logits_rows = -1;
    const Trace tr = Model(g.weights).run(g.tokens, opt);
    const int k = g.json["top_k"].toInt();
    const QJsonArray preds = g.json["predictions"].toArray();
    QCOMPARE(preds.size(), tr.T());
    for (int p = 0; p < tr.T(); ++p) {
        const QJsonObject want = preds[p].toObject();
        const Prediction got = predict(tr, p, k);
        QCOMPARE(got.position, p);
        const QJsonArray top = want["top"].toArray();
        QCOMPARE(int(got.top.size()), top.size());
        for (int i = 0; i < top.size(); ++i) {
            QCOMPARE(got.top[size_t(i)].id, top[i].toObject()["id"].toInt());
            EXPECT_NEAR(got.top[size_t(i)].prob, top[i].toObject()["prob"].toDouble(), kProbTol, "prob");
            EXPECT_CLOSE(got.top[size_t(i)].logit, top[i].toObject()["logit"].toDouble(), kProbTol, "logit");
        }
        QCOMPARE(got.next.has_value(), !want["next"].isNull());
        if (got.next) {
            const QJsonObject next = want["next"].toObject();
            QCOMPARE(got.next->id, next["id"].toInt());
            QCOMPARE(got.next->rank, next["rank"].toInt());
            EXPECT_NEAR(got.next->prob, next["prob"].toDouble(), kProbTol, "next prob");
        }
    }
    const std::vector<double> losses = next_token_losses(tr);
    const QJsonArray want = g.json["loss"].toArray();
    QCOMPARE(int(losses.size()), want.size());
    for (int p = 0; p < want.size(); ++p) EXPECT_CLOSE(losses[size_t(p)], want[p].toDouble(), kProbTol, "loss");
    EXPECT_CLOSE(mean_next_token_loss(tr), g.json["base_loss"].toDouble(), kProbTol, "mean loss");
}

void tst_Explain::statisticsMatchPyTorch_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("dense");
    for (const char* n : {"seed", "demo"}) {
        QTest::addRow("%s/1-thread", n) << n << 1 << true;
        QTest::addRow("%s/2-threads-rebuilt", n) << n << 2 << false;
    }
}

void tst_Explain::statisticsMatchPyTorch() {
    QFETCH(QString, name);
    QFETCH(int, threads);
    QFETCH(bool, dense);
    const Golden g = loadGolden(name);
    QVERIFY(g.weights);
    RunOptions opt;
    opt.threads = threads;
    opt.attention_budget_bytes = dense ? (int64_t(1) << 30) : 0;
    const Trace tr = Model(g.weights).run(g.tokens, opt);
    QCOMPARE(tr.weights_dense, dense);
    const std::vector<HeadStats> stats = head_statistics(tr, threads);
    QCOMPARE(int(stats.size()), tr.n_layer() * tr.n_head());
    const QJsonArray want = g.json["stats"].toArray();
    for (const HeadStats& s : stats) {
        const QJsonArray w = want[s.layer].toArray()[s.head].toArray();
        const QString at = QStringLiteral("L%1 H%2 ").arg(s.layer).arg(s.head);
        EXPECT_NEAR(s.entropy, w[0].toDouble(), kStatTol, at + "entropy");
        EXPECT_NEAR(s.prev_token, w[1].toDouble(), kStatTol, at + "prev_token");
        EXPECT_NEAR(s.first_token, w[2].toDouble(), kStatTol, at + "first_token");
        EXPECT_NEAR(s.self, w[3].toDouble(), kStatTol, at + "self");
        QVERIFY(std::isnan(s.induction));  // no probes asked
    }
}

void tst_Explain::probesMatchPyTorch_data() { statisticsMatchPyTorch_data(); }

void tst_Explain::probesMatchPyTorch() {
    QFETCH(QString, name);
    QFETCH(int, threads);
    const Golden g = loadGolden(name);
    QVERIFY(g.weights);
    const Model model(g.weights);
    const std::vector<int> seq = probe_sequence(model.config());
    QJsonArray seqJson;
    for (const int id : seq) seqJson << id;
    QCOMPARE(seqJson, g.json["probe_tokens"].toArray());

    std::vector<HeadStats> stats = head_statistics(model.run(g.tokens), threads);
    run_probes(model, stats, threads);
    const QJsonArray want = g.json["probes"].toArray();
    for (const HeadStats& s : stats) {
        const QJsonArray w = want[s.layer].toArray()[s.head].toArray();
        EXPECT_NEAR(s.induction, w[0].toDouble(), kStatTol, "induction");
        EXPECT_NEAR(s.duplicate, w[1].toDouble(), kStatTol, "duplicate");
    }
}

void tst_Explain::ablationScanMatchesPyTorch_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("schedule");
    for (const char* n : {"seed", "demo"}) {
        QTest::addRow("%s/over-heads", n) << n << int(ScanSchedule::OverHeads);
        QTest::addRow("%s/per-run", n) << n << int(ScanSchedule::PerRun);
    }
}

void tst_Explain::ablationScanMatchesPyTorch() {
    QFETCH(QString, name);
    QFETCH(int, schedule);
    const Golden g = loadGolden(name);
    QVERIFY(g.weights);
    ScanOptions opt;
    opt.threads = 2;
    opt.schedule = ScanSchedule(schedule);
    const AblationScan scan = ablation_scan(Model(g.weights), g.tokens, opt);
    EXPECT_CLOSE(scan.base_loss, g.json["base_loss"].toDouble(), kProbTol, "base loss");
    const QJsonArray want = g.json["ablation"].toArray();
    QCOMPARE(int(scan.heads.size()), g.weights->config.n_layer * g.weights->config.n_head);
    double largest = 0;
    for (const HeadAblation& h : scan.heads) {
        const QJsonObject w = want[h.layer].toArray()[h.head].toObject();
        EXPECT_NEAR(h.delta, w["delta"].toDouble(), kDeltaTol, QStringLiteral("delta L%1 H%2").arg(h.layer).arg(h.head));
        EXPECT_NEAR(h.loss, w["loss"].toDouble(), kDeltaTol, "loss");
        largest = std::max(largest, std::abs(h.delta));
    }
    QVERIFY(largest > 10 * kDeltaTol);  // the comparison is not of zeros
}

void tst_Explain::rolloutMatchesPyTorch_data() { statisticsMatchPyTorch_data(); }

// Rollout reads every head's weights: stored, or rebuilt past the budget.
void tst_Explain::rolloutMatchesPyTorch() {
    QFETCH(QString, name);
    QFETCH(int, threads);
    QFETCH(bool, dense);
    const Golden g = loadGolden(name);
    QVERIFY(g.weights);
    RunOptions opt;
    opt.threads = threads;
    opt.attention_budget_bytes = dense ? (int64_t(1) << 30) : 0;
    const Trace tr = Model(g.weights).run(g.tokens, opt);
    const MatrixRM r = attention_rollout(tr);
    const QJsonArray want = g.json["rollout"].toArray();
    QCOMPARE(int(r.rows()), int(want.size()));
    QCOMPARE(int(r.cols()), int(want.size()));
    int bad = 0;
    for (int t = 0; t < r.rows(); ++t) {
        const QJsonArray row = want[t].toArray();
        for (int k = 0; k < r.cols(); ++k) {
            const double d = std::abs(double(r(t, k)) - row[k].toDouble());
            if (d > kRolloutTol && bad++ < 5)
                qWarning("rollout[%d][%d] = %.9g, PyTorch %.9g", t, k, double(r(t, k)), row[k].toDouble());
        }
    }
    QCOMPARE(bad, 0);
}

// Past kMaxRolloutTokens the rollout is refused with its cost named, not
// computed for minutes (13 TFLOP at 8,192 tokens on GPT-2 small).
void tst_Explain::rolloutOfALongTextIsRefused() {
    const ModelConfig cfg = ModelConfig::seed(16, kMaxRolloutTokens + 64, 16, 2, 1);
    const Model model(std::make_shared<Weights>(random_weights(cfg, 3)));
    std::vector<int> ids(size_t(kMaxRolloutTokens) + 1);
    for (size_t i = 0; i < ids.size(); ++i) ids[i] = int(i % 16);
    const Trace tr = model.run(ids);
    try {
        attention_rollout(tr);
        QFAIL("a rollout of more than kMaxRolloutTokens tokens was computed");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::TooMuchWork);
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("at most %1 tokens").arg(kMaxRolloutTokens)), e.what());
    }
    ids.pop_back();  // at the limit it is computed
    const MatrixRM r = attention_rollout(model.run(ids));
    QCOMPARE(int(r.rows()), kMaxRolloutTokens);
}

// `export --view rollout --format json` writes the same numbers.
void tst_Explain::cliExportRolloutMatchesPyTorch() {
    const Golden g = loadGolden("seed");
    QVERIFY(g.weights);
    QTemporaryDir dir;
    const QString out = dir.filePath("rollout.json");
    const testutil::Run r =
        testutil::cli(QStringList{"export", "--model", g.modelPath, "--view", "rollout", "--format", "json", "-o", out} +
                      tokenArgs(g.tokens));
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray got = QJsonDocument::fromJson(f.readAll()).object()["rollout"].toArray();
    const QJsonArray want = g.json["rollout"].toArray();
    QCOMPARE(got.size(), want.size());
    for (int t = 0; t < want.size(); ++t)
        for (int k = 0; k < want.size(); ++k)
            EXPECT_NEAR(got[t].toArray()[k].toDouble(), want[t].toArray()[k].toDouble(), kRolloutTol,
                        QStringLiteral("rollout[%1][%2]").arg(t).arg(k));
}

// `export --view ablation`: the scan's deltas as JSON (L, H) and as CSV with
// layers as rows and heads as columns.
void tst_Explain::cliExportAblationMatchesPyTorch() {
    const Golden g = loadGolden("seed");
    QVERIFY(g.weights);
    QTemporaryDir dir;
    const QJsonArray want = g.json["ablation"].toArray();
    const QString json = dir.filePath("ablation.json"), csv = dir.filePath("ablation.csv");
    for (const QString& out : {json, csv}) {
        const testutil::Run r = testutil::cli(
            QStringList{"export", "--model", g.modelPath, "--view", "ablation", "-o", out} + tokenArgs(g.tokens));
        QVERIFY2(r.status == 0, qPrintable(r.err));
    }
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray got = QJsonDocument::fromJson(f.readAll()).object()["delta_loss"].toArray();
    QCOMPARE(got.size(), want.size());
    for (int l = 0; l < want.size(); ++l)
        for (int h = 0; h < want[l].toArray().size(); ++h)
            EXPECT_NEAR(got[l].toArray()[h].toDouble(), want[l].toArray()[h].toObject()["delta"].toDouble(), kDeltaTol,
                        QStringLiteral("L%1 H%2").arg(l).arg(h));
    QFile c(csv);
    QVERIFY(c.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(c.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), want.size() + 1);
    QVERIFY2(lines[0].contains("H0") && lines[1].startsWith("\"L0\""), qPrintable(lines[0] + " / " + lines[1]));
}

void tst_Explain::predictionsFromLnFEqualKeptLogits_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("threads");
    for (const char* n : {"seed", "demo"}) {
        QTest::addRow("%s/1-thread", n) << n << 1;
        QTest::addRow("%s/2-threads", n) << n << 2;
    }
}

// The app keeps one row of logits and computes the rest from ln_f: the same
// numbers, bit for bit, as a run that kept them all.
void tst_Explain::predictionsFromLnFEqualKeptLogits() {
    QFETCH(QString, name);
    QFETCH(int, threads);
    const Golden g = loadGolden(name);
    QVERIFY(g.weights);
    RunOptions all;
    all.logits_rows = -1;
    const Trace full = Model(g.weights).run(g.tokens, all);
    RunOptions last;
    last.threads = threads;
    const Trace lean = Model(g.weights).run(g.tokens, last);
    QCOMPARE(lean.logits_first, lean.T() - 1);
    for (int p = 0; p < full.T(); p += 7) {
        const Prediction want = predict(full, p, 5);
        const Prediction got = predict_from_ln_f(*g.weights, lean, p, 5, threads);
        QCOMPARE(got.top.size(), want.top.size());
        for (size_t i = 0; i < want.top.size(); ++i) {
            QCOMPARE(got.top[i].id, want.top[i].id);
            QCOMPARE(got.top[i].prob, want.top[i].prob);
        }
        QCOMPARE(got.next.has_value(), want.next.has_value());
        if (want.next) QCOMPARE(got.next->rank, want.next->rank);
    }
    const std::vector<double> want = next_token_losses(full);
    QCOMPARE(next_token_losses_from_ln_f(*g.weights, lean, 0, threads), want);
    // From a later position: the tail of the same numbers.
    const std::vector<double> tail = next_token_losses_from_ln_f(*g.weights, lean, 5, threads);
    QCOMPARE(tail, std::vector<double>(want.begin() + 5, want.end()));
    if (lean.T() > 65) {  // a second block of 64 to stop before
        int asked = 0;
        QVERIFY_THROWS_EXCEPTION(Error, next_token_losses_from_ln_f(*g.weights, lean, 0, 1, [&] { return asked++ < 1; }));
    }
}

void tst_Explain::predictRefusesWhatItCannotAnswer() {
    const Golden g = loadGolden("seed");
    QVERIFY(g.weights);
    const Model model(g.weights);
    const Trace last = model.run(g.tokens);  // logits for the last position only
    QCOMPARE(predict(last, last.T() - 1, 3).top.size(), size_t(3));
    QVERIFY(!predict(last, last.T() - 1, 3).next);
    QCOMPARE(int(predict(last, last.T() - 1, 1 << 20).top.size()), g.weights->config.vocab_size);  // k clamped to V
    QVERIFY_THROWS_EXCEPTION(Error, predict(last, 0, 3));           // no logits there
    QVERIFY_THROWS_EXCEPTION(Error, predict(last, last.T(), 3));    // past the end
    QVERIFY_THROWS_EXCEPTION(Error, predict(last, -1, 3));
    double sum = 0;
    for (const TokenProb& t : predict(last, last.T() - 1, 1 << 20).top) sum += t.prob;
    EXPECT_NEAR(sum, 1.0, 1e-12, "probabilities sum");

    RunOptions all;
    all.logits_rows = -1;
    const Trace one = model.run(std::vector<int>{3}, all);
    QVERIFY(next_token_losses(one).empty());
    QVERIFY(std::isnan(mean_next_token_loss(one)));
}

void tst_Explain::labelsFollowTheThresholds_data() {
    QTest::addColumn<double>("prev");
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("self");
    QTest::addColumn<double>("induction");
    QTest::addColumn<double>("duplicate");
    QTest::addColumn<double>("entropyRatio");
    QTest::addColumn<QStringList>("labels");
    const LabelThresholds th;
    const double nan = std::nan("");
    QTest::newRow("none") << 0.1 << 0.1 << 0.1 << 0.1 << 0.1 << 0.5 << QStringList{};
    QTest::newRow("previous at the threshold") << th.prev_token << 0.1 << 0.1 << nan << nan << 0.2
                                               << QStringList{"previous token"};
    QTest::newRow("previous just under") << std::nextafter(th.prev_token, 0.0) << 0.1 << 0.1 << nan << nan << 0.2
                                         << QStringList{};
    QTest::newRow("sink") << 0.0 << 0.9 << 0.0 << nan << nan << 0.1 << QStringList{"sink"};
    QTest::newRow("self") << 0.0 << 0.0 << th.self << nan << nan << 0.1 << QStringList{"self"};
    QTest::newRow("induction") << 0.0 << 0.0 << 0.0 << th.induction << 0.0 << 0.3 << QStringList{"induction"};
    QTest::newRow("duplicate") << 0.0 << 0.0 << 0.0 << 0.0 << 0.8 << 0.3 << QStringList{"duplicate token"};
    QTest::newRow("diffuse") << 0.0 << 0.0 << 0.0 << nan << nan << th.diffuse << QStringList{"diffuse"};
    QTest::newRow("diffuse just under") << 0.0 << 0.0 << 0.0 << nan << nan << th.diffuse - 1e-9 << QStringList{};
    QTest::newRow("several") << 0.6 << 0.6 << 0.0 << 0.4 << 0.4 << 0.1
                             << QStringList{"previous token", "sink", "induction", "duplicate token"};
    QTest::newRow("not measured") << nan << nan << nan << nan << nan << 0.1 << QStringList{};
}

void tst_Explain::labelsFollowTheThresholds() {
    QFETCH(double, prev);
    QFETCH(double, first);
    QFETCH(double, self);
    QFETCH(double, induction);
    QFETCH(double, duplicate);
    QFETCH(double, entropyRatio);
    QFETCH(QStringList, labels);
    HeadStats s;
    s.prev_token = prev;
    s.first_token = first;
    s.self = self;
    s.induction = induction;
    s.duplicate = duplicate;
    const double maxEntropy = 2.0;  // a power of two: ratio * max / max is exact
    s.entropy = entropyRatio * maxEntropy;
    QStringList got;
    for (const HeadLabel l : head_labels(s, maxEntropy)) got << QString::fromLatin1(head_label_name(l));
    QCOMPARE(got, labels);
}

// On the demo model every label is there exactly when its score reaches its
// threshold, and L0 H1 (previous character, 0.95 in the README) is labelled so.
void tst_Explain::demoLabelsMatchTheirScores() {
    const Golden g = loadGolden("demo");
    QVERIFY(g.weights);
    const Model model(g.weights);
    const Trace tr = model.run(g.tokens);
    std::vector<HeadStats> stats = head_statistics(tr);
    run_probes(model, stats);
    const double maxEntropy = uniform_entropy(tr.T(), true);
    const LabelThresholds th;
    int labelled = 0;
    for (const HeadStats& s : stats) {
        const std::vector<HeadLabel> labels = head_labels(s, maxEntropy);
        labelled += labels.empty() ? 0 : 1;
        QCOMPARE(hasLabel(labels, HeadLabel::PreviousToken), s.prev_token >= th.prev_token);
        QCOMPARE(hasLabel(labels, HeadLabel::Sink), s.first_token >= th.first_token);
        QCOMPARE(hasLabel(labels, HeadLabel::Self), s.self >= th.self);
        QCOMPARE(hasLabel(labels, HeadLabel::Induction), s.induction >= th.induction);
        QCOMPARE(hasLabel(labels, HeadLabel::DuplicateToken), s.duplicate >= th.duplicate);
        QCOMPARE(hasLabel(labels, HeadLabel::Diffuse), s.entropy >= th.diffuse * maxEntropy);
        QVERIFY(s.entropy >= 0 && s.entropy <= maxEntropy + 1e-9);
    }
    const HeadStats& l0h1 = stats[1];
    QCOMPARE(l0h1.layer * 10 + l0h1.head, 1);
    QVERIFY2(l0h1.prev_token > 0.9, qPrintable(QString::number(l0h1.prev_token)));
    QVERIFY(hasLabel(head_labels(l0h1, maxEntropy), HeadLabel::PreviousToken));
    QVERIFY(labelled < int(stats.size()));  // the labels tell heads apart
}

// 12 x 12 heads at 1,000 tokens with the weights not stored: every head is
// rebuilt one at a time, and agrees with the definitions.
void tst_Explain::statisticsAtThousandTokensWithoutDenseWeights() {
    const ModelConfig cfg = ModelConfig::seed(64, 1024, 96, 12, 12);
    const Model model(std::make_shared<Weights>(random_weights(cfg, 7)));
    std::vector<int> ids(1000);
    for (size_t i = 0; i < ids.size(); ++i) ids[i] = int((i * 37 + i / 7) % 64);
    RunOptions opt;
    opt.attention_budget_bytes = 64 << 20;  // the dense weights would need 576 MB
    opt.logits_rows = 0;
    const Trace tr = model.run(ids, opt);
    QVERIFY(!tr.weights_dense);
    QVERIFY(tr.bytes() < (int64_t(200) << 20));
    const std::vector<HeadStats> stats = head_statistics(tr, 2);
    QCOMPARE(stats.size(), size_t(144));
    const double maxEntropy = uniform_entropy(1000, true);
    for (const HeadStats& s : stats) {
        QVERIFY(s.entropy > 0 && s.entropy <= maxEntropy + 1e-9);
        for (const double v : {s.prev_token, s.first_token, s.self}) QVERIFY(v >= 0 && v <= 1);
    }
    for (const int i : {0, 77, 143}) {
        const HeadStats want = direct(tr.head_weights(i / 12, i % 12));
        const HeadStats& got = stats[size_t(i)];
        QCOMPARE(got.layer * 12 + got.head, i);
        // Entropy's terms are vectorised float products (head_stats.h): within
        // 1e-6 relative of double logs; the other three are exact sums.
        EXPECT_NEAR(got.entropy, want.entropy, 1e-6 * want.entropy, "entropy");
        EXPECT_NEAR(got.prev_token, want.prev_token, 1e-9, "prev_token");
        EXPECT_NEAR(got.first_token, want.first_token, 1e-9, "first_token");
        EXPECT_NEAR(got.self, want.self, 1e-9, "self");
    }
    // Read a band of rows at a time, asking between bands whether to go on: a
    // false stops the work with Error(Cancelled) (the app's table, when a newer
    // trace comes, lets the old one go at once).
    std::atomic<int> asked{0};
    try {
        head_statistics(tr, 2, [&] { return ++asked < 5; });
        QFAIL("statistics went on after being told to stop");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::Cancelled);
    }
    // Every head still to come asks once and stops there; reading on would ask
    // at each of a head's 4 bands (576 times in all).
    QVERIFY2(asked >= 5 && asked <= 144 + 5, qPrintable(QString::number(asked.load())));
    // Going on, it asks exactly head_statistics_steps times: what the app's
    // percentage and the CLI's progress line count to.
    int all = 0;
    const std::vector<HeadStats> again = head_statistics(tr, 1, [&] { return ++all > 0; });
    QCOMPARE(int64_t(all), head_statistics_steps(tr));
    QCOMPARE(head_statistics_steps(tr), int64_t(tr.n_layer()) * tr.n_head() * ((tr.T() + kHeadStatsBandRows - 1) / kHeadStatsBandRows));
    QVERIFY(head_statistics_steps(tr) > int64_t(tr.n_layer()) * tr.n_head());  // more than one band a head
    for (size_t i = 0; i < stats.size(); ++i) QCOMPARE(again[i].entropy, stats[i].entropy);
}

void tst_Explain::probeSequenceIsTwoEqualHalvesOfDistinctIds() {
    for (const auto& [vocab, context, half] : {std::tuple{65, 256, 50}, std::tuple{37, 64, 32}, std::tuple{20, 256, 20},
                                               std::tuple{1000, 30, 15}, std::tuple{50, 3, 0}, std::tuple{1, 64, 0}}) {
        const std::vector<int> seq = probe_sequence(ModelConfig::seed(vocab, context, 16, 2, 1));
        QCOMPARE(int(seq.size()), 2 * half);
        const std::vector<int> first(seq.begin(), seq.begin() + half);
        QVERIFY(std::equal(first.begin(), first.end(), seq.begin() + half));
        std::vector<int> sorted = first;
        std::sort(sorted.begin(), sorted.end());
        QVERIFY(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
        for (const int id : seq) QVERIFY(id >= 0 && id < vocab);
    }
    // Not the identity: the ids are shuffled.
    const std::vector<int> seq = probe_sequence(ModelConfig::seed(65, 256, 16, 2, 1));
    QVERIFY(!std::is_sorted(seq.begin(), seq.begin() + 50));
    // A trace that is not one sequence twice is refused.
    const Model model(std::make_shared<Weights>(random_weights(ModelConfig::seed(20, 32, 16, 2, 1), 1)));
    std::vector<HeadStats> stats = head_statistics(model.run(std::vector<int>{1, 2, 3, 4}));
    QVERIFY_THROWS_EXCEPTION(Error, score_probes(model.run(std::vector<int>{1, 2, 3, 4}), stats));
    score_probes(model.run(std::vector<int>{1, 2, 1, 2}), stats);
    QVERIFY(!std::isnan(stats[0].induction));
}

void tst_Explain::scanReportsProgressAndCancels_data() {
    QTest::addColumn<int>("schedule");
    QTest::newRow("over-heads") << int(ScanSchedule::OverHeads);
    QTest::newRow("per-run") << int(ScanSchedule::PerRun);
    QTest::newRow("auto") << int(ScanSchedule::Auto);
}

void tst_Explain::scanReportsProgressAndCancels() {
    QFETCH(int, schedule);
    const Model model(std::make_shared<Weights>(random_weights(ModelConfig::seed(30, 64, 32, 4, 3), 5)));
    const std::vector<int> ids = {1, 5, 9, 2, 7, 7, 3, 0, 29, 4};
    ScanOptions opt;
    opt.threads = 2;
    opt.schedule = ScanSchedule(schedule);
    std::vector<int> seen;
    int totalSeen = 0;
    const AblationScan scan = ablation_scan(model, ids, opt, [&](int done, int total) {
        seen.push_back(done);
        totalSeen = total;
        return true;
    });
    QCOMPARE(totalSeen, 13);
    QCOMPARE(int(seen.size()), 13);
    std::sort(seen.begin(), seen.end());
    for (int i = 0; i < 13; ++i) QCOMPARE(seen[size_t(i)], i + 1);
    for (const HeadAblation& h : scan.heads) EXPECT_NEAR(h.delta, h.loss - scan.base_loss, 1e-12, "delta");

    int calls = 0;
    try {
        ablation_scan(model, ids, opt, [&](int, int) { return ++calls < 3; });
        QFAIL("a cancelled scan returned");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::Cancelled);
    }
    QVERIFY(calls >= 3 && calls < 13);  // it stopped asking once cancelled
}

void tst_Explain::scanEqualsSeparateRunsBitForBit_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<bool>("causal");
    QTest::newRow("seed") << QString() << true;
    QTest::newRow("seed/bidirectional") << QString() << false;
    for (const Architecture& a : architectures()) QTest::newRow(a.name) << QString::fromUtf8(a.name) << true;
}

// Each head's run starts at its own layer, reading the base run's earlier
// layers (Model::ablated_ln_f): its loss must be what a whole run with the head
// ablated gives, to the last bit, on every architecture and schedule.
void tst_Explain::scanEqualsSeparateRunsBitForBit() {
    QFETCH(QString, arch);
    QFETCH(bool, causal);
    ModelConfig c = ModelConfig::seed(41, 96, 32, 4, 3);
    if (!arch.isEmpty()) apply_architecture(c, *find_architecture(arch.toStdString()));
    const Model model(std::make_shared<Weights>(random_weights(c, 11)));
    std::vector<int> ids;
    for (int i = 0; i < 70; ++i) ids.push_back((i * 7 + i / 5) % 41);  // past one 64-row tile
    RunOptions run;
    run.causal = causal;
    run.logits_rows = -1;
    run.threads = 1;
    const double base = mean_next_token_loss(model.run(ids, run));
    for (const ScanSchedule schedule : {ScanSchedule::OverHeads, ScanSchedule::PerRun}) {
        ScanOptions opt;
        opt.threads = 2;
        opt.causal = causal;
        opt.schedule = schedule;
        const AblationScan scan = ablation_scan(model, ids, opt);
        QCOMPARE(scan.base_loss, base);
        QCOMPARE(int(scan.heads.size()), 12);
        int changed = 0;
        for (const HeadAblation& h : scan.heads) {
            run.ablate = {{h.layer, h.head}};
            const double whole = mean_next_token_loss(model.run(ids, run));
            QVERIFY2(h.loss == whole, qPrintable(QStringLiteral("L%1 H%2: %3 vs %4")
                                                     .arg(h.layer).arg(h.head).arg(h.loss, 0, 'g', 17).arg(whole, 0, 'g', 17)));
            changed += h.delta != 0 ? 1 : 0;
        }
        QVERIFY(changed >= 10);  // ablating does something
    }
}

void tst_Explain::scanNeedsTwoTokens() {
    const Model model(std::make_shared<Weights>(random_weights(ModelConfig::seed(30, 64, 32, 4, 1), 5)));
    try {
        ablation_scan(model, std::vector<int>{3});
        QFAIL("one token was scanned");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::InvalidArgument);
    }
}

void tst_Explain::cliPredictMatchesPyTorch() {
    const Golden g = loadGolden("seed");
    QVERIFY(g.weights);
    const QJsonArray preds = g.json["predictions"].toArray();
    for (const int position : {-1, 0, 17}) {
        QStringList args = QStringList{"predict", "--model", g.modelPath, "--top", "5", "--loss", "--json"} + tokenArgs(g.tokens);
        if (position >= 0) args << "--position" << QString::number(position);
        const testutil::Run r = testutil::cli(args);
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(r.err.isEmpty());
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const int p = position < 0 ? int(g.tokens.size()) - 1 : position;  // default: the last
        QCOMPARE(j["position"].toInt(), p);
        const QJsonObject want = preds[p].toObject();
        const QJsonArray top = j["top"].toArray(), wantTop = want["top"].toArray();
        QCOMPARE(top.size(), 5);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(top[i].toObject()["id"].toInt(), wantTop[i].toObject()["id"].toInt());
            QVERIFY(top[i].toObject()["text"].isNull());  // no tokenizer for this model
            EXPECT_NEAR(top[i].toObject()["prob"].toDouble(), wantTop[i].toObject()["prob"].toDouble(), kProbTol, "prob");
        }
        QCOMPARE(j["next"].isNull(), want["next"].isNull());
        if (!want["next"].isNull()) {
            QCOMPARE(j["next"].toObject()["rank"].toInt(), want["next"].toObject()["rank"].toInt());
            EXPECT_NEAR(j["next"].toObject()["prob"].toDouble(), want["next"].toObject()["prob"].toDouble(), kProbTol, "next");
        }
        const QJsonArray loss = j["loss"].toArray(), wantLoss = g.json["loss"].toArray();
        QCOMPARE(loss.size(), int(g.tokens.size()));  // one per position
        QVERIFY(loss.last().isNull());                  // the last has no next token
        for (int i = 0; i < wantLoss.size(); ++i) EXPECT_CLOSE(loss[i].toDouble(), wantLoss[i].toDouble(), kProbTol, "loss");
    }
    // Without --loss there is no loss member; the demo model answers by default, with token text.
    const testutil::Run r = testutil::cli({"predict", "--text", "ROMEO", "--top", "2"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!j.contains("loss"));
    QCOMPARE(j["top"].toArray().size(), 2);
    QVERIFY(j["top"].toArray()[0].toObject()["text"].isString());
}

void tst_Explain::cliHeadsJsonAndCsv() {
    const Golden g = loadGolden("demo");
    QVERIFY(g.weights);
    const QString text = g.json["text"].toString();
    const testutil::Run r = testutil::cli({"heads", "--text", text, "--probes", "--json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(j["tokens"].toInt(), int(g.tokens.size()));  // the text tokenizes as in the fixture
    const QJsonArray heads = j["heads"].toArray();
    QCOMPARE(heads.size(), 16);
    const QJsonArray want = g.json["stats"].toArray(), wantProbes = g.json["probes"].toArray();
    const char* columns[] = {"entropy", "prev_token", "first_token", "self"};
    for (const QJsonValue v : heads) {
        const QJsonObject h = v.toObject();
        const int l = h["layer"].toInt(), hd = h["head"].toInt();
        for (int c = 0; c < 4; ++c)
            EXPECT_NEAR(h[columns[c]].toDouble(), want[l].toArray()[hd].toArray()[c].toDouble(), kStatTol, columns[c]);
        EXPECT_NEAR(h["induction"].toDouble(), wantProbes[l].toArray()[hd].toArray()[0].toDouble(), kStatTol, "induction");
        EXPECT_NEAR(h["duplicate"].toDouble(), wantProbes[l].toArray()[hd].toArray()[1].toDouble(), kStatTol, "duplicate");
        QCOMPARE(h["labels"].toArray().contains(QJsonValue("previous token")),
                 h["prev_token"].toDouble() >= LabelThresholds().prev_token);
    }
    QVERIFY(heads[1].toObject()["labels"].toArray().contains(QJsonValue("previous token")));  // L0 H1

    for (const bool probes : {false, true}) {
        QStringList args = {"heads", "--text", text, "--csv"};
        if (probes) args << "--probes";
        const testutil::Run c = testutil::cli(args);
        QVERIFY2(c.status == 0, qPrintable(c.err));
        QStringList lines = c.out.split('\n');
        QCOMPARE(lines.takeLast(), QString());  // ends with a newline
        QCOMPARE(lines.size(), 1 + 16);
        const QStringList header = lines[0].split(',');
        QCOMPARE(header, probes ? QStringList({"layer", "head", "entropy", "prev_token", "first_token", "self", "induction",
                                               "duplicate", "labels"})
                                : QStringList({"layer", "head", "entropy", "prev_token", "first_token", "self", "labels"}));
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList cells = lines[i].split(',');
            QCOMPARE(cells.size(), header.size());
            QCOMPARE(cells[0].toInt() * 4 + cells[1].toInt(), i - 1);
            bool ok = false;
            EXPECT_NEAR(cells[3].toDouble(&ok), want[cells[0].toInt()].toArray()[cells[1].toInt()].toArray()[1].toDouble(),
                        kStatTol, "csv prev_token");
            QVERIFY(ok);
        }
        QVERIFY(lines[2].endsWith(",previous token"));  // L0 H1
    }
}

void tst_Explain::cliAblateScanMatchesPyTorch() {
    const Golden g = loadGolden("demo");
    QVERIFY(g.weights);
    const testutil::Run r = testutil::cli({"ablate-scan", "--text", g.json["text"].toString(), "--json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.err.isEmpty());
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_CLOSE(j["base_loss"].toDouble(), g.json["base_loss"].toDouble(), kProbTol, "base loss");
    const QJsonArray heads = j["heads"].toArray(), want = g.json["ablation"].toArray();
    QCOMPARE(heads.size(), 16);
    for (int i = 0; i < heads.size(); ++i) {
        const QJsonObject h = heads[i].toObject();
        QCOMPARE(h["layer"].toInt() * 4 + h["head"].toInt(), i);
        EXPECT_NEAR(h["delta"].toDouble(), want[i / 4].toArray()[i % 4].toObject()["delta"].toDouble(), kDeltaTol, "delta");
        EXPECT_NEAR(h["loss"].toDouble(), want[i / 4].toArray()[i % 4].toObject()["loss"].toDouble(), kDeltaTol, "loss");
    }
}

// Bad arguments exit 2, other errors 1: either way nothing on stdout and one
// line on stderr that names the problem.
void tst_Explain::cliErrorsGiveOneLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::addColumn<int>("status");
    QTest::newRow("predict without input") << QStringList{"predict"} << "exactly one of" << 2;
    QTest::newRow("predict two inputs") << QStringList{"predict", "--text", "A", "--tokens", "1"} << "exactly one of" << 2;
    QTest::newRow("predict position past the end") << QStringList{"predict", "--text", "ROMEO", "--position", "5"} << "--position 5" << 2;
    QTest::newRow("predict position not a number") << QStringList{"predict", "--text", "ROMEO", "--position", "x"} << "--position" << 2;
    QTest::newRow("predict negative position") << QStringList{"predict", "--text", "ROMEO", "--position", "-1"} << "--position" << 2;
    QTest::newRow("predict top zero") << QStringList{"predict", "--text", "ROMEO", "--top", "0"} << "--top" << 2;
    QTest::newRow("predict loss with a value") << QStringList{"predict", "--text", "A", "--loss=1"} << "unknown option" << 2;
    QTest::newRow("predict bad token list") << QStringList{"predict", "--tokens", "1,,2"} << "--tokens" << 2;
    QTest::newRow("heads json and csv") << QStringList{"heads", "--text", "A", "--json", "--csv"} << "not both" << 2;
    QTest::newRow("heads unknown option") << QStringList{"heads", "--text", "A", "--probe"} << "unknown option" << 2;
    QTest::newRow("heads positional") << QStringList{"heads", "model.pt", "--text", "A"} << "--model" << 2;
    QTest::newRow("ablate-scan threads") << QStringList{"ablate-scan", "--text", "AB", "--threads", "-2"} << "--threads" << 2;
    QTest::newRow("ablate-scan csv") << QStringList{"ablate-scan", "--text", "AB", "--csv"} << "unknown option" << 2;
    QTest::newRow("ablate-scan model and random")
        << QStringList{"ablate-scan", "--model", "m", "--random", "n_layer=1", "--tokens", "1,2"} << "not both" << 2;
    QTest::newRow("predict missing model") << QStringList{"predict", "--model", "/nonexistent/m.safetensors", "--tokens", "1"}
                                           << "/nonexistent/m.safetensors" << 1;
    QTest::newRow("heads id outside the vocabulary") << QStringList{"heads", "--tokens", "1,999"} << "999" << 1;
    QTest::newRow("ablate-scan one token") << QStringList{"ablate-scan", "--tokens", "5"} << "two tokens" << 1;
    QTest::newRow("predict empty text") << QStringList{"predict", "--text", ""} << "no tokens" << 1;
}

void tst_Explain::cliErrorsGiveOneLine() {
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    QFETCH(int, status);
    const testutil::Run r = testutil::cli(args);
    QCOMPARE(r.status, status);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(r.err.endsWith('\n'));
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(tst_Explain)
#include "tst_explain.moc"
