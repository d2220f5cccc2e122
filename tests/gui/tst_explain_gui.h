#pragma once
// tst_explain_gui's test class, shared by tst_explain_gui.cpp (the fixture,
// the rollout, predictions and head statistics) and
// tst_explain_gui_ablation.cpp (the ablation map, text coloured by attention,
// knockout).
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTextCursor>

#include "attnscope/run/model.h"
#include "attnscope/explain/predict.h"
#include "attnscope/explain/rollout.h"
#include "gui/views/ablation_view.h"
#include "gui/panels/attention_text_panel.h"
#include "attnscope/explain/ablation.h"
#include "attnscope/explain/head_stats.h"
#include "gui/views/figure_view.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/views/mask_view.h"
#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/window/main_window.h"
#include "gui/panels/predictions_model.h"
#include "gui/panels/predictions_panel.h"
#include "gui/panels/value_strip.h"
#include "render/figures/rollout_figure.h"
#include "attnscope/common/error.h"
#include "session/ablation_cache.h"
#include "session/tokenize.h"
#include "session/views.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/panels/token_strip.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;

class tst_ExplainGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void rolloutShowsTheSelectedQueryRow();
    void rolloutOfALongTextIsBuiltOffTheGuiThread();
    void predictionsShowTheCoreTopToken();
    void predictionsSayABidirectionalRunIsNoForecast();
    void predictionsTopKIsRemembered();
    void explainDocksVisibilityIsRemembered();
    void headStatsLabelAndSort();
    void headStatsProbesOnDemand();
    void headStatsSayHowFarTheyAre();
    void ablationMapPaintsTheScan();
    void ablationScanCancels();
    void ablationScanIsEstimatedBeforeItStarts();
    void exportNeverRunsALargeScan();
    void textColouredByAttention();
    void knockoutFromTheHeadDetailMenu();

private:
    bool waitForTrace(int timeoutMs = 60000);
    void selectQuery(int q);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};
