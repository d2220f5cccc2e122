#pragma once
// tst_views_scale's test class and model shape, shared by its files:
// tst_views_scale.cpp (the fixture, the heads grid, the guide),
// tst_views_scale_detail.cpp (the head detail) and tst_views_scale_labels.cpp
// (the query bars, the colour bar and labels on screen).
#include <QAccessible>
#include <QComboBox>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QToolButton>
#include <QToolTip>
#include <QtTest>
#include <cmath>
#include <cstring>
#include <random>
#include <set>

#include "gui/dialogs/guide_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/views/figure_view.h"
#include "gui/views/mask_view.h"
#include "render/figures/rollout_figure.h"
#include "gui/window/main_window.h"
#include "render/figures/token_lines_figure.h"
#include "render/figures/query_bars_figure.h"
#include "render/figures/heads_grid_thumbnails.h"
#include "session/document.h"
#include "gui/views/query_bars_view.h"
#include "gui/common/selection_text.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

constexpr int kLayers = 12, kHeads = 12, kWidth = 96, kTokens = 1000;

class tst_ViewsScale : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void gridTilesFillTheWidth();
    void gridHeadersAreDrawnUnclipped();
    void gridTooltipNamesTheHeadAndItsTopKey();
    void gridZoomChangesTileSize();
    void gridPoolingChangesThePaintedValues();
    void poolingSkipsOnlyMaskedCells();
    void gridTilesScaleToTheirOwnMax();
    void gridPaintsTheRunsOwnThumbnails();
    void gridArrowKeysMoveTheSelectedHead();
    void controlsHaveNamesAndTooltips();
    void detailSingleCharactersAreUpright();
    void detailLabelsFollowTheZoom();
    void detailLabelsStayInViewWhenPanned();
    void detailGoToTokenSelectsTheQuery();
    void detailLongTokensAreElidedAndNeverOverlap();
    void aHeatmapSmallerThanItsCellsKeepsEveryRowsLargest();
    void rowBarsKeepTheirTickAndTokenLabelsWhole();
    void shortRowBarsLabelTheirAxisWithoutOverlap();
    void colourBarCaptionAndMaskLegendStayInTheFigure();
    void guideUsesTheModelsNumbers();
    void detailPoolsALongTextAndZoomsToSingleCells();
    void screenLabelsKeepALegibleSize();
    void rowBarLabelsAreWholeOrElidedInsideTheFigure();
    void colourBarIsSmoothOnAHighDpiScreen();

private:
    HeadsGridView* showGrid();
    HeadDetailView* showDetail();
    // Waits for the grid to hold a figure built with these options.
    bool waitForGrid(render::Pooling pooling, render::TileScale scale);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};
