// The bundled demo model: it opens with no file named, its tokenizer is in the
// file, and its heads show the structure the README promises (measured the way
// resources/demo/analyze_heads.py measures it).
#include <QtTest>

#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "session/tokenize.h"

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
    "Then let us go.\n";  // 230 characters: within the 256 of the context

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
    const session::Document d = session::openDocument(QString());
    QVERIFY(d.isDemo);
    QVERIFY(d.tokenizer);
    QCOMPARE(QString::fromStdString(d.tokenizer->kind()), QStringLiteral("char"));
    const ModelConfig& c = d.model.weights->config;
    QVERIFY(c.n_layer >= 4);
    QVERIFY(c.n_head >= 4);
    QCOMPARE(c.vocab_size, d.tokenizer->vocab_size());
    QVERIFY(d.model.metadata.count(kMetaTraining));
    QVERIFY(QFileInfo(session::demoModelPath()).size() <= 8 * 1024 * 1024);
}

void tst_Demo::hasAPreviousTokenHead() {
    const session::Document d = session::openDocument(QString());
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
    const session::Document d = session::openDocument(QString());
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
    // A trained model knows English spelling: after "discon" the next letter is
    // among its few best guesses (discontent, disconsolate...), after a
    // speaker's name and colon comes a newline.
    const session::Document d = session::openDocument(QString());
    const Model model(d.model.weights);
    auto topFive = [&](const char* text) {
        const Trace tr = model.run(d.tokenizer->encode_ids(text));
        const VectorF logits = tr.logits_at(tr.T() - 1);
        std::vector<int> order(size_t(logits.size()));
        for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
        std::partial_sort(order.begin(), order.begin() + 5, order.end(),
                          [&](int a, int b) { return logits[a] > logits[b]; });
        QStringList out;
        for (int i = 0; i < 5; ++i) out << QString::fromStdString(d.tokenizer->token_text(order[size_t(i)]));
        return out;
    };
    const QStringList afterDiscon = topFive("KING RICHARD III:\nNow is the winter of our discon");
    QVERIFY2(afterDiscon.contains("t"), qPrintable(afterDiscon.join(',')));
    const QStringList afterName = topFive("First Citizen:\nWe are accounted poor citizens.\n\nMENENIUS:");
    QVERIFY2(afterName.first() == "\n", qPrintable(afterName.join(',')));
}

QTEST_GUILESS_MAIN(tst_Demo)
#include "tst_demo.moc"
