// What the views paint follows the selection, however it changes: each check
// reads the figure the view holds (its own layer and head), never only the
// Workspace's selection.
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include "headdetailview.h"
#include "headsgridview.h"
#include "mainwindow.h"
#include "textautosaver.h"
#include "rowview.h"
#include "render/matrix_figure.h"
#include "session/tokenize.h"
#include "shapeflowview.h"
#include "tensortablemodel.h"
#include "render/lines_figure.h"
#include "tokenlinesview.h"
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <set>
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
    void queryBarsFitTheirTallestBar();
    void tokenLinesWindowALongText();
    void sixteenHeadsHaveSixteenColours();
    void shapeFlowTensorPanel();
    void runModeIsAlwaysInSight();
    void closedPanelsReopenFromTheViewMenu();
    void maskHasALegend();

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
    QFile::remove(TextAutosaver::defaultPath());  // each test starts from the example text
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

// The bars of a head that spreads its attention fill the plot: the axis ends at
// the round number above the tallest bar, unless the fixed 0 to 1 axis is chosen.
void tst_Views::queryBarsFitTheirTallestBar() {
    RowView* row = win_->findChild<RowView*>();
    QVERIFY(row);
    QTest::keyClick(win_.get(), Qt::Key_2, Qt::ControlModifier);
    QTRY_VERIFY(row->isVisible() && row->figure());
    // Find the head whose last query spreads its attention most: its tallest bar is lowest.
    const auto& trace = *ws_->trace();
    const int T = trace.T();
    int bestL = 0, bestH = 0;
    float lowest = 2;
    for (int l = 0; l < trace.n_layer(); ++l)
        for (int h = 0; h < trace.n_head(); ++h) {
            const float top = trace.head_weights(l, h).row(T - 1).maxCoeff();
            if (top < lowest) lowest = top, bestL = l, bestH = h;
        }
    QVERIFY2(lowest < 0.5f, "the demo text should have a head that spreads its attention");
    Selection s = ws_->selection();
    s.layer = bestL;
    s.head = bestH;
    s.query = T - 1;
    ws_->setSelection(s);
    QCOMPARE(row->figure()->layer(), bestL);
    QCOMPARE(row->figure()->head(), bestH);
    QCOMPARE(row->figure()->query(), T - 1);
    const double axis = row->figure()->axisMax();
    QVERIFY2(axis >= lowest && axis < 2 * lowest + 1e-6 && axis < 1.0, qPrintable(QString::number(axis)));
    row->setFixedAxis(true);
    QCOMPARE(row->figure()->axisMax(), 1.0);
    row->setFixedAxis(false);
    QCOMPARE(row->figure()->axisMax(), axis);
}

// At 250 tokens the lines show a window of rows around the selected query
// (not only the first rows), the wheel scrolls it, and hovering a token picks it out.
void tst_Views::tokenLinesWindowALongText() {
    QString text;
    while (text.size() < 250) text += QStringLiteral("ROMEO:\nBut soft, what light through yonder window breaks?\n");
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->editor()->setPlainText(text.left(250));
    QVERIFY(ready.wait(60000));
    QTest::keyClick(win_.get(), Qt::Key_5, Qt::ControlModifier);
    TokenLinesView* lines = win_->tokenLines();
    QTRY_VERIFY(lines->isVisible() && lines->figure());
    const int T = ws_->trace()->T();
    QCOMPARE(T, 250);
    QVERIFY2(lines->windowCount() < T, qPrintable(QString::number(lines->windowCount())));
    // The selected query is in the window, and lines are drawn for it.
    const int q = ws_->selection().query;
    QVERIFY(q > lines->windowCount());  // past the rows a window from the top would show
    QVERIFY(lines->windowFirst() <= q && q < lines->windowFirst() + lines->windowCount());
    lines->update();
    QTRY_VERIFY2(lines->linesDrawn() > 0, qPrintable(QStringLiteral("window %1+%2, query %3").arg(lines->windowFirst()).arg(lines->windowCount()).arg(q)));
    // Selecting an early query moves the window to it.
    Selection s = ws_->selection();
    s.query = 20;
    ws_->setSelection(s);
    QVERIFY(lines->windowFirst() <= 20 && 20 < lines->windowFirst() + lines->windowCount());
    const int first = lines->windowFirst();
    QWheelEvent down(QPointF(50, 100), lines->mapToGlobal(QPointF(50, 100)), QPoint(), QPoint(0, -120),
                     Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(lines, &down);
    QCOMPARE(lines->windowFirst(), first + 3);
    // Hover: the token under the mouse is picked out.
    QPoint onLabel(-1, -1);
    for (int x = 0; x < lines->width() && onLabel.x() < 0; x += 4)
        if (lines->tokenAt(QPointF(x, lines->height() / 2)) >= 0) onLabel = QPoint(x, lines->height() / 2);
    QVERIFY(onLabel.x() >= 0);
    QTest::mouseMove(lines, onLabel);
    QTRY_COMPARE(lines->highlighted(), lines->tokenAt(onLabel));
    QVERIFY(lines->highlighted() >= lines->windowFirst());
}

void tst_Views::sixteenHeadsHaveSixteenColours() {
    std::set<QRgb> colours;
    for (int i = 0; i < 16; ++i) colours.insert(render::LinesFigure::headColor(i).rgb());
    QCOMPARE(int(colours.size()), 16);
    QVERIFY(render::LinesFigure::kHeadColors >= 16);
}

// The tensor beside the shape flow: logits' columns are named by their token,
// the colour bar reads the tensor's own values, and another model starts empty.
void tst_Views::shapeFlowTensorPanel() {
    win_->showView("flow");
    ShapeFlowView* f = win_->shapeFlow();
    QTRY_VERIFY(f->nodeCount() > 0);
    int logits = -1;
    for (int i = 0; i < f->nodeCount() && logits < 0; ++i) {
        f->selectNode(i);
        if (f->tensorFigure() && f->tensorFigure()->values().cols() == 65) logits = i;  // the vocabulary's width
    }
    QVERIFY2(logits >= 0, "no logits node");
    f->selectNode(logits);
    // The demo's vocabulary is sorted: id 18 is 'F' ("\n !$&',-.3:;?ABC..." ).
    const QString h = f->tableModel()->headerData(18, Qt::Horizontal).toString();
    QCOMPARE(h, QStringLiteral("18 F"));
    QCOMPARE(f->tensorFigure()->colLabels().value(18), QStringLiteral("F"));
    // Logits are not probabilities: the bar spans their real range.
    const auto& n = f->tensorFigure()->normalized();
    QCOMPARE(n.lo, double(f->tensorFigure()->values().minCoeff()));
    QCOMPARE(n.hi, double(f->tensorFigure()->values().maxCoeff()));
    QVERIFY(!n.perRow);
    // A new model: no stale tensor from the old one.
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::seed(96, 64, 32, 2, 1), 3));
    QVERIFY(ready.wait(60000));
    QCOMPARE(f->selectedNode(), -1);
    QVERIFY(!f->tensorFigure());
    QCOMPARE(f->tableModel()->rowCount(), 0);
}

// Bidirectional attention and ablated heads show in the status bar; Run ▸
// Clear ablations (Ctrl+Shift+K) undoes every ablation at once.
void tst_Views::runModeIsAlwaysInSight() {
    QLabel* mode = win_->runModeLabel();
    QVERIFY(mode->isHidden());
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    ws_->setAblated({{0, 1}, {2, 3}});
    QVERIFY(ready.wait(60000));
    QTRY_VERIFY(mode->isVisible());
    QCOMPARE(mode->text(), QStringLiteral("2 head(s) ablated"));
    ws_->setCausal(false);
    QVERIFY(ready.wait(60000));
    QCOMPARE(mode->text(), QStringLiteral("bidirectional · 2 head(s) ablated"));
    QTest::keyClick(win_.get(), Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(ws_->ablated().empty());
    QTRY_COMPARE(mode->text(), QStringLiteral("bidirectional"));
    ws_->setCausal(true);
    QTRY_VERIFY(mode->isHidden());
}

void tst_Views::closedPanelsReopenFromTheViewMenu() {
    QDockWidget* dock = win_->modelDock();
    QVERIFY(dock->isVisible());
    dock->close();
    QVERIFY(!dock->isVisible());
    QAction* reopen = dock->toggleViewAction();
    bool inMenu = false;
    for (QObject* o : reopen->associatedObjects()) inMenu = inMenu || qobject_cast<QMenu*>(o);
    QVERIFY2(inMenu, "the dock's action is in no menu");
    reopen->trigger();
    QTRY_VERIFY(dock->isVisible());
}

// The mask draws a legend of its two colours where a colour bar would be.
void tst_Views::maskHasALegend() {
    attnscope::MatrixRM m(4, 4);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) m(r, c) = c <= r ? 1.0f : 0.0f;
    const render::Style style;
    const render::MatrixFigure fig(QStringLiteral("Mask"), m, render::MatrixKind::Mask, {}, {}, style);
    QImage img(600, 400, QImage::Format_RGB32);
    QPainter p(&img);
    fig.paint(p, QRectF(img.rect()));
    p.end();
    const QRectF heat = fig.heatmapRect(QRectF(img.rect()));
    const double h = QFontMetricsF(style.font).height();
    const QPoint allowed(int(heat.right() + 10 + 7), int(heat.top() + h / 2));
    const QPoint masked(int(heat.right() + 10 + 7), int(heat.top() + h + 6 + h / 2));
    QCOMPARE(img.pixel(allowed), style.cmap().at(1.0));
    QCOMPARE(img.pixel(masked), style.cmap().masked());
}

QTEST_MAIN(tst_Views)
#include "tst_views.moc"
