#pragma once
// tst_model's test class and its random models and tokens, shared by
// tst_model.cpp (attention rows and the causal mask, bands, float16, specs,
// estimates, heads and logits computed again) and tst_model_runs.cpp (shape
// records, threads, ablation, the reference, errors, progress, files).
#include <QtTest>

#include <cstring>

#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/reference.h"
#include "attnscope/formats/safetensors.h"
#include "testutil.h"

using namespace attnscope;

inline std::shared_ptr<const Weights> randomModel(int layers, int heads, int embed, int context, int vocab,
                                                  uint64_t seed, bool gpt2 = false) {
    const ModelConfig c = gpt2 ? ModelConfig::gpt2(vocab, context, embed, heads, layers)
                               : ModelConfig::seed(vocab, context, embed, heads, layers);
    return std::make_shared<Weights>(random_weights(c, seed));
}

inline std::vector<int> randomTokens(int T, int vocab, unsigned seed) {
    std::vector<int> ids(static_cast<size_t>(T));
    for (int i = 0; i < T; ++i) ids[size_t(i)] = int((seed * 2654435761u + unsigned(i) * 40503u) % unsigned(vocab));
    return ids;
}

class tst_Model : public QObject {
    Q_OBJECT
private slots:
    void rowsSumToOne_data();
    void rowsSumToOne();
    void causalUpperTriangleIsZero();
    void shapeRecords();
    void logitsNotKeptAreComputedFromLnF();
    void headsWithoutKeysAreRebuiltExactly();
    void bandsIntoABufferEqualBandsReturned();
    void everyHalfConvertsExactly();
    void badModelSpecsSayWhatIsWrong();
    void estimateIsWhatARunHolds();
    void threadsAgree_data();
    void threadsAgree();
    void ablatedHeadContributesNothing();
    void rebuiltWeightsAreBitIdentical_data();
    void rebuiltWeightsAreBitIdentical();
    void matchesPlainLoopReference_data();
    void matchesPlainLoopReference();
    void buffersAreReused();
    void badInputGivesClearErrors();
    void progressCanCancel();
    void randomInitIsDeterministicAndPyTorchLike();
    void safetensorsRoundTrip();
    void traceNamesResolve();
};
