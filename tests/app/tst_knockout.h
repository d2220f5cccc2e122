#pragma once
// tst_knockout's test class and random tokens, shared by tst_knockout.cpp (the
// knocked-out runs against the reference, rebuilt, incremental and without
// them) and tst_knockout_cli.cpp (bad knockouts, the spec syntax, recipes and
// attnscope-cli).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/explain/predict.h"
#include "attnscope/run/reference.h"
#include "session/knockout.h"
#include "session/recipe.h"
#include "testutil.h"

using namespace attnscope;

inline std::vector<int> randomTokens(int n, int vocab, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<int> t(static_cast<size_t>(n));
    for (int& x : t) x = int(rng() % unsigned(vocab));
    return t;
}

class tst_Knockout : public QObject {
    Q_OBJECT
private slots:
    void matchesReference_data();
    void matchesReference();
    void attentionMatchesReferenceOnEveryArchitecture_data();
    void attentionMatchesReferenceOnEveryArchitecture();
    void allBlockedRowIsZeroNotNaN();
    void rebuiltWeightsMatchStored_data();
    void rebuiltWeightsMatchStored();
    void incrementalRunEqualsFullRun();
    void lnFWithoutKnockoutsEqualsARunWithoutThem();
    void badKnockoutsAreRefused_data();
    void badKnockoutsAreRefused();
    void specSyntax();
    void cliPredictShowsTheChange();
    void cliBadKnockoutGivesOneLine_data();
    void cliBadKnockoutGivesOneLine();
    void recipesCarryKnockouts();
    void cliExportWithKnockout();
};
