// What the views paint follows the selection, however it changes: each check
// reads the figure the view holds (its own layer and head), never only the
// Workspace's selection.
#include "tst_views.h"

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

// The grid outlines the selected head and shows nothing of the query: a new
// head repaints it with the outline moved, a new query (a generation moves it
// at every frame) paints nothing and leaves the same pixels.
void tst_Views::gridRepaintsForTheHeadNotTheQuery() {
    QTest::keyClick(win_.get(), Qt::Key_1, Qt::ControlModifier);
    HeadsGridView* grid = win_->headsGrid();
    QTRY_VERIFY(grid->isVisible() && grid->figure());
    auto* canvas = grid->findChild<QWidget*>(QStringLiteral("headsGridCanvas"));
    QVERIFY(canvas);
    struct PaintCounter : QObject {
        int paints = 0;
        bool eventFilter(QObject*, QEvent* e) override {
            if (e->type() == QEvent::Paint) ++paints;
            return false;
        }
    } counter;
    canvas->installEventFilter(&counter);
    Selection s = ws_->selection();
    s.layer = 1;
    s.head = 2;
    ws_->setSelection(s);
    QTRY_VERIFY(counter.paints > 0);
    const QImage outlined = canvas->grab().toImage();
    counter.paints = 0;
    s.query = s.query > 0 ? 0 : 1;
    ws_->setSelection(s);
    QTest::qWait(100);
    QCOMPARE(counter.paints, 0);
    QCOMPARE(canvas->grab().toImage(), outlined);
    counter.paints = 0;
    s.layer = 2;
    s.head = 3;
    ws_->setSelection(s);
    QTRY_VERIFY(counter.paints > 0);
    QVERIFY(canvas->grab().toImage() != outlined);
    canvas->removeEventFilter(&counter);
}

// The bars of a head that spreads its attention fill the plot: the axis ends at
// the round number above the tallest bar, unless the fixed 0 to 1 axis is chosen.
void tst_Views::queryBarsFitTheirTallestBar() {
    QueryBarsView* row = win_->findChild<QueryBarsView*>();
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

// The token lines' own rasteriser: a line covers the pixels within its width
// fully, antialiases its edges, composites source-over, and ignores lines it
// cannot draw.
void tst_Views::lineRasterCoversWhatItDraws() {
    render::LineRaster r(QSize(60, 40));
    // Three pixels wide along y = 10.5: rows 9, 10 and 11, whole, between its ends.
    r.draw(QLineF(5, 10.5, 45, 10.5), 3, QColor(255, 0, 0));
    for (int x = 6; x < 45; ++x) {
        for (int y : {9, 10, 11}) QCOMPARE(r.image().pixel(x, y), qRgba(255, 0, 0, 255));
        for (int y : {7, 8, 12, 13}) QCOMPARE(qAlpha(r.image().pixel(x, y)), 0);
    }
    QCOMPARE(qAlpha(r.image().pixel(2, 10)), 0);  // cut square at its ends
    QCOMPARE(qAlpha(r.image().pixel(48, 10)), 0);
    // A steep hairline puts about one pixel's worth of ink in each row it crosses.
    r.draw(QLineF(50.2, 2, 55.7, 38), 1, QColor(0, 0, 255));
    for (int y = 4; y < 36; ++y) {
        int ink = 0;
        for (int x = 46; x < 60; ++x) ink += qAlpha(r.image().pixel(x, y));
        QVERIFY2(ink >= 200 && ink <= 310, qPrintable(QStringLiteral("row %1: %2").arg(y).arg(ink)));
    }
    // Half opaque twice is three quarters opaque, premultiplied.
    render::LineRaster twice(QSize(20, 20));
    for (int i = 0; i < 2; ++i) twice.draw(QLineF(0, 10.5, 20, 10.5), 1, QColor(0, 255, 0, 128));
    const QRgb px = twice.image().pixel(10, 10);  // premultiplied: green as large as alpha
    QVERIFY2(std::abs(qAlpha(px) - 192) <= 2 && std::abs(qGreen(px) - qAlpha(px)) <= 1 && qRed(px) == 0,
             qPrintable(QString::number(px, 16)));
    // Off the image, of no length, not finite, or transparent: nothing, no crash.
    render::LineRaster none(QSize(20, 20));
    none.draw(QLineF(-50, -50, -10, -30), 4, Qt::red);
    none.draw(QLineF(5, 5, 5, 5), 4, Qt::red);
    none.draw(QLineF(5, 5, qQNaN(), 9), 4, Qt::red);
    none.draw(QLineF(0, 10, 20, 10), 4, Qt::transparent);
    none.draw(QLineF(0, 10, 20, 10), 0, Qt::red);
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) QCOMPARE(qAlpha(none.image().pixel(x, y)), 0);
    // Lines leaving by every edge, and one wider than the image: the pixels
    // at the edges are covered, none past them written (AddressSanitizer).
    render::LineRaster edges(QSize(17, 13));
    edges.draw(QLineF(8, 6.5, 40, 6.5), 3, Qt::red);
    edges.draw(QLineF(8.5, 6, 8.5, 40), 3, Qt::red);
    edges.draw(QLineF(8, 6.5, -40, 6.5), 3, Qt::red);
    edges.draw(QLineF(8.5, 6, 8.5, -40), 3, Qt::red);
    edges.draw(QLineF(-5, -7, 30, 29), 2, Qt::red);
    for (const QPoint& at : {QPoint(16, 6), QPoint(8, 12), QPoint(0, 6), QPoint(8, 0)})
        QCOMPARE(edges.image().pixel(at), qRgba(255, 0, 0, 255));
    render::LineRaster wide(QSize(9, 9));
    wide.draw(QLineF(-1e6, 4.5, 1e6, 4.5), 1e9, QColor(0, 0, 255));
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x) QCOMPARE(wide.image().pixel(x, y), qRgba(0, 0, 255, 255));
    // A line reaching far past the image is drawn where it crosses it, in time.
    render::LineRaster far(QSize(20, 20));
    far.draw(QLineF(5, 5.5, 1e300, 5.5), 1, Qt::red);
    for (int x = 6; x < 20; ++x) QCOMPARE(far.image().pixel(x, 5), qRgba(255, 0, 0, 255));
    QCOMPARE(qAlpha(far.image().pixel(10, 7)), 0);
}

// What the token lines paint: on pixels (the raster layer) and on a vector
// device (QPicture, as SVG and PDF get), the same figure leaves ink in the
// same device rows between its columns, in the head's colour: at a pixel
// ratio of 1 at the origin, and of 2 at an offset of a fraction of a unit.
void tst_Views::tokenLinesPaintTheirLines() {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->editor()->setPlainText(QStringLiteral("ROMEO:\nBut soft, what light through yonder window breaks?\n"));
    QVERIFY(ready.wait(60000));
    render::Style style;
    style.showTitle = false;
    const render::TokenLinesFigure f(ws_->figureData(), 1, {2}, style);
    QVERIFY(!f.lines().empty());
    const QColor ink = style.cmap().at(0.25);
    for (const auto& [ratio, at] : {std::pair{1.0, QPointF(0, 0)}, std::pair{2.0, QPointF(37.5, 53.25)}}) {
        const QRectF area(at, QSizeF(520, 900));
        const auto blank = [&] {
            QImage img(int(std::ceil((area.right() + 10) * ratio)), int(std::ceil((area.bottom() + 10) * ratio)),
                       QImage::Format_ARGB32_Premultiplied);
            img.setDevicePixelRatio(ratio);
            img.fill(Qt::white);
            return img;
        };
        // Rows of device pixels with ink in the column at the middle of the gap.
        const auto inkRows = [&](const QImage& img) {
            std::vector<int> rows;
            const int x = int(area.center().x() * ratio);
            for (int y = 0; y < img.height(); ++y) {
                const QColor c = img.pixelColor(x, y);
                const int dh = std::abs(c.hslHue() - ink.hslHue());
                if (c.lightness() < 235 && std::min(dh, 360 - dh) <= 12) rows.push_back(y);
            }
            return rows;
        };
        QImage raster = blank();
        {
            QPainter p(&raster);
            f.paint(p, area);
        }
        QVERIFY(f.linesLayered());
        QPicture picture;
        {
            QPainter p(&picture);
            f.paint(p, area);
        }
        QVERIFY(!f.linesLayered());
        QImage vector = blank();
        {
            QPainter p(&vector);
            p.drawPicture(0, 0, picture);
        }
        const std::vector<int> a = inkRows(raster), b = inkRows(vector);
        std::vector<int> either, differ;
        std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(either));
        std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(differ));
        const QString said = QStringLiteral("ratio %1: %2 and %3 rows of ink, %4 differ").arg(ratio).arg(a.size()).arg(b.size()).arg(differ.size());
        QVERIFY2(a.size() >= 10 * ratio && b.size() >= 10 * ratio, qPrintable(said));
        // The same rows, to a pixel's antialiasing at the lines' edges.
        QVERIFY2(differ.size() * 5 <= either.size(), qPrintable(said));
        QCOMPARE(f.linesDrawn(), int(f.lines().size()));
    }
}

void tst_Views::sixteenHeadsHaveSixteenColours() {
    std::set<QRgb> colours;
    for (int i = 0; i < 16; ++i) colours.insert(render::TokenLinesFigure::headColor(i).rgb());
    QCOMPARE(int(colours.size()), 16);
    QVERIFY(render::TokenLinesFigure::kHeadColors >= 16);
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
    // The app's runs keep no logits (RunOptions::logits_rows 0): the node shows
    // the last position's, computed from ln_f, the same bits as a run that kept
    // them, and its shape says the one row.
    const auto tr = ws_->trace();
    QVERIFY(tr->logits.empty());
    const attnscope::Trace kept = attnscope::Model(ws_->document().model.weights).run(tr->tokens);
    QCOMPARE(kept.logits.shape, (attnscope::Shape{1, 65}));
    QVERIFY(f->tensorFigure()->values() == kept.logits.cmatrix());
    QCOMPARE(f->tensorFigure()->rowLabels(), QStringList{ws_->tokens().labels.last()});
    const auto record = std::find_if(tr->stages.begin(), tr->stages.end(),
                                     [](const attnscope::StageRecord& r) { return r.stage == "logits"; });
    QVERIFY(record != tr->stages.end());
    QCOMPARE(record->shape, (attnscope::Shape{1, 65}));
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
#include "moc_tst_views.cpp"
