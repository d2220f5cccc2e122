// tst_determinism, continued: checkpointed runs past one chunk, runs of the
// first layers, the thumbnails' pooling and the linear layer's one fused chain
// per output (tst_determinism.h has the test class).
#include "tst_determinism.h"

// Past the activation budget a layer's other tensors pass through work buffers
// 512 rows at a time (blocks.h, kChunkRows); a run of more rows, its
// incremental runs, the tensors rebuilt on demand and the ablation scan's
// suffix runs from such a base all equal what a run that keeps everything gives.
void tst_Determinism::aRunOfTheFirstLayersEqualsThemInAFullRun_data() {
    QTest::addColumn<bool>("stored");
    QTest::addColumn<qint64>("activationBudget");
    QTest::newRow("weights and activations stored") << true << (qint64(1) << 30);
    QTest::newRow("weights and activations rebuilt") << false << qint64(0);
}

// RunOptions::layers (an export of one layer's head runs no later block):
// each layer it runs holds what a full run's does, bit for bit (thumbnails,
// row statistics and rebuilt heads too); there is no ln_f, logits or later
// layer, the stage list and tensor names stop at its last block, and a later
// run never takes it for a completed run to continue.
void tst_Determinism::aRunOfTheFirstLayersEqualsThemInAFullRun() {
    QFETCH(bool, stored);
    QFETCH(qint64, activationBudget);
    const ModelConfig c = ModelConfig::seed(61, 200, 160, 5, 4);
    const Model m(std::make_shared<Weights>(random_weights(c, 23)));
    std::vector<int> tokens(150);
    for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = int((i * 17 + 3) % 61);
    RunOptions opt;
    opt.attention_budget_bytes = stored ? (int64_t(1) << 30) : 0;
    opt.activation_budget_bytes = activationBudget;
    opt.threads = 2;
    const Trace full = m.run(tokens, opt);
    QVERIFY(!full.partial());
    for (const int n : {1, 3}) {
        RunOptions some = opt;
        some.layers = n;
        const Trace part = m.run(tokens, some);
        QCOMPARE(part.n_layer(), n);
        QVERIFY(part.partial());
        QCOMPARE(part.weights_dense, stored);
        QVERIFY(part.ln_f.empty() && part.logits.empty());
        QVERIFY_THROWS_EXCEPTION(Error, part.logits_at(int(tokens.size()) - 1));
        QVERIFY_THROWS_EXCEPTION(Error, part.tensor("ln_f"));
        QVERIFY_THROWS_EXCEPTION(Error, part.tensor("blk." + std::to_string(n) + ".attn.weights"));
        const std::vector<std::string> names = part.tensor_names();
        QVERIFY(std::find(names.begin(), names.end(), "ln_f") == names.end());
        QVERIFY(std::find(names.begin(), names.end(), "logits") == names.end());
        QCOMPARE(names.back(), "blk." + std::to_string(n - 1) + ".out");
        QCOMPARE(part.stages.back().layer, n - 1);
        for (const std::string& name : names)
            QVERIFY2(sameBits(part.tensor(name), full.tensor(name)), name.c_str());
        QCOMPARE(part.thumb_width, full.thumb_width);
        for (int l = 0; l < n; ++l) {
            const LayerTrace &a = part.layers[size_t(l)], &b = full.layers[size_t(l)];
            QVERIFY(sameBits(a.thumb_max, b.thumb_max) && sameBits(a.row_max, b.row_max) &&
                    sameBits(a.row_inv_sum, b.row_inv_sum) && sameBits(a.k, b.k));
            const MatrixRM wa = part.head_weights(l, 3, 100, 150), wb = full.head_weights(l, 3, 100, 150);
            QVERIFY(wa.size() > 0 && std::memcmp(wa.data(), wb.data(), size_t(wa.size()) * sizeof(float)) == 0);
        }
        // Not a completed run to continue: a whole run into it computes every row.
        Trace again = part;
        m.run(tokens, opt, again);
        QCOMPARE(again.reused_rows, 0);
        QVERIFY(firstDifference(again, full).isEmpty());
    }
    for (const int bad : {0, -2, c.n_layer + 1}) {
        RunOptions wrong = opt;
        wrong.layers = bad;
        QVERIFY_THROWS_EXCEPTION(Error, m.run(tokens, wrong));
    }
}

void tst_Determinism::checkpointedRunsPastOneChunk() {
    const ModelConfig c = ModelConfig::seed(61, 1400, 32, 2, 2);
    const Model m(std::make_shared<Weights>(random_weights(c, 29)));
    std::mt19937 rng(11);
    std::vector<int> tokens(1200);
    for (int& t : tokens) t = int(rng() % 61);
    RunOptions lean;
    lean.activation_budget_bytes = 0;
    lean.attention_budget_bytes = 0;
    RunOptions keep = lean;
    keep.activation_budget_bytes = int64_t(1) << 30;
    keep.incremental = false;
    Trace live;
    m.run(tokens, lean, live);
    QVERIFY(!live.activations_kept);
    const Trace full = m.run(tokens, keep);
    QVERIFY(full.activations_kept);
    QCOMPARE(firstDifference(live, full), QString());
    QVERIFY(live.bytes() < full.bytes() / 2);
    // The embeddings are looked up again, not kept (layer 0's input included).
    QVERIFY(live.tok_embed.data.empty() && live.pos_embed.data.empty() && live.embed.data.empty());
    // Nor the last layer's output: it went into ln_f a band at a time.
    QVERIFY(live.layers.back().out.data.empty() && !live.layers.front().out.data.empty());
    QVERIFY(sameBits(live.tensor("blk.1.out"), full.tensor("blk.1.out")));
    QVERIFY(!full.tok_embed.data.empty());

    // An edit in the first chunk, then one at the end, on the same trace.
    for (const size_t at : {size_t(500), tokens.size() - 1}) {
        tokens[at] = (tokens[at] + 1) % 61;
        m.run(tokens, lean, live);
        QCOMPARE(live.reused_rows, int(at));
        QCOMPARE(firstDifference(live, m.run(tokens, keep)), QString());
    }

    // One row, one weight, one score: their queries computed alone.
    const Trace kept = m.run(tokens, keep);
    for (const int query : {0, 700, 1199})
        for (const HeadRef h : {HeadRef{0, 1}, HeadRef{1, 0}}) {
            QVERIFY(live.head_row(h.layer, h.head, query) == kept.head_row(h.layer, h.head, query));
            QCOMPARE(live.weight(h.layer, h.head, query, query / 2), kept.weight(h.layer, h.head, query, query / 2));
            QCOMPARE(live.score(h.layer, h.head, query, query / 3), kept.score(h.layer, h.head, query, query / 3));
        }

    // A band of a head's rows, as a long text's head detail reads it: the same
    // bits as those rows of the whole matrix, stored or rebuilt, on 1 or 2 threads.
    RunOptions store = keep;
    store.attention_budget_bytes = int64_t(1) << 30;
    const Trace stored = m.run(tokens, store);  // every map kept
    QVERIFY(!live.weights_dense && stored.weights_dense);
    for (const auto& [r0, r1] : {std::pair{0, 64}, std::pair{650, 1200}, std::pair{1199, 1200}, std::pair{300, 300}})
        for (const int threads : {1, 2}) {
            const MatrixRM w = kept.head_weights(1, 0).middleRows(r0, r1 - r0);
            QVERIFY(live.head_weights(1, 0, r0, r1, threads) == w);
            QVERIFY(stored.head_weights(1, 0, r0, r1, threads) == w);
            QVERIFY(live.head_scores(0, 1, r0, r1, threads) == kept.head_scores(0, 1).middleRows(r0, r1 - r0));
            QVERIFY(live.mask(0, 1, r0, r1) == kept.mask(0, 1).middleRows(r0, r1 - r0));
        }
    QVERIFY_THROWS_EXCEPTION(Error, live.head_weights(0, 0, 5, 3));
    QVERIFY_THROWS_EXCEPTION(Error, live.head_scores(0, 0, 0, 1201));
    QVERIFY_THROWS_EXCEPTION(Error, live.mask(0, 0, -1, 3));

    // An ablated head's suffix run from a base that did not keep its layer's head outputs.
    Model::SuffixScratch a, b;
    for (const HeadRef head : {HeadRef{0, 1}, HeadRef{1, 0}})
        QVERIFY(sameBits(m.ablated_ln_f(live, head, 2, a), m.ablated_ln_f(kept, head, 2, b)));

    // A trace whose model the caller let go still rebuilds (a comparison's model B).
    {
        Trace orphan;
        {
            const Model own(std::make_shared<Weights>(random_weights(c, 29)));
            own.run(tokens, lean, orphan);
        }
        QVERIFY(!orphan.source.expired());
        QVERIFY(orphan.head_weights(1, 1) == kept.head_weights(1, 1));
        QVERIFY(sameBits(orphan.tensor("blk.0.mlp.act"), kept.tensor("blk.0.mlp.act")));
    }

    // Ablations and knockouts are applied again when a layer is rebuilt.
    lean.ablate = keep.ablate = {{1, 1}};
    lean.knockout = keep.knockout = {{0, -1, -1, 3}, {1, 0, 1100, 1099}};
    const Trace leanCut = m.run(tokens, lean);
    QVERIFY(!leanCut.activations_kept);
    const Trace keptCut = m.run(tokens, keep);
    QCOMPARE(firstDifference(leanCut, keptCut), QString());
    for (const HeadRef h : {HeadRef{0, 1}, HeadRef{1, 0}}) {  // a band's mask holds the knockouts too
        QVERIFY(leanCut.mask(h.layer, h.head, 1024, 1200) == keptCut.mask(h.layer, h.head).middleRows(1024, 176));
        QVERIFY(leanCut.head_weights(h.layer, h.head, 1090, 1110, 2) ==
                keptCut.head_weights(h.layer, h.head).middleRows(1090, 20));
    }
    QCOMPARE(leanCut.mask(1, 0, 1100, 1101)(0, 1099), 0.0f);
    QCOMPARE(leanCut.mask(1, 0, 1100, 1101)(0, 1098), 1.0f);
}

void tst_Determinism::thumbnailsPoolTheWeights_data() {
    QTest::addColumn<int>("T");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("stored");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("rowNormalized");
    QTest::newRow("T=250, causal: one cell a token") << 250 << true << true << 1 << false;
    QTest::newRow("T=257, causal, rebuilt: blocks of 2, row scale") << 257 << true << false << 2 << true;
    QTest::newRow("T=530, bidirectional: blocks of 4") << 530 << false << true << 4 << false;
    QTest::newRow("T=530, bidirectional: blocks of 4, row scale") << 530 << false << true << 4 << true;
    QTest::newRow("T=1100, causal, rebuilt: blocks of 8, row scale") << 1100 << true << false << 8 << true;
}

// The thumbnails the attention pass pools (LayerTrace::thumb_max, or
// thumb_sum for mean pooling) are each block's max or sum of the head's
// visible weights; a run keeps only the one it was asked for.
void tst_Determinism::thumbnailsPoolTheWeights() {
    QFETCH(int, T);
    QFETCH(bool, causal);
    QFETCH(bool, stored);
    QFETCH(int, width);
    QFETCH(bool, rowNormalized);
    const ModelConfig c = ModelConfig::parse_spec("arch=mistral,n_layer=2,n_head=4,n_kv_head=2,n_embed=64,context=1200,vocab=61,window=300");
    const Model m(std::make_shared<Weights>(random_weights(c, 9)));
    std::mt19937 rng{uint32_t(T)};
    std::vector<int> tokens(size_t(T), 0);
    for (int& t : tokens) t = int(rng() % 61);
    RunOptions opt;
    opt.causal = causal;
    opt.attention_budget_bytes = stored ? (int64_t(1) << 30) : 0;
    opt.knockout = {{1, 2, -1, 3}};
    opt.thumb_row_normalized = rowNormalized;
    const Trace tr = m.run(tokens, opt);
    opt.thumb_mean = true;
    const Trace sums = m.run(tokens, opt);
    QVERIFY(!tr.thumb_mean && sums.thumb_mean);
    QVERIFY(tr.layers[0].thumb_sum.data.empty() && sums.layers[0].thumb_max.data.empty());
    QCOMPARE(sums.layers[1].thumb_sum.shape, tr.layers[1].thumb_max.shape);
    QCOMPARE(tr.thumb_width, width);
    QCOMPARE(tr.thumb_row_normalized, rowNormalized);
    QCOMPARE(thumbnail_width(T, 8), width);
    QCOMPARE(thumbnail_cells(8), kThumbnailCells);
    QCOMPARE(thumbnail_cells(1024), 128);  // 16 Mi cells shared by 1,024 heads
    const int B = (T + width - 1) / width;
    QVERIFY(B <= kThumbnailCells && 2 * B > kThumbnailCells);
    const int S = std::min(kThumbnailCells, (B + 63) / 64 * 64);
    QCOMPARE(thumbnail_stride(T, 8), S);
    QCOMPARE(tr.layers[0].thumb_max.shape, (Shape{4, S, S}));
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 4; ++h) {
            MatrixRM w = tr.head_weights(l, h);
            if (rowNormalized)  // each row over its max, as the grid's row scale draws it
                for (int i = 0; i < T; ++i) {
                    const float mx = w.row(i).head(causal ? i + 1 : T).maxCoeff();
                    if (mx > 0) w.row(i) /= mx;
                }
            for (int r = 0; r < B; ++r)
                for (int col = 0; col < B; ++col) {
                    double sum = 0;
                    float mx = -1;
                    int cells = 0;
                    for (int i = r * width; i < std::min(T, (r + 1) * width); ++i)
                        for (int j = col * width; j < std::min(causal ? i + 1 : T, (col + 1) * width); ++j) {
                            mx = std::max(mx, w(i, j));
                            sum += w(i, j);
                            ++cells;
                        }
                    const size_t at = (size_t(h) * size_t(S) + size_t(r)) * size_t(S) + size_t(col);
                    const float gotMax = tr.layers[size_t(l)].thumb_max.data[at];
                    const float gotSum = sums.layers[size_t(l)].thumb_sum.data[at];
                    if (cells == 0) {
                        QVERIFY2(std::isnan(gotMax) && gotSum == 0.0f, qPrintable(QStringLiteral("L%1 H%2 block (%3, %4) has no visible cells").arg(l).arg(h).arg(r).arg(col)));
                        continue;
                    }
                    QVERIFY2(gotMax == mx, qPrintable(QStringLiteral("L%1 H%2 block (%3, %4): max %5, expected %6").arg(l).arg(h).arg(r).arg(col).arg(gotMax).arg(mx)));
                    QVERIFY2(std::abs(gotSum - sum) <= 1e-5 * std::max(1.0, sum),
                             qPrintable(QStringLiteral("L%1 H%2 block (%3, %4): sum %5, expected %6").arg(l).arg(h).arg(r).arg(col).arg(gotSum).arg(sum)));
                }
        }
}

void tst_Determinism::linearIsOneFusedChainPerOutput_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("outs");
    QTest::addColumn<int>("ins");
    QTest::addColumn<bool>("bias");
    // Ragged in every direction: register tiles (up to 14 x 32), row blocks,
    // k blocks (k whole up to 3,072 steps, past that equal blocks), column
    // blocks (at most 8 MB of packed W: fewer columns as k grows), the row
    // split used when there are few column panels, and the few-rows path.
    QTest::newRow("1x1x1") << 1 << 1 << 1 << true;
    // Up to a register tile of rows (6 on AVX2, 14 on AVX-512) skip packing:
    // W's rows read 8 at a time, 8 steps through a register transpose, ragged
    // columns and steps included.
    QTest::newRow("6x13x7 (few rows, fewer than 8 steps)") << 6 << 13 << 7 << true;
    QTest::newRow("2x2051x77 (few rows, wide)") << 2 << 2051 << 77 << false;
    QTest::newRow("one row, GPT-2 qkv") << 1 << 2304 << 768 << true;
    QTest::newRow("5x37x255") << 5 << 37 << 255 << false;
    QTest::newRow("7x33x257") << 7 << 33 << 257 << true;
    QTest::newRow("14x45x263 (AVX-512's few rows)") << 14 << 45 << 263 << true;
    QTest::newRow("15x100x513") << 15 << 100 << 513 << true;
    QTest::newRow("3x4100x64 (column blocks)") << 3 << 4100 << 64 << true;
    QTest::newRow("250x16x300 (row split)") << 250 << 16 << 300 << true;
    QTest::newRow("230x130x700") << 230 << 130 << 700 << false;
    QTest::newRow("30x2800x1000 (more columns than a packed block holds)") << 30 << 2800 << 1000 << true;
    QTest::newRow("20x1500x3100 (k in two blocks, column blocks)") << 20 << 1500 << 3100 << true;
}

// kernels::linear (the dense layers) computes each output as one chain of
// fused multiply-adds over the inputs in order, started from zero, then adds
// the bias: exactly the scalar loop below, on any number of rows and threads.
// (A portable build has no fused multiply-add, and multiplies then adds.)
void tst_Determinism::linearIsOneFusedChainPerOutput() {
    QFETCH(int, rows);
    QFETCH(int, outs);
    QFETCH(int, ins);
    QFETCH(bool, bias);
    std::mt19937 rng(uint32_t(rows * 7919 + outs * 31 + ins));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    MatrixRM x(rows, ins), w(outs, ins);
    VectorF b = bias ? VectorF(outs) : VectorF();
    for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = u(rng);
    for (Eigen::Index i = 0; i < w.size(); ++i) w.data()[i] = u(rng);
    for (Eigen::Index i = 0; i < b.size(); ++i) b[i] = u(rng);
    MatrixRM expected(rows, outs);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < outs; ++j) {
            float acc = 0.0f;
            for (int p = 0; p < ins; ++p) {
#if defined(__FMA__)
                acc = std::fma(x(i, p), w(j, p), acc);
#else
                const float prod = x(i, p) * w(j, p);
                acc = acc + prod;
#endif
            }
            expected(i, j) = bias ? acc + b[j] : acc;
        }
    for (int threads = 1; threads <= 4; ++threads) {
        MatrixRM y = MatrixRM::Constant(rows, outs, std::nanf(""));
        kernels::linear(ConstMapRM(x.data(), rows, ins), w, b, MapRM(y.data(), rows, outs), threads);
        QVERIFY2(std::memcmp(y.data(), expected.data(), size_t(y.size()) * sizeof(float)) == 0,
                 qPrintable(QStringLiteral("differs from the scalar chain on %1 threads").arg(threads)));
    }
    // Each row alone, as an incremental run computes it.
    for (int i = 0; i < rows; i += std::max(1, rows / 5)) {
        MatrixRM y(1, outs);
        kernels::linear(ConstMapRM(x.row(i).data(), 1, ins), w, b, MapRM(y.data(), 1, outs), 2);
        QVERIFY2(std::memcmp(y.data(), expected.row(i).data(), size_t(outs) * sizeof(float)) == 0,
                 qPrintable(QStringLiteral("row %1 alone differs").arg(i)));
    }
}

// What generation hands the views (Trace::copy_with_room with views_only):
// keys, values, maps, row statistics and each layer's output copied, the
// other activations left out and computed again from the weights when asked
// for. Every tensor it names is the generator's, bit for bit, in under half
// the bytes of a whole copy; copied into again it takes only the new rows;
// and a trace whose model is gone is copied whole.
void tst_Determinism::aViewsOnlySnapshotHoldsLessAndReadsTheSame() {
    const ModelConfig c = ModelConfig::seed(61, 200, 64, 2, 2);
    auto weights = std::make_shared<Weights>(random_weights(c, 6));
    std::vector<int> tokens(100);
    for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = int(i * 7 % 61);
    Trace generator;
    {
        const Model m(weights);
        m.run(tokens, RunOptions{}, generator);
        Trace snapshot, whole;
        snapshot.copy_with_room(generator, 160, true, true);
        whole.copy_with_room(generator, 160, true);
        QVERIFY(!snapshot.activations_kept && whole.activations_kept);
        QVERIFY(snapshot.layers[0].mlp_hidden.data.empty() && snapshot.embed.data.empty());
        QVERIFY(!snapshot.layers[1].k.data.empty() && !snapshot.layers[1].weights.data.empty());
        QVERIFY2(firstDifference(snapshot, generator).isEmpty(), qPrintable(firstDifference(snapshot, generator)));
        QVERIFY2(snapshot.bytes() * 2 < whole.bytes(), qPrintable(QStringLiteral("%1 of %2 bytes").arg(snapshot.bytes()).arg(whole.bytes())));
        for (const int t : {7, 8, 9}) tokens.push_back(t);
        m.run(tokens, RunOptions{}, generator);
        const float kept = snapshot.layers[1].k.data[5];
        snapshot.layers[1].k.data[5] = 1234.5f;  // a marker in a row both traces hold
        snapshot.copy_with_room(generator, 160, true, true);
        QCOMPARE(snapshot.layers[1].k.data[5], 1234.5f);
        snapshot.layers[1].k.data[5] = kept;
        QVERIFY2(firstDifference(snapshot, generator).isEmpty(), qPrintable(firstDifference(snapshot, generator)));
    }
    weights.reset();  // the model is gone: nothing to compute the rest from
    QVERIFY(generator.source.expired());
    Trace snapshot;
    snapshot.copy_with_room(generator, 160, true, true);
    QVERIFY(snapshot.activations_kept);
    QVERIFY(sameBits(snapshot.layers[0].mlp_hidden, generator.layers[0].mlp_hidden));
}
