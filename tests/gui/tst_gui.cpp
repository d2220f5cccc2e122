// The desktop app driven as a user drives it, offscreen: it starts on the demo
// model, typing re-runs the model, the views show what the trace holds.
#include "tst_gui.h"

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

QTEST_MAIN(tst_Gui)
#include "moc_tst_gui.cpp"
