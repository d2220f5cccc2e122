#pragma once
// The Compare tab: the selected head of trace A (the text on screen) beside
// trace B and their difference B − A, or the difference alone. B is a second
// text (typed in the view), a second model of the same shape, or one of
// several checkpoints of one run, stepped through with Previous/Next, the
// slider or Alt+PgUp/Alt+PgDown. B runs on a worker (Comparer); the figure of a
// long text is built on a worker too, one head at a time. The mode and the last
// text B are remembered.
#include <QFutureWatcher>
#include <QTimer>
#include <memory>

#include "gui/workspace/comparer.h"
#include "render/figures/compare_figure.h"
#include "gui/views/trace_view.h"

class QAction;
class QComboBox;
class QLabel;
class QLayout;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSlider;

class CompareView : public TraceView {
    Q_OBJECT
public:
    CompareView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    ~CompareView() override;
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    void fillRecipe(session::Recipe& r) const override;
    QSize sizeHint() const override { return {900, 560}; }

    Comparer* comparer() const { return comparer_; }
    // The figure on screen (null before a comparison is ready).
    const render::CompareFigure* figure() const { return figure_.get(); }
    bool isBuilding() const { return building_; }
    render::CompareMode mode() const { return mode_; }
    void setMode(render::CompareMode mode);
    // Saves text B now if an edit of it is still waiting to be (on close).
    void saveText();
    // Text B from the command line (--compare-text): compared, not saved
    // over the user's own unless they edit it.
    void setTransientText(const QString& text);
    // Where the figure is painted, in this widget's coordinates.
    QRectF figureArea() const;
    // The Compare menu: its actions carry the shortcuts.
    QMenu* menu() const { return menu_; }
    QPlainTextEdit* textEdit() const { return text_; }
    QSlider* timeline() const { return slider_; }
    QLabel* statusLabel() const { return status_; }
    // From this many common positions on, figures are built on a worker.
    static constexpr int kAsyncTokens = 256;

signals:
    // A Compare menu command wants the view on screen.
    void showRequested();
    // A new figure is on screen (or none could be made).
    void figureReady();

public slots:
    void chooseText();         // shows the text box
    void chooseModel();        // a file dialog, then compareWithModels({path})
    void chooseCheckpoints();  // a file dialog for several files

protected:
    void rebuild() override;
    void selectionChanged() override;
    void paintEvent(QPaintEvent*) override;
    void showEvent(QShowEvent* e) override;

private:
    // The constructor's parts: the controls' rows, the menu, the connections.
    QLayout* buildInputRow();
    QWidget* buildTimelineRow();
    QLayout* buildStatusRow();
    void buildMenu();
    void connectControls();
    void connectComparer();
    // Text B, typed: remembered and compared (after the typing pauses, or on close).
    void commitText();
    void updateControls();
    void buildFinished();
    struct Build {
        quint64 generation = 0;
        std::shared_ptr<render::CompareFigure> figure;
        QString problem;
    };

    Comparer* comparer_;
    render::CompareMode mode_ = render::CompareMode::SideBySide;
    QComboBox* modeBox_;
    QPlainTextEdit* text_;
    QTimer textDebounce_;
    QPushButton* modelButton_;
    QPushButton* checkpointsButton_;
    QPushButton* clearButton_;
    QWidget* timelineRow_;
    QPushButton* prev_;
    QPushButton* next_;
    QSlider* slider_;
    QLabel* stepLabel_;
    QLabel* status_;
    QProgressBar* progress_;
    QWidget* controls_;
    QMenu* menu_;
    QAction* differenceAction_;

    std::shared_ptr<render::CompareFigure> figure_;
    QFutureWatcher<Build> builder_;
    quint64 generation_ = 0;
    bool building_ = false;
    bool dirty_ = false;
    Selection drawnFor_;
};
