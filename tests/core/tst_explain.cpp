// Predictions, head statistics, probes, labels and the ablation scan: the core
// against PyTorch (tests/scripts/make_explain_golden.py wrote the fixtures),
// the labels against their thresholds, the memory-bounded path at 1,000
// tokens, cancelling, and the predict / heads / ablate-scan verbs of attnscope-cli.
#include "tst_explain.h"

namespace {

bool hasLabel(const std::vector<HeadLabel>& labels, HeadLabel l) {
    return std::find(labels.begin(), labels.end(), l) != labels.end();
}

}  // namespace

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

QTEST_GUILESS_MAIN(tst_Explain)
#include "moc_tst_explain.cpp"
