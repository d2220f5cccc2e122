// tst_explain, continued: head statistics at 1,000 tokens, the probe sequence,
// the ablation scan (progress, cancel, bit for bit), and attnscope-cli
// predict, heads and ablate-scan (tst_explain.h has the test class).
#include "tst_explain.h"

namespace {

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

}  // namespace

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
