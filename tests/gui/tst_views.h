#pragma once
// tst_views' test class, shared by tst_views.cpp (the fixture, the head
// detail, the query bars, the token lines, the panels) and tst_views_flow.cpp
// (the shape flow of every architecture).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/views/query_bars_view.h"
#include "render/figures/matrix_figure.h"
#include "session/tokenize.h"
#include "session/views.h"
#include "render/data.h"
#include "render/export.h"
#include "render/figures/shape_flow_figure.h"
#include "attnscope/model/architectures.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/trace_tensors.h"
#include "attnscope/model/weights.h"
#include "testutil.h"
#include "gui/views/shape_flow_view.h"
#include "gui/views/tensor_table_model.h"
#include "render/figures/token_lines_figure.h"
#include "render/line_raster.h"
#include <QPicture>
#include "gui/views/token_lines_view.h"
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <algorithm>
#include <set>
#include "gui/workspace/workspace.h"

class tst_Views : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void headDetailFollowsAltArrows();
    void headDetailFollowsAGridClick();
    void headDetailFollowsEnterInTheGrid();
    void gridRepaintsForTheHeadNotTheQuery();
    void queryBarsFitTheirTallestBar();
    void tokenLinesWindowALongText();
    void lineRasterCoversWhatItDraws();
    void tokenLinesPaintTheirLines();
    void sixteenHeadsHaveSixteenColours();
    void shapeFlowTensorPanel();
    void runModeIsAlwaysInSight();
    void closedPanelsReopenFromTheViewMenu();
    void maskHasALegend();
    void flowStagesFollowTheArchitecture_data();
    void flowStagesFollowTheArchitecture();
    void flowStagesOfGpt2AndSeedUnchanged();
    void flowFigureDrawsBranchesAndExports();
    void flowNodeWithoutTensorSaysSo();
    void flowNodesAreWalkedWithTheArrowKeys();

private:
    void showDetailAndCheck(int layer, int head);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};
