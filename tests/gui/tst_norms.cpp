// Value-weighted norms in the window: what the head detail paints when the
// Show box says norms (read back from the widget's pixels), the heads grid's
// and the token lines' own Show boxes, and a trace file, which cannot give
// norms, shown as weights with the reason said (tst_norms.h has the class).
#include "tst_norms.h"

using namespace norms_test;

void tst_Norms::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttnScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_norms"));
    QVERIFY(!session::demoModelPath().isEmpty());
    QVERIFY(tmp_.isValid());
}

void tst_Norms::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1280, 860);
    win_->show();
    QVERIFY(QTest::qWaitForWindowExposed(win_.get()));
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000) || !ready.isEmpty());
    ready.clear();
    win_->editor()->setPlainText(kText);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() == int(kText.size()) && !ws_->isRunning(), 60000);
}

void tst_Norms::cleanup() {
    win_.reset();
    ws_.reset();
}

// The detail with norms chosen paints N = A · f: read from the widget, a cell
// whose norm is larger is painted higher on the colour map than one whose norm
// is smaller, though its weight is the smaller of the two; with weights chosen
// the two cells swap.
void tst_Norms::headDetailPaintsTheNormsNotTheWeights() {
    const auto trace = ws_->trace();
    // The pair of one row that the two kinds order most clearly apart, both
    // on the row-normalised scale the window shows by default.
    struct Pair { int layer = -1, head = 0, q = 0, weightier = 0, normier = 0; double gap = 0; } best;
    for (int l = 0; l < trace->n_layer(); ++l)
        for (int h = 0; h < trace->n_head(); ++h) {
            const attnscope::MatrixRM A = trace->head_weights(l, h), N = coreNorms(*weights(), *trace, l, h);
            for (int q = 0; q < trace->T(); ++q) {
                const double am = A.row(q).head(q + 1).maxCoeff(), nm = N.row(q).head(q + 1).maxCoeff();
                for (int a = 0; a <= q; ++a)
                    for (int b = 0; b <= q; ++b) {
                        const double gap = std::min((A(q, a) - A(q, b)) / am, (N(q, b) - N(q, a)) / nm);
                        if (gap > best.gap) best = {l, h, q, a, b, gap};
                    }
            }
        }
    QVERIFY2(best.gap > 0.15, qPrintable(QString::number(best.gap)));
    Selection s = ws_->selection();
    s.layer = best.layer;
    s.head = best.head;
    s.query = s.key = -1;  // no outline over the cells read
    ws_->setSelection(s);
    win_->showView(QStringLiteral("head"));
    HeadDetailView* d = win_->headDetail();
    QComboBox* show = win_->headKindBox();
    QVERIFY(show);
    QVERIFY(choose(show, render::MatrixKind::Norms));
    QVERIFY(!show->itemData(show->currentIndex(), Qt::ToolTipRole).toString().isEmpty());
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Norms && d->figure()->head() == best.head);
    QVERIFY(d->figure()->title().contains(QStringLiteral("norms")));
    const attnscope::MatrixRM N = coreNorms(*weights(), *trace, best.layer, best.head);
    QCOMPARE(d->figure()->values().rows(), N.rows());
    QVERIFY((d->figure()->values() - N).cwiseAbs().maxCoeff() <= 1e-6f);
    const render::ColorMap& cmap = render::ColorMap::get(win_->viewSettings()->colormap());
    const auto painted = [&](int q, int k) {
        d->repaint();
        const QImage shot = d->grab().toImage();
        return colorValue(cmap, QColor(shot.pixel((d->cellCenter(q, k) * shot.devicePixelRatio()).toPoint())));
    };
    const double rowMax = N.row(best.q).head(best.q + 1).maxCoeff();
    const double tw = painted(best.q, best.weightier), tn = painted(best.q, best.normier);
    QVERIFY2(tn > tw + 0.1, qPrintable(QStringLiteral("norms: %1 vs %2").arg(tn).arg(tw)));
    // The colours are the norms' own, each over its row's largest.
    QVERIFY2(std::abs(tn - N(best.q, best.normier) / rowMax) < 0.03, qPrintable(QString::number(tn)));
    QVERIFY2(std::abs(tw - N(best.q, best.weightier) / rowMax) < 0.03, qPrintable(QString::number(tw)));
    // The hover readout names the norm.
    QTest::mouseMove(d, d->cellCenter(best.q, best.normier).toPoint());
    QTRY_VERIFY(d->hover().hasNorm);
    QVERIFY(std::abs(d->hover().norm - N(best.q, best.normier)) <= 1e-5f * (1 + N(best.q, best.normier)));
    QEvent leave(QEvent::Leave);  // no crosshair through the cells read next
    QCoreApplication::sendEvent(d, &leave);
    QVERIFY(d->hover().query < 0);
    // The weights, chosen again, order the two cells the other way.
    QVERIFY(choose(show, render::MatrixKind::Weights));
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Weights);
    const double ww = painted(best.q, best.weightier), wn = painted(best.q, best.normier);
    QVERIFY2(ww > wn + 0.1, qPrintable(QStringLiteral("weights: %1 vs %2").arg(ww).arg(wn)));
    // The Export dialog's recipe carries the kind shown.
    QVERIFY(choose(show, render::MatrixKind::Norms));
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    QCOMPARE(dlg.recipe().kind, render::MatrixKind::Norms);
    QCOMPARE(dlg.recipe().view, QStringLiteral("head"));
}

// The grid's and the lines' Show boxes: their figures draw the core's norms,
// each row over its largest (the default scale), and export them.
void tst_Norms::gridAndLinesDrawTheNorms() {
    const auto trace = ws_->trace();
    HeadsGridView* grid = win_->headsGrid();
    win_->showView(QStringLiteral("heads"));
    QVERIFY(!win_->gridKindBox()->toolTip().isEmpty());
    QVERIFY(choose(win_->gridKindBox(), render::MatrixKind::Norms));
    QTRY_VERIFY(grid->figure() && grid->figure()->options().kind == render::MatrixKind::Norms && !grid->isBuilding());
    QVERIFY(grid->figure()->title().contains(QStringLiteral("norms")));
    grid->canvas()->repaint();
    const int layer = 2, head = 3;
    const int i = grid->figure()->indexOf(layer, head);
    QVERIFY(i >= 0);
    const render::Normalized& shown = grid->figure()->shownValues(i);
    const attnscope::MatrixRM N = coreNorms(*weights(), *trace, layer, head);
    const attnscope::MatrixRM A = trace->head_weights(layer, head);
    QCOMPARE(shown.t.rows(), N.rows());  // a tile of 25 cells in far more pixels: not pooled
    double worst = 0, apart = 0;
    for (int q = 0; q < trace->T(); ++q) {
        const double nm = N.row(q).head(q + 1).maxCoeff(), am = A.row(q).head(q + 1).maxCoeff();
        for (int k = 0; k <= q; ++k) {
            worst = std::max(worst, std::abs(shown.t(q, k) - N(q, k) / nm));
            apart = std::max(apart, std::abs(shown.t(q, k) - A(q, k) / am));
        }
    }
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
    QVERIFY2(apart > 0.1, "the tile would look the same as the weights'");
    {
        ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
        QCOMPARE(dlg.recipe().kind, render::MatrixKind::Norms);
        const auto* fig = dynamic_cast<const render::HeadsGridFigure*>(dlg.figure());
        QVERIFY(fig && fig->options().kind == render::MatrixKind::Norms);
    }

    TokenLinesView* lines = win_->tokenLines();
    Selection s = ws_->selection();
    s.layer = layer;
    s.head = head;
    ws_->setSelection(s);
    win_->showView(QStringLiteral("lines"));
    QVERIFY(choose(lines->kindBox(), render::MatrixKind::Norms));
    QTRY_VERIFY(lines->figure() && lines->figure()->kind() == render::MatrixKind::Norms);
    QVERIFY(lines->figure()->title().contains(QStringLiteral("norms")));
    const auto& drawn = lines->figure()->lines();
    QVERIFY(!drawn.empty());
    for (const render::TokenLinesFigure::Line& ln : drawn) {
        const double want = N(ln.query, ln.key) / N.row(ln.query).maxCoeff();
        QVERIFY2(std::abs(ln.weight - want) < 1e-5, qPrintable(QStringLiteral("%1>%2").arg(ln.query).arg(ln.key)));
    }
    // Each query's strongest line goes to its largest norm (not its largest weight).
    bool differs = false;
    for (int q = 0; q < trace->T(); ++q) {
        Eigen::Index kn = 0, ka = 0;
        N.row(q).maxCoeff(&kn);
        A.row(q).maxCoeff(&ka);
        differs = differs || kn != ka;
        QVERIFY(std::any_of(drawn.begin(), drawn.end(), [&](const auto& ln) {
            return ln.query == q && ln.key == int(kn) && std::abs(ln.weight - 1.0f) < 1e-6f;
        }));
    }
    QVERIFY2(differs, "no query's largest norm is off its largest weight: the check above tells nothing");
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    QCOMPARE(dlg.recipe().kind, render::MatrixKind::Norms);
    QCOMPARE(dlg.recipe().view, QStringLiteral("lines"));
}

// Norms chosen in every view, then a trace file opened: each view draws the
// file's weights (the query bars and the text by attention too, naming the
// weights), the norms can no longer be chosen and say why, and the status bar
// says what happened. The core refuses too.
void tst_Norms::traceFileFallsBackToTheWeights() {
    QComboBox* show = win_->headKindBox();
    win_->showView(QStringLiteral("head"));
    QVERIFY(choose(show, render::MatrixKind::Norms));
    QTRY_VERIFY(win_->headDetail()->figure() && win_->headDetail()->figure()->kind() == render::MatrixKind::Norms);
    QTRY_VERIFY(win_->queryBars()->figure() && win_->queryBars()->figure()->kind() == render::MatrixKind::Norms);
    QCOMPARE(win_->attentionText()->shownKind(), render::MatrixKind::Norms);
    QVERIFY(choose(win_->gridKindBox(), render::MatrixKind::Norms));
    QVERIFY(choose(win_->tokenLines()->kindBox(), render::MatrixKind::Norms));
    QSignalSpy changed(ws_.get(), &Workspace::documentChanged);
    QSignalSpy checked(win_.get(), &MainWindow::traceFileChecked);
    win_->openTraceFile(traceFixture());
    QVERIFY((checked.wait(20000) || !checked.isEmpty()) && checked.first().at(1).toBool());
    QVERIFY(changed.wait(20000) || !changed.isEmpty());
    QVERIFY(ws_->isTraceFile());
    QVERIFY2(win_->statusBar()->currentMessage().contains(QStringLiteral("trace file")),
             qPrintable(win_->statusBar()->currentMessage()));
    for (QComboBox* box : {show, win_->gridKindBox(), win_->tokenLines()->kindBox()}) {
        QCOMPARE(render::MatrixKind(box->currentData().toInt()), render::MatrixKind::Weights);
        auto* items = qobject_cast<QStandardItemModel*>(box->model());
        QStandardItem* norms = items->item(box->findData(int(render::MatrixKind::Norms)));
        QVERIFY(!norms->isEnabled());
        QVERIFY(norms->toolTip().contains(QStringLiteral("needs the model"), Qt::CaseInsensitive));
    }
    // Even asked for norms (as a restored setting might), each view draws weights.
    win_->headDetail()->setKind(render::MatrixKind::Norms);
    const auto file = attnscope::open_trace_file(traceFixture().toStdString());
    const Selection& s = ws_->selection();
    HeadDetailView* d = win_->headDetail();
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Weights);
    const attnscope::MatrixRM want = file->imported->head(s.layer, s.head);
    QCOMPARE(d->figure()->values()(want.rows() - 1, 1), want(want.rows() - 1, 1));
    QCOMPARE(win_->queryBars()->kind(), render::MatrixKind::Norms);  // asked for, as the detail was
    const int q = int(want.rows()) - 1;
    Selection last = ws_->selection();
    last.query = last.key = q;
    ws_->setSelection(last);
    QTRY_VERIFY(win_->queryBars()->figure() && win_->queryBars()->figure()->query() == q);
    QCOMPARE(win_->queryBars()->figure()->kind(), render::MatrixKind::Weights);
    QVERIFY(!win_->queryBars()->figure()->title().contains(QStringLiteral("norms")));
    AttentionTextPanel* text = win_->attentionText();
    QCOMPARE(text->kind(), render::MatrixKind::Norms);
    QCOMPARE(text->shownKind(), render::MatrixKind::Weights);
    QTRY_COMPARE(text->query(), q);
    QVERIFY(text->header()->text().contains(QStringLiteral("attention weights")));
    for (int k = 0; k <= q; ++k) {
        QCOMPARE(win_->queryBars()->figure()->values()[size_t(k)], want(q, k));
        QCOMPARE(text->strip()->value(k), double(want(q, k)));
    }
    QCOMPARE(win_->headsGrid()->kind(), render::MatrixKind::Weights);
    win_->showView(QStringLiteral("heads"));
    QTRY_VERIFY(win_->headsGrid()->figure() && !win_->headsGrid()->isBuilding());
    QCOMPARE(win_->headsGrid()->figure()->options().kind, render::MatrixKind::Weights);
    win_->showView(QStringLiteral("lines"));
    QTRY_VERIFY(win_->tokenLines()->figure());
    QCOMPARE(win_->tokenLines()->figure()->kind(), render::MatrixKind::Weights);
    const auto error = testutil::errorOf([&] { render::normFactors(*ws_->trace(), 0, 0); });
    QVERIFY(error && QString::fromStdString(error->what()).contains(QStringLiteral("need the model")));
    // Back to a model: norms can be chosen again.
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->openModel(QString());
    QVERIFY(ready.wait(30000) || !ready.isEmpty());
    auto* items = qobject_cast<QStandardItemModel*>(show->model());
    QVERIFY(items->item(show->findData(int(render::MatrixKind::Norms)))->isEnabled());
}

QTEST_MAIN(tst_Norms)
#include "moc_tst_norms.cpp"
