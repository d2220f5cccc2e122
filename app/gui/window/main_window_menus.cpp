// MainWindow's menus: every command of the app, with its shortcut.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSignalBlocker>
#include <QTabWidget>
#include <algorithm>
#include <thread>

#include "gui/dialogs/guide_dialog.h"
#include "gui/common/setting_value.h"
#include "gui/window/main_window.h"

#include "gui/common/languages.h"
#include "gui/views/query_bars_view.h"

#include "attnscope/run/model.h"
#include "session/recipe_run.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

void MainWindow::addBudgetMenu(QMenu* run, const QString& title, const QString& name, const QString& key,
                               const QString& tip, const std::function<void(int64_t)>& apply, int fallback) {
    QMenu* menu = run->addMenu(title);
    menu->setObjectName(name);
    menu->setToolTipsVisible(true);
    auto* group = new QActionGroup(menu);
    int chosen = QSettings().value(key, fallback).toInt();
    if (std::find(kAttentionBudgetsMb.begin(), kAttentionBudgetsMb.end(), chosen) == kAttentionBudgetsMb.end())
        chosen = fallback;
    for (const int mb : kAttentionBudgetsMb) {
        QAction* a = menu->addAction(mb >= 1024 ? tr("%1 GB").arg(mb / 1024) : tr("%1 MB").arg(mb));
        a->setToolTip(tip.arg(mb));
        a->setCheckable(true);
        a->setData(mb);
        a->setChecked(chosen == mb);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [key, mb, apply] {
            QSettings().setValue(key, mb);
            apply(int64_t(mb) << 20);
        });
    }
}

void MainWindow::buildMenus() {
    buildFileMenu();
    buildViewMenu();
    buildRunMenu();
    buildHelpMenu();
}

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open model…"), this, &MainWindow::chooseModel);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open model &folder…"), this, &MainWindow::chooseModelFolder);
    file->addAction(tr("Open &local model…"), this, &MainWindow::chooseLocalModel)
        ->setShortcut(QKeySequence(tr("Ctrl+Shift+L")));
    QAction* random = file->addAction(tr("&New random model…"), this, &MainWindow::newRandomModel);
    random->setShortcut(QKeySequence::New);
    file->addAction(tr("Open t&race file…"), this, &MainWindow::chooseTraceFile)
        ->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    file->addAction(tr("Open &demo model"), this, [this] { openModel(QString()); });
    QAction* openText = file->addAction(tr("Open te&xt…"), this, &MainWindow::openTextFile);
    openText->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    modelActions_.push_back(file->addAction(tr("Choose &tokenizer…"), this, [this] {
        if (ws_->hasModel()) askForTokenizer(ws_->document().path, ws_->document().tokenizerLooked);
    }));
    file->addSeparator();
    QAction* exp = file->addAction(tr("&Export…"), this, &MainWindow::exportFigure);
    exp->setShortcut(QKeySequence(tr("Ctrl+E")));
    QAction* copy = file->addAction(tr("&Copy figure"), this, &MainWindow::copyFigure);
    copy->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    copy->setObjectName(QStringLiteral("copyFigure"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    QAction* nextHead = view->addAction(tr("Next head"), this, [this] { moveHead(0, 1); });
    nextHead->setShortcut(QKeySequence(tr("Alt+Right")));
    QAction* prevHead = view->addAction(tr("Previous head"), this, [this] { moveHead(0, -1); });
    prevHead->setShortcut(QKeySequence(tr("Alt+Left")));
    QAction* nextLayer = view->addAction(tr("Next layer"), this, [this] { moveHead(1, 0); });
    nextLayer->setShortcut(QKeySequence(tr("Alt+Down")));
    QAction* prevLayer = view->addAction(tr("Previous layer"), this, [this] { moveHead(-1, 0); });
    prevLayer->setShortcut(QKeySequence(tr("Alt+Up")));
    view->addSeparator();
    for (const session::ViewDescriptor& v : session::views()) {
        const QString id = v.id;
        QAction* a = view->addAction(session::viewMenuText(v), this, [this, id] { showView(id); });
        a->setShortcut(QKeySequence(session::viewShortcut(v)));
        if (!session::worksOnTraceFiles(id)) modelActions_.push_back(a);
    }
    view->addSeparator();
    // Closed docks come back from here.
    QMenu* panels = view->addMenu(tr("&Panels"));
    for (QDockWidget* d : {modelDock_, textDock_}) panels->addAction(d->toggleViewAction());
    addExplainActions(panels);
    view->addSeparator();
    addChoiceMenu(view, tr("&Colour map"), {tr("Viridis"), tr("Magma"), tr("Cividis"), tr("Greys")},
                  int(settings_->colormap()), [this](int i) { settings_->setColormap(render::ColorMapId(i)); });
    addChoiceMenu(view, tr("&Scale"), {tr("Linear"), tr("Logarithmic"), tr("Row-normalised")}, int(settings_->scale()),
                  [this](int i) { settings_->setScale(render::Scale(i)); });
    addFixedAxisAction(view);
    addLanguageMenu(view);
}

// Native names, the system's language first; the choice applies at the next
// start (every string is translated once, when its widget is made).
void MainWindow::addLanguageMenu(QMenu* view) {
    QMenu* menu = view->addMenu(tr("&Language"));
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(menu);
    const QString chosen = chosenLanguage();
    auto add = [&](const QString& text, const QString& code) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(code == chosen);
        a->setData(code);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code, text] {
            if (code == chosenLanguage()) return;
            setChosenLanguage(code);
            QMessageBox::information(this, tr("Language"),
                                     tr("AttnScope will use %1 the next time it starts.").arg(text));
        });
    };
    add(tr("System language"), QString());
    menu->addSeparator();
    for (const InterfaceLanguage& l : interfaceLanguages()) add(l.nativeName, l.code);
}

void MainWindow::addChoiceMenu(QMenu* parent, const QString& title, const QStringList& names, int chosen,
                               const std::function<void(int)>& choose) {
    QMenu* menu = parent->addMenu(title);
    auto* group = new QActionGroup(this);
    for (int i = 0; i < names.size(); ++i) {
        QAction* a = menu->addAction(names[i]);
        a->setCheckable(true);
        a->setChecked(chosen == i);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [choose, i] { choose(i); });
    }
}

// The query bars' axis: also in their right-click menu, which the keyboard can't reach.
void MainWindow::addFixedAxisAction(QMenu* view) {
    QAction* fixedAxis = view->addAction(tr("&Query bars from 0 to 1"));
    fixedAxis->setObjectName(QStringLiteral("fixedAxisAction"));
    fixedAxis->setCheckable(true);
    fixedAxis->setChecked(row_->fixedAxis());
    connect(fixedAxis, &QAction::toggled, row_, &QueryBarsView::setFixedAxis);
    connect(row_, &QueryBarsView::fixedAxisChanged, fixedAxis, [fixedAxis](bool fixed) {
        const QSignalBlocker b(fixedAxis);
        fixedAxis->setChecked(fixed);
    });
}

void MainWindow::buildRunMenu() {
    QMenu* run = menuBar()->addMenu(tr("&Run"));
    addMaskAndAblationActions(run);
    addThreadsMenu(run);
    addBudgetMenus(run);
    QAction* clear = run->addAction(tr("C&lear ablations"), this, [this] { ws_->setAblated({}); });
    addExplainRunActions(run);
    addKnockoutRunActions(run);
    clear->setShortcut(QKeySequence(tr("Ctrl+Shift+K")));
    clear->setEnabled(!ws_->ablated().empty());
    connect(ws_, &Workspace::optionsChanged, clear, [this, clear] { clear->setEnabled(!ws_->ablated().empty()); });
    QAction* gen = run->addAction(tr("&Generate…"), this, &MainWindow::generate);
    gen->setShortcut(QKeySequence(tr("Ctrl+G")));
    gen->setToolTip(tr("The model continues the text, a token at a time"));
    modelActions_.push_back(gen);
    // Esc stops a run and a generation alike.
    QAction* stop = run->addAction(tr("Ca&ncel run"), this, [this] {
        ws_->stopGenerating();
        ws_->cancel();
    });
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
}

// Causal attention, ablating the selected head, refusing a text past the context.
void MainWindow::addMaskAndAblationActions(QMenu* run) {
    QAction* causal = run->addAction(tr("&Causal attention"));
    causal->setCheckable(true);
    causal->setChecked(ws_->causal());
    causal->setShortcut(QKeySequence(tr("Ctrl+M")));
    connect(causal, &QAction::toggled, ws_, &Workspace::setCausal);
    modelActions_.push_back(causal);
    connect(ws_, &Workspace::optionsChanged, causal, [this, causal] {
        const QSignalBlocker b(causal);
        causal->setChecked(ws_->causal());
    });
    QAction* ablate = run->addAction(tr("&Ablate selected head"));
    ablate->setCheckable(true);
    ablate->setShortcut(QKeySequence(tr("Ctrl+K")));
    modelActions_.push_back(ablate);
    connect(ablate, &QAction::triggered, this, [this](bool on) {
        auto heads = ws_->ablated();
        const attnscope::HeadRef h{ws_->selection().layer, ws_->selection().head};
        heads.erase(std::remove(heads.begin(), heads.end(), h), heads.end());
        if (on) heads.push_back(h);
        ws_->setAblated(heads);
    });
    connect(ws_, &Workspace::selectionChanged, ablate, [this, ablate] {
        const attnscope::HeadRef h{ws_->selection().layer, ws_->selection().head};
        const auto& a = ws_->ablated();
        ablate->setChecked(std::find(a.begin(), a.end(), h) != a.end());
    });
    QAction* refuse = run->addAction(tr("&Refuse text longer than the context"));
    refuse->setCheckable(true);
    refuse->setChecked(ws_->cropPolicy() == session::CropPolicy::Refuse);
    connect(refuse, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue("run/refuseLong", on);
        ws_->setCropPolicy(on ? session::CropPolicy::Refuse : session::CropPolicy::KeepLast);
    });
    addLlamaCppRoundingAction(run);
}

// GGUF models computed exactly, or as llama.cpp computes them; remembered.
void MainWindow::addLlamaCppRoundingAction(QMenu* run) {
    QAction* rounding = run->addAction(tr("Com&pute as llama.cpp does (GGUF)"));
    rounding->setObjectName(QStringLiteral("llamaCppRounding"));
    rounding->setCheckable(true);
    rounding->setToolTip(tr("Round each product's activations to the weight's dot-product type (float16, bfloat16, "
                            "8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the "
                            "exact float32 model"));
    ws_->setLlamaCppRounding(QSettings().value("run/llamaCppRounding", false).toBool());
    rounding->setChecked(ws_->llamaCppRounding());
    rounding->setEnabled(ws_->canRoundLikeLlamaCpp());
    connect(rounding, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue("run/llamaCppRounding", on);
        ws_->setLlamaCppRounding(on);
    });
    connect(ws_, &Workspace::documentChanged, rounding,
            [this, rounding] { rounding->setEnabled(ws_->canRoundLikeLlamaCpp()); });
}

// Threads: results are identical on any count (the README's determinism
// claim); only the speed changes. Automatic is one thread per physical core.
void MainWindow::addThreadsMenu(QMenu* run) {
    QMenu* threads = run->addMenu(tr("&Threads"));
    threads->setObjectName(QStringLiteral("threadsMenu"));
    auto* tg = new QActionGroup(threads);
    const int cores = attnscope::physical_core_count();
    const int saved = savedThreads();
    for (int n = 0; n <= mostMenuThreads(); ++n) {
        QAction* a = threads->addAction(n == 0 ? tr("&Automatic (%n core(s))", "", cores)
                                               : n < 10 ? QStringLiteral("&%1").arg(n) : QString::number(n));
        a->setCheckable(true);
        a->setData(n);
        a->setChecked(saved == n);
        tg->addAction(a);
        connect(a, &QAction::triggered, this, [this, n] {
            QSettings().setValue("run/threads", n);
            ws_->setThreads(n);
        });
    }
    if (!tg->checkedAction()) tg->actions().constFirst()->setChecked(true);
}

// Attention memory: softmax weights are kept for every head while they fit;
// past it each head is rebuilt exactly when shown (Model::run's budget).
// Activation memory: the same for every layer's other tensors; past it, the
// keys and values while they fit.
void MainWindow::addBudgetMenus(QMenu* run) {
    const QString sizeTip = tr("Keep every head's attention weights while they fit in %1 MB; past that, rebuild a "
                               "head exactly when it is shown");
    addBudgetMenu(run, tr("Attention &memory"), QStringLiteral("budgetMenu"), QStringLiteral("run/attentionBudgetMb"),
                  sizeTip, [this](int64_t bytes) { ws_->setAttentionBudget(bytes); });
    addBudgetMenu(run, tr("Acti&vation memory"), QStringLiteral("activationBudgetMenu"),
                  QStringLiteral("run/activationBudgetMb"),
                  tr("Keep every layer's activations while they fit in %1 MB; past that, keep k, v and each "
                     "layer's output, and compute a layer's other tensors again exactly when they are shown"),
                  [this](int64_t bytes) { ws_->setActivationBudget(bytes); });
    addBudgetMenu(run, tr("&Key and value memory"), QStringLiteral("kvBudgetMenu"), QStringLiteral("run/kvBudgetMb"),
                  tr("Past the activation memory, keep every layer's keys and values while they fit in %1 MB; "
                     "past that, compute them again from each layer's input, exactly, when a run or a view needs "
                     "them (an edit then costs every layer's k and v projections)"),
                  [this](int64_t bytes) { ws_->setKvBudget(bytes); }, int(attnscope::RunOptions().kv_budget_bytes >> 20));
}

void MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&Guide"), this, [this] {
        // One guide window at a time, told with the open model's numbers.
        if (auto* old = findChild<GuideDialog*>()) old->close();
        const attnscope::ModelConfig cfg = ws_->hasModel() ? ws_->document().model.weights->config : attnscope::ModelConfig();
        auto* dlg = new GuideDialog(cfg, ws_->trace() ? ws_->trace()->T() : 0, this);
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->show();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About AttnScope"), this, [this] {
        QMessageBox::about(this, tr("About AttnScope"),
                           tr("<b>AttnScope %1</b><p>See inside transformer attention: every head, every "
                              "layer, live as you type.</p>").arg(QApplication::applicationVersion()));
    });
}
