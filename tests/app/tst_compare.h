#pragma once
// tst_compare's test class, texts and runs, shared by tst_compare.cpp (the
// difference against separate runs, shapes, bad B input, budgets) and
// tst_compare_exports.cpp (every format, recipes, figures, the CLI).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

#include "attnscope/explain/compare.h"
#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/model/weights.h"
#include "render/figures/compare_figure.h"
#include "session/comparison.h"
#include "session/document.h"
#include "session/export_recipe.h"
#include "session/recipe_run.h"
#include "session/tokenize.h"
#include "session/views.h"
#include "testutil.h"

using namespace attnscope;
using testutil::cli;
using testutil::Run;

class tst_Compare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void textDifferenceEqualsSeparateRuns_data();
    void textDifferenceEqualsSeparateRuns();
    void modelDifferenceEqualsSeparateRuns();
    void shapeMismatchIsRefusedNamingBothShapes();
    void badBInputNeverCrashes();
    void longTextBIsCroppedLikeA();
    void bUsesTheSameAttentionBudgetAsA();
    void exportsEveryFormat();
    void recipesNameWhatBIs();
    void figureTitleSaysWhatItCovers();
    void smallFiguresKeepTheLargestChange();
    void longTextsArePooledBandByBand_data();
    void longTextsArePooledBandByBand();
    void cliExportsTheDifference();
    void cliBadUsageExitsTwo_data();
    void cliBadUsageExitsTwo();
    void cliOtherErrorsExitOne_data();
    void cliOtherErrorsExitOne();

private:
    // A random model of the demo model's shape (or another n_layer), saved.
    QString saveRandom(const QString& name, uint64_t seed, int nLayer = -1);
    QTemporaryDir dir_;
    session::Document demo_;
};

const QString kTextA = QStringLiteral("ROMEO: What light is this that breaks");
const QString kTextB = QStringLiteral("JULIET: Who calls so late");

inline std::shared_ptr<const Trace> runOn(const session::Document& doc, const std::vector<int>& ids, const RunOptions& o = {}) {
    return std::make_shared<const Trace>(Model(doc.model.weights).run(ids, o));
}
