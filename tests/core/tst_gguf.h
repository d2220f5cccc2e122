#pragma once
// tst_gguf's test class, shared by tst_gguf.cpp (the reader against hostile
// files), tst_gguf_models.cpp (the dequantizers, the GEMM on stored
// weights, models and tokenizers against llama.cpp) and tst_gguf_order.cpp
// (llama.cpp's order of additions).
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <random>

#include "attnscope/common/error.h"
#include "attnscope/formats/gguf.h"
#include "attnscope/formats/json.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/backward.h"
#include "attnscope/run/kernels.h"
#include "attnscope/run/model.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "testutil.h"

using namespace attnscope;

class tst_Gguf : public QObject {
    Q_OBJECT

private slots:
    void hostile_data();
    void hostile();
    void readsMetadataAndTensors();
    void dequantizeRange_data();
    void dequantizeRange();
    void storedGemmMatchesDense_data();
    void storedGemmMatchesDense();
    void dequantizersMatchReference_data();
    void dequantizersMatchReference();
    void modelsMatchLlamaCpp_data();
    void modelsMatchLlamaCpp();
    void sixteenBitRunsAreAsCloseAsAnUlpAllows_data();
    void sixteenBitRunsAreAsCloseAsAnUlpAllows();
    void bf16ProductsAddAsLlamaCppDoes_data();
    void bf16ProductsAddAsLlamaCppDoes();
    void ropeAnglesAsLlamaCppStepsThem();
    void storedRunMatchesDequantizedRun_data();
    void storedRunMatchesDequantizedRun();
    void storedGradientsMatchDequantized_data();
    void storedGradientsMatchDequantized();
    void gemmaGradientsRefused();
    void tokenizersMatchLlamaCpp_data();
    void tokenizersMatchLlamaCpp();
};
