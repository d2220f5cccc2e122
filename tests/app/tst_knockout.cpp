// Attention knockout (issue 11): blocked query->key edges against the
// plain-loop reference, rebuilt weights against stored ones, incremental runs
// against full ones, the run without the knockouts, the checks on bad
// knockouts, the spec syntax and `attnscope-cli predict --knockout`.
#include "tst_knockout.h"

namespace {

bool sameBits(const Tensor& a, const Tensor& b) {
    return a.shape == b.shape && a.data.size() == b.data.size() &&
           (a.data.empty() || std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0);
}

bool sameBits(const MatrixRM& a, const MatrixRM& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), size_t(a.size()) * sizeof(float)) == 0;
}

bool allFinite(const Tensor& t) {
    return std::all_of(t.data.begin(), t.data.end(), [](float x) { return std::isfinite(x); });
}

// A mix of every kind, over three tiles of 64 rows: one edge in one head, an
// edge in every head of a layer, every edge into a key, and a row with every
// key it sees blocked (query 0 of a causal run sees key 0 only; a bidirectional
// row sees all T keys).
std::vector<Knockout> mixedKnockouts(int T, bool causal) {
    std::vector<Knockout> k{{1, 2, 70, 3}, {0, -1, 100, 5}, {-1, -1, -1, 7}, {2, 1, 130, 129}};
    if (causal) k.push_back({2, 1, 0, 0});
    else
        for (int key = 0; key < T; ++key) k.push_back({2, 1, 0, key});
    return k;
}

ModelConfig archConfig(const char* arch) {
    ModelConfig c = ModelConfig::seed(53, 160, 32, 4, 3);
    apply_architecture(c, *find_architecture(arch));
    return c;
}

}  // namespace

void tst_Knockout::matchesReference_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<bool>("causal");
    QTest::newRow("seed causal") << "seed" << true;
    QTest::newRow("seed bidirectional") << "seed" << false;
    QTest::newRow("gpt2 causal") << "gpt2" << true;
    QTest::newRow("gpt2 bidirectional") << "gpt2" << false;
    QTest::newRow("nanogpt causal") << "nanogpt" << true;
}

// The whole forward pass with knockouts against reference::forward (plain
// loops, double accumulators): every head's weights and the logits.
void tst_Knockout::matchesReference() {
    QFETCH(QString, arch);
    QFETCH(bool, causal);
    const ModelConfig c = archConfig(qPrintable(arch));
    const auto w = std::make_shared<Weights>(random_weights(c, 7));
    const std::vector<int> tokens = randomTokens(140, c.vocab_size, 3);
    RunOptions opt;
    opt.causal = causal;
    opt.logits_rows = -1;
    opt.knockout = mixedKnockouts(140, causal);
    const Trace tr = Model(w).run(tokens, opt);
    const reference::Result ref = reference::forward(*w, tokens, causal, {}, opt.knockout);
    double worst = 0;
    for (int l = 0; l < c.n_layer; ++l)
        for (int h = 0; h < c.n_head; ++h) {
            const MatrixRM got = tr.head_weights(l, h);
            worst = std::max(worst, double((got - ref.weights[size_t(l * c.n_head + h)]).cwiseAbs().maxCoeff()));
            for (int q = 0; q < tr.T(); ++q)
                for (int k = 0; k <= (causal ? q : tr.T() - 1); ++k)
                    if (tr.knocked_out(l, h, q, k)) QCOMPARE(got(q, k), 0.0f);
        }
    QVERIFY2(worst <= 1e-5, qPrintable(QStringLiteral("weights differ by %1").arg(worst)));
    const MatrixRM logits = tr.logits.cmatrix();
    const double scale = std::max(1.0, double(ref.logits.cwiseAbs().maxCoeff()));
    const double dl = double((logits - ref.logits).cwiseAbs().maxCoeff());
    QVERIFY2(dl <= 1e-5 * scale, qPrintable(QStringLiteral("logits differ by %1 (scale %2)").arg(dl).arg(scale)));
    // The knockouts change the run: the same run without them differs.
    opt.knockout.clear();
    const Trace plain = Model(w).run(tokens, opt);
    QVERIFY(!sameBits(plain.logits, tr.logits));
}

void tst_Knockout::attentionMatchesReferenceOnEveryArchitecture_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("causal");
    QTest::newRow("llama, GQA") << "arch=llama,n_layer=2,n_head=4,n_kv_head=2,n_embed=32,context=160,vocab=53" << true;
    QTest::newRow("mistral, sliding window") << "arch=mistral,n_layer=2,n_head=4,n_kv_head=2,n_embed=32,window=24,context=160,vocab=53"
                                            << true;
    QTest::newRow("qwen3, head_dim") << "arch=qwen3,n_layer=2,n_head=4,n_kv_head=2,head_dim=16,n_embed=32,context=160,vocab=53"
                                     << true;
    QTest::newRow("gpt_neox, bidirectional") << "arch=gpt_neox,n_layer=2,n_head=4,n_embed=32,context=160,vocab=53" << false;
}

// Architectures the whole-model reference does not compute: each head's
// weights and output against reference::attention_head on the trace's own q, k
// and v (after RoPE, repeat_kv), with the window and the knockouts as a mask.
void tst_Knockout::attentionMatchesReferenceOnEveryArchitecture() {
    QFETCH(QString, spec);
    QFETCH(bool, causal);
    const ModelConfig c = ModelConfig::parse_spec(spec.toStdString());
    const std::vector<int> tokens = randomTokens(140, c.vocab_size, 4);
    RunOptions opt;
    opt.causal = causal;
    opt.knockout = {{1, 2, 70, 3}, {0, -1, 100, 90}, {-1, -1, -1, 7}, {1, 0, 0, 0}, {1, 3, 139, 139}};
    if (c.sliding_window > 0)  // every key row 120 sees in its window, blocked in head 1.1
        for (int k = 120 - c.sliding_window + 1; k <= 120; ++k) opt.knockout.push_back({1, 1, 120, k});
    const Trace tr = Model(std::make_shared<Weights>(random_weights(c, 9))).run(tokens, opt);
    const int T = tr.T(), hs = c.head_size(), width = c.q_width();
    double worst = 0;
    for (int l = 0; l < c.n_layer; ++l)
        for (int h = 0; h < c.n_head; ++h) {
            const auto column = [&](const Tensor& t) {
                MatrixRM m(T, hs);
                for (int i = 0; i < T; ++i)
                    for (int d = 0; d < hs; ++d) m(i, d) = t.data[size_t(i) * size_t(width) + size_t(h * hs + d)];
                return m;
            };
            const LayerTrace& lt = tr.layers[size_t(l)];
            const MatrixRM q = column(lt.q), k = column(lt.k), v = column(lt.v), heads = column(lt.heads);
            const auto blocked = [&](int i, int j) {
                if (c.sliding_window > 0 && causal && j <= i - c.sliding_window) return true;
                for (const Knockout& ko : opt.knockout)
                    if ((ko.layer < 0 || ko.layer == l) && (ko.head < 0 || ko.head == h) && (ko.query < 0 || ko.query == i) &&
                        ko.key == j)
                        return true;
                return false;
            };
            MatrixRM wantW(T, T), wantOut(T, hs);
            reference::attention_head(q.data(), k.data(), v.data(), T, hs, causal, wantW.data(), wantOut.data(), blocked);
            worst = std::max(worst, double((tr.head_weights(l, h) - wantW).cwiseAbs().maxCoeff()));
            worst = std::max(worst, double((heads - wantOut).cwiseAbs().maxCoeff()));
        }
    QVERIFY2(worst <= 1e-5, qPrintable(QStringLiteral("attention differs by %1").arg(worst)));
    if (c.sliding_window > 0) {  // the all-blocked window row: zeros
        QCOMPARE(tr.head_weights(1, 1).row(120).cwiseAbs().sum(), 0.0f);
        QVERIFY(tr.head_weights(1, 2).row(120).sum() > 0.99f);
    }
}

// A row with nothing left to attend to: zero weights, a zero head output for
// that query, finite numbers everywhere after it (no NaN reaches the logits).
void tst_Knockout::allBlockedRowIsZeroNotNaN() {
    const ModelConfig c = archConfig("gpt2");
    const auto w = std::make_shared<Weights>(random_weights(c, 11));
    const std::vector<int> tokens = randomTokens(80, c.vocab_size, 5);
    for (const bool causal : {true, false}) {
        RunOptions opt;
        opt.causal = causal;
        opt.logits_rows = -1;
        // Causal: query 0 sees key 0 only. Bidirectional: block key k for query 9 in every head of layer 1.
        if (causal) opt.knockout = {{-1, -1, -1, 0}};
        else
            for (int k = 0; k < 80; ++k) opt.knockout.push_back({1, -1, 9, k});
        for (const int64_t budget : {int64_t(1) << 30, int64_t(0)}) {
            opt.attention_budget_bytes = budget;
            const Trace tr = Model(w).run(tokens, opt);
            const int q = causal ? 0 : 9, l = causal ? 0 : 1;
            for (int h = 0; h < c.n_head; ++h) {
                const MatrixRM weights = tr.head_weights(l, h);
                QCOMPARE(weights.row(q).cwiseAbs().sum(), 0.0f);
                QCOMPARE(tr.weight(l, h, q, q), 0.0f);
                QVERIFY(std::isinf(tr.score(l, h, q, q)));
                for (int d = 0; d < c.head_size(); ++d)
                    QCOMPARE(tr.layers[size_t(l)].heads.data[size_t(q) * size_t(c.n_embed) + size_t(h * c.head_size() + d)], 0.0f);
                // The other rows still sum to 1.
                QVERIFY(std::abs(weights.row(q + 1).sum() - 1.0f) < 1e-5f);
            }
            QVERIFY(allFinite(tr.logits));
            QVERIFY(allFinite(tr.ln_f));
            for (const LayerTrace& lt : tr.layers) {
                QVERIFY(allFinite(lt.heads));
                QVERIFY(allFinite(lt.out));
                QVERIFY(allFinite(lt.weights));
            }
        }
    }
}

void tst_Knockout::rebuiltWeightsMatchStored_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("causal");
    QTest::newRow("gpt2 causal") << "arch=gpt2,n_layer=3,n_head=4,n_embed=32,context=160,vocab=53" << true;
    QTest::newRow("gpt2 bidirectional") << "arch=gpt2,n_layer=3,n_head=4,n_embed=32,context=160,vocab=53" << false;
    QTest::newRow("mistral") << "arch=mistral,n_layer=3,n_head=4,n_kv_head=2,n_embed=32,window=24,context=160,vocab=53" << true;
}

// Past the attention budget a head is rebuilt from q, k and the row
// statistics: with knockouts too, bit for bit, whole heads, rows and cells;
// the scores show the blocked edges as -inf and mask(l, h) as 0.
void tst_Knockout::rebuiltWeightsMatchStored() {
    QFETCH(QString, spec);
    QFETCH(bool, causal);
    const ModelConfig c = ModelConfig::parse_spec(spec.toStdString());
    const Model m(std::make_shared<Weights>(random_weights(c, 12)));
    const std::vector<int> tokens = randomTokens(140, c.vocab_size, 6);
    RunOptions dense, sparse;
    dense.causal = sparse.causal = causal;
    dense.knockout = sparse.knockout = mixedKnockouts(140, causal);
    sparse.attention_budget_bytes = 0;
    const Trace a = m.run(tokens, dense), b = m.run(tokens, sparse);
    QVERIFY(a.weights_dense);
    QVERIFY(!b.weights_dense);
    QCOMPARE(b.knockout, sparse.knockout);
    for (int l = 0; l < a.n_layer(); ++l)
        for (int h = 0; h < a.n_head(); ++h) {
            const MatrixRM wa = a.head_weights(l, h), wb = b.head_weights(l, h);
            QVERIFY2(sameBits(wa, wb), qPrintable(QStringLiteral("head %1.%2").arg(l).arg(h)));
            for (const int q : {0, 70, 100, 130})
                for (const int k : {0, 3, 5, 7, 129})
                    QCOMPARE(b.weight(l, h, q, k), wa(q, k));
            const MatrixRM scores = b.head_scores(l, h), mask = b.mask(l, h), plain = b.mask();
            for (int q = 0; q < b.T(); ++q)
                for (int k = 0; k < b.T(); ++k) {
                    const bool knocked = b.knocked_out(l, h, q, k);
                    if (knocked) QVERIFY(std::isinf(scores(q, k)) && scores(q, k) < 0);
                    QCOMPARE(mask(q, k), knocked ? 0.0f : plain(q, k));
                    if (mask(q, k) == 0) QCOMPARE(wa(q, k), 0.0f);
                }
        }
    QVERIFY(b.has_knockout(1, 2));
    QVERIFY(!b.knocked_out(1, 1, 70, 3));
    QVERIFY(b.knocked_out(1, 2, 70, 3));
    QVERIFY(b.knocked_out(0, 3, 100, 5));
    QVERIFY(b.knocked_out(2, 0, 11, 7));
    // The mask tensor stays the model's mask, the same for every head.
    QVERIFY(sameBits(b.tensor("blk.1.attn.mask").cmatrix(), b.mask()));
}

// An incremental run reuses rows only from a run with the same knockouts, and
// equals a full run bit for bit; with other knockouts it starts over.
void tst_Knockout::incrementalRunEqualsFullRun() {
    const ModelConfig c = ModelConfig::parse_spec("arch=gpt2,n_layer=2,n_head=4,n_embed=32,context=200,vocab=53");
    const Model m(std::make_shared<Weights>(random_weights(c, 14)));
    std::vector<int> tokens = randomTokens(120, c.vocab_size, 7);
    RunOptions opt;
    opt.logits_rows = -1;
    opt.knockout = {{0, 1, 100, 4}, {-1, -1, -1, 2}, {1, -1, 110, 110}};
    for (const int64_t budget : {int64_t(1) << 30, int64_t(0)}) {
        opt.attention_budget_bytes = budget;
        Trace tr;
        m.run(tokens, opt, tr);
        std::mt19937 rng(budget ? 1u : 2u);
        for (int step = 0; step < 6; ++step) {
            std::vector<int> next = tokens;
            next[size_t(105 + int(rng() % 10))] = int(rng() % 53);  // after the first knocked query of layer 0
            next.push_back(int(rng() % 53));
            m.run(next, opt, tr);
            QVERIFY2(tr.reused_rows >= 105, qPrintable(QString::number(tr.reused_rows)));
            const Trace full = m.run(next, opt);
            for (const std::string& name : full.tensor_names())
                QVERIFY2(sameBits(tr.tensor(name), full.tensor(name)), name.c_str());
            QVERIFY(sameBits(tr.logits, full.logits));
            tokens = next;
        }
        // Other knockouts: nothing is reused, and the result is theirs.
        RunOptions other = opt;
        other.knockout.pop_back();
        m.run(tokens, other, tr);
        QCOMPARE(tr.reused_rows, 0);
        QVERIFY(sameBits(tr.logits, m.run(tokens, other).logits));
        // Back to none: still nothing reused.
        other.knockout.clear();
        m.run(tokens, other, tr);
        QCOMPARE(tr.reused_rows, 0);
        QVERIFY(tr.knockout.empty());
    }
}

// The app's "without" prediction: ln_f without the knockouts, from the
// layers a knockout reaches on, equals a plain run's, bit for bit.
void tst_Knockout::lnFWithoutKnockoutsEqualsARunWithoutThem() {
    const ModelConfig c = ModelConfig::parse_spec("arch=gpt2,n_layer=3,n_head=4,n_embed=32,context=160,vocab=53");
    const Model m(std::make_shared<Weights>(random_weights(c, 15)));
    const std::vector<int> tokens = randomTokens(90, c.vocab_size, 8);
    for (const bool causal : {true, false})
        for (const std::vector<Knockout>& ko : {std::vector<Knockout>{{2, 1, 80, 3}}, std::vector<Knockout>{{1, -1, -1, 5}, {2, 0, 9, 9}},
                                                std::vector<Knockout>{{-1, -1, -1, 0}}, std::vector<Knockout>{}}) {
            RunOptions opt;
            opt.causal = causal;
            opt.ablate = {{0, 1}};
            const Trace plain = m.run(tokens, opt);
            opt.knockout = ko;
            opt.attention_budget_bytes = 0;
            const Trace knocked = m.run(tokens, opt);
            Model::SuffixScratch scratch;
            const Tensor& without = m.ln_f_without_knockouts(knocked, 2, scratch);
            QVERIFY(sameBits(without, plain.ln_f));
            if (!ko.empty()) QVERIFY(!sameBits(knocked.ln_f, plain.ln_f));
            const Prediction want = predict_from_ln_f(*m.shared_weights(), plain, 50, 5);
            const Prediction got = predict_from_ln_f(*m.shared_weights(), without.cmatrix(), tokens, 50, 5);
            QCOMPARE(got.top[0].id, want.top[0].id);
            QCOMPARE(got.top[0].prob, want.top[0].prob);
            QCOMPARE(got.next->rank, want.next->rank);
            const std::vector<int> ids{want.top[0].id, want.top[3].id};
            const std::vector<double> probs = probabilities_from_ln_f(*m.shared_weights(), without.cmatrix(), tokens, 50, ids);
            QCOMPARE(probs[0], want.top[0].prob);
            QCOMPARE(probs[1], want.top[3].prob);
        }
}

QTEST_GUILESS_MAIN(tst_Knockout)
#include "moc_tst_knockout.cpp"
