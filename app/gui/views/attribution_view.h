#pragma once
// What mattered for one prediction (session/attribution.h): the text coloured
// by a method's token scores (gradient, gradient × input, integrated
// gradients, relevance), each head's direct logit attribution as a layers ×
// heads map, and the logit lens as a table. The position P is the selected
// query (clicking a token here or in the text sets it; none: the last); the
// target is the token chosen in the Predictions panel, else the next token.
// Computed on a worker from the trace's run, while the view is visible.
#include <QFutureWatcher>
#include <atomic>
#include <memory>

#include "render/figures/ablation_figure.h"
#include "render/figures/attribution_figure.h"
#include "session/attribution.h"
#include "gui/views/trace_view.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class LensModel;

class AttributionView : public TraceView {
    Q_OBJECT
public:
    AttributionView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    ~AttributionView() override;
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    void fillRecipe(session::Recipe& r) const override;
    QSize sizeHint() const override { return {640, 560}; }

    // The method shown ("relevance", "grad", "grad-input", "ig"); remembered.
    QString method() const;
    void setMethod(const QString& method);
    // What is on screen, for tests and screen readers (null while computing).
    const render::AttributionFigure* textFigure() const { return text_.get(); }
    const render::AblationFigure* logitFigure() const { return dla_.get(); }
    LensModel* lensModel() const { return lens_; }
    bool isComputing() const { return watcher_.isRunning(); }
    QLabel* statusLabel() const { return status_; }
    // Where the text figure and the map are painted, in this widget.
    QRectF textArea() const;
    QRectF mapArea() const;

protected:
    void rebuild() override;
    void selectionChanged() override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    struct Result {
        quint64 generation = 0;
        std::optional<session::AttributionResult> attribution;
        QString error;  // translated
    };
    void compute();
    void finished();
    int position() const;  // P: the selected query, or the last token
    void layoutBody();
    void placeTopRow();

    QWidget* topRow_;
    QComboBox* methodBox_;
    QLabel* status_;
    QPushButton* nextToken_;
    QTableView* lensTable_;
    LensModel* lens_;
    std::unique_ptr<render::AttributionFigure> text_;
    std::unique_ptr<render::AblationFigure> dla_;
    QFutureWatcher<Result> watcher_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    quint64 generation_ = 0;
    bool dirty_ = false;   // asked for while hidden: computed when shown
    bool pending_ = false; // asked for while a computation ran
    int shownPosition_ = -1;
};
