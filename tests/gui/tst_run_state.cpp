// State you can't otherwise see: every view wears a badge for bidirectional
// attention, ablated heads and a stale picture (a refused run), and exported
// figures carry a note of ablations and mask unless asked not to.
#include "tst_run_state.h"

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
    QVERIFY2(win_->noticeLabel()->fullText().contains(QStringLiteral("keys and values")),
             qPrintable(win_->noticeLabel()->fullText()));

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
    // The notice under the text holds the whole estimate in one line: cut
    // with "…" and a Details link that unfolds it, not three wrapped lines.
    NoticeLabel* notice = win_->noticeLabel();
    QVERIFY2(notice->fullText().contains(whole), qPrintable(notice->fullText()));
    QVERIFY(whole.contains(QStringLiteral("rebuilt from q and k")));
    QTRY_VERIFY(notice->isVisible());
    const int line = notice->fontMetrics().lineSpacing();
    QVERIFY2(notice->isCut(), qPrintable(notice->text()));
    QVERIFY2(notice->text().contains(QStringLiteral("href=\"more\"")), qPrintable(notice->text()));
    QTRY_VERIFY2(notice->height() < 2 * line, qPrintable(QString::number(notice->height())));
    emit notice->linkActivated(QStringLiteral("more"));
    QVERIFY(notice->isExpanded());
    QVERIFY(notice->text().contains(whole.toHtmlEscaped()));
    QTRY_VERIFY(notice->height() >= 2 * line);
    emit notice->linkActivated(QStringLiteral("less"));
    QTRY_VERIFY(notice->height() < 2 * line);
    win_->showView("head");
    QTRY_VERIFY(win_->headDetail()->figure());
    const attnscope::MatrixRM want = trace->head_weights(ws_->selection().layer, ws_->selection().head);
    QCOMPARE(win_->headDetail()->figure()->layer(), ws_->selection().layer);
    QCOMPARE(win_->headDetail()->figure()->values().rows(), want.rows());
    QVERIFY(win_->headDetail()->figure()->values() == want);
    // Told once for this model: the next key's run past the same budget says nothing new.
    const int told = int(estimate.count());
    QVERIFY(rerun([&] { typeAtEnd(QStringLiteral("x")); }));
    QVERIFY(!ws_->trace()->weights_dense);
    QCOMPARE(int(estimate.count()), told);
    QVERIFY(notice->fullText().contains(QStringLiteral("rebuilt from q and k")));
    // Back under the budget: stored maps, no estimate.
    estimate.clear();
    QVERIFY(rerun([&] { ws_->setAttentionBudget(int64_t(1) << 30); }));
    QVERIFY(ws_->trace()->weights_dense);
    QCOMPARE(estimate.count(), 0);
    QVERIFY(!win_->noticeLabel()->fullText().contains(QStringLiteral("budget")));
}

#include "moc_tst_run_state.cpp"
