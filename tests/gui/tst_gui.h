#pragma once
// tst_gui's test class, shared by tst_gui.cpp (the fixture, the views and the
// selection) and tst_gui_session.cpp (long texts, runs, model files, the text
// as typed, settings, the item models).
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLabel>
#include <QMenu>
#include <QDoubleSpinBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStringDecoder>
#include <QStringEncoder>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "gui/views/compare_view.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/trace_view.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/views/query_bars_view.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/views/mask_view.h"
#include "gui/panels/model_panel.h"
#include "session/tokenize.h"
#include "gui/views/shape_flow_view.h"
#include "gui/views/tensor_table_model.h"
#include "gui/views/token_lines_view.h"
#include "gui/panels/token_strip.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;

class tst_Gui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void startsOnDemoModelWithExampleText();
    void typingRunsTheModel();
    void gridHasEveryHead();
    void hoverReportsTheTraceWeight();
    void arrowKeysMoveTheSelectedCell();
    void selectionIsClampedToTheModel();
    void copyFigureSaysWhatItCannotCopy();
    void bidirectionalChangesMaskAndWeights();
    void shapeFlowNodeShowsItsTensor();
    void tokenStripSelectsQuery();
    void headShortcutsMoveSelection();
    void ablateShortcutZeroesTheHead();
    void longTextIsCroppedWithNotice();
    void refusingLongTextGivesAnError();
    void cancelledRunDeliversNothing();
    void longRunShowsProgressAndCancel();
    void badModelFileKeepsTheCurrentOne();
    void aModelMadeWhileAnotherLoadsIsKept();
    void invalidUtf8TextIsReplacedAndTold();
    void theModelRunsOnTheTextAsTyped();
    void settingsAreRemembered();
    void queryBarsAxisIsInTheViewMenu();
    void aViewOutOfSightWaitsToBeShown();
    void corruptSettingsReadAsDefaults();
    void commandLineTextIsNotSavedOverTheUsers();
    void compareTextTypedJustBeforeClosingIsKept();
    void aLongTextIsKeptInItsFileNotTheSettings();
    void itemModelsPassTheTester();

private:
    bool waitForTrace(int timeoutMs = 60000);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};
