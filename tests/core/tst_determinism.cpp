// Runs are deterministic, as the README claims: the same trace, bit for bit,
// on 1, 2, 3 and 4 threads, whether the attention weights are stored or
// rebuilt, and the same bytes from `attnscope-cli dump --threads N`. An
// incremental run (only the rows after the first changed token computed) gives
// the same trace as a full run, bit for bit, over random sequences of edits.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <set>

#include "attnscope/common/error.h"
#include "attnscope/run/kernels.h"
#include "attnscope/run/model.h"
#include "attnscope/model/weights.h"
#include "testutil.h"

using namespace attnscope;

namespace {

bool sameBits(const Tensor& a, const Tensor& b) {
    return a.shape == b.shape && a.data.size() == b.data.size() &&
           (a.data.empty() || std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0);
}

QString firstDifference(const Trace& a, const Trace& b);

}  // namespace

class tst_Determinism : public QObject {
    Q_OBJECT
private slots:
    void traceIsBitIdenticalOnOneToFourThreads_data();
    void traceIsBitIdenticalOnOneToFourThreads();
    void cliDumpIsByteIdenticalOnOneToFourThreads();
    void incrementalRunsEqualFullRuns_data();
    void incrementalRunsEqualFullRuns();
    void incrementalRunsWithoutActivationsEqualFullRuns_data();
    void incrementalRunsWithoutActivationsEqualFullRuns();
    void incrementalRunsWithoutKeysEqualFullRuns_data();
    void incrementalRunsWithoutKeysEqualFullRuns();
    void incrementalRunNeedsTheSameRun();
    void aCopyWithRoomRunsOnWithoutMoving();
    void typingMovesTheBuffersSeldom();
    void incrementalRunsAcrossAThumbnailWidth_data();
    void incrementalRunsAcrossAThumbnailWidth();
    void checkpointedRunsPastOneChunk();
    void aRunOfTheFirstLayersEqualsThemInAFullRun_data();
    void aRunOfTheFirstLayersEqualsThemInAFullRun();
    void thumbnailsPoolTheWeights_data();
    void thumbnailsPoolTheWeights();
    void linearIsOneFusedChainPerOutput_data();
    void linearIsOneFusedChainPerOutput();
};

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

// Every tensor of two traces, compared bit for bit; names the first that differs.
QString firstDifference(const Trace& a, const Trace& b) {
    if (a.tokens != b.tokens) return QStringLiteral("tokens");
    for (const std::string& name : a.tensor_names())
        if (!sameBits(a.tensor(name), b.tensor(name))) return QString::fromStdString(name);
    if (a.thumb_width != b.thumb_width) return QStringLiteral("thumbnail width");
    for (size_t l = 0; l < a.layers.size(); ++l)
        if (!sameBits(a.layers[l].thumb_max, b.layers[l].thumb_max) || !sameBits(a.layers[l].thumb_sum, b.layers[l].thumb_sum))
            return QStringLiteral("thumbnails of layer %1").arg(l);
    if (a.logits_first != b.logits_first || !sameBits(a.logits, b.logits)) return QStringLiteral("logits");
    return {};
}

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

QTEST_GUILESS_MAIN(tst_Determinism)
#include "tst_determinism.moc"
