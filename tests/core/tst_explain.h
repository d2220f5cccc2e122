#pragma once
// tst_explain's test class and what its files share (tolerances, the golden
// files of make_explain_golden.py, EXPECT_NEAR): tst_explain.cpp (the core
// against PyTorch, labels) and tst_explain_scan.cpp (1,000 tokens, the
// ablation scan, the CLI's verbs).
#include <QFile>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <atomic>

#include <cmath>

#include "attnscope/explain/ablation.h"
#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/explain/head_stats.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/explain/predict.h"
#include "attnscope/explain/rollout.h"
#include "testutil.h"

using namespace attnscope;

constexpr double kProbTol = 1e-5;   // probabilities; logits and losses with EXPECT_CLOSE
constexpr double kStatTol = 1e-5;   // head statistics and probes
constexpr double kDeltaTol = 1e-4;  // ablation deltas
constexpr double kRolloutTol = 1e-5;

struct Golden {
    QJsonObject json;
    std::shared_ptr<const Weights> weights;
    std::vector<int> tokens;
    QString modelPath;
};

inline QString modelPathFor(const QString& name) {
    return name == QLatin1String("demo") ? QStringLiteral(ATTNSCOPE_RESOURCES "/demo/shakespeare-char.safetensors")
                                         : testutil::fixtures("explain/" + name + ".model.safetensors");
}

inline Golden loadGolden(const QString& name) {
    Golden g;
    QFile f(testutil::fixtures("explain/" + name + ".json"));
    if (!f.open(QIODevice::ReadOnly)) return g;
    g.json = QJsonDocument::fromJson(f.readAll()).object();
    g.modelPath = modelPathFor(name);
    g.weights = load_model(testutil::str(g.modelPath)).weights;
    for (const QJsonValue t : g.json["tokens"].toArray()) g.tokens.push_back(t.toInt());
    return g;
}

inline QStringList tokenArgs(const std::vector<int>& ids) {
    QStringList s;
    for (const int id : ids) s << QString::number(id);
    return {"--tokens", s.join(',')};
}

// `what` within `tol` of `want`, with both in the failure message.
#define EXPECT_NEAR(got, want, tol, what)                                                                        \
    QVERIFY2(std::abs(double(got) - double(want)) <= (tol),                                                      \
             qPrintable(QStringLiteral("%1: %2 vs %3").arg(what).arg(double(got), 0, 'g', 12).arg(double(want), 0, 'g', 12)))

// As EXPECT_NEAR, with the tolerance scaled by |want| past 1 (numpy's isclose
// with rtol = atol): logits and losses of improbable tokens reach ~10, where two
// float32 forward passes (this one and PyTorch's) differ by about 1e-6 relative.
#define EXPECT_CLOSE(got, want, tol, what) EXPECT_NEAR(got, want, (tol) * std::max(1.0, std::abs(double(want))), what)

class tst_Explain : public QObject {
    Q_OBJECT
private slots:
    void predictionsMatchPyTorch_data();
    void predictionsMatchPyTorch();
    void statisticsMatchPyTorch_data();
    void statisticsMatchPyTorch();
    void probesMatchPyTorch_data();
    void probesMatchPyTorch();
    void ablationScanMatchesPyTorch_data();
    void ablationScanMatchesPyTorch();
    void rolloutMatchesPyTorch_data();
    void rolloutMatchesPyTorch();
    void rolloutOfALongTextIsRefused();
    void cliExportRolloutMatchesPyTorch();
    void cliExportAblationMatchesPyTorch();
    void predictionsFromLnFEqualKeptLogits_data();
    void predictionsFromLnFEqualKeptLogits();
    void predictRefusesWhatItCannotAnswer();
    void labelsFollowTheThresholds_data();
    void labelsFollowTheThresholds();
    void demoLabelsMatchTheirScores();
    void statisticsAtThousandTokensWithoutDenseWeights();
    void probeSequenceIsTwoEqualHalvesOfDistinctIds();
    void scanReportsProgressAndCancels_data();
    void scanReportsProgressAndCancels();
    void scanNeedsTwoTokens();
    void scanEqualsSeparateRunsBitForBit_data();
    void scanEqualsSeparateRunsBitForBit();
    void cliPredictMatchesPyTorch();
    void cliHeadsJsonAndCsv();
    void cliAblateScanMatchesPyTorch();
    void cliErrorsGiveOneLine_data();
    void cliErrorsGiveOneLine();
};
