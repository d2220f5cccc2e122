#pragma once
// One head's T x T heatmap: token labels on both axes that stay beside the
// heatmap however it is zoomed (wheel, +/-) or panned (drag), every k-th
// label until there is room for all; a hover crosshair naming query, key,
// weight and raw score (and norm); arrow keys to move the selected cell; a
// "go to token" box (Ctrl+F) that selects a query by its text; weights / raw
// scores / mask / value-weighted norms; a context menu on a cell that knocks
// its edge out (Workspace::addKnockout).
#include "render/figures/head_figure.h"
#include "gui/views/trace_view.h"

class QLabel;
class QLineEdit;
class QMenu;

class HeadDetailView : public TraceView {
    Q_OBJECT
public:
    HeadDetailView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);

    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    void fillRecipe(session::Recipe& r) const override;

    void setKind(render::MatrixKind kind);
    render::MatrixKind kind() const { return kind_; }
    void resetZoom();
    double zoom() const { return zoom_; }
    // Zooms by `factor` keeping the point `pos` (widget coordinates) in place.
    void zoomAt(const QPointF& pos, double factor);
    // Moves the zoomed heatmap by `delta` pixels (as a drag does).
    void panBy(const QPointF& delta);

    struct Hover {
        int query = -1, key = -1;
        float weight = 0, score = 0;
        bool hasScore = true;     // false for a trace file: it holds weights, not scores
        bool masked = false;
        bool knockedOut = false;  // masked by a knockout, not by the model's mask
        float norm = 0;           // the value-weighted norm, when they are shown
        bool hasNorm = false;
    };
    const Hover& hover() const { return hover_; }
    QString hoverText() const;
    // Centre of cell (query, key) in widget coordinates.
    QPointF cellCenter(int query, int key) const;

    QSize sizeHint() const override { return {560, 560}; }
    // The figure on screen (null before the first trace): its layer and head are
    // what is painted, whatever the selection says.
    const render::HeadFigure* figure() const { return figure_.get(); }
    // Where the figure is painted (below the search row).
    QRectF figureArea() const;
    render::MatrixFigure::Viewport viewport() const;

    // "Go to token": selects as the query the first token of the next place
    // (after the selected query, wrapping) where the tokens' decoded text
    // holds `text` (any case, across tokens: "Menenius" split in three is
    // found); -1 when none does. Typing in the box only counts the matches.
    int goToToken(const QString& text);
    QLineEdit* searchBox() const { return search_; }

    // Attention knockout from a weight cell (query, key) of the head shown: the
    // context menu's entries, by objectName "blockEdgeHead" (this head),
    // "blockEdgeLayer" (every head of its layer), "blockKey" (every edge into
    // the key, all layers and heads) and "clearKnockouts". The menu key (or
    // Shift+F10) opens it on the selected cell.
    QMenu* cellMenu(int query, int key);
    // What a screen reader says about the selection (also the accessible description).
    QString selectionDescription() const;

signals:
    void hoverChanged(const QString& text);
    // setKind chose another kind: the query bars under the map and the text
    // by attention show the same one.
    void kindChanged(render::MatrixKind kind);

protected:
    void rebuild() override;
    // Another head selected: a new figure; another query or key: a repaint.
    void selectionChanged() override;
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* e) override;
    void badgeMoved() override { placeSearch(); }
    void showEvent(QShowEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;

private:
    // The go-to-token box and its result, top left, clear of the badge.
    void placeSearch();
    QRectF cellRectWidget(int query, int key) const;
    void setHover(int query, int key);
    void ensureVisible(int query, int key);
    int goToTokenAfter(const QString& text, int after);
    // Where `text` occurs in the tokens' decoded text, case-insensitively: the
    // first and last token of each occurrence (a word split over several
    // tokens is found whole).
    std::vector<std::pair<int, int>> findInText(const QString& text) const;
    void updateDescription();
    int searchBandHeight() const;

    std::unique_ptr<render::HeadFigure> figure_;
    // The kind drawn: raw scores and norms fall back to the weights on a
    // trace file (which holds neither) until the main window resets the choice.
    render::MatrixKind shownKind() const;
    bool rebuildOnShow_ = false;  // the trace changed while the view was hidden
    render::MatrixKind kind_ = render::MatrixKind::Weights;
    double zoom_ = 1.0;
    QPointF pan_;  // the zoomed heatmap's offset from its frame
    QPointF pressPos_;
    QPointF pressPan_;
    bool dragging_ = false;
    Hover hover_;
    QLineEdit* search_ = nullptr;
    QLabel* searchInfo_ = nullptr;
};
