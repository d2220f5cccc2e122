// tst_trace_gui, continued: the views that need the model disabled, nothing
// run and the text kept, the file's weights exported, files that are not
// trace files or are corrupt, the file reopened at the next start, and a run
// in flight (tst_trace_gui.h has the test class).
#include "tst_trace_gui.h"

namespace {

// RFC 4180 rows: quoted cells may hold commas and newlines (token texts do).
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> rows(1);
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) cell += c, ++i;
            else if (c == QLatin1Char('"')) quoted = false;
            else cell += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            rows.last() << cell;
            cell.clear();
        } else if (c == QLatin1Char('\n')) {
            rows.last() << cell;
            cell.clear();
            rows.append(QStringList());
        } else if (c != QLatin1Char('\r')) {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !rows.last().isEmpty()) rows.last() << cell;
    if (rows.last().isEmpty()) rows.removeLast();
    return rows;
}

// The tab index of a view whose widget sits somewhere inside a tab's page.
int tabOf(QTabWidget* tabs, QWidget* w) {
    for (; w; w = w->parentWidget())
        if (const int i = tabs->indexOf(w); i >= 0) return i;
    return -1;
}

}  // namespace

void tst_TraceGui::viewsThatNeedTheModelAreDisabled() {
    QVERIFY(openTrace(fixture()));
    QTabWidget* tabs = win_->tabs();
    for (const session::ViewDescriptor& v : session::views()) {
        TraceView* w = win_->viewWidget(v.id);
        QVERIFY(w);
        const int i = tabOf(tabs, w);
        QVERIFY2(i >= 0, qPrintable(v.id));
        QCOMPARE(tabs->isTabEnabled(i), session::worksOnTraceFiles(v.id));
        if (!session::worksOnTraceFiles(v.id)) QVERIFY(tabs->tabToolTip(i).contains(QStringLiteral("needs the model"), Qt::CaseInsensitive));
    }
    QVERIFY(!tabs->isTabEnabled(tabOf(tabs, win_->viewWidget("flow"))));
    QVERIFY(!tabs->isTabEnabled(tabOf(tabs, win_->viewWidget("ablation"))));
    // Asking for a disabled view keeps the current one.
    win_->showView("heads");
    win_->showView("flow");
    QCOMPARE(win_->currentView(), win_->viewWidget("heads"));
    // Raw scores need q and k.
    auto* kinds = win_->headDetail()->parentWidget()->parentWidget()->findChild<QComboBox*>();
    QVERIFY(kinds);
    auto* items = qobject_cast<QStandardItemModel*>(kinds->model());
    QVERIFY(items);
    QVERIFY(!items->item(kinds->findData(int(render::MatrixKind::Scores)))->isEnabled());
    QVERIFY(items->item(kinds->findData(int(render::MatrixKind::Weights)))->isEnabled());
    // Predictions say why they are empty.
    win_->predictionsDock()->show();
    win_->predictionsDock()->raise();
    QTRY_VERIFY(win_->predictions()->findChild<QLabel*>()->text().contains(QStringLiteral("trace file")));
    // The Run menu's model commands are disabled.
    for (QAction* a : win_->findChildren<QAction*>()) {
        const QString t = a->text().remove(QLatin1Char('&'));
        if (t == QStringLiteral("Causal attention") || t == QStringLiteral("Ablate selected head") ||
            t == QStringLiteral("Ablation scan") || t == QStringLiteral("Choose tokenizer…"))
            QVERIFY2(!a->isEnabled(), qPrintable(t));
    }
    // Back to a model: everything is enabled again.
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->openModel(QString());
    QVERIFY(ready.wait(30000));
    for (int i = 0; i < tabs->count(); ++i) QVERIFY(tabs->isTabEnabled(i));
    QVERIFY(items->item(kinds->findData(int(render::MatrixKind::Scores)))->isEnabled());
    QVERIFY(win_->headStats()->probesButton()->isEnabled());
}

void tst_TraceGui::nothingRunsAndTheTextIsKept() {
    QVERIFY(openTrace(fixture()));
    const auto shown = ws_->trace();
    QCOMPARE(win_->editor()->toPlainText(), typed_);
    QVERIFY(win_->editor()->isReadOnly());
    QVERIFY(win_->textDock()->windowTitle().contains(QStringLiteral("trace file")));
    // Neither the bidirectional switch nor an ablation runs anything.
    QSignalSpy running(ws_.get(), &Workspace::runningChanged);
    const bool causal = ws_->causal();
    ws_->setCausal(!causal);
    QCOMPARE(ws_->causal(), causal);
    ws_->setAblated({{0, 1}});
    QVERIFY(ws_->ablated().empty());
    ws_->runNow();
    QTest::qWait(100);
    QCOMPARE(running.count(), 0);
    QCOMPARE(ws_->trace(), shown);
    // Back to the demo model: the text typed before runs again, editable.
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->openModel(QString());
    QVERIFY(ready.wait(30000));
    QVERIFY(!ws_->isTraceFile());
    QVERIFY(!win_->editor()->isReadOnly());
    QCOMPARE(win_->editor()->toPlainText(), typed_);
    QVERIFY(!ws_->trace()->imported);
    QCOMPARE(ws_->tokens().texts.join(QString()), typed_);
}

void tst_TraceGui::exportsTheFilesWeights() {
    QVERIFY(openTrace(fixture()));
    const auto file = open_trace_file(fixture().toStdString());
    Selection s = ws_->selection();
    s.layer = 2;
    s.head = 1;
    ws_->setSelection(s);
    win_->showView("head");
    QTRY_VERIFY(win_->headDetail()->figure() && win_->headDetail()->figure()->layer() == 2);
    QTemporaryDir dir;
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    const session::Recipe r = dlg.recipe();
    QCOMPARE(r.modelPath, QFileInfo(fixture()).absoluteFilePath());
    QVERIFY(!r.hasText);
    QCOMPARE(r.tokens, file->tokens);
    dlg.setFormat(render::Format::Csv);
    dlg.setSaveRecipe(true);
    const QString csv = dir.filePath(QStringLiteral("head.csv"));
    QCOMPARE(dlg.exportTo(csv), QString());
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QStringList> rows = parseCsv(QString::fromUtf8(f.readAll()));
    QCOMPARE(rows.size(), file->T() + 1);
    QCOMPARE(rows[0].size(), file->T() + 1);
    QCOMPARE(rows[0][1], QString::fromStdString(file->imported->token_texts()[0]));
    const MatrixRM want = file->imported->head(2, 1);
    // Row q + 1 is query q: its first cell the token, then the weights.
    for (const int q : {0, 9, file->T() - 1}) {
        const QStringList& row = rows[q + 1];
        QCOMPARE(row.size(), file->T() + 1);
        QCOMPARE(row[0], QString::fromStdString(file->imported->token_texts()[size_t(q)]));
        for (int k = 0; k < file->T(); ++k) QCOMPARE(row[k + 1].toFloat(), want(q, k));
    }
    // The recipe names the trace file, and the command line reproduces the export from it.
    const QString recipe = session::recipePathFor(csv);
    QVERIFY(QFileInfo::exists(recipe));
    const QString again = dir.filePath(QStringLiteral("again.csv"));
    QProcess cli;
    cli.start(QStringLiteral(ATTNSCOPE_CLI), {QStringLiteral("export"), QStringLiteral("--recipe"), recipe,
                                             QStringLiteral("-o"), again});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QFile a(csv), b(again);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(b.readAll(), a.readAll());
    dlg.setFormat(render::Format::Png);
    const QString png = dir.filePath(QStringLiteral("head.png"));
    QCOMPARE(dlg.exportTo(png), QString());
    QImage img(png);
    QVERIFY(!img.isNull());
    QVERIFY(img.width() > 100);
}

void tst_TraceGui::notATraceFileIsRefusedByName() {
    const auto before = ws_->trace();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("not-a-trace.safetensors"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is text, not safetensors");
    f.close();
    QVERIFY(!openTraceFile(path));
    QVERIFY(win_->lastProblem().contains(QStringLiteral("not-a-trace.safetensors")));
    QVERIFY(win_->lastProblem().contains(QStringLiteral("not an AttnScope trace file")));
    // The demo model is a model, not a trace: refused too, and it stays open.
    QVERIFY(!openTraceFile(session::demoModelPath()));
    QVERIFY(ws_->hasModel());
    QCOMPARE(ws_->trace(), before);
}

void tst_TraceGui::corruptTraceFileKeepsTheModelOpen() {
    QTemporaryDir dir;
    // The header promises more bytes than the file holds.
    const QString path = dir.filePath(QStringLiteral("cut.trace.safetensors"));
    QFile in(fixture());
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes.left(bytes.size() / 2));
    out.close();
    QSignalSpy failed(ws_.get(), &Workspace::loadFailed);
    QVERIFY(openTraceFile(path));  // the header is whole: it looks like one
    QVERIFY(failed.wait(20000) || !failed.isEmpty());
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("cut.trace.safetensors")));
    QVERIFY(ws_->hasModel());
    QVERIFY(!ws_->isTraceFile());
    QTRY_VERIFY(win_->lastProblem().contains(QStringLiteral("cut.trace.safetensors")));
    QCOMPARE(win_->editor()->toPlainText(), typed_);
}

// The trace file is remembered like a model: the next start opens it.
void tst_TraceGui::reopenedAtNextStart() {
    QVERIFY(openTrace(fixture()));
    win_->close();
    win_.reset();
    ws_ = std::make_unique<Workspace>();
    win_ = std::make_unique<MainWindow>(ws_.get());
    QSignalSpy changed(ws_.get(), &Workspace::documentChanged);
    win_->restoreSession();
    QVERIFY(changed.wait(20000));
    QVERIFY(ws_->isTraceFile());
    QCOMPARE(QFileInfo(ws_->document().path), QFileInfo(fixture()));
    QCOMPARE(win_->editor()->toPlainText(), typed_);
}

// A run of the model still in flight when the trace file opens (here a long
// text typed just before) neither replaces the file's trace nor marks it stale.
void tst_TraceGui::aRunInFlightDoesNotReplaceTheTraceFile() {
    QString text;
    while (text.size() < 3000) text += typed_;
    ws_->setDebounceMs(0);
    win_->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->isRunning(), 5000);
    QVERIFY(openTrace(fixture()));
    QVERIFY(ws_->trace()->imported);
    QTRY_VERIFY_WITH_TIMEOUT(!ws_->isRunning(), 30000);
    QTest::qWait(50);
    QVERIFY(ws_->trace()->imported);
    QCOMPARE(ws_->trace()->T(), open_trace_file(fixture().toStdString())->T());
    QVERIFY(!ws_->isStale());
    for (TraceView* v : win_->views())
        QVERIFY2(!v->stateBadge() || v->stateBadge()->isHidden(), qPrintable(v->stateBadge()->text()));
}
