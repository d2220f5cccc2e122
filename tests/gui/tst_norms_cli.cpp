// tst_norms, continued: the figures' numbers against the core, the factors'
// cache across runs, and attnscope-cli export --kind norms: its CSV and JSON
// hold A · f, its recipes replay byte for byte, and it is refused where norms
// mean nothing (tst_norms.h has the class).
#include "render/figures/head_figure.h"
#include "tst_norms.h"

using namespace norms_test;
using testutil::cli;
using testutil::Run;

namespace {

// RFC 4180 rows: a quoted cell may hold commas and newlines (token texts do).
QList<QStringList> normsCsvRows(const QString& text) {
    QList<QStringList> rows(1);
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) cell += c, ++i;
            else if (c == QLatin1Char('"')) quoted = false;
            else cell += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',') || c == QLatin1Char('\n')) {
            rows.last() << cell;
            cell.clear();
            if (c == QLatin1Char('\n')) rows.append(QStringList());
        } else if (c != QLatin1Char('\r')) {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !rows.last().isEmpty()) rows.last() << cell;
    if (rows.last().isEmpty()) rows.removeLast();
    return rows;
}

void flattenJson(const QJsonValue& v, std::vector<double>& out) {
    if (v.isArray())
        for (const QJsonValue& x : v.toArray()) flattenJson(x, out);
    else
        out.push_back(v.toDouble());
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

// What the figures hold is the core's A · f: the head detail's matrix for
// every head, and a matrix too long to hold (pooled) on the linear scale,
// whose top is its largest norm.
void tst_Norms::figuresHoldTheCoreNorms() {
    const auto trace = ws_->trace();
    const render::FigureData data = ws_->figureData();
    for (int l = 0; l < trace->n_layer(); ++l)
        for (int h = 0; h < trace->n_head(); ++h) {
            const render::HeadFigure f(data, l, h, render::MatrixKind::Norms, render::Style());  // linear
            const attnscope::MatrixRM N = coreNorms(*weights(), *trace, l, h);
            QVERIFY((f.values() - N).cwiseAbs().maxCoeff() <= 1e-6f);
            QVERIFY(f.normalized().toLargest && !f.normalized().perRow);
            QCOMPARE(f.normalized().hi, double(N.maxCoeff()));  // the bar's top: the head's largest norm
        }
    // Pooled: each block its largest norm, over the largest of all.
    const int n = 2100;
    const auto value = [](int i, int j) { return j <= i ? float((i * 7 + j * 13) % 101) / 10.0f : 0.0f; };
    render::MatrixBands bands;
    bands.rows = bands.cols = n;
    bands.band = [&](int r0, int r1, float* out) {
        for (int i = r0; i < r1; ++i)
            for (int j = 0; j < n; ++j) out[size_t(i - r0) * n + j] = value(i, j);
    };
    render::Style linear;
    linear.scale = render::Scale::Linear;
    const render::MatrixFigure pooled(QStringLiteral("t"), bands, render::MatrixKind::Norms, {}, {}, linear, {}, {}, true);
    const int b = pooled.block();
    QVERIFY(b > 1);
    QVERIFY(pooled.normalized().toLargest && !pooled.normalized().perRow);
    QCOMPARE(pooled.normalized().hi, 10.0);
    for (const auto& [br, bc] : {std::pair{0, 0}, std::pair{100, 37}, std::pair{300, 300}, std::pair{524, 2}}) {
        float mx = 0;
        for (int i = br * b; i < std::min(n, (br + 1) * b); ++i)
            for (int j = bc * b; j < std::min(n, (bc + 1) * b) && j <= i; ++j) mx = std::max(mx, value(i, j));
        QVERIFY2(std::abs(pooled.normalized().t(br, bc) - mx / 10.0f) < 1e-6f, qPrintable(QStringLiteral("%1,%2").arg(br).arg(bc)));
    }
    // The log scale spans the four decades under the power of ten above the largest.
    const render::Normalized log = render::normsScale(render::Scale::Log, 16.2f);
    QVERIFY(log.log && log.toLargest);
    QCOMPARE(log.hi, 2.0);
    QCOMPARE(log.lo, -2.0);
    QCOMPARE(render::normalizedNorm(1.0f, 1.0f, log), 0.5f);
    QCOMPARE(render::normalizedNorm(0.0f, 1.0f, log), 0.0f);
}

// The factors are the run's: asked twice, computed once; a new run into the
// same Trace object (the Workspace recycles them) reads its own, as does a
// run of the same tokens whose earlier layer was ablated.
void tst_Norms::factorsAreKeptPerRunNotPerTraceObject() {
    const attnscope::Model model(weights());
    const std::vector<int> a = ws_->trace()->tokens;
    std::vector<int> b = a;
    std::reverse(b.begin(), b.end());
    attnscope::Trace t;
    model.run(a, {}, t);
    const auto fa = render::normFactors(t, 1, 2);
    QCOMPARE(render::normFactors(t, 1, 2).get(), fa.get());
    QVERIFY(render::normFactorsKnown(t, 1, 2));
    QVERIFY(!render::normFactorsKnown(t, 1, 3));
    QCOMPARE(*fa, attnscope::value_norm_factors(*weights(), t, 1, 2));
    model.run(b, {}, t);
    const auto fb = render::normFactors(t, 1, 2);
    QVERIFY(fb.get() != fa.get());
    QCOMPARE(*fb, attnscope::value_norm_factors(*weights(), t, 1, 2));
    QVERIFY(*fb != *fa);
    attnscope::RunOptions ablated;
    ablated.ablate = {{0, 1}};
    model.run(a, ablated, t);
    const auto fc = render::normFactors(t, 1, 2);
    QCOMPARE(*fc, attnscope::value_norm_factors(*weights(), t, 1, 2));
    QVERIFY(*fc != *fa);
    // The first run again: its factors are still known.
    model.run(a, {}, t);
    QCOMPARE(render::normFactors(t, 1, 2).get(), fa.get());
}

void tst_Norms::cliExportsTheNorms_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<int>>("layers");  // the block's heads: (layer, head) pairs
    QTest::newRow("head, csv") << QStringList{"--view", "head", "--layer", "2", "--head", "3"} << "h.csv" << QList<int>{2, 3};
    QTest::newRow("lines, csv") << QStringList{"--view", "lines", "--layer", "0", "--head", "1"} << "l.csv" << QList<int>{0, 1};
    QTest::newRow("head, json, linear") << QStringList{"--view", "head", "--layer", "1", "--head", "0", "--scale", "linear"}
                                        << "h.json" << QList<int>{1, 0};
    QTest::newRow("lines overlay, json") << QStringList{"--view", "lines", "--layer", "3", "--heads", "0,2"} << "l.json"
                                         << QList<int>{3, 0, 3, 2};
    QTest::newRow("heads of layer 1 and 3, json") << QStringList{"--view", "heads", "--layers", "1,3"} << "g.json"
                                                  << QList<int>{1, 0, 1, 1, 1, 2, 1, 3, 3, 0, 3, 1, 3, 2, 3, 3};
}

// The exported numbers are A · f of each head, within 1e-5.
void tst_Norms::cliExportsTheNorms() {
    QFETCH(QStringList, options);
    QFETCH(QString, file);
    QFETCH(QList<int>, layers);
    const QString path = tmp_.filePath(file);
    const Run r = cli(QStringList{"export", "--text", kText, "--kind", "norms", "-o", path} + options);
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const auto trace = ws_->trace();
    const int T = trace->T();
    std::vector<double> got;
    if (file.endsWith(QStringLiteral(".csv"))) {
        const QList<QStringList> rows = normsCsvRows(QString::fromUtf8(fileBytes(path)));
        QCOMPARE(rows.size(), T + 1);
        for (int q = 0; q < T; ++q) {
            QCOMPARE(rows[q + 1].size(), T + 1);
            for (int k = 0; k < T; ++k) got.push_back(rows[q + 1][k + 1].toDouble());
        }
    } else {
        const QJsonObject o = QJsonDocument::fromJson(fileBytes(path)).object();
        QCOMPARE(o.value(QStringLiteral("what")).toString(), QStringLiteral("norms"));
        flattenJson(o.value(QStringLiteral("norms")), got);
    }
    std::vector<double> want;
    for (qsizetype i = 0; i + 1 < layers.size(); i += 2) {
        const attnscope::MatrixRM N = coreNorms(*weights(), *trace, layers[i], layers[i + 1]);
        want.insert(want.end(), N.data(), N.data() + N.size());
    }
    QCOMPARE(got.size(), want.size());
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::abs(got[i] - want[i]));
    QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
    // Not the weights: some cell's norm is off its weight by more than that.
    const attnscope::MatrixRM A = trace->head_weights(layers[0], layers[1]);
    double off = 0;
    for (Eigen::Index i = 0; i < A.size(); ++i) off = std::max(off, std::abs(A.data()[i] - want[size_t(i)]));
    QVERIFY(off > 0.1);
}

void tst_Norms::cliNormsRecipesReplay_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("file");
    QTest::newRow("head") << QStringList{"--view", "head", "--layer", "2", "--head", "3"} << "head.png";
    QTest::newRow("heads, shared linear scale") << QStringList{"--view", "heads", "--tile-scale", "shared", "--scale", "linear"}
                                                << "heads.png";
    QTest::newRow("lines, log") << QStringList{"--view", "lines", "--layer", "0", "--head", "1", "--scale", "log"} << "lines.png";
    QTest::newRow("head, svg") << QStringList{"--view", "head", "--layer", "1", "--head", "2"} << "head.svg";
    QTest::newRow("heads, npy") << QStringList{"--view", "heads"} << "heads.npy";
}

// A recipe of norms says so, and draws (or writes) the same bytes again; the
// same recipe with the weights does not.
void tst_Norms::cliNormsRecipesReplay() {
    QFETCH(QStringList, options);
    QFETCH(QString, file);
    const QString first = tmp_.filePath(QStringLiteral("first-") + file), again = tmp_.filePath(QStringLiteral("again-") + file);
    const QString weightsPath = tmp_.filePath(QStringLiteral("weights-") + file), rec = tmp_.filePath(file + ".recipe.json");
    Run r = cli(QStringList{"export", "--text", kText, "--kind", "norms", "-o", first, "--save-recipe", rec} + options);
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(fileBytes(rec).contains("\"kind\": \"norms\""));
    QCOMPARE(session::readRecipe(rec).kind, render::MatrixKind::Norms);
    r = cli({"export", "--recipe", rec, "-o", again});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const QByteArray a = fileBytes(first);
    QVERIFY(a.size() > 500);
    QVERIFY2(a == fileBytes(again), "the replayed file differs from the original");
    r = cli({"export", "--recipe", rec, "--kind", "weights", "-o", weightsPath});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(fileBytes(weightsPath) != a);
}

// --kind norms goes with the views that draw a head's matrix, and needs the
// model: elsewhere, and on a trace file, it is refused with a reason.
void tst_Norms::cliRefusesNormsWhereTheyMeanNothing() {
    const QString out = tmp_.filePath(QStringLiteral("refused.png"));
    for (const QString view : {"mask", "flow", "rollout", "ablation", "compare", "attribution"}) {
        const Run r = cli({"export", "--text", kText, "--view", view, "--kind", "norms", "-o", out});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--kind norms goes with --view")) && r.err.contains(view) &&
                     r.err.contains(QStringLiteral("lines")),
                 qPrintable(view + ": " + r.err));
    }
    QVERIFY(!QFile::exists(out));
    for (const QString view : {"head", "heads", "lines"}) {
        const Run r = cli({"export", "--model", traceFixture(), "--view", view, "--kind", "norms", "-o", out});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(QStringLiteral("value-weighted norms need the model")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }
    Run r = cli({"export", "--model", traceFixture(), "--view", "head", "--kind", "weights", "-o", out});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    // A recipe that asks a view for norms it does not draw.
    const QString rec = tmp_.filePath(QStringLiteral("mask.recipe.json"));
    r = cli({"export", "--text", kText, "--view", "mask", "-o", out, "--save-recipe", rec});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QByteArray json = fileBytes(rec);
    json.replace("\"view\": \"mask\",", "\"view\": \"mask\",\n  \"kind\": \"norms\",");
    QVERIFY(testutil::writeFile(rec, json));
    r = cli({"export", "--recipe", rec, "-o", out});
    QVERIFY(r.status > 0);
    QVERIFY2(r.err.contains(QStringLiteral("kind 'norms' is not drawn by the mask view")), qPrintable(r.err));
    json.replace("\"norms\"", "\"norm\"");
    const auto bad = testutil::errorOf([&] { session::recipeFromJson(json); });
    QVERIFY(bad && QString::fromStdString(bad->what()).contains(QStringLiteral("\"norms\"")));
}
