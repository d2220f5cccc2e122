// What the views paint follows the selection, however it changes: each check
// reads the figure the view holds (its own layer and head), never only the
// Workspace's selection.
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include "headdetailview.h"
#include "headsgridview.h"
#include "mainwindow.h"
#include "workspace.h"

class tst_Views : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void headDetailFollowsAltArrows();
    void headDetailFollowsAGridClick();
    void headDetailFollowsEnterInTheGrid();

private:
    void showDetailAndCheck(int layer, int head);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};

void tst_Views::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_views");
}

void tst_Views::init() {
    QSettings().clear();
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1200, 800);
    win_->show();
    QVERIFY(QTest::qWaitForWindowExposed(win_.get()));
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000));
}

void tst_Views::cleanup() {
    win_.reset();
    ws_.reset();
}

// The detail view on screen paints (layer, head), and so does its next paint.
void tst_Views::showDetailAndCheck(int layer, int head) {
    const HeadDetailView* detail = win_->headDetail();
    QTRY_VERIFY(detail->isVisible());
    QVERIFY(detail->figure());
    QCOMPARE(detail->figure()->layer(), layer);
    QCOMPARE(detail->figure()->head(), head);
    QCOMPARE(ws_->selection().layer, layer);
    QCOMPARE(ws_->selection().head, head);
}

// The reported defect: Ctrl+2, then Alt+Down left "Layer 0 · Head 0" painted.
void tst_Views::headDetailFollowsAltArrows() {
    QTest::keyClick(win_.get(), Qt::Key_2, Qt::ControlModifier);
    showDetailAndCheck(0, 0);
    QTest::keyClick(win_.get(), Qt::Key_Down, Qt::AltModifier);
    showDetailAndCheck(1, 0);
    QTest::keyClick(win_.get(), Qt::Key_Right, Qt::AltModifier);
    QTest::keyClick(win_.get(), Qt::Key_Right, Qt::AltModifier);
    showDetailAndCheck(1, 2);
    QTest::keyClick(win_.get(), Qt::Key_Up, Qt::AltModifier);
    QTest::keyClick(win_.get(), Qt::Key_Left, Qt::AltModifier);
    showDetailAndCheck(0, 1);
}

// Clicking a head in the grid opens that head, not the one last drawn.
void tst_Views::headDetailFollowsAGridClick() {
    QTest::keyClick(win_.get(), Qt::Key_2, Qt::ControlModifier);  // draw L0 H0 once
    showDetailAndCheck(0, 0);
    QTest::keyClick(win_.get(), Qt::Key_1, Qt::ControlModifier);
    HeadsGridView* grid = win_->headsGrid();
    QTRY_VERIFY(grid->isVisible());
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->panelCenter(3, 2).toPoint());
    showDetailAndCheck(3, 2);
}

void tst_Views::headDetailFollowsEnterInTheGrid() {
    QTest::keyClick(win_.get(), Qt::Key_2, Qt::ControlModifier);
    showDetailAndCheck(0, 0);
    QTest::keyClick(win_.get(), Qt::Key_1, Qt::ControlModifier);
    HeadsGridView* grid = win_->headsGrid();
    QTRY_VERIFY(grid->isVisible());
    Selection s = ws_->selection();
    s.layer = 2;
    s.head = 3;
    ws_->setSelection(s);
    grid->setFocus();
    QTest::keyClick(grid, Qt::Key_Return);
    showDetailAndCheck(2, 3);
}

QTEST_MAIN(tst_Views)
#include "tst_views.moc"
