#pragma once
// BertViz-style token lines for the selected head, or every head of the
// selected layer overlaid in distinct colours. Click a query token to show
// only its lines; click it again to show all.
#include "render/lines_figure.h"
#include "traceview.h"

class QCheckBox;

class TokenLinesView : public TraceView {
    Q_OBJECT
public:
    TokenLinesView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);
    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    QString viewId() const override { return QStringLiteral("lines"); }
    void setOverlay(bool on);
    bool overlay() const;
    // The query whose lines alone are shown, or -1 (for the exporter).
    int focusQuery() const { return focus_; }
    int linesDrawn() const { return figure_ ? figure_->linesDrawn() : 0; }

protected:
    void rebuild() override;
    void selectionChanged() override { rebuild(); }
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;

private:
    std::vector<int> heads() const;
    QRectF figureRect() const;
    QCheckBox* overlay_;
    std::unique_ptr<render::LinesFigure> figure_;
    int focus_ = -1;
};
