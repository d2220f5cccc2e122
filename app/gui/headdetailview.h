#pragma once
// One head's T x T heatmap: token labels on both axes, zoom (wheel, +/-) and
// pan (drag), a hover crosshair naming query, key, weight and raw score, arrow
// keys to move the selected cell, and weights / raw scores / mask.
#include "render/head_figure.h"
#include "traceview.h"

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

    struct Hover {
        int query = -1, key = -1;
        float weight = 0, score = 0;
        bool masked = false;
    };
    const Hover& hover() const { return hover_; }
    QString hoverText() const;
    // Centre of cell (query, key) in widget coordinates.
    QPointF cellCenter(int query, int key) const;

    QSize sizeHint() const override { return {560, 560}; }
    // The figure on screen (null before the first trace): its layer and head are
    // what is painted, whatever the selection says.
    const render::HeadFigure* figure() const { return figure_.get(); }

signals:
    void hoverChanged(const QString& text);

protected:
    void rebuild() override;
    // Another head selected: a new figure; another query or key: a repaint.
    void selectionChanged() override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void leaveEvent(QEvent* e) override;

private:
    QPointF toFigure(const QPointF& widgetPos) const;
    QRectF cellRectWidget(int query, int key) const;
    void setHover(int query, int key);
    void zoomAt(const QPointF& pos, double factor);

    std::unique_ptr<render::HeadFigure> figure_;
    render::MatrixKind kind_ = render::MatrixKind::Weights;
    double zoom_ = 1.0;
    QPointF pan_;
    QPointF pressPos_;
    QPointF pressPan_;
    bool dragging_ = false;
    Hover hover_;
};
