// One table per concept: every registered view reaches every place that lists
// views (the GUI's tabs and View menu, the CLI's usage, the recipe reader and
// writer, the Export dialog), and every entry of the trace's tensor table
// resolves through Trace::tensor with the shape the table states.
#include <QComboBox>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/run/trace.h"
#include "attnscope/run/trace_tensors.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/window/main_window.h"
#include "render/figures/heads_grid_figure.h"
#include "session/recipe.h"
#include "session/views.h"
#include "testutil.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/views/trace_view.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using testutil::cli;

class tst_Registry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void viewIdsAreUniqueAndComplete();
    void everyViewIsATab();
    void everyViewIsInTheViewMenu();
    void everyViewIsInTheCliUsage();
    void everyViewIsReadAndWrittenByRecipes();
    void unknownViewsAreRefusedByName();
    void gridChoicesReachTheExport();
    void everyViewIsInTheExportDialog();
    void everyTraceTensorResolves();
    void malformedTensorNamesAreRefused();
    void readmeListsEveryTraceTensor();

private:
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
};

void tst_Registry::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("AttnScopeTest");
    QCoreApplication::setApplicationName("tst_registry");
    QSettings().clear();
    QFile::remove(TextAutosaver::defaultPath());
    ws_ = std::make_unique<Workspace>();
    ws_->setDebounceMs(10);
    win_ = std::make_unique<MainWindow>(ws_.get());
    win_->resize(1000, 700);
    win_->show();
    QVERIFY(QTest::qWaitForWindowExposed(win_.get()));
    QSignalSpy ready(ws_.get(), &Workspace::traceReady);
    win_->restoreSession();
    QVERIFY(ready.wait(60000));
}

void tst_Registry::viewIdsAreUniqueAndComplete() {
    QStringList ids = session::viewIds();
    QVERIFY(ids.size() >= 5);
    ids.removeDuplicates();
    QCOMPARE(ids.size(), int(session::views().size()));
    for (const session::ViewDescriptor& v : session::views()) {
        QVERIFY2(v.figure && v.data && v.oneMatrix && v.fileStem, qPrintable(v.id));
        QVERIFY2(!v.formats.empty(), qPrintable(v.id));
        QVERIFY(session::findView(v.id) == &v);
    }
}

// Tab i shows view i of the registry, titled as registered, and its widget
// says which view it is.
void tst_Registry::everyViewIsATab() {
    QTabWidget* tabs = win_->tabs();
    const auto& views = session::views();
    QCOMPARE(tabs->count(), int(views.size()));
    QCOMPARE(int(win_->views().size()), int(views.size()));
    for (int i = 0; i < tabs->count(); ++i) {
        const session::ViewDescriptor& v = views[size_t(i)];
        QCOMPARE(tabs->tabText(i), session::viewTitle(v));
        tabs->setCurrentIndex(i);
        QVERIFY(win_->currentView());
        QCOMPARE(win_->currentView()->viewId(), v.id);
        QCOMPARE(win_->viewWidget(v.id), win_->currentView());
        tabs->setCurrentIndex(0);
        win_->showView(v.id);
        QCOMPARE(tabs->currentIndex(), i);
    }
}

// View ▸ <view> (Ctrl+N) for each, in order.
void tst_Registry::everyViewIsInTheViewMenu() {
    QMenu* viewMenu = nullptr;
    for (QAction* a : win_->menuBar()->actions())
        if (a->menu() && a->menu()->objectName() == QLatin1String("viewMenu")) viewMenu = a->menu();
    QVERIFY2(viewMenu, "no View menu with objectName viewMenu");
    for (const session::ViewDescriptor& v : session::views()) {
        QAction* found = nullptr;
        for (QAction* a : viewMenu->actions())
            if (a->text() == session::viewMenuText(v)) found = a;
        QVERIFY2(found, qPrintable(v.id));
        QCOMPARE(found->shortcut(), QKeySequence(session::viewShortcut(v)));
        win_->tabs()->setCurrentIndex(v.tabOrder == 0 ? 1 : 0);
        found->trigger();
        QCOMPARE(win_->currentView()->viewId(), v.id);
    }
}

void tst_Registry::everyViewIsInTheCliUsage() {
    const testutil::Run r = cli({"--help"});
    QCOMPARE(r.status, 0);
    QVERIFY2(r.out.contains("[--view " + session::viewIds().join('|') + "]"), qPrintable(r.out));
    for (const session::ViewDescriptor& v : session::views())
        QVERIFY2(r.out.contains("  " + v.id + " ") && r.out.contains(QString::fromUtf8(v.summary)), qPrintable(v.id));
    // A bad --view names every registered one.
    const testutil::Run bad = cli({"export", "--view", "nope", "--text", "a", "-o", "x.png"});
    QCOMPARE(bad.status, 2);
    QVERIFY2(bad.err.contains(session::viewIds().join('|')), qPrintable(bad.err));
}

// A recipe of each view reads back as that view, with exactly the members the
// view registers beyond the common ones.
void tst_Registry::everyViewIsReadAndWrittenByRecipes() {
    const char* all[] = {"kind", "layers", "columns", "heads", "focus", "node", "pooling", "tile_scale"};
    for (const session::ViewDescriptor& v : session::views()) {
        session::Recipe r;
        r.modelPath = "/m.safetensors";
        r.text = "ab";
        r.view = v.id;
        const QByteArray json = session::recipeToJson(r);
        for (const char* f : all) {
            const bool expected = std::any_of(v.fields.begin(), v.fields.end(),
                                              [&](session::RecipeField x) { return QByteArray(session::recipeFieldName(x)) == f; });
            QVERIFY2(json.contains(QByteArray("\"") + f + "\":") == expected, qPrintable(v.id + " " + f));
        }
        const session::Recipe back = session::recipeFromJson(json);
        QCOMPARE(back.view, v.id);
        QCOMPARE(session::recipeToJson(back), json);
    }
}

// The grid's pooling and tile scale travel from the view through the Export
// dialog's recipe into the figure, and back from a recipe file.
void tst_Registry::gridChoicesReachTheExport() {
    win_->viewSettings()->setPooling(render::Pooling::Mean);
    win_->viewSettings()->setTileScale(render::TileScale::Shared);
    win_->showView(session::viewFor(session::ViewWidget::HeadsGrid).id);
    ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
    const session::Recipe r = dlg.recipe();
    QCOMPARE(r.pooling, render::Pooling::Mean);
    QCOMPARE(r.tileScale, render::TileScale::Shared);
    const auto* grid = dynamic_cast<const render::HeadsGridFigure*>(dlg.figure());
    QVERIFY(grid);
    QCOMPARE(grid->options().pooling, render::Pooling::Mean);
    QCOMPARE(grid->options().tileScale, render::TileScale::Shared);
    const session::Recipe back = session::recipeFromJson(session::recipeToJson(r));
    QCOMPARE(back.pooling, render::Pooling::Mean);
    QCOMPARE(back.tileScale, render::TileScale::Shared);
    QByteArray bad = session::recipeToJson(r);
    bad.replace("\"mean\"", "\"median\"");
    QVERIFY_THROWS_EXCEPTION(attnscope::Error, session::recipeFromJson(bad));
    win_->viewSettings()->setPooling(render::Pooling::Max);
    win_->viewSettings()->setTileScale(render::TileScale::PerTile);
}

void tst_Registry::unknownViewsAreRefusedByName() {
    session::Recipe r;
    r.modelPath = "/m.safetensors";
    r.text = "ab";
    QByteArray json = session::recipeToJson(r);
    json.replace("\"view\": \"head\"", "\"view\": \"nope\"");
    try {
        session::recipeFromJson(json);
        QFAIL("an unknown view was read");
    } catch (const attnscope::Error& e) {
        const QString msg = QString::fromStdString(e.what());
        for (const QString& id : session::viewIds()) QVERIFY2(msg.contains(id), qPrintable(msg));
    }
}

// The dialog opened on each view exports that view, offering exactly the
// formats the view registers.
void tst_Registry::everyViewIsInTheExportDialog() {
    for (const session::ViewDescriptor& v : session::views()) {
        win_->showView(v.id);
        ExportDialog dlg(ws_.get(), win_->viewSettings(), win_->currentView(), win_.get());
        const session::Recipe r = dlg.recipe();
        QCOMPARE(r.view, v.id);
        QVERIFY2(dlg.figure(), qPrintable(v.id));
        auto* format = dlg.findChild<QComboBox*>(QStringLiteral("format"));
        QVERIFY(format);
        auto* model = qobject_cast<QStandardItemModel*>(format->model());
        QVERIFY(model);
        for (int i = 0; i < format->count(); ++i) {
            const auto f = render::Format(format->itemData(i).toInt());
            if (f == render::Format::Csv) continue;  // also depends on the recipe (one matrix)
            QCOMPARE(model->item(i)->isEnabled(), v.exports(f));
        }
    }
}

// Every entry of the table, in every layer, resolves through Trace::tensor with
// the shape the table states (the same elements, for a stage that sees a
// stored tensor reshaped); the stage records, tensor_names and bytes agree.
void tst_Registry::everyTraceTensorResolves() {
    for (const bool dense : {true, false}) {
        attnscope::ModelConfig c;
        c.n_layer = 2;
        c.n_head = 4;
        c.n_embed = 32;
        c.context_length = 16;
        c.vocab_size = 40;
        const attnscope::Model m(std::make_shared<attnscope::Weights>(attnscope::random_weights(c, 7)));
        attnscope::RunOptions opt;
        opt.logits_rows = 3;
        if (!dense) opt.attention_budget_bytes = 1;  // weights rebuilt on demand
        const attnscope::Trace tr = m.run(std::vector<int>{1, 5, 9, 2, 7, 3, 30, 11, 4}, opt);
        QCOMPARE(tr.weights_dense, dense);
        const int64_t T = 9;
        int64_t bytes = 0;
        std::vector<std::string> names;
        for (const attnscope::TraceTensorSpec& s : attnscope::trace_tensor_table()) {
            const int layers = s.in_block ? tr.n_layer() : 1;
            for (int l = 0; l < layers; ++l) {
                if (!*s.name) continue;
                const std::string name = s.in_block ? "blk." + std::to_string(l) + "." + s.name : std::string(s.name);
                const attnscope::Tensor t = tr.tensor(name);
                const attnscope::Shape want = attnscope::spec_shape(s, tr);
                if (s.reshaped) QCOMPARE(t.numel(), attnscope::shape_numel(want));
                else QVERIFY2(t.shape == want, name.c_str());
                if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
            }
        }
        // The same names (the trace lists them layer by layer, in forward order).
        std::vector<std::string> listed = tr.tensor_names();
        QCOMPARE(listed.front(), std::string("embed.token"));
        QCOMPARE(listed.back(), std::string("logits"));
        std::sort(listed.begin(), listed.end());
        std::sort(names.begin(), names.end());
        QCOMPARE(listed, names);
        QCOMPARE(tr.tensor("blk.1.attn.q").shape, (attnscope::Shape{T, 4, 8}));
        QCOMPARE(tr.tensor("logits").shape, (attnscope::Shape{3, 40}));
        // Each stage names its tensor and states the table's shape and symbols.
        int stages = 0;
        for (const attnscope::StageRecord& r : tr.stages) {
            ++stages;
            const auto* spec = &*std::find_if(attnscope::trace_tensor_table().begin(), attnscope::trace_tensor_table().end(),
                                              [&](const auto& s) { return r.stage == s.stage; });
            QCOMPARE(r.shape, attnscope::spec_shape(*spec, tr));
            QCOMPARE(r.symbols, attnscope::spec_symbols(*spec, tr.config));
            QCOMPARE(r.per_head, spec->per_head);
        }
        QCOMPARE(stages, 4 + 2 * 16 + 2);
        for (const std::string& n : names)
            if (n.find("attn.scores") == std::string::npos && n.find("attn.mask") == std::string::npos &&
                (dense || n.find("attn.weights") == std::string::npos))
                bytes += tr.tensor(n).numel() * int64_t(sizeof(float));
        QVERIFY2(tr.bytes() >= bytes, qPrintable(QString::number(tr.bytes()) + " < " + QString::number(bytes)));
    }
}

void tst_Registry::malformedTensorNamesAreRefused() {
    attnscope::ModelConfig c;
    c.n_layer = 2;
    c.n_head = 2;
    c.n_embed = 8;
    c.context_length = 8;
    c.vocab_size = 10;
    const attnscope::Model m(std::make_shared<attnscope::Weights>(attnscope::random_weights(c, 1)));
    const attnscope::Trace tr = m.run(std::vector<int>{1, 2, 3});
    for (const char* bad : {"blk.1x.ln1", "blk.01.ln1", "blk.-1.ln1", "blk.+1.ln1", "blk..ln1", "blk.2.ln1",
                            "blk.1", "blk.1.", "blk.0.embed", "ln1", "blk.0.attn.q ", "", "blk.99999999999.ln1"}) {
        try {
            tr.tensor(bad);
            QFAIL(qPrintable(QString("'%1' resolved").arg(bad)));
        } catch (const attnscope::Error& e) {
            QCOMPARE(e.code(), attnscope::ErrorCode::InvalidArgument);
            QVERIFY2(std::string(e.what()).find(std::string("'") + bad + "'") != std::string::npos, e.what());
        }
    }
    QCOMPARE(tr.tensor("blk.1.ln1").shape, (attnscope::Shape{3, 8}));
}

// docs/architecture.md's tensor table names every entry with its symbols.
void tst_Registry::readmeListsEveryTraceTensor() {
    QFile f(QStringLiteral(ATTNSCOPE_RESOURCES) + "/../docs/architecture.md");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString readme = QString::fromUtf8(f.readAll());
    attnscope::ModelConfig c;  // 4C
    c.n_embed = 8;
    for (const attnscope::TraceTensorSpec& s : attnscope::trace_tensor_table()) {
        if (!*s.name || s.reshaped) continue;
        const QString name = QString::fromLatin1(s.in_block ? "blk.l." : "") + s.name;
        QStringList sym;
        for (const std::string& x : attnscope::spec_symbols(s, c)) sym << QString::fromStdString(x);
        const QString row = "| `" + name + "` | (" + sym.join(", ") + ") |";
        QVERIFY2(readme.contains(row), qPrintable("docs/architecture.md lacks the row " + row));
    }
}

QTEST_MAIN(tst_Registry)
#include "tst_registry.moc"
