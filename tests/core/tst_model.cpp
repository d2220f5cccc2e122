// Properties of the forward pass and its trace that hold for any weights.
#include "tst_model.h"

void tst_Model::rowsSumToOne_data() {
    QTest::addColumn<int>("T");
    QTest::addColumn<bool>("causal");
    for (int T : {1, 7, 64, 65, 150})
        for (bool causal : {true, false})
            QTest::addRow("T=%d/%s", T, causal ? "causal" : "bidirectional") << T << causal;
}

void tst_Model::rowsSumToOne() {
    QFETCH(int, T);
    QFETCH(bool, causal);
    const Model m(randomModel(2, 3, 24, 160, 31, 7));
    RunOptions opt;
    opt.causal = causal;
    const Trace tr = m.run(randomTokens(T, 31, 3), opt);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h) {
            const MatrixRM w = tr.head_weights(l, h);
            QVERIFY((w.array() >= 0.0f).all());
            const double worst = (w.rowwise().sum().array().cast<double>() - 1.0).abs().maxCoeff();
            QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
        }
}

void tst_Model::causalUpperTriangleIsZero() {
    const Model m(randomModel(2, 4, 32, 200, 17, 11));
    const Trace tr = m.run(randomTokens(130, 17, 5));
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 4; ++h) {
            const MatrixRM w = tr.head_weights(l, h);
            const MatrixRM s = tr.head_scores(l, h);
            for (int i = 0; i < 130; ++i)
                for (int j = i + 1; j < 130; ++j) {
                    QCOMPARE(w(i, j), 0.0f);  // exactly zero
                    QVERIFY(std::isinf(s(i, j)) && s(i, j) < 0);
                }
            QVERIFY((w.diagonal().array() > 0.0f).all());
        }
    const MatrixRM mask = tr.mask();
    QCOMPARE(mask.sum(), float(130 * 131 / 2));
    QCOMPARE(mask(0, 1), 0.0f);
    QCOMPARE(mask(1, 0), 1.0f);
}

// The views read a long text's head a band of rows at a time into one buffer
// (head_weights_into and the rest): the same bits as the bands returned, for
// stored and rebuilt weights, scores and a mask with knockouts, written only
// where the band lies; rows out of range are refused.
void tst_Model::bandsIntoABufferEqualBandsReturned() {
    const Model m(randomModel(2, 3, 24, 160, 31, 7));
    const std::vector<int> ids = randomTokens(150, 31, 5);
    for (const bool dense : {true, false}) {
        RunOptions opt;
        opt.attention_budget_bytes = dense ? int64_t(1) << 30 : 0;
        opt.knockout = {{0, 1, -1, 2}, {1, 0, 70, 3}};
        const Trace tr = m.run(ids, opt);
        QCOMPARE(tr.weights_dense, dense);
        const int T = tr.T();
        for (const auto& [r0, r1] : {std::pair{0, 150}, {64, 130}, {70, 71}, {149, 150}, {5, 5}}) {
            const size_t n = size_t(r1 - r0) * size_t(T);
            const auto check = [&](const char* what, const MatrixRM& want, auto write) {
                std::vector<float> got(n + 16, -7.0f);
                write(got.data());
                QVERIFY2(n == 0 || std::memcmp(got.data(), want.data(), n * sizeof(float)) == 0,
                         qPrintable(QStringLiteral("%1 rows [%2, %3) %4").arg(what).arg(r0).arg(r1).arg(dense ? "stored" : "rebuilt")));
                QVERIFY2(std::all_of(got.begin() + ptrdiff_t(n), got.end(), [](float v) { return v == -7.0f; }),
                         qPrintable(QStringLiteral("%1 wrote past its band").arg(what)));
            };
            for (int l = 0; l < 2; ++l)
                for (int h = 0; h < 3; ++h) {
                    check("weights", tr.head_weights(l, h, r0, r1, 2),
                          [&](float* out) { tr.head_weights_into(l, h, r0, r1, out, 2); });
                    check("scores", tr.head_scores(l, h, r0, r1, 2),
                          [&](float* out) { tr.head_scores_into(l, h, r0, r1, out, 2); });
                    check("mask", tr.mask(l, h, r0, r1), [&](float* out) { tr.mask_into(l, h, r0, r1, out); });
                }
        }
        // The knockouts are in the mask read into a buffer.
        std::vector<float> row(static_cast<size_t>(T));
        tr.mask_into(0, 1, 90, 91, row.data());
        QCOMPARE(row[2], 0.0f);
        QCOMPARE(row[3], 1.0f);
        tr.mask_into(1, 0, 70, 71, row.data());
        QCOMPARE(row[3], 0.0f);
        std::vector<float> sink(static_cast<size_t>(T) * 2);
        QVERIFY_THROWS_EXCEPTION(Error, tr.head_weights_into(0, 0, 149, 151, sink.data()));
        QVERIFY_THROWS_EXCEPTION(Error, tr.head_scores_into(0, 0, 3, 2, sink.data()));
        QVERIFY_THROWS_EXCEPTION(Error, tr.mask_into(0, 3, 0, 1, sink.data()));
    }
}

// Every one of the 65,536 float16 values read from a safetensors file equals
// its definition (sign, exponent, mantissa), whichever conversion the build
// uses (the CPU's F16C eight at a time, or the portable loop).
void tst_Model::everyHalfConvertsExactly() {
    const std::string header = R"({"h":{"dtype":"F16","shape":[65536],"data_offsets":[0,131072]}})";
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) bytes[size_t(i)] = char((header.size() >> (8 * i)) & 0xFF);
    bytes += header;
    for (uint32_t h = 0; h < 65536; ++h) bytes += char(h & 0xFF), bytes += char(h >> 8);
    const SafetensorsFile f = parse_safetensors(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size(), "halves");
    const Tensor& t = f.tensors.at("h");
    QCOMPARE(t.numel(), int64_t(65536));
    for (uint32_t h = 0; h < 65536; ++h) {
        const int exp = int(h >> 10) & 0x1F, mant = int(h & 0x3FF);
        const double sign = (h & 0x8000) ? -1.0 : 1.0;
        const float got = t.data[h];
        if (exp == 0x1F) {
            QVERIFY2(mant ? std::isnan(got) : got == float(sign * INFINITY), qPrintable(QString::number(h, 16)));
            continue;
        }
        const double want = exp == 0 ? sign * std::ldexp(mant, -24) : sign * std::ldexp(1024 + mant, exp - 25);
        QVERIFY2(got == float(want) && std::signbit(got) == bool(h & 0x8000), qPrintable(QString::number(h, 16)));
    }
}

// A --random spec's mistakes, each named: a key given as 0 (it was not
// "missing"), a value too large for a count (it was not "not an integer"),
// a model of no layers (refused here, not as "layer 0 is out of range" later).
void tst_Model::badModelSpecsSayWhatIsWrong() {
    const std::pair<const char*, const char*> cases[] = {
        {"vocab=0,context=64,n_embed=32,n_head=2,n_layer=1", "vocab must be at least 1, not 0"},
        {"vocab_size=0,context=64,n_embed=32,n_head=2,n_layer=1", "vocab must be at least 1, not 0"},
        {"vocab=96,context=64,n_embed=32,n_head=2,n_layer=0", "n_layer must be at least 1, not 0"},
        {"vocab=96,context=64,n_embed=32,n_head=2", "needs n_layer=N"},
        {"context=64,n_embed=32,n_head=2,n_layer=1", "needs vocab=N"},
        {"vocab=3000000000,context=64,n_embed=32,n_head=2,n_layer=1", "'vocab' is too large: '3000000000'"},
        {"vocab=99999999999999999999,context=64", "'vocab' is too large"},
        {"vocab=-3,context=64", "'vocab' is not a non-negative integer: '-3'"},
        {"vocab=9x,context=64", "'vocab' is not a non-negative integer: '9x'"},
    };
    for (const auto& [spec, says] : cases) {
        try {
            ModelConfig::parse_spec(spec);
            QFAIL(spec);
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find(says) != std::string::npos, e.what());
        }
    }
    QCOMPARE(ModelConfig::parse_spec("vocab=96,context=64,n_embed=32,n_head=2,n_layer=1").n_layer, 1);
}

// The estimate shown before a run is the bytes the run's trace then holds, for
// every kind of architecture row, with stored or rebuilt weights, kept or
// rebuilt activations and any number of logits rows.
void tst_Model::estimateIsWhatARunHolds() {
    const char* specs[] = {
        "arch=gpt2,n_layer=2,n_head=4,n_embed=32,context=128,vocab=50",
        "arch=llama,n_layer=2,n_head=6,n_kv_head=2,n_embed=48,mlp_hidden=80,context=128,vocab=70",
        "arch=qwen3,n_layer=1,n_head=4,n_kv_head=2,n_embed=32,head_dim=16,mlp_hidden=64,context=128,vocab=40",
        "arch=gpt_neox,n_layer=2,n_head=4,n_embed=32,context=128,vocab=60",
    };
    for (const char* spec : specs) {
        uint64_t seed = 0;
        const ModelConfig c = ModelConfig::parse_spec(spec, &seed);
        const Model m(std::make_shared<Weights>(random_weights(c, 3)));
        for (const int T : {1, 17, 100})
            for (const int64_t budget : {int64_t(1) << 30, int64_t(1000)})
                for (const int logits : {1, -1, 0})
                for (const int layers : {-1, 1}) {  // every block, or the first alone (RunOptions::layers)
                    RunOptions o;
                    o.layers = layers;
                    o.attention_budget_bytes = budget;
                    // Activations kept with the weights, dropped with them, or dropped alone.
                    o.activation_budget_bytes = budget > 1000 && logits == 0 ? 1000 : budget;
                    // Keys and values dropped with the activations now and then.
                    o.kv_budget_bytes = logits == 1 ? 0 : int64_t(1) << 30;
                    o.logits_rows = logits;
                    std::vector<int> ids(static_cast<size_t>(T));
                    for (int i = 0; i < T; ++i) ids[size_t(i)] = (i * 7 + 1) % c.vocab_size;
                    const Trace tr = m.run(ids, o);
                    const TraceEstimate e = estimate_trace(c, T, o);
                    const QByteArray what = QByteArray(spec) + " T=" + QByteArray::number(T) +
                                            " budget=" + QByteArray::number(qint64(budget)) +
                                            " logits=" + QByteArray::number(logits) +
                                            " layers=" + QByteArray::number(layers);
                    QVERIFY2(e.bytes == tr.bytes(), what + " estimate " + QByteArray::number(qint64(e.bytes)) +
                                                        " run " + QByteArray::number(qint64(tr.bytes())));
                    QVERIFY2(e.dense == tr.weights_dense, what);
                    QVERIFY2(e.activations_kept == tr.activations_kept, what);
                    QVERIFY2(tr.activations_kept == (o.activation_budget_bytes > 1000), what);
                    QVERIFY2(e.kv_kept == tr.kv_kept, what);
                    QVERIFY2(tr.kv_kept == (tr.activations_kept || logits != 1), what);
                    QCOMPARE(e.kv, int64_t(c.n_layer) * T * 2 * c.n_head * c.head_size() * 4);
                    QCOMPARE(e.dense_attention, int64_t(c.n_layer) * c.n_head * T * T * 4);
                }
    }
}

// Past the kv budget no layer keeps k or v: every read of a head (a band of
// its weights or scores, one row, one cell), and k and v themselves, are
// computed again from the layer's input, the same bits as a run that kept
// them, for plain, grouped-query and bidirectional heads.
void tst_Model::headsWithoutKeysAreRebuiltExactly() {
    const char* specs[] = {
        "arch=gpt2,n_layer=2,n_head=4,n_embed=32,context=160,vocab=50",
        "arch=llama,n_layer=2,n_head=6,n_kv_head=2,n_embed=48,mlp_hidden=80,context=160,vocab=50",
    };
    for (const char* spec : specs)
        for (const bool causal : {true, false}) {
            const ModelConfig c = ModelConfig::parse_spec(spec);
            const Model m(std::make_shared<Weights>(random_weights(c, 5)));
            const std::vector<int> ids = randomTokens(130, 50, 6);
            RunOptions lean;
            lean.causal = causal;
            lean.attention_budget_bytes = 0;
            lean.activation_budget_bytes = 0;
            lean.kv_budget_bytes = 0;
            RunOptions keep = lean;
            keep.kv_budget_bytes = int64_t(1) << 30;
            const Trace a = m.run(ids, lean), b = m.run(ids, keep);
            const QByteArray what = QByteArray(spec) + (causal ? " causal" : " bidirectional");
            QVERIFY2(!a.kv_kept && b.kv_kept && !b.activations_kept, what);
            for (const LayerTrace& lt : a.layers) QVERIFY2(lt.k.data.empty() && lt.v.data.empty(), what);
            QVERIFY2(a.bytes() < b.bytes(), what);
            for (int l = 0; l < c.n_layer; ++l) {
                for (const char* name : {".attn.k", ".attn.v"}) {
                    const std::string n = "blk." + std::to_string(l) + name;
                    const Tensor x = a.tensor(n), y = b.tensor(n);
                    QVERIFY2(x.shape == y.shape && x.data == y.data, what + " " + QByteArray(n.c_str()));
                }
                for (const int h : {0, c.n_head - 1}) {
                    QVERIFY2(a.head_weights(l, h, 40, 97, 2) == b.head_weights(l, h, 40, 97, 2), what);
                    QVERIFY2(a.head_scores(l, h, 0, 130, 1) == b.head_scores(l, h, 0, 130, 1), what);
                    QVERIFY2(a.head_row(l, h, 77) == b.head_row(l, h, 77), what);
                    QCOMPARE(a.weight(l, h, 129, 3), b.weight(l, h, 129, 3));
                    QCOMPARE(a.score(l, h, 5, causal ? 2 : 120), b.score(l, h, 5, causal ? 2 : 120));
                }
            }
            // More heads than the rebuilt keys keep (kRebuiltKeyHeads), read
            // back and forth: each one's own keys, evicted or not.
            for (int pass = 0; pass < 2; ++pass)
                for (int i = 0; i < c.n_layer * c.n_head; ++i) {
                    const int j = pass == 0 ? i : c.n_layer * c.n_head - 1 - i;
                    const int l = j / c.n_head, h = j % c.n_head;
                    QVERIFY2(a.head_row(l, h, 100) == b.head_row(l, h, 100), what);
                }
        }
}

// A whole run that keeps no logits (as the app's do) names the last position:
// its shape record says one row, and Trace::tensor computes that row from ln_f,
// the same bits as a run that kept it, after an incremental run too; once the
// weights are gone it says why it cannot.
void tst_Model::logitsNotKeptAreComputedFromLnF() {
    std::shared_ptr<const Weights> w = randomModel(2, 4, 32, 64, 50, 3);
    RunOptions none;
    none.logits_rows = 0;
    std::vector<int> ids = randomTokens(20, 50, 4);
    Trace tr = Model(w).run(ids, none);
    for (int step = 0; step < 2; ++step) {
        const int T = tr.T();
        QVERIFY(tr.logits.empty());
        QCOMPARE(tr.logits_first, T - 1);
        QVERIFY(testutil::errorOf([&] { tr.logits_at(T - 1); }));
        const Trace kept = Model(w).run(tr.tokens);
        QCOMPARE(kept.logits_first, T - 1);
        const Tensor got = tr.tensor("logits");
        QCOMPARE(got.shape, (Shape{1, 50}));
        QVERIFY(got.data == kept.logits.data);
        const auto record = std::find_if(tr.stages.begin(), tr.stages.end(),
                                         [](const StageRecord& r) { return r.stage == "logits"; });
        QVERIFY(record != tr.stages.end());
        QCOMPARE(record->shape, (Shape{1, 50}));
        ids.push_back(7);  // an append: an incremental run into the same trace
        Model(w).run(ids, none, tr);
        QCOMPARE(tr.reused_rows, T);
    }
    // A run that keeps rows keeps them as before.
    RunOptions three;
    three.logits_rows = 3;
    QCOMPARE(Model(w).run(ids, three).logits_first, int(ids.size()) - 3);
    w.reset();
    const auto e = testutil::errorOf([&] { tr.tensor("logits"); });
    QVERIFY(e && std::string(e->what()).find("not kept") != std::string::npos);
}

QTEST_GUILESS_MAIN(tst_Model)
#include "moc_tst_model.cpp"
