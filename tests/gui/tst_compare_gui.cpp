// The Compare tab in the app, offscreen: what it paints is the comparison of
// the trace on screen with B for the selected head; the checkpoint timeline
// steps the painted B; the head statistics gain B − A columns; bad B input is
// an error on screen, never a crash.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "attnscope/explain/compare.h"
#include "attnscope/explain/head_stats.h"
#include "attnscope/model/model_file.h"
#include "attnscope/model/weights.h"
#include "gui/views/compare_view.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/window/main_window.h"
#include "session/document.h"
#include "testutil.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;

class tst_CompareGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void textBPaintsTheSelectedHead();
    void editingAReusesTextB();
    void timelineStepsThePaintedB();
    void headStatsGainDeltaColumns();
    void otherShapeOrCorruptFileIsAnErrorOnScreen();
    void exportDialogExportsTheComparison();

private:
    bool waitForTrace();
    QString saveRandom(const QString& name, uint64_t seed, int nLayer = -1);
    void setText(const QString& text);
    void select(int layer, int head);
    CompareView* view() const { return win_->compareView(); }
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
    QTemporaryDir dir_;
};

namespace {
constexpr int kWait = 60000;
const QString kTextB = QStringLiteral("JULIET: Who calls so late");
}  // namespace

void tst_CompareGui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_compare_gui");
    QVERIFY(dir_.isValid());
}

void tst_CompareGui::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1300, 850);
    win_->show();
    QVERIFY(QTest::qWaitForWindowExposed(win_.get()));
    win_->restoreSession();
    QVERIFY(waitForTrace());
    QVERIFY(view());
    win_->showView("compare");
}

void tst_CompareGui::cleanup() {
    win_.reset();
    ws_.reset();
}

bool tst_CompareGui::waitForTrace() {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    return ready.wait(kWait) || !ready.isEmpty();
}

QString tst_CompareGui::saveRandom(const QString& name, uint64_t seed, int nLayer) {
    ModelConfig c = ws_->document().model.weights->config;
    if (nLayer > 0) c.n_layer = nLayer;
    const QString path = dir_.filePath(name);
    save_model(testutil::str(path), random_weights(c, seed));
    return path;
}

void tst_CompareGui::setText(const QString& text) {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->editor()->setPlainText(text);
    QVERIFY(ready.wait(kWait));
}

void tst_CompareGui::select(int layer, int head) {
    Selection s = ws_->selection();
    s.layer = layer;
    s.head = head;
    ws_->setSelection(s);
}

// Typing text B compares it; the figure painted is of the selected head, of
// the trace on screen and B, in the chosen mode; both are remembered.
void tst_CompareGui::textBPaintsTheSelectedHead() {
    select(1, 2);
    QVERIFY(!view()->figure());
    view()->textEdit()->setPlainText(kTextB);
    QTRY_VERIFY_WITH_TIMEOUT(view()->figure() && view()->figure()->hasB(), kWait);
    const render::CompareFigure* fig = view()->figure();
    QCOMPARE(fig->layer(), 1);
    QCOMPARE(fig->head(), 2);
    QVERIFY2(fig->bCaption().contains("JULIET"), qPrintable(fig->bCaption()));
    const auto c = view()->comparer()->comparison();
    QVERIFY(c);
    QCOMPARE(c->a, ws_->trace());
    QCOMPARE(fig->difference(), weight_difference(*ws_->trace(), *c->b, 1, 2));
    QCOMPARE(QSettings().value("compare/text").toString(), kTextB);
    // What is on screen is that difference: a painted cell has its colour.
    const QImage shot = view()->grab().toImage();
    const QRectF heat = fig->differenceRect(view()->figureArea());
    const int n = fig->common();
    const double cell = heat.width() / n;
    const qreal dpr = shot.devicePixelRatio();
    const QPointF at(heat.left() + 0.5 * cell, heat.top() + (n - 0.5) * cell);
    QCOMPARE(QColor(shot.pixel((at * dpr).toPoint())), fig->differenceColor(n - 1, 0));
    // Another head: the figure follows it.
    select(2, 3);
    QTRY_VERIFY_WITH_TIMEOUT(view()->figure() && view()->figure()->layer() == 2 && view()->figure()->head() == 3, kWait);
    QCOMPARE(view()->figure()->difference(), weight_difference(*ws_->trace(), *c->b, 2, 3));
    // The difference alone, from the mode box; remembered.
    auto* mode = view()->findChild<QComboBox*>(QStringLiteral("compareMode"));
    QVERIFY(mode);
    mode->setCurrentIndex(mode->findData(int(render::CompareMode::Difference)));
    QTRY_VERIFY(view()->figure() && view()->figure()->mode() == render::CompareMode::Difference);
    QVERIFY(!view()->figure()->panelA());
    QCOMPARE(QSettings().value("compare/mode").toString(), QStringLiteral("difference"));
    // The status line names both texts' lengths.
    QVERIFY2(view()->statusLabel()->text().contains(QString::number(c->b->T())), qPrintable(view()->statusLabel()->text()));
}

// A new text A re-pairs the comparison without running B again.
void tst_CompareGui::editingAReusesTextB() {
    view()->comparer()->compareWithText(kTextB);
    QTRY_VERIFY_WITH_TIMEOUT(view()->comparer()->comparison(), kWait);
    const auto b = view()->comparer()->comparison()->b;
    QSignalSpy changed(view()->comparer(), &Comparer::comparisonChanged);
    setText(QStringLiteral("ROMEO: a different text A, longer than before"));
    QTRY_VERIFY_WITH_TIMEOUT(view()->comparer()->comparison() && view()->comparer()->comparison()->a == ws_->trace(), kWait);
    QCOMPARE(view()->comparer()->comparison()->b, b);
    QTRY_VERIFY(view()->figure() && view()->figure()->common() == std::min(ws_->trace()->T(), b->T()));
    QVERIFY(!changed.isEmpty());
}

// Four checkpoints of one shape: Next (Alt+PgDown), the slider and Previous
// step B through them, and the figure's title and numbers follow; at most
// three stay loaded.
void tst_CompareGui::timelineStepsThePaintedB() {
    QStringList paths;
    for (int i = 1; i <= 4; ++i) paths << saveRandom(QString("ckpt-%1.safetensors").arg(i * 1000), uint64_t(i));
    select(0, 1);
    view()->comparer()->compareWithModels(paths);
    auto painted = [&](int step) {
        const render::CompareFigure* f = view()->figure();
        return f && f->hasB() && f->bCaption() == QFileInfo(paths[step]).fileName();
    };
    QTRY_VERIFY_WITH_TIMEOUT(painted(0), kWait);
    QVERIFY(view()->timeline()->isVisible());
    QCOMPARE(view()->timeline()->maximum(), 3);
    QVERIFY(view()->figure()->title().contains("ckpt-1000"));
    const MatrixRM first = view()->figure()->difference();
    // Alt+PgDown: the next checkpoint.
    QTest::keyClick(win_.get(), Qt::Key_PageDown, Qt::AltModifier);
    QTRY_VERIFY_WITH_TIMEOUT(painted(1), kWait);
    QCOMPARE(view()->comparer()->step(), 1);
    QCOMPARE(view()->timeline()->value(), 1);
    QVERIFY(view()->figure()->difference() != first);
    // The numbers are that checkpoint's.
    const session::Document d2 = session::openDocument(paths[1]);
    const Trace b2 = Model(d2.model.weights).run(ws_->trace()->tokens);
    QCOMPARE(view()->figure()->difference(), weight_difference(*ws_->trace(), b2, 0, 1));
    // The slider, then Previous (Alt+PgUp).
    view()->timeline()->setValue(3);
    QTRY_VERIFY_WITH_TIMEOUT(painted(3), kWait);
    QCOMPARE(view()->comparer()->loadedModels(), Comparer::kMaxLoaded);
    QTest::keyClick(win_.get(), Qt::Key_PageUp, Qt::AltModifier);
    QTRY_VERIFY_WITH_TIMEOUT(painted(2), kWait);
    // Back to the first: loaded again (it was the least recently used), same picture.
    view()->comparer()->setStep(0);
    QTRY_VERIFY_WITH_TIMEOUT(painted(0), kWait);
    QCOMPARE(view()->figure()->difference(), first);
    QVERIFY(view()->comparer()->loadedModels() <= Comparer::kMaxLoaded);
    // The export recipe names the checkpoint shown.
    session::Recipe r;
    view()->fillRecipe(r);
    QCOMPARE(r.compareModel, QFileInfo(paths[0]).absoluteFilePath());
}

// While a comparison is on, the table has sortable B − A columns.
void tst_CompareGui::headStatsGainDeltaColumns() {
    HeadStatsModel* m = win_->headStats()->model();
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY_WITH_TIMEOUT(m->rowCount() > 0 && !win_->headStats()->isBusy(), kWait);
    QCOMPARE(m->columnCount(), int(HeadStatsModel::Labels) + 1);
    view()->comparer()->compareWithText(kTextB);
    QTRY_VERIFY_WITH_TIMEOUT(m->hasDeltas() && !win_->headStats()->isBusy(), kWait);
    QCOMPARE(m->columnCount(), int(HeadStatsModel::ColumnCount));
    const auto c = view()->comparer()->comparison();
    const std::vector<HeadStats> a = head_statistics(*ws_->trace(), 1), b = head_statistics(*c->b, 1);
    const int row = m->rowOf(1, 3);
    const size_t i = size_t(1 * ws_->trace()->n_head() + 3);
    QCOMPARE(m->data(m->index(row, HeadStatsModel::DeltaPrevToken), Qt::UserRole).toDouble(), b[i].prev_token - a[i].prev_token);
    QCOMPARE(m->data(m->index(row, HeadStatsModel::DeltaEntropy), Qt::UserRole).toDouble(), b[i].entropy - a[i].entropy);
    QVERIFY(m->headerData(HeadStatsModel::DeltaSelf, Qt::Horizontal).toString().contains(QStringLiteral("Δ")));
    // Sorted by Δ prev token, largest first.
    win_->headStats()->table()->sortByColumn(HeadStatsModel::DeltaPrevToken, Qt::DescendingOrder);
    QSortFilterProxyModel* p = win_->headStats()->sorted();
    double best = -1e9;
    for (size_t k = 0; k < a.size(); ++k) best = std::max(best, b[k].prev_token - a[k].prev_token);
    QCOMPARE(p->data(p->index(0, HeadStatsModel::DeltaPrevToken), Qt::UserRole).toDouble(), best);
    // Stopping the comparison takes the columns away.
    view()->comparer()->clear();
    QTRY_VERIFY(!m->hasDeltas());
    QCOMPARE(m->columnCount(), int(HeadStatsModel::Labels) + 1);
}

void tst_CompareGui::otherShapeOrCorruptFileIsAnErrorOnScreen() {
    const int layers = ws_->document().model.weights->config.n_layer;
    QSignalSpy failed(view()->comparer(), &Comparer::failed);
    view()->comparer()->compareWithModels({saveRandom("deeper.safetensors", 1, layers + 2)});
    QVERIFY(failed.wait(kWait));
    QVERIFY2(view()->comparer()->problem().contains("same shape"), qPrintable(view()->comparer()->problem()));
    QVERIFY2(view()->statusLabel()->text().contains(QString("model B has %1 layers").arg(layers + 2)),
             qPrintable(view()->statusLabel()->text()));
    QVERIFY(!view()->figure());
    QVERIFY(testutil::writeFile(dir_.filePath("junk.safetensors"), QByteArray(64, '\x7f')));
    view()->comparer()->compareWithModels({dir_.filePath("junk.safetensors")});
    QVERIFY(failed.wait(kWait));
    QVERIFY2(view()->statusLabel()->text().contains("junk.safetensors"), qPrintable(view()->statusLabel()->text()));
    // Empty text B stops comparing; the app goes on.
    view()->comparer()->compareWithText(QString());
    QCOMPARE(view()->comparer()->spec().kind, session::CompareSpec::None);
    QVERIFY(!view()->comparer()->isBusy());
    view()->comparer()->compareWithText(kTextB);
    QTRY_VERIFY_WITH_TIMEOUT(view()->figure() && view()->figure()->hasB(), kWait);
    QVERIFY(view()->comparer()->problem().isEmpty());
}

void tst_CompareGui::exportDialogExportsTheComparison() {
    view()->comparer()->compareWithText(kTextB);
    QTRY_VERIFY_WITH_TIMEOUT(view()->figure() && view()->figure()->hasB(), kWait);
    ExportDialog dlg(ws_.get(), win_->viewSettings(), view(), win_.get());
    const session::Recipe r = dlg.recipe();
    QCOMPARE(r.view, QStringLiteral("compare"));
    QCOMPARE(r.compareText, kTextB);
    const auto* fig = dynamic_cast<const render::CompareFigure*>(dlg.figure());
    QVERIFY(fig);
    QVERIFY(fig->hasB());
    QCOMPARE(fig->bCaption(), view()->figure()->bCaption());
    for (const render::Format f : {render::Format::Png, render::Format::Svg, render::Format::Pdf, render::Format::Csv,
                                   render::Format::Npy, render::Format::Json}) {
        session::Recipe one = r;
        one.format = f;
        const QString path = dir_.filePath("gui." + render::formatName(f));
        session::exportRecipe(one, ws_->figureData(), ws_->tokens().texts, path);
        QVERIFY2(QFileInfo(path).size() > 100, qPrintable(path));
    }
}

QTEST_MAIN(tst_CompareGui)
#include "tst_compare_gui.moc"
