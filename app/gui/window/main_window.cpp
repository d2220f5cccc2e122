#include "gui/window/main_window.h"

#include "gui/common/eliding_label.h"
#include "gui/common/notice_label.h"

#include <QLocale>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextDocument>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <thread>

#include "attnscope/tokenizers/tokenizer.h"
#include "attnscope/run/trace_file.h"
#include "session/charvocab.h"
#include "session/recipe_run.h"
#include "gui/common/errors.h"
#include "gui/dialogs/export_dialog.h"
#include "render/export.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/views/mask_view.h"
#include "gui/panels/model_panel.h"
#include "gui/dialogs/new_model_dialog.h"
#include "gui/common/plain_text.h"
#include "gui/common/show_box.h"
#include "gui/views/query_bars_view.h"
#include "gui/views/shape_flow_view.h"
#include "gui/views/token_lines_view.h"
#include "gui/views/compare_view.h"
#include "gui/common/setting_value.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/text_file.h"
#include "gui/panels/token_strip.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

MainWindow::MainWindow(Workspace* ws, QWidget* parent) : QMainWindow(parent), ws_(ws) {
    setWindowTitle(tr("AttnScope"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    settings_ = new ViewSettings(this);
    settings_->load();
    buildViews();
    buildDocks();
    buildMenus();
    buildStatusBar();
    connectWorkspace();
    connect(&traceCheck_, &QFutureWatcher<TraceFileCheck>::finished, this, &MainWindow::finishTraceFileCheck);
    resize(1280, 860);
    const QSettings st;
    restoreGeometry(st.value("window/geometry").toByteArray());
    hasSavedLayout_ = restoreState(st.value("window/state").toByteArray());
    for (QSplitter* s : findChildren<QSplitter*>())
        if (!s->objectName().isEmpty()) s->restoreState(st.value("window/splitters/" + s->objectName()).toByteArray());
    recent_ = st.value("models/recent").toStringList();
    modelPanel_->setRecent(recent_);
    tabs_->setCurrentIndex(st.value("window/tab", 0).toInt());
    ws_->setCropPolicy(settingBool(st, "run/refuseLong", false) ? session::CropPolicy::Refuse
                                                                 : session::CropPolicy::KeepLast);
    ws_->setThreads(savedThreads());
    // The attention budget (Run ▸ Attention memory): one of the menu's sizes, else the default.
    const int budgetMb = st.value("run/attentionBudgetMb", 256).toInt();
    if (std::find(kAttentionBudgetsMb.begin(), kAttentionBudgetsMb.end(), budgetMb) != kAttentionBudgetsMb.end())
        ws_->setAttentionBudget(int64_t(budgetMb) << 20);
    const int activationMb = st.value("run/activationBudgetMb", 256).toInt();
    if (std::find(kAttentionBudgetsMb.begin(), kAttentionBudgetsMb.end(), activationMb) != kAttentionBudgetsMb.end())
        ws_->setActivationBudget(int64_t(activationMb) << 20);
    const int kvMb = st.value("run/kvBudgetMb", int(attnscope::RunOptions().kv_budget_bytes >> 20)).toInt();
    if (std::find(kAttentionBudgetsMb.begin(), kAttentionBudgetsMb.end(), kvMb) != kAttentionBudgetsMb.end())
        ws_->setKvBudget(int64_t(kvMb) << 20);
    // The run pools the grid's thumbnails on the scale and the way (max or mean) the grid draws.
    auto thumbnailScale = [this] {
        const render::Scale scale = settings_->style().scale;
        ws_->setThumbnailPooling(scale == render::Scale::RowNormalized,
                                 settings_->gridOptions().pooling == render::Pooling::Mean && scale != render::Scale::Log);
    };
    thumbnailScale();
    connect(settings_, &ViewSettings::changed, this, thumbnailScale);
}

void MainWindow::buildDocks() {
    auto* modelDock = new QDockWidget(tr("Model"), this);
    modelDock->setObjectName("modelDock");
    modelPanel_ = new ModelPanel(ws_, modelDock);
    modelDock->setWidget(modelPanel_);
    addDockWidget(mirrored(Qt::LeftDockWidgetArea), modelDock);
    connect(modelPanel_, &ModelPanel::openRequested, this, &MainWindow::chooseModel);
    connect(modelPanel_, &ModelPanel::newRandomRequested, this, &MainWindow::newRandomModel);
    connect(modelPanel_, &ModelPanel::recentRequested, this, &MainWindow::openModel);

    auto* textDock = new QDockWidget(tr("Text"), this);
    textDock->setObjectName("textDock");
    auto* textPage = new QWidget(textDock);
    auto* tl = new QVBoxLayout(textPage);
    editor_ = new QPlainTextEdit(textPage);
    // Wrapped at spaces only: Qt's default (at a space, else anywhere) lays a
    // long line without spaces out in quadratic time, at every keystroke; so
    // a word wider than the editor scrolls instead.
    editor_->setWordWrapMode(QTextOption::WordWrap);
    editor_->setAccessibleName(tr("Text to run"));
    editor_->setPlaceholderText(tr("Type or paste text here; every edit re-runs the model."));
    editor_->setTabChangesFocus(true);
    notice_ = new NoticeLabel(textPage);
    notice_->setStyleSheet(QStringLiteral("color: #9a5b00"));
    notice_->hide();
    strip_ = new TokenStrip(ws_, textPage);
    auto* stripScroll = new QScrollArea(textPage);
    stripScroll->setWidget(strip_);
    stripScroll->setWidgetResizable(true);
    stripScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    stripScroll->setFrameShape(QFrame::NoFrame);
    stripScroll->setMinimumHeight(strip_->fontMetrics().height() + 20);
    stripScroll->setMaximumHeight(4 * (strip_->fontMetrics().height() + 11) + 8);
    editor_->setMinimumHeight(3 * editor_->fontMetrics().lineSpacing() + 12);
    tl->addWidget(editor_, 1);
    buildGenerationRow(tl);
    tl->addWidget(stripScroll);
    tl->addWidget(notice_);
    textDock->setWidget(textPage);
    addDockWidget(Qt::BottomDockWidgetArea, textDock);
    textDock_ = textDock;
    modelDock_ = modelDock;
    buildExplainDocks();

    // The text goes to its own file within half a second of the first unsaved
    // keystroke, however long the typing goes on (a crash loses at most that).
    autosaver_ = new TextAutosaver([this] { return editorText(); }, this);
    autosaver_->claimFile();  // a second AttnScope open keeps its text in a file of its own
    connect(autosaver_, &TextAutosaver::saveFailed, this, [this](const QString& msg) {
        lastProblem_ = msg;
        statusBar()->showMessage(msg);
    });
    connect(editor_, &QPlainTextEdit::textChanged, this, [this] {
        ws_->setText(editorText());
        transientText_ = false;
        autosaver_->textEdited();
    });
    setTabOrder(editor_, strip_);
    setTabOrder(strip_, tabs_);
}

void MainWindow::buildStatusBar() {
    statusTokens_ = new QLabel(this);
    statusTime_ = new QLabel(this);
    statusThreads_ = new QLabel(this);
    statusHover_ = new ElidingLabel(this);
    statusMode_ = new QLabel(this);
    statusMode_->setObjectName(QStringLiteral("runMode"));
    statusMode_->setStyleSheet(QStringLiteral("QLabel { background: #9a5b00; color: white; border-radius: 3px; padding: 0 6px; }"));
    statusMode_->setAccessibleName(tr("Run mode"));
    statusMode_->hide();
    progress_ = new QProgressBar(this);
    progress_->setMaximumWidth(160);
    progress_->hide();
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->hide();
    connect(cancel_, &QPushButton::clicked, ws_, &Workspace::cancel);
    statusBar()->addWidget(statusHover_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    statusBar()->addPermanentWidget(statusMode_);
    statusBar()->addPermanentWidget(statusTokens_);
    statusBar()->addPermanentWidget(statusTime_);
    statusBar()->addPermanentWidget(statusThreads_);
}

void MainWindow::connectWorkspace() {
    connect(ws_, &Workspace::traceReady, this, &MainWindow::updateStatus);
    connect(ws_, &Workspace::optionsChanged, this, &MainWindow::updateStatus);
    connect(ws_, &Workspace::documentChanged, this, [this] {
        const attnscope::ModelConfig* cfg = ws_->document().config();
        const QSignalBlocker b(layerFilter_);
        layerFilter_->clear();
        layerFilter_->addItem(tr("All layers"), -1);
        for (int l = 0; cfg && l < cfg->n_layer; ++l) layerFilter_->addItem(tr("Layer %1").arg(l), l);
        headsGrid_->setLayerFilter(-1);
        setWindowTitle(ws_->isTraceFile() ? tr("%1 (trace file) — AttnScope").arg(ws_->document().displayName)
                                          : tr("%1 — AttnScope").arg(ws_->document().displayName));
        applyDocumentKind();
        updateStatus();
    });
    connect(ws_, &Workspace::loadFailed, this, [this](const QString& path, const QString& msg) {
        showProblem(tr("Cannot open model"),
                    tr("AttnScope could not open “%1”.\n\n%2").arg(path.isEmpty() ? tr("the demo model") : path, msg));
        if (!ws_->hasModel() && !ws_->isTraceFile() && !path.isEmpty()) openModel(QString());  // fall back to the demo
    });
    connect(ws_, &Workspace::tokenizerMissing, this, &MainWindow::askForTokenizer, Qt::QueuedConnection);
    connect(ws_, &Workspace::tokenizerFailed, this, [this](const QString& path, const QString& msg) {
        showProblem(tr("Cannot open tokenizer"), tr("AttnScope could not read the tokenizer “%1”.\n\n%2").arg(path, msg));
    });
    connect(ws_, &Workspace::runFailed, this, [this](const QString& msg) {
        notice_->setFullText(msg);
        notice_->setVisible(true);
    });
    connect(ws_, &Workspace::notice, this, [this](const QString& msg) {
        notice_->setFullText(msg);
        notice_->setVisible(!msg.isEmpty());
    });
    connect(ws_, &Workspace::memoryEstimate, this, [this](const QString& msg) {
        // In the status bar's own label, which ends in "…" where the permanent
        // widgets leave too little room (the whole is in its tooltip and in
        // the notice under the text), for 8 s or until a hover replaces it.
        statusHover_->setFullText(msg);
        QTimer::singleShot(8000, statusHover_, [this, msg] {
            if (statusHover_->fullText() == msg) statusHover_->setFullText({});
        });
    });
    connect(ws_, &Workspace::longRunStarted, this, [this] {
        progress_->setRange(0, 0);
        progress_->show();
        cancel_->show();
    });
    connect(ws_, &Workspace::progress, this, [this](int done, int total) {
        progress_->setRange(0, total);
        progress_->setValue(done);
    });
    connect(ws_, &Workspace::runningChanged, this, [this](bool running) {
        if (!running) {
            progress_->hide();
            cancel_->hide();
        }
    });
    connect(ws_, &Workspace::documentChanged, this, [this] {
        const QString p = ws_->document().path;
        if (!p.isEmpty() && !ws_->document().isDemo) addRecent(p);
        QSettings().setValue("models/last", ws_->document().isDemo ? QString() : p);
        checkSettingsWritable();
    });
}

int MainWindow::mostMenuThreads() {
    return std::max(attnscope::physical_core_count(), int(std::thread::hardware_concurrency()));
}

int MainWindow::savedThreads() { return settingInt(QSettings(), QStringLiteral("run/threads"), 0, 0, mostMenuThreads()); }

void MainWindow::applyDocumentKind() {
    const bool traceFile = ws_->isTraceFile();
    const QString needsModel = tr("Needs the model: a trace file holds attention weights only");
    for (size_t i = 0; i < pages_.size(); ++i) {
        const session::ViewDescriptor* v = pages_[i]->descriptor();
        const bool works = !traceFile || (v && session::worksOnTraceFiles(v->id));
        tabs_->setTabEnabled(int(i), works);
        tabs_->setTabToolTip(int(i), works ? QString() : needsModel);
    }
    if (!tabs_->isTabEnabled(tabs_->currentIndex())) showView(session::viewFor(session::ViewWidget::HeadsGrid).id);
    // Raw scores need q and k, norms v and W_O: a trace file holds none of them.
    bool fellBack = false;
    for (QComboBox* box : {kindBox_, gridKindBox_, lines_ ? lines_->kindBox() : nullptr})
        if (box) fellBack = showbox::allowModelKinds(box, !traceFile, needsModel) || fellBack;
    if (fellBack)
        statusBar()->showMessage(tr("A trace file holds attention weights only: the weights are shown in place of "
                                    "raw scores or value-weighted norms"),
                                 10000);
    for (QAction* a : modelActions_) a->setEnabled(!traceFile);
    // The text typed for models is kept, untouched, for the next model.
    editor_->setReadOnly(traceFile);
    textDock_->setWindowTitle(traceFile ? tr("Text (kept for models; the trace file has its own tokens)") : tr("Text"));
}

void MainWindow::showProblem(const QString& title, const QString& text) {
    // Window-modal but not blocking: runs and loads carry on behind it.
    lastProblem_ = text;
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::moveHead(int dLayer, int dHead) {
    const attnscope::ModelConfig* cfg = ws_->document().config();
    if (!cfg || cfg->n_layer <= 0 || cfg->n_head <= 0) return;
    Selection s = ws_->selection();
    s.layer = (s.layer + dLayer + cfg->n_layer) % cfg->n_layer;
    s.head = (s.head + dHead + cfg->n_head) % cfg->n_head;
    ws_->setSelection(s);
}

void MainWindow::exportFigure() {
    if (!ws_->trace()) return;
    ExportDialog dlg(ws_, settings_, currentView(), this);
    dlg.exec();
}

void MainWindow::copyFigure() {
    TraceView* v = currentView();
    if (!v || !ws_->trace()) return;
    render::Style style = settings_->style();
    style.background = Qt::white;
    style.text = QColor(20, 20, 20);
    // What the view cannot draw (rollout past its token limit, an ablation
    // map not scanned yet, a corrupt trace file's head) is said, not copied.
    QString problem = tr("This view has no figure to copy yet.");
    try {
        if (const auto fig = v->makeFigure(style)) {
            // Twice the screen's resolution: sharp when pasted into a document.
            // A figure too large for that (hundreds of heads) is copied at the
            // resolution that fits the image limit, never refused.
            const QSizeF inches = render::naturalInches(*fig);
            const double fits = std::sqrt(render::kMaxImagePixels / std::max(1.0, inches.width() * inches.height())) * 0.99;
            const double dpi = std::min(render::kLogicalDpi * devicePixelRatioF() * 2, fits);
            QApplication::clipboard()->setImage(render::renderImage(*fig, inches, dpi));
            statusBar()->showMessage(tr("Figure copied to the clipboard."), 3000);
            return;
        }
    } catch (const std::exception& e) {
        problem = describeError(e);
    }
    statusBar()->showMessage(tr("Nothing copied: %1").arg(QString(problem).replace(QLatin1Char('\n'), QLatin1Char(' '))), 10000);
}

void MainWindow::updateStatus() {
    const auto t = ws_->trace();
    statusTokens_->setText(t ? tr("Tokens: %1").arg(t->T()) : QString());
    statusTime_->setText(!t ? QString() : ws_->isTraceFile() ? tr("imported") : tr("%1 ms").arg(QLocale().toString(ws_->lastRunMs(), 'f', 1)));
    statusThreads_->setText(tr("Threads: %1").arg(ws_->threads()));
    // What the run differs in from the model as trained, always in sight.
    QStringList mode;
    if (ws_->isTraceFile()) mode << tr("trace file: nothing runs");
    if (!ws_->causal()) mode << tr("bidirectional");
    if (!ws_->ablated().empty()) mode << tr("%n head(s) ablated", "", int(ws_->ablated().size()));
    if (!ws_->knockouts().empty()) mode << tr("%n knockout(s) active", "", int(ws_->knockouts().size()));
    statusMode_->setText(mode.join(QStringLiteral(" · ")));
    statusMode_->setVisible(!mode.isEmpty());
}

void MainWindow::checkSettingsWritable() {
    if (settingsWarned_) return;
    QSettings st;
    st.sync();
    if (st.status() == QSettings::NoError && st.isWritable()) return;
    settingsWarned_ = true;  // said once, not at every write
    lastProblem_ = tr("Settings cannot be saved to “%1”: recent models, the window layout and your choices will "
                      "not be remembered.")
                       .arg(QDir::toNativeSeparators(st.fileName()));
    statusBar()->showMessage(lastProblem_);
}

void MainWindow::closeEvent(QCloseEvent* e) {
    saveText();
    if (compare_) compare_->saveText();
    QSettings st;
    st.setValue("window/geometry", saveGeometry());
    st.setValue("window/state", saveState());
    for (const QSplitter* s : findChildren<QSplitter*>())
        if (!s->objectName().isEmpty()) st.setValue("window/splitters/" + s->objectName(), s->saveState());
    st.setValue("window/tab", tabs_->currentIndex());
    settings_->save();
    st.sync();
    checkSettingsWritable();
    e->accept();
}

Qt::DockWidgetArea MainWindow::mirrored(Qt::DockWidgetArea area) {
    if (QGuiApplication::layoutDirection() != Qt::RightToLeft) return area;
    if (area == Qt::LeftDockWidgetArea) return Qt::RightDockWidgetArea;
    if (area == Qt::RightDockWidgetArea) return Qt::LeftDockWidgetArea;
    return area;
}

void MainWindow::showEvent(QShowEvent* e) {
    QMainWindow::showEvent(e);
    if (!hasSavedLayout_) {  // first start: give the views most of the window
        hasSavedLayout_ = true;
        resizeDocks({textDock_}, {200}, Qt::Vertical);
        // The side docks as narrow as their contents read well, so that the
        // nine view tabs fit between them at 1280 px.
        resizeDocks({modelDock_, predictionsDock_}, {240, 370}, Qt::Horizontal);
    }
}

