#pragma once
// The forward pass as a diagram with live shapes; clicking a node shows its
// tensor from the trace as a heatmap or a table.
#include <QWidget>

#include "render/figures/shape_flow_figure.h"
#include "render/figures/matrix_figure.h"
#include "gui/views/trace_view.h"

class QTableView;
class QStackedWidget;
class QLabel;
class QComboBox;
class TensorTableModel;
class MatrixCanvas;

class ShapeFlowView : public TraceView {
    Q_OBJECT
public:
    ShapeFlowView(Workspace* ws, ViewSettings* settings, QWidget* parent = nullptr);

    std::unique_ptr<render::Figure> makeFigure(const render::Style& style) const override;
    void fillRecipe(session::Recipe& r) const override;

    int nodeCount() const;
    // Click on node i (as the user would); shows its tensor.
    void selectNode(int i);
    int selectedNode() const { return selected_; }
    TensorTableModel* tableModel() const { return table_; }
    // The line above the tensor: what the selected node is, or why it has no tensor.
    QString captionText() const;
    // The selected node's tensor as painted beside the diagram, or null.
    const render::MatrixFigure* tensorFigure() const;
    // Centre of node i in the diagram widget's coordinates, and that widget.
    QPointF nodeCenter(int i) const;
    QWidget* diagram() const;

protected:
    void rebuild() override;
    void selectionChanged() override;
    void showEvent(QShowEvent* e) override;

private:
    friend class FlowCanvas;
    bool tensorOnShow_ = false;  // the selected node's tensor waits until the view is shown
    void showTensor();
    std::unique_ptr<render::ShapeFlowFigure> figure_;
    QWidget* canvas_;
    QStackedWidget* stack_;
    MatrixCanvas* heat_;
    QTableView* tableView_;
    TensorTableModel* table_;
    QLabel* caption_;
    QComboBox* mode_;
    int selected_ = -1;
};
