// The heads grid and the head detail at GPT-2-small's shape: 12 layers x 12
// heads at 1,000 tokens in a 1600 x 1000 window (96 wide rather than 768, so
// the runs stay quick on two cores; the width changes nothing the views draw).
// Every check reads what the figure on screen painted.
#include <QAccessible>
#include <QComboBox>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QToolButton>
#include <QToolTip>
#include <QtTest>
#include <cmath>
#include <set>

#include "gui/dialogs/guide_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/views/figure_view.h"
#include "gui/views/mask_view.h"
#include "render/figures/rollout_figure.h"
#include "gui/window/main_window.h"
#include "render/figures/token_lines_figure.h"
#include "render/figures/query_bars_figure.h"
#include "session/document.h"
#include "gui/views/query_bars_view.h"
#include "gui/common/selection_text.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

namespace {

constexpr int kLayers = 12, kHeads = 12, kWidth = 96, kTokens = 1000;

// 1,000 printable characters; 'Q' only at 123 and 777.
QString longText() {
    const QString words = QStringLiteral("the cat sat on the mat and looked at the rain, then slept. ");
    QString t;
    while (t.size() < kTokens) t += words;
    t.truncate(kTokens);
    t[123] = QLatin1Char('Q');
    t[777] = QLatin1Char('Q');
    return t;
}

float maxOf(const render::Normalized& n) {
    float m = 0;
    for (Eigen::Index i = 0; i < n.t.size(); ++i)
        if (!std::isnan(n.t.data()[i])) m = std::max(m, n.t.data()[i]);
    return m;
}

}  // namespace

class tst_ViewsScale : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void gridTilesFillTheWidth();
    void gridHeadersAreDrawnUnclipped();
    void gridTooltipNamesTheHeadAndItsTopKey();
    void gridZoomChangesTileSize();
    void gridPoolingChangesThePaintedValues();
    void gridTilesScaleToTheirOwnMax();
    void gridPaintsTheRunsOwnThumbnails();
    void gridArrowKeysMoveTheSelectedHead();
    void controlsHaveNamesAndTooltips();
    void detailSingleCharactersAreUpright();
    void detailLabelsFollowTheZoom();
    void detailLabelsStayInViewWhenPanned();
    void detailGoToTokenSelectsTheQuery();
    void detailLongTokensAreElidedAndNeverOverlap();
    void aHeatmapSmallerThanItsCellsKeepsEveryRowsLargest();
    void rowBarsKeepTheirTickAndTokenLabelsWhole();
    void shortRowBarsLabelTheirAxisWithoutOverlap();
    void colourBarCaptionAndMaskLegendStayInTheFigure();
    void guideUsesTheModelsNumbers();
    void detailPoolsALongTextAndZoomsToSingleCells();
    void screenLabelsKeepALegibleSize();
    void rowBarLabelsAreWholeOrElidedInsideTheFigure();
    void colourBarIsSmoothOnAHighDpiScreen();

private:
    HeadsGridView* showGrid();
    HeadDetailView* showDetail();
    // Waits for the grid to hold a figure built with these options.
    bool waitForGrid(render::Pooling pooling, render::TileScale scale);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};

void tst_ViewsScale::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_views_scale");
    // One window for all tests (a 1,000-token run of 144 heads is not free);
    // init() puts back everything a test may change.
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1600, 1000);
    win_->show();
    QVERIFY(QTest::qWaitForWindowExposed(win_.get()));
    win_->editor()->setPlainText(longText());
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::seed(96, 1024, kWidth, kHeads, kLayers), 5));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() == kTokens && ws_->trace()->n_layer() == kLayers, 120000);
}

void tst_ViewsScale::init() {
    QFile::remove(TextAutosaver::defaultPath());  // no test reads an autosaved text
    QVERIFY(ws_->trace() && ws_->trace()->T() == kTokens);
    QCOMPARE(win_->editor()->toPlainText(), longText());
    ViewSettings* vs = win_->viewSettings();
    vs->setScale(render::Scale::RowNormalized);
    vs->setPooling(render::Pooling::Max);
    vs->setTileScale(render::TileScale::PerTile);
    QSettings().clear();
    win_->headsGrid()->setZoom(1.0);
    win_->headDetail()->resetZoom();
    win_->headDetail()->searchBox()->clear();
    Selection s;
    s.query = kTokens - 1;
    ws_->setSelection(s);
    for (GuideDialog* g : win_->findChildren<GuideDialog*>()) delete g;
    win_->showView("heads");
    QTRY_VERIFY_WITH_TIMEOUT(!win_->headsGrid()->isBuilding(), 120000);
}

void tst_ViewsScale::cleanupTestCase() {
    win_.reset();
    ws_.reset();
}

HeadsGridView* tst_ViewsScale::showGrid() {
    win_->showView("heads");
    HeadsGridView* g = win_->headsGrid();
    [&] { QTRY_VERIFY_WITH_TIMEOUT(g->isVisible() && g->figure() && g->figure()->panelCount() == kLayers * kHeads, 120000); }();
    g->canvas()->grab();  // one paint, so the figure holds what it showed
    return g;
}

HeadDetailView* tst_ViewsScale::showDetail() {
    win_->showView("head");
    HeadDetailView* d = win_->headDetail();
    [&] { QTRY_VERIFY(d->isVisible() && d->figure()); }();
    d->grab();
    return d;
}

bool tst_ViewsScale::waitForGrid(render::Pooling pooling, render::TileScale scale) {
    HeadsGridView* g = win_->headsGrid();
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 120000) {
        const render::HeadsGridFigure* f = g->figure();
        if (f && f->options().pooling == pooling && f->options().tileScale == scale && f->panelCount() == kLayers * kHeads) {
            g->canvas()->grab();
            return true;
        }
        QTest::qWait(20);
    }
    return false;
}

// 12 x 12 heads once took a square block in the middle, half the width.
void tst_ViewsScale::gridTilesFillTheWidth() {
    HeadsGridView* g = showGrid();
    const QRectF area = g->figureArea();
    const render::HeadsGridFigure* f = g->figure();
    const QRectF first = f->panelRect(area, 0), last = f->panelRect(area, kLayers * kHeads - 1);
    const double used = (last.right() - first.left()) / area.width();
    QVERIFY2(used > 0.7, qPrintable(QStringLiteral("tiles span %1 of the width").arg(used)));
    QVERIFY2((last.bottom() - first.top()) / area.height() > 0.8, "tiles should fill the height too");
    QVERIFY(first.width() <= 2 * first.height() + 1e-9);  // never wider than twice the height
}

void tst_ViewsScale::gridHeadersAreDrawnUnclipped() {
    HeadsGridView* g = showGrid();
    const QRectF area = g->figureArea();
    const auto headers = g->figure()->headers(area);
    const QFontMetricsF fm(QApplication::font());
    std::set<QString> rows, cols;
    for (const auto& h : headers) {
        QVERIFY2(h.kind != render::HeadsGridFigure::Header::Panel, "per-tile titles in the one-row-per-layer grid");
        (h.kind == render::HeadsGridFigure::Header::Row ? rows : cols).insert(h.text);
        QVERIFY2(fm.horizontalAdvance(h.text) <= h.rect.width() + 0.01, qPrintable(h.text));
        QVERIFY2(fm.height() <= h.rect.height() + 2.01, qPrintable(h.text));
        QVERIFY2(area.contains(h.rect), qPrintable(h.text));
        for (int i = 0; i < g->figure()->panelCount(); ++i)
            QVERIFY2(!h.rect.intersects(g->figure()->panelRect(area, i)), qPrintable(h.text));
    }
    for (int i = 0; i < kLayers; ++i) QVERIFY2(rows.count(QStringLiteral("L%1").arg(i)), qPrintable(QString::number(i)));
    for (int i = 0; i < kHeads; ++i) QVERIFY2(cols.count(QStringLiteral("H%1").arg(i)), qPrintable(QString::number(i)));
    // Headers of neighbours never overlap.
    for (size_t i = 0; i < headers.size(); ++i)
        for (size_t j = i + 1; j < headers.size(); ++j) QVERIFY(!headers[i].rect.intersects(headers[j].rect));
}

void tst_ViewsScale::gridTooltipNamesTheHeadAndItsTopKey() {
    HeadsGridView* g = showGrid();
    const int q = ws_->selection().query;
    QCOMPARE(q, kTokens - 1);
    const auto keys = selectiontext::topKeys(*ws_->trace(), 3, 7, q, 1);
    QCOMPARE(int(keys.size()), 1);
    const attnscope::MatrixRM w = ws_->trace()->head_weights(3, 7);
    Eigen::Index best = 0;
    w.row(q).maxCoeff(&best);
    QCOMPARE(keys.front().first, int(best));
    const QString tip = g->toolTipAt(g->panelCenter(3, 7));
    QVERIFY2(tip.contains(QStringLiteral("Layer 3 · Head 7")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("top key %1 “%2”").arg(best).arg(ws_->tokens().labels[int(best)])), qPrintable(tip));
    QVERIFY2(tip.contains(QString::number(double(w(q, best)), 'f', 3)), qPrintable(tip));
    QVERIFY(g->toolTipAt(QPointF(2, 2)).isEmpty());  // the corner is no head
    // The real tooltip event shows the same text.
    const QPoint onCanvas = g->canvas()->mapFrom(g, g->panelCenter(3, 7).toPoint());
    QHelpEvent help(QEvent::ToolTip, onCanvas, g->canvas()->mapToGlobal(onCanvas));
    QCoreApplication::sendEvent(g->canvas(), &help);
    QTRY_COMPARE(QToolTip::text(), tip);
}

void tst_ViewsScale::gridZoomChangesTileSize() {
    HeadsGridView* g = showGrid();
    const double before = g->figure()->panelRect(g->figureArea(), 0).width();
    g->canvas()->setFocus();
    QTest::keyClick(g->canvas(), Qt::Key_Plus);
    QVERIFY(g->zoom() > 1.2);
    const double zoomed = g->figure()->panelRect(g->figureArea(), 0).width();
    QVERIFY2(zoomed > before * 1.2, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(zoomed)));
    QVERIFY(g->scrollArea()->horizontalScrollBar()->maximum() > 0);  // it overflows: scrolled
    // Ctrl+wheel zooms further; the plain wheel does not.
    const double z = g->zoom();
    const QPointF at = g->canvas()->rect().center();
    QWheelEvent plain(at, g->canvas()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(g->canvas(), &plain);
    QCOMPARE(g->zoom(), z);
    QWheelEvent ctrl(at, g->canvas()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                     Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(g->canvas(), &ctrl);
    QVERIFY(g->zoom() > z);
    g->scrollArea()->horizontalScrollBar()->setValue(g->scrollArea()->horizontalScrollBar()->maximum() / 2);
    g->scrollArea()->verticalScrollBar()->setValue(g->scrollArea()->verticalScrollBar()->maximum() / 2);
    g->grab();  // the sticky headers drawn over a scrolled canvas
    QTest::keyClick(g->canvas(), Qt::Key_0);
    QCOMPARE(g->zoom(), 1.0);
    QVERIFY2(std::abs(g->figure()->panelRect(g->figureArea(), 0).width() - before) < 1, qPrintable(QStringLiteral("%1 vs %2, canvas %3x%4 viewport %5x%6").arg(g->figure()->panelRect(g->figureArea(), 0).width()).arg(before).arg(g->canvas()->width()).arg(g->canvas()->height()).arg(g->scrollArea()->viewport()->width()).arg(g->scrollArea()->viewport()->height())));
}

void tst_ViewsScale::gridPoolingChangesThePaintedValues() {
    HeadsGridView* g = showGrid();
    QCOMPARE(g->figure()->options().pooling, render::Pooling::Max);  // the default
    const int i = g->figure()->indexOf(5, 5);
    const render::Normalized maxed = g->figure()->shownValues(i);
    QVERIFY(maxed.t.size() > 0);
    QVERIFY(maxed.t.cols() < kTokens);  // pooled: fewer pixels than tokens
    QVERIFY(g->figure()->caption().contains(QStringLiteral("max of its tokens")));
    g->poolingBox()->setCurrentIndex(g->poolingBox()->findData(int(render::Pooling::Mean)));
    QVERIFY(waitForGrid(render::Pooling::Mean, render::TileScale::PerTile));
    const render::Normalized meaned = g->figure()->shownValues(i);
    QCOMPARE(meaned.t.rows(), maxed.t.rows());
    QCOMPARE(meaned.t.cols(), maxed.t.cols());
    double diff = 0;
    for (Eigen::Index k = 0; k < maxed.t.size(); ++k)
        if (!std::isnan(maxed.t.data()[k])) diff = std::max(diff, double(std::abs(maxed.t.data()[k] - meaned.t.data()[k])));
    QVERIFY2(diff > 0.05, qPrintable(QString::number(diff)));
    QVERIFY(g->figure()->caption().contains(QStringLiteral("mean of its tokens")));
    QCOMPARE(QSettings().value("view/gridPooling").toString(), QStringLiteral("mean"));
}

// Linear weights, mean pooling: a long text's tiles are dark on one shared
// scale; each on its own scale reaches the top of the bar.
void tst_ViewsScale::gridTilesScaleToTheirOwnMax() {
    HeadsGridView* g = showGrid();
    QCOMPARE(g->figure()->options().tileScale, render::TileScale::PerTile);  // the default
    win_->viewSettings()->setScale(render::Scale::Linear);
    g->poolingBox()->setCurrentIndex(g->poolingBox()->findData(int(render::Pooling::Mean)));
    QVERIFY(waitForGrid(render::Pooling::Mean, render::TileScale::PerTile));
    QTRY_VERIFY(g->figure()->caption().contains(QStringLiteral("each tile scaled to its own max")));
    for (int i = 0; i < g->figure()->panelCount(); ++i) QCOMPARE(maxOf(g->figure()->shownValues(i)), 1.0f);
    g->tileScaleBox()->setCurrentIndex(g->tileScaleBox()->findData(int(render::TileScale::Shared)));
    QVERIFY(waitForGrid(render::Pooling::Mean, render::TileScale::Shared));
    float brightest = 0;
    for (int i = 0; i < g->figure()->panelCount(); ++i) brightest = std::max(brightest, maxOf(g->figure()->shownValues(i)));
    QVERIFY2(brightest < 0.9f, qPrintable(QString::number(brightest)));
    QVERIFY(g->figure()->caption().contains(QStringLiteral("one scale for all tiles")));
}

// At 1,000 tokens the grid draws the thumbnails the forward pass pooled (blocks
// of 4 x 4 tokens), not a fresh pass over 144 million weights. What it paints
// for a head is still the max of that head's own weights over each pixel's
// tokens; checked pixel by pixel for two heads.
void tst_ViewsScale::gridPaintsTheRunsOwnThumbnails() {
    ViewSettings* vs = win_->viewSettings();
    // Mean pooling first: the run keeps block sums, not maxima.
    vs->setPooling(render::Pooling::Mean);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->thumb_mean, 120000);
    QVERIFY(ws_->trace()->layers[7].thumb_max.data.empty() && !ws_->trace()->layers[7].thumb_sum.data.empty());
    vs->setPooling(render::Pooling::Max);
    vs->setScale(render::Scale::Linear);
    vs->setTileScale(render::TileScale::Shared);
    // The linear scale runs again for linear thumbnails; the grid then rebuilds.
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->trace()->thumb_row_normalized && !ws_->trace()->thumb_mean, 120000);
    HeadsGridView* g = win_->headsGrid();
    QTRY_VERIFY_WITH_TIMEOUT(g->figure() && g->figure()->trace() == ws_->trace().get() && !g->isBuilding() &&
                                 g->figure()->options().tileScale == render::TileScale::Shared,
                             120000);
    g = showGrid();
    const attnscope::Trace& tr = *ws_->trace();
    QCOMPARE(g->figure()->trace(), &tr);
    QCOMPARE(tr.thumb_width, 4);
    QVERIFY(!tr.layers[7].thumb_max.data.empty());
    for (const auto& [layer, head] : {std::pair{7, 3}, std::pair{11, 10}}) {
        const int i = g->figure()->indexOf(layer, head);
        QCOMPARE(g->figure()->panelLayer(i), layer);
        QCOMPARE(g->figure()->panelHead(i), head);
        const render::Normalized& shown = g->figure()->shownValues(i);
        const int rows = int(shown.t.rows()), cols = int(shown.t.cols());
        QVERIFY2(rows > 20 && cols > 20 && cols <= 250, qPrintable(QStringLiteral("%1 x %2").arg(rows).arg(cols)));
        const attnscope::MatrixRM w = tr.head_weights(layer, head);
        const int B = 250;  // 1000 / 4 blocks, pooled again to the panel's pixels
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                const int br0 = r * B / rows, br1 = std::max(br0 + 1, (r + 1) * B / rows);
                const int bc0 = c * B / cols, bc1 = std::max(bc0 + 1, (c + 1) * B / cols);
                float best = -1;
                for (int q = br0 * 4; q < std::min(kTokens, br1 * 4); ++q)
                    for (int k = bc0 * 4; k < std::min(q + 1, bc1 * 4); ++k) best = std::max(best, w(q, k));
                const float got = shown.t(r, c);
                if (best < 0) QVERIFY2(std::isnan(got), qPrintable(QStringLiteral("pixel (%1, %2) of %3 x %4 should be masked, not %5").arg(r).arg(c).arg(rows).arg(cols).arg(got)));
                else QVERIFY2(got == best, qPrintable(QStringLiteral("L%1 H%2 pixel (%3, %4): %5, the weights' max is %6")
                                                          .arg(layer).arg(head).arg(r).arg(c).arg(got).arg(best)));
            }
    }
}

void tst_ViewsScale::gridArrowKeysMoveTheSelectedHead() {
    HeadsGridView* g = showGrid();
    g->setFocus();
    QTest::keyClick(g->canvas(), Qt::Key_Right);
    QTest::keyClick(g->canvas(), Qt::Key_Down);
    QCOMPARE(ws_->selection().layer, 1);
    QCOMPARE(ws_->selection().head, 1);
    QVERIFY2(g->accessibleDescription().startsWith(QStringLiteral("Layer 1 · Head 1")), qPrintable(g->accessibleDescription()));
    QVERIFY2(g->accessibleDescription().contains(QStringLiteral("top keys")), qPrintable(g->accessibleDescription()));
    QTest::keyClick(g->canvas(), Qt::Key_Up);
    QCOMPARE(ws_->selection().layer, 0);
}

void tst_ViewsScale::controlsHaveNamesAndTooltips() {
    for (QWidget* view : {static_cast<QWidget*>(win_->headsGrid()), static_cast<QWidget*>(win_->headDetail())}) {
        QVERIFY(!view->accessibleName().isEmpty());
        int controls = 0;
        for (QWidget* w : view->findChildren<QWidget*>()) {
            if (!qobject_cast<QComboBox*>(w) && !qobject_cast<QToolButton*>(w) && !qobject_cast<QLineEdit*>(w)) continue;
            if (w->parentWidget() && qobject_cast<QComboBox*>(w->parentWidget())) continue;  // a combo's own editor
            if (qobject_cast<QToolButton*>(w) && qobject_cast<QLineEdit*>(w->parentWidget())) continue;  // clear button
            ++controls;
            QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(w->metaObject()->className()));
            QVERIFY2(!w->toolTip().isEmpty(), qPrintable(w->accessibleName()));
        }
        QVERIFY(controls > 0);
    }
}

// Token labels are 1 character here: none may lie on its side.
void tst_ViewsScale::detailSingleCharactersAreUpright() {
    HeadDetailView* d = showDetail();
    const auto& labels = d->figure()->drawnLabels();
    int keys = 0;
    for (const auto& l : labels) {
        QVERIFY2(l.text.size() == 1, qPrintable(l.text));
        QVERIFY2(l.horizontal, qPrintable(QStringLiteral("key %1 “%2” drawn on its side").arg(l.index).arg(l.text)));
        keys += l.row ? 0 : 1;
    }
    QVERIFY(keys > 5);
}

// Every k-th label at first, every label once zoomed in far enough.
void tst_ViewsScale::detailLabelsFollowTheZoom() {
    HeadDetailView* d = showDetail();
    const auto indices = [d](bool row) {
        std::vector<int> v;
        for (const auto& l : d->figure()->drawnLabels())
            if (l.row == row) v.push_back(l.index);
        return v;
    };
    const std::vector<int> rows1 = indices(true), cols1 = indices(false);
    QVERIFY(rows1.size() > 5 && cols1.size() > 5);
    QVERIFY2(rows1[1] - rows1[0] > 1, "at 1,000 tokens not every query fits a label");
    const QRectF frame = d->figure()->heatmapRect(d->figureArea());
    d->zoomAt(frame.center(), 40);
    d->grab();
    const std::vector<int> rows2 = indices(true), cols2 = indices(false);
    QVERIFY(rows2.size() > 3 && cols2.size() > 3);
    QCOMPARE(rows2[1] - rows2[0], 1);  // every label
    QCOMPARE(cols2[1] - cols2[0], 1);
    QVERIFY(rows2 != rows1);
    QVERIFY(rows2.front() > 300 && rows2.back() < 700);  // the middle of the text, where we zoomed
}

// Zoomed and panned, the labels are still beside the heatmap, naming what is in view.
void tst_ViewsScale::detailLabelsStayInViewWhenPanned() {
    HeadDetailView* d = showDetail();
    const QRectF frame = d->figure()->heatmapRect(d->figureArea());
    d->zoomAt(frame.topLeft(), 30);
    d->panBy(QPointF(-2000, -3000));
    d->grab();
    const auto& labels = d->figure()->drawnLabels();
    int rows = 0, cols = 0;
    const QRectF zoomed = d->figure()->zoomedHeatmapRect(d->figureArea(), d->viewport());
    const double cell = zoomed.width() / kTokens;
    for (const auto& l : labels) {
        QVERIFY2(QRectF(d->rect()).contains(l.rect), qPrintable(l.text));
        if (l.row) {
            ++rows;
            QVERIFY(l.rect.right() <= frame.left() + 0.5);
            const double cy = zoomed.top() + (l.index + 0.5) * cell;
            QVERIFY(cy >= frame.top() && cy <= frame.bottom());
            QVERIFY(std::abs(l.rect.center().y() - cy) < 1);
        } else {
            ++cols;
            QVERIFY(l.rect.bottom() <= frame.top() + 0.5);
            QVERIFY(l.index > 50);  // panned past the first keys
        }
    }
    QVERIFY(rows > 3 && cols > 3);
}

void tst_ViewsScale::detailGoToTokenSelectsTheQuery() {
    HeadDetailView* d = showDetail();
    QueryBarsView* row = win_->findChild<QueryBarsView*>();
    QVERIFY(row);
    QLineEdit* search = d->searchBox();
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("q"));  // any case
    QCOMPARE(ws_->selection().query, 123);
    QTRY_COMPARE(row->figure()->query(), 123);
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(ws_->selection().query, 777);
    QTRY_COMPARE(row->figure()->query(), 777);
    QVERIFY2(d->accessibleDescription().contains(QStringLiteral("query 777 “Q”")), qPrintable(d->accessibleDescription()));
    QTest::keyClick(search, Qt::Key_Return);  // wraps round
    QCOMPARE(ws_->selection().query, 123);
    // Zoomed in, the found query is scrolled into view and its label drawn.
    d->zoomAt(d->figure()->heatmapRect(d->figureArea()).topLeft(), 40);
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(ws_->selection().query, 777);
    d->grab();
    bool labelled = false;
    for (const auto& l : d->figure()->drawnLabels()) labelled = labelled || (l.row && l.index == 777 && l.text == QLatin1String("Q"));
    QVERIFY(labelled);
    // Nothing found: the selection stays, and the box says so.
    search->clear();
    QTest::keyClicks(search, QStringLiteral("#"));
    QCOMPARE(ws_->selection().query, 777);
}

// GPT-2-like tokens of every length: labels stay inside the figure, upright
// ones never overlap, long ones end in an ellipsis, zoomed or not.
void tst_ViewsScale::detailLongTokensAreElidedAndNeverOverlap() {
    const QStringList words = {QStringLiteral("␣the"), QStringLiteral("a"), QStringLiteral("␣understanding"),
                               QStringLiteral("."), QStringLiteral("␣internationalisation"), QStringLiteral("↵")};
    QStringList labels;
    for (int i = 0; i < 120; ++i) labels << words[i % words.size()];
    attnscope::MatrixRM m = attnscope::MatrixRM::Constant(120, 120, 0.01f);
    const render::MatrixFigure fig(QStringLiteral("t"), m, render::MatrixKind::Weights, labels, labels, render::Style(),
                                   QStringLiteral("query"), QStringLiteral("key"), true);
    const QRectF area(0, 0, 700, 600);
    for (const double zoom : {1.0, 3.0, 12.0}) {
        QImage img(area.size().toSize(), QImage::Format_RGB32);
        QPainter p(&img);
        render::MatrixFigure::Viewport v;
        v.zoom = zoom;
        v.pan = fig.clampPan(area, zoom, QPointF(-150 * zoom, -150 * zoom));
        v.minLabelPoints = 7;
        fig.paintViewport(p, area, v);
        p.end();
        const auto& drawn = fig.drawnLabels();
        QVERIFY(drawn.size() > 4);
        std::vector<QRectF> upright;
        for (const auto& l : drawn) {
            QVERIFY2(area.contains(l.rect), qPrintable(l.text));
            const QString& full = labels[l.index];
            QVERIFY2(l.text == full || l.text.endsWith(QChar(0x2026)), qPrintable(l.text));
            if (full.size() == 1) QVERIFY2(l.horizontal, qPrintable(full));
            if (!l.row && l.horizontal) upright.push_back(l.rect);
        }
        for (size_t i = 0; i < upright.size(); ++i)
            for (size_t j = i + 1; j < upright.size(); ++j) QVERIFY(!upright[i].intersects(upright[j]));
    }
}

// A head of 1,500 tokens in a few hundred pixels: drawn scaled down without
// smoothing, one key in four or five was painted and the rest dropped, so a
// row whose weight sat on a dropped key showed none (the rollout's key-0
// column at 2,048 tokens looked empty). Each pixel is now the largest weight
// of its cells: every pixel row of the heatmap holds its rows' weight of 1,
// on 1x and 2x screens.
void tst_ViewsScale::aHeatmapSmallerThanItsCellsKeepsEveryRowsLargest() {
    const int T = 1500;
    attnscope::MatrixRM m = attnscope::MatrixRM::Zero(T, T);
    for (int r = 0; r < T; ++r) m(r, (r * 37 + 11) % (r + 1)) = 1.0f;  // one weight a row, scattered
    render::Style style;
    style.scale = render::Scale::Linear;
    style.showTitle = false;
    const render::MatrixFigure fig(QStringLiteral("t"), m, render::MatrixKind::Weights, {}, {}, style,
                                   QStringLiteral("query"), QStringLiteral("key"), true);
    const QRgb top = style.cmap().at(1.0f);
    for (const auto& [dpr, zoom] : {std::pair{1.0, 1.0}, std::pair{2.0, 1.0}, std::pair{1.0, 2.0}}) {
        const QRectF area(0, 0, 420, 400);
        QImage img((area.size() * dpr).toSize(), QImage::Format_RGB32);
        img.setDevicePixelRatio(dpr);
        {
            QPainter p(&img);
            render::MatrixFigure::Viewport v;  // zoomed: the cells in the frame, still more than its pixels
            v.zoom = zoom;
            v.pan = fig.clampPan(area, zoom, QPointF(0, 0));  // the top left: every row in view sees its weight
            fig.paintViewport(p, area, v);
        }
        const QRectF heat = fig.heatmapRect(area);
        QVERIFY(heat.width() * dpr * 2 < T / zoom);  // far fewer pixels than keys in view
        const int y0 = int(std::ceil(heat.top() * dpr)) + 1, y1 = int(std::floor(heat.bottom() * dpr)) - 1;
        const int x0 = int(std::ceil(heat.left() * dpr)), x1 = int(std::floor(heat.right() * dpr));
        int rows = 0, lit = 0;
        for (int y = y0; y < y1; ++y, ++rows) {
            const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
            if (std::any_of(line + x0, line + x1, [&](QRgb c) { return c == top; })) ++lit;
        }
        QVERIFY(rows > 100);
        QVERIFY2(lit == rows, qPrintable(QStringLiteral("%1 of %2 pixel rows show a weight of 1 at %3x, zoom %4")
                                             .arg(lit).arg(rows).arg(dpr).arg(zoom)));
    }
}

// The bars of a query's row: the value axis has room for its widest tick
// label (0.001875, where "0.0000"'s room cut it to .001875), and the token
// labels on their side are a line high, not cut to the width of a bar
// (slivers past a few hundred keys).
void tst_ViewsScale::rowBarsKeepTheirTickAndTokenLabelsWhole() {
    const int T = 600;
    render::FigureData data;
    for (int i = 0; i < T; ++i) data.tokens << QStringLiteral("W");
    std::vector<float> row(size_t(T), 0.0f);
    row[17] = 0.0024f;  // the axis runs to 0.0025: ticks 0.000625, 0.00125, 0.001875
    render::Style style;
    const render::QueryBarsFigure fig(data, row, 20, QStringLiteral("t"), style, false);
    const QRectF area(0, 0, 500, 300);
    int left = 0;
    while (left < 500 && fig.keyAt(area, QPointF(left, 150)) < 0) ++left;
    const QFontMetricsF fm(style.font);
    QVERIFY2(left >= fm.horizontalAdvance(QStringLiteral("0.001875")) + 4, qPrintable(QString::number(left)));
    QImage img(area.size().toSize(), QImage::Format_RGB32);
    {
        QPainter p(&img);
        fig.paint(p, area);
    }
    int bottom = 299;  // the plot's last row: the axis line under the bars
    while (bottom > 0 && fig.keyAt(area, QPointF(left + 50, bottom)) < 0) --bottom;
    int ink = 0;
    for (int y = bottom + 3; y < img.height(); ++y)
        for (int x = left; x < img.width(); ++x) ink += qGray(img.pixel(x, y)) < 110 ? 1 : 0;
    // 600 keys in about 460 pixels: a label every line's height, some 35 of
    // them, each a W of dozens of pixels.
    QVERIFY2(ink > 600, qPrintable(QString::number(ink)));
}

// The query bars under the head detail are short (about 100 pixels): the
// value axis's five labels were drawn into 40 pixels, on top of each other.
// A short plot labels every second tick or only the ends; every label stands
// alone, and a tall plot still has all five.
void tst_ViewsScale::shortRowBarsLabelTheirAxisWithoutOverlap() {
    const int T = 200;
    render::FigureData data;
    for (int i = 0; i < T; ++i) data.tokens << QStringLiteral("W");
    std::vector<float> row(size_t(T), 0.0f);
    row[5] = 0.2f;  // the axis runs to 0.2: 0, 0.05, 0.1, 0.15, 0.2
    render::Style style;
    const render::QueryBarsFigure fig(data, row, 20, QStringLiteral("t"), style, false);
    const QFontMetricsF fm(style.font);
    for (const int height : {70, 85, 100, 300}) {
        const QRectF area(0, 0, 600, height);
        int inPlot = height - 1;  // a pixel row of the plot: up from the token labels
        while (inPlot > 0 && fig.keyAt(area, QPointF(300, inPlot)) < 0) --inPlot;
        int left = 0;
        while (left < 600 && fig.keyAt(area, QPointF(left, inPlot)) < 0) ++left;
        QVERIFY2(inPlot > 0 && left > 10 && left < 200, qPrintable(QStringLiteral("height %1").arg(height)));
        QImage img(area.size().toSize(), QImage::Format_RGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            fig.paint(p, area);
        }
        // The runs of pixel rows with ink left of the plot: one per label.
        std::vector<std::pair<int, int>> runs;
        for (int y = 0; y < height; ++y) {
            bool ink = false;
            for (int x = 0; x < left - 6 && !ink; ++x) ink = qGray(img.pixel(x, y)) < 110;
            if (!ink) continue;
            if (!runs.empty() && runs.back().second == y - 1) runs.back().second = y;
            else runs.push_back({y, y});
        }
        QVERIFY2(runs.size() >= 2, qPrintable(QStringLiteral("height %1: %2 labels").arg(height).arg(runs.size())));
        for (const auto& [top, bottom] : runs)
            QVERIFY2(bottom - top + 1 <= fm.height() + 1,
                     qPrintable(QStringLiteral("height %1: labels overlap in rows %2-%3").arg(height).arg(top).arg(bottom)));
        if (height == 300) QCOMPARE(int(runs.size()), 5);
    }
}

// A short figure's per-row caption ("per row: row max = 1") was drawn under
// a bar as tall as the heatmap, past the figure's bottom; a narrow one's mask
// legend ended past its right edge ("masked (−∞ before softmax"): the layout
// left out the gap before the bar. No text may touch the figure's edges.
void tst_ViewsScale::colourBarCaptionAndMaskLegendStayInTheFigure() {
    const int n = 64;
    attnscope::MatrixRM w = attnscope::MatrixRM::Zero(n, n), mask = attnscope::MatrixRM::Zero(n, n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c <= r; ++c) {
            w(r, c) = 1.0f / float(r + 1);
            mask(r, c) = 1.0f;
        }
    render::Style style;
    style.scale = render::Scale::RowNormalized;
    const auto ink = [](const QImage& img, const QRect& r) {
        int dark = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) dark += qGray(img.pixel(x, y)) < 110 ? 1 : 0;
        return dark;
    };
    for (const int height : {160, 220, 300}) {  // short: the height limits the heatmap
        QStringList labels;
        for (int i = 0; i < n; ++i) labels << QStringLiteral("ab");
        const render::MatrixFigure fig(QStringLiteral("t"), w, render::MatrixKind::Weights, labels, labels, style,
                                       QStringLiteral("query"), QStringLiteral("key"), true);
        QImage img(700, height, QImage::Format_RGB32);
        QPainter p(&img);
        fig.paint(p, QRectF(img.rect()));
        p.end();
        QCOMPARE(ink(img, QRect(0, img.height() - 2, img.width(), 2)), 0);
        // The caption's two lines (at 0.8 of the font) fit under the bar.
        const QRectF bar = fig.colorBarRect(QRectF(img.rect()));
        QVERIFY(bar.height() > 0);
        QVERIFY2(bar.bottom() + 2 + QFontMetricsF(style.font).height() * 0.8 * 2.2 <= img.height(),
                 qPrintable(QStringLiteral("bar ends at %1 of %2").arg(bar.bottom()).arg(img.height())));
        // Its words are drawn: dark pixels under the bar.
        QVERIFY(ink(img, QRect(int(bar.left()), int(bar.bottom()) + 2, 60, img.height() - int(bar.bottom()) - 2)) > 20);
    }
    {  // narrow: the width limits it
        const render::MatrixFigure fig(QStringLiteral("t"), mask, render::MatrixKind::Mask, {}, {}, style,
                                       QStringLiteral("query"), QStringLiteral("key"), true);
        QImage img(420, 700, QImage::Format_RGB32);
        QPainter p(&img);
        fig.paint(p, QRectF(img.rect()));
        p.end();
        QCOMPARE(ink(img, QRect(img.width() - 2, 0, 2, img.height())), 0);
    }
}

void tst_ViewsScale::guideUsesTheModelsNumbers() {
    QTest::keyClick(win_.get(), Qt::Key_F1);
    GuideDialog* guide = nullptr;
    QTRY_VERIFY((guide = win_->findChild<GuideDialog*>()) && guide->isVisible());
    const QString text = guide->browser()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("n_head = 12")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("n_layer = 12")));
    QVERIFY(text.contains(QStringLiteral("n_embed = 96")));
    QVERIFY(text.contains(QStringLiteral("96 / 12 = 8")));  // the head size
    QVERIFY(text.contains(QStringLiteral("T = 1000")));
    QVERIFY2(text.contains(QStringLiteral("(1000, 96) → (12, 1000, 8)")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("(12, 1000, 1000)")));
    // GPT-2 small's numbers.
    const QString gpt2 = GuideDialog::guideHtml(attnscope::ModelConfig::gpt2(50257, 1024, 768, 12, 12), 1000);
    QVERIFY(gpt2.contains(QStringLiteral("(1000, 768) → (12, 1000, 64)")));
    QVERIFY(gpt2.contains(QStringLiteral("768 / 12 = <b>64</b>")));
    // No model: no numbers, no crash.
    QVERIFY(GuideDialog::guideHtml(attnscope::ModelConfig(), 0).contains(QStringLiteral("No model")));
}

// Past 2,048 tokens the head detail never holds a T x T matrix: it draws each
// block's largest weight, read a band of rows at a time, and zoomed in it reads
// the cells in view again and paints them one by one.
void tst_ViewsScale::detailPoolsALongTextAndZoomsToSingleCells() {
    constexpr int T = 2100;
    Workspace ws;
    ws.setDebounceMs(10);
    MainWindow w(&ws);
    w.viewSettings()->setScale(render::Scale::Linear);
    w.resize(1200, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString text;
    while (text.size() < T) text += QStringLiteral("a long text, read a band of rows at a time. ");
    text.truncate(T);
    w.editor()->setPlainText(text);
    ws.setDocument(session::randomDocument(attnscope::ModelConfig::seed(96, 2304, 32, 2, 2), 3));
    QTRY_VERIFY_WITH_TIMEOUT(ws.trace() && ws.trace()->T() == T, 60000);
    Selection s;
    s.layer = 1;
    s.head = 1;
    s.query = T - 1;
    ws.setSelection(s);
    w.showView("head");
    HeadDetailView* d = w.headDetail();
    QTRY_VERIFY(d->isVisible() && d->figure() && d->figure()->layer() == 1 && d->figure()->head() == 1);
    d->grab();
    const render::HeadFigure* f = d->figure();
    QCOMPARE(f->block(), 4);
    QCOMPARE(f->rows(), T);
    QCOMPARE(f->cols(), T);
    QCOMPARE(int(f->values().rows()), (T + 3) / 4);
    QVERIFY(f->title().contains(QStringLiteral("4 × 4")));
    // Its natural size stays a page's, not 2 units a token (4,200 + margins):
    // a PNG of it at 300 dpi is at most 5,600 pixels a side.
    QVERIFY2(f->naturalSize().width() <= render::kMaxNaturalSide + 190 && f->naturalSize().height() <= render::kMaxNaturalSide + 160,
             qPrintable(QStringLiteral("%1 x %2").arg(f->naturalSize().width()).arg(f->naturalSize().height())));
    QVERIFY(f->naturalSize().width() >= render::kMaxNaturalSide);
    // Each overview cell is the largest weight its block's queries see.
    const attnscope::MatrixRM full = ws.trace()->head_weights(1, 1);
    {
        // Token lines read the head a band of rows at a time (a whole head is
        // 268 MB at 8,192 tokens): every query's strongest keys, as from the
        // whole matrix, bands crossed.
        render::Style style;
        style.scale = render::Scale::RowNormalized;
        const render::TokenLinesFigure lines(ws.figureData(), 1, {1}, style);
        std::vector<std::pair<int, int>> got, want;
        std::vector<float> norm(static_cast<size_t>(T));
        for (int q = 0; q < T; ++q) norm[size_t(q)] = 1.0f / full.row(q).maxCoeff();
        for (const auto& l : lines.lines()) {
            QCOMPARE(l.weight, full(l.query, l.key) * norm[size_t(l.query)]);
            got.emplace_back(l.query, l.key);
        }
        for (int q = 0; q < T; ++q) {
            std::vector<std::pair<float, int>> keys;
            for (int k = 0; k <= q; ++k)
                if (full(q, k) * norm[size_t(q)] > render::TokenLinesFigure::kMinWeight) keys.emplace_back(full(q, k), k);
            std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
            keys.resize(std::min(keys.size(), size_t(render::TokenLinesFigure::keysPerQuery(T))));
            for (const auto& k : keys) want.emplace_back(q, k.second);
        }
        QVERIFY(!want.empty() && want.back().first >= 1024);
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        QCOMPARE(got, want);
        // A window reads its own rows only, with the same lines as the whole
        // figure's for them; and again once it has moved (the app's wheel).
        render::TokenLinesFigure windowed(ws.figureData(), 1, {1}, style);
        for (const int first : {700, 3, T - 26}) {
            windowed.setWindow(first, 26);
            std::vector<std::pair<int, int>> inWindow, wantIn;
            for (const auto& l : windowed.lines()) inWindow.emplace_back(l.query, l.key);
            for (const auto& qk : want)
                if (qk.first >= first && qk.first < first + 26) wantIn.push_back(qk);
            std::sort(inWindow.begin(), inWindow.end());
            QVERIFY(!wantIn.empty());
            QCOMPARE(inWindow, wantIn);
        }
    }
    for (const auto& [pr, pc] : {std::pair{0, 0}, std::pair{100, 37}, std::pair{524, 524}, std::pair{524, 0}, std::pair{300, 299}}) {
        float mx = -INFINITY;
        for (int q = pr * 4; q < std::min(T, pr * 4 + 4); ++q)
            for (int k = pc * 4; k < std::min(q + 1, pc * 4 + 4); ++k) mx = std::max(mx, full(q, k));
        QCOMPARE(f->values()(pr, pc), mx);
        QCOMPARE(f->normalized().t(pr, pc), mx);
    }
    QVERIFY(std::isnan(f->normalized().t(0, 1)));  // no query of block 0 sees block 1
    QVERIFY(f->detail().image.isNull());           // the overview is what was painted

    // Zoomed in on one cell: the cells in view, read again, in the overview's colours.
    const int q = 1500, k = 1490;  // near the diagonal: masked cells in view too
    d->zoomAt(d->cellCenter(q, k), 64.0);
    const QImage shot = d->grab().toImage();
    const render::MatrixFigure::Detail& detail = f->detail();
    QVERIFY(!detail.image.isNull());
    QVERIFY(detail.r0 <= q && q < detail.r1 && detail.c0 <= k && k < detail.c1);
    QVERIFY(detail.r1 - detail.r0 < T / 2);  // only the rows in view (and a margin)
    const QRgb want = w.viewSettings()->style().cmap().at(full(q, k));
    QCOMPARE(detail.image.pixel(k - detail.c0, q - detail.r0), want);
    const QPointF at = d->cellCenter(q, k) * shot.devicePixelRatio();
    QCOMPARE(shot.pixel(at.toPoint()), want);
    // A cell above the diagonal shows the masked colour.
    QVERIFY(q + 1 < detail.c1);
    QCOMPARE(detail.image.pixel(q + 1 - detail.c0, q - detail.r0), w.viewSettings()->style().cmap().masked());

    // The mask view counts the allowed cells of the whole matrix, pooled or not.
    w.showView("mask");
    QTRY_VERIFY(w.maskView()->allowedFraction() > 0);
    QVERIFY(std::abs(w.maskView()->allowedFraction() - double(T + 1) / (2.0 * T)) < 1e-9);
}


// At 1,000 tokens a cell is under a pixel tall. On screen the head detail, the
// mask and the rollout label every k-th token at 7 points or more rather than
// shrinking labels to an unreadable 5 (what a print-sized export may use).
void tst_ViewsScale::screenLabelsKeepALegibleSize() {
    QFont seven = QApplication::font();
    seven.setPointSizeF(ViewSettings::kScreenLabelPoints);
    const double lineHeight = QFontMetricsF(seven).height();
    for (const QString& id : {QStringLiteral("head"), QStringLiteral("mask"), QStringLiteral("rollout")}) {
        win_->showView(id);
        TraceView* v = win_->currentView();
        const auto matrix = [&]() -> const render::MatrixFigure* {
            if (auto* m = qobject_cast<MaskView*>(v)) return m->figure();
            if (auto* d = qobject_cast<HeadDetailView*>(v)) return d->figure();
            if (auto* f = qobject_cast<FigureView*>(v))
                if (auto* r = dynamic_cast<const render::RolloutFigure*>(f->figure())) return &r->matrix();
            return nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(v->isVisible() && matrix(), 60000);
        v->grab();
        const auto& labels = matrix()->drawnLabels();
        int rows = 0;
        for (const auto& l : labels) {
            if (!l.row) continue;
            ++rows;
            QVERIFY2(l.rect.height() >= lineHeight - 0.01,
                     qPrintable(QStringLiteral("%1: query %2's label is %3 px tall, under a 7 pt line (%4 px)")
                                    .arg(id).arg(l.index).arg(l.rect.height()).arg(lineHeight)));
        }
        QVERIFY2(rows >= 5, qPrintable(id));
    }
}

// The bars under the head detail and the rollout are short. Labels on their
// side were cut off mid-glyph at the figure's bottom, and single characters
// were laid on their side too. Now characters stand upright (every k-th) and
// longer tokens are elided to the room there is; every label is inside the
// figure and none overlaps another.
void tst_ViewsScale::rowBarLabelsAreWholeOrElidedInsideTheFigure() {
    const int T = 300;
    const QStringList longWords{QStringLiteral("␣internationalisation"), QStringLiteral("ab"), QStringLiteral("␣counterrevolutionaries")};
    for (const bool chars : {true, false}) {
        render::FigureData data;
        for (int i = 0; i < T; ++i)
            data.tokens << (chars ? QString(QChar(u'a' + i % 26)) : longWords[i % longWords.size()]);
        std::vector<float> row(size_t(T), 0.001f);
        row[7] = 0.5f;
        const render::QueryBarsFigure fig(data, row, 7, QStringLiteral("t"), render::Style(), false);
        for (const int height : {90, 120, 600}) {
            const QRectF area(0, 0, 700, height);
            QImage img(area.size().toSize(), QImage::Format_RGB32);
            {
                QPainter p(&img);
                fig.paint(p, area);
            }
            const auto& drawn = fig.drawnLabels();
            const QString where = QStringLiteral("%1, height %2").arg(chars ? "characters" : "words").arg(height);
            QVERIFY2(drawn.size() >= 10, qPrintable(where));
            for (size_t i = 0; i < drawn.size(); ++i) {
                const auto& l = drawn[i];
                QVERIFY2(area.contains(l.rect), qPrintable(where + ": " + l.text));
                QCOMPARE(l.upright, chars);
                const QString& full = data.tokens[l.key];
                QVERIFY2(l.text == full || (l.text.endsWith(QChar(0x2026)) && full.startsWith(l.text.chopped(1))),
                         qPrintable(where + ": " + l.text));
                if (i > 0) QVERIFY2(!l.rect.intersects(drawn[i - 1].rect), qPrintable(where + ": " + l.text));
            }
            // Short, the long words are elided; tall (a label may take 30% of
            // the height), every one is whole.
            const auto whole = std::count_if(drawn.begin(), drawn.end(),
                                             [&](const auto& l) { return l.text == data.tokens[l.key]; });
            if (!chars && height == 90) QVERIFY2(whole < qsizetype(drawn.size()), qPrintable(where));
            if (chars || height == 600) QVERIFY2(whole == qsizetype(drawn.size()), qPrintable(where));
        }
    }
}

// The colour bar was 64 fixed slices: on a 2x screen, steps ten device pixels
// tall. Now it is one gradient: each device pixel row has its own colour.
void tst_ViewsScale::colourBarIsSmoothOnAHighDpiScreen() {
    const int n = 32;
    attnscope::MatrixRM w = attnscope::MatrixRM::Random(n, n).cwiseAbs();
    render::Style style;
    style.scale = render::Scale::Linear;
    const render::MatrixFigure fig(QStringLiteral("t"), w, render::MatrixKind::Weights, {}, {}, style,
                                   QStringLiteral("query"), QStringLiteral("key"), true);
    for (const double dpr : {1.0, 2.0}) {
        const QRectF area(0, 0, 700, 500);
        QImage img((area.size() * dpr).toSize(), QImage::Format_RGB32);
        img.setDevicePixelRatio(dpr);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            fig.paint(p, area);
        }
        const QRectF bar = fig.colorBarRect(area);
        QVERIFY(bar.height() > 150);
        const int x = int(bar.center().x() * dpr);
        std::set<QRgb> colours;
        for (int y = int(std::ceil((bar.top() + 2) * dpr)); y < int((bar.bottom() - 2) * dpr); ++y) colours.insert(img.pixel(x, y));
        const int want = int(std::min(256.0, (bar.height() - 4) * dpr) * 0.6);
        QVERIFY2(int(colours.size()) >= want,
                 qPrintable(QStringLiteral("%1x: %2 colours down a bar %3 device pixels tall")
                                .arg(dpr).arg(colours.size()).arg(bar.height() * dpr)));
    }
}

QTEST_MAIN(tst_ViewsScale)
#include "tst_views_scale.moc"
