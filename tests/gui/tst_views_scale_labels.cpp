// tst_views_scale, continued: the query bars' labels, the colour bar and its
// caption, and labels of a legible size on screen (tst_views_scale.h has the
// test class).
#include "tst_views_scale.h"

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
