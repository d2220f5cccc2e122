// tst_run_state, continued: typing runs only the new rows, and the background
// work (the losses, Qt's pool, hidden views, freed buffers) stays out of a
// key's way (tst_run_state.h has the test class).
#include "tst_run_state.h"

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
