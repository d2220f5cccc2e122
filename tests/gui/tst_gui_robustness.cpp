// The app's side of issue 13: typed text survives a crash, settings that
// cannot be written are reported, and the heads grid's background builder
// never lets an exception end the app.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include "attnscope/run/trace.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/text_file.h"
#include "gui/workspace/workspace.h"

class tst_GuiRobustness : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void autosaveDeadlineIsNotPushedBackByTyping();
    void autosaveKeepsWhatItCannotEncodeAsReplacement();
    void typedTextIsSavedWhileTypingAndRestored();
    void twoWindowsKeepTheirOwnTexts();
    void unwritableSettingsAreReportedOnce();
    void gridBuildFailureIsCaught();
    void openTextRefusesFifo();
};

void tst_GuiRobustness::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_gui_robustness");
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
}

// A lone surrogate (pasted from a broken source) was saved as '?'; the run
// reads it as U+FFFD, and so does the saved text now. A text past the 16 MB
// a text file may have is still read back (it was refused, and the older text
// restored in its place).
void tst_GuiRobustness::autosaveKeepsWhatItCannotEncodeAsReplacement() {
    QTemporaryDir dir;
    QString text = QStringLiteral("a") + QChar(0xD800) + QStringLiteral("b \U0001F600 c") + QChar(0xDC00);
    TextAutosaver saver([&] { return text; });
    saver.setPath(dir.filePath("text.txt"));
    saver.textEdited();
    QVERIFY(saver.flush());
    QCOMPARE(TextAutosaver::load(saver.path()).value_or(QString()),
             QStringLiteral("a\uFFFDb \U0001F600 c\uFFFD"));
    text = QString(17 << 20, QLatin1Char('x'));
    saver.textEdited();
    QVERIFY(saver.flush());
    QCOMPARE(TextAutosaver::load(saver.path()).value_or(QString()).size(), text.size());
}

void tst_GuiRobustness::autosaveDeadlineIsNotPushedBackByTyping() {
    // 2 s of typing, a keystroke every 100 ms: a save after a pause in typing
    // (the old behaviour) never happens; a deadline set by the first unsaved
    // keystroke does, while the typing goes on.
    QTemporaryDir dir;
    QString text;
    TextAutosaver saver([&] { return text; });
    saver.setPath(dir.filePath("text.txt"));
    QCOMPARE(saver.maxDelayMs(), 500);  // at most half a second of typing lost
    for (int i = 0; i < 20; ++i) {
        text += QLatin1Char('a' + i % 26);
        saver.textEdited();
        QTest::qWait(100);
    }
    QVERIFY2(QFileInfo::exists(saver.path()), "nothing was saved during 2 s of typing");
    const auto saved = TextAutosaver::load(saver.path());
    QVERIFY(saved && !saved->isEmpty() && text.startsWith(*saved));
    QVERIFY(saver.flush());
    QCOMPARE(TextAutosaver::load(saver.path()).value_or(QString()), text);
    // Atomic: nothing but the file itself in the folder.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("text.txt")});
}

void tst_GuiRobustness::typedTextIsSavedWhileTypingAndRestored() {
    QFile::remove(TextAutosaver::defaultPath());
    QString typed;
    {
        Workspace ws;
        MainWindow w(&ws);
        w.restoreSession();
        w.editor()->clear();
        for (int i = 0; i < 15; ++i) {
            w.editor()->insertPlainText(QStringLiteral("x"));
            QTest::qWait(100);
        }
        typed = w.editor()->toPlainText();
        // No close(): as after SIGKILL, only what reached the disk counts.
        QVERIFY2(QFileInfo::exists(TextAutosaver::defaultPath()), "the text was not saved while typing");
        const QString onDisk = TextAutosaver::load().value_or(QString());
        QVERIFY2(onDisk.size() >= 5 && typed.startsWith(onDisk), qPrintable(onDisk));
        QVERIFY(w.textAutosaver()->flush());
    }
    QSettings().remove("text/last");  // the file, not QSettings, brings it back
    Workspace ws;
    MainWindow w(&ws);
    w.restoreSession();
    QCOMPARE(w.editor()->toPlainText(), typed);
}

// Two AttnScopes open at once wrote the same text file and settings entry:
// the last to close won, and the other's text was gone. Each now keeps its own
// file, and the next windows opened get them back in the same order.
void tst_GuiRobustness::twoWindowsKeepTheirOwnTexts() {
    const QString second = QFileInfo(TextAutosaver::defaultPath()).dir().filePath(QStringLiteral("text-2.txt"));
    QFile::remove(TextAutosaver::defaultPath());
    QFile::remove(second);
    QSettings().remove("text/last");
    {
        Workspace ws1, ws2;
        MainWindow w1(&ws1);
        MainWindow w2(&ws2);
        QCOMPARE(w1.textAutosaver()->fileNumber(), 1);
        QCOMPARE(w2.textAutosaver()->fileNumber(), 2);
        QCOMPARE(w2.textAutosaver()->path(), second);
        w1.restoreSession();
        w2.restoreSession();
        w1.show();
        w2.show();
        w1.editor()->setPlainText(QStringLiteral("the first window's text"));
        w2.editor()->setPlainText(QStringLiteral("the second window's text"));
        w1.close();
        w2.close();  // last: it used to write its text over the first's
    }
    QCOMPARE(TextAutosaver::load().value_or(QString()), QStringLiteral("the first window's text"));
    QCOMPARE(TextAutosaver::load(second).value_or(QString()), QStringLiteral("the second window's text"));
    QCOMPARE(QSettings().value("text/last").toString(), QStringLiteral("the first window's text"));
    // Closed, the first file is free again: the next window alone gets it.
    Workspace ws1, ws2;
    MainWindow w1(&ws1);
    w1.restoreSession();
    QCOMPARE(w1.editorText(), QStringLiteral("the first window's text"));
    MainWindow w2(&ws2);
    w2.restoreSession();
    QCOMPARE(w2.editorText(), QStringLiteral("the second window's text"));
}

void tst_GuiRobustness::unwritableSettingsAreReportedOnce() {
    // Settings under a path whose parent is a regular file: not writable,
    // even for root.
    QTemporaryDir dir;
    const QString blocker = dir.filePath("not-a-folder");
    {
        QFile f(blocker);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, blocker + "/config");
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, blocker + "/config");
    {
        Workspace ws;
        MainWindow w(&ws);
        w.show();
        w.close();
        const QString msg = w.statusBar()->currentMessage();
        QVERIFY2(msg.contains(QStringLiteral("Settings cannot be saved")), qPrintable(msg));
        QCOMPARE(w.lastProblem(), msg);
    }
    const QString writable = dir.filePath("config");
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, writable);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, writable);
    Workspace ws;
    MainWindow w(&ws);
    w.show();
    w.close();
    QVERIFY2(!w.statusBar()->currentMessage().contains(QStringLiteral("Settings")), qPrintable(w.statusBar()->currentMessage()));
}

void tst_GuiRobustness::gridBuildFailureIsCaught() {
    // A trace whose maps cannot be built: 2^20 tokens with the weights not
    // stored, so one head's map needs 4 TB and std::bad_alloc is thrown. On
    // the worker this once ended the app when the result was collected.
    auto trace = std::make_shared<attnscope::Trace>();
    trace->config = attnscope::ModelConfig::seed(8, 1 << 20, 8, 1, 1);
    trace->layers.resize(1);
    trace->tokens.resize(size_t(1) << 20);
    trace->weights_dense = false;
    render::FigureData data;
    data.trace = trace;
    const HeadsGridView::Build b = HeadsGridView::buildFigure(data, render::Style(), {});
    QVERIFY(!b.figure);
    QVERIFY2(!b.error.isEmpty(), "no reason given");
}

void tst_GuiRobustness::openTextRefusesFifo() {
    // File > Open text… on a FIFO once blocked the window for good.
    QTemporaryDir dir;
    const QString fifo = dir.filePath("fifo.txt");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const TextFile f = readTextFile(fifo);
    QVERIFY2(f.problem.contains(QStringLiteral("regular file")), qPrintable(f.problem));
    QVERIFY(f.text.isEmpty());
}

QTEST_MAIN(tst_GuiRobustness)
#include "tst_gui_robustness.moc"
