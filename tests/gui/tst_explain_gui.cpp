// The explaining views of issue 11 in the app, offscreen: what they paint is
// what the core computes for the trace on screen.
#include "tst_explain_gui.h"

void tst_ExplainGui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_explain_gui");
    QVERIFY(!session::demoModelPath().isEmpty());
}

void tst_ExplainGui::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1200, 800);
    win_->show();
    win_->restoreSession();
    QVERIFY(waitForTrace());
}

void tst_ExplainGui::cleanup() {
    win_.reset();
    ws_.reset();
}

bool tst_ExplainGui::waitForTrace(int timeoutMs) {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    return ready.wait(timeoutMs) || !ready.isEmpty();
}

void tst_ExplainGui::selectQuery(int q) {
    Selection s = ws_->selection();
    s.query = q;
    ws_->setSelection(s);
}

// The bars under the rollout map are the selected query's row of the rollout,
// and follow the selection without a new map.
void tst_ExplainGui::rolloutShowsTheSelectedQueryRow() {
    win_->showView("rollout");
    auto* view = qobject_cast<FigureView*>(win_->viewWidget("rollout"));
    QVERIFY(view);
    QTRY_VERIFY(view->figure());
    const auto* fig = dynamic_cast<const render::RolloutFigure*>(view->figure());
    QVERIFY(fig);
    const auto trace = ws_->trace();
    const int T = trace->T();
    QVERIFY(T > 10);
    const MatrixRM want = attention_rollout(*trace);
    // No query selected: the last token's row.
    selectQuery(-1);
    QCOMPARE(fig->query(), T - 1);
    for (const int q : {3, 7, T - 2}) {
        QTest::mouseClick(win_->tokenStrip(), Qt::LeftButton, {}, win_->tokenStrip()->chipRect(q).center());
        QCOMPARE(ws_->selection().query, q);
        QCOMPARE(view->figure(), static_cast<const render::Figure*>(fig));  // followed in place
        QCOMPARE(fig->query(), q);
        QVERIFY(fig->row());
        const std::vector<float>& bars = fig->row()->values();
        QCOMPARE(int(bars.size()), T);
        for (int k = 0; k < T; ++k) QCOMPARE(bars[size_t(k)], want(q, k));
        QVERIFY(fig->row()->title().contains(ws_->tokens().labels[q]));
        // What was painted: the bars' area is not blank.
        view->repaint();
        const QImage shot = view->grab().toImage();
        const QRectF bar = fig->rowArea(QRectF(view->rect()));
        bool inked = false;
        for (int y = int(bar.top()) + 1; y < int(bar.bottom()) && !inked; y += 2)
            for (int x = int(bar.left()) + 1; x < int(bar.right()) && !inked; x += 2)
                inked = shot.pixelColor(x, y) != QColor(Qt::white);
        QVERIFY(inked);
    }
}

// From FigureView::kAsyncTokens on, the rollout is built on a worker; the
// figure that arrives shows the query selected meanwhile.
void tst_ExplainGui::rolloutOfALongTextIsBuiltOffTheGuiThread() {
    win_->showView("rollout");
    auto* view = qobject_cast<FigureView*>(win_->viewWidget("rollout"));
    QString text;
    while (text.size() < 400) text += QStringLiteral("ROMEO:\nBut soft, what light through yonder window breaks?\n");
    win_->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() >= FigureView::kAsyncTokens && !ws_->isRunning(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(view->isBuilding() || (view->figure() && !view->isBuilding()), 30000);
    selectQuery(100);
    QTRY_VERIFY_WITH_TIMEOUT(!view->isBuilding() && view->figure(), 30000);
    const auto* fig = dynamic_cast<const render::RolloutFigure*>(view->figure());
    QVERIFY(fig);
    QCOMPARE(fig->matrix().values().rows(), ws_->trace()->T());
    QTRY_COMPARE(fig->query(), 100);
    const MatrixRM want = attention_rollout(*ws_->trace());
    for (int k = 0; k < ws_->trace()->T(); ++k) QCOMPARE(fig->row()->values()[size_t(k)], want(100, k));
}

// The panel's numbers come from ln_f on a worker; they equal the core's
// predictions on a run that kept every row of logits.
// Bidirectional, every position sees the token after it: the panel says its
// numbers are no forecast; causal again, it predicts again.
void tst_ExplainGui::predictionsSayABidirectionalRunIsNoForecast() {
    PredictionsPanel* panel = win_->predictions();
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    ws_->setCausal(false);
    QVERIFY(ready.wait(30000));
    selectQuery(4);
    QTRY_VERIFY_WITH_TIMEOUT(panel->shownPosition() == 4 && !panel->isBusy() && !panel->losses().empty(), 20000);
    QVERIFY2(panel->headerLabel()->text().contains(QStringLiteral("not next-token predictions")),
             qPrintable(panel->headerLabel()->text()));
    QVERIFY(panel->lossSummaryLabel()->text().contains(QStringLiteral("no measure of surprise")));
    ready.clear();
    ws_->setCausal(true);
    QVERIFY(ready.wait(30000));
    selectQuery(5);
    QTRY_VERIFY_WITH_TIMEOUT(panel->shownPosition() == 5 && !panel->isBusy() && !panel->losses().empty(), 20000);
    QVERIFY(panel->headerLabel()->text().contains(QStringLiteral("the model predicts")));
    QVERIFY(!panel->lossSummaryLabel()->text().contains(QStringLiteral("surprise")) ||
            panel->lossSummaryLabel()->text().startsWith(QStringLiteral("Surprise")));
}

void tst_ExplainGui::predictionsShowTheCoreTopToken() {
    PredictionsPanel* panel = win_->predictions();
    QVERIFY(panel);
    QVERIFY(win_->predictionsDock()->isVisible());
    QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto trace = ws_->trace();
    RunOptions all;
    all.logits_rows = -1;
    all.causal = trace->causal;
    const Trace full = Model(ws_->document().model.weights).run(trace->tokens, all);
    const std::vector<double> wantLosses = next_token_losses(full);
    for (const int q : {5, 17, trace->T() - 1}) {
        selectQuery(q);
        QTRY_VERIFY_WITH_TIMEOUT(panel->shownPosition() == q && !panel->isBusy(), 20000);
        const Prediction want = predict(full, q, panel->topK());
        PredictionsModel* m = panel->model();
        QCOMPARE(m->rowCount(), panel->topK());
        const int id = m->data(m->index(0, PredictionsModel::Token), Qt::UserRole).toInt();
        QCOMPARE(id, want.top[0].id);
        QCOMPARE(m->data(m->index(0, PredictionsModel::Probability), Qt::UserRole).toDouble(), want.top[0].prob);
        QCOMPARE(m->data(m->index(0, PredictionsModel::Probability)).toString(),
                 QString::number(want.top[0].prob, 'f', 4));
        const QString shown = m->data(m->index(0, PredictionsModel::Token)).toString();
        QCOMPARE(shown, render::visibleToken(QString::fromStdString(ws_->document().tokenizer->token_text(id))));
        if (want.next) {
            QVERIFY(panel->nextLabel()->text().contains(QString::number(want.next->prob, 'f', 4)));
            QVERIFY(panel->nextLabel()->text().contains(QString::number(want.next->rank)));
        }
    }
    QCOMPARE(panel->losses(), wantLosses);
    // The surprise strip: token t + 1 carries the loss at t; the most
    // surprising token is drawn the strongest (darkest).
    ValueStrip* strip = panel->surpriseStrip();
    QCOMPARE(strip->chipCount(), trace->T());
    const auto worst = std::max_element(wantLosses.begin(), wantLosses.end()) - wantLosses.begin();
    QCOMPARE(strip->value(int(worst) + 1), wantLosses[size_t(worst)]);
    for (int i = 1; i < strip->chipCount(); ++i)
        QVERIFY(strip->chipColor(i).lightness() >= strip->chipColor(int(worst) + 1).lightness());
}

void tst_ExplainGui::predictionsTopKIsRemembered() {
    PredictionsPanel* panel = win_->predictions();
    panel->setTopK(3);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->model()->rowCount() == 3, 20000);
    QCOMPARE(QSettings().value("predictions/topK").toInt(), 3);
    PredictionsPanel again(ws_.get());
    QCOMPARE(again.topK(), 3);
}

// Closed docks stay closed at the next start (the window state in QSettings).
void tst_ExplainGui::explainDocksVisibilityIsRemembered() {
    QVERIFY(win_->predictionsDock()->isVisible());
    QVERIFY(win_->attentionTextDock()->isVisible());
    win_->predictionsDock()->toggleViewAction()->trigger();
    win_->attentionTextDock()->close();
    QVERIFY(!win_->predictionsDock()->isVisible());
    win_->close();
    MainWindow again(ws_.get());
    again.show();
    QVERIFY(!again.predictionsDock()->isVisible());
    QVERIFY(!again.attentionTextDock()->isVisible());
    again.predictionsDock()->toggleViewAction()->trigger();
    QVERIFY(again.predictionsDock()->isVisible());
}

// The table holds the core's statistics; L0 H1 of the demo model is a
// previous-token head, in the table, on the grid's tile and in its tooltip.
void tst_ExplainGui::headStatsLabelAndSort() {
    HeadStatsPanel* panel = win_->headStats();
    const auto trace = ws_->trace();
    const int heads = trace->n_layer() * trace->n_head();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->model()->rowCount() == heads, 20000);
    QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    HeadStatsModel* m = panel->model();
    const std::vector<HeadStats> want = head_statistics(*trace, 1);
    for (int r = 0; r < heads; ++r) {
        QCOMPARE(m->stats()[size_t(r)].entropy, want[size_t(r)].entropy);
        QCOMPARE(m->stats()[size_t(r)].prev_token, want[size_t(r)].prev_token);
    }
    const int row = m->rowOf(0, 1);
    QVERIFY(row >= 0);
    QVERIFY(m->stats()[size_t(row)].prev_token >= 0.5);
    QVERIFY(m->data(m->index(row, HeadStatsModel::Labels)).toString().contains("previous token"));
    // Labels on the grid.
    win_->showView("heads");
    QTRY_VERIFY(win_->headsGrid()->figure());
    QVERIFY(win_->headsGrid()->headLabels().at(1).contains("previous token"));
    QVERIFY(win_->headsGrid()->toolTipAt(win_->headsGrid()->panelCenter(0, 1)).contains("previous token"));
    // Sorting by a column: click its header twice for descending.
    QSortFilterProxyModel* sorted = panel->sorted();
    QHeaderView* header = panel->table()->horizontalHeader();
    panel->table()->sortByColumn(HeadStatsModel::PrevToken, Qt::DescendingOrder);
    QCOMPARE(header->sortIndicatorSection(), int(HeadStatsModel::PrevToken));
    double last = 2;
    for (int r = 0; r < sorted->rowCount(); ++r) {
        const double v = sorted->data(sorted->index(r, HeadStatsModel::PrevToken), Qt::UserRole).toDouble();
        QVERIFY(v <= last);
        last = v;
    }
    const double top = sorted->data(sorted->index(0, HeadStatsModel::PrevToken), Qt::UserRole).toDouble();
    for (const HeadStats& s : want) QVERIFY(s.prev_token <= top);
    panel->table()->sortByColumn(HeadStatsModel::Entropy, Qt::AscendingOrder);
    last = -1;
    for (int r = 0; r < sorted->rowCount(); ++r) {
        const double v = sorted->data(sorted->index(r, HeadStatsModel::Entropy), Qt::UserRole).toDouble();
        QVERIFY(v >= last);
        last = v;
    }
    // Double-clicking a row selects its head; so does Enter on it.
    win_->headStatsDock()->show();
    win_->headStatsDock()->raise();
    QTRY_VERIFY(panel->table()->isVisible());
    QTableView* table = panel->table();
    for (const int at : {0, 1}) {
        const QModelIndex first = sorted->index(at, HeadStatsModel::Layer);
        const HeadStats& s = m->stats()[size_t(sorted->mapToSource(first).row())];
        const HeadStats& other = m->stats()[size_t(sorted->mapToSource(sorted->index(heads - 1, 0)).row())];
        Selection away = ws_->selection();
        away.layer = other.layer;
        away.head = other.head;
        ws_->setSelection(away);
        if (at == 0) {
            const QPoint pos = table->visualRect(first).center();
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, pos);
            QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, pos);
        } else {
            table->setFocus();
            table->setCurrentIndex(first);
            QTest::keyClick(table, Qt::Key_Return);
        }
        QCOMPARE(ws_->selection().layer, s.layer);
        QCOMPARE(ws_->selection().head, s.head);
    }
}

void tst_ExplainGui::headStatsProbesOnDemand() {
    HeadStatsPanel* panel = win_->headStats();
    const auto trace = ws_->trace();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->model()->rowCount() > 0, 20000);
    HeadStatsModel* m = panel->model();
    QVERIFY(m->data(m->index(0, HeadStatsModel::Induction)).toString().isEmpty());
    QTest::mouseClick(panel->probesButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && !m->data(m->index(0, HeadStatsModel::Induction)).toString().isEmpty(),
                             30000);
    std::vector<HeadStats> want = head_statistics(*trace, 1);
    run_probes(Model(ws_->document().model.weights), want, 1);
    for (size_t i = 0; i < want.size(); ++i) {
        QCOMPARE(m->stats()[i].induction, want[i].induction);
        QCOMPARE(m->stats()[i].duplicate, want[i].duplicate);
    }
}

// A long text's statistics take a while (half a minute at 8,192 tokens of
// GPT-2 small): the panel's note says how far they are, rising, while they
// run, and the heads and tokens once they are done. 64 heads of 2,000 tokens:
// 512 bands of rows, about half a second of one core (the note changes every
// 0.1 s).
void tst_ExplainGui::headStatsSayHowFarTheyAre() {
    ws_->setDocument(session::randomDocument(ModelConfig::seed(96, 2048, 128, 16, 4), 5));
    QString text;
    while (text.size() < 2000) text += QStringLiteral("To be, or not to be, that is the question. ");
    text.truncate(2000);
    win_->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() == 2000 && !ws_->isRunning(), 120000);
    HeadStatsPanel* panel = win_->headStats();
    const QRegularExpression percent(QStringLiteral("^Computing statistics… (\\d+)%$"));
    QList<int> seen;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 240000 && (panel->isBusy() || panel->model()->rowCount() != 64)) {
        const QRegularExpressionMatch m = percent.match(panel->note());
        if (m.hasMatch() && (seen.isEmpty() || seen.last() != m.captured(1).toInt())) seen << m.captured(1).toInt();
        QTest::qWait(10);
    }
    QCOMPARE(panel->model()->rowCount(), 64);
    QVERIFY2(!seen.isEmpty(), "no progress was shown while the statistics ran");
    QVERIFY2(std::is_sorted(seen.begin(), seen.end()) && seen.first() >= 0 && seen.last() < 100,
             qPrintable(QStringLiteral("%1").arg(seen.size())));
    // ("head(s)" here: the app's English plural translator is not installed.)
    QVERIFY2(panel->note().startsWith(QStringLiteral("64 head")) && panel->note().endsWith(QStringLiteral(" on 2000 tokens")),
             qPrintable(panel->note()));
}

QTEST_MAIN(tst_ExplainGui)
#include "moc_tst_explain_gui.cpp"
