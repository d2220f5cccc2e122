// Compare (issue 11, item 5) below the GUI: the difference B − A against two
// separately computed traces, cell by cell; shapes that do not match; bad B
// input; the registry's figure and data in every format; recipes; and the
// CLI's --view compare with its bad arguments.
#include "tst_compare.h"

void tst_Compare::initTestCase() {
    QVERIFY(dir_.isValid());
    demo_ = session::openDocument(QString());
    QVERIFY(demo_.model.weights && demo_.tokenizer);
}

QString tst_Compare::saveRandom(const QString& name, uint64_t seed, int nLayer) {
    ModelConfig c = demo_.model.weights->config;
    if (nLayer > 0) c.n_layer = nLayer;
    const QString path = dir_.filePath(name);
    save_model(testutil::str(path), random_weights(c, seed));
    return path;
}

void tst_Compare::textDifferenceEqualsSeparateRuns_data() {
    QTest::addColumn<bool>("dense");
    QTest::addColumn<bool>("causal");
    QTest::newRow("stored weights") << true << true;
    QTest::newRow("rebuilt past the budget") << false << true;
    QTest::newRow("bidirectional") << true << false;
}

// Every cell of every head: B − A over the common positions is the second
// text's run minus the first's, each computed on its own.
void tst_Compare::textDifferenceEqualsSeparateRuns() {
    QFETCH(bool, dense);
    QFETCH(bool, causal);
    RunOptions o;
    o.causal = causal;
    if (!dense) o.attention_budget_bytes = 1;
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const session::Tokenized tb = session::tokenize(demo_, kTextB, session::CropPolicy::KeepLast);
    QVERIFY(ta.ids.size() != tb.ids.size());
    const auto a = runOn(demo_, ta.ids, o);
    const auto bAlone = runOn(demo_, tb.ids, o);
    const session::Comparison c = session::compareWithText(demo_, a, ta, kTextB, session::optionsLike(*a, o.attention_budget_bytes, 0),
                                                           session::CropPolicy::KeepLast);
    QCOMPARE(c.b->tokens, tb.ids);
    QCOMPARE(c.b->weights_dense, dense);
    QCOMPARE(c.b->causal, causal);
    const int n = int(std::min(ta.ids.size(), tb.ids.size()));
    QCOMPARE(c.common(), n);
    for (int l = 0; l < a->n_layer(); ++l)
        for (int h = 0; h < a->n_head(); ++h) {
            const MatrixRM d = weight_difference(*c.a, *c.b, l, h);
            QCOMPARE(int(d.rows()), n);
            QCOMPARE(int(d.cols()), n);
            const MatrixRM wa = a->head_weights(l, h), wb = bAlone->head_weights(l, h);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    if (d(i, j) != wb(i, j) - wa(i, j))
                        QFAIL(qPrintable(QString("L%1 H%2 (%3, %4): %5, want %6").arg(l).arg(h).arg(i).arg(j)
                                             .arg(d(i, j)).arg(wb(i, j) - wa(i, j))));
        }
    // Not all zero: the two texts attend differently.
    QVERIFY(weight_difference(*c.a, *c.b, 0, 1).cwiseAbs().maxCoeff() > 1e-3);
}

// One text on two models: B is A's tokens on the second model.
void tst_Compare::modelDifferenceEqualsSeparateRuns() {
    const QString path = saveRandom("b.safetensors", 5);
    const session::Document b = session::openDocument(path);
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const session::Comparison c = session::compareWithModel(b, demo_, a, ta, session::optionsLike(*a, int64_t(1) << 30, 0));
    QCOMPARE(c.b->tokens, a->tokens);
    QCOMPARE(c.spec.kind, session::CompareSpec::Model);
    QCOMPARE(c.bCaption(), QStringLiteral("b.safetensors"));
    const auto bAlone = runOn(b, ta.ids);
    for (int l = 0; l < a->n_layer(); ++l)
        for (int h = 0; h < a->n_head(); ++h) {
            const MatrixRM d = weight_difference(*c.a, *c.b, l, h);
            const MatrixRM want = bAlone->head_weights(l, h) - a->head_weights(l, h);
            QCOMPARE(d.rows(), want.rows());
            QVERIFY2(d == want, qPrintable(QString("L%1 H%2").arg(l).arg(h)));
        }
}

void tst_Compare::shapeMismatchIsRefusedNamingBothShapes() {
    const QString path = saveRandom("deeper.safetensors", 1, demo_.model.weights->config.n_layer + 1);
    const session::Document b = session::openDocument(path);
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const auto e = testutil::errorOf([&] { session::compareWithModel(b, demo_, a, ta, session::optionsLike(*a, 1 << 30, 0)); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::ShapeMismatch);
    const ModelConfig& ca = demo_.model.weights->config;
    const QString msg = QString::fromUtf8(e->what());
    QVERIFY2(msg.contains(QString("model B has %1 layers x %2 heads").arg(ca.n_layer + 1).arg(ca.n_head)), qPrintable(msg));
    QVERIFY2(msg.contains(QString("model A has %1 layers x %2 heads").arg(ca.n_layer).arg(ca.n_head)), qPrintable(msg));
    // weight_difference itself refuses traces of two shapes.
    const auto deeper = runOn(b, ta.ids);
    QVERIFY(testutil::errorOf([&] { weight_difference(*a, *deeper, 0, 0); }));
}

void tst_Compare::badBInputNeverCrashes() {
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const RunOptions o = session::optionsLike(*a, 1 << 30, 0);
    // Empty text, and a text of characters the vocabulary lacks.
    auto e = testutil::errorOf([&] { session::compareWithText(demo_, a, ta, QString(), o, session::CropPolicy::KeepLast); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::EmptyInput);
    e = testutil::errorOf([&] { session::compareWithText(demo_, a, ta, QStringLiteral("日本語"), o, session::CropPolicy::KeepLast); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::EmptyInput);
    // Lone surrogates (what a paste of broken text gives) are replaced, not fatal.
    const QString broken = QStringLiteral("ROMEO") + QChar(0xD800) + QStringLiteral(" light");
    const session::Comparison c = session::compareWithText(demo_, a, ta, broken, o, session::CropPolicy::KeepLast);
    QVERIFY(c.b->T() > 5);
    // A corrupt file, a text file and a missing file as model B: errors, no crash.
    QVERIFY(testutil::writeFile(dir_.filePath("corrupt.safetensors"), QByteArray("\x10\0\0\0\0\0\0\0{\"a\":", 13)));
    QVERIFY(testutil::writeFile(dir_.filePath("notes.txt"), "just some words\n"));
    for (const QString& p : {dir_.filePath("corrupt.safetensors"), dir_.filePath("notes.txt"), dir_.filePath("missing.pt")})
        QVERIFY2(testutil::errorOf([&] { session::openDocument(p); }), qPrintable(p));
    // A model B with a smaller vocabulary than A's tokens need.
    ModelConfig small = demo_.model.weights->config;
    small.vocab_size = 10;
    session::Document b = session::randomDocument(small, 3);
    e = testutil::errorOf([&] { session::compareWithModel(b, demo_, a, ta, o); });
    QVERIFY(e);
    QVERIFY2(QString(e->what()).contains("outside model B's vocabulary of 10"), e->what());
    // A model B with a shorter context than the text.
    ModelConfig shortCtx = demo_.model.weights->config;
    shortCtx.context_length = 4;
    b = session::randomDocument(shortCtx, 3);
    e = testutil::errorOf([&] { session::compareWithModel(b, demo_, a, ta, o); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::ContextOverflow);
}

// A text B longer than the context keeps its last context_length tokens, as A
// does (or is refused under the Refuse policy).
void tst_Compare::longTextBIsCroppedLikeA() {
    const int ctx = demo_.model.weights->config.context_length;
    QString longText;
    while (longText.size() < ctx + 50) longText += QStringLiteral("Speak once again, and let me hear thy voice. ");
    const session::Tokenized ta = session::tokenize(demo_, kTextA, session::CropPolicy::KeepLast);
    const auto a = runOn(demo_, ta.ids);
    const RunOptions o = session::optionsLike(*a, 1 << 30, 0);
    const session::Comparison c = session::compareWithText(demo_, a, ta, longText, o, session::CropPolicy::KeepLast);
    QCOMPARE(c.b->T(), ctx);
    QVERIFY(c.bDropped > 0);
    const session::Tokenized want = session::tokenize(demo_, longText, session::CropPolicy::KeepLast);
    QCOMPARE(c.b->tokens, want.ids);
    QCOMPARE(c.common(), a->T());
    const auto e = testutil::errorOf([&] { session::compareWithText(demo_, a, ta, longText, o, session::CropPolicy::Refuse); });
    QVERIFY(e);
    QCOMPARE(e->code(), ErrorCode::ContextOverflow);
}

// B is run under A's attention budget: past it, B too keeps q and k only.
void tst_Compare::bUsesTheSameAttentionBudgetAsA() {
    ModelConfig c;
    c.n_layer = 2;
    c.n_head = 4;
    c.n_embed = 32;
    c.context_length = 256;
    c.vocab_size = 96;
    const session::Document doc = session::randomDocument(c, 7);
    std::vector<int> ids;
    for (int i = 0; i < 200; ++i) ids.push_back((i * 7) % 90);
    RunOptions o;
    o.attention_budget_bytes = 4096;
    o.logits_rows = 0;  // as the app's runs and optionsLike's
    const auto a = runOn(doc, ids, o);
    QVERIFY(!a->weights_dense);
    session::Tokenized ta;
    ta.ids = ids;
    const auto bDoc = session::randomDocument(c, 8);
    const session::Comparison cmp = session::compareWithModel(bDoc, doc, a, ta, session::optionsLike(*a, o.attention_budget_bytes, 0));
    QVERIFY(!cmp.b->weights_dense);
    QCOMPARE(cmp.b->bytes(), a->bytes());
    QCOMPARE(int(weight_difference(*cmp.a, *cmp.b, 1, 3).rows()), 200);
}

QTEST_MAIN(tst_Compare)
#include "moc_tst_compare.cpp"
