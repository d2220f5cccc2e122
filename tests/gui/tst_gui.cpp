// The desktop app driven as a user drives it, offscreen: it starts on the demo
// model, typing re-runs the model, the views show what the trace holds.
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

void tst_Gui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_gui");
    QVERIFY2(!session::demoModelPath().isEmpty(), "the bundled demo model resources/demo/shakespeare-char.safetensors is missing");
}

void tst_Gui::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());  // the typed text is kept outside QSettings too
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1200, 800);
    win_->show();
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(waitForTrace());
}

void tst_Gui::cleanup() {
    win_.reset();
    ws_.reset();
}

bool tst_Gui::waitForTrace(int timeoutMs) {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    return ready.wait(timeoutMs) || !ready.isEmpty();
}

void tst_Gui::startsOnDemoModelWithExampleText() {
    QVERIFY(ws_->document().isDemo);
    QVERIFY(ws_->document().tokenizer);
    QVERIFY(!win_->editor()->toPlainText().isEmpty());
    const auto t = ws_->trace();
    QVERIFY(t);
    QCOMPARE(t->T(), int(ws_->tokens().ids.size()));
    QVERIFY(t->T() > 20);
    QCOMPARE(t->config.n_layer, ws_->document().model.weights->config.n_layer);
}

void tst_Gui::typingRunsTheModel() {
    win_->editor()->clear();
    win_->editor()->setFocus();
    QTest::keyClicks(win_->editor(), "To be, or not");
    QTRY_COMPARE_WITH_TIMEOUT(ws_->trace() ? ws_->trace()->T() : -1, 13, 30000);
    QCOMPARE(ws_->tokens().texts.join(QString()), QStringLiteral("To be, or not"));
    QCOMPARE(win_->tokenStrip()->chipCount(), 13);
}

void tst_Gui::gridHasEveryHead() {
    const auto& cfg = ws_->document().model.weights->config;
    win_->showView("heads");
    QCOMPARE(win_->headsGrid()->cellCount(), cfg.n_layer * cfg.n_head);
    win_->headsGrid()->setLayerFilter(1);
    QCOMPARE(win_->headsGrid()->cellCount(), cfg.n_head);
    win_->headsGrid()->setLayerFilter(-1);
    // Ctrl+click selects the head under the mouse; a click also opens it in detail.
    QTest::mouseClick(win_->headsGrid(), Qt::LeftButton, Qt::ControlModifier, win_->headsGrid()->panelCenter(2, 3).toPoint());
    QCOMPARE(ws_->selection().layer, 2);
    QCOMPARE(ws_->selection().head, 3);
    QCOMPARE(win_->currentView(), static_cast<TraceView*>(win_->headsGrid()));
    QTest::mouseClick(win_->headsGrid(), Qt::LeftButton, {}, win_->headsGrid()->panelCenter(1, 0).toPoint());
    QCOMPARE(ws_->selection().layer, 1);
    QCOMPARE(ws_->selection().head, 0);
    QCOMPARE(win_->currentView(), static_cast<TraceView*>(win_->headDetail()));
}

void tst_Gui::hoverReportsTheTraceWeight() {
    Selection s = ws_->selection();
    s.layer = 1;
    s.head = 2;
    ws_->setSelection(s);
    win_->showView("head");
    HeadDetailView* d = win_->headDetail();
    QTRY_VERIFY(d->isVisible());
    const auto t = ws_->trace();
    const int q = t->T() - 1, k = t->T() / 2;
    QTest::mouseMove(d, d->cellCenter(q, k).toPoint());
    QTRY_COMPARE(d->hover().query, q);
    QCOMPARE(d->hover().key, k);
    QCOMPARE(d->hover().weight, t->weight(1, 2, q, k));
    QCOMPARE(d->hover().score, t->score(1, 2, q, k));
    QVERIFY(d->hoverText().contains(QString::number(t->weight(1, 2, q, k), 'g', 6)));
    // A masked cell says so.
    QTest::mouseMove(d, d->cellCenter(0, 3).toPoint());
    QTRY_COMPARE(d->hover().key, 3);
    QVERIFY(d->hover().masked);
    QCOMPARE(d->hover().weight, 0.0f);
}

void tst_Gui::arrowKeysMoveTheSelectedCell() {
    win_->showView("head");
    HeadDetailView* d = win_->headDetail();
    d->setFocus();
    Selection s = ws_->selection();
    s.query = 5;
    s.key = 2;
    ws_->setSelection(s);
    QTest::keyClick(d, Qt::Key_Right);
    QCOMPARE(ws_->selection().key, 3);
    QTest::keyClick(d, Qt::Key_Down);
    QCOMPARE(ws_->selection().query, 6);
    QTest::keyClick(d, Qt::Key_Up);
    QTest::keyClick(d, Qt::Key_Left);
    QCOMPARE(ws_->selection().query, 5);
    QCOMPARE(ws_->selection().key, 2);
}

// A layer or head the model lacks (a statistics row of the model before,
// `--head 0.9` on a two-head model) is clamped to the open model, and the
// views draw that head; before, the query bars read head 0.9 and the app
// aborted.
void tst_Gui::selectionIsClampedToTheModel() {
    const attnscope::ModelConfig& cfg = *ws_->document().config();
    win_->showView("head");
    Selection s = ws_->selection();
    s.layer = cfg.n_layer + 3;
    s.head = cfg.n_head + 5;
    ws_->setSelection(s);
    QCOMPARE(ws_->selection().layer, cfg.n_layer - 1);
    QCOMPARE(ws_->selection().head, cfg.n_head - 1);
    QTRY_VERIFY(win_->headDetail()->figure() && win_->headDetail()->figure()->head() == cfg.n_head - 1);
    QCOMPARE(win_->headDetail()->figure()->layer(), cfg.n_layer - 1);
    QTRY_VERIFY(win_->queryBars()->figure() && win_->queryBars()->figure()->head() == cfg.n_head - 1);
    s.layer = -2;
    s.head = -1;
    ws_->setSelection(s);
    QCOMPARE(ws_->selection().layer, 0);
    QCOMPARE(ws_->selection().head, 0);
    QTRY_VERIFY(win_->queryBars()->figure() && win_->queryBars()->figure()->head() == 0);
}

// Copy figure (Ctrl+Shift+C) on a view with nothing to draw says why in the
// status bar; before, the ablation view's missing map (one token: nothing to
// scan) was dereferenced and the app crashed.
void tst_Gui::copyFigureSaysWhatItCannotCopy() {
    QAction* copy = win_->findChild<QAction*>(QStringLiteral("copyFigure"));
    QVERIFY(copy);
    win_->editor()->setPlainText(QStringLiteral("a"));
    QTRY_VERIFY(ws_->trace() && ws_->trace()->T() == 1 && !ws_->isRunning());
    win_->showView("ablation");
    copy->trigger();
    const QString said = win_->statusBar()->currentMessage();
    QVERIFY2(said.startsWith(QStringLiteral("Nothing copied")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("two tokens")) || said.contains(QStringLiteral("no figure")), qPrintable(said));
    QCOMPARE(win_->editor()->toPlainText(), QStringLiteral("a"));  // nothing lost
    // A view that can draw is copied.
    win_->showView("heads");
    copy->trigger();
    QCOMPARE(win_->statusBar()->currentMessage(), QStringLiteral("Figure copied to the clipboard."));
}

void tst_Gui::bidirectionalChangesMaskAndWeights() {
    win_->showView("mask");
    MaskView* m = win_->maskView();
    const auto before = ws_->trace();
    const int T = before->T();
    QVERIFY(std::abs(m->allowedFraction() - double(T + 1) / (2.0 * T)) < 1e-9);
    const MatrixRM wBefore = before->head_weights(0, 0);
    QCOMPARE(wBefore(0, T - 1), 0.0f);
    m->causalBox()->setChecked(false);
    QVERIFY(waitForTrace());
    const auto after = ws_->trace();
    QVERIFY(!after->causal);
    QCOMPARE(m->allowedFraction(), 1.0);
    const MatrixRM wAfter = after->head_weights(0, 0);
    QVERIFY(wAfter(0, T - 1) > 0.0f);
    QVERIFY((wAfter - wBefore).cwiseAbs().maxCoeff() > 1e-3f);
    m->causalBox()->setChecked(true);
    QVERIFY(waitForTrace());
    QVERIFY(ws_->trace()->causal);
}

void tst_Gui::shapeFlowNodeShowsItsTensor() {
    win_->showView("flow");
    ShapeFlowView* f = win_->shapeFlow();
    QTRY_VERIFY(f->nodeCount() > 10);
    const auto t = ws_->trace();
    // Click the "Query" node: the table shows one head's (T, hs) slice.
    int qNode = -1;
    for (int i = 0; i < f->nodeCount(); ++i) {
        QTest::mouseClick(f->diagram(), Qt::LeftButton, {}, f->nodeCenter(i).toPoint());
        if (f->tableModel()->columnCount() == t->config.head_size() && f->tableModel()->rowCount() == t->T()) {
            qNode = i;
            break;
        }
    }
    QVERIFY(qNode >= 0);
    const int h = ws_->selection().head, hs = t->config.head_size();
    QCOMPARE(float(f->tableModel()->index(3, 1).data(Qt::UserRole).toDouble()),
             t->layers[size_t(ws_->selection().layer)].q.data[size_t(3 * t->config.n_embed + h * hs + 1)]);
}

void tst_Gui::tokenStripSelectsQuery() {
    TokenStrip* s = win_->tokenStrip();
    QTRY_VERIFY(s->chipCount() == ws_->trace()->T());
    QTest::mouseClick(s, Qt::LeftButton, {}, s->chipRect(4).center());
    QCOMPARE(ws_->selection().query, 4);
}

void tst_Gui::headShortcutsMoveSelection() {
    Selection s = ws_->selection();
    s.layer = 0;
    s.head = 0;
    ws_->setSelection(s);
    win_->activateWindow();
    QTest::keyClick(win_.get(), Qt::Key_Right, Qt::AltModifier);
    QCOMPARE(ws_->selection().head, 1);
    QTest::keyClick(win_.get(), Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(ws_->selection().layer, 1);
    QTest::keyClick(win_.get(), Qt::Key_Left, Qt::AltModifier);
    QTest::keyClick(win_.get(), Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(ws_->selection().head, ws_->document().model.weights->config.n_head - 1);  // wraps
}

void tst_Gui::ablateShortcutZeroesTheHead() {
    Selection s = ws_->selection();
    s.layer = 1;
    s.head = 2;
    ws_->setSelection(s);
    const auto before = ws_->trace();
    win_->activateWindow();
    QTest::keyClick(win_.get(), Qt::Key_K, Qt::ControlModifier);
    QVERIFY(waitForTrace());
    const auto after = ws_->trace();
    QVERIFY(after->is_ablated(1, 2));
    const int hs = after->config.head_size();
    QCOMPARE(after->layers[1].heads.cmatrix().middleCols(2 * hs, hs).cwiseAbs().maxCoeff(), 0.0f);
    QVERIFY((after->tensor("logits").cmatrix() - before->tensor("logits").cmatrix()).cwiseAbs().maxCoeff() > 1e-4f);
    QTest::keyClick(win_.get(), Qt::Key_K, Qt::ControlModifier);  // and back
    QVERIFY(waitForTrace());
    QVERIFY(!ws_->trace()->is_ablated(1, 2));
}

void tst_Gui::longTextIsCroppedWithNotice() {
    const int ctx = ws_->document().model.weights->config.context_length;
    QSignalSpy notice(ws_.get(), &Workspace::notice);
    win_->editor()->setPlainText(QString(ctx + 50, QLatin1Char('a')));
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->trace()->T(), ctx);
    QCOMPARE(ws_->tokens().dropped, 50);
    bool told = false;
    for (const auto& args : notice) told |= args.at(0).toString().contains(QString::number(ctx));
    QVERIFY(told);
}

void tst_Gui::refusingLongTextGivesAnError() {
    ws_->setCropPolicy(session::CropPolicy::Refuse);
    const int ctx = ws_->document().model.weights->config.context_length;
    QSignalSpy failed(ws_.get(), &Workspace::runFailed);
    win_->editor()->setPlainText(QString(ctx + 1, QLatin1Char('b')));
    QVERIFY(failed.wait(30000));
    QVERIFY(failed.first().at(0).toString().contains(QString::number(ctx)));
    QVERIFY(ws_->trace()->T() <= ctx);  // the last good trace stays
    QCOMPARE(win_->editor()->toPlainText().size(), ctx + 1);  // nothing typed is lost
}

void tst_Gui::cancelledRunDeliversNothing() {
    // Large enough that a run takes a while on any machine.
    ws_->setDocument(session::randomDocument(ModelConfig::seed(96, 1024, 384, 6, 8), 3));
    QVERIFY(waitForTrace());
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    QSignalSpy running(ws_.get(), &Workspace::runningChanged);
    win_->editor()->setPlainText(QString(1000, QLatin1Char('x')));
    ws_->runNow();
    ws_->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!ws_->isRunning(), 60000);
    QTest::qWait(50);
    QCOMPARE(ready.count(), 0);
}

void tst_Gui::longRunShowsProgressAndCancel() {
    ws_->setDocument(session::randomDocument(ModelConfig::seed(96, 1024, 512, 8, 12), 5));
    QVERIFY(waitForTrace(120000));
    QSignalSpy longRun(ws_.get(), &Workspace::longRunStarted);
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->editor()->setPlainText(QString(1000, QLatin1Char('y')));
    QVERIFY(longRun.wait(60000));  // a run past 200 ms announces itself
    QVERIFY(win_->progressBar()->isVisible());
    QVERIFY(win_->cancelButton()->isVisible());
    QTest::mouseClick(win_->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!ws_->isRunning(), 60000);
    QTRY_VERIFY(!win_->progressBar()->isVisible());
    QCOMPARE(ready.count(), 0);
    QCOMPARE(win_->editor()->toPlainText().size(), 1000);  // the text stays
}

void tst_Gui::badModelFileKeepsTheCurrentOne() {
    QTemporaryDir dir;
    const QString bad = dir.filePath("broken.safetensors");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a model at all");
    f.close();
    QSignalSpy failed(ws_.get(), &Workspace::loadFailed);
    const auto before = ws_->document().model.weights;
    ws_->openModel(bad);
    QVERIFY(failed.wait(30000));
    QCOMPARE(failed.first().at(0).toString(), bad);
    QVERIFY(failed.first().at(1).toString().contains("broken.safetensors"));
    QCOMPARE(ws_->document().model.weights, before);
    QTRY_VERIFY(win_->lastProblem().contains("broken.safetensors"));  // the user is told, without a blocking dialog
}

// File > New random model while a model file loads: the random model is the
// newer choice and stays; the load, when it ends, is dropped (it replaced the
// random model before). A model asked for after that loads.
void tst_Gui::aModelMadeWhileAnotherLoadsIsKept() {
    ws_->openModel(session::demoModelPath());
    QVERIFY(ws_->isLoading());
    ws_->setDocument(session::randomDocument(ModelConfig::seed(96, 64, 12, 3, 2), 7));
    QCOMPARE(ws_->document().config()->n_head, 3);
    // The dropped load still runs, but the panel shows the model made meanwhile.
    QVERIFY(!ws_->isLoading());
    const auto* panel = win_->findChild<ModelPanel*>();
    QVERIFY(panel);
    QVERIFY2(!panel->infoText().contains("Loading"), qPrintable(panel->infoText()));
    QTRY_VERIFY_WITH_TIMEOUT(!ws_->isLoading(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->isRunning(), 30000);
    QVERIFY(!ws_->document().isDemo);
    QCOMPARE(ws_->document().config()->n_head, 3);
    QCOMPARE(ws_->trace()->n_head(), 3);
    // The selection is clamped to the random model meanwhile.
    Selection s = ws_->selection();
    s.head = 9;
    ws_->setSelection(s);
    QCOMPARE(ws_->selection().head, 2);
    // Loading, superseded, then asked for again: the last request wins.
    ws_->openModel(session::demoModelPath());
    ws_->setDocument(session::randomDocument(ModelConfig::seed(96, 64, 12, 3, 2), 8));
    QVERIFY(!ws_->isLoading());
    ws_->openModel(session::demoModelPath());
    QVERIFY(ws_->isLoading());  // queued behind the dropped load
    QVERIFY(panel->infoText().contains("Loading"));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->document().isDemo && !ws_->isLoading(), 30000);
}

// The editor's toPlainText() turns U+00A0 into a space and U+2028 into a line
// feed: the model ran on, and the autosave kept, text other than was typed.
void tst_Gui::theModelRunsOnTheTextAsTyped() {
    const QString typed = QStringLiteral("a\u00A0b\u2028c\nd e\n\nf");
    win_->editor()->setPlainText(typed);
    QCOMPARE(ws_->text(), typed);
    QCOMPARE(win_->editorText(), typed);
    QVERIFY(win_->textAutosaver()->flush());
    QCOMPARE(TextAutosaver::load().value_or(QString()), typed);
    win_->editor()->setPlainText(QString());
    QCOMPARE(ws_->text(), QString());
    // Wrapped at spaces only: Qt's default also wraps anywhere, which lays out
    // a long line without spaces in quadratic time (17 s a keystroke for 1 MB
    // of it, 0.6 s with this mode; measured outside the tests).
    QCOMPARE(win_->editor()->wordWrapMode(), QTextOption::WordWrap);
    QCOMPARE(win_->compareView()->textEdit()->wordWrapMode(), QTextOption::WordWrap);
}

void tst_Gui::invalidUtf8TextIsReplacedAndTold() {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.txt");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("ROMEO:\nhe\xff\xfello\n");
    f.close();
    QVERIFY(win_->loadTextFile(path));
    QCOMPARE(win_->editor()->toPlainText(), QString::fromUtf8("ROMEO:\nhe\xEF\xBF\xBD\xEF\xBF\xBDllo\n"));
    QVERIFY(win_->lastProblem().contains("offset 9"));
    // UTF-16 with a byte-order mark (little and big endian) is decoded, not
    // read as UTF-8 with a NUL between the letters.
    const QString want = QStringLiteral("ROMEO: h\u00e9llo\n");
    for (const auto enc : {QStringConverter::Utf16LE, QStringConverter::Utf16BE}) {
        QStringEncoder encode(enc, QStringEncoder::Flag::WriteBom);
        QFile u(dir.filePath("utf16.txt"));
        QVERIFY(u.open(QIODevice::WriteOnly | QIODevice::Truncate));
        u.write(encode(want));
        u.close();
        QVERIFY(win_->loadTextFile(u.fileName()));
        QCOMPARE(win_->editorText(), want);
        QCOMPARE(ws_->text(), want);
    }
    // Carriage returns cannot be held by the editor: said.
    QFile crlf(dir.filePath("crlf.txt"));
    QVERIFY(crlf.open(QIODevice::WriteOnly));
    crlf.write("ROMEO:\r\nhello\r\n");
    crlf.close();
    QVERIFY(win_->loadTextFile(crlf.fileName()));
    QCOMPARE(win_->editorText(), QStringLiteral("ROMEO:\nhello\n"));
    QVERIFY2(win_->lastProblem().contains("carriage-return"), qPrintable(win_->lastProblem()));
}

void tst_Gui::settingsAreRemembered() {
    win_->viewSettings()->setColormap(render::ColorMapId::Magma);
    win_->viewSettings()->setScale(render::Scale::Log);
    win_->editor()->setPlainText(QStringLiteral("remember me"));
    win_->close();
    ViewSettings again;
    again.load();
    QCOMPARE(again.colormap(), render::ColorMapId::Magma);
    QCOMPARE(again.scale(), render::Scale::Log);
    QCOMPARE(QSettings().value("text/last").toString(), QStringLiteral("remember me"));
    QVERIFY(!QSettings().value("window/state").toByteArray().isEmpty());
    QVERIFY(!QSettings().value("window/splitters/detailSplitter").toByteArray().isEmpty());
    QVERIFY(!QSettings().value("window/splitters/flowSplitter").toByteArray().isEmpty());
}

// The query bars' fixed 0 to 1 axis was only in their right-click menu, out
// of the keyboard's reach. View has it too, and the two agree; the bars
// painted follow it, and it is remembered.
void tst_Gui::queryBarsAxisIsInTheViewMenu() {
    win_->showView("head");
    QueryBarsView* bars = win_->queryBars();
    auto* action = win_->findChild<QAction*>(QStringLiteral("fixedAxisAction"));
    QVERIFY(action && action->isCheckable());
    auto* viewMenu = win_->findChild<QMenu*>(QStringLiteral("viewMenu"));
    QVERIFY(viewMenu && viewMenu->actions().contains(action));
    QCOMPARE(action->isChecked(), false);
    QTRY_VERIFY(bars->figure());
    QVERIFY(bars->figure()->axisMax() < 1.0);  // fitted to the tallest bar of a long text's last query
    action->trigger();
    QVERIFY(bars->fixedAxis());
    QCOMPARE(bars->figure()->axisMax(), 1.0);
    QCOMPARE(QSettings().value("view/rowFixedAxis").toBool(), true);
    bars->setFixedAxis(false);  // as the right-click menu does
    QVERIFY(!action->isChecked());
    QVERIFY(bars->figure()->axisMax() < 1.0);
}

// --text shows and runs its text, but the user's own (in the autosave file
// and the settings) stays until they edit: then the text is theirs.
void tst_Gui::commandLineTextIsNotSavedOverTheUsers() {
    win_->editor()->setPlainText(QStringLiteral("my own text"));
    QVERIFY(win_->textAutosaver()->flush());
    win_->setTransientText(QStringLiteral("from the command line"));
    QCOMPARE(ws_->text(), QStringLiteral("from the command line"));
    win_->close();
    QCOMPARE(TextAutosaver::load().value_or(QString()), QStringLiteral("my own text"));
    QVERIFY(QSettings().value("text/last").toString() != QStringLiteral("from the command line"));
    // Restored, the user's own text is back.
    win_->restoreText();
    QCOMPARE(win_->editor()->toPlainText(), QStringLiteral("my own text"));
    // Edited, the command line's text is the user's.
    win_->setTransientText(QStringLiteral("from the command line"));
    QTest::keyClick(win_->editor(), Qt::Key_End, Qt::ControlModifier);
    QTest::keyClicks(win_->editor(), "!");
    win_->show();
    win_->close();
    QCOMPARE(TextAutosaver::load().value_or(QString()), QStringLiteral("from the command line!"));
    QCOMPARE(QSettings().value("text/last").toString(), QStringLiteral("from the command line!"));
}

// Text B is saved a moment after the last key; closing within that moment
// saves it too.
void tst_Gui::compareTextTypedJustBeforeClosingIsKept() {
    CompareView* cv = win_->compareView();
    QVERIFY(cv);
    // As typed, as the main editor's text: a no-break space and a line separator stay.
    const QString typed = QStringLiteral("typed\u00A0B\u2028text");
    cv->textEdit()->setPlainText(typed);
    win_->close();  // at once: before the 300 ms pause
    QCOMPARE(QSettings().value("compare/text").toString(), typed);
    QCOMPARE(cv->comparer()->spec().text, typed);
    // From the command line, it is compared but not saved.
    cv->setTransientText(QStringLiteral("given B"));
    win_->show();
    win_->close();
    QCOMPARE(QSettings().value("compare/text").toString(), typed);
}

// A long text goes to the autosave file, not into the settings, which are
// rewritten whole at every later change.
void tst_Gui::aLongTextIsKeptInItsFileNotTheSettings() {
    const QString longText = QString(QStringLiteral("All the world's a stage. ")).repeated(4000);  // 100,000 characters
    win_->editor()->setPlainText(longText);
    win_->close();
    QCOMPARE(TextAutosaver::load().value_or(QString()), longText);
    QVERIFY(!QSettings().contains("text/last"));
    // Restored from the file, and closed again unedited: still in the file.
    QFile::remove(TextAutosaver::defaultPath());
    QSettings().setValue("text/last", longText);  // as an older version left it
    win_->restoreText();
    QCOMPARE(win_->editor()->toPlainText(), longText);
    win_->show();
    win_->close();
    QCOMPARE(TextAutosaver::load().value_or(QString()), longText);
    QVERIFY(!QSettings().contains("text/last"));
}

// Settings edited by hand or left by another version: read as the defaults,
// and the menus show what is used (a thread count of a million ran on 8
// threads under "Automatic"; "nan" points gave the largest font).
void tst_Gui::corruptSettingsReadAsDefaults() {
    win_.reset();
    {
        QSettings st;
        st.setValue("run/threads", 1000000);
        st.setValue("run/refuseLong", "garbage");
        st.setValue("export/fontPoints", "nan");
        st.setValue("export/title", "maybe");
    }
    win_ = std::make_unique<MainWindow>(ws_.get());
    QCOMPARE(ws_->threads(), attnscope::default_thread_count());
    QCOMPARE(ws_->cropPolicy(), session::CropPolicy::KeepLast);
    const auto* threads = win_->findChild<QMenu*>("threadsMenu");
    QVERIFY(threads);
    const QList<QAction*> items = threads->actions();
    const auto checked = std::find_if(items.begin(), items.end(), [](QAction* a) { return a->isChecked(); });
    QVERIFY(checked != items.end());
    QCOMPARE((*checked)->data().toInt(), 0);
    auto* view = qobject_cast<TraceView*>(win_->viewWidget("head"));
    QVERIFY(view);
    ExportDialog dlg(ws_.get(), win_->viewSettings(), view);
    const auto* points = dlg.findChild<QDoubleSpinBox*>("fontSize");
    QVERIFY(points);
    QCOMPARE(points->value(), 9.0);
    // A value the menu offers is kept.
    QSettings().setValue("run/threads", 1);
    win_ = std::make_unique<MainWindow>(ws_.get());
    QCOMPARE(ws_->threads(), 1);
}

void tst_Gui::itemModelsPassTheTester() {
    TensorTableModel empty;
    QAbstractItemModelTester t0(&empty, QAbstractItemModelTester::FailureReportingMode::QtTest);
    win_->showView("flow");
    ShapeFlowView* f = win_->shapeFlow();
    QAbstractItemModelTester t1(f->tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (int i = 0; i < f->nodeCount(); ++i) f->selectNode(i);  // every tensor goes through the model
    QVERIFY(f->tableModel()->rowCount() > 0);
}

QTEST_MAIN(tst_Gui)
#include "tst_gui.moc"
