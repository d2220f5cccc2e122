// tst_gui, continued: long texts cropped or refused, runs cancelled, model
// files that fail or load late, the text exactly as typed, what the app
// remembers between sessions, and the item models under
// QAbstractItemModelTester (tst_gui.h has the test class).
#include "tst_gui.h"

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

// While generating, a view on a tab behind another is not rebuilt at every
// frame; shown, it reads the trace and selection of that moment, and at the
// end it holds the trace of every token, hidden or not.
void tst_Gui::aViewOutOfSightWaitsToBeShown() {
    // A model slow enough for frames to come while it writes (the demo
    // writes 200 tokens in about 100 ms), and a short prompt.
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::gpt2(96, 512, 256, 4, 8), 3));
    win_->editor()->setPlainText(QStringLiteral("ROMEO:"));
    QTRY_VERIFY(ws_->trace() && ws_->trace()->T() == 6 && !ws_->isRunning());
    win_->showView("head");
    QueryBarsView* bars = win_->queryBars();
    QTRY_VERIFY(bars->isVisible() && bars->figure());
    win_->showView("heads");
    QTRY_VERIFY(!bars->isVisible());
    const int query = bars->figure()->query();
    std::vector<int> hidden, shown, atShow;
    connect(ws_.get(), &Workspace::traceReady, this, [&] {
        if (!ws_->isGenerating()) return;
        if (!bars->isVisible()) {
            hidden.push_back(bars->figure()->query());
            if (hidden.size() == 1) {
                win_->showView("head");
                atShow.push_back(bars->figure()->query());
            }
        } else {
            shown.push_back(bars->figure()->query());
        }
        if (bars->isVisible()) QCOMPARE(bars->figure()->query(), ws_->selection().query);
    });
    attnscope::GenerateOptions o;
    o.max_new = 400;
    o.ignore_eos = true;
    QSignalSpy finished(ws_.get(), &Workspace::generationFinished);
    ws_->startGenerating(o);
    QVERIFY(finished.wait(120000) || !finished.isEmpty());
    QVERIFY2(!hidden.empty(), "a frame came while the view was hidden");
    for (const int q : hidden) QCOMPARE(q, query);  // not rebuilt out of sight
    QCOMPARE(int(atShow.size()), 1);
    QVERIFY(atShow[0] > query);  // rebuilt when shown, for the frame of that moment
    // At the end, the trace of every token.
    QCOMPARE(bars->figure()->query(), ws_->selection().query);
    QCOMPARE(bars->figure()->query(), ws_->trace()->T() - 1);
    // What it paints is what a view built afresh for this trace paints.
    const QImage painted = bars->grab().toImage();
    bars->setKind(render::MatrixKind::Scores);
    bars->setKind(render::MatrixKind::Weights);
    QCOMPARE(bars->grab().toImage(), painted);
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
