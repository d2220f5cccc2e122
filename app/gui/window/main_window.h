#pragma once
// Wires the views, docks, menus and status bar to one Workspace. No model
// logic lives here.
#include <QFutureWatcher>
#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <array>
#include <functional>
#include <cstdint>
#include <utility>
#include <vector>

#include "session/views.h"

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class ElidingLabel;
class NoticeLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTimer;
class HeadDetailView;
class HeadsGridView;
class MaskView;
class ModelPanel;
class PredictionsPanel;
class HeadStatsPanel;
class AblationView;
class AttributionView;
class GenerationBar;
class CompareView;
class AttentionTextPanel;
class QueryBarsView;
class ShapeFlowView;
class TokenLinesView;
class TextAutosaver;
class TokenStrip;
class TraceView;
class ViewSettings;
class Workspace;

// The sizes Run ▸ Attention memory and Run ▸ Activation memory offer, in MB
// (256 is RunOptions' default for both).
inline constexpr std::array<int, 6> kAttentionBudgetsMb = {256, 512, 1024, 2048, 4096, 8192};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Workspace* ws, QWidget* parent = nullptr);

    // Opens the last model (or the demo) with the last text (or the example).
    void restoreSession(const QString& modelOverride = {});
    // The last text (or the example), as restoreSession puts it in the editor.
    void restoreText();
    // Text given on the command line (--text): shown and run, but not saved
    // over the user's own text unless they edit it.
    void setTransientText(const QString& text);
    // Loads a text file into the editor; invalid UTF-8 is replaced and the user told.
    bool loadTextFile(const QString& path);
    void openModel(const QString& path);
    // Opens an AttnScope trace file (attnscope/trace_file.h) in place of a
    // model once a worker has read its header; anything else is refused with
    // a message. traceFileChecked tells which.
    void openTraceFile(const QString& path);
    // Builds a character vocabulary from `textPath` for the open model at
    // `modelPath`, remembers it for the model and reopens the model with it;
    // a problem is shown (non-blocking) and false returned.
    bool buildCharVocabulary(const QString& modelPath, const QString& textPath);

    // For tests and the exporter.
    Workspace* workspace() const { return ws_; }
    ViewSettings* viewSettings() const { return settings_; }
    QPlainTextEdit* editor() const { return editor_; }
    HeadsGridView* headsGrid() const { return headsGrid_; }
    HeadDetailView* headDetail() const { return detail_; }
    MaskView* maskView() const { return mask_; }
    ShapeFlowView* shapeFlow() const { return flow_; }
    TokenLinesView* tokenLines() const { return lines_; }
    QueryBarsView* queryBars() const { return row_; }  // the selected query's row, under the head detail
    TokenStrip* tokenStrip() const { return strip_; }
    QTabWidget* tabs() const { return tabs_; }
    // The Show boxes above the head detail and the heads grid.
    QComboBox* headKindBox() const { return kindBox_; }
    QComboBox* gridKindBox() const { return gridKindBox_; }
    TraceView* currentView() const;
    // The widget of a registered view (null for an unknown id); one per tab.
    TraceView* viewWidget(const QString& viewId) const;
    const std::vector<TraceView*>& views() const { return pages_; }
    NoticeLabel* noticeLabel() const { return notice_; }
    QLabel* runModeLabel() const { return statusMode_; }
    QDockWidget* modelDock() const { return modelDock_; }
    QDockWidget* textDock() const { return textDock_; }
    QDockWidget* predictionsDock() const { return predictionsDock_; }
    PredictionsPanel* predictions() const { return predictions_; }
    QDockWidget* headStatsDock() const { return statsDock_; }
    HeadStatsPanel* headStats() const { return stats_; }
    AblationView* ablationView() const { return ablation_; }
    AttributionView* attributionView() const { return attribution_; }
    CompareView* compareView() const { return compare_; }
    QDockWidget* attentionTextDock() const { return attnTextDock_; }
    AttentionTextPanel* attentionText() const { return attnText_; }
    QProgressBar* progressBar() const { return progress_; }
    GenerationBar* generationBar() const { return generationBar_; }
    QPushButton* generateButton() const { return generateButton_; }
    // The editor's range the last generation wrote (highlighted until an edit).
    std::pair<int, int> generatedRange() const { return {generatedStart_, generatedStart_ + generatedLength_}; }
    QPushButton* cancelButton() const { return cancel_; }
    // The text of the last problem or question shown to the user.
    QString lastProblem() const { return lastProblem_; }
    TextAutosaver* textAutosaver() const { return autosaver_; }
    void showView(const QString& viewId);
    // The largest ablation scan (n_layer · n_head · T · n_embed) that drawing
    // the ablation view for Export may run on the GUI thread; larger ones are
    // run from the view, on a worker, with progress.
    static constexpr int64_t kOnDemandScanWork = 20'000'000;
    // The most threads Run ▸ Threads offers (one per logical CPU, at least
    // one per physical core), and the remembered choice within it (0 for
    // automatic; anything else stored reads as automatic, as the menu shows).
    static int mostMenuThreads();
    // The editor's text exactly as typed or opened (no-break spaces kept).
    QString editorText() const;
    static int savedThreads();

public slots:
    // Run ▸ Generate… (Ctrl+G): the settings, then the model continues the text.
    void generate();

signals:
    // openTraceFile's answer for `path`: opened in the Workspace (which may
    // still fail to load it, Workspace::loadFailed), or refused.
    void traceFileChecked(const QString& path, bool opened);

protected:
    void closeEvent(QCloseEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    // Generation (main_window_generate.cpp): the button and the step bar
    // under the text, the tokens written into the editor as they come (one
    // undo step) and marked until an edit.
    void buildGenerationRow(QLayout* textLayout);
    void showGeneratedText(int step, const QString& continuation);
    void markGeneratedText();
    GenerationBar* generationBar_ = nullptr;
    QPushButton* generateButton_ = nullptr;
    int generatedStart_ = 0, generatedLength_ = 0;
    int generatedFirstStep_ = -1;  // the step of the generation's first text, which opens its edit block
    void buildViews();  // main_window_views.cpp
    // A tab's page and the view in it, for the widget `v` names.
    std::pair<QWidget*, TraceView*> buildViewPage(const session::ViewDescriptor& v);
    void buildDocks();
    // The docks that explain heads (predictions, …): main_window_explain.cpp.
    void buildExplainDocks();
    // Their View ▸ Panels entries, with shortcuts.
    void addExplainActions(QMenu* panels);
    void addExplainRunActions(QMenu* run);
    // Run ▸ knockout entries (main_window_explain.cpp).
    void addKnockoutRunActions(QMenu* run);
    // The menu bar (main_window_menus.cpp): File, View, Run and Help.
    void buildMenus();
    void buildFileMenu();
    void buildViewMenu();
    void buildRunMenu();
    void buildHelpMenu();
    // A submenu `title` of `parent` with one checkable entry per name, the
    // `chosen` one checked; `choose` gets the index of the one triggered.
    void addChoiceMenu(QMenu* parent, const QString& title, const QStringList& names, int chosen,
                       const std::function<void(int)>& choose);
    void addFixedAxisAction(QMenu* view);
    void addLanguageMenu(QMenu* view);
    // Left and right swapped in a right-to-left layout: QMainWindow keeps its
    // dock areas where they are, while a right-to-left reader expects the
    // model panel on the right and the predictions on the left.
    static Qt::DockWidgetArea mirrored(Qt::DockWidgetArea area);
    void addMaskAndAblationActions(QMenu* run);
    void addLlamaCppRoundingAction(QMenu* run);
    void addThreadsMenu(QMenu* run);
    void addBudgetMenus(QMenu* run);
    // A Run menu of the kAttentionBudgetsMb sizes, one checked (`fallback` MB,
    // RunOptions' default, until one is chosen), remembered under `key`; `tip`
    // has %1 for the size; `apply` gets the bytes chosen.
    void addBudgetMenu(QMenu* run, const QString& title, const QString& name, const QString& key, const QString& tip,
                       const std::function<void(int64_t)>& apply, int fallback = 256);
    void buildStatusBar();
    void connectWorkspace();
    // A file chosen in an Open dialog that starts in the folder remembered
    // under the settings key `dirKey`, which then remembers the file's; ""
    // when the user cancels.
    QString chooseFileToOpen(const QString& title, const QString& dirKey, const QString& filter);
    void chooseModel();
    void chooseModelFolder();
    void chooseLocalModel();
    void chooseTraceFile();
    void finishTraceFileCheck();  // openTraceFile's, on the GUI thread
    // Enables what works on the open document: with a trace file, the views
    // and commands that need the model are disabled and say why.
    void applyDocumentKind();
    void openTextFile();
    void newRandomModel();
    void moveHead(int dLayer, int dHead);
    void addRecent(const QString& path);
    void showProblem(const QString& title, const QString& text);
    void askForTokenizer(const QString& modelPath, const QStringList& looked);
    void exportFigure();
    void copyFigure();
    void updateStatus();
    void saveText();
    // Puts `text` in the editor and runs it, without counting it as an edit.
    void showText(const QString& text, bool transient);
    void checkSettingsWritable();

    Workspace* ws_;
    ViewSettings* settings_;
    QTabWidget* tabs_ = nullptr;
    std::vector<TraceView*> pages_;  // per tab, in the registry's order
    HeadsGridView* headsGrid_ = nullptr;
    QComboBox* layerFilter_ = nullptr;
    HeadDetailView* detail_ = nullptr;
    QComboBox* kindBox_ = nullptr;
    QComboBox* gridKindBox_ = nullptr;  // the heads page's Show box
    QueryBarsView* row_ = nullptr;
    MaskView* mask_ = nullptr;
    ShapeFlowView* flow_ = nullptr;
    TokenLinesView* lines_ = nullptr;
    ModelPanel* modelPanel_ = nullptr;
    QPlainTextEdit* editor_ = nullptr;
    TokenStrip* strip_ = nullptr;
    NoticeLabel* notice_ = nullptr;
    QLabel* statusTokens_ = nullptr;
    QLabel* statusTime_ = nullptr;
    QLabel* statusThreads_ = nullptr;
    ElidingLabel* statusHover_ = nullptr;  // hover text and the memory estimate
    QLabel* statusMode_ = nullptr;  // "bidirectional · 2 heads ablated", hidden when neither
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    TextAutosaver* autosaver_ = nullptr;
    bool settingsWarned_ = false;
    bool transientText_ = false;  // the editor holds --text, not the user's typing
    QStringList recent_;
    QString lastProblem_;
    QDockWidget* textDock_ = nullptr;
    QDockWidget* modelDock_ = nullptr;
    bool hasSavedLayout_ = false;
    QDockWidget* predictionsDock_ = nullptr;
    PredictionsPanel* predictions_ = nullptr;
    QDockWidget* statsDock_ = nullptr;
    HeadStatsPanel* stats_ = nullptr;
    AblationView* ablation_ = nullptr;
    AttributionView* attribution_ = nullptr;
    CompareView* compare_ = nullptr;
    QDockWidget* attnTextDock_ = nullptr;
    AttentionTextPanel* attnText_ = nullptr;
    std::vector<QAction*> modelActions_;  // need a model: disabled for a trace file
    struct TraceFileCheck {
        QString path;
        bool isTraceFile = false;
    };
    QFutureWatcher<TraceFileCheck> traceCheck_;  // the last openTraceFile's
};
