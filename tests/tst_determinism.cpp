// Runs are deterministic, as the README claims: the same trace, bit for bit,
// on 1, 2, 3 and 4 threads, whether the attention weights are stored or
// rebuilt, and the same bytes from `attnscope-cli dump --threads N`.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <random>

#include "attnscope/model.h"
#include "attnscope/weights.h"
#include "testutil.h"

using namespace attnscope;

namespace {

bool sameBits(const Tensor& a, const Tensor& b) {
    return a.shape == b.shape && a.data.size() == b.data.size() &&
           (a.data.empty() || std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0);
}

}  // namespace

class tst_Determinism : public QObject {
    Q_OBJECT
private slots:
    void traceIsBitIdenticalOnOneToFourThreads_data();
    void traceIsBitIdenticalOnOneToFourThreads();
    void cliDumpIsByteIdenticalOnOneToFourThreads();
};

void tst_Determinism::traceIsBitIdenticalOnOneToFourThreads_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("stored");
    QTest::newRow("causal, weights stored") << true << true;
    QTest::newRow("bidirectional, weights stored") << false << true;
    QTest::newRow("causal, weights rebuilt") << true << false;
}

void tst_Determinism::traceIsBitIdenticalOnOneToFourThreads() {
    QFETCH(bool, causal);
    QFETCH(bool, stored);
    // Three attention tiles (T = 150 > 2 * 64), wide enough that every linear
    // layer is split into several column slices (4 * 160 = 640 > 128).
    const ModelConfig c = ModelConfig::seed(97, 160, 160, 5, 3);
    const Model m(std::make_shared<Weights>(random_weights(c, 13)));
    std::mt19937 rng(5);
    std::vector<int> tokens(150);
    for (int& t : tokens) t = int(rng() % 97);
    RunOptions opt;
    opt.causal = causal;
    opt.logits_rows = -1;
    opt.attention_budget_bytes = stored ? (int64_t(1) << 30) : 0;
    opt.threads = 1;
    const Trace one = m.run(tokens, opt);
    QCOMPARE(one.weights_dense, stored);
    const std::vector<std::string> names = one.tensor_names();
    QVERIFY(names.size() > 20);
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

QTEST_GUILESS_MAIN(tst_Determinism)
#include "tst_determinism.moc"
