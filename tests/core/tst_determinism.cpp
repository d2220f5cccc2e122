// Runs are deterministic, as the README claims: the same trace, bit for bit,
// on 1, 2, 3 and 4 threads, whether the attention weights are stored or
// rebuilt, and the same bytes from `attnscope-cli dump --threads N`. An
// incremental run (only the rows after the first changed token computed) gives
// the same trace as a full run, bit for bit, over random sequences of edits.
#include "tst_determinism.h"

namespace {

// The seed config `fallback`, or a model spec of another row of the
// architecture table (RoPE, RMSNorm, grouped-query heads, a window, q/k norm).
ModelConfig configFor(const QString& spec, const ModelConfig& fallback) {
    return spec.isEmpty() ? fallback : ModelConfig::parse_spec(spec.toStdString());
}

}  // namespace

void tst_Determinism::traceIsBitIdenticalOnOneToFourThreads_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("stored");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("activations");
    QTest::addColumn<bool>("kv");  // the keys and values kept past the activation budget
    QTest::newRow("causal, weights stored") << true << true << QString() << true << true;
    QTest::newRow("bidirectional, weights stored") << false << true << QString() << true << true;
    QTest::newRow("causal, weights rebuilt") << true << false << QString() << true << true;
    QTest::newRow("causal, weights and activations rebuilt") << true << false << QString() << false << true;
    QTest::newRow("mistral GQA window, weights rebuilt")
        << true << false << "arch=mistral,n_layer=2,n_head=5,n_kv_head=1,n_embed=160,context=160,vocab=97,window=40"
        << true << true;
    QTest::newRow("qwen3 head_dim 48, weights stored")
        << true << true << "arch=qwen3,n_layer=2,n_head=4,n_kv_head=2,head_dim=48,n_embed=160,context=160,vocab=97"
        << true << true;
    QTest::newRow("qwen3 q/k norm, weights and activations rebuilt")
        << true << false << "arch=qwen3,n_layer=2,n_head=4,n_kv_head=2,head_dim=48,n_embed=160,context=160,vocab=97"
        << false << true;
    QTest::newRow("llama GQA, activations rebuilt")
        << true << true << "arch=llama,n_layer=2,n_head=4,n_kv_head=2,n_embed=160,mlp_hidden=300,context=160,vocab=97"
        << false << true;
    QTest::newRow("gpt_neox, bidirectional")
        << false << true << "arch=gpt_neox,n_layer=2,n_head=5,n_embed=160,context=160,vocab=97" << true << true;
    QTest::newRow("gpt_neox, bidirectional, activations rebuilt")
        << false << true << "arch=gpt_neox,n_layer=2,n_head=5,n_embed=160,context=160,vocab=97" << false << true;
    QTest::newRow("causal, weights, activations, keys and values rebuilt")
        << true << false << QString() << false << false;
    QTest::newRow("qwen3 q/k norm, everything rebuilt")
        << true << false << "arch=qwen3,n_layer=2,n_head=4,n_kv_head=2,head_dim=48,n_embed=160,context=160,vocab=97"
        << false << false;
    QTest::newRow("llama GQA, activations, keys and values rebuilt")
        << true << true << "arch=llama,n_layer=2,n_head=4,n_kv_head=2,n_embed=160,mlp_hidden=300,context=160,vocab=97"
        << false << false;
    QTest::newRow("gpt_neox, bidirectional, everything rebuilt")
        << false << false << "arch=gpt_neox,n_layer=2,n_head=5,n_embed=160,context=160,vocab=97" << false << false;
}

void tst_Determinism::traceIsBitIdenticalOnOneToFourThreads() {
    QFETCH(bool, causal);
    QFETCH(bool, stored);
    QFETCH(QString, spec);
    QFETCH(bool, activations);
    QFETCH(bool, kv);
    // Three attention tiles (T = 150 > 2 * 64), wide enough that every linear
    // layer is split into several column slices (4 * 160 = 640 > 128).
    const ModelConfig c = configFor(spec, ModelConfig::seed(97, 160, 160, 5, 3));
    const Model m(std::make_shared<Weights>(random_weights(c, 13)));
    std::mt19937 rng(5);
    std::vector<int> tokens(150);
    for (int& t : tokens) t = int(rng() % 97);
    RunOptions opt;
    opt.causal = causal;
    opt.logits_rows = -1;
    opt.attention_budget_bytes = stored ? (int64_t(1) << 30) : 0;
    opt.activation_budget_bytes = activations ? (int64_t(1) << 30) : 0;
    opt.kv_budget_bytes = kv ? (int64_t(1) << 30) : 0;
    opt.threads = 1;
    const Trace one = m.run(tokens, opt);
    QCOMPARE(one.weights_dense, stored);
    QCOMPARE(one.activations_kept, activations);
    QCOMPARE(one.kv_kept, activations || kv);
    QCOMPARE(one.layers[1].mlp_hidden.data.empty(), !activations);
    QCOMPARE(one.layers[0].k.data.empty(), !one.kv_kept);
    QCOMPARE(one.layers[1].v.data.empty(), !one.kv_kept);
    const std::vector<std::string> names = one.tensor_names();
    QVERIFY(names.size() > 20);
    if (!activations) {  // every tensor rebuilt on demand is the one a run that keeps it holds
        RunOptions keep = opt;
        keep.activation_budget_bytes = int64_t(1) << 30;
        const Trace kept = m.run(tokens, keep);
        QVERIFY(kept.activations_kept && kept.kv_kept);
        QCOMPARE(firstDifference(one, kept), QString());
    }
    for (int threads = 2; threads <= 4; ++threads) {
        opt.threads = threads;
        const Trace many = m.run(tokens, opt);
        for (const std::string& name : names)
            QVERIFY2(sameBits(one.tensor(name), many.tensor(name)),
                     qPrintable(QStringLiteral("%1 differs on %2 threads").arg(QString::fromStdString(name)).arg(threads)));
        QVERIFY(sameBits(one.logits, many.logits));
    }
}

void tst_Determinism::cliDumpIsByteIdenticalOnOneToFourThreads() {
    QTemporaryDir dir;
    const QString text = QStringLiteral("ROMEO:\nBut soft, what light through yonder window breaks?\n"
                                        "It is the east, and Juliet is the sun. Arise, fair sun, and kill the envious moon.\n");
    QByteArray first;
    for (int threads = 1; threads <= 4; ++threads) {
        const QString out = dir.filePath(QStringLiteral("t%1.json").arg(threads));
        const testutil::Run r = testutil::cli({"dump", "--text", text, "--threads", QString::number(threads), "-o", out});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.size() > 100000);
        if (threads == 1) first = bytes;
        else QVERIFY2(bytes == first, qPrintable(QStringLiteral("the trace on %1 threads differs").arg(threads)));
    }
}

namespace {

// One random edit of a token sequence: append or delete at the end, change,
// insert or delete in the middle, paste a run, or cut back to a short prefix.
void edit(std::vector<int>& tokens, std::mt19937& rng, int vocab, int max_len) {
    auto pos = [&](size_t n) { return n == 0 ? size_t(0) : size_t(rng() % n); };
    switch (rng() % 7) {
    case 0: tokens.push_back(int(rng() % unsigned(vocab))); break;
    case 1: if (tokens.size() > 1) tokens.pop_back(); break;
    case 2: tokens[pos(tokens.size())] = int(rng() % unsigned(vocab)); break;
    case 3: tokens.insert(tokens.begin() + long(pos(tokens.size())), int(rng() % unsigned(vocab))); break;
    case 4: if (tokens.size() > 1) tokens.erase(tokens.begin() + long(pos(tokens.size()))); break;
    case 5: for (int i = 0, n = 1 + int(rng() % 70); i < n; ++i) tokens.push_back(int(rng() % unsigned(vocab))); break;
    default: tokens.resize(1 + pos(tokens.size())); break;
    }
    if (int(tokens.size()) > max_len) tokens.resize(size_t(max_len));
}

}  // namespace

void tst_Determinism::incrementalRunsEqualFullRuns_data() {
    QTest::addColumn<bool>("stored");
    QTest::addColumn<int>("logitsRows");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<qint64>("activationBudget");
    QTest::addColumn<qint64>("kvBudget");
    const qint64 all = qint64(1) << 30;
    QTest::newRow("weights stored, last logits") << true << 1 << QString() << all << all;
    QTest::newRow("weights stored, every position's logits") << true << -1 << QString() << all << all;
    QTest::newRow("weights rebuilt, three logits rows") << false << 3 << QString() << all << all;
    QTest::newRow("llama GQA, weights stored") << true << -1
        << "arch=llama,n_layer=2,n_head=5,n_kv_head=1,n_embed=160,context=200,vocab=61" << all << all;
    QTest::newRow("mistral window, weights rebuilt") << false << 3
        << "arch=mistral,n_layer=2,n_head=4,n_kv_head=2,n_embed=160,context=200,vocab=61,window=50" << all << all;
    QTest::newRow("qwen3 head_dim and q/k norm") << true << 1
        << "arch=qwen3,n_layer=1,n_head=4,n_kv_head=2,head_dim=48,n_embed=160,context=200,vocab=61" << all << all;
}

// The same past the activation budget (their own function: rebuilding the
// layers for each comparison takes the ASan build a while).
void tst_Determinism::incrementalRunsWithoutActivationsEqualFullRuns_data() {
    QTest::addColumn<bool>("stored");
    QTest::addColumn<int>("logitsRows");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<qint64>("activationBudget");
    QTest::addColumn<qint64>("kvBudget");
    const qint64 all = qint64(1) << 30;
    // The seed config holds 2 * (5 * 160 + 2 * 160 + 2 * 640) floats of
    // activations a token: 110 tokens' worth is crossed back and forth.
    const qint64 crossed = 110 * 2 * (5 * 160 + 2 * 160 + 2 * 640) * 4;
    QTest::newRow("weights and activations rebuilt") << false << 3 << QString() << qint64(0) << all;
    QTest::newRow("activations over their budget now and then") << true << 1 << QString() << crossed << all;
    QTest::newRow("mistral window, activations rebuilt") << true << 3
        << "arch=mistral,n_layer=2,n_head=4,n_kv_head=2,n_embed=160,context=200,vocab=61,window=50" << qint64(0)
        << all;
}

// The same past the kv budget too (their own function, for the same reason:
// QtTest's 300 s a function under ASan).
void tst_Determinism::incrementalRunsWithoutKeysEqualFullRuns_data() {
    QTest::addColumn<bool>("stored");
    QTest::addColumn<int>("logitsRows");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<qint64>("activationBudget");
    QTest::addColumn<qint64>("kvBudget");
    // The seed config holds 2 * 2 * 160 floats of keys and values a token:
    // 110 tokens' worth is crossed back and forth.
    const qint64 kvCrossed = 110 * 2 * 2 * 160 * 4;
    QTest::newRow("keys and values rebuilt") << false << 1 << QString() << qint64(0) << qint64(0);
    QTest::newRow("keys and values over their budget now and then") << true << 0 << QString() << qint64(0) << kvCrossed;
    QTest::newRow("qwen3 GQA q/k norm, keys and values rebuilt") << true << 1
        << "arch=qwen3,n_layer=2,n_head=4,n_kv_head=2,head_dim=48,n_embed=160,context=200,vocab=61" << qint64(0)
        << qint64(0);
}

void tst_Determinism::incrementalRunsWithoutKeysEqualFullRuns() { incrementalRunsEqualFullRuns(); }

void tst_Determinism::incrementalRunsWithoutActivationsEqualFullRuns() { incrementalRunsEqualFullRuns(); }

void tst_Determinism::incrementalRunsEqualFullRuns() {
    QFETCH(bool, stored);
    QFETCH(int, logitsRows);
    QFETCH(QString, spec);
    QFETCH(qint64, activationBudget);
    QFETCH(qint64, kvBudget);
    // Several attention tiles (up to 200 tokens > 3 * 64) and several column
    // slices per linear layer; head size 32.
    const ModelConfig c = configFor(spec, ModelConfig::seed(61, 200, 160, 5, 2));
    const Model m(std::make_shared<Weights>(random_weights(c, 21)));
    std::mt19937 rng(stored ? 7u : 8u);
    std::vector<int> tokens(70);
    for (int& t : tokens) t = int(rng() % 61);
    RunOptions inc;
    inc.logits_rows = logitsRows;
    inc.attention_budget_bytes = stored ? (int64_t(1) << 30) : 0;
    inc.threads = 2;
    RunOptions full = inc;
    full.incremental = false;
    inc.activation_budget_bytes = activationBudget;  // the full runs keep every activation
    inc.kv_budget_bytes = kvBudget;
    full.activation_budget_bytes = int64_t(1) << 30;
    Trace live;  // one trace, edited run after run, as the app does
    int reused = 0;
    std::set<bool> kept, kvKept;
    // A trace without its activations rebuilds a layer for each tensor compared:
    // fewer steps keep the ASan build within QtTest's 300 s per function.
    const int steps = activationBudget < (qint64(1) << 30) ? 30 : 60;
    for (int step = 0; step < steps; ++step) {
        if (step > 0) edit(tokens, rng, 61, 200);
        m.run(tokens, inc, live);
        full.threads = 1 + step % 3;
        const Trace fresh = m.run(tokens, full);
        QCOMPARE(fresh.reused_rows, 0);
        const QString diff = firstDifference(live, fresh);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("step %1 (%2 tokens, %3 rows kept): %4 differs")
                                                .arg(step).arg(tokens.size()).arg(live.reused_rows).arg(diff)));
        reused += live.reused_rows;
        kept.insert(live.activations_kept);
        kvKept.insert(live.kv_kept);
        QCOMPARE(live.layers[0].k.data.empty(), !live.kv_kept);
    }
    QVERIFY2(reused > steps * 20, "the edits should have let most runs keep rows");
    if (activationBudget == 0) QCOMPARE(kept, std::set<bool>{false});
    else if (activationBudget < (qint64(1) << 30)) QCOMPARE(kept, (std::set<bool>{false, true}));
    if (kvBudget == 0) QCOMPARE(kvKept, std::set<bool>{false});
    else if (kvBudget < (qint64(1) << 30)) QCOMPARE(kvKept, (std::set<bool>{false, true}));
    else QCOMPARE(kvKept, std::set<bool>{true});
}

void tst_Determinism::incrementalRunNeedsTheSameRun() {
    const ModelConfig c = ModelConfig::seed(61, 100, 64, 2, 2);
    auto weights = std::make_shared<Weights>(random_weights(c, 3));
    const Model m(weights), other(std::make_shared<Weights>(random_weights(c, 4)));
    std::vector<int> tokens(40, 5);
    Trace tr;
    m.run(tokens, {}, tr);
    QCOMPARE(tr.reused_rows, 0);
    tokens.push_back(7);
    m.run(tokens, {}, tr);
    QCOMPARE(tr.reused_rows, 40);
    // Other weights, other ablations, a bidirectional run: everything is computed.
    tokens.push_back(8);
    other.run(tokens, {}, tr);
    QCOMPARE(tr.reused_rows, 0);
    QVERIFY(firstDifference(tr, other.run(tokens, {})).isEmpty());
    RunOptions ablate;
    ablate.ablate = {{1, 0}};
    m.run(tokens, {}, tr);
    m.run(tokens, ablate, tr);
    QCOMPARE(tr.reused_rows, 0);
    RunOptions bidirectional;
    bidirectional.causal = false;
    m.run(tokens, bidirectional, tr);
    QCOMPARE(tr.reused_rows, 0);
    // A cancelled run leaves nothing to reuse.
    m.run(tokens, {}, tr);
    tokens.push_back(9);
    QVERIFY_THROWS_EXCEPTION(Error, m.run(tokens, {}, tr, [](int done, int) { return done < 2; }));
    m.run(tokens, {}, tr);
    QCOMPARE(tr.reused_rows, 0);
    QVERIFY(firstDifference(tr, m.run(tokens, {})).isEmpty());
}

// The app's first key after a full run copies the trace on screen into its
// spare (Trace::copy_with_room): a run of one more token into the copy keeps
// every row, appends without moving its buffers, and equals a full run bit
// for bit, with and without the activations kept.
void tst_Determinism::aCopyWithRoomRunsOnWithoutMoving() {
    const ModelConfig c = ModelConfig::seed(61, 200, 64, 2, 2);
    const Model m(std::make_shared<Weights>(random_weights(c, 5)));
    for (const bool keep : {true, false}) {
        RunOptions opt;
        if (!keep) opt.activation_budget_bytes = 0;
        std::vector<int> tokens(100);
        for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = int(i * 7 % 61);
        const Trace shown = m.run(tokens, opt);
        Trace spare = m.run(std::vector<int>{1, 2, 3}, opt);  // an older run's buffers
        spare.copy_with_room(shown, 164);
        QVERIFY(firstDifference(spare, shown).isEmpty());
        QCOMPARE(spare.layers[1].k.data.capacity(), size_t(164) * size_t(c.n_embed));
        const float* k = spare.layers[1].k.data.data();
        const float* out = spare.layers[0].out.data.data();
        tokens.push_back(9);
        m.run(tokens, opt, spare);
        QCOMPARE(spare.reused_rows, 100);
        QVERIFY(spare.layers[1].k.data.data() == k && spare.layers[0].out.data.data() == out);
        QVERIFY2(firstDifference(spare, m.run(tokens, opt)).isEmpty(), qPrintable(firstDifference(spare, m.run(tokens, opt))));
    }
}

// Generation's snapshots (Trace::copy_with_room with rows_appended): a
// snapshot of 100 tokens copied into again from the generator's trace at 103
// equals a whole copy bit for bit, keeps its buffers where they had room, and
// took only the new rows of a (T, ...) tensor: its first rows were not
// written (a marker put there stays). A trace whose tokens are not a prefix
// is copied whole.
void tst_Determinism::aSnapshotCopiedAgainTakesOnlyTheNewRows() {
    const ModelConfig c = ModelConfig::seed(61, 200, 64, 2, 2);
    const Model m(std::make_shared<Weights>(random_weights(c, 6)));
    for (const bool keep : {true, false}) {
        RunOptions opt;
        if (!keep) opt.activation_budget_bytes = 0;
        std::vector<int> tokens(100);
        for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = int(i * 5 % 61);
        Trace generator;
        m.run(tokens, opt, generator);
        Trace snapshot;
        snapshot.copy_with_room(generator, 160, true);
        QVERIFY(firstDifference(snapshot, generator).isEmpty());
        for (const int t : {7, 8, 9}) tokens.push_back(t);
        m.run(tokens, opt, generator);
        const float* out = snapshot.layers[1].k.data.data();
        const float kept = snapshot.layers[1].k.data[5];
        snapshot.layers[1].k.data[5] = 1234.5f;  // a marker in a row both traces hold
        // The thumbnails (one token a block here): a block row both hold
        // whole is not copied again, the last one the snapshot held is.
        Tensor& thumb = snapshot.layers[1].thumb_max;
        QCOMPARE(snapshot.thumb_width, 1);
        const size_t S = size_t(thumb.shape[1]);
        const size_t early = S + 2, last = 99 * S + 2;  // head 0: rows 1 and 99, column 2
        const float keptEarly = thumb.data[early];
        thumb.data[early] = thumb.data[last] = 1234.5f;
        snapshot.copy_with_room(generator, 160, true);
        QCOMPARE(snapshot.layers[1].k.data[5], 1234.5f);
        QCOMPARE(thumb.data[early], 1234.5f);
        QCOMPARE(thumb.data[last], generator.layers[1].thumb_max.data[last]);
        thumb.data[early] = keptEarly;
        QVERIFY(snapshot.layers[1].k.data.data() == out);
        snapshot.layers[1].k.data[5] = kept;
        QVERIFY2(firstDifference(snapshot, generator).isEmpty(), qPrintable(firstDifference(snapshot, generator)));
        // Another text: every buffer is copied whole.
        std::vector<int> other = tokens;
        other[3] = 60;
        const Trace different = m.run(other, opt);
        snapshot.layers[1].k.data[5] = 1234.5f;
        snapshot.copy_with_room(different, 160, true);
        QVERIFY2(firstDifference(snapshot, different).isEmpty(), qPrintable(firstDifference(snapshot, different)));
    }
}

// A trace's buffers, grown past their room by text typed token by token,
// take an eighth more room (grown_rows), not kGrowRows: a move copies every
// row into fresh pages, 0.9 s at 8,000 tokens of GPT-2 small. From 1,000 to
// 1,200 tokens k moves once (kGrowRows would move it three times), and the
// last run equals a full run.
void tst_Determinism::typingMovesTheBuffersSeldom() {
    const ModelConfig c = ModelConfig::seed(61, 2048, 16, 2, 2);
    const Model m(std::make_shared<Weights>(random_weights(c, 8)));
    RunOptions opt;
    opt.activation_budget_bytes = 0;
    std::vector<int> tokens(1000);
    for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = int(i * 11 % 61);
    Trace tr = m.run(tokens, opt);
    QCOMPARE(tr.layers[1].k.data.capacity(), size_t(1024) * size_t(c.n_embed));  // a new buffer: kGrowRows
    int moves = 0;
    while (tokens.size() < 1200) {
        const float* k = tr.layers[1].k.data.data();
        tokens.push_back(int(tokens.size() % 61));
        m.run(tokens, opt, tr);
        QCOMPARE(tr.reused_rows, int(tokens.size()) - 1);
        if (tr.layers[1].k.data.data() != k) ++moves;
    }
    QCOMPARE(moves, 1);
    QVERIFY(tr.layers[1].k.data.capacity() >= size_t(1025 + 1025 / 8) * size_t(c.n_embed));
    QVERIFY2(firstDifference(tr, m.run(tokens, opt)).isEmpty(), qPrintable(firstDifference(tr, m.run(tokens, opt))));
}

void tst_Determinism::incrementalRunsAcrossAThumbnailWidth_data() {
    QTest::addColumn<bool>("keepActivations");
    QTest::addColumn<bool>("rowNormalized");
    QTest::addColumn<bool>("mean");
    QTest::addColumn<bool>("keepKv");
    QTest::newRow("max, row-normalized") << true << true << false << true;
    QTest::newRow("max, past the activation budget") << false << true << false << true;
    QTest::newRow("max, past the kv budget") << false << true << false << false;
    QTest::newRow("max of the weights") << true << false << false << true;
    QTest::newRow("mean: pooled again") << true << true << true << true;
    QTest::newRow("mean, past the kv budget") << false << true << true << false;
}

// Typing past 256 tokens doubles the thumbnails' block width. Max pooling
// keeps the block rows before the edit, each new block the max of the old
// ones it covers, and the attention runs again only from the edit's block
// row (before, every head's whole attention ran again: 5 s for GPT-2 small
// going from 4,096 to 4,097 tokens); mean pooling, whose sums would round
// differently, pools every row again. A paste that quadruples the width
// keeps them too, and shortening below 256 starts over. Each run equals a
// full run bit for bit.
void tst_Determinism::incrementalRunsAcrossAThumbnailWidth() {
    QFETCH(bool, keepActivations);
    QFETCH(bool, rowNormalized);
    QFETCH(bool, mean);
    QFETCH(bool, keepKv);
    const ModelConfig c = ModelConfig::seed(61, 700, 32, 2, 2);
    const Model m(std::make_shared<Weights>(random_weights(c, 17)));
    std::mt19937 rng(3);
    std::vector<int> tokens(250);
    for (int& t : tokens) t = int(rng() % 61);
    RunOptions inc;
    inc.attention_budget_bytes = 0;
    if (!keepActivations) inc.activation_budget_bytes = 0;
    if (!keepKv) inc.kv_budget_bytes = 0;
    inc.thumb_row_normalized = rowNormalized;
    inc.thumb_mean = mean;
    RunOptions full = inc;
    full.incremental = false;
    Trace live;
    std::set<int> widths;
    int widened = 0, continued = 0;
    for (int step = 0; step < 18; ++step) {
        const int before = live.thumb_width;
        const bool middle = step == 16;  // not an append: the block row holding the edit is pooled again
        if (step == 12) tokens.resize(255);  // back under 256: blocks of 1 again
        else if (step == 14) tokens.resize(600, 7);  // a paste: blocks of 1 become blocks of 4
        else if (middle) tokens[tokens.size() - 3] = (tokens[tokens.size() - 3] + 1) % 61;
        else tokens.push_back(int(rng() % 61));
        m.run(tokens, inc, live);
        QVERIFY(step == 0 || live.reused_rows > 0);
        QCOMPARE(live.activations_kept, keepActivations);
        QCOMPARE(live.kv_kept, keepKv);
        widths.insert(live.thumb_width);
        // Against a full run that keeps its keys and values: past the kv
        // budget every k and v compared is computed again.
        RunOptions fullKv = full;
        fullKv.kv_budget_bytes = int64_t(1) << 30;
        const QString diff = firstDifference(live, m.run(tokens, fullKv));
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("%1 tokens: %2 differs").arg(tokens.size()).arg(diff)));
        if (step > 0 && live.thumb_width > before) {
            ++widened;
            const int kept = live.reused_rows / live.thumb_width * live.thumb_width;
            QVERIFY(kept > 0);
            QCOMPARE(live.attention_from, mean ? 0 : kept);
        } else if (step > 0 && live.thumb_width == before && middle) {
            QCOMPARE(live.attention_from, live.reused_rows / live.thumb_width * live.thumb_width);
        } else if (step > 0 && live.thumb_width == before) {
            // An append goes on from its new row: the block row holding it
            // already pools the rows before it.
            QCOMPARE(live.attention_from, live.reused_rows);
            if (live.reused_rows % live.thumb_width != 0) ++continued;
        }
    }
    QVERIFY(continued >= 3);
    QCOMPARE(widened, 2);
    QCOMPARE(widths, (std::set<int>{1, 2, 4}));
}

QTEST_GUILESS_MAIN(tst_Determinism)
#include "moc_tst_determinism.cpp"
