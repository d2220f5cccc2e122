// The heads grid and the head detail at GPT-2-small's shape: 12 layers x 12
// heads at 1,000 tokens in a 1600 x 1000 window (96 wide rather than 768, so
// the runs stay quick on two cores; the width changes nothing the views draw).
// Every check reads what the figure on screen painted.
#include "tst_views_scale.h"

namespace {

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

// A causal map says its cells past the diagonal are masked (upperMasked), and
// pooling then stops each row there: the same cells, bit for bit, as pooling
// the whole row, for max and mean, square or not, down to any size.
void tst_ViewsScale::poolingSkipsOnlyMaskedCells() {
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (const int T : {1, 7, 64, 197}) {
        render::Normalized n;
        n.t.resize(T, T);
        for (int r = 0; r < T; ++r)
            for (int c = 0; c < T; ++c) n.t(r, c) = u(rng);
        render::maskUpperTriangle(n);
        QVERIFY(n.upperMasked);
        render::Normalized plain = n;
        plain.upperMasked = false;
        for (const render::Pooling mode : {render::Pooling::Max, render::Pooling::Mean})
            for (const auto& [rows, cols] : {std::pair{1, 1}, {5, 5}, {13, 29}, {T, T / 2 + 1}, {60, 60}}) {
                const render::Normalized a = render::grid_thumbnails::pool(n, rows, cols, mode);
                const render::Normalized b = render::grid_thumbnails::pool(plain, rows, cols, mode);
                QCOMPARE(a.t.rows(), b.t.rows());
                QCOMPARE(a.t.cols(), b.t.cols());
                QVERIFY(std::memcmp(a.t.data(), b.t.data(), size_t(a.t.size()) * sizeof(float)) == 0);
            }
    }
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
    const std::vector<int> cells = render::grid_thumbnails::thumbnailCells(tr);
    for (const auto& [layer, head] : {std::pair{7, 3}, std::pair{11, 10}}) {
        // Pooled on as the blocks are read: the cells of the whole 250 x 250
        // thumbnail pooled afterwards, bit for bit.
        using render::grid_thumbnails::runThumbnail;
        const auto whole = runThumbnail(tr, layer, head, render::Scale::Linear, 250, render::Pooling::Max, cells);
        const auto fused = runThumbnail(tr, layer, head, render::Scale::Linear, 97, render::Pooling::Max, cells);
        QVERIFY(whole && fused);
        QCOMPARE(whole->t.rows(), 250);
        const render::Normalized after = render::grid_thumbnails::pool(*whole, 97, 97, render::Pooling::Max);
        QCOMPARE(fused->t.rows(), 97);
        QCOMPARE(fused->t.cols(), 97);
        QVERIFY(std::memcmp(fused->t.data(), after.t.data(), size_t(after.t.size()) * sizeof(float)) == 0);
        QVERIFY(fused->upperMasked && after.upperMasked);
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
    // Built with the side a tile was painted at as its resolution, as while a
    // generation runs: the run's blocks pooled straight to those pixels paint
    // the same pixels as pooled to 250 first and then to the tile.
    render::Style style = vs->style();
    style.showTitle = false;
    render::GridOptions o = g->figure()->options();
    o.maxRes = 256;
    const auto paintedBy = [&](const render::HeadsGridFigure& f) {
        QImage img(1100, 900, QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        QPainter p(&img);
        f.paint(p, QRectF(0, 0, img.width(), img.height()));
        return img;
    };
    const render::HeadsGridFigure roomy(ws_->figureData(), style, {}, 0, o);
    const QImage fromRoomy = paintedBy(roomy);
    o.poolTo = roomy.paintedTile();
    QVERIFY2(o.poolTo.width() > 20 && o.poolTo.width() < 250 && o.poolTo.height() > 20 && o.poolTo.height() < 250,
             qPrintable(QStringLiteral("%1 x %2").arg(o.poolTo.width()).arg(o.poolTo.height())));
    const render::HeadsGridFigure direct(ws_->figureData(), style, {}, 0, o);
    QVERIFY(paintedBy(direct) == fromRoomy);
    for (int i = 0; i < roomy.panelCount(); ++i) {
        const render::Normalized &a = roomy.shownValues(i), &b = direct.shownValues(i);
        QCOMPARE(a.t.rows(), b.t.rows());
        QCOMPARE(a.t.cols(), b.t.cols());
        QVERIFY(std::memcmp(a.t.data(), b.t.data(), size_t(a.t.size()) * sizeof(float)) == 0);
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

QTEST_MAIN(tst_ViewsScale)
#include "moc_tst_views_scale.cpp"
