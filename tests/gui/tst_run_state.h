#pragma once
// tst_run_state's test class, shared by its files: tst_run_state.cpp (the
// fixture, the Run menu's threads and memory budgets), tst_run_state_typing.cpp
// (incremental runs as keys are typed, the background work beside them) and
// tst_run_state_badges.cpp (badges, notes on figures, tooltips, keys).
#include <QAbstractButton>
#include "gui/common/notice_label.h"
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <QDockWidget>
#include <QTabBar>
#include <QFile>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QMenu>
#include <QStatusBar>
#include <QTextCursor>
#include <QThreadPool>
#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

#include "gui/common/eliding_label.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/query_bars_view.h"
#include "render/figures/head_figure.h"
#include "render/figures/matrix_figure.h"
#include "gui/window/main_window.h"
#include "gui/common/process_memory.h"
#include "gui/panels/predictions_panel.h"
#include "render/figures/noted_figure.h"
#include "session/views.h"
#include "gui/views/shape_flow_view.h"
#include "gui/views/token_lines_view.h"
#include "attnscope/run/model.h"
#include "testutil.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/views/trace_view.h"
#include "gui/common/work_pool.h"
#include "gui/workspace/workspace.h"

class tst_RunState : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void everyViewShowsAblationsAndMask();
    void aRefusedRunMarksEveryViewStale();
    void exportedFiguresNoteAblationsAndMask();
    void cliFiguresNoteAblations();
    void everyControlIsExplained();
    void altKeysAreUniqueOnEveryPage();
    void findGoesToTheTokenBoxFromAnywhereOnTheHeadPage();
    void threadsSettingIsUsedAndRemembered();
    void attentionBudgetIsUsedAndRemembered();
    void activationBudgetIsUsedAndRemembered();
    void kvBudgetIsUsedAndRemembered();
    void typingRecomputesOnlyTheNewRows();
    void theFirstKeyAfterANewTextIsIncremental();
    void deletingBackPastAThumbnailWidthStaysIncremental();
    void lossesDoNotHoldTheTrace();
    void aKeyKeepsTheLossesAlreadyComputed();
    void backgroundWorkLeavesQtsPoolToPainting();
    void backgroundWorkWaitsForTheRunsOfKeys();
    void hiddenViewsWaitUntilShown();
    void passingTheBudgetShowsTheEstimateFirst();
    void freedFigureBuffersStayForTheNextKey();
    void aQuickRunStartsWithoutWaitingForTheNextKey();

private:
    // Badge texts of every registered view's widget.
    QStringList badges() const;
    bool rerun(const std::function<void()>& change);
    // Types `keys` at the end of the text, as a user appending.
    void typeAtEnd(const QString& keys);
    PredictionsPanel* slowLosses(uint64_t seed);
    QString differsFromAFullRun(const attnscope::Trace& trace) const;
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};
