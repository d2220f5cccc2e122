#pragma once
// tst_trace_gui's test class and its trace file, shared by tst_trace_gui.cpp
// (the file opened in place of the model, its heads painted, bad heads named)
// and tst_trace_gui_model.cpp (what needs the model, exports, bad files,
// reopening).
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>

#include "attnscope/explain/head_stats.h"
#include "attnscope/run/trace_file.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/window/main_window.h"
#include "gui/panels/model_panel.h"
#include "gui/panels/predictions_panel.h"
#include "render/figures/heads_grid_figure.h"
#include "render/figures/head_figure.h"
#include "gui/views/query_bars_view.h"
#include "session/document.h"
#include "session/export_recipe.h"
#include "session/views.h"
#include "testutil.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/views/token_lines_view.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;

inline QString fixture() { return QStringLiteral(ATTNSCOPE_FIXTURES "/trace/demo.trace.safetensors"); }

class tst_TraceGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void traceFileOpensInPlaceOfTheModel();
    void viewsPaintTheFilesHeads();
    void hoverReportsTheFilesWeight();
    void rawScoresFallBackToTheFilesWeights();
    void aCorruptHeadIsSaidByEachViewThatReadsIt();
    void viewsThatNeedTheModelAreDisabled();
    void nothingRunsAndTheTextIsKept();
    void exportsTheFilesWeights();
    void notATraceFileIsRefusedByName();
    void corruptTraceFileKeepsTheModelOpen();
    void reopenedAtNextStart();
    void aRunInFlightDoesNotReplaceTheTraceFile();

private:
    bool openTrace(const QString& path);
    bool openTraceFile(const QString& path);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
    const QString typed_ = QStringLiteral("JULIET:\nO Romeo, Romeo! wherefore art thou Romeo?\n");
};
