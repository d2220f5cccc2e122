// tst_views_scale, continued: the head detail at 1,000 tokens and past 2,048,
// its labels, its search box and its heatmap drawn smaller than its cells
// (tst_views_scale.h has the test class).
#include "tst_views_scale.h"

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
    const int before = ws_->selection().query;
    QTest::keyClicks(search, QStringLiteral("q"));  // any case; typing alone leaves the query where it is
    QCOMPARE(ws_->selection().query, before);
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(ws_->selection().query, before < 123 || before >= 777 ? 123 : 777);
    if (ws_->selection().query == 777) QTest::keyClick(search, Qt::Key_Return);
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
// ones never overlap, long ones end in an ellipsis, and the key axis reads one
// way (single characters stood upright among sideways words), zoomed or not.
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
        int keysUpright = 0, keysSideways = 0;
        for (const auto& l : drawn) {
            QVERIFY2(area.contains(l.rect), qPrintable(l.text));
            const QString& full = labels[l.index];
            QVERIFY2(l.text == full || l.text.endsWith(QChar(0x2026)), qPrintable(l.text));
            if (l.row) QVERIFY2(l.horizontal, qPrintable(full));
            else (l.horizontal ? keysUpright : keysSideways) += 1;
            if (!l.row && l.horizontal) upright.push_back(l.rect);
        }
        QVERIFY2(keysUpright == 0 || keysSideways == 0,
                 qPrintable(QStringLiteral("zoom %1: %2 upright, %3 sideways").arg(zoom).arg(keysUpright).arg(keysSideways)));
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
