// tst_compare, continued: the compare view exported in every format, recipes
// that name what B is, the figure's title, small and long figures, and
// attnscope-cli export --view compare (tst_compare.h has the test class).
#include "tst_compare.h"

namespace {

// The first line of stderr, and that it is the only one.
bool oneLine(const Run& r) { return r.err.trimmed().count('\n') == 0 && !r.err.trimmed().isEmpty(); }

}  // namespace

// The registry's compare view in every format, from a recipe run as the CLI
// runs one: figures are non-empty, CSV holds the difference.
void tst_Compare::exportsEveryFormat() {
    session::Recipe r;
    r.demo = true;
    r.text = kTextA;
    r.view = QStringLiteral("compare");
    r.compareText = kTextB;
    r.layer = 1;
    r.head = 2;
    const session::RecipeRun run = session::runRecipe(r);
    QVERIFY(run.comparison);
    QCOMPARE(run.comparison->b->tokens, session::tokenize(demo_, kTextB, session::CropPolicy::KeepLast).ids);
    const MatrixRM want = weight_difference(*run.comparison->a, *run.comparison->b, 1, 2);
    for (const render::Format f : session::viewOf("compare").formats) {
        session::Recipe one = r;
        one.format = f;
        const QString path = dir_.filePath("cmp." + render::formatName(f));
        session::exportRecipe(one, run.data, run.tokens.texts, path);
        QVERIFY2(QFileInfo(path).size() > 100, qPrintable(path));
    }
    // CSV: one row per common position, the values of B − A.
    QFile csv(dir_.filePath("cmp.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    int rows = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].trimmed().split(',');
        if (cells.size() < 2) continue;
        QCOMPARE(int(cells.size()) - 1, int(want.cols()));
        for (int j = 0; j < want.cols(); ++j) QCOMPARE(cells[j + 1].toFloat(), want(rows, j));
        ++rows;
    }
    QCOMPARE(rows, int(want.rows()));
    // JSON: A, B and B − A stacked.
    QFile json(dir_.filePath("cmp.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(o["what"].toString(), QStringLiteral("a_b_difference"));
    const QJsonArray shape = o["shape"].toArray();
    QCOMPARE(shape.size(), 3);
    QCOMPARE(shape[0].toInt(), 3);
    QCOMPARE(shape[1].toInt(), int(want.rows()));
    const QJsonArray stack = o["a_b_difference"].toArray();
    QCOMPARE(float(stack[2].toArray()[3].toArray()[1].toDouble()), want(3, 1));
    QCOMPARE(float(stack[0].toArray()[3].toArray()[1].toDouble()), run.comparison->a->head_weights(1, 2)(3, 1));
    // B's tokens are there beside A's (its stack plane has no other labels).
    const QJsonObject b = o["b"].toObject();
    const QJsonArray bIds = b["ids"].toArray(), bTexts = b["tokens"].toArray();
    QCOMPARE(bIds.size(), run.comparison->b->T());
    QCOMPARE(bTexts.size(), run.comparison->b->T());
    for (int i = 0; i < bIds.size(); ++i) {
        QCOMPARE(bIds[i].toInt(), run.comparison->b->tokens[size_t(i)]);
        QCOMPARE(bTexts[i].toString(), run.comparison->bTexts[i]);
    }
    QCOMPARE(o["ids"].toArray().size(), run.comparison->a->T());
    // The NPY's tokens file has them too.
    QFile side(render::tokensJsonPath(dir_.filePath("cmp.npy")));
    QVERIFY(side.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(side.readAll()).object()["b"].toObject()["ids"].toArray(), bIds);
    // Without a comparison the data cannot be made, and the figure says how to choose B.
    session::Recipe none = r;
    none.compareText = QStringLiteral("something else");
    QVERIFY(testutil::errorOf([&] { session::dataFor(none, *run.trace); }));
    const auto fig = session::makeFigure(none, run.data);
    QVERIFY(fig->title().contains("No comparison"));
}

void tst_Compare::recipesNameWhatBIs() {
    session::Recipe r;
    r.modelPath = "/m.safetensors";
    r.text = "ab";
    r.view = "compare";
    r.compareText = "cd";
    r.compareMode = render::CompareMode::Difference;
    QByteArray json = session::recipeToJson(r);
    QVERIFY2(json.contains("\"compare_text\": \"cd\"") && !json.contains("compare_model"), json.constData());
    QVERIFY(json.contains("\"compare_mode\": \"difference\""));
    session::Recipe back = session::recipeFromJson(json);
    QCOMPARE(back.compareText, QStringLiteral("cd"));
    QCOMPARE(back.compareMode, render::CompareMode::Difference);
    QCOMPARE(session::recipeToJson(back), json);
    r.compareText.clear();
    r.compareModel = "/ckpt-2.safetensors";
    json = session::recipeToJson(r);
    QVERIFY2(json.contains("\"compare_model\": \"/ckpt-2.safetensors\"") && !json.contains("compare_text"), json.constData());
    back = session::recipeFromJson(json);
    QCOMPARE(session::CompareSpec::ofRecipe(back), session::CompareSpec::ofModel("/ckpt-2.safetensors"));
    // Both, or a bad mode, are refused.
    QByteArray both = json;
    both.replace("\"compare_model\"", "\"compare_text\": \"x\", \"compare_model\"");
    QVERIFY(testutil::errorOf([&] { session::recipeFromJson(both); }));
    QByteArray badMode = json;
    badMode.replace("\"difference\"", "\"sideways\"");
    QVERIFY(testutil::errorOf([&] { session::recipeFromJson(badMode); }));
    // Other views carry no compare members.
    r.view = "head";
    QVERIFY(!session::recipeToJson(r).contains("compare"));
}

void tst_Compare::figureTitleSaysWhatItCovers() {
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const auto c = session::compareWithText(demo_, a, ta, kTextB, session::optionsLike(*a, 1 << 30, 0), session::CropPolicy::KeepLast);
    for (const render::CompareMode m : {render::CompareMode::SideBySide, render::CompareMode::Difference}) {
        const render::CompareFigure fig(c.figureData(), 2, 3, m, render::Style());
        QCOMPARE(fig.layer(), 2);
        QCOMPARE(fig.head(), 3);
        QVERIFY2(fig.differenceTitle().contains(QString("first %1 positions").arg(c.common())), qPrintable(fig.differenceTitle()));
        QVERIFY2(fig.title().startsWith("L2 H3"), qPrintable(fig.title()));
        QVERIFY2(fig.title().contains("JULIET"), qPrintable(fig.title()));
        QCOMPARE(fig.panelA() != nullptr, m == render::CompareMode::SideBySide);
        QCOMPARE(fig.difference(), weight_difference(*c.a, *c.b, 2, 3));
        // The symmetric range is the largest |difference|; its ends are full red and blue.
        QCOMPARE(fig.range(), double(fig.difference().cwiseAbs().maxCoeff()));
        QImage img(800, 600, QImage::Format_ARGB32);
        QPainter p(&img);
        fig.paint(p, QRectF(0, 0, 800, 600));
        p.end();
        // The difference is painted where the figure says, in its colours.
        const QRectF heat = fig.differenceRect(QRectF(0, 0, 800, 600));
        QVERIFY(heat.width() > 50);
        const int n = fig.common();
        const double cell = heat.width() / n;
        const QPoint at(int(heat.left() + 0.5 * cell), int(heat.top() + (n - 0.5) * cell));  // (n-1, 0)
        QCOMPARE(QColor(img.pixel(at)), fig.differenceColor(n - 1, 0));
    }
}

// Painted smaller than one pixel per position, the difference keeps its
// strongest cell: each pixel shows its block's largest |B − A|.
void tst_Compare::smallFiguresKeepTheLargestChange() {
    QString textB;
    while (textB.size() < 200) textB += QStringLiteral("JULIET: Who calls so late beneath my window here? ");
    QString textA = textB;
    textA[120] = QLatin1Char('Q');  // one change in the middle: later rows differ a little
    const session::Tokenized ta = session::tokenize(demo_, textA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const auto c = session::compareWithText(demo_, a, ta, textB, session::optionsLike(*a, 1 << 30, 0), session::CropPolicy::KeepLast);
    render::Style style;
    style.showColorBar = false;
    const render::CompareFigure fig(c.figureData(), 1, 0, render::CompareMode::Difference, style);
    const QRectF area(0, 0, 150, 150);
    const QRectF heat = fig.differenceRect(area);
    QVERIFY2(heat.width() < fig.common() / 2, qPrintable(QString::number(heat.width())));
    Eigen::Index r = 0, col = 0;
    fig.difference().cwiseAbs().maxCoeff(&r, &col);
    QVERIFY(fig.range() > 1e-3);
    const QColor strongest = fig.differenceColor(int(r), int(col));
    QImage img(150, 150, QImage::Format_RGB32);
    QPainter p(&img);
    fig.paint(p, area);
    p.end();
    bool found = false;
    for (int y = int(heat.top()); y < int(heat.bottom()) && !found; ++y)
        for (int x = int(heat.left()); x < int(heat.right()) && !found; ++x) found = QColor(img.pixel(x, y)) == strongest;
    QVERIFY2(found, qPrintable(strongest.name()));
}

// Past 2,048 positions the comparison reads both heads a band of rows at a
// time and draws them pooled, as the head detail does: whole, the two heads,
// their difference and its image were 1 GB at 8,192 tokens. Each cell of the
// difference is its block's change of largest size, sign kept.
void tst_Compare::longTextsArePooledBandByBand_data() {
    QTest::addColumn<int>("moreA");
    QTest::addColumn<int>("moreB");
    QTest::newRow("as long") << 0 << 0;
    // Each trace's band rows are as long as its own text (a buffer sized by
    // the shorter one overflowed and read rows at the wrong offsets).
    QTest::newRow("B longer") << 0 << 40;
    QTest::newRow("A longer") << 40 << 0;
}

void tst_Compare::longTextsArePooledBandByBand() {
    QFETCH(int, moreA);
    QFETCH(int, moreB);
    constexpr int T = 2100;  // the positions A and B share
    const session::Document doc = session::randomDocument(ModelConfig::seed(96, 2304, 32, 2, 2), 3);
    QString text;
    while (text.size() < T + 40) text += QStringLiteral("a long text, compared a band of rows at a time. ");
    const QString textB = text.left(T + moreB);
    QString textA = text.left(T + moreA);
    textA[1000] = QLatin1Char('Q');
    const session::Tokenized ta = session::tokenize(doc, textA, session::CropPolicy::KeepLast);
    QCOMPARE(int(ta.ids.size()), T + moreA);
    const auto a = runOn(doc, ta.ids);
    const auto c = session::compareWithText(doc, a, ta, textB, session::optionsLike(*a, 1 << 30, 0), session::CropPolicy::KeepLast);
    const MatrixRM whole = weight_difference(*c.a, *c.b, 1, 1);
    constexpr int block = 4, m = (T + block - 1) / block;
    MatrixRM want = MatrixRM::Constant(m, m, std::numeric_limits<float>::quiet_NaN());
    for (int r = 0; r < T; ++r)
        for (int k = 0; k <= r; ++k) {
            float& cell = want(r / block, k / block);
            if (std::isnan(cell) || std::abs(whole(r, k)) > std::abs(cell)) cell = whole(r, k);
        }
    Eigen::Index br = 0, bc = 0;
    const float largest = whole.cwiseAbs().maxCoeff(&br, &bc);
    QVERIFY(largest > 1e-3);
    for (const render::CompareMode mode : {render::CompareMode::Difference, render::CompareMode::SideBySide}) {
        render::Style style;
        const render::CompareFigure fig(c.figureData(), 1, 1, mode, style);
        QCOMPARE(fig.common(), T);
        QCOMPARE(fig.block(), block);
        QCOMPARE(fig.difference().rows(), Eigen::Index(m));
        // NaN where the mask hides a whole block (above the diagonal), else the same bits.
        QVERIFY((fig.difference().array().isNaN() == want.array().isNaN()).all());
        QVERIFY((fig.difference().array() == want.array() || want.array().isNaN()).all());
        QVERIFY(want.array().isNaN().count() > 0);
        QCOMPARE(fig.range(), double(largest));
        QVERIFY2(fig.differenceTitle().contains(QStringLiteral("4 × 4")), qPrintable(fig.differenceTitle()));
        if (mode == render::CompareMode::SideBySide) {
            QVERIFY(fig.panelA() && fig.panelB());
            QCOMPARE(fig.panelA()->block(), block);
            QCOMPARE(fig.panelB()->block(), block);
            QCOMPARE(fig.panelB()->values()(int(br) / block, int(bc) / block),
                     c.b->head_weights(1, 1).block(int(br) / block * block, int(bc) / block * block, block, block).maxCoeff());
        } else {
            QVERIFY(!fig.panelA());
        }
        // The strongest change is painted, whatever the figure's size.
        QImage img(700, 700, QImage::Format_RGB32);
        {
            QPainter p(&img);
            fig.paint(p, QRectF(img.rect()));
        }
        const QRect heat = fig.differenceRect(QRectF(img.rect())).toRect();
        const QColor strongest = fig.differenceColor(int(br), int(bc));
        bool found = false;
        for (int y = heat.top(); y <= heat.bottom() && !found; ++y)
            for (int x = heat.left(); x <= heat.right() && !found; ++x) found = QColor(img.pixel(x, y)) == strongest;
        QVERIFY2(found, qPrintable(strongest.name()));
    }
}

void tst_Compare::cliExportsTheDifference() {
    const QString out = dir_.filePath("cli.csv");
    const Run r = cli({"export", "--view", "compare", "--text", kTextA, "--compare-text", kTextB, "--layer", "2", "--head",
                       "1", "-o", out, "--save-recipe", dir_.filePath("cli.recipe.json")});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const auto c = session::compareWithText(demo_, a, ta, kTextB, session::optionsLike(*a, int64_t(1) << 30, 0), session::CropPolicy::KeepLast);
    const MatrixRM want = weight_difference(*c.a, *c.b, 2, 1);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(int(lines.size()), int(want.rows()) + 1);
    const QList<QByteArray> last = lines.back().trimmed().split(',');
    QCOMPARE(last.back().toFloat(), want(want.rows() - 1, want.cols() - 1));
    QCOMPARE(last[1].toFloat(), want(want.rows() - 1, 0));
    // The recipe names B and replays to the same bytes.
    QFile rec(dir_.filePath("cli.recipe.json"));
    QVERIFY(rec.open(QIODevice::ReadOnly));
    QVERIFY(rec.readAll().contains("\"compare_text\": \"JULIET: Who calls so late\""));
    const Run again = cli({"export", "--recipe", dir_.filePath("cli.recipe.json"), "-o", dir_.filePath("again.csv")});
    QVERIFY2(again.status == 0, qPrintable(again.err));
    QFile f2(dir_.filePath("again.csv"));
    QVERIFY(f.seek(0) && f2.open(QIODevice::ReadOnly));
    QCOMPARE(f2.readAll(), f.readAll());
    // Another model, as a PDF of the difference alone.
    const QString ck = saveRandom("ck2.safetensors", 2);
    const Run m = cli({"export", "--view", "compare", "--text", kTextA, "--compare-model", ck, "--compare-mode", "difference",
                       "-o", dir_.filePath("m.pdf")});
    QVERIFY2(m.status == 0, qPrintable(m.err));
    QVERIFY(QFileInfo(dir_.filePath("m.pdf")).size() > 1000);
}

void tst_Compare::cliBadUsageExitsTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    const QStringList base{"export", "--text", "ROMEO:", "-o", QDir::temp().filePath("attnscope-compare-never.png")};
    QTest::newRow("no B") << (base + QStringList{"--view", "compare"}) << "--view compare needs --compare-text";
    QTest::newRow("two Bs") << (base + QStringList{"--view", "compare", "--compare-text", "a", "--compare-model", "m"})
                            << "only one of --compare-text";
    QTest::newRow("B for another view") << (base + QStringList{"--view", "head", "--compare-text", "a"}) << "go with --view compare";
    QTest::newRow("mode for another view") << (base + QStringList{"--compare-mode", "difference"}) << "go with --view compare";
    QTest::newRow("bad mode") << (base + QStringList{"--view", "compare", "--compare-text", "a", "--compare-mode", "sideways"})
                              << "--compare-mode must be one of";
    QTest::newRow("empty text") << (base + QStringList{"--view", "compare", "--compare-text", ""}) << "compare text is empty";
    QTest::newRow("missing value") << QStringList{"export", "--text", "ROMEO:", "-o", QDir::temp().filePath("attnscope-compare-never.png"), "--view", "compare", "--compare-text"}
                                   << "compare-text";
    QTest::newRow("layer out of range") << (base + QStringList{"--view", "compare", "--compare-text", "a", "--layer", "99"})
                                        << "layer 99 is out of range";
}

void tst_Compare::cliBadUsageExitsTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    const Run r = cli(args);
    QCOMPARE(r.status, 2);
    QVERIFY2(oneLine(r), qPrintable(r.err));
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
}

void tst_Compare::cliOtherErrorsExitOne_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("needle");
    const QStringList base{"export", "--text", "ROMEO:", "--view", "compare", "-o", QDir::temp().filePath("attnscope-compare-never.png")};
    // The deeper model is written by the test itself (a data function also
    // runs for -datatags, before initTestCase has loaded the demo).
    QTest::newRow("another shape") << (base + QStringList{"--compare-model", "@deeper"})
                                   << "a comparison needs models of the same shape";
    QTest::newRow("corrupt model") << (base + QStringList{"--compare-model", testutil::fixtures("cli/invalid_utf8.txt")})
                                   << "invalid_utf8.txt";
    QTest::newRow("missing model") << (base + QStringList{"--compare-model", "/nonexistent/b.safetensors"})
                                   << "/nonexistent/b.safetensors";
    QTest::newRow("invalid UTF-8 text file") << (base + QStringList{"--compare-text-file", testutil::fixtures("cli/invalid_utf8.txt")})
                                             << "not valid UTF-8";
    QTest::newRow("no characters the model knows") << (base + QStringList{"--compare-text", "日本語"}) << "none of the text's characters";
}

void tst_Compare::cliOtherErrorsExitOne() {
    QFETCH(QStringList, args);
    QFETCH(QString, needle);
    for (QString& a : args)
        if (a == QLatin1String("@deeper")) a = saveRandom("deep.safetensors", 1, 7);
    const Run r = cli(args);
    QCOMPARE(r.status, 1);
    QVERIFY2(oneLine(r), qPrintable(r.err));
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(QDir::temp().filePath("attnscope-compare-never.png")));
}
