// The bundled demo model: it opens with no file named, its tokenizer is in the
// file, and its heads show the structure the README promises (measured the way
// resources/demo/analyze_heads.py measures it).
#include <QtTest>

#include "attnscope/model.h"
#include "attnscope/model_file.h"
#include "attnscope/tokenizer.h"
#include "render/session.h"

using namespace attnscope;

namespace {

// Written for this test in the style of the training text (not taken from it).
const char* kText =
    "DUKE VINCENTIO:\n"
    "Now, good my lord, what news from Mantua?\n"
    "Speak plainly, for the hour is late and cold.\n\n"
    "LUCIO:\n"
    "My lord, the gates are shut, the watch is set,\n"
    "And all the town is sleeping in its bed.\n\n"
    "DUKE VINCENTIO:\n"
    "Then let us go; the morning brings us word.\n";

}  // namespace

class tst_Demo : public QObject {
    Q_OBJECT
private slots:
    void opensWithoutAPath();
    void hasAPreviousTokenHead();
    void hasALineBoundaryHead();
    void predictsShakespeareanText();
};

void tst_Demo::opensWithoutAPath() {
    const render::Document d = render::openDocument(QString());
    QVERIFY(d.isDemo);
    QVERIFY(d.tokenizer);
    QCOMPARE(QString::fromStdString(d.tokenizer->kind()), QStringLiteral("char"));
    const ModelConfig& c = d.model.weights->config;
    QVERIFY(c.n_layer >= 4);
    QVERIFY(c.n_head >= 4);
    QCOMPARE(c.vocab_size, d.tokenizer->vocab_size());
    QVERIFY(d.model.metadata.count(kMetaTraining));
    QVERIFY(QFileInfo(render::demoModelPath()).size() <= 8 * 1024 * 1024);
}

void tst_Demo::hasAPreviousTokenHead() {
    const render::Document d = render::openDocument(QString());
    const Trace tr = Model(d.model.weights).run(d.tokenizer->encode_ids(kText));
    double best = 0;
    for (int l = 0; l < tr.n_layer(); ++l)
        for (int h = 0; h < tr.n_head(); ++h) {
            const MatrixRM w = tr.head_weights(l, h);
            double sum = 0;
            for (int i = 1; i < tr.T(); ++i) sum += w(i, i - 1);
            best = std::max(best, sum / (tr.T() - 1));
        }
    // Uniform attention would give about 1/T on average.
    QVERIFY2(best > 0.8, qPrintable(QString::number(best)));
}

void tst_Demo::hasALineBoundaryHead() {
    const render::Document d = render::openDocument(QString());
    const std::vector<int> ids = d.tokenizer->encode_ids(kText);
    const Trace tr = Model(d.model.weights).run(ids);
    const int newline = d.tokenizer->encode_ids("\n").at(0);
    double best = 0;
    for (int l = 0; l < tr.n_layer(); ++l)
        for (int h = 0; h < tr.n_head(); ++h) {
            const MatrixRM w = tr.head_weights(l, h);
            double sum = 0;
            int n = 0;
            int last = -1;  // the most recent newline before position i-1
            for (int i = 0; i < tr.T(); ++i) {
                if (last >= 0 && last < i - 1) {
                    sum += w(i, last);
                    ++n;
                }
                if (i >= 1 && ids[size_t(i - 1)] == newline) last = i - 1;
            }
            best = std::max(best, n ? sum / n : 0.0);
        }
    QVERIFY2(best > 0.4, qPrintable(QString::number(best)));
}

void tst_Demo::predictsShakespeareanText() {
    // After "LUCIO:\n" a speech follows: the model should not predict a newline
    // or a colon, and should find common letters likely.
    const render::Document d = render::openDocument(QString());
    const std::vector<int> ids = d.tokenizer->encode_ids("KING RICHARD III:\nNow is the winter of our discon");
    const Trace tr = Model(d.model.weights).run(ids);
    const auto logits = tr.logits_at(tr.T() - 1);
    Eigen::Index best = 0;
    logits.maxCoeff(&best);
    QCOMPARE(QString::fromStdString(d.tokenizer->token_text(int(best))), QStringLiteral("t"));
}

QTEST_GUILESS_MAIN(tst_Demo)
#include "tst_demo.moc"
