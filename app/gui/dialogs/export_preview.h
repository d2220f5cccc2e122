#pragma once
// The Export dialog's preview: the figure as it will be exported, scaled to
// fit, drawn by the same Figure::paint on the widget's painter, in the
// figure's own 1/96-inch units.
#include <QSizeF>
#include <QWidget>

namespace render {
class Figure;
}

class ExportPreview : public QWidget {
public:
    explicit ExportPreview(QWidget* parent);
    // `fig` (may be null; not owned) at `inches`, the size it is exported at.
    void setFigure(const render::Figure* fig, QSizeF inches);
    QSize sizeHint() const override { return {560, 460}; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    const render::Figure* fig_ = nullptr;
    QSizeF inches_;
};
