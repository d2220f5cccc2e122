#pragma once
// Every head of every layer as a small heatmap; click one to open it in detail.
#include <QFutureWatcher>

#include "render/grid_figure.h"
#include "traceview.h"

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
    // Centre of (layer, head)'s panel in widget coordinates (for tests and keyboard).
    QPointF panelCenter(int layer, int head) const;

    QSize sizeHint() const override { return {640, 480}; }

    // The grid's figure, or the (translated) reason it could not be built. Never
    // throws: it runs on a worker thread, where an exception would end the app
    // when the result is collected.
    struct Build {
        std::shared_ptr<render::GridFigure> figure;
        QString error;
    };
    static Build buildFigure(const render::FigureData& data, const render::Style& style,
                             const std::vector<int>& layers) noexcept;
    // Why the last build failed (empty when it did not).
    QString buildError() const { return error_; }

signals:
    void headActivated(int layer, int head);  // click or Enter: open in detail

protected:
    void rebuild() override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    std::vector<int> layers() const;
    std::shared_ptr<render::GridFigure> figure_;
    int layerFilter_ = -1;
    // Large traces (e.g. GPT-2 at T=1024: 144 maps of 1M cells) build their
    // thumbnails on a worker so the window never freezes.
    QFutureWatcher<Build> builder_;
    QString error_;
    quint64 buildGeneration_ = 0;
};
