#pragma once
// tst_determinism's test class and its bit-for-bit comparisons, shared by
// tst_determinism.cpp (threads, the CLI, incremental runs) and
// tst_determinism_layers.cpp (runs of the first layers and past a chunk,
// thumbnails, the linear layer's chains).
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

inline bool sameBits(const Tensor& a, const Tensor& b) {
    return a.shape == b.shape && a.data.size() == b.data.size() &&
           (a.data.empty() || std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0);
}

// Every tensor of two traces, compared bit for bit; names the first that differs.
inline QString firstDifference(const Trace& a, const Trace& b) {
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
    void aSnapshotCopiedAgainTakesOnlyTheNewRows();
    void aViewsOnlySnapshotHoldsLessAndReadsTheSame();
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
