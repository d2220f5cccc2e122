// Trace files (attnscope/trace_file.h) in the app, offscreen: opened in place
// of a model, the views that read attention weights paint the file's heads,
// the ones that need the model are disabled and say so, nothing runs, and the
// text typed for models is kept for the next one.
#include "tst_trace_gui.h"

namespace {

// Qt Test's stand-in for what was painted: does the widget hold more than one colour?
bool inked(QWidget* w) {
    w->repaint();
    const QImage shot = w->grab().toImage();
    const QColor first = shot.pixelColor(0, 0);
    for (int y = 0; y < shot.height(); y += 3)
        for (int x = 0; x < shot.width(); x += 3)
            if (shot.pixelColor(x, y) != first) return true;
    return false;
}

}  // namespace

void tst_TraceGui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_trace_gui");
    QVERIFY(QFileInfo::exists(fixture()));
}

void tst_TraceGui::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1200, 800);
    win_->show();
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000));
    win_->editor()->setPlainText(typed_);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->isRunning() && ws_->tokens().texts.join(QString()) == typed_,
                             30000);
}

void tst_TraceGui::cleanup() {
    win_.reset();
    ws_.reset();
}

bool tst_TraceGui::openTrace(const QString& path) {
    QSignalSpy changed(ws_.get(), &Workspace::documentChanged);
    if (!openTraceFile(path)) return false;
    return changed.wait(20000) || !changed.isEmpty();
}

// MainWindow::openTraceFile's answer (it reads the header on a worker).
bool tst_TraceGui::openTraceFile(const QString& path) {
    QSignalSpy checked(win_.get(), &MainWindow::traceFileChecked);
    win_->openTraceFile(path);
    return (checked.wait(20000) || !checked.isEmpty()) && checked.first().at(1).toBool();
}

void tst_TraceGui::traceFileOpensInPlaceOfTheModel() {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    QVERIFY(openTrace(fixture()));
    QVERIFY(ws_->isTraceFile());
    QVERIFY(!ws_->hasModel());
    QCOMPARE(ready.count(), 1);
    const auto tr = ws_->trace();
    QVERIFY(tr && tr->imported);
    const auto file = open_trace_file(fixture().toStdString());
    QCOMPARE(tr->T(), file->T());
    QCOMPARE(tr->n_layer(), file->n_layer());
    QCOMPARE(tr->tokens, file->tokens);
    // The token strip's labels are the file's token texts.
    QCOMPARE(ws_->tokens().labels.size(), tr->T());
    QCOMPARE(ws_->tokens().texts.first(), QString::fromStdString(file->imported->token_texts().front()));
    // The last token is the query, as after a run.
    QCOMPARE(ws_->selection().query, tr->T() - 1);
    // Says what it is: title, model panel, status bar.
    QVERIFY(win_->windowTitle().contains(QStringLiteral("trace file")));
    auto* panel = win_->findChild<ModelPanel*>();
    QVERIFY(panel);
    QVERIFY(panel->infoText().contains(QStringLiteral("trace file")));
    QVERIFY(panel->infoText().contains(QString::number(tr->T())));
    QVERIFY(win_->runModeLabel()->isVisibleTo(win_.get()));
    QVERIFY(win_->runModeLabel()->text().contains(QStringLiteral("trace file")));
    // The layer filter lists the file's layers.
    auto* filter = win_->findChildren<QComboBox*>().size() ? win_->headsGrid()->parentWidget()->findChild<QComboBox*>() : nullptr;
    QVERIFY(filter);
    QCOMPARE(filter->count(), tr->n_layer() + 1);
}

// The figures on screen are the file's heads: the detail view's layer and
// head follow the selection, and its values are the file's weights.
void tst_TraceGui::viewsPaintTheFilesHeads() {
    QVERIFY(openTrace(fixture()));
    const auto file = open_trace_file(fixture().toStdString());
    win_->showView("head");
    for (const auto& [l, h] : {std::pair{1, 2}, std::pair{3, 0}, std::pair{0, 3}}) {
        Selection s = ws_->selection();
        s.layer = l;
        s.head = h;
        s.query = 5;
        ws_->setSelection(s);
        HeadDetailView* detail = win_->headDetail();
        QTRY_VERIFY(detail->figure() && detail->figure()->layer() == l && detail->figure()->head() == h);
        QCOMPARE(detail->figure()->kind(), render::MatrixKind::Weights);
        const MatrixRM want = file->imported->head(l, h);
        const MatrixRM& got = detail->figure()->values();
        QCOMPARE(got.rows(), want.rows());
        QCOMPARE(got.cols(), want.cols());
        for (int q = 0; q < want.rows(); q += 7)
            for (int k = 0; k < want.cols(); k += 5) QCOMPARE(got(q, k), want(q, k));
        QVERIFY(inked(detail));
        QVERIFY(detail->selectionDescription().contains(QString::number(l)));
    }
    // The grid: one panel per head of the file.
    win_->showView("heads");
    QTRY_VERIFY(win_->headsGrid()->figure());
    const render::HeadsGridFigure* grid = win_->headsGrid()->figure();
    QCOMPARE(grid->indexOf(file->n_layer() - 1, file->n_head() - 1), file->n_layer() * file->n_head() - 1);
    QVERIFY(inked(win_->headsGrid()));
    // Lines, mask and rollout draw from the file too.
    for (const char* id : {"lines", "mask", "rollout"}) {
        win_->showView(id);
        TraceView* v = win_->viewWidget(id);
        QVERIFY(v);
        QCOMPARE(win_->currentView(), v);
        QTRY_VERIFY(inked(v));
    }
    // Statistics come from the file's weights.
    win_->headStatsDock()->show();
    const std::vector<HeadStats> want = head_statistics(*ws_->trace(), 1);
    HeadStatsModel* m = win_->headStats()->model();
    QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(), int(want.size()), 20000);
    QCOMPARE(m->stats()[5].entropy, want[5].entropy);
    QCOMPARE(m->stats()[5].prev_token, want[5].prev_token);
    QVERIFY(!win_->headStats()->probesButton()->isEnabled());
}

// Hovering a cell of a trace file's head reads that weight from the file;
// there is no score without the model, and the hover says so.
void tst_TraceGui::hoverReportsTheFilesWeight() {
    QVERIFY(openTrace(fixture()));
    const auto file = open_trace_file(fixture().toStdString());
    win_->showView("head");
    Selection s = ws_->selection();
    s.layer = 2;
    s.head = 1;
    ws_->setSelection(s);
    HeadDetailView* d = win_->headDetail();
    QTRY_VERIFY(d->figure() && d->figure()->layer() == 2 && d->figure()->head() == 1);
    const int q = file->T() - 1, k = file->T() / 2;
    QTest::mouseMove(d, d->cellCenter(q, k).toPoint());
    QTRY_COMPARE(d->hover().query, q);
    QCOMPARE(d->hover().key, k);
    QCOMPARE(d->hover().weight, file->imported->at(2, 1, q, k));
    QVERIFY(!d->hover().masked);
    QVERIFY2(d->hoverText().contains(QLocale().toString(d->hover().weight, 'g', 6)), qPrintable(d->hoverText()));
    // A cell after the query: weight 0 in a causal file, shown as masked.
    QTest::mouseMove(d, d->cellCenter(0, 3).toPoint());
    QTRY_COMPARE(d->hover().key, 3);
    QCOMPARE(d->hover().weight, 0.0f);
    QVERIFY(d->hover().masked);
}

// Raw scores chosen for a model, then a trace file opened: the head detail
// draws the file's weights (a trace file holds no scores). Before, the view
// rebuilt with scores before the main window reset the choice, and the app
// aborted.
void tst_TraceGui::rawScoresFallBackToTheFilesWeights() {
    win_->showView("head");
    HeadDetailView* d = win_->headDetail();
    d->setKind(render::MatrixKind::Scores);
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Scores);
    QVERIFY(openTrace(fixture()));
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Weights);
    const Selection& s = ws_->selection();
    const auto file = open_trace_file(fixture().toStdString());
    const MatrixRM want = file->imported->head(s.layer, s.head);
    QCOMPARE(d->figure()->layer(), s.layer);
    QCOMPARE(d->figure()->head(), s.head);
    QCOMPARE(d->figure()->values()(want.rows() - 1, 0), want(want.rows() - 1, 0));
    QVERIFY(inked(d));
}

// A trace file with weights that are not weights (an overflowed float16
// capture: NaN) opens, and every view that reads a bad row says which head
// and query, instead of the app aborting (it did on open: the query bars
// under the head detail read head 0.0's last row).
void tst_TraceGui::aCorruptHeadIsSaidByEachViewThatReadsIt() {
    QByteArray bytes;
    {
        QFile f(fixture());
        QVERIFY(f.open(QIODevice::ReadOnly));
        bytes = f.readAll();
    }
    const quint64 headerLen = qFromLittleEndian<quint64>(bytes.constData());
    const QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, int(headerLen))).object();
    const auto file = open_trace_file(fixture().toStdString());
    const int T = file->T(), H = file->n_head();
    QVERIFY(file->n_layer() >= 2 && H >= 3 && T > 10);
    const auto poison = [&](int layer, int head, int query, int key) {
        const QJsonObject t = header.value(QStringLiteral("attention.%1").arg(layer)).toObject();
        QCOMPARE(t.value(QStringLiteral("dtype")).toString(), QStringLiteral("F16"));
        const qint64 at = 8 + qint64(headerLen) + qint64(t.value(QStringLiteral("data_offsets")).toArray()[0].toDouble()) +
                          ((qint64(head) * T + query) * T + key) * 2;
        bytes[at] = char(0x00);
        bytes[at + 1] = char(0x7e);  // float16 NaN
    };
    poison(0, 0, T - 1, 0);
    poison(1, 2, 10, 3);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nan.trace.safetensors"));
    QVERIFY(testutil::writeFile(path, bytes));

    Selection s = ws_->selection();
    s.layer = 0;
    s.head = 0;
    ws_->setSelection(s);
    win_->showView("head");
    QVERIFY(openTrace(path));
    QVERIFY(ws_->isTraceFile());
    // The query bars: the last query of head 0.0.
    QueryBarsView* bars = win_->queryBars();
    QTRY_VERIFY(!bars->problem().isEmpty());
    QVERIFY(!bars->figure());
    QVERIFY2(bars->problem().contains(QStringLiteral("head 0.0")) &&
                 bars->problem().contains(QStringLiteral("query %1, key 0").arg(T - 1)),
             qPrintable(bars->problem()));
    QVERIFY(!bars->grab().isNull());
    // The head detail of head 1.2.
    s = ws_->selection();
    s.layer = 1;
    s.head = 2;
    s.query = 10;
    ws_->setSelection(s);
    HeadDetailView* d = win_->headDetail();
    QTRY_VERIFY(d->problem().contains(QStringLiteral("head 1.2")));
    QVERIFY(!d->figure());
    QVERIFY2(d->problem().contains(QStringLiteral("head 1.2")) && d->problem().contains(QStringLiteral("query 10, key 3")),
             qPrintable(d->problem()));
    QVERIFY(!d->grab().isNull());
    // A clean head of the same file is drawn again.
    s.head = 1;
    ws_->setSelection(s);
    QTRY_VERIFY(d->figure() && d->figure()->head() == 1);
    QVERIFY(d->problem().isEmpty());
    QVERIFY(inked(d));
    // Token lines over head 1.2's rows, query 10 among them: painted, they say why not.
    s.head = 2;
    ws_->setSelection(s);
    win_->showView("lines");
    TokenLinesView* lines = win_->tokenLines();
    lines->grab();
    QTRY_VERIFY(!lines->problem().isEmpty());
    QVERIFY2(lines->problem().contains(QStringLiteral("head 1.2")), qPrintable(lines->problem()));
    // Statistics read every head, several at once: they name a bad one.
    const auto namesABadHead = [](const QString& said) {
        return said.contains(QStringLiteral("head 0.0 holds nan")) || said.contains(QStringLiteral("head 1.2 holds nan"));
    };
    win_->headStatsDock()->show();
    QTRY_VERIFY2_WITH_TIMEOUT(namesABadHead(win_->headStats()->note()), qPrintable(win_->headStats()->note()), 20000);
    QVERIFY(win_->headStats()->note().startsWith(QStringLiteral("No statistics")));
    QCOMPARE(win_->headStats()->model()->rowCount(), 0);
    // Copying the grid (it reads every head) says what went wrong and copies nothing.
    win_->showView("heads");
    QAction* copy = win_->findChild<QAction*>(QStringLiteral("copyFigure"));
    QVERIFY(copy);
    copy->trigger();
    const QString said = win_->statusBar()->currentMessage();
    QVERIFY2(said.startsWith(QStringLiteral("Nothing copied")) && namesABadHead(said), qPrintable(said));
    QVERIFY(ws_->isTraceFile());  // still open, nothing lost
    QCOMPARE(win_->editor()->toPlainText(), typed_);
}

QTEST_MAIN(tst_TraceGui)
#include "moc_tst_trace_gui.cpp"
