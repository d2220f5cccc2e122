// State you can't otherwise see: every view wears a badge for bidirectional
// attention, ablated heads and a stale picture (a refused run), and exported
// figures carry a note of ablations and mask unless asked not to.
#include <QAbstractButton>
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

void tst_RunState::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_run_state");
}

void tst_RunState::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1100, 760);
    win_->show();
    QVERIFY(QTest::qWaitForWindowExposed(win_.get()));
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000));
}

void tst_RunState::cleanup() {
    win_.reset();
    ws_.reset();
}

QStringList tst_RunState::badges() const {
    QStringList out;
    for (const TraceView* v : win_->views()) {
        const QLabel* b = v->stateBadge();
        out << (b && !b->isHidden() ? b->text() : QString());
    }
    return out;
}

void tst_RunState::typeAtEnd(const QString& keys) {
    QTextCursor c = win_->editor()->textCursor();
    c.movePosition(QTextCursor::End);
    win_->editor()->setTextCursor(c);
    QTest::keyClicks(win_->editor(), keys);
}

bool tst_RunState::rerun(const std::function<void()>& change) {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    change();
    return ready.wait(60000);
}

// Run ▸ Threads: Automatic (one per physical core) by default; a count chosen
// there is used, shown in the status bar and remembered for the next session.
void tst_RunState::threadsSettingIsUsedAndRemembered() {
    auto* menu = win_->findChild<QMenu*>(QStringLiteral("threadsMenu"));
    QVERIFY(menu);
    const QList<QAction*> items = menu->actions();
    QVERIFY(items.size() >= 2);
    QVERIFY(items.first()->isChecked());
    QCOMPARE(ws_->threads(), attnscope::default_thread_count());
    QAction* one = items.at(1);
    QCOMPARE(one->data().toInt(), 1);
    one->trigger();
    QCOMPARE(ws_->threads(), 1);
    QCOMPARE(QSettings().value("run/threads").toInt(), 1);
    const auto labels = win_->statusBar()->findChildren<QLabel*>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [](const QLabel* l) { return l->text() == "Threads: 1"; }));
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: one thread")); }));
    // A new window (the next session) starts with the remembered count.
    win_.reset();
    Workspace ws;
    MainWindow again(&ws);
    QCOMPARE(ws.threads(), 1);
    auto* menu2 = again.findChild<QMenu*>(QStringLiteral("threadsMenu"));
    QVERIFY(menu2 && menu2->actions().at(1)->isChecked());
}

// The size (MB) of a Run ▸ memory menu's checked entry, or -1.
static int checkedBudget(const QList<QAction*>& list) {
    const auto it = std::find_if(list.begin(), list.end(), [](const QAction* a) { return a->isChecked(); });
    return it == list.end() ? -1 : (*it)->data().toInt();
}

// Run ▸ Attention memory: 256 MB by default; another size chosen there runs
// again and is remembered for the next session, and a budget below the maps
// makes the next run keep no dense weights (each head rebuilt when shown,
// equal to the stored one).
void tst_RunState::attentionBudgetIsUsedAndRemembered() {
    auto* menu = win_->findChild<QMenu*>(QStringLiteral("budgetMenu"));
    QVERIFY(menu);
    const QList<QAction*> items = menu->actions();
    QCOMPARE(int(items.size()), int(kAttentionBudgetsMb.size()));
    QCOMPARE(checkedBudget(items), 256);
    QCOMPARE(ws_->attentionBudget(), int64_t(256) << 20);
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: dense weights")); }));
    QVERIFY(ws_->trace()->weights_dense);
    const std::vector<float> dense = [&] {
        const attnscope::MatrixRM m = ws_->trace()->head_weights(1, 2);
        return std::vector<float>(m.data(), m.data() + m.size());
    }();

    // 2 GB from the menu runs again and is remembered; the demo's maps fit any
    // size on it, so a budget below them shows what passing it does.
    QVERIFY(rerun([&] { items.at(3)->trigger(); }));
    QCOMPARE(ws_->attentionBudget(), int64_t(2048) << 20);
    QCOMPARE(QSettings().value("run/attentionBudgetMb").toInt(), 2048);
    QVERIFY(ws_->trace()->weights_dense);
    QVERIFY(rerun([&] { ws_->setAttentionBudget(1024); }));
    QVERIFY(!ws_->trace()->weights_dense);
    const attnscope::MatrixRM rebuilt = ws_->trace()->head_weights(1, 2);
    QVERIFY(std::equal(dense.begin(), dense.end(), rebuilt.data()));

    win_.reset();
    Workspace ws;
    MainWindow again(&ws);
    QCOMPARE(ws.attentionBudget(), int64_t(2048) << 20);
    auto* menu2 = again.findChild<QMenu*>(QStringLiteral("budgetMenu"));
    QVERIFY(menu2);
    QCOMPARE(checkedBudget(menu2->actions()), 2048);
}

// Run ▸ Activation memory: 256 MB by default and remembered like the attention
// memory. Past it the run keeps only each layer's checkpoints and says so with
// its estimate first; the shape flow then paints a layer's MLP activations
// computed again, equal to the ones a run that keeps them holds, and typing
// still keeps the rows before the edit.
void tst_RunState::activationBudgetIsUsedAndRemembered() {
    auto* menu = win_->findChild<QMenu*>(QStringLiteral("activationBudgetMenu"));
    QVERIFY(menu);
    const QList<QAction*> items = menu->actions();
    QCOMPARE(int(items.size()), int(kAttentionBudgetsMb.size()));
    QCOMPARE(checkedBudget(items), 256);
    QCOMPARE(ws_->activationBudget(), int64_t(256) << 20);
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: kept activations")); }));
    QVERIFY(ws_->trace()->activations_kept);
    const int layer = ws_->trace()->n_layer() - 1;
    const attnscope::Tensor act = ws_->trace()->tensor("blk." + std::to_string(layer) + ".mlp.act");
    QVERIFY(!act.data.empty());

    QVERIFY(rerun([&] { items.at(1)->trigger(); }));
    QCOMPARE(ws_->activationBudget(), int64_t(512) << 20);
    QCOMPARE(QSettings().value("run/activationBudgetMb").toInt(), 512);

    QSignalSpy estimate(ws_.get(), &Workspace::memoryEstimate);
    QVERIFY(rerun([&] { ws_->setActivationBudget(1024); }));
    const auto trace = ws_->trace();
    QVERIFY(!trace->activations_kept);
    QVERIFY(trace->layers[size_t(layer)].mlp_act.data.empty());
    QCOMPARE(estimate.count(), 1);
    QVERIFY2(estimate.first().first().toString().contains(QStringLiteral("activations")),
             qPrintable(estimate.first().first().toString()));

    // The shape flow's MLP activation node, of the last layer.
    ws_->setSelection({layer, 0, ws_->selection().query, -1});
    win_->showView("flow");
    ShapeFlowView* f = win_->shapeFlow();
    QTRY_VERIFY(f->nodeCount() > 10);
    bool painted = false;
    for (int i = 0; i < f->nodeCount() && !painted; ++i) {
        f->selectNode(i);
        const render::MatrixFigure* m = f->tensorFigure();
        if (!m || m->values().cols() != trace->config.hidden() || !f->captionText().contains(QStringLiteral("Activation")))
            continue;
        QCOMPARE(m->values().rows(), Eigen::Index(trace->T()));
        QVERIFY(std::equal(act.data.begin(), act.data.end(), m->values().data()));
        painted = true;
    }
    QVERIFY2(painted, "no shape-flow node painted the MLP activations");

    // Typing keeps the rows before the edit with only the checkpoints kept.
    QVERIFY(rerun([&] { typeAtEnd(QStringLiteral("!")); }));
    QVERIFY(ws_->trace()->reused_rows > 0);
    QVERIFY(!ws_->trace()->activations_kept);

    win_.reset();
    Workspace ws;
    MainWindow again(&ws);
    QCOMPARE(ws.activationBudget(), int64_t(512) << 20);
    QCOMPARE(checkedBudget(again.findChild<QMenu*>(QStringLiteral("activationBudgetMenu"))->actions()), 512);
}

// Run ▸ Key and value memory: 512 MB by default and remembered. Past it (and
// the activation budget) a run keeps no keys or values and its estimate says
// so; the head detail then paints the selected head's weights from keys
// computed again, equal to a run that keeps them, for the layer, head and
// query selected, and typing still keeps the rows before the edit, bit for
// bit a full run's.
void tst_RunState::kvBudgetIsUsedAndRemembered() {
    auto* menu = win_->findChild<QMenu*>(QStringLiteral("kvBudgetMenu"));
    QVERIFY(menu);
    const QList<QAction*> items = menu->actions();
    QCOMPARE(int(items.size()), int(kAttentionBudgetsMb.size()));
    QCOMPARE(checkedBudget(items), 512);
    QCOMPARE(ws_->kvBudget(), int64_t(512) << 20);
    QVERIFY(rerun([&] { items.at(2)->trigger(); }));
    QCOMPARE(ws_->kvBudget(), int64_t(1024) << 20);
    QCOMPARE(QSettings().value("run/kvBudgetMb").toInt(), 1024);

    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: keys and values computed again")); }));
    QVERIFY(ws_->trace()->kv_kept);
    QSignalSpy estimate(ws_.get(), &Workspace::memoryEstimate);
    QVERIFY(rerun([&] {
        ws_->setActivationBudget(0);
        ws_->setKvBudget(1024);  // bytes: far less than the demo's keys and values
    }));
    const auto trace = ws_->trace();
    QVERIFY(!trace->kv_kept && !trace->activations_kept);
    QVERIFY(trace->layers[0].k.data.empty() && trace->layers[0].v.data.empty());
    QVERIFY(estimate.count() >= 1);
    QVERIFY2(estimate.last().first().toString().contains(QStringLiteral("keys and values")),
             qPrintable(estimate.last().first().toString()));
    QVERIFY2(win_->noticeLabel()->text().contains(QStringLiteral("keys and values")),
             qPrintable(win_->noticeLabel()->text()));

    // The head detail paints the selected head, query and all, from keys computed again.
    const int layer = trace->n_layer() - 1, head = trace->n_head() - 1, query = trace->T() - 3;
    ws_->setSelection({layer, head, query, -1});
    win_->showView("head");
    QTRY_VERIFY(win_->headDetail()->figure() && win_->headDetail()->figure()->layer() == layer &&
                win_->headDetail()->figure()->head() == head);
    attnscope::RunOptions keep;
    keep.incremental = false;
    keep.logits_rows = 0;
    const attnscope::Trace kept = attnscope::Model(ws_->document().model.weights).run(trace->tokens, keep);
    QVERIFY(kept.kv_kept);
    QVERIFY(win_->headDetail()->figure()->values() == kept.head_weights(layer, head));
    // And the selected query's row beside it.
    const QueryBarsView* row = win_->findChild<QueryBarsView*>();
    QVERIFY(row);
    QTRY_VERIFY(row->figure() && row->figure()->layer() == layer && row->figure()->head() == head &&
                row->figure()->query() == query);
    QVERIFY(row->figure()->values() == kept.head_row(layer, head, query));
    QCOMPARE(differsFromAFullRun(*trace), QString());

    // Typing keeps the rows before the edit, keys and values computed again.
    QVERIFY(rerun([&] { typeAtEnd(QStringLiteral("!")); }));
    QVERIFY(ws_->trace()->reused_rows > 0);
    QVERIFY(!ws_->trace()->kv_kept);
    QCOMPARE(differsFromAFullRun(*ws_->trace()), QString());

    win_.reset();
    Workspace ws;
    MainWindow again(&ws);
    QCOMPARE(ws.kvBudget(), int64_t(1024) << 20);
    QCOMPARE(checkedBudget(again.findChild<QMenu*>(QStringLiteral("kvBudgetMenu"))->actions()), 1024);
}

// The first tensor of `trace` that is not bit for bit the same in a full run
// of its tokens on the document's model, or "".
QString tst_RunState::differsFromAFullRun(const attnscope::Trace& trace) const {
    attnscope::RunOptions full;
    full.incremental = false;
    full.logits_rows = trace.logits.matrix().rows();
    const attnscope::Trace fresh = attnscope::Model(ws_->document().model.weights).run(trace.tokens, full);
    for (const std::string& name : fresh.tensor_names()) {
        const attnscope::Tensor a = trace.tensor(name), b = fresh.tensor(name);
        if (a.shape != b.shape || !std::equal(a.data.begin(), a.data.end(), b.data.begin())) return QString::fromStdString(name);
    }
    return {};
}

// A 1,000-token text on a random model of 50,000 tokens and 512 wide (a
// thousand positions' losses are 51 GFLOP on one thread), run; its loss strip
// panel, or null.
PredictionsPanel* tst_RunState::slowLosses(uint64_t seed) {
    PredictionsPanel* panel = win_->findChild<PredictionsPanel*>();
    if (!panel || !panel->isVisible()) return nullptr;
    QString text;
    while (text.size() < 1000) text += QStringLiteral("the losses take a while at this vocabulary. ");
    text.truncate(1000);
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::seed(50000, 1024, 512, 2, 1), seed));
    win_->editor()->setPlainText(text);
    for (QDeadlineTimer deadline(60000); !deadline.hasExpired(); QTest::qWait(20))
        if (ws_->trace() && ws_->trace()->config.vocab_size == 50000 && ws_->trace()->T() == 1000 && !ws_->isRunning())
            return panel;
    return nullptr;
}

// The loss strip's worker reads copied rows of ln_f, never the trace: holding
// it would keep the Workspace from reusing that trace for the next key, which
// would then be a full run instead of an incremental one (seconds at 8,192
// tokens), with one more trace in memory.
void tst_RunState::lossesDoNotHoldTheTrace() {
    PredictionsPanel* panel = slowLosses(7);
    QVERIFY(panel);
    const std::shared_ptr<const attnscope::Trace> trace = ws_->trace();
    // Other short workers (the prediction of one row, the grid's pooling) hold
    // the trace for a moment: count once the losses run alone in the pool and
    // the count has stayed put for 300 ms.
    QThreadPool* pool = workPool();
    long holders = -1;
    int steady = 0;
    for (QDeadlineTimer deadline(120000); steady < 6 && panel->isComputingLosses() && !deadline.hasExpired(); QTest::qWait(50)) {
        const long now = trace.use_count();
        steady = pool->activeThreadCount() == 1 && now == holders ? steady + 1 : 0;
        holders = now;
    }
    QVERIFY2(steady == 6 && panel->isComputingLosses(), "the losses finished before the other workers settled");
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isComputingLosses(), 120000);
    QCOMPARE(trace.use_count(), holders);
}

// A key that cancels the losses keeps the positions they had finished:
// started over at every key, typing faster than they take (1,000 positions at
// a 50,000-token vocabulary take seconds) never finished them and kept a
// core busy. What they end with is the losses of the whole text.
void tst_RunState::aKeyKeepsTheLossesAlreadyComputed() {
    PredictionsPanel* panel = slowLosses(8);
    QVERIFY(panel);
    QTRY_VERIFY_WITH_TIMEOUT(panel->lossesDone() >= 64, 60000);
    QVERIFY(rerun([&] { typeAtEnd(QStringLiteral("!")); }));
    QVERIFY2(panel->lossesDone() >= 64, qPrintable(QString::number(panel->lossesDone())));
    const auto trace = ws_->trace();
    // The result is shown when its signal arrives, after the worker is done.
    QTRY_COMPARE_WITH_TIMEOUT(panel->losses().size(), size_t(trace->T() - 1), 120000);
    const std::vector<double> want =
        attnscope::next_token_losses_from_ln_f(*ws_->document().model.weights, *trace, 0, 1);
    QCOMPARE(panel->losses().size(), want.size());
    QVERIFY(panel->losses() == want);
}

// Qt 6.4's raster engine splits large fills over QThreadPool::globalInstance()
// and waits for them: a view's long job there (these losses take seconds)
// froze every paint of the window until it ended. Views work on workPool().
void tst_RunState::backgroundWorkLeavesQtsPoolToPainting() {
    PredictionsPanel* panel = slowLosses(9);
    QVERIFY(panel);
    QVERIFY(workPool()->activeThreadCount() >= 1);
    // A whole-window paint while they run: its large fills go to Qt's pool,
    // whose threads count as active for a moment after each piece is done.
    const QImage shot = win_->grab().toImage();
    QVERIFY(!shot.isNull());
    QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 2000);
    QVERIFY2(panel->isComputingLosses(), "the losses ended before Qt's pool was seen idle");
}

// The loss strip and the head statistics wait between their steps while the
// model runs for a key, and for a typist's pause after it: on two cores a
// key's run beside them took 2.7 times as long (bench-ui --app at 8,100
// tokens).
void tst_RunState::backgroundWorkWaitsForTheRunsOfKeys() {
    // The gate itself: a wait outlasts the run and then the quiet time.
    std::atomic<bool> cancel{false};
    // The pool may still be busy with an earlier test's work (slow under
    // ASan with another test beside it): each check starts once the wait has.
    std::atomic<bool> started{false};
    const auto waitInPool = [&] {
        started = true;
        return yieldToForeground(cancel);
    };
    QElapsedTimer clock;
    QFuture<bool> waited;
    {
        const ForegroundRun run;
        QCOMPARE(foregroundRuns(), 1);
        waited = QtConcurrent::run(workPool(), waitInPool);
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 60000);
        QTest::qWait(200);
        QVERIFY2(!waited.isFinished(), "background work went on during a run");
        clock.start();
    }
    QCOMPARE(foregroundRuns(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(waited.isFinished(), 5000);
    QVERIFY(waited.result());
    QVERIFY2(clock.elapsed() >= kForegroundQuiet.count() - 20, qPrintable(QString::number(clock.elapsed())));
    // A key typed (the run not begun yet) holds it for the quiet time too.
    noteForegroundActivity();
    clock.start();
    QVERIFY(yieldToForeground(cancel));
    QVERIFY2(clock.elapsed() >= kForegroundQuiet.count() - 20, qPrintable(QString::number(clock.elapsed())));
    // A cancel ends the wait at once, with false, even while a run goes on.
    {
        const ForegroundRun run;
        started = false;
        waited = QtConcurrent::run(workPool(), waitInPool);
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 60000);
        QTest::qWait(50);
        clock.start();
        cancel = true;
        QTRY_VERIFY_WITH_TIMEOUT(waited.isFinished(), 2000);
        QVERIFY(!waited.result());
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
    }

    // The loss strip: no new block starts while runs go on.
    PredictionsPanel* panel = slowLosses(10);
    QVERIFY(panel);
    QTRY_VERIFY_WITH_TIMEOUT(panel->lossesDone() >= 64, 60000);
    // How long a block takes in this build on this machine (0.1 to 1 s in a
    // Release build, more than 1.5 s under ASan on a slow one), timed from
    // one block's end to the next, so the waits below outlast one.
    const int seen = panel->lossesDone();
    QTRY_VERIFY_WITH_TIMEOUT(panel->lossesDone() > seen, 60000);
    const int ended = panel->lossesDone();
    QElapsedTimer block;
    block.start();
    QTRY_VERIFY_WITH_TIMEOUT(panel->lossesDone() > ended, 60000);
    const int wait = std::max(1500, 3 * int(block.elapsed()));
    QVERIFY(panel->isComputingLosses());
    int held = 0;
    {
        const ForegroundRun run;
        QTest::qWait(wait);  // the block under way ends
        held = panel->lossesDone();
        QTest::qWait(wait);
        QCOMPARE(panel->lossesDone(), held);
        QVERIFY(panel->isComputingLosses());
    }
    QTRY_VERIFY_WITH_TIMEOUT(panel->lossesDone() > held, 30000);
}

// The token lines (every head of a layer read whole) and the shape flow's
// selected tensor (a T x T map or a layer computed again) are built when their
// tab is shown, not at every key on another tab: at 8,192 tokens each costs
// seconds. Shown, they paint the trace and head of now.
void tst_RunState::hiddenViewsWaitUntilShown() {
    win_->showView("flow");
    ShapeFlowView* flow = win_->shapeFlow();
    QTRY_VERIFY(flow->isVisible() && flow->nodeCount() > 10);
    int mlp = -1;
    for (int i = 0; i < flow->nodeCount() && mlp < 0; ++i) {
        flow->selectNode(i);
        if (flow->tensorFigure() && flow->captionText().contains(QStringLiteral("Activation"))) mlp = i;
    }
    QVERIFY(mlp >= 0);
    win_->showView("heads");
    auto* lines = qobject_cast<TokenLinesView*>(win_->viewWidget("lines"));
    QVERIFY(lines && !lines->isVisible() && !flow->isVisible());
    Selection s = ws_->selection();
    s.layer = ws_->trace()->n_layer() - 1;
    s.head = 1;
    ws_->setSelection(s);
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: a new text, while two views are hidden")); }));
    QVERIFY(!lines->figure());
    QVERIFY(!flow->tensorFigure());
    win_->showView("lines");
    QTRY_VERIFY(lines->isVisible() && lines->figure());
    QVERIFY2(lines->figure()->title().startsWith(QStringLiteral("Layer %1 · Head 1").arg(s.layer)),
             qPrintable(lines->figure()->title()));
    win_->showView("flow");
    QTRY_VERIFY(flow->isVisible() && flow->tensorFigure());
    QCOMPARE(flow->tensorFigure()->rows(), ws_->trace()->T());
    QVERIFY(flow->captionText().contains(QStringLiteral("Activation")));
}

// Typing at the end keeps the rows before the edit (an incremental run), and the
// trace shown is the one a full run gives, bit for bit.
void tst_RunState::typingRecomputesOnlyTheNewRows() {
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: But soft, what light through yonder")); }));
    const int before = ws_->trace()->T();
    QTextCursor c = win_->editor()->textCursor();
    c.movePosition(QTextCursor::End);
    win_->editor()->setTextCursor(c);
    for (const char* key : {" ", "w", "i"}) QVERIFY(rerun([&] { QTest::keyClicks(win_->editor(), key); }));
    const auto trace = ws_->trace();
    QCOMPARE(trace->T(), before + 3);
    QVERIFY(ws_->pooledTraces() <= 2);
    QVERIFY2(trace->reused_rows >= before, qPrintable(QString::number(trace->reused_rows)));
    const QString differs = differsFromAFullRun(*trace);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
}

// The first key after a full run finds in the spare a trace of another text
// (or none): it starts from a copy of the trace on screen instead of running
// every row again, which at 8,192 tokens is 25 s. The result is a full run's.
void tst_RunState::theFirstKeyAfterANewTextIsIncremental() {
    QString text;
    while (text.size() < 150) text += QStringLiteral("JULIET: O Romeo, Romeo, wherefore art thou Romeo? ");
    text.truncate(150);
    QVERIFY(rerun([&] { win_->editor()->setPlainText(text); }));
    const int before = ws_->trace()->T();
    QVERIFY(before > Workspace::kCopyRatherThanRun + 10);
    QCOMPARE(ws_->trace()->reused_rows, 0);
    QTextCursor c = win_->editor()->textCursor();
    c.movePosition(QTextCursor::End);
    win_->editor()->setTextCursor(c);
    QVERIFY(rerun([&] { QTest::keyClicks(win_->editor(), QStringLiteral("!")); }));
    const auto trace = ws_->trace();
    QCOMPARE(trace->T(), before + 1);
    QVERIFY2(trace->reused_rows >= before - 1, qPrintable(QString::number(trace->reused_rows)));
    QVERIFY(ws_->pooledTraces() <= 2);
    const QString differs = differsFromAFullRun(*trace);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
}

// Typing past a thumbnail width (257 tokens: blocks of 2) and deleting back
// below it: the spare then holds the 257-token run, whose thumbnails are
// coarser than a 255-token run's, so a run into it computes every row's
// attention again (5 s at 4,096 tokens of GPT-2 small). The run starts from a
// copy of the trace on screen instead, and its attention from the new row.
void tst_RunState::deletingBackPastAThumbnailWidthStaysIncremental() {
    // The new model's run of the old text first: when it ends before the
    // edit's cancel reaches it, it is shown, and would end the next wait.
    QVERIFY(rerun([&] { ws_->setDocument(session::randomDocument(attnscope::ModelConfig::seed(100, 600, 32, 2, 2), 5)); }));
    QString text;
    while (text.size() < 256) text += QStringLiteral("thumbnails pool blocks of rows. ");
    text.truncate(256);
    QVERIFY(rerun([&] { win_->editor()->setPlainText(text); }));
    QCOMPARE(ws_->trace()->T(), 256);
    QCOMPARE(ws_->trace()->thumb_width, 1);
    QTextCursor c = win_->editor()->textCursor();
    c.movePosition(QTextCursor::End);
    win_->editor()->setTextCursor(c);
    QVERIFY(rerun([&] { QTest::keyClicks(win_->editor(), QStringLiteral("x")); }));
    QCOMPARE(ws_->trace()->thumb_width, 2);
    for (int T : {256, 255}) {
        QVERIFY(rerun([&] { QTest::keyClick(win_->editor(), Qt::Key_Backspace); }));
        const auto trace = ws_->trace();
        QCOMPARE(trace->T(), T);
        QCOMPARE(trace->thumb_width, 1);
        QVERIFY2(trace->attention_from >= T - 2, qPrintable(QString::number(trace->attention_from)));
        const QString differs = differsFromAFullRun(*trace);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }
    QVERIFY(ws_->pooledTraces() <= 2);
}

void tst_RunState::everyViewShowsAblationsAndMask() {
    QCOMPARE(int(win_->views().size()), int(session::views().size()));
    for (const QString& b : badges()) QVERIFY2(b.isEmpty(), qPrintable(b));
    QVERIFY(rerun([&] { ws_->setAblated({{0, 1}, {1, 2}}); }));
    for (const QString& b : badges()) QVERIFY2(b.contains("2 head(s) ablated"), qPrintable(b));
    QVERIFY(rerun([&] { ws_->setCausal(false); }));
    for (const QString& b : badges()) QVERIFY2(b.contains("bidirectional") && b.contains("ablated"), qPrintable(b));
    // To look at it: ATTNSCOPE_SHOT_DIR=/tmp/shots tst_run_state
    if (const QString dir = qEnvironmentVariable("ATTNSCOPE_SHOT_DIR"); !dir.isEmpty())
        win_->grab().save(dir + "/badges.png");
    // The badge is in the view's top-right corner, inside it, also in views that
    // were resized while their tab was hidden.
    win_->resize(1300, 820);
    for (const session::ViewDescriptor& d : session::views()) {
        win_->showView(d.id);
        QCoreApplication::processEvents();
        const TraceView* v = win_->currentView();
        const QLabel* b = v->stateBadge();
        QVERIFY2(v->rect().contains(b->geometry()), qPrintable(d.id));
        QVERIFY2(b->geometry().right() >= v->width() - 12, qPrintable(d.id));
        // …and covers none of the view's own controls or captions.
        for (const QWidget* c : v->findChildren<QWidget*>()) {
            const bool control = qobject_cast<const QAbstractButton*>(c) || qobject_cast<const QComboBox*>(c) ||
                                 qobject_cast<const QLineEdit*>(c) || qobject_cast<const QAbstractSpinBox*>(c) ||
                                 qobject_cast<const QAbstractSlider*>(c) || qobject_cast<const QPlainTextEdit*>(c) ||
                                 qobject_cast<const QLabel*>(c);
            if (c == b || !control || !c->isVisibleTo(v) || b->isAncestorOf(c)) continue;
            const QRect r(c->mapTo(v, QPoint(0, 0)), c->size());
            QVERIFY2(!r.intersects(b->geometry()),
                     qPrintable(QStringLiteral("%1: the badge covers %2 \"%3\"")
                                    .arg(d.id, QString::fromLatin1(c->metaObject()->className()), c->objectName())));
        }
    }
    QVERIFY(rerun([&] {
        ws_->setAblated({});
        ws_->setCausal(true);
    }));
    for (const QString& b : badges()) QVERIFY2(b.isEmpty(), qPrintable(b));
}

// Refuse text longer than the context, then type too much: the old picture
// stays, marked stale on every view, until a run succeeds again.
void tst_RunState::aRefusedRunMarksEveryViewStale() {
    ws_->setCropPolicy(session::CropPolicy::Refuse);
    const int context = ws_->document().model.weights->config.context_length;
    QSignalSpy failed(ws_.get(), &Workspace::runFailed);
    win_->editor()->setPlainText(QString(context + 10, QLatin1Char('a')));
    QVERIFY(failed.wait(60000));
    QVERIFY(ws_->isStale());
    QVERIFY(ws_->trace());
    for (const QString& b : badges()) QVERIFY2(b.contains("stale"), qPrintable(b));
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: short again")); }));
    QVERIFY(!ws_->isStale());
    for (const QString& b : badges()) QVERIFY2(b.isEmpty(), qPrintable(b));
}

void tst_RunState::exportedFiguresNoteAblationsAndMask() {
    QVERIFY(rerun([&] {
        ws_->setAblated({{0, 1}});
        ws_->setCausal(false);
    }));
    for (const session::ViewDescriptor& v : session::views()) {
        win_->showView(v.id);
        ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
        auto* note = dlg.findChild<QCheckBox*>(QStringLiteral("runNote"));
        QVERIFY(note);
        QVERIFY(note->isChecked());  // on by default
        const auto* noted = dynamic_cast<const render::NotedFigure*>(dlg.figure());
        QVERIFY2(noted, qPrintable(v.id));
        QVERIFY2(noted->note().contains("L0 H1") && noted->note().contains("bidirectional"), qPrintable(noted->note()));
        QVERIFY(dlg.recipe().runNote);
        note->setChecked(false);
        QVERIFY(!dlg.recipe().runNote);
        QVERIFY(!dynamic_cast<const render::NotedFigure*>(dlg.figure()));
        note->setChecked(true);  // remembered for the next view
    }
    // A causal run with nothing ablated has nothing to note.
    QVERIFY(rerun([&] {
        ws_->setAblated({});
        ws_->setCausal(true);
    }));
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    QVERIFY(dlg.figure());
    QVERIFY(!dynamic_cast<const render::NotedFigure*>(dlg.figure()));
}

void tst_RunState::cliFiguresNoteAblations() {
    QTemporaryDir tmp;
    const QString svg = tmp.filePath("h.svg"), plain = tmp.filePath("p.svg");
    auto r = testutil::cli({"export", "--text", "ROMEO: hi", "--view", "head", "--ablate", "1.2", "-o", svg});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("ablated: L1 H2"));
    r = testutil::cli({"export", "--text", "ROMEO: hi", "--view", "head", "--ablate", "1.2", "--no-run-note", "-o", plain});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile g(plain);
    QVERIFY(g.open(QIODevice::ReadOnly));
    QVERIFY(!g.readAll().contains("ablated: L1 H2"));
}

// Every view names itself for screen readers, every control in the tabs and the
// model panel has a tooltip, and the query-following views describe the
// selected query's strongest keys in words.
void tst_RunState::everyControlIsExplained() {
    QStringList bare;
    for (QWidget* root : {static_cast<QWidget*>(win_->tabs()), win_->modelDock()->widget()}) {
        for (QAbstractButton* b : root->findChildren<QAbstractButton*>())
            if (!qobject_cast<QTabBar*>(b->parentWidget()) && b->toolTip().isEmpty() && !b->text().isEmpty())
                bare << b->text();
        for (QComboBox* c : root->findChildren<QComboBox*>())
            if (c->toolTip().isEmpty()) bare << c->objectName() + "/" + c->currentText();
    }
    QVERIFY2(bare.isEmpty(), qPrintable("no tooltip: " + bare.join(", ")));
    for (const TraceView* v : win_->views()) QVERIFY2(!v->accessibleName().isEmpty(), qPrintable(v->viewId()));
    Selection s = ws_->selection();
    s.query = 3;
    ws_->setSelection(s);
    const QString q = ws_->tokens().labels.value(3);
    for (const char* id : {"lines"}) {
        TraceView* v = win_->viewWidget(id);
        QVERIFY(v);
        QTRY_VERIFY2(v->accessibleDescription().contains("query 3"), qPrintable(v->accessibleDescription()));
        QVERIFY2(v->accessibleDescription().contains(q), qPrintable(v->accessibleDescription()));
    }
}

namespace {

// Every Alt+letter live in `root` now (visible buttons, labels with a buddy,
// group boxes, tab titles, the menu bar's menus), with who holds it. Qt gives
// two holders of one letter the key in turn: a button is then only focused,
// never pressed, and Alt+F took turns between the File menu and a tab.
QMap<QString, QStringList> altKeys(QWidget* root) {
    QMap<QString, QStringList> keys;
    const auto add = [&](const QString& text, const QString& who) {
        const QKeySequence k = QKeySequence::mnemonic(text);
        if (!k.isEmpty()) keys[k.toString()] << who + " \"" + text + "\"";
    };
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible()) continue;
        if (auto* b = qobject_cast<QAbstractButton*>(w)) {
            if (!qobject_cast<QTabBar*>(b->parentWidget())) add(b->text(), QStringLiteral("button"));
        } else if (auto* l = qobject_cast<QLabel*>(w)) {
            if (l->buddy()) add(l->text(), QStringLiteral("label"));
        } else if (auto* g = qobject_cast<QGroupBox*>(w)) {
            add(g->title(), QStringLiteral("group"));
        } else if (auto* t = qobject_cast<QTabBar*>(w)) {
            for (int i = 0; i < t->count(); ++i)
                if (t->isTabEnabled(i) && t->isTabVisible(i)) add(t->tabText(i), QStringLiteral("tab"));
        } else if (auto* m = qobject_cast<QMenuBar*>(w)) {
            for (QAction* a : m->actions())
                if (a->isVisible()) add(a->text(), QStringLiteral("menu"));
        }
    }
    return keys;
}

QString clashes(const QMap<QString, QStringList>& keys) {
    QStringList out;
    for (auto it = keys.begin(); it != keys.end(); ++it)
        if (it.value().size() > 1) out << it.key() + ": " + it.value().join(QStringLiteral(" / "));
    return out.join(QStringLiteral("; "));
}

}  // namespace

// On every page of the main window, and in the export dialog, each Alt+letter
// belongs to one control, menu or tab.
void tst_RunState::altKeysAreUniqueOnEveryPage() {
    QStringList found;
    for (const session::ViewDescriptor& d : session::views()) {
        win_->showView(d.id);
        QCoreApplication::processEvents();
        if (const QString c = clashes(altKeys(win_.get())); !c.isEmpty()) found << d.id + " page: " + c;
    }
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    dlg.show();
    QCoreApplication::processEvents();
    if (const QString c = clashes(altKeys(&dlg)); !c.isEmpty()) found << "export dialog: " + c;
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

// Ctrl+F worked only with the focus inside the head map; from the page's Show
// box or the text it did nothing, though the box says "Go to token (Ctrl+F)".
void tst_RunState::findGoesToTheTokenBoxFromAnywhereOnTheHeadPage() {
    win_->showView("head");
    QLineEdit* box = nullptr;
    for (QLineEdit* e : win_->headDetail()->findChildren<QLineEdit*>())
        if (e->placeholderText().contains(QStringLiteral("Ctrl+F"))) box = e;
    QVERIFY(box);
    QApplication::setActiveWindow(win_.get());
    QVERIFY(QTest::qWaitForWindowActive(win_.get()));
    auto* show = win_->tabs()->currentWidget()->findChild<QComboBox*>();
    QVERIFY(show);
    for (QWidget* from : {static_cast<QWidget*>(show), static_cast<QWidget*>(win_->editor())}) {
        from->setFocus();
        QTRY_VERIFY(from->hasFocus());
        QTest::keyClick(from, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY2(box->hasFocus(), from->metaObject()->className());
    }
    // Another page: the box is hidden and Ctrl+F leaves the focus alone.
    win_->showView("heads");
    win_->editor()->setFocus();
    QTRY_VERIFY(win_->editor()->hasFocus());
    QTest::keyClick(win_->editor(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(win_->editor()->hasFocus());
}

// An edit waits debounceMs() for the next one only while runs are slow:
// once the last run took under Workspace::kQuickRunMs, a key's run starts
// at once (a zero timer, after the key's own events), not 60 ms later, and
// a key during a run still cancels it for the newest text.
void tst_RunState::aQuickRunStartsWithoutWaitingForTheNextKey() {
    Workspace fresh;
    QCOMPARE(fresh.debounceMs(), 60);  // the app's default
    QCOMPARE(fresh.nextDebounceMs(), 60);  // no run yet: nothing known
    QVERIFY(rerun([&] { win_->editor()->setPlainText(QStringLiteral("ROMEO: But soft, what light")); }));
    QTextCursor c = win_->editor()->textCursor();
    c.movePosition(QTextCursor::End);
    win_->editor()->setTextCursor(c);
    QVERIFY(rerun([&] { QTest::keyClicks(win_->editor(), QStringLiteral(" ")); }));  // a one-row run
    QTRY_VERIFY(!ws_->isRunning());
    QVERIFY2(ws_->lastRunMs() < Workspace::kQuickRunMs, qPrintable(QString::number(ws_->lastRunMs())));
    ws_->setDebounceMs(600 * 1000);  // a key that waited would wait ten minutes
    QCOMPARE(ws_->nextDebounceMs(), 0);
    ws_->setQuickRunMs(0);  // every key waits (the app before 2026-12-02)
    QCOMPARE(ws_->nextDebounceMs(), 600 * 1000);
    ws_->setQuickRunMs(Workspace::kQuickRunMs);
    QCOMPARE(ws_->nextDebounceMs(), 0);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(rerun([&] { QTest::keyClicks(win_->editor(), QStringLiteral("!")); }));
    QVERIFY2(clock.elapsed() < 30 * 1000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(ws_->tokens().labels.last().contains(QLatin1Char('!')));
    // Two keys in one burst: the last one's text is what shows.
    QVERIFY(rerun([&] { QTest::keyClicks(win_->editor(), QStringLiteral("?.")); }));
    QTRY_VERIFY(!ws_->isRunning() && ws_->tokens().labels.last().contains(QLatin1Char('.')));
}

// The app's malloc settings (tuneMalloc, app/gui/process_memory.h) keep up to
// 32 MB freed at the top of the heap: a figure's buffers (4 MB each for a head
// of 1,000 tokens), freed at one key and taken again at the next, stay mapped
// instead of coming back as fresh pages (10 ms per 4 MB on a slow guest).
void tst_RunState::freedFigureBuffersStayForTheNextKey() {
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define ATTNSCOPE_OWN_MALLOC 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(ATTNSCOPE_OWN_MALLOC) || !defined(__GLIBC__)
    QSKIP("glibc's own malloc only: a sanitizer's allocator replaces it");
#else
    tuneMalloc();
    // Earlier tests left the heap as they left it: give back its free top
    // first, so that the block freed below stays under the threshold.
    malloc_trim(0);
    // A block taken, used and freed, then one of the same size taken again:
    // its pages are still resident (mincore), not fresh ones to fault in.
    const size_t bytes = size_t(3) << 20;
    void* first = std::malloc(bytes);
    QVERIFY(first);
    // Volatile writes, one a page: a memset before free() may be optimised away.
    volatile char* touch = static_cast<char*>(first);
    for (size_t i = 0; i < bytes; i += 4096) touch[i] = 1;
    std::free(first);
    char* again = static_cast<char*>(std::malloc(bytes));
    QVERIFY(again);
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    char* start = reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(again) / page * page);
    const size_t pages = (size_t(again + bytes - start) + page - 1) / page;
    std::vector<unsigned char> resident(pages);
    QCOMPARE(mincore(start, pages * page, resident.data()), 0);
    const auto in = std::count_if(resident.begin(), resident.end(), [](unsigned char r) { return r & 1; });
    std::free(again);
    QVERIFY2(size_t(in) == pages, qPrintable(QStringLiteral("%1 of %2 pages resident").arg(in).arg(pages)));
#endif
}

QTEST_MAIN(tst_RunState)
// A run whose attention maps pass the budget says so, with the estimate,
// before its forward pass; the trace then holds what the estimate said and
// the detail view paints the rebuilt head.
void tst_RunState::passingTheBudgetShowsTheEstimateFirst() {
    QSignalSpy estimate(ws_.get(), &Workspace::memoryEstimate);
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    QVERIFY(rerun([&] { ws_->setAttentionBudget(4096); }));
    QCOMPARE(estimate.count(), 1);
    const auto trace = ws_->trace();
    QVERIFY(!trace->weights_dense);
    attnscope::RunOptions o;
    o.attention_budget_bytes = 4096;
    o.logits_rows = 0;  // as the Workspace's runs
    const attnscope::TraceEstimate e = attnscope::estimate_trace(trace->config, trace->T(), o);
    QCOMPARE(e.bytes, trace->bytes());
    const QString msg = estimate.first().first().toString();
    QVERIFY2(msg.contains(QLocale().formattedDataSize(e.bytes, 1, QLocale::DataSizeTraditionalFormat)), qPrintable(msg));
    QVERIFY(msg.contains(QLocale().formattedDataSize(e.dense_attention, 1, QLocale::DataSizeTraditionalFormat)));
    // The status bar has one sentence, the notice under the text the whole
    // estimate, budget and what a view does without the maps.
    const QString whole = Workspace::estimateText(e, o);
    QCOMPARE(msg, Workspace::estimateText(e, o, true));
    QVERIFY2(msg.size() < whole.size() && !msg.contains(QStringLiteral(". ")), qPrintable(msg));  // one sentence
    // The status bar's label shows it whole, or as much as fits beside the
    // permanent widgets, ending in "…" (the whole in its tooltip).
    const ElidingLabel* label = win_->statusBar()->findChild<ElidingLabel*>();
    QVERIFY(label);
    QTRY_COMPARE(label->toolTip(), msg);
    QVERIFY2(label->text() == msg || (label->text().endsWith(QChar(0x2026)) && msg.startsWith(label->text().chopped(1))),
             qPrintable(label->text()));
    // Where it has less room (a small window) it ends in "…", not mid-word.
    ElidingLabel narrow;
    narrow.resize(160, 30);
    narrow.setFullText(msg);
    QVERIFY2(narrow.text().endsWith(QChar(0x2026)), qPrintable(narrow.text()));
    QVERIFY(QFontMetrics(narrow.font()).horizontalAdvance(narrow.text()) <= narrow.contentsRect().width());
    QVERIFY(msg.startsWith(narrow.text().chopped(1)));
    QCOMPARE(narrow.toolTip(), msg);
    QVERIFY2(win_->noticeLabel()->text().contains(whole), qPrintable(win_->noticeLabel()->text()));
    QVERIFY(whole.contains(QStringLiteral("rebuilt from q and k")));
    win_->showView("head");
    QTRY_VERIFY(win_->headDetail()->figure());
    const attnscope::MatrixRM want = trace->head_weights(ws_->selection().layer, ws_->selection().head);
    QCOMPARE(win_->headDetail()->figure()->layer(), ws_->selection().layer);
    QVERIFY(win_->headDetail()->figure()->values() == want);
    // Back under the budget: stored maps, no estimate.
    estimate.clear();
    QVERIFY(rerun([&] { ws_->setAttentionBudget(int64_t(1) << 30); }));
    QVERIFY(ws_->trace()->weights_dense);
    QCOMPARE(estimate.count(), 0);
    QVERIFY(!win_->noticeLabel()->text().contains(QStringLiteral("budget")));
}

#include "tst_run_state.moc"
