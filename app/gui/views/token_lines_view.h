#pragma once
// BertViz-style token lines for the selected head, or every head of the
// selected layer overlaid in distinct colours; as strong as the weights or
// as the value-weighted norms (the Show box). Click a query token to show
// only its lines; click it again to show all. Hover a token to pick out its
// lines. A text too long for the view shows a window of rows around the
// selected query; the wheel scrolls it.
#include "render/figures/token_lines_figure.h"
#include "gui/views/trace_view.h"

class QCheckBox;
class QComboBox;

class TokenLinesView : public TraceView {
    Q_OBJECT
public:
    TokenLinesView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    void fillRecipe(session::Recipe& r) const override;
    bool overlay() const;
    QComboBox* kindBox() const { return kind_; }
    // What the lines follow: the box's choice, or the weights on a trace file.
    render::MatrixKind kind() const;
    // The query whose lines alone are shown, or -1 (for the exporter).
    int focusQuery() const { return focus_; }
    int linesDrawn() const { return figure_ ? figure_->linesDrawn() : 0; }
    const render::TokenLinesFigure* figure() const { return figure_.get(); }
    // The rows shown, [first, first + count).
    int windowFirst() const { return figure_ ? figure_->windowFirst() : 0; }
    int windowCount() const { return figure_ ? figure_->windowCount() : 0; }
    int highlighted() const { return highlight_; }
    // The token whose label is at `pos` in either column, or -1.
    int tokenAt(const QPointF& pos) const { return figure_ ? figure_->tokenAt(figureRect(), pos) : -1; }

protected:
    void rebuild() override;
    void selectionChanged() override { rebuild(); }
    void showEvent(QShowEvent* e) override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void badgeMoved() override;

private:
    int shownHighlight() const;
    bool rebuildOnShow_ = false;  // the trace changed while the view was hidden
    std::vector<int> heads() const;
    QRectF figureRect() const;
    // Rows of at least 16 px (at 96 dpi) that fit; the window follows `first_`,
    // moved just enough to keep the selected query in view.
    void placeWindow(bool followQuery);
    QCheckBox* overlay_;
    QComboBox* kind_ = nullptr;
    std::unique_ptr<render::TokenLinesFigure> figure_;
    int focus_ = -1;
    int first_ = 0;
    int highlight_ = -1;
};
