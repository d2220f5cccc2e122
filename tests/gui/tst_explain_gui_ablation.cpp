// tst_explain_gui, continued: the ablation map (the scan painted, cancelled,
// estimated, never run for an export), the text coloured by attention, and
// attention knockout from the head detail (tst_explain_gui.h has the test
// class).
#include "tst_explain_gui.h"

// The painted cells are the core's scan; a click ablates that head live.
void tst_ExplainGui::ablationMapPaintsTheScan() {
    const auto trace = ws_->trace();
    AblationScan want = ablation_scan(Model(ws_->document().model.weights), trace->tokens);
    win_->showView("ablation");
    AblationView* view = win_->ablationView();
    QVERIFY(view);
    // Before the scan at most its estimate is on screen.
    QVERIFY(!view->figure() || view->figure()->values() == render::AblationFigure::Values::Estimate);
    view->startScan();
    QTRY_VERIFY_WITH_TIMEOUT(!view->isScanning() && view->figure() &&
                                 view->figure()->values() == render::AblationFigure::Values::Scan,
                             60000);
    view->repaint();
    const auto& cells = view->figure()->drawnCells();
    QCOMPARE(int(cells.size()), trace->n_layer() * trace->n_head());
    QCOMPARE(view->figure()->scan().base_loss, want.base_loss);
    const double range = view->figure()->range();
    for (const auto& c : cells) {
        const HeadAblation& h = want.heads[size_t(c.layer * trace->n_head() + c.head)];
        QCOMPARE(view->figure()->delta(c.layer, c.head), h.delta);
        QCOMPARE(c.color, render::divergingColor(h.delta, range));
        if (!c.text.isEmpty()) QCOMPARE(c.text, QString::number(h.delta, 'f', 3));
    }
    // The head the model needs most is the reddest cell.
    const auto most = std::max_element(want.heads.begin(), want.heads.end(),
                                       [](const auto& a, const auto& b) { return a.delta < b.delta; });
    QVERIFY(most->delta > 0);
    const auto& mc = cells[size_t(most->layer * trace->n_head() + most->head)];
    QCOMPARE(mc.color, render::divergingColor(range, range));
    // Click: ablated live, and the scan stays on screen.
    QTest::mouseClick(view, Qt::LeftButton, {}, view->cellCenter(most->layer, most->head).toPoint());
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace()->is_ablated(most->layer, most->head), 20000);
    QVERIFY(view->figure());
    QCOMPARE(view->figure()->delta(most->layer, most->head), most->delta);
    QTest::mouseClick(view, Qt::LeftButton, {}, view->cellCenter(most->layer, most->head).toPoint());
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace()->ablated.empty(), 20000);
}

void tst_ExplainGui::ablationScanCancels() {
    win_->showView("ablation");
    AblationView* view = win_->ablationView();
    const QString text = QStringLiteral("A text that no scan has seen: cancel me");
    win_->editor()->setPlainText(text);
    // The new text's trace (one token per character), not the example's.
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() == text.size() && !ws_->isRunning(), 20000);
    view->startScan();
    view->cancelScan();
    // Enabled again once the finished scan was handled (not just stopped).
    QTRY_VERIFY_WITH_TIMEOUT(!view->isScanning() && view->scanButton()->isEnabled(), 60000);
    // No scan on screen: at most the attribution-patching estimate, marked so.
    QVERIFY(!view->figure() || view->figure()->values() == render::AblationFigure::Values::Estimate);
    QVERIFY(!session::cachedAblationScan(*ws_->trace()));
}

// Before a scan starts, the view says how long it will take: at GPT-2 size
// and 8,192 tokens, the best part of an hour. The estimate weighs each run's
// work (a head's run starts at its layer and ends with every position's
// logits) by the time of the text's own run.
void tst_ExplainGui::ablationScanIsEstimatedBeforeItStarts() {
    QCOMPARE(AblationView::durationText(0.4), QStringLiteral("under a second"));
    QCOMPARE(AblationView::durationText(40), QStringLiteral("40 s"));
    QCOMPARE(AblationView::durationText(200), QStringLiteral("3 min"));
    QCOMPARE(AblationView::durationText(3900), QStringLiteral("65 min"));
    QCOMPARE(AblationView::durationText(6000), QStringLiteral("1 h 40 min"));
    const ModelConfig gpt2 = ModelConfig::gpt2(50257, 8192, 768, 12, 12);
    // A 25 s run of 8,192 tokens: 145 runs, most of them far shorter.
    const double s = AblationView::scanSeconds(25000, gpt2, 8192);
    QVERIFY2(s > 20 * 60 && s < 145 * 25, qPrintable(QString::number(s)));
    QCOMPARE(AblationView::scanSeconds(0, gpt2, 8192), 0.0);
    // Early runs (heads of the first layers) hold more of the work.
    QCOMPARE(AblationView::scanShareDone(0, gpt2, 8192), 0.0);
    QCOMPARE(AblationView::scanShareDone(145, gpt2, 8192), 1.0);
    const double firstLayer = AblationView::scanShareDone(13, gpt2, 8192);
    QVERIFY2(firstLayer > 13.0 / 145 && firstLayer < 0.2, qPrintable(QString::number(firstLayer)));
    QVERIFY(AblationView::scanRunFlops(gpt2, 8192, 1) > AblationView::scanRunFlops(gpt2, 8192, 144));
    QCOMPARE(AblationView::scanRunFlops(gpt2, 8192, 133), AblationView::scanRunFlops(gpt2, 8192, 144));

    win_->showView("ablation");
    AblationView* view = win_->ablationView();
    const QString text = QStringLiteral("Nobody has scanned this text yet; how long would it take?");
    win_->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() == text.size() && !ws_->isRunning(), 20000);
    QVERIFY(ws_->fullRunMs() > 0);
    {
        const auto trace = ws_->trace();  // let go before typing: the next key's run reuses it
        const QString want = AblationView::durationText(AblationView::scanSeconds(ws_->fullRunMs(), trace->config, trace->T()));
        QTRY_VERIFY(view->statusText().contains(QStringLiteral("Estimated time on this machine: ") + want));
        // (Before the patching estimate arrives and after: "A scan takes N …", "…: N …".)
        QVERIFY2(view->statusText().contains(QStringLiteral(" %1 forward pass").arg(trace->n_layer() * trace->n_head() + 1)),
                 qPrintable(view->statusText()));
    }
    // Typing keeps the estimate of the last long run: a key's run that
    // computed a row or two says nothing of a whole run's time.
    QTextCursor c = win_->editor()->textCursor();
    c.movePosition(QTextCursor::End);
    c.insertText(QStringLiteral("!"));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace()->T() == text.size() + 1 && !ws_->isRunning(), 20000);
    const double full = ws_->fullRunMs();
    c.insertText(QStringLiteral("?"));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace()->T() == text.size() + 2 && !ws_->isRunning(), 20000);
    QVERIFY2(ws_->trace()->reused_rows >= text.size(), qPrintable(QString::number(ws_->trace()->reused_rows)));
    QCOMPARE(ws_->fullRunMs(), full);
}

// Past the on-demand limit, drawing the ablation view for Export refuses
// (the scan would block the GUI thread for minutes) until the user ran it.
void tst_ExplainGui::exportNeverRunsALargeScan() {
    win_->showView("ablation");
    AblationView* view = win_->ablationView();
    const QString text = QStringLiteral("Nobody scanned this one yet, so Export must wait.");
    win_->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() == text.size() && !ws_->isRunning(), 20000);
    session::setOnDemandScanLimit(1);
    session::Recipe r;
    r.view = QStringLiteral("ablation");
    QVERIFY_THROWS_EXCEPTION(Error, session::makeFigure(r, ws_->figureData()));
    // What Export draws is at most the estimate on screen, titled as one.
    QTRY_VERIFY_WITH_TIMEOUT(!view->isEstimating(), 20000);
    {
        const auto f = view->makeFigure(render::Style());
        const auto* a = dynamic_cast<const render::AblationFigure*>(f.get());
        QVERIFY(!f || (a && a->values() == render::AblationFigure::Values::Estimate));
        if (a) QVERIFY2(a->title().contains(QLatin1String("estimate"), Qt::CaseInsensitive), qPrintable(a->title()));
    }
    view->startScan();
    QTRY_VERIFY_WITH_TIMEOUT(!view->isScanning() && view->figure() &&
                                 view->figure()->values() == render::AblationFigure::Values::Scan,
                             60000);
    QVERIFY(session::makeFigure(r, ws_->figureData()));
    QVERIFY(view->makeFigure(render::Style()));
    session::setOnDemandScanLimit(MainWindow::kOnDemandScanWork);
}

// The most-attended token of the selected query is drawn the strongest; the
// chips carry the head's weights and follow the selection.
void tst_ExplainGui::textColouredByAttention() {
    AttentionTextPanel* panel = win_->attentionText();
    QVERIFY(win_->attentionTextDock()->isVisible());
    const auto trace = ws_->trace();
    for (const auto& [layer, head, q] : {std::tuple{0, 1, 20}, std::tuple{2, 3, trace->T() - 1}, std::tuple{1, 0, 9}}) {
        Selection s = ws_->selection();
        s.layer = layer;
        s.head = head;
        s.query = q;
        ws_->setSelection(s);
        QCOMPARE(panel->query(), q);
        ValueStrip* strip = panel->strip();
        QCOMPARE(strip->chipCount(), trace->T());
        QCOMPARE(strip->marked(), q);
        const MatrixRM w = trace->head_weights(layer, head);
        int top = 0;
        for (int k = 0; k <= q; ++k) {
            QCOMPARE(strip->value(k), double(w(q, k)));
            if (w(q, k) > w(q, top)) top = k;
        }
        QVERIFY(std::isnan(strip->value(trace->T() - 1 == q ? q : q + 1)) || q == trace->T() - 1);
        const int strongest = strip->chipColor(top).lightness();
        for (int k = 0; k < strip->chipCount(); ++k)
            if (k != top) QVERIFY2(strip->chipColor(k).lightness() >= strongest, qPrintable(QString::number(k)));
        QVERIFY(strip->chipColor(top).lightness() < 200);
    }
    // Clicking a token makes it the query.
    QTest::mouseClick(panel->strip(), Qt::LeftButton, {}, panel->strip()->chipRect(4).center());
    QCOMPARE(ws_->selection().query, 4);
    QCOMPARE(panel->query(), 4);
}

// Attention knockout from the head detail's context menu: the figure it paints
// is the selected head's, the blocked weight is 0 and marked, its row still
// sums to 1; the predictions panel shows the change; Run ▸ Clear knockouts and
// a new model clear them.
void tst_ExplainGui::knockoutFromTheHeadDetailMenu() {
    win_->showView("head");
    HeadDetailView* detail = win_->headDetail();
    Selection sel = ws_->selection();
    sel.layer = 0;
    sel.head = 1;
    const int T = ws_->trace()->T();
    QVERIFY(T > 12);
    const int q = T - 2, k = T - 5;
    sel.query = q;
    sel.key = -1;
    ws_->setSelection(sel);
    QTRY_VERIFY(detail->figure() && detail->figure()->layer() == 0 && detail->figure()->head() == 1);
    QVERIFY(detail->figure()->values()(q, k) > 0);
    const auto isRed = [](QRgb c) { return qRed(c) > 150 && qGreen(c) < 110 && qBlue(c) < 110; };
    const QPoint centre = detail->cellCenter(q, k).toPoint();
    QVERIFY(!isRed(detail->grab().toImage().pixel(centre)));

    QMenu* menu = detail->cellMenu(q, k);
    QAction* block = menu->findChild<QAction*>("blockEdgeHead");
    QVERIFY(block && block->isEnabled());
    QVERIFY(block->text().contains(QStringLiteral("%1→%2").arg(q).arg(k)));
    block->trigger();
    delete menu;
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->knockouts().size(), size_t(1));
    QCOMPARE(ws_->knockouts().front(), (Knockout{0, 1, q, k}));
    // What the knocked-out run compares with was kept when the knockout was
    // set, from the plain trace then on screen: no run computes it.
    QVERIFY(ws_->lnFWithoutKnockouts());
    QVERIFY(!ws_->isComparingKnockouts());
    // What the detail paints: its own layer and head, the weight 0, the row still a distribution, the cell marked.
    QTRY_VERIFY(detail->figure() && detail->figure()->layer() == 0 && detail->figure()->head() == 1 &&
                !detail->figure()->knockedOut().empty());
    const render::HeadFigure* fig = detail->figure();
    QCOMPARE(fig->values()(q, k), 0.0f);
    QVERIFY(std::abs(fig->values().row(q).sum() - 1.0f) < 1e-5f);
    QCOMPARE(fig->knockedOut().size(), size_t(1));
    QCOMPARE(fig->knockedOut().front(), std::make_pair(q, k));
    QVERIFY(fig->title().contains(QStringLiteral("knocked out")));
    QVERIFY(isRed(detail->grab().toImage().pixel(detail->cellCenter(q, k).toPoint())));
    // The crosshair readout says why the weight is 0; the badge and the Run menu know.
    QTest::mouseMove(detail, detail->cellCenter(q, k).toPoint());
    QTRY_COMPARE(detail->hover().query, q);
    QVERIFY2(detail->hoverText().contains(QStringLiteral("knocked out")), qPrintable(detail->hoverText()));
    QVERIFY(TraceView::stateText(*ws_).contains(QStringLiteral("1 knockout(s)")));
    // Another head of the layer is untouched.
    QVERIFY(ws_->trace()->head_weights(0, 0)(q, k) > 0);

    // The mask view marks the blocked edge of the selected head: one cell fewer allowed.
    win_->showView("mask");
    QTRY_VERIFY(win_->maskView()->allowedFraction() > 0);
    const double causalFraction = double(T + 1) / (2.0 * T);
    QVERIFY(std::abs(win_->maskView()->allowedFraction() - (causalFraction - 1.0 / (double(T) * T))) < 1e-9);

    // Every edge into key 0, in every layer: the predictions panel shows the change.
    PredictionsPanel* panel = win_->predictions();
    win_->predictionsDock()->show();
    win_->predictionsDock()->raise();
    QTRY_VERIFY(panel->isVisible());
    menu = detail->cellMenu(q, 0);
    menu->findChild<QAction*>("blockKey")->trigger();
    delete menu;
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->knockouts().size(), size_t(2));
    QVERIFY(ws_->lnFWithoutKnockouts());
    QVERIFY(!ws_->isComparingKnockouts());
    QTRY_VERIFY_WITH_TIMEOUT(panel->shownPosition() == q && !panel->isBusy() && panel->model()->hasComparison() &&
                                 panel->headerLabel()->text().contains(QStringLiteral("2 attention edge(s) knocked out")),
                             20000);
    PredictionsModel* m = panel->model();
    QCOMPARE(m->columnCount(), int(PredictionsModel::ColumnCount));
    double largest = 0;
    for (int r = 0; r < m->rowCount(); ++r) {
        const double with = m->data(m->index(r, PredictionsModel::Probability), Qt::UserRole).toDouble();
        const double without = m->data(m->index(r, PredictionsModel::Without), Qt::UserRole).toDouble();
        QCOMPARE(m->data(m->index(r, PredictionsModel::Delta), Qt::UserRole).toDouble(), with - without);
        largest = std::max(largest, std::abs(with - without));
    }
    QVERIFY2(largest > 1e-4, qPrintable(QString::number(largest)));
    // "Without" is the model without the knockouts: a plain run's prediction.
    RunOptions plainOpt;
    plainOpt.logits_rows = -1;
    const Trace plain = Model(ws_->document().model.weights).run(ws_->trace()->tokens, plainOpt);
    QVERIFY(ws_->lnFWithoutKnockouts()->data == plain.ln_f.data);
    const Prediction want = predict(plain, q, panel->topK());
    const int top0 = m->data(m->index(0, PredictionsModel::Token), Qt::UserRole).toInt();
    for (const TokenProb& t : want.top)
        if (t.id == top0) QCOMPARE(m->data(m->index(0, PredictionsModel::Without), Qt::UserRole).toDouble(), t.prob);
    QVERIFY2(panel->nextLabel()->text().contains(QStringLiteral("without the knockouts")), qPrintable(panel->nextLabel()->text()));
    QVERIFY(panel->nextLabel()->text().contains(QString::number(want.next->prob, 'f', 4)));

    // The prediction without the knockouts for that text was the plain run's; after
    // an edit it is computed once the knocked-out trace is shown, equal to a plain run's.
    QSignalSpy compared(ws_.get(), &Workspace::knockoutComparisonReady);
    win_->editor()->setPlainText(win_->editor()->toPlainText() + QStringLiteral(" more"));
    QVERIFY(waitForTrace());
    QVERIFY(compared.wait(60000) || !compared.isEmpty());
    QVERIFY(ws_->lnFWithoutKnockouts());
    RunOptions plainAgain;
    const Trace edited = Model(ws_->document().model.weights).run(ws_->trace()->tokens, plainAgain);
    QVERIFY(ws_->lnFWithoutKnockouts()->data == edited.ln_f.data);
    QVERIFY(ws_->trace()->ln_f.data != edited.ln_f.data);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->model()->hasComparison(), 20000);

    // Run ▸ Block the selected edge (Ctrl+B) blocks the selected cell in the selected head.
    Selection cell = ws_->selection();
    cell.layer = 1;
    cell.head = 0;
    cell.query = 6;
    cell.key = 2;
    ws_->setSelection(cell);
    QAction* blockSelected = win_->findChild<QAction*>("blockSelectedEdge");
    QVERIFY(blockSelected && blockSelected->isEnabled());
    QCOMPARE(blockSelected->shortcut(), QKeySequence(QStringLiteral("Ctrl+B")));
    blockSelected->trigger();
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->knockouts().back(), (Knockout{1, 0, 6, 2}));
    QCOMPARE(ws_->trace()->head_weights(1, 0)(6, 2), 0.0f);

    // Run ▸ Clear knockouts.
    QAction* clear = nullptr;
    for (QAction* a : win_->findChildren<QAction*>("clearKnockouts"))
        if (a->isEnabled()) clear = a;
    QVERIFY(clear);
    clear->trigger();
    QVERIFY(waitForTrace());
    QVERIFY(ws_->knockouts().empty());
    QVERIFY(ws_->trace()->knockout.empty());
    QVERIFY(!ws_->lnFWithoutKnockouts());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && !panel->model()->hasComparison(), 20000);
    QVERIFY(ws_->trace()->head_weights(0, 1)(q, k) > 0);

    // A knockout past the end of a shortened text is left out of the run, with a
    // notice, instead of refusing every run; it applies again once the text reaches it.
    const QString longText = win_->editor()->toPlainText();
    ws_->addKnockout({0, 1, -1, 12});
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->trace()->knockout.size(), size_t(1));
    QSignalSpy notices(ws_.get(), &Workspace::notice);
    win_->editor()->setPlainText(longText.left(8));
    QVERIFY(waitForTrace());
    QVERIFY(ws_->trace()->T() <= 12);
    QVERIFY(!ws_->isStale());
    QVERIFY(ws_->trace()->knockout.empty());
    QCOMPARE(ws_->knockouts().size(), size_t(1));
    QVERIFY(!notices.isEmpty());
    QVERIFY2(notices.last().at(0).toString().contains(QStringLiteral("Left out of this run: 1 knockout(s)")),
             qPrintable(notices.last().at(0).toString()));
    win_->editor()->setPlainText(longText);
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->trace()->knockout.size(), size_t(1));
    QCOMPARE(ws_->trace()->head_weights(0, 1)(T - 1, 12), 0.0f);
    ws_->clearKnockouts();
    QVERIFY(waitForTrace());

    // Kept until another model opens.
    ws_->addKnockout({-1, -1, -1, 1});
    QVERIFY(waitForTrace());
    QCOMPARE(ws_->trace()->knockout.size(), size_t(1));
    ws_->setDocument(session::openDocument(session::demoModelPath()));
    QVERIFY(ws_->knockouts().empty());
    QVERIFY(waitForTrace());
    QVERIFY(ws_->trace()->knockout.empty());
}
