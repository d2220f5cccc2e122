#pragma once
// Every head of every layer as a small heatmap; click one to open it in detail.
// The tiles show the weights or the value-weighted norms (setKind: the main
// window's Show box above the view). A toolbar picks the pooling (max or
// mean) and the tile scale (per tile or shared); Ctrl+wheel or +/- zoom the
// grid (0 fits it again), and a scroll area takes over when it no longer
// fits. Arrow keys move the selected head.
// With grouped-query attention the columns come in groups of the heads that
// share a KV head, and a tile's tooltip names its KV head and group.
#include <QFutureWatcher>
#include <utility>

#include "render/figures/heads_grid_figure.h"
#include "gui/views/trace_view.h"

class QComboBox;
class QScrollArea;
class QToolButton;
class GridCanvas;

class HeadsGridView : public TraceView {
    Q_OBJECT
public:
    HeadsGridView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);

    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    void fillRecipe(session::Recipe& r) const override;  // the layer filter

    // -1: every layer.
    void setLayerFilter(int layer);
    int layerFilter() const { return layerFilter_; }
    int cellCount() const { return figure_ ? figure_->panelCount() : 0; }
    // Centre of (layer, head)'s panel in this widget's coordinates (for tests and keyboard).
    QPointF panelCenter(int layer, int head) const;

    QSize sizeHint() const override { return {640, 480}; }

    // The grid's figure, or the (translated) reason it could not be built. Never
    // throws: it runs on a worker thread, where an exception would end the app
    // when the result is collected.
    struct Build {
        std::shared_ptr<render::HeadsGridFigure> figure;
        QString error;
    };
    static Build buildFigure(const render::FigureData& data, const render::Style& style,
                             const std::vector<int>& layers, const render::GridOptions& options = {}) noexcept;
    // A worker is building the next figure (the one on screen is older).
    bool isBuilding() const { return builder_.isRunning(); }
    // Why the last build failed (empty when it did not).
    QString buildError() const { return error_; }

    // The figure on screen (null before the first trace) and where it is painted.
    const render::HeadsGridFigure* figure() const { return figure_.get(); }
    QWidget* canvas() const;
    QRectF figureArea() const;  // in the canvas's coordinates
    QScrollArea* scrollArea() const { return scroll_; }
    QComboBox* poolingBox() const { return pooling_; }
    QComboBox* tileScaleBox() const { return tileScale_; }
    // Weights or Norms.
    void setKind(render::MatrixKind kind);
    // What the tiles show: the kind set, or the weights on a trace file.
    render::MatrixKind kind() const;

    // 1 fits the grid to the view; up to 8 times that, scrolled.
    double zoom() const { return zoom_; }
    void setZoom(double zoom);
    void zoomBy(double factor, const QPointF& viewportPos = QPointF(-1, -1));
    // The tooltip at `pos` (this widget's coordinates): the head there and its
    // strongest key for the selected query; empty between panels.
    QString toolTipAt(const QPointF& pos) const;
    // Labels per head (index layer * n_head + head; empty: none), drawn as a
    // badge on each tile big enough and listed in its tooltip.
    void setHeadLabels(std::vector<QStringList> labels);
    const std::vector<QStringList>& headLabels() const { return labels_; }
    // The label badges drawn at the last paint (none past kMaxBadgedHeads heads).
    struct Badge {
        int layer, head;
        QString text;
        QRectF rect;  // in the canvas
    };
    const std::vector<Badge>& drawnBadges() const { return badges_; }
    static constexpr int kMaxBadgedHeads = 16;
    // What a screen reader says about the selection (also the accessible description).
    QString selectionDescription() const;

signals:
    void headActivated(int layer, int head);  // click or Enter: open in detail

protected:
    void rebuild() override;
    void selectionChanged() override;
    void mousePressEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    bool eventFilter(QObject* o, QEvent* e) override;

private:
    friend class GridCanvas;
    void paintCanvas(QPainter& p);
    void drawStickyHeaders(QPainter& p, const QRectF& area);
    void drawLabelBadges(QPainter& p, const QRectF& area);
    QStringList labelsOf(int layer, int head) const;
    void pressAt(const QPointF& canvasPos, Qt::KeyboardModifiers mods);
    QString toolTipAtCanvas(const QPointF& canvasPos) const;
    void moveSelection(int dLayer, int dHead);
    void fitCanvas();
    void updateDescription();
    std::vector<int> layers() const;

    std::shared_ptr<render::HeadsGridFigure> figure_;
    int layerFilter_ = -1;
    // Large traces (e.g. GPT-2 at T=1024: 144 maps of 1M cells) build their
    // thumbnails on a worker so the window never freezes.
    QFutureWatcher<Build> builder_;
    QString error_;
    quint64 buildGeneration_ = 0;
    double zoom_ = 1.0;
    std::pair<int, int> outlinedHead_{-1, -1};  // the selected head as last outlined
    GridCanvas* canvas_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    QComboBox* pooling_ = nullptr;
    QComboBox* tileScale_ = nullptr;
    render::MatrixKind kind_ = render::MatrixKind::Weights;
    std::vector<QStringList> labels_;
    std::vector<Badge> badges_;
};
