// Attribution and generation in the window, on the demo model, checked
// against the core on the same tokens and by what is painted:
// - the Attribution view's chips are coloured by the core's scores for the
//   target (the strongest token painted the deepest), the target follows a
//   click in Predictions, and the lens table has a row per block;
// - the ablation map shows the core's attribution-patching estimate, marked
//   as one, until the exact scan has run;
// - Run ▸ Generate writes the core's greedy continuation into the editor as
//   one undo step, and the step bar shows what the sampler saw at step k.
#include <QFile>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <algorithm>
#include <memory>

#include "attnscope/explain/attribution.h"
#include "attnscope/run/generate.h"
#include "attnscope/run/threads.h"
#include "gui/panels/generation_bar.h"
#include "gui/panels/predictions_model.h"
#include "gui/panels/predictions_panel.h"
#include "gui/views/ablation_view.h"
#include "gui/views/attribution_view.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/views/lens_model.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/workspace.h"
#include "render/figures/ablation_figure.h"
#include "render/figures/attribution_figure.h"
#include "session/document.h"

class tst_ReachGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void attributionChipsAreColouredByTheCoreScores();
    void predictionsClickChoosesTheTarget();
    void ablationShowsTheEstimateUntilTheScan();
    void generationWritesTheGreedyContinuation();
    void generationStepPaintsWhatThePrefixPaints();
    void generationLendsACoreWhileTheGuiIsAwake();
    void generationFramesReadWhatTheRunKnows();

private:
    attnscope::Model model() const { return attnscope::Model(ws_->document().model.weights); }
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};

void tst_ReachGui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttnScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_reach_gui"));
    QVERIFY(!session::demoModelPath().isEmpty());
}

void tst_ReachGui::init() {
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
}

void tst_ReachGui::cleanup() {
    win_.reset();
    ws_.reset();
}

void tst_ReachGui::attributionChipsAreColouredByTheCoreScores() {
    AttributionView* view = win_->attributionView();
    view->setMethod(QStringLiteral("grad"));
    win_->showView(QStringLiteral("attribution"));
    QTRY_VERIFY_WITH_TIMEOUT(view->textFigure() && !view->isComputing(), 60000);
    view->repaint();
    const auto trace = ws_->trace();
    const int T = trace->T();
    // The core on the same tokens: target the next token after the last (its argmax).
    const attnscope::GradientTarget target = attnscope::default_target(model(), trace->tokens, {}, T - 1);
    const attnscope::Attribution want = attnscope::attribute(model(), trace->tokens, {}, target);
    const render::Attribution& got = view->textFigure()->attribution();
    QCOMPARE(got.position, T - 1);
    QCOMPARE(int(got.scores.size()), T);
    for (int i = 0; i < T; ++i) QVERIFY2(std::abs(got.scores[size_t(i)] - want.grad[size_t(i)]) <= 1e-5 * (1 + want.grad[size_t(i)]), qPrintable(QString::number(i)));
    // Painted: the chip of the largest score is the deepest red, the smallest the palest.
    const auto& chips = view->textFigure()->drawnChips();
    QCOMPARE(int(chips.size()), T);
    const auto most = std::max_element(want.grad.begin(), want.grad.end()) - want.grad.begin();
    const auto least = std::min_element(want.grad.begin(), want.grad.end()) - want.grad.begin();
    const QImage shot = view->grab().toImage();
    const auto pixelAt = [&](ptrdiff_t i) {
        const auto it = std::find_if(chips.begin(), chips.end(), [&](const auto& c) { return c.index == int(i); });
        const QPointF p = it->rect.topLeft() + QPointF(2, 2);  // inside the chip, off its text
        return QColor(shot.pixel((p * shot.devicePixelRatio()).toPoint()));
    };
    QVERIFY2(pixelAt(most).lightness() < pixelAt(least).lightness(),
             qPrintable(QStringLiteral("%1 vs %2").arg(pixelAt(most).name(), pixelAt(least).name())));
    // The lens: a row per block, the last one the model's own prediction.
    QCOMPARE(view->lensModel()->rowCount(), trace->n_layer());
    // The direct logit attribution map: every head, the core's numbers.
    QVERIFY(view->logitFigure());
    QCOMPARE(view->logitFigure()->delta(1, 2), double(want.dla(1, 2)));
}

void tst_ReachGui::predictionsClickChoosesTheTarget() {
    AttributionView* view = win_->attributionView();
    win_->showView(QStringLiteral("attribution"));
    QTRY_VERIFY_WITH_TIMEOUT(view->textFigure() && !view->isComputing(), 60000);
    PredictionsModel* m = win_->predictions()->model();
    QTRY_VERIFY(m->rowCount() > 2);
    const int third = m->prediction().top[2].id;
    QTableView* table = win_->predictions()->findChild<QTableView*>(QStringLiteral("predictionsTable"));
    QVERIFY(table);
    const QRect cell = table->visualRect(m->index(2, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(ws_->attributionTarget(), third);
    QTRY_VERIFY_WITH_TIMEOUT(view->textFigure() && !view->isComputing() &&
                                 view->textFigure()->attribution().target == third,
                             60000);
    // Kept while the text changes (how an edit moves that one logit); Next token lets it go.
    win_->editor()->setPlainText(QStringLiteral("ROMEO: again"));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace()->T() == 12 && !ws_->isRunning(), 20000);
    QCOMPARE(ws_->attributionTarget(), third);
    QPushButton* next = nullptr;
    for (QPushButton* b : view->findChildren<QPushButton*>())
        if (b->text().contains(QLatin1String("token"))) next = b;
    QVERIFY(next);
    next->click();
    QCOMPARE(ws_->attributionTarget(), -1);
    QTRY_VERIFY_WITH_TIMEOUT(view->textFigure() && !view->isComputing() &&
                                 view->textFigure()->attribution().position == 11,
                             60000);
}

void tst_ReachGui::ablationShowsTheEstimateUntilTheScan() {
    AblationView* view = win_->ablationView();
    win_->showView(QStringLiteral("ablation"));
    QTRY_VERIFY_WITH_TIMEOUT(view->figure() && !view->isEstimating(), 60000);
    QCOMPARE(view->figure()->values(), render::AblationFigure::Values::Estimate);
    QVERIFY(view->figure()->title().contains(QLatin1String("estimate"), Qt::CaseInsensitive));
    const auto trace = ws_->trace();
    const attnscope::PatchEstimates want = attnscope::patch_estimates(model(), trace->tokens, {});
    for (int l = 0; l < trace->n_layer(); ++l)
        for (int h = 0; h < trace->n_head(); ++h) QCOMPARE(view->figure()->delta(l, h), double(want.estimate(l, h)));
    view->startScan();
    QTRY_VERIFY_WITH_TIMEOUT(!view->isScanning() && view->figure() &&
                                 view->figure()->values() == render::AblationFigure::Values::Scan,
                             120000);
    QVERIFY(!view->progressDialog() || !view->progressDialog()->isVisible());
}

void tst_ReachGui::generationWritesTheGreedyContinuation() {
    const QString before = win_->editor()->toPlainText();
    const auto prompt = ws_->trace()->tokens;
    attnscope::GenerateOptions o;
    o.max_new = 12;
    attnscope::Trace scratch;
    const attnscope::Generation want = attnscope::generate(model(), prompt, o, scratch);
    QSignalSpy finished(ws_.get(), &Workspace::generationFinished);
    ws_->startGenerating(o);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    QCOMPARE(ws_->generation().ids, want.ids);
    // The editor holds the prompt and the continuation, the new part marked.
    const QString after = win_->editor()->toPlainText();
    QVERIFY(after.startsWith(before));
    QCOMPARE(after.size() - before.size(), int(want.ids.size()));  // a character model: one character a token
    const auto [from, to] = win_->generatedRange();
    QCOMPARE(from, int(before.size()));
    QCOMPARE(to, int(after.size()));
    // Step k: the sampler's view when token k was chosen, in the step bar and Predictions.
    GenerationBar* bar = win_->generationBar();
    QVERIFY(bar->isVisible());
    bar->slider()->setValue(3);
    QTRY_COMPARE(ws_->generationStep(), 3);
    QTRY_COMPARE(ws_->trace()->T(), int(prompt.size()) + 2);
    const PredictionsModel* m = win_->predictions()->model();
    QTRY_VERIFY(m->rowCount() > 0);
    QCOMPARE(m->prediction().top[0].id, want.steps[2].top[0].id);
    // One undo takes the whole continuation back.
    win_->editor()->undo();
    QCOMPARE(win_->editor()->toPlainText(), before);
}

namespace {

// The head detail's heatmap as painted (its cells, not the titles and badges around it).
QImage paintedHeatmap(HeadDetailView* view, int T) {
    view->repaint();
    const QPointF first = view->cellCenter(0, 0), last = view->cellCenter(T - 1, T - 1);
    const QPointF half = (last - first) / (2.0 * (T - 1));
    const QRectF heat(first - half, last + half);
    const QImage shot = view->grab().toImage();
    const qreal dpr = shot.devicePixelRatio();
    return shot.copy(QRectF(heat.topLeft() * dpr, heat.size() * dpr).toAlignedRect().adjusted(2, 2, -2, -2));
}

}  // namespace

// Step k of a generation paints what a run of the prompt and the first k - 1
// new tokens paints (the mask is causal: its trace is the first rows of the
// final one), and step N paints the whole.
void tst_ReachGui::generationStepPaintsWhatThePrefixPaints() {
    const QString before = win_->editor()->toPlainText();
    const int P = ws_->trace()->T();
    attnscope::GenerateOptions o;
    o.max_new = 10;
    QSignalSpy finished(ws_.get(), &Workspace::generationFinished);
    ws_->startGenerating(o);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    const QString after = win_->editor()->toPlainText();
    win_->showView(QStringLiteral("head"));
    HeadDetailView* detail = win_->headDetail();
    GenerationBar* bar = win_->generationBar();
    constexpr int k = 4;
    bar->slider()->setValue(k);
    QTRY_COMPARE(ws_->trace()->T(), P + k - 1);
    QTRY_VERIFY(detail->figure() && detail->figure()->values().rows() == P + k - 1);
    const QImage atK = paintedHeatmap(detail, P + k - 1);
    bar->slider()->setValue(bar->slider()->maximum());
    QTRY_COMPARE(ws_->trace()->T(), P + int(ws_->generation().ids.size()) - 1);
    QTRY_VERIFY(detail->figure() && detail->figure()->values().rows() == ws_->trace()->T());
    const QImage atN = paintedHeatmap(detail, ws_->trace()->T());
    QVERIFY(atK != atN);
    // The same text typed: the prompt and the first k - 1 new characters.
    win_->editor()->setPlainText(after.left(before.size() + k - 1));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace()->T() == P + k - 1 && !ws_->isRunning(), 60000);
    QTRY_VERIFY(detail->figure() && detail->figure()->values().rows() == P + k - 1);
    const QImage typed = paintedHeatmap(detail, P + k - 1);
    QCOMPARE(typed.size(), atK.size());
    QVERIFY(typed == atK);
}

// While generating, the GUI thread's work takes a core from the generation's
// team (attnscope/run/threads.h), and the tokens come a frame's worth at a
// time, the first at once; when it ends, the core is back.
void tst_ReachGui::generationLendsACoreWhileTheGuiIsAwake() {
    QCOMPARE(attnscope::threads_now(2), 2);
    attnscope::GenerateOptions o;
    o.max_new = 40;
    std::vector<int> steps, threadsSeen;
    connect(ws_.get(), &Workspace::tokenGenerated, this, [&](int step, const QString&) {
        steps.push_back(step);
        threadsSeen.push_back(attnscope::threads_now(2));
    });
    QSignalSpy finished(ws_.get(), &Workspace::generationFinished);
    ws_->startGenerating(o);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    const int n = int(ws_->generation().ids.size());
    QCOMPARE(n, 40);
    QVERIFY(!steps.empty());
    QCOMPARE(steps.front(), 1);
    QCOMPARE(steps.back(), n);
    QVERIFY(std::is_sorted(steps.begin(), steps.end()) &&
            std::adjacent_find(steps.begin(), steps.end()) == steps.end());
    for (const int t : threadsSeen) QCOMPARE(t, 1);
    QCoreApplication::processEvents();
    QCOMPARE(attnscope::threads_now(2), 2);
    QCOMPARE(attnscope::threads_now(1), 1);
}

// While generating, a frame reads what the run already computed: the
// Predictions panel shows what the sampler saw at the newest token, with no
// unembedding read again, and the heads grid pools the run's thumbnails
// straight to the pixels a tile covered. When it ends, both are as before.
void tst_ReachGui::generationFramesReadWhatTheRunKnows() {
    // A model slow enough for frames to come while it writes (the demo
    // writes 200 tokens in about 100 ms).
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::gpt2(96, 512, 256, 4, 8), 3));
    win_->editor()->setPlainText(QStringLiteral("ROMEO:"));
    QTRY_VERIFY(ws_->trace() && ws_->trace()->T() == 6 && !ws_->isRunning());
    PredictionsPanel* panel = win_->predictions();
    QVERIFY(panel->isVisible());
    win_->showView(QStringLiteral("heads"));
    HeadsGridView* grid = win_->headsGrid();
    QTRY_VERIFY_WITH_TIMEOUT(grid->figure() && grid->figure()->trace() == ws_->trace().get() && !panel->isBusy(), 60000);
    QVERIFY(grid->figure()->options().poolTo.isEmpty());
    grid->repaint();
    const QSize tile = grid->figure()->paintedTile();
    QVERIFY2(tile.width() > 8 && tile.height() > 8 && tile.width() < 256,
             qPrintable(QStringLiteral("%1 x %2").arg(tile.width()).arg(tile.height())));
    const int P = ws_->trace()->T();
    const attnscope::Trace* before = grid->figure()->trace();
    attnscope::GenerateOptions o;
    o.max_new = 400;
    o.ignore_eos = true;
    int frames = 0, gridFrames = 0;
    connect(ws_.get(), &Workspace::traceReady, this, [&](const std::shared_ptr<const attnscope::Trace>& trace) {
        if (!ws_->isGenerating()) return;
        ++frames;
        const int T = trace->T();
        // The newest position chose step k's token.
        const int k = T - P + 1;
        const Workspace::Generation& g = ws_->generation();
        QVERIFY(k >= 1 && k <= int(g.steps.size()));
        QCOMPARE(panel->shownPosition(), T - 1);
        QVERIFY(!panel->isBusy());
        const attnscope::Prediction& shown = panel->model()->prediction();
        const std::vector<attnscope::TokenProb>& want = g.steps[size_t(k - 1)].top;
        QCOMPARE(shown.top.size(), want.size());
        for (size_t i = 0; i < want.size(); ++i) QCOMPARE(shown.top[i].id, want[i].id);
        QVERIFY(panel->headerLabel()->text().startsWith(QStringLiteral("Step %1:").arg(k)));
        QCOMPARE(panel->lossSummaryLabel()->text(), QStringLiteral("The loss of each new token comes when the generation ends."));
        // Large enough to be built on a worker: the figure of an earlier
        // frame, pooled to the tiles as last painted, so that painting it
        // pools nothing more (the tiles can change size as the generation
        // bar comes in).
        const render::HeadsGridFigure* f = grid->figure();
        QVERIFY(f);
        if (f->trace() != before) {
            const QSize poolTo = f->options().poolTo;
            QVERIFY(!poolTo.isEmpty() && poolTo.width() <= 256 && poolTo.height() <= 256);
            grid->repaint();
            if (f->paintedTile() == poolTo) {
                const render::Normalized& first = f->shownValues(0);
                QVERIFY(first.t.cols() <= poolTo.width() && first.t.rows() <= poolTo.height());
                ++gridFrames;
            }
        }
    });
    QSignalSpy finished(ws_.get(), &Workspace::generationFinished);
    ws_->startGenerating(o);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    QVERIFY(frames >= 1 && gridFrames >= 1);
    // The end: the grid has its room again, and the loss strip catches up.
    const int T = ws_->trace()->T();
    QCOMPARE(T, P + 400);
    QTRY_VERIFY_WITH_TIMEOUT(grid->figure() && grid->figure()->trace() == ws_->trace().get(), 60000);
    QVERIFY(grid->figure()->options().poolTo.isEmpty());
    // The worker's result is shown by a queued signal after it stops running.
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->lossesDone() == T - 1 &&
                                 panel->lossSummaryLabel()->text().startsWith(QStringLiteral("Surprise: mean next-token loss")),
                             60000);
    QCOMPARE(int(panel->losses().size()), T - 1);
    QCOMPARE(panel->shownPosition(), T - 1);
}

QTEST_MAIN(tst_ReachGui)
#include "tst_reach_gui.moc"
