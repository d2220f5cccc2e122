// tst_model, continued: shape records, threads, ablation, rebuilt weights, the
// plain-loop reference, reused buffers, bad input, progress, random init,
// safetensors and trace names (tst_model.h has the test class).
#include "tst_model.h"

void tst_Model::shapeRecords() {
    const Model m(randomModel(2, 4, 32, 64, 50, 1));
    RunOptions opt;
    opt.logits_rows = 3;
    const Trace tr = m.run(randomTokens(9, 50, 1), opt);
    auto find = [&](const std::string& stage, int layer) -> Shape {
        for (const StageRecord& s : tr.stages)
            if (s.stage == stage && s.layer == layer) return s.shape;
        return {};
    };
    QCOMPARE(find("tokens", -1), (Shape{9}));
    QCOMPARE(find("embed", -1), (Shape{9, 32}));
    QCOMPARE(find("q", 1), (Shape{9, 4, 8}));
    QCOMPARE(find("scores", 0), (Shape{4, 9, 9}));
    QCOMPARE(find("softmax", 1), (Shape{4, 9, 9}));
    QCOMPARE(find("weighted_sum", 0), (Shape{9, 4, 8}));
    QCOMPARE(find("concat", 0), (Shape{9, 32}));
    QCOMPARE(find("mlp_hidden", 1), (Shape{9, 128}));
    QCOMPARE(find("logits", -1), (Shape{3, 50}));
    QCOMPARE(int(tr.stages.size()), 4 + 2 * 16 + 2);
    // Every record names a tensor of that shape, or of the same size seen per head.
    for (const StageRecord& s : tr.stages) {
        if (s.tensor.empty()) continue;
        const Tensor t = tr.tensor(s.tensor);
        QCOMPARE(t.numel(), shape_numel(s.shape));
        if (s.stage != "weighted_sum") QCOMPARE(t.shape, s.shape);
    }
    QCOMPARE(tr.logits_first, 6);
}

void tst_Model::threadsAgree_data() {
    QTest::addColumn<bool>("gpt2");
    QTest::addColumn<int>("T");
    QTest::newRow("seed/T=100") << false << 100;
    QTest::newRow("gpt2/T=70") << true << 70;
}

void tst_Model::threadsAgree() {
    QFETCH(bool, gpt2);
    QFETCH(int, T);
    // Wide enough that the linear layers split across threads.
    const Model m(randomModel(2, 4, 256, 128, 300, 5, gpt2));
    const auto ids = randomTokens(T, 300, 9);
    RunOptions one, two;
    one.threads = 1;
    two.threads = 2;
    one.logits_rows = two.logits_rows = -1;
    const Trace a = m.run(ids, one), b = m.run(ids, two);
    for (const std::string& name : a.tensor_names()) {
        const Tensor x = a.tensor(name), y = b.tensor(name);
        QCOMPARE(x.shape, y.shape);
        const double d = testutil::maxAbsDiff(x.data.data(), y.data.data(), x.numel(), 1e-6);
        QVERIFY2(d <= 1e-6, qPrintable(QStringLiteral("%1 differs by %2").arg(QString::fromStdString(name)).arg(d)));
    }
}

void tst_Model::ablatedHeadContributesNothing() {
    auto w = std::make_shared<Weights>(*randomModel(2, 4, 32, 64, 40, 21));
    const auto ids = randomTokens(20, 40, 2);
    RunOptions opt;
    opt.ablate = {{1, 2}};
    const Trace ablated = Model(w).run(ids, opt);
    QVERIFY(ablated.is_ablated(1, 2));
    // The head's slice of the concatenated output is zero...
    const auto heads = ablated.layers[1].heads.cmatrix();
    QCOMPARE(heads.middleCols(2 * 8, 8).cwiseAbs().maxCoeff(), 0.0f);
    QVERIFY(heads.middleCols(1 * 8, 8).cwiseAbs().maxCoeff() > 0.0f);
    // ...its weights are still recorded...
    QVERIFY(std::abs(ablated.head_weights(1, 2).sum() - 20.0f) < 1e-4f);
    // ...and the output equals a model whose head has all-zero value weights.
    w->layers[1].attn.v.weight.middleRows(2 * 8, 8).setZero();
    const Trace zeroed = Model(w).run(ids);
    const double d = testutil::maxAbsDiff(ablated.logits.data.data(), zeroed.logits.data.data(),
                                          zeroed.logits.numel(), 1e-6);
    QVERIFY(d <= 1e-6);
    // Ablating something else really changes the output.
    RunOptions other;
    other.ablate = {{0, 0}};
    const Trace changed = Model(w).run(ids, other);
    QVERIFY(testutil::maxAbsDiff(changed.logits.data.data(), zeroed.logits.data.data(), zeroed.logits.numel(), 0) > 1e-4);
}

void tst_Model::rebuiltWeightsAreBitIdentical_data() {
    QTest::addColumn<bool>("causal");
    QTest::newRow("causal") << true;
    QTest::newRow("bidirectional") << false;
}

void tst_Model::rebuiltWeightsAreBitIdentical() {
    QFETCH(bool, causal);
    const Model m(randomModel(2, 3, 48, 256, 60, 8));
    const auto ids = randomTokens(200, 60, 4);
    RunOptions dense, budget;
    dense.causal = budget.causal = causal;
    budget.attention_budget_bytes = 2 * 3 * 100 * 100 * 4;  // far less than 2*3*200*200*4
    const Trace a = m.run(ids, dense), b = m.run(ids, budget);
    QVERIFY(a.weights_dense);
    QVERIFY(!b.weights_dense);
    QVERIFY(b.bytes() < a.bytes());
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h) {
            const MatrixRM x = a.head_weights(l, h), y = b.head_weights(l, h);
            QVERIFY(std::memcmp(x.data(), y.data(), sizeof(float) * size_t(x.size())) == 0);
            QCOMPARE(b.weight(l, h, 150, 3), x(150, 3));
            QCOMPARE(b.weight(l, h, 199, 199), x(199, 199));
            for (const int q : {0, 63, 64, 150, 199}) {  // one row alone, stored or rebuilt
                const std::vector<float> ra = a.head_row(l, h, q), rb = b.head_row(l, h, q);
                QCOMPARE(int(rb.size()), 200);
                QVERIFY(std::memcmp(ra.data(), x.row(q).data(), sizeof(float) * 200) == 0);
                QVERIFY(std::memcmp(rb.data(), x.row(q).data(), sizeof(float) * 200) == 0);
            }
        }
    // Head outputs do not depend on how weights are stored.
    QCOMPARE(a.layers[1].out.data, b.layers[1].out.data);
}

void tst_Model::matchesPlainLoopReference_data() {
    QTest::addColumn<bool>("gpt2");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("T");
    QTest::newRow("seed/causal/T=70") << false << true << 70;
    QTest::newRow("seed/bidirectional/T=33") << false << false << 33;
    QTest::newRow("gpt2/causal/T=129") << true << true << 129;
}

void tst_Model::matchesPlainLoopReference() {
    QFETCH(bool, gpt2);
    QFETCH(bool, causal);
    QFETCH(int, T);
    const auto w = randomModel(2, 4, 40, 160, 23, 3, gpt2);
    const auto ids = randomTokens(T, 23, 6);
    RunOptions opt;
    opt.causal = causal;
    opt.logits_rows = -1;
    opt.ablate = {{0, 3}};
    const Trace tr = Model(w).run(ids, opt);
    const reference::Result ref = reference::forward(*w, ids, causal, opt.ablate);
    for (int l = 0; l < 2; ++l) {
        for (int h = 0; h < 4; ++h) {
            const MatrixRM got = tr.head_weights(l, h);
            const MatrixRM& want = ref.weights[size_t(l * 4 + h)];
            QVERIFY(testutil::maxAbsDiff(got.data(), want.data(), got.size(), 1e-5) <= 1e-5);
        }
        QVERIFY(testutil::maxAbsDiff(tr.layers[size_t(l)].out.data.data(), ref.block_out[size_t(l)].data(),
                                     ref.block_out[size_t(l)].size(), 1e-5) <= 1e-5);
    }
    QVERIFY(testutil::maxAbsDiff(tr.logits.data.data(), ref.logits.data(), ref.logits.size(), 1e-5) <= 1e-5);
}

void tst_Model::buffersAreReused() {
    const Model m(randomModel(2, 4, 32, 128, 30, 2));
    Trace tr;
    m.run(randomTokens(100, 30, 1), {}, tr);
    const float* weights = tr.layers[1].weights.data.data();
    const float* mlp = tr.layers[0].mlp_hidden.data.data();
    m.run(randomTokens(60, 30, 2), {}, tr);
    QCOMPARE(tr.T(), 60);
    QCOMPARE(tr.layers[1].weights.data.data(), weights);
    QCOMPARE(tr.layers[0].mlp_hidden.data.data(), mlp);
    m.run(randomTokens(100, 30, 3), {}, tr);
    QCOMPARE(tr.layers[1].weights.data.data(), weights);
}

void tst_Model::badInputGivesClearErrors() {
    const Model m(randomModel(1, 2, 16, 8, 10, 2));
    auto code = [&](std::vector<int> ids, RunOptions opt = {}) {
        try {
            m.run(ids, opt);
        } catch (const Error& e) {
            return std::make_pair(e.code(), QString::fromUtf8(e.what()));
        }
        return std::make_pair(ErrorCode::Io, QString());
    };
    auto [c1, m1] = code({});
    QCOMPARE(c1, ErrorCode::EmptyInput);
    auto [c2, m2] = code(std::vector<int>(9, 1));
    QCOMPARE(c2, ErrorCode::ContextOverflow);
    QVERIFY2(m2.contains("9 tokens") && m2.contains("context length of 8"), qPrintable(m2));
    auto [c3, m3] = code({1, 10});
    QCOMPARE(c3, ErrorCode::InvalidArgument);
    QVERIFY2(m3.contains("token id 10") && m3.contains("position 1"), qPrintable(m3));
    RunOptions bad;
    bad.ablate = {{1, 0}};
    QCOMPARE(code({1}, bad).first, ErrorCode::InvalidArgument);
    // Exactly context_length tokens is fine.
    QCOMPARE(m.run(std::vector<int>(8, 3)).T(), 8);
}

void tst_Model::progressCanCancel() {
    const Model m(randomModel(3, 2, 16, 16, 10, 2));
    std::vector<int> seen;
    m.run(std::vector<int>{1, 2, 3}, {}, [&](int done, int total) {
        seen.push_back(done);
        return total == 5;
    });
    QCOMPARE(seen, (std::vector<int>{1, 2, 3, 4, 5}));
    int calls = 0;
    try {
        m.run(std::vector<int>{1, 2, 3}, {}, [&](int, int) { return ++calls < 2; });
        QFAIL("a cancelled run must throw");
    } catch (const Error& e) {
        QCOMPARE(e.code(), ErrorCode::Cancelled);
    }
    QCOMPARE(calls, 2);
}

void tst_Model::randomInitIsDeterministicAndPyTorchLike() {
    const ModelConfig c = ModelConfig::seed(500, 64, 64, 4, 2);
    const Weights a = random_weights(c, 42), b = random_weights(c, 42), d = random_weights(c, 43);
    QCOMPARE(to_seed_state_dict(a).at("attn_blocks.1.mlp.proj.weight").data,
             to_seed_state_dict(b).at("attn_blocks.1.mlp.proj.weight").data);
    QVERIFY(a.layers[0].attn.q.weight != d.layers[0].attn.q.weight);
    // Linear: U(-1/sqrt(in), 1/sqrt(in)); its spread reaches most of the bound.
    const float bound = 1.0f / std::sqrt(64.0f);
    QVERIFY(a.layers[0].attn.q.weight.cwiseAbs().maxCoeff() <= bound);
    QVERIFY(a.layers[0].attn.q.weight.cwiseAbs().maxCoeff() > 0.95f * bound);
    QVERIFY(a.layers[1].mlp.proj.weight.cwiseAbs().maxCoeff() <= 1.0f / std::sqrt(256.0f));
    // Embedding: N(0, 1).
    const double mean = a.tok_embed.mean();
    const double var = (a.tok_embed.array() - float(mean)).square().mean();
    QVERIFY(std::abs(mean) < 0.02);
    QVERIFY(std::abs(var - 1.0) < 0.03);
    // LayerNorm: weight 1, bias 0.
    QCOMPARE(a.layers[1].ln2.weight.minCoeff(), 1.0f);
    QCOMPARE(a.ln_f.bias.cwiseAbs().maxCoeff(), 0.0f);
}

void tst_Model::safetensorsRoundTrip() {
    QTemporaryDir dir;
    const std::string path = testutil::str(dir.filePath("m.safetensors"));
    for (bool gpt2 : {false, true}) {
        const auto w = randomModel(2, 3, 24, 16, 19, 4, gpt2);
        save_model(path, *w, {{"note", "hello"}});
        const LoadedModel back = load_model(path);
        QCOMPARE(back.weights->config, w->config);
        QCOMPARE(back.metadata.at("note"), std::string("hello"));
        const TensorMap x = to_seed_state_dict(*w), y = to_seed_state_dict(*back.weights);
        QCOMPARE(x.size(), y.size());
        for (const auto& [name, t] : x) {
            QCOMPARE(y.at(name).shape, t.shape);
            QVERIFY(std::memcmp(y.at(name).data.data(), t.data.data(), t.data.size() * 4) == 0);
        }
        // Identical bytes when written again.
        const std::string again = testutil::str(dir.filePath("again.safetensors"));
        save_model(again, *back.weights, {{"note", "hello"}});
        QFile f1(QString::fromStdString(path)), f2(QString::fromStdString(again));
        QVERIFY(f1.open(QIODevice::ReadOnly) && f2.open(QIODevice::ReadOnly));
        QCOMPARE(f1.readAll(), f2.readAll());
    }
}

void tst_Model::traceNamesResolve() {
    const Model m(randomModel(1, 2, 16, 16, 10, 2));
    const Trace tr = m.run(std::vector<int>{1, 2, 3});
    const auto names = tr.tensor_names();
    QVERIFY(std::find(names.begin(), names.end(), "blk.0.attn.weights") != names.end());
    QCOMPARE(tr.tensor("blk.0.attn.mask").shape, (Shape{3, 3}));
    QCOMPARE(tr.tensor("blk.0.attn.q").shape, (Shape{3, 2, 8}));
    bool threw = false;
    try {
        tr.tensor("blk.7.ln1");
    } catch (const Error& e) {
        threw = e.code() == ErrorCode::InvalidArgument && QString(e.what()).contains("blk.7.ln1");
    }
    QVERIFY(threw);
}
