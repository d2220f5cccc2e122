// Value-weighted norms in the views that read one row of the selected head:
// the query bars under the head detail and the text by attention follow the
// head detail's Show box. What they paint (the bars' rectangles and the
// chips' colours, read back from the widgets' pixels) is checked against the
// core's N = A · f (tst_norms.h has the class).
#include "tst_norms.h"

using namespace norms_test;

namespace {

// One row's two keys that weights and norms order most clearly apart: key
// `weightier` has the larger weight, key `normier` the larger norm. Neither is
// the query itself, whose chip the text by attention outlines.
struct SwappedKeys {
    int layer = -1, head = 0, q = 0, weightier = 0, normier = 0;
    double gap = 0;  // the smaller of the two differences, each over its row's largest
};

SwappedKeys clearestSwapOffTheQuery(const attnscope::Weights& w, const attnscope::Trace& trace) {
    SwappedKeys best;
    for (int l = 0; l < trace.n_layer(); ++l)
        for (int h = 0; h < trace.n_head(); ++h) {
            const attnscope::MatrixRM A = trace.head_weights(l, h), N = coreNorms(w, trace, l, h);
            for (int q = 2; q < trace.T(); ++q) {
                const double am = A.row(q).head(q + 1).maxCoeff(), nm = N.row(q).head(q + 1).maxCoeff();
                for (int a = 0; a < q; ++a)
                    for (int b = 0; b < q; ++b) {
                        const double gap = std::min((A(q, a) - A(q, b)) / am, (N(q, b) - N(q, a)) / nm);
                        if (gap > best.gap) best = {l, h, q, a, b, gap};
                    }
            }
        }
    return best;
}

// Chip i's background as painted: a pixel inside its padding, clear of the text.
QColor paintedChip(ValueStrip* strip, int i) {
    strip->repaint();
    const QImage shot = strip->grab().toImage();
    const QRect r = strip->chipRect(i);
    return QColor(shot.pixel((QPointF(r.left() + 1.5, r.top() + 1.5) * shot.devicePixelRatio()).toPoint()));
}

// How strong chip colour c is: 0 white, larger towards the strip's blue.
int chipStrength(const QColor& c) { return 255 - c.red(); }

}  // namespace

// Norms chosen on the head detail: its query bars stand as high as the
// query's row of the core's norms and the text by attention is coloured by
// it, two keys swapping places against the weights; raw scores colour the
// text by the row's scores (the bars keep the weights: no distribution to
// bar); the weights, chosen again, swap the two keys back.
void tst_Norms::queryBarsAndTextFollowTheHeadsShowKind() {
    const auto trace = ws_->trace();
    const SwappedKeys best = clearestSwapOffTheQuery(*weights(), *trace);
    QVERIFY2(best.gap > 0.15, qPrintable(QString::number(best.gap)));
    const int q = best.q, a = best.weightier, b = best.normier;
    const attnscope::MatrixRM A = trace->head_weights(best.layer, best.head);
    const attnscope::MatrixRM N = coreNorms(*weights(), *trace, best.layer, best.head);
    Selection s = ws_->selection();
    s.layer = best.layer;
    s.head = best.head;
    s.query = q;
    s.key = q;
    ws_->setSelection(s);
    win_->showView(QStringLiteral("head"));
    QueryBarsView* bars = win_->queryBars();
    AttentionTextPanel* text = win_->attentionText();
    QVERIFY(win_->attentionTextDock()->isVisible());
    ValueStrip* strip = text->strip();

    // The bars as painted, each as high over the plot as its value over the axis.
    const auto paintedBars = [&] {
        bars->repaint();
        const render::QueryBarsFigure* fig = bars->figure();
        std::vector<double> heights(size_t(trace->T()), -1);
        for (const auto& bar : fig->drawnBars())
            heights[size_t(bar.key)] = bar.rect.height() / fig->drawnPlot().height() * fig->axisMax();
        // The rectangles recorded are the pixels on screen: a bar's middle has its colour.
        const QImage shot = bars->grab().toImage();
        int seen = 0;
        for (const auto& bar : fig->drawnBars()) {
            if (bar.rect.height() < 4 || bar.rect.width() < 4) continue;
            const QColor px(shot.pixel((bar.rect.center() * shot.devicePixelRatio()).toPoint()));
            if (px != bar.color) qWarning("bar %d painted %s, recorded %s", bar.key, qPrintable(px.name()), qPrintable(bar.color.name()));
            seen += px == bar.color;
        }
        return std::make_pair(heights, seen);
    };
    const auto rowOf = [&](const attnscope::MatrixRM& m) {
        double worst = 0;
        for (int k = 0; k <= q; ++k) worst = std::max(worst, std::abs(strip->value(k) - double(m(q, k))));
        for (int k = q + 1; k < trace->T(); ++k)
            if (!std::isnan(strip->value(k))) return 1.0;  // a masked key coloured
        return worst;
    };

    // The weights (the default): the weightier key stands higher and is darker.
    QCOMPARE(render::MatrixKind(win_->headKindBox()->currentData().toInt()), render::MatrixKind::Weights);
    QTRY_VERIFY(bars->figure() && bars->figure()->query() == q && bars->figure()->head() == best.head);
    QCOMPARE(bars->figure()->kind(), render::MatrixKind::Weights);
    QTRY_COMPARE(text->query(), q);
    {
        const auto [h, seen] = paintedBars();
        QVERIFY(seen > 0);
        QVERIFY2(h[size_t(a)] > h[size_t(b)], qPrintable(QStringLiteral("%1 vs %2").arg(h[size_t(a)]).arg(h[size_t(b)])));
        QVERIFY(std::abs(h[size_t(a)] - A(q, a)) < 1e-6);
        QVERIFY2(rowOf(A) < 1e-6, qPrintable(QString::number(rowOf(A))));
        QVERIFY(chipStrength(paintedChip(strip, a)) > chipStrength(paintedChip(strip, b)) + 10);
        QVERIFY(text->header()->text().contains(QStringLiteral("attention weights")));
        QVERIFY(!bars->figure()->title().contains(QStringLiteral("norms")));
        QVERIFY(bars->figure()->title().contains(QStringLiteral("attention weights")));
        // What a screen reader hears names the strongest key by weight.
        int top = 0;
        A.row(q).head(q + 1).maxCoeff(&top);
        QVERIFY2(bars->accessibleDescription().contains(QStringLiteral("top keys: %1 “").arg(top)),
                 qPrintable(bars->accessibleDescription()));
    }

    // The norms: the same row the head detail's map shows, and the other key first.
    QVERIFY(choose(win_->headKindBox(), render::MatrixKind::Norms));
    QTRY_VERIFY(bars->figure() && bars->figure()->kind() == render::MatrixKind::Norms);
    QCOMPARE(text->shownKind(), render::MatrixKind::Norms);
    QVERIFY(bars->figure()->title().contains(QStringLiteral("norms")));
    QVERIFY(text->header()->text().contains(QStringLiteral("norms")));
    {
        const render::QueryBarsFigure* fig = bars->figure();
        for (int k = 0; k < trace->T(); ++k)
            QVERIFY2(std::abs(fig->values()[size_t(k)] - N(q, k)) <= 1e-5f,
                     qPrintable(QStringLiteral("key %1: %2 vs %3").arg(k).arg(fig->values()[size_t(k)]).arg(N(q, k))));
        QVERIFY(fig->axisMax() >= N.row(q).maxCoeff());
        const auto [h, seen] = paintedBars();
        QVERIFY(seen > 0);
        QCOMPARE(int(fig->drawnBars().size()), q + 1);  // the keys a causal query sees
        for (int k = 0; k <= q; ++k)
            QVERIFY2(std::abs(h[size_t(k)] - N(q, k)) <= 1e-5,
                     qPrintable(QStringLiteral("bar %1: %2 vs %3").arg(k).arg(h[size_t(k)]).arg(N(q, k))));
        QVERIFY2(h[size_t(b)] > h[size_t(a)], qPrintable(QStringLiteral("%1 vs %2").arg(h[size_t(b)]).arg(h[size_t(a)])));
        QVERIFY2(rowOf(N) < 1e-5, qPrintable(QString::number(rowOf(N))));
        QVERIFY(chipStrength(paintedChip(strip, b)) > chipStrength(paintedChip(strip, a)) + 10);
        QCOMPARE(paintedChip(strip, b), strip->chipColor(b));
        // ... and by norm now, in the bars and in the head detail above them.
        int top = 0;
        N.row(q).head(q + 1).maxCoeff(&top);
        const QString said = QStringLiteral("largest norms: %1 “").arg(top);
        QVERIFY2(bars->accessibleDescription().contains(said), qPrintable(bars->accessibleDescription()));
        QTRY_VERIFY2(win_->headDetail()->accessibleDescription().contains(said),
                     qPrintable(win_->headDetail()->accessibleDescription()));
    }
    // Fixed, the norms' axis holds any query's bars of the head: up to the
    // round number above its largest ‖v_j W_O‖ (N_ij = A_ij f_j <= f_j).
    bars->setFixedAxis(true);
    {
        const std::vector<float> f = attnscope::value_norm_factors(*weights(), *trace, best.layer, best.head);
        const double fmax = *std::max_element(f.begin(), f.end());
        const double axis = bars->figure()->axisMax();
        QVERIFY2(axis >= fmax && axis <= 2 * fmax, qPrintable(QStringLiteral("%1 for %2").arg(axis).arg(fmax)));
        s.query = q - 1;
        ws_->setSelection(s);
        QTRY_COMPARE(bars->figure()->query(), q - 1);
        QCOMPARE(bars->figure()->axisMax(), axis);
        s.query = q;
        ws_->setSelection(s);
        QTRY_COMPARE(bars->figure()->query(), q);
    }
    bars->setFixedAxis(false);

    // Raw scores: the text runs from the row's lowest score (white) to its
    // highest (full colour); the bars keep the weights and say nothing of scores.
    QVERIFY(choose(win_->headKindBox(), render::MatrixKind::Scores));
    QTRY_COMPARE(text->shownKind(), render::MatrixKind::Scores);
    QVERIFY(text->header()->text().contains(QStringLiteral("raw scores")));
    QTRY_VERIFY(bars->figure() && bars->figure()->kind() == render::MatrixKind::Weights);
    QVERIFY(bars->figure()->title().contains(QStringLiteral("attention weights")));
    {
        const attnscope::MatrixRM S = trace->head_scores(best.layer, best.head);
        QVERIFY2(rowOf(S) < 1e-5, qPrintable(QString::number(rowOf(S))));
        Eigen::Index lo = 0, hi = 0;
        S.row(q).head(q + 1).minCoeff(&lo);
        S.row(q).head(q + 1).maxCoeff(&hi);
        QCOMPARE(strip->chipColor(int(lo)), QColor(Qt::white));
        QCOMPARE(strip->chipColor(int(hi)), QColor(0x21, 0x66, 0xac));
    }

    // The weights again: the two keys swap back.
    QVERIFY(choose(win_->headKindBox(), render::MatrixKind::Weights));
    QTRY_VERIFY(bars->figure() && bars->figure()->kind() == render::MatrixKind::Weights);
    QCOMPARE(text->shownKind(), render::MatrixKind::Weights);
    const auto [h, seen] = paintedBars();
    QVERIFY(seen > 0 && h[size_t(a)] > h[size_t(b)]);
    QVERIFY2(rowOf(A) < 1e-6, qPrintable(QString::number(rowOf(A))));
    QVERIFY(chipStrength(paintedChip(strip, a)) > chipStrength(paintedChip(strip, b)) + 10);
}
