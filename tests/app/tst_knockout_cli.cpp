// tst_knockout, continued: bad knockouts refused, the spec syntax, recipes
// that carry knockouts, and attnscope-cli predict and export --knockout
// (tst_knockout.h has the test class).
#include "tst_knockout.h"

void tst_Knockout::badKnockoutsAreRefused_data() {
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("says");
    QTest::newRow("layer past the last") << 2 << 0 << 1 << 0 << "layer 2: layers run from 0 to 1";
    QTest::newRow("head past the last") << 0 << 4 << 1 << 0 << "head 4: heads run from 0 to 3";
    QTest::newRow("query past the text") << 0 << 0 << 10 << 0 << "query 10: query positions run from 0 to 9";
    QTest::newRow("key past the text") << 0 << 0 << 1 << 10 << "key 10: key positions run from 0 to 9";
    QTest::newRow("key every") << 0 << 0 << 1 << -1 << "key -1";
    QTest::newRow("layer -2") << -2 << 0 << 1 << 0 << "layer -2";
}

void tst_Knockout::badKnockoutsAreRefused() {
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(int, query);
    QFETCH(int, key);
    QFETCH(QString, says);
    const ModelConfig c = ModelConfig::parse_spec("arch=gpt2,n_layer=2,n_head=4,n_embed=16,context=32,vocab=20");
    RunOptions opt;
    opt.knockout = {{-1, -1, -1, 0}, {layer, head, query, key}};
    const auto e = testutil::errorOf([&] { Model(std::make_shared<Weights>(random_weights(c, 1))).run(randomTokens(10, 20, 1), opt); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::InvalidArgument);
    QVERIFY2(QString::fromStdString(e->what()).contains(says), e->what());

    // A list longer than a run takes is refused, by the core and by the spec parser.
    opt.knockout.assign(kMaxKnockouts + 1, Knockout{0, 0, 1, 0});
    const auto many = testutil::errorOf([&] { Model(std::make_shared<Weights>(random_weights(c, 1))).run(randomTokens(10, 20, 1), opt); });
    QVERIFY(many && QString::fromStdString(many->what()).contains("4096"));
    std::string specs = "0.0:1>0";
    for (size_t i = 0; i < kMaxKnockouts; ++i) specs += ",0.0:1>0";
    QVERIFY_THROWS_EXCEPTION(session::KnockoutSpecError, session::parseKnockouts(specs));
}

void tst_Knockout::specSyntax() {
    const std::vector<Knockout> k = session::parseKnockouts("2.*:9>4,*.*:*>5,0.3:1>0");
    QCOMPARE(int(k.size()), 3);
    QCOMPARE(k[0], (Knockout{2, -1, 9, 4}));
    QCOMPARE(k[1], (Knockout{-1, -1, -1, 5}));
    QCOMPARE(k[2], (Knockout{0, 3, 1, 0}));
    for (const Knockout& x : k) QCOMPARE(session::parseKnockouts(attnscope::format_knockout(x)).front(), x);
    QCOMPARE(attnscope::format_knockout({2, -1, 9, 4}), std::string("2.*:9>4"));
    for (const char* bad : {"", "2.*:9", "2*:9>4", "2.*:9>*", "2.*:9>-1", "a.1:2>3", "1.1:2>3,", "1.1:2>3x", "1:1.2>3"})
        QVERIFY_THROWS_EXCEPTION(session::KnockoutSpecError, session::parseKnockouts(bad));
    const ModelConfig c = ModelConfig::parse_spec("arch=gpt2,n_layer=2,n_head=4,n_embed=16,context=32,vocab=20");
    session::checkKnockouts({{1, 3, 9, 9}, {-1, -1, -1, 9}}, c, 10);
    QVERIFY_THROWS_EXCEPTION(session::KnockoutSpecError, session::checkKnockouts({{2, 0, 1, 0}}, c, 10));
    QVERIFY_THROWS_EXCEPTION(session::KnockoutSpecError, session::checkKnockouts({{0, 0, 1, 10}}, c, 10));
}

// predict --knockout: the prediction with the knockouts, and "without_knockout"
// equal to a plain predict; with --loss both loss arrays.
void tst_Knockout::cliPredictShowsTheChange() {
    const QStringList base{"predict", "--text", "ROMEO: what light through yonder", "--top", "5", "--loss"};
    const testutil::Run plain = testutil::cli(base);
    QVERIFY2(plain.status == 0, qPrintable(plain.err));
    const testutil::Run knocked = testutil::cli(base + QStringList{"--knockout", "*.*:*>0,0.1:20>19"});
    QVERIFY2(knocked.status == 0, qPrintable(knocked.err));
    const QJsonObject p = QJsonDocument::fromJson(plain.out.toUtf8()).object();
    const QJsonObject k = QJsonDocument::fromJson(knocked.out.toUtf8()).object();
    QVERIFY(!p.contains("without_knockout"));
    const QJsonObject without = k["without_knockout"].toObject();
    QCOMPARE(without["top"], p["top"]);
    QCOMPARE(without["next"], p["next"]);
    QCOMPARE(without["loss"], p["loss"]);
    QCOMPARE(k["knockout"].toArray(), (QJsonArray{"*.*:*>0", "0.1:20>19"}));
    QCOMPARE(k["position"], p["position"]);
    QVERIFY(k["top"] != p["top"]);
    const QJsonArray lk = k["loss"].toArray(), lp = p["loss"].toArray();
    QCOMPARE(lk.size(), lp.size());
    QVERIFY(lk[0] != lp[0] || lk[5] != lp[5]);
}

void tst_Knockout::cliBadKnockoutGivesOneLine_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("says");
    QTest::newRow("no key") << "1.1:2" << "bad knockout '1.1:2'";
    QTest::newRow("not a number") << "x.0:1>0" << "bad knockout 'x.0:1>0'";
    QTest::newRow("second of two") << "0.0:1>0,0.0:1>" << "bad knockout '0.0:1>'";
    QTest::newRow("empty") << "" << "empty knockout list";
    QTest::newRow("layer past the model") << "9.0:1>0" << "knockout '9.0:1>0': layer 9";
    QTest::newRow("query past the text") << "0.0:99>0" << "knockout '0.0:99>0': query 99";
    QTest::newRow("key past the text") << "*.*:*>40" << "knockout '*.*:*>40': key 40";
}

void tst_Knockout::cliBadKnockoutGivesOneLine() {
    QFETCH(QString, spec);
    QFETCH(QString, says);
    const testutil::Run r = testutil::cli({"predict", "--text", "ROMEO: what light", "--knockout", spec});
    QCOMPARE(r.status, 2);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
}

// A recipe names its knockouts in the --knockout syntax and reads them back;
// one out of range for the text is refused by checkRecipe, naming it.
void tst_Knockout::recipesCarryKnockouts() {
    session::Recipe r;
    r.modelPath = QStringLiteral("/models/m.safetensors");
    r.tokens = {1, 2, 3};
    r.hasText = false;
    r.knockout = {{2, -1, 9, 4}, {-1, -1, -1, 0}};
    const QByteArray json = session::recipeToJson(r);
    QVERIFY2(json.contains("\"knockout\": [\"2.*:9>4\", \"*.*:*>0\"]"), json.constData());
    QCOMPARE(session::recipeFromJson(json).knockout, r.knockout);
    r.knockout.clear();
    QVERIFY(!session::recipeToJson(r).contains("knockout"));
    r.knockout = {{2, -1, 9, 4}, {-1, -1, -1, 0}};
    const auto bad = testutil::errorOf([&] { session::recipeFromJson(QByteArray(json).replace("2.*:9>4", "2.*:9")); });
    QVERIFY(bad && QString::fromStdString(bad->what()).contains("2.*:9"));
    const auto range = testutil::errorOf([&] { session::checkRecipe(r, 4, 4, 5); });
    QVERIFY(range && QString::fromStdString(range->what()).contains("query 9"));
    session::checkRecipe(r, 4, 4, 10);
}

// export --knockout: the figure's data is the knocked-out run's (the blocked
// weight 0, its row renormalised), and the saved recipe replays it.
void tst_Knockout::cliExportWithKnockout() {
    QTemporaryDir dir;
    const auto cell = [](const QString& path, int row, int col) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) return -1.0;
        const QList<QByteArray> lines = f.readAll().split('\n');
        return lines.value(row + 1).split(',').value(col + 1).toDouble();
    };
    const QStringList base{"export", "--text", "ROMEO: what", "--view", "head", "--layer", "0", "--head", "1", "--format", "csv"};
    const QString plain = dir.filePath("plain.csv"), knocked = dir.filePath("knocked.csv"), replay = dir.filePath("replay.csv");
    QCOMPARE(testutil::cli(base + QStringList{"-o", plain}).status, 0);
    const testutil::Run r = testutil::cli(base + QStringList{"--knockout", "0.1:5>4", "-o", knocked, "--save-recipe",
                                                             dir.filePath("k.recipe.json")});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(cell(plain, 5, 4) > 0);
    QCOMPARE(cell(knocked, 5, 4), 0.0);
    double sum = 0;
    for (int k = 0; k <= 5; ++k) sum += cell(knocked, 5, k);
    QVERIFY(std::abs(sum - 1) < 1e-5);
    for (int k = 0; k <= 6; ++k) QCOMPARE(cell(knocked, 6, k), cell(plain, 6, k));  // layer 0: other queries untouched
    const testutil::Run again = testutil::cli({"export", "--recipe", dir.filePath("k.recipe.json"), "-o", replay});
    QVERIFY2(again.status == 0, qPrintable(again.err));
    QCOMPARE(cell(replay, 5, 4), 0.0);
    QCOMPARE(cell(replay, 5, 0), cell(knocked, 5, 0));
    // The mask export of a knocked-out run is the recipe's head's own mask: 0 on
    // the blocked edge there, 1 on it in another head.
    const QStringList mask{"export", "--text", "ROMEO: what", "--view", "mask", "--format", "csv", "--knockout", "0.1:5>4"};
    const QString own = dir.filePath("own.csv"), other = dir.filePath("other.csv");
    QCOMPARE(testutil::cli(mask + QStringList{"--layer", "0", "--head", "1", "-o", own}).status, 0);
    QCOMPARE(testutil::cli(mask + QStringList{"--layer", "0", "--head", "2", "-o", other}).status, 0);
    QCOMPARE(cell(own, 5, 4), 0.0);
    QCOMPARE(cell(own, 5, 3), 1.0);
    QCOMPARE(cell(other, 5, 4), 1.0);
    const testutil::Run bad = testutil::cli(base + QStringList{"--knockout", "0.1:5>", "-o", knocked});
    QCOMPARE(bad.status, 2);
    QCOMPARE(bad.err.count('\n'), 1);
    QVERIFY(bad.err.contains("0.1:5>"));
}
