// Trace files (attnscope/trace_file.h) in the app, offscreen: opened in place
// of a model, the views that read attention weights paint the file's heads,
// the ones that need the model are disabled and say so, nothing runs, and the
// text typed for models is kept for the next one.
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>

#include "attnscope/explain/head_stats.h"
#include "attnscope/run/trace_file.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/window/main_window.h"
#include "gui/panels/model_panel.h"
#include "gui/panels/predictions_panel.h"
#include "render/figures/heads_grid_figure.h"
#include "render/figures/head_figure.h"
#include "gui/views/query_bars_view.h"
#include "session/document.h"
#include "session/export_recipe.h"
#include "session/views.h"
#include "testutil.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/views/token_lines_view.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;

namespace {

QString fixture() { return QStringLiteral(ATTNSCOPE_FIXTURES "/trace/demo.trace.safetensors"); }

// Qt Test's stand-in for what was painted: does the widget hold more than one colour?
bool inked(QWidget* w) {
    w->repaint();
    const QImage shot = w->grab().toImage();
    const QColor first = shot.pixelColor(0, 0);
    for (int y = 0; y < shot.height(); y += 3)
        for (int x = 0; x < shot.width(); x += 3)
            if (shot.pixelColor(x, y) != first) return true;
    return false;
}

// RFC 4180 rows: quoted cells may hold commas and newlines (token texts do).
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> rows(1);
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) cell += c, ++i;
            else if (c == QLatin1Char('"')) quoted = false;
            else cell += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            rows.last() << cell;
            cell.clear();
        } else if (c == QLatin1Char('\n')) {
            rows.last() << cell;
            cell.clear();
            rows.append(QStringList());
        } else if (c != QLatin1Char('\r')) {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !rows.last().isEmpty()) rows.last() << cell;
    if (rows.last().isEmpty()) rows.removeLast();
    return rows;
}

// The tab index of a view whose widget sits somewhere inside a tab's page.
int tabOf(QTabWidget* tabs, QWidget* w) {
    for (; w; w = w->parentWidget())
        if (const int i = tabs->indexOf(w); i >= 0) return i;
    return -1;
}

}  // namespace

class tst_TraceGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void traceFileOpensInPlaceOfTheModel();
    void viewsPaintTheFilesHeads();
    void hoverReportsTheFilesWeight();
    void rawScoresFallBackToTheFilesWeights();
    void aCorruptHeadIsSaidByEachViewThatReadsIt();
    void viewsThatNeedTheModelAreDisabled();
    void nothingRunsAndTheTextIsKept();
    void exportsTheFilesWeights();
    void notATraceFileIsRefusedByName();
    void corruptTraceFileKeepsTheModelOpen();
    void reopenedAtNextStart();
    void aRunInFlightDoesNotReplaceTheTraceFile();

private:
    bool openTrace(const QString& path);
    bool openTraceFile(const QString& path);
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
    const QString typed_ = QStringLiteral("JULIET:\nO Romeo, Romeo! wherefore art thou Romeo?\n");
};

void tst_TraceGui::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_trace_gui");
    QVERIFY(QFileInfo::exists(fixture()));
}

void tst_TraceGui::init() {
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1200, 800);
    win_->show();
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000));
    win_->editor()->setPlainText(typed_);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->isRunning() && ws_->tokens().texts.join(QString()) == typed_,
                             30000);
}

void tst_TraceGui::cleanup() {
    win_.reset();
    ws_.reset();
}

bool tst_TraceGui::openTrace(const QString& path) {
    QSignalSpy changed(ws_.get(), &Workspace::documentChanged);
    if (!openTraceFile(path)) return false;
    return changed.wait(20000) || !changed.isEmpty();
}

// MainWindow::openTraceFile's answer (it reads the header on a worker).
bool tst_TraceGui::openTraceFile(const QString& path) {
    QSignalSpy checked(win_.get(), &MainWindow::traceFileChecked);
    win_->openTraceFile(path);
    return (checked.wait(20000) || !checked.isEmpty()) && checked.first().at(1).toBool();
}

void tst_TraceGui::traceFileOpensInPlaceOfTheModel() {
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    QVERIFY(openTrace(fixture()));
    QVERIFY(ws_->isTraceFile());
    QVERIFY(!ws_->hasModel());
    QCOMPARE(ready.count(), 1);
    const auto tr = ws_->trace();
    QVERIFY(tr && tr->imported);
    const auto file = open_trace_file(fixture().toStdString());
    QCOMPARE(tr->T(), file->T());
    QCOMPARE(tr->n_layer(), file->n_layer());
    QCOMPARE(tr->tokens, file->tokens);
    // The token strip's labels are the file's token texts.
    QCOMPARE(ws_->tokens().labels.size(), tr->T());
    QCOMPARE(ws_->tokens().texts.first(), QString::fromStdString(file->imported->token_texts().front()));
    // The last token is the query, as after a run.
    QCOMPARE(ws_->selection().query, tr->T() - 1);
    // Says what it is: title, model panel, status bar.
    QVERIFY(win_->windowTitle().contains(QStringLiteral("trace file")));
    auto* panel = win_->findChild<ModelPanel*>();
    QVERIFY(panel);
    QVERIFY(panel->infoText().contains(QStringLiteral("trace file")));
    QVERIFY(panel->infoText().contains(QString::number(tr->T())));
    QVERIFY(win_->runModeLabel()->isVisibleTo(win_.get()));
    QVERIFY(win_->runModeLabel()->text().contains(QStringLiteral("trace file")));
    // The layer filter lists the file's layers.
    auto* filter = win_->findChildren<QComboBox*>().size() ? win_->headsGrid()->parentWidget()->findChild<QComboBox*>() : nullptr;
    QVERIFY(filter);
    QCOMPARE(filter->count(), tr->n_layer() + 1);
}

// The figures on screen are the file's heads: the detail view's layer and
// head follow the selection, and its values are the file's weights.
void tst_TraceGui::viewsPaintTheFilesHeads() {
    QVERIFY(openTrace(fixture()));
    const auto file = open_trace_file(fixture().toStdString());
    win_->showView("head");
    for (const auto& [l, h] : {std::pair{1, 2}, std::pair{3, 0}, std::pair{0, 3}}) {
        Selection s = ws_->selection();
        s.layer = l;
        s.head = h;
        s.query = 5;
        ws_->setSelection(s);
        HeadDetailView* detail = win_->headDetail();
        QTRY_VERIFY(detail->figure() && detail->figure()->layer() == l && detail->figure()->head() == h);
        QCOMPARE(detail->figure()->kind(), render::MatrixKind::Weights);
        const MatrixRM want = file->imported->head(l, h);
        const MatrixRM& got = detail->figure()->values();
        QCOMPARE(got.rows(), want.rows());
        QCOMPARE(got.cols(), want.cols());
        for (int q = 0; q < want.rows(); q += 7)
            for (int k = 0; k < want.cols(); k += 5) QCOMPARE(got(q, k), want(q, k));
        QVERIFY(inked(detail));
        QVERIFY(detail->selectionDescription().contains(QString::number(l)));
    }
    // The grid: one panel per head of the file.
    win_->showView("heads");
    QTRY_VERIFY(win_->headsGrid()->figure());
    const render::HeadsGridFigure* grid = win_->headsGrid()->figure();
    QCOMPARE(grid->indexOf(file->n_layer() - 1, file->n_head() - 1), file->n_layer() * file->n_head() - 1);
    QVERIFY(inked(win_->headsGrid()));
    // Lines, mask and rollout draw from the file too.
    for (const char* id : {"lines", "mask", "rollout"}) {
        win_->showView(id);
        TraceView* v = win_->viewWidget(id);
        QVERIFY(v);
        QCOMPARE(win_->currentView(), v);
        QTRY_VERIFY(inked(v));
    }
    // Statistics come from the file's weights.
    win_->headStatsDock()->show();
    const std::vector<HeadStats> want = head_statistics(*ws_->trace(), 1);
    HeadStatsModel* m = win_->headStats()->model();
    QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(), int(want.size()), 20000);
    QCOMPARE(m->stats()[5].entropy, want[5].entropy);
    QCOMPARE(m->stats()[5].prev_token, want[5].prev_token);
    QVERIFY(!win_->headStats()->probesButton()->isEnabled());
}

// Hovering a cell of a trace file's head reads that weight from the file;
// there is no score without the model, and the hover says so.
void tst_TraceGui::hoverReportsTheFilesWeight() {
    QVERIFY(openTrace(fixture()));
    const auto file = open_trace_file(fixture().toStdString());
    win_->showView("head");
    Selection s = ws_->selection();
    s.layer = 2;
    s.head = 1;
    ws_->setSelection(s);
    HeadDetailView* d = win_->headDetail();
    QTRY_VERIFY(d->figure() && d->figure()->layer() == 2 && d->figure()->head() == 1);
    const int q = file->T() - 1, k = file->T() / 2;
    QTest::mouseMove(d, d->cellCenter(q, k).toPoint());
    QTRY_COMPARE(d->hover().query, q);
    QCOMPARE(d->hover().key, k);
    QCOMPARE(d->hover().weight, file->imported->at(2, 1, q, k));
    QVERIFY(!d->hover().masked);
    QVERIFY2(d->hoverText().contains(QLocale().toString(d->hover().weight, 'g', 6)), qPrintable(d->hoverText()));
    // A cell after the query: weight 0 in a causal file, shown as masked.
    QTest::mouseMove(d, d->cellCenter(0, 3).toPoint());
    QTRY_COMPARE(d->hover().key, 3);
    QCOMPARE(d->hover().weight, 0.0f);
    QVERIFY(d->hover().masked);
}

// Raw scores chosen for a model, then a trace file opened: the head detail
// draws the file's weights (a trace file holds no scores). Before, the view
// rebuilt with scores before the main window reset the choice, and the app
// aborted.
void tst_TraceGui::rawScoresFallBackToTheFilesWeights() {
    win_->showView("head");
    HeadDetailView* d = win_->headDetail();
    d->setKind(render::MatrixKind::Scores);
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Scores);
    QVERIFY(openTrace(fixture()));
    QTRY_VERIFY(d->figure() && d->figure()->kind() == render::MatrixKind::Weights);
    const Selection& s = ws_->selection();
    const auto file = open_trace_file(fixture().toStdString());
    const MatrixRM want = file->imported->head(s.layer, s.head);
    QCOMPARE(d->figure()->layer(), s.layer);
    QCOMPARE(d->figure()->head(), s.head);
    QCOMPARE(d->figure()->values()(want.rows() - 1, 0), want(want.rows() - 1, 0));
    QVERIFY(inked(d));
}

// A trace file with weights that are not weights (an overflowed float16
// capture: NaN) opens, and every view that reads a bad row says which head
// and query, instead of the app aborting (it did on open: the query bars
// under the head detail read head 0.0's last row).
void tst_TraceGui::aCorruptHeadIsSaidByEachViewThatReadsIt() {
    QByteArray bytes;
    {
        QFile f(fixture());
        QVERIFY(f.open(QIODevice::ReadOnly));
        bytes = f.readAll();
    }
    const quint64 headerLen = qFromLittleEndian<quint64>(bytes.constData());
    const QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, int(headerLen))).object();
    const auto file = open_trace_file(fixture().toStdString());
    const int T = file->T(), H = file->n_head();
    QVERIFY(file->n_layer() >= 2 && H >= 3 && T > 10);
    const auto poison = [&](int layer, int head, int query, int key) {
        const QJsonObject t = header.value(QStringLiteral("attention.%1").arg(layer)).toObject();
        QCOMPARE(t.value(QStringLiteral("dtype")).toString(), QStringLiteral("F16"));
        const qint64 at = 8 + qint64(headerLen) + qint64(t.value(QStringLiteral("data_offsets")).toArray()[0].toDouble()) +
                          ((qint64(head) * T + query) * T + key) * 2;
        bytes[at] = char(0x00);
        bytes[at + 1] = char(0x7e);  // float16 NaN
    };
    poison(0, 0, T - 1, 0);
    poison(1, 2, 10, 3);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nan.trace.safetensors"));
    QVERIFY(testutil::writeFile(path, bytes));

    Selection s = ws_->selection();
    s.layer = 0;
    s.head = 0;
    ws_->setSelection(s);
    win_->showView("head");
    QVERIFY(openTrace(path));
    QVERIFY(ws_->isTraceFile());
    // The query bars: the last query of head 0.0.
    QueryBarsView* bars = win_->queryBars();
    QTRY_VERIFY(!bars->problem().isEmpty());
    QVERIFY(!bars->figure());
    QVERIFY2(bars->problem().contains(QStringLiteral("head 0.0")) &&
                 bars->problem().contains(QStringLiteral("query %1, key 0").arg(T - 1)),
             qPrintable(bars->problem()));
    QVERIFY(!bars->grab().isNull());
    // The head detail of head 1.2.
    s = ws_->selection();
    s.layer = 1;
    s.head = 2;
    s.query = 10;
    ws_->setSelection(s);
    HeadDetailView* d = win_->headDetail();
    QTRY_VERIFY(d->problem().contains(QStringLiteral("head 1.2")));
    QVERIFY(!d->figure());
    QVERIFY2(d->problem().contains(QStringLiteral("head 1.2")) && d->problem().contains(QStringLiteral("query 10, key 3")),
             qPrintable(d->problem()));
    QVERIFY(!d->grab().isNull());
    // A clean head of the same file is drawn again.
    s.head = 1;
    ws_->setSelection(s);
    QTRY_VERIFY(d->figure() && d->figure()->head() == 1);
    QVERIFY(d->problem().isEmpty());
    QVERIFY(inked(d));
    // Token lines over head 1.2's rows, query 10 among them: painted, they say why not.
    s.head = 2;
    ws_->setSelection(s);
    win_->showView("lines");
    TokenLinesView* lines = win_->tokenLines();
    lines->grab();
    QTRY_VERIFY(!lines->problem().isEmpty());
    QVERIFY2(lines->problem().contains(QStringLiteral("head 1.2")), qPrintable(lines->problem()));
    // Statistics read every head, several at once: they name a bad one.
    const auto namesABadHead = [](const QString& said) {
        return said.contains(QStringLiteral("head 0.0 holds nan")) || said.contains(QStringLiteral("head 1.2 holds nan"));
    };
    win_->headStatsDock()->show();
    QTRY_VERIFY2_WITH_TIMEOUT(namesABadHead(win_->headStats()->note()), qPrintable(win_->headStats()->note()), 20000);
    QVERIFY(win_->headStats()->note().startsWith(QStringLiteral("No statistics")));
    QCOMPARE(win_->headStats()->model()->rowCount(), 0);
    // Copying the grid (it reads every head) says what went wrong and copies nothing.
    win_->showView("heads");
    QAction* copy = win_->findChild<QAction*>(QStringLiteral("copyFigure"));
    QVERIFY(copy);
    copy->trigger();
    const QString said = win_->statusBar()->currentMessage();
    QVERIFY2(said.startsWith(QStringLiteral("Nothing copied")) && namesABadHead(said), qPrintable(said));
    QVERIFY(ws_->isTraceFile());  // still open, nothing lost
    QCOMPARE(win_->editor()->toPlainText(), typed_);
}

void tst_TraceGui::viewsThatNeedTheModelAreDisabled() {
    QVERIFY(openTrace(fixture()));
    QTabWidget* tabs = win_->tabs();
    for (const session::ViewDescriptor& v : session::views()) {
        TraceView* w = win_->viewWidget(v.id);
        QVERIFY(w);
        const int i = tabOf(tabs, w);
        QVERIFY2(i >= 0, qPrintable(v.id));
        QCOMPARE(tabs->isTabEnabled(i), session::worksOnTraceFiles(v.id));
        if (!session::worksOnTraceFiles(v.id)) QVERIFY(tabs->tabToolTip(i).contains(QStringLiteral("needs the model"), Qt::CaseInsensitive));
    }
    QVERIFY(!tabs->isTabEnabled(tabOf(tabs, win_->viewWidget("flow"))));
    QVERIFY(!tabs->isTabEnabled(tabOf(tabs, win_->viewWidget("ablation"))));
    // Asking for a disabled view keeps the current one.
    win_->showView("heads");
    win_->showView("flow");
    QCOMPARE(win_->currentView(), win_->viewWidget("heads"));
    // Raw scores need q and k.
    auto* kinds = win_->headDetail()->parentWidget()->parentWidget()->findChild<QComboBox*>();
    QVERIFY(kinds);
    auto* items = qobject_cast<QStandardItemModel*>(kinds->model());
    QVERIFY(items);
    QVERIFY(!items->item(kinds->findData(int(render::MatrixKind::Scores)))->isEnabled());
    QVERIFY(items->item(kinds->findData(int(render::MatrixKind::Weights)))->isEnabled());
    // Predictions say why they are empty.
    win_->predictionsDock()->show();
    win_->predictionsDock()->raise();
    QTRY_VERIFY(win_->predictions()->findChild<QLabel*>()->text().contains(QStringLiteral("trace file")));
    // The Run menu's model commands are disabled.
    for (QAction* a : win_->findChildren<QAction*>()) {
        const QString t = a->text().remove(QLatin1Char('&'));
        if (t == QStringLiteral("Causal attention") || t == QStringLiteral("Ablate selected head") ||
            t == QStringLiteral("Ablation scan") || t == QStringLiteral("Choose tokenizer…"))
            QVERIFY2(!a->isEnabled(), qPrintable(t));
    }
    // Back to a model: everything is enabled again.
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->openModel(QString());
    QVERIFY(ready.wait(30000));
    for (int i = 0; i < tabs->count(); ++i) QVERIFY(tabs->isTabEnabled(i));
    QVERIFY(items->item(kinds->findData(int(render::MatrixKind::Scores)))->isEnabled());
    QVERIFY(win_->headStats()->probesButton()->isEnabled());
}

void tst_TraceGui::nothingRunsAndTheTextIsKept() {
    QVERIFY(openTrace(fixture()));
    const auto shown = ws_->trace();
    QCOMPARE(win_->editor()->toPlainText(), typed_);
    QVERIFY(win_->editor()->isReadOnly());
    QVERIFY(win_->textDock()->windowTitle().contains(QStringLiteral("trace file")));
    // Neither the bidirectional switch nor an ablation runs anything.
    QSignalSpy running(ws_.get(), &Workspace::runningChanged);
    const bool causal = ws_->causal();
    ws_->setCausal(!causal);
    QCOMPARE(ws_->causal(), causal);
    ws_->setAblated({{0, 1}});
    QVERIFY(ws_->ablated().empty());
    ws_->runNow();
    QTest::qWait(100);
    QCOMPARE(running.count(), 0);
    QCOMPARE(ws_->trace(), shown);
    // Back to the demo model: the text typed before runs again, editable.
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->openModel(QString());
    QVERIFY(ready.wait(30000));
    QVERIFY(!ws_->isTraceFile());
    QVERIFY(!win_->editor()->isReadOnly());
    QCOMPARE(win_->editor()->toPlainText(), typed_);
    QVERIFY(!ws_->trace()->imported);
    QCOMPARE(ws_->tokens().texts.join(QString()), typed_);
}

void tst_TraceGui::exportsTheFilesWeights() {
    QVERIFY(openTrace(fixture()));
    const auto file = open_trace_file(fixture().toStdString());
    Selection s = ws_->selection();
    s.layer = 2;
    s.head = 1;
    ws_->setSelection(s);
    win_->showView("head");
    QTRY_VERIFY(win_->headDetail()->figure() && win_->headDetail()->figure()->layer() == 2);
    QTemporaryDir dir;
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    const session::Recipe r = dlg.recipe();
    QCOMPARE(r.modelPath, QFileInfo(fixture()).absoluteFilePath());
    QVERIFY(!r.hasText);
    QCOMPARE(r.tokens, file->tokens);
    dlg.setFormat(render::Format::Csv);
    dlg.setSaveRecipe(true);
    const QString csv = dir.filePath(QStringLiteral("head.csv"));
    QCOMPARE(dlg.exportTo(csv), QString());
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QStringList> rows = parseCsv(QString::fromUtf8(f.readAll()));
    QCOMPARE(rows.size(), file->T() + 1);
    QCOMPARE(rows[0].size(), file->T() + 1);
    QCOMPARE(rows[0][1], QString::fromStdString(file->imported->token_texts()[0]));
    const MatrixRM want = file->imported->head(2, 1);
    // Row q + 1 is query q: its first cell the token, then the weights.
    for (const int q : {0, 9, file->T() - 1}) {
        const QStringList& row = rows[q + 1];
        QCOMPARE(row.size(), file->T() + 1);
        QCOMPARE(row[0], QString::fromStdString(file->imported->token_texts()[size_t(q)]));
        for (int k = 0; k < file->T(); ++k) QCOMPARE(row[k + 1].toFloat(), want(q, k));
    }
    // The recipe names the trace file, and the command line reproduces the export from it.
    const QString recipe = session::recipePathFor(csv);
    QVERIFY(QFileInfo::exists(recipe));
    const QString again = dir.filePath(QStringLiteral("again.csv"));
    QProcess cli;
    cli.start(QStringLiteral(ATTNSCOPE_CLI), {QStringLiteral("export"), QStringLiteral("--recipe"), recipe,
                                             QStringLiteral("-o"), again});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QFile a(csv), b(again);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(b.readAll(), a.readAll());
    dlg.setFormat(render::Format::Png);
    const QString png = dir.filePath(QStringLiteral("head.png"));
    QCOMPARE(dlg.exportTo(png), QString());
    QImage img(png);
    QVERIFY(!img.isNull());
    QVERIFY(img.width() > 100);
}

void tst_TraceGui::notATraceFileIsRefusedByName() {
    const auto before = ws_->trace();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("not-a-trace.safetensors"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is text, not safetensors");
    f.close();
    QVERIFY(!openTraceFile(path));
    QVERIFY(win_->lastProblem().contains(QStringLiteral("not-a-trace.safetensors")));
    QVERIFY(win_->lastProblem().contains(QStringLiteral("not an AttnScope trace file")));
    // The demo model is a model, not a trace: refused too, and it stays open.
    QVERIFY(!openTraceFile(session::demoModelPath()));
    QVERIFY(ws_->hasModel());
    QCOMPARE(ws_->trace(), before);
}

void tst_TraceGui::corruptTraceFileKeepsTheModelOpen() {
    QTemporaryDir dir;
    // The header promises more bytes than the file holds.
    const QString path = dir.filePath(QStringLiteral("cut.trace.safetensors"));
    QFile in(fixture());
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes.left(bytes.size() / 2));
    out.close();
    QSignalSpy failed(ws_.get(), &Workspace::loadFailed);
    QVERIFY(openTraceFile(path));  // the header is whole: it looks like one
    QVERIFY(failed.wait(20000) || !failed.isEmpty());
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("cut.trace.safetensors")));
    QVERIFY(ws_->hasModel());
    QVERIFY(!ws_->isTraceFile());
    QTRY_VERIFY(win_->lastProblem().contains(QStringLiteral("cut.trace.safetensors")));
    QCOMPARE(win_->editor()->toPlainText(), typed_);
}

// The trace file is remembered like a model: the next start opens it.
void tst_TraceGui::reopenedAtNextStart() {
    QVERIFY(openTrace(fixture()));
    win_->close();
    win_.reset();
    ws_ = std::make_unique<Workspace>();
    win_ = std::make_unique<MainWindow>(ws_.get());
    QSignalSpy changed(ws_.get(), &Workspace::documentChanged);
    win_->restoreSession();
    QVERIFY(changed.wait(20000));
    QVERIFY(ws_->isTraceFile());
    QCOMPARE(QFileInfo(ws_->document().path), QFileInfo(fixture()));
    QCOMPARE(win_->editor()->toPlainText(), typed_);
}

// A run of the model still in flight when the trace file opens (here a long
// text typed just before) neither replaces the file's trace nor marks it stale.
void tst_TraceGui::aRunInFlightDoesNotReplaceTheTraceFile() {
    QString text;
    while (text.size() < 3000) text += typed_;
    ws_->setDebounceMs(0);
    win_->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->isRunning(), 5000);
    QVERIFY(openTrace(fixture()));
    QVERIFY(ws_->trace()->imported);
    QTRY_VERIFY_WITH_TIMEOUT(!ws_->isRunning(), 30000);
    QTest::qWait(50);
    QVERIFY(ws_->trace()->imported);
    QCOMPARE(ws_->trace()->T(), open_trace_file(fixture().toStdString())->T());
    QVERIFY(!ws_->isStale());
    for (TraceView* v : win_->views())
        QVERIFY2(!v->stateBadge() || v->stateBadge()->isHidden(), qPrintable(v->stateBadge()->text()));
}

QTEST_MAIN(tst_TraceGui)
#include "tst_trace_gui.moc"
