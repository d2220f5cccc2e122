// What a new user meets in the first hour (issue "Finished at real scale"),
// read from the painted state:
// - a query on the last token follows the last token when a longer text
//   arrives; one the user chose stays, clamped;
// - token chips show their token whole (GPT-2 tokens such as " Mary");
// - Text by attention scrolls to the selected query;
// - Ctrl+1 gives the keys to the grid, not to its Layers box;
// - File ▸ New random model makes a Llama model with grouped-query attention,
//   and a GPT-2-sized vocabulary reads as GPT-2 BPE text.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QFile>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QHeaderView>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <memory>
#include <set>

#include "attnscope/tokenizers/tokenizer.h"
#include "gui/dialogs/new_model_dialog.h"
#include "gui/common/frozen_columns_table.h"
#include "render/export.h"
#include "render/figures/head_figure.h"
#include "render/figures/query_bars_figure.h"
#include "render/figures/rollout_figure.h"
#include "render/figures/shape_flow_figure.h"
#include "gui/panels/attention_text_panel.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/token_lines_view.h"
#include "render/figures/token_lines_figure.h"
#include "gui/panels/head_stats_model.h"
#include "gui/panels/head_stats_panel.h"
#include "gui/panels/predictions_panel.h"
#include "gui/panels/value_strip.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/workspace.h"
#include "session/document.h"

namespace {

// About `n` characters of Shakespeare-like text (repeated lines).
QString longText(int n) {
    const QString line = QStringLiteral("MENENIUS: Mary and John speak once again, and let me hear thy voice.\n");
    QString s;
    while (s.size() < n) s += line;
    return s.left(n);
}

}  // namespace

class tst_FirstHour : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void queryOnTheLastTokenFollowsIt();
    void aChosenQueryStaysClamped();
    void chipsShowTheirTokenWhole();
    void attentionTextScrollsToTheQuery();
    void ctrl1GivesTheKeysToTheGrid();
    void newRandomModelMakesGroupedQueryLlama();
    void headStatsKeepLayerAndHeadInView();
    void rolloutShowsStructureByDefault();
    void shapeFlowFramesOnlyTheBlock_data();
    void hoverReadoutGoesWhenTheMouseLeaves();
    void headsRankByOneQueryKeyWeight();
    void knockoutMarkIsACrossAtLongTexts();
    void goToTokenFindsAWordSplitOverTokens();
    void gridBadgesHideNoData();
    void queryBarsFitTheKeysTheQuerySees();
    void tokenLinesShowTheQueryAndEveryHead();
    void headMapHasAPositionRuler();
    void shapeFlowFramesOnlyTheBlock();

private:
    bool setTextAndWait(const QString& text, int T);
    // A character model with room for 2,048 tokens (the demo's context is 256).
    void useLongContextModel() {
        ws_->setDocument(session::randomDocument(attnscope::ModelConfig::seed(96, 2048, 64, 4, 2), 5));
    }
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};

void tst_FirstHour::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttnScopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_first_hour"));
}

void tst_FirstHour::init() {
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

void tst_FirstHour::cleanup() {
    win_.reset();
    ws_.reset();
}

bool tst_FirstHour::setTextAndWait(const QString& text, int T) {
    win_->editor()->setPlainText(text);
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 60000) {
        QTest::qWait(20);
        if (ws_->trace() && ws_->trace()->T() == T && !ws_->isRunning()) return true;
    }
    return false;
}

void tst_FirstHour::queryOnTheLastTokenFollowsIt() {
    useLongContextModel();
    QVERIFY(setTextAndWait(longText(45), 45));
    QCOMPARE(ws_->selection().query, 44);
    QVERIFY(setTextAndWait(longText(1000), 1000));
    QCOMPARE(ws_->selection().query, 999);
    // Predictions says so.
    win_->predictionsDock()->raise();
    const auto named = [this] {
        for (const QLabel* l : win_->predictions()->findChildren<QLabel*>())
            if (l->text().contains(QStringLiteral("position 999"))) return true;
        return false;
    };
    QTRY_VERIFY2(named(), "the predictions header names position 999");
}

void tst_FirstHour::aChosenQueryStaysClamped() {
    useLongContextModel();
    QVERIFY(setTextAndWait(longText(300), 300));
    Selection s = ws_->selection();
    s.query = 120;
    ws_->setSelection(s);
    QVERIFY(setTextAndWait(longText(1000), 1000));
    QCOMPARE(ws_->selection().query, 120);  // the user's choice stays
    QVERIFY(setTextAndWait(longText(80), 80));
    QCOMPARE(ws_->selection().query, 79);  // clamped
}

// A GPT-2-sized vocabulary gets the bundled BPE: multi-character tokens.
void tst_FirstHour::chipsShowTheirTokenWhole() {
    if (session::bundledGpt2TokenizerPath().isEmpty()) QSKIP("the bundled GPT-2 BPE is not in this tree");
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::gpt2(50257, 1024, 64, 4, 2), 3));
    win_->editor()->setPlainText(longText(700));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() > 100 && !ws_->isRunning(), 60000);
    const QStringList labels = ws_->tokens().labels;
    QVERIFY(labels.contains(QStringLiteral("␣Mary")) && labels.contains(QStringLiteral("␣John")));
    for (ValueStrip* strip : {win_->predictions()->surpriseStrip(), win_->attentionText()->strip()}) {
        QTRY_COMPARE(strip->chipCount(), int(labels.size()));
        for (int i = 0; i < strip->chipCount(); ++i)
            QVERIFY2(strip->shownLabel(i) == labels[i],
                     qPrintable(QStringLiteral("chip %1 shows “%2” for “%3”").arg(i).arg(strip->shownLabel(i), labels[i])));
    }
}

void tst_FirstHour::attentionTextScrollsToTheQuery() {
    useLongContextModel();
    QVERIFY(setTextAndWait(longText(1000), 1000));
    AttentionTextPanel* panel = win_->attentionText();
    QTRY_COMPARE(panel->strip()->chipCount(), 1000);
    const auto inSight = [panel](int q) {
        const QRect chip = panel->strip()->chipRect(q);
        const QRect seen(QPoint(panel->scrollArea()->horizontalScrollBar()->value(),
                                panel->scrollArea()->verticalScrollBar()->value()),
                         panel->scrollArea()->viewport()->size());
        return seen.intersects(chip);
    };
    QTRY_VERIFY(inSight(999));
    Selection s = ws_->selection();
    s.query = 3;
    ws_->setSelection(s);
    QTRY_VERIFY(inSight(3));
    QVERIFY(!inSight(999));
}

void tst_FirstHour::ctrl1GivesTheKeysToTheGrid() {
    win_->activateWindow();
    QTest::keyClick(win_.get(), Qt::Key_1, Qt::ControlModifier);
    QTRY_VERIFY(win_->headsGrid()->hasFocus());
    const Selection before = ws_->selection();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
    QTRY_VERIFY(ws_->selection().head == before.head + 1 || ws_->selection().layer != before.layer);
}

// The New random model form takes an architecture and key/value heads; what
// it makes is what `--random SPEC` makes, and a vocabulary of 50,257 or more
// gets the bundled GPT-2 BPE, so predictions read as text, not "#34179".
void tst_FirstHour::newRandomModelMakesGroupedQueryLlama() {
    QAction* action = nullptr;
    for (QAction* a : win_->findChildren<QAction*>())
        if (a->text() == MainWindow::tr("&New random model…")) action = a;
    QVERIFY(action);
    QString refused;
    bool filled = false;
    QTimer::singleShot(0, this, [&] {
        auto* d = qobject_cast<NewModelDialog*>(QApplication::activeModalWidget());
        if (!d) return;
        auto* arch = d->findChild<QComboBox*>();
        const QList<QSpinBox*> spins = d->findChildren<QSpinBox*>();
        QPushButton* ok = d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        // In the form's order: layers, heads, key/value heads, width, context, vocabulary, seed.
        const auto byLabel = [&](const QString& label) -> QSpinBox* {
            for (QLabel* l : d->findChildren<QLabel*>())
                if (l->text() == label) return qobject_cast<QSpinBox*>(l->buddy());
            return nullptr;
        };
        QSpinBox* heads = byLabel(NewModelDialog::tr("&Heads (n_head):"));
        QSpinBox* kv = byLabel(NewModelDialog::tr("&Key/value heads:"));
        QSpinBox* width = byLabel(NewModelDialog::tr("&Width (n_embed):"));
        QSpinBox* vocab = byLabel(NewModelDialog::tr("&Vocabulary size:"));
        QSpinBox* layers = byLabel(NewModelDialog::tr("&Layers (n_layer):"));
        if (!arch || spins.size() < 7 || !heads || !kv || !width || !vocab || !layers) {
            d->reject();
            return;
        }
        arch->setCurrentIndex(arch->findData(QStringLiteral("llama")));
        layers->setValue(2);
        heads->setValue(4);
        width->setValue(64);
        vocab->setValue(50257);
        kv->setValue(3);  // does not divide 4: refused, saying why
        for (QLabel* l : d->findChildren<QLabel*>())
            if (l->text().contains(QStringLiteral("divide"))) refused = l->text();
        if (ok->isEnabled()) refused.clear();
        kv->setValue(2);
        filled = ok->isEnabled();
        if (filled) ok->click();
        else d->reject();
    });
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    action->trigger();
    QVERIFY2(!refused.isEmpty(), "3 key/value heads for 4 heads was not refused");
    QVERIFY(filled);
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->n_head() == 4, 60000);
    const attnscope::ModelConfig& c = ws_->document().model.weights->config;
    QCOMPARE(c.arch, std::string("llama"));
    QCOMPARE(c.n_kv_head, 2);
    QCOMPARE(c.vocab_size, 50257);
    QVERIFY(ws_->document().tokenizer);
    QCOMPARE(ws_->document().tokenizer->kind(), std::string("gpt2-bpe"));
    QCOMPARE(QSettings().value("random/arch").toString(), QStringLiteral("llama"));  // remembered
    QCOMPARE(QSettings().value("random/n_kv_head").toInt(), 2);
}

// Scrolled right to Induction and Labels, the head statistics still show each
// row's Layer and Head, in the row they belong to; a click on their header sorts.
void tst_FirstHour::headStatsKeepLayerAndHeadInView() {
    HeadStatsPanel* panel = win_->headStats();
    for (QDockWidget* d : win_->findChildren<QDockWidget*>())
        if (d->isAncestorOf(panel)) {
            d->show();
            d->raise();
        }
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->model()->rowCount() > 8, 20000);
    auto* table = qobject_cast<FrozenColumnsTable*>(panel->table());
    QVERIFY(table);
    table->resize(260, 300);  // narrower than its columns, as a dock at its default width
    QTRY_VERIFY(table->horizontalScrollBar()->maximum() > 0);
    table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
    QTest::qWait(50);
    QTableView* frozen = table->frozenView();
    QVERIFY(frozen->isVisible());
    QCOMPARE(frozen->width(), table->columnWidth(HeadStatsModel::Layer) + table->columnWidth(HeadStatsModel::Head));
    QCOMPARE(frozen->x(), table->viewport()->x());
    QVERIFY(!frozen->isColumnHidden(HeadStatsModel::Head) && frozen->isColumnHidden(HeadStatsModel::Entropy));
    // Each painted row of the frozen columns is the table's row.
    for (int r = 0; r < 5; ++r) {
        const QRect cell = frozen->visualRect(frozen->model()->index(r, HeadStatsModel::Head));
        QVERIFY(frozen->viewport()->rect().contains(cell.center()));
        QCOMPARE(table->rowAt(cell.center().y()), r);
        QCOMPARE(frozen->indexAt(cell.center()).data(), table->model()->index(r, HeadStatsModel::Head).data());
    }
    // Scrolled down, they stay level with the table's rows.
    table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
    QCOMPARE(frozen->verticalScrollBar()->value(), table->verticalScrollBar()->value());
    // Their header sorts the table.
    const int x = frozen->horizontalHeader()->sectionViewportPosition(HeadStatsModel::Head) + 4;
    QTest::mouseClick(frozen->horizontalHeader()->viewport(), Qt::LeftButton, {}, QPoint(x, 4));
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), int(HeadStatsModel::Head));
}

namespace {

// The colour-map position (0..1) nearest to a painted colour.
double mapPosition(const render::ColorMap& cmap, QRgb c) {
    double best = 0, bestD = 1e18;
    for (int i = 0; i <= 255; ++i) {
        const QRgb m = cmap.at(i / 255.0);
        const double d = std::pow(qRed(m) - qRed(c), 2) + std::pow(qGreen(m) - qGreen(c), 2) + std::pow(qBlue(m) - qBlue(c), 2);
        if (d < bestD) {
            bestD = d;
            best = i / 255.0;
        }
    }
    return best;
}

// The share of the painted rollout map's cells below the diagonal, past the
// first token, that are drawn above the bottom tenth of the colour map.
double visibleShare(const render::RolloutFigure& fig) {
    const QSizeF size = fig.naturalSize();
    const QImage img = render::renderImage(fig, size / 96.0, 96);
    const QRectF heat = fig.matrix().heatmapRect(fig.matrixArea(QRectF(QPointF(0, 0), size)));
    const int T = int(fig.matrix().values().rows());
    const render::ColorMap& cmap = render::ColorMap::get(render::ColorMapId::Viridis);
    int shown = 0, cells = 0;
    for (int q = 2; q < T; q += 3)
        for (int k = 1; k < q; k += 3) {
            const QPoint at(int(heat.left() + (k + 0.5) * heat.width() / T), int(heat.top() + (q + 0.5) * heat.height() / T));
            ++cells;
            shown += mapPosition(cmap, img.pixel(at)) > 0.1;
        }
    return cells ? double(shown) / cells : 0;
}

}  // namespace

// Rollout's rows lead with the first token; scaled per row the rest of a long
// map was one colour. By default it is drawn on a log scale, which the title
// says, and most of the map shows.
void tst_FirstHour::rolloutShowsStructureByDefault() {
    QVERIFY(setTextAndWait(longText(400), 256));  // the demo's whole context
    render::Style style;
    style.scale = render::Scale::RowNormalized;  // the default Scale
    const render::RolloutFigure byDefault(ws_->figureData(), -1, style);
    QVERIFY2(byDefault.title().contains(QStringLiteral("log scale")), qPrintable(byDefault.title()));
    const double logShare = visibleShare(byDefault);
    QVERIFY2(logShare > 0.8, qPrintable(QString::number(logShare)));
    // A linear scale, chosen, stays linear; there most cells sit at the bottom of the map.
    style.scale = render::Scale::Linear;
    const render::RolloutFigure linear(ws_->figureData(), -1, style);
    QVERIFY(!linear.title().contains(QStringLiteral("log scale")));
    QVERIFY2(visibleShare(linear) < logShare / 2, qPrintable(QString::number(visibleShare(linear))));
}

void tst_FirstHour::shapeFlowFramesOnlyTheBlock_data() {
    QTest::addColumn<QString>("spec");
    QTest::newRow("gpt2") << QStringLiteral("n_layer=12,n_head=12,n_embed=96,context=64,vocab=96,arch=gpt2");
    QTest::newRow("llama gqa") << QStringLiteral("n_layer=12,n_head=8,n_kv_head=2,n_embed=64,context=64,vocab=96,arch=llama");
}

// The shape flow's dashed frame stands for every block ("× 12 blocks") and
// holds the shown block's nodes only: tokens and embeddings above it, the
// final norm and the logits below it, at every size the view is drawn.
void tst_FirstHour::shapeFlowFramesOnlyTheBlock() {
    QFETCH(QString, spec);
    uint64_t seed = 0;
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::parse_spec(spec.toStdString(), &seed), 3));
    QVERIFY(setTextAndWait(QStringLiteral("Hello there, friend"), 19));
    const render::ShapeFlowFigure fig(ws_->figureData(), 10, 0, render::Style(), -1);
    QVERIFY2(fig.blockLabel().startsWith(QStringLiteral("× 12 blocks · block 10 shown")), qPrintable(fig.blockLabel()));
    for (const QSizeF size : {fig.naturalSize(), QSizeF(900, 700), QSizeF(1600, 500), QSizeF(500, 1200)}) {
        const QRectF area(QPointF(0, 0), size);
        const QRectF frame = fig.blockFrame(area);
        QVERIFY(!frame.isNull());
        int inside = 0;
        for (int i = 0; i < int(fig.nodes().size()); ++i) {
            const bool block = fig.nodes()[size_t(i)].layer >= 0;
            const QRectF box = fig.nodeRect(area, i);
            QVERIFY2(frame.contains(box) == block && (block || !frame.intersects(box)),
                     qPrintable(QStringLiteral("%1 at %2x%3").arg(fig.nodes()[size_t(i)].label).arg(size.width()).arg(size.height())));
            inside += block;
        }
        QVERIFY(inside >= 10);
        // Every symbol of the shapes is named, R (the logits' rows) among them.
        QVERIFY2(fig.symbolLegend().contains(QStringLiteral("R positions whose logits are kept")), qPrintable(fig.symbolLegend()));
        QVERIFY(fig.symbolLegend().contains(QStringLiteral("hs head size")));
        QCOMPARE(fig.symbolLegend().contains(QStringLiteral("KV key/value heads")), spec.contains(QStringLiteral("n_kv_head")));
    }
}

// The head detail's readout (query, key, weight) is painted while the mouse is
// over a cell, and gone, pixel for pixel, once the mouse leaves the view.
void tst_FirstHour::hoverReadoutGoesWhenTheMouseLeaves() {
    win_->showView(QStringLiteral("head"));
    HeadDetailView* view = win_->headDetail();
    QTRY_VERIFY(view->isVisible() && view->figure());
    QTest::qWait(50);
    const QImage before = view->grab().toImage();
    const QPoint cell = view->cellCenter(ws_->trace()->T() - 1, 0).toPoint();
    QTest::mouseMove(view, cell);
    QTRY_VERIFY(view->hover().query >= 0);
    QVERIFY(!view->hoverText().isEmpty());
    const QImage during = view->grab().toImage();
    // The readout's box, bottom left.
    const QFontMetrics fm(view->font());
    const QRect box(8, view->height() - fm.height() - 12, fm.horizontalAdvance(view->hoverText()) + 16, fm.height() + 8);
    QVERIFY(before.copy(box) != during.copy(box));
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(view, &leave);
    QCOMPARE(view->hover().query, -1);
    QTRY_VERIFY(view->grab().toImage().copy(box) == before.copy(box));
}

// A query and a key chosen (a cell of any map): the head statistics give
// every head's weight on that cell, and sorting by it ranks the heads.
void tst_FirstHour::headsRankByOneQueryKeyWeight() {
    HeadStatsPanel* panel = win_->headStats();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->model()->rowCount() > 8, 20000);
    const auto trace = ws_->trace();
    const int q = trace->T() - 1, k = trace->T() - 2;
    Selection sel = ws_->selection();
    sel.query = q;
    sel.key = k;
    ws_->setSelection(sel);
    HeadStatsModel* m = panel->model();
    QCOMPARE(m->query(), q);
    QCOMPARE(m->headerData(HeadStatsModel::QueryKey, Qt::Horizontal).toString(), QStringLiteral("%1 → %2").arg(q).arg(k));
    float best = -1;
    for (int r = 0; r < m->rowCount(); ++r) {
        const attnscope::HeadStats& st = m->stats()[size_t(r)];
        const float want = trace->weight(st.layer, st.head, q, k);
        QCOMPARE(float(m->data(m->index(r, HeadStatsModel::QueryKey), Qt::UserRole).toDouble()), want);
        best = std::max(best, want);
    }
    // Sorted by it, highest first: the top row is the head that moves the most attention there.
    QTableView* table = panel->table();
    table->sortByColumn(HeadStatsModel::QueryKey, Qt::DescendingOrder);
    QCOMPARE(float(table->model()->index(0, HeadStatsModel::QueryKey).data(Qt::UserRole).toDouble()), best);
    // No key: the column is blank.
    sel.key = -1;
    ws_->setSelection(sel);
    QCOMPARE(m->query(), -1);
    QVERIFY(m->data(m->index(0, HeadStatsModel::QueryKey)).toString().isEmpty());
}

// A knocked-out edge at 150 tokens, where a cell is 3 or 4 pixels, is drawn
// as a red cross of at least 9 pixels: red along both diagonals through the
// cell's centre, and not around it.
void tst_FirstHour::knockoutMarkIsACrossAtLongTexts() {
    QVERIFY(setTextAndWait(longText(150), 150));
    const int q = 120, k = 60;
    ws_->addKnockout(attnscope::Knockout{1, 2, q, k});
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->trace()->knockout.empty() && !ws_->isRunning(), 60000);
    const render::HeadFigure fig(ws_->figureData(), 1, 2, render::MatrixKind::Weights, render::Style());
    QCOMPARE(int(fig.knockedOut().size()), 1);
    const QSizeF size(600, 600);
    const QImage img = render::renderImage(fig, size / 96.0, 96);
    const QRectF heat = fig.heatmapRect(QRectF(QPointF(0, 0), size));
    const double cell = heat.width() / 150;
    QVERIFY2(cell < 5, qPrintable(QString::number(cell)));
    const QPointF c(heat.left() + (k + 0.5) * cell, heat.top() + (q + 0.5) * cell);
    const auto red = [&](QPointF at) {
        const QColor px(img.pixel(at.toPoint()));
        return px.red() > 180 && px.green() < 110 && px.blue() < 110;
    };
    int onCross = 0;
    for (const double d : {-3.0, -2.0, 2.0, 3.0}) onCross += red(c + QPointF(d, d)) + red(c + QPointF(d, -d));
    QVERIFY2(onCross >= 6, qPrintable(QString::number(onCross)));
    // Between the arms (straight up, down, left and right of the centre) it is not red.
    int between = 0;
    for (const QPointF off : {QPointF(0, -4), QPointF(0, 4), QPointF(-4, 0), QPointF(4, 0)}) between += red(c + off);
    QVERIFY(between == 0);
}

// Go to token searches the decoded text: "Menenius", three GPT-2 tokens, is
// found; typing only counts the matches, and Enter moves the query.
void tst_FirstHour::goToTokenFindsAWordSplitOverTokens() {
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::parse_spec("n_layer=2,n_head=2,n_embed=32,context=1024,vocab=50257,arch=gpt2"), 1));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && !ws_->isRunning(), 60000);
    win_->editor()->setPlainText(longText(400));
    QTRY_VERIFY_WITH_TIMEOUT(ws_->trace() && ws_->trace()->T() > 50 && !ws_->isRunning(), 60000);
    QTest::qWait(50);
    win_->showView(QStringLiteral("head"));
    HeadDetailView* view = win_->headDetail();
    const int before = ws_->selection().query;
    QLineEdit* box = view->searchBox();
    box->setFocus();
    QTest::keyClicks(box, QStringLiteral("Menenius"));
    QCOMPARE(ws_->selection().query, before);  // typing leaves the query alone
    QTest::keyClick(box, Qt::Key_Return);
    const int q = ws_->selection().query;
    QVERIFY(q >= 0 && q != before);
    // The match starts at the query and runs over several tokens.
    const QStringList& texts = ws_->tokens().texts;
    QString joined;
    int last = q;
    while (last < texts.size() && !joined.contains(QStringLiteral("MENENIUS"), Qt::CaseInsensitive)) joined += texts[last++];
    QVERIFY2(joined.startsWith(QStringLiteral("MEN"), Qt::CaseInsensitive), qPrintable(joined));
    QVERIFY2(last - q >= 2, qPrintable(QStringLiteral("%1 token(s)").arg(last - q)));
    // Enter again: the next occurrence.
    QTest::keyClick(box, Qt::Key_Return);
    QVERIFY(ws_->selection().query > q);
}

// The grid's label badges hide no data: on the demo's 16 heads they sit above
// each tile's diagonal (the masked corner of a causal map), never say
// "diffuse", and a grid of 144 heads carries none.
void tst_FirstHour::gridBadgesHideNoData() {
    QVERIFY(setTextAndWait(longText(200), 200));
    win_->showView(QStringLiteral("heads"));
    HeadsGridView* grid = win_->headsGrid();
    QTRY_VERIFY_WITH_TIMEOUT(grid->figure() && !grid->headLabels().empty(), 30000);
    grid->canvas()->repaint();
    QTRY_VERIFY(!grid->drawnBadges().empty());  // the demo has a previous-token head (L0 H1)
    const QRectF area = grid->figureArea();
    for (const HeadsGridView::Badge& b : grid->drawnBadges()) {
        QVERIFY(!b.text.contains(HeadStatsModel::labelText(attnscope::HeadLabel::Diffuse)));
        const QRectF tile = grid->figure()->panelRect(area, grid->figure()->indexOf(b.layer, b.head));
        QVERIFY(tile.contains(b.rect));
        // Every corner of the pill is above the diagonal: x/w > y/h inside the tile.
        const QPointF low = b.rect.bottomLeft() - tile.topLeft();
        QVERIFY2(low.x() / tile.width() > low.y() / tile.height(),
                 qPrintable(QStringLiteral("L%1 H%2 %3").arg(b.layer).arg(b.head).arg(b.text)));
    }
    // 144 heads: no badge on any tile.
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::parse_spec("n_layer=12,n_head=12,n_embed=96,context=512,vocab=96"), 1));
    QVERIFY(setTextAndWait(longText(300), 300));
    QTRY_VERIFY_WITH_TIMEOUT(grid->figure() && grid->figure()->panelCount() == 144 && !grid->headLabels().empty(), 60000);
    grid->canvas()->repaint();
    QVERIFY(grid->drawnBadges().empty());
}

// The query bars of query 44 in a 1,000-token text span keys 0 to 44, not
// the whole text; a ruler numbers the positions; labels read "idx token"
// where a bar has room.
void tst_FirstHour::queryBarsFitTheKeysTheQuerySees() {
    useLongContextModel();
    QVERIFY(setTextAndWait(longText(1000), 1000));
    const int q = 44;
    const render::QueryBarsFigure bars(ws_->figureData(), 1, 0, q, render::Style());
    QCOMPARE(bars.firstKey(), 0);
    QCOMPARE(bars.lastKey(), q);
    const QRectF area(0, 0, 1000, 300);
    QImage img(area.size().toSize(), QImage::Format_RGB32);
    img.fill(Qt::white);
    {
        QPainter p(&img);
        bars.paint(p, area);
    }
    QVERIFY(!bars.rulerTicks().empty());
    for (const int k : bars.rulerTicks()) QVERIFY(k >= 0 && k <= q);
    QVERIFY(bars.rulerTicks().back() >= 40);  // the ruler reaches the query's end of the axis
    QVERIFY(!bars.drawnLabels().empty());
    for (const auto& l : bars.drawnLabels()) {
        QVERIFY(l.key <= q);
        QVERIFY(area.contains(l.rect.center()));
    }
    // Every key the query sees is under the mouse somewhere across the plot, the last at its right end.
    QCOMPARE(bars.keyAt(area, QPointF(area.right() - 10, 150)), q);
    // 45 bars of 1,000 px: a character each. Across 2,400 px each bar has room for "idx token".
    QCOMPARE(bars.drawnLabels().front().text, ws_->tokens().labels.front());
    QImage wide(2400, 300, QImage::Format_RGB32);
    {
        QPainter p(&wide);
        bars.paint(p, QRectF(0, 0, 2400, 300));
    }
    QCOMPARE(bars.drawnLabels().front().text, QStringLiteral("0 ") + ws_->tokens().labels.front());
    QCOMPARE(bars.drawnLabels().back().text, QStringLiteral("%1 %2").arg(bars.drawnLabels().back().key).arg(ws_->tokens().labels.value(bars.drawnLabels().back().key)));
}

// Token lines: the selected query is picked out before the mouse comes near;
// twelve heads overlaid all have their legend entry in the figure, on as many
// rows as it takes, in twelve distinct colours.
void tst_FirstHour::tokenLinesShowTheQueryAndEveryHead() {
    ws_->setDocument(session::randomDocument(attnscope::ModelConfig::parse_spec("n_layer=2,n_head=12,n_embed=96,context=512,vocab=96"), 1));
    QVERIFY(setTextAndWait(longText(300), 300));
    win_->showView(QStringLiteral("lines"));
    TokenLinesView* view = win_->tokenLines();
    QTRY_VERIFY(view->figure());
    QCOMPARE(view->figure()->highlight(), ws_->selection().query);
    for (QCheckBox* c : view->findChildren<QCheckBox*>()) c->setChecked(true);  // overlay every head
    QTRY_VERIFY(view->overlay() && view->figure());
    view->repaint();
    const auto& legend = view->figure()->legendEntries();
    QCOMPARE(int(legend.size()), 12);
    const QRectF figure(QPointF(0, 0), view->size());
    for (const QRectF& r : legend) QVERIFY2(figure.contains(r), qPrintable(QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())));
    for (int a = 0; a < 12; ++a)
        for (int b = a + 1; b < 12; ++b) {
            const QColor ca = render::TokenLinesFigure::headColor(a), cb = render::TokenLinesFigure::headColor(b);
            const double d = std::hypot(ca.red() - cb.red(), ca.green() - cb.green(), ca.blue() - cb.blue());
            QVERIFY2(d > 60, qPrintable(QStringLiteral("heads %1 and %2: %3 apart").arg(a).arg(b).arg(d)));
        }
    QCOMPARE(view->figure()->highlight(), ws_->selection().query);
    // Lines to keys above the window end apart, not all at one point.
    const auto& ends = view->figure()->earlierLineEnds();
    QVERIFY(!ends.empty());
    std::set<int> distinct;
    for (const double y : ends) distinct.insert(int(std::lround(y * 4)));
    QVERIFY2(distinct.size() >= 5, qPrintable(QStringLiteral("%1 lines end at %2 places").arg(ends.size()).arg(distinct.size())));
}

// A head's map at 1,000 tokens, where only every k-th token has its label,
// numbers the positions along both axes, in order, clear of the axis titles.
void tst_FirstHour::headMapHasAPositionRuler() {
    useLongContextModel();
    QVERIFY(setTextAndWait(longText(1000), 1000));
    const render::HeadFigure fig(ws_->figureData(), 1, 0, render::MatrixKind::Weights, render::Style());
    QImage img(900, 900, QImage::Format_RGB32);
    {
        QPainter p(&img);
        fig.paint(p, QRectF(0, 0, 900, 900));
    }
    for (const bool row : {false, true}) {
        std::vector<int> at;
        std::vector<QRectF> rects;
        for (const auto& m : fig.rulerMarks())
            if (m.row == row) {
                at.push_back(m.index);
                rects.push_back(m.rect);
            }
        QVERIFY2(at.size() >= 5, qPrintable(QStringLiteral("%1 marks on the %2 axis").arg(at.size()).arg(row ? "query" : "key")));
        QVERIFY(std::is_sorted(at.begin(), at.end()));
        QVERIFY(at.back() >= 800);  // the ruler runs to the far end
        for (size_t i = 1; i < rects.size(); ++i) QVERIFY(!rects[i].intersects(rects[i - 1]));
    }
    // A short text labels every token: no ruler.
    QVERIFY(setTextAndWait(longText(20), 20));
    const render::HeadFigure small(ws_->figureData(), 1, 0, render::MatrixKind::Weights, render::Style());
    {
        QPainter p(&img);
        small.paint(p, QRectF(0, 0, 900, 900));
    }
    QVERIFY(small.rulerMarks().empty());
}

QTEST_MAIN(tst_FirstHour)
#include "tst_first_hour.moc"
