#include "gui/views/shape_flow_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "gui/common/errors.h"
#include "gui/views/tensor_table_model.h"

// Paints the diagram and turns clicks into node selections.
class FlowCanvas : public QWidget {
public:
    explicit FlowCanvas(ShapeFlowView* view) : QWidget(view), view_(view) {
        setMouseTracking(true);
        setMinimumSize(420, 300);
        setFocusPolicy(Qt::StrongFocus);  // the arrow keys walk the nodes
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        if (view_->figure_) view_->figure_->paint(p, rect());
        else p.fillRect(rect(), palette().color(QPalette::Base));
        if (hasFocus()) {  // where the arrow keys go
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
        }
    }
    // Right or Down: the next node in the order data flows; Left or Up: the
    // one before; Home and End: the first and the last.
    void keyPressEvent(QKeyEvent* e) override {
        const int n = view_->nodeCount(), at = view_->selectedNode();
        int to = -1;
        switch (e->key()) {
        case Qt::Key_Right:
        case Qt::Key_Down: to = at < 0 ? 0 : std::min(at + 1, n - 1); break;
        case Qt::Key_Left:
        case Qt::Key_Up: to = at < 0 ? 0 : std::max(at - 1, 0); break;
        case Qt::Key_Home: to = 0; break;
        case Qt::Key_End: to = n - 1; break;
        default: QWidget::keyPressEvent(e); return;
        }
        if (n > 0 && to != at) view_->selectNode(to);
        e->accept();
    }
    void focusInEvent(QFocusEvent* e) override {
        QWidget::focusInEvent(e);
        update();
    }
    void focusOutEvent(QFocusEvent* e) override {
        QWidget::focusOutEvent(e);
        update();
    }
    void mousePressEvent(QMouseEvent* e) override {
        if (!view_->figure_) return;
        const int i = view_->figure_->nodeAt(rect(), e->position());
        if (i >= 0) view_->selectNode(i);
    }
    void mouseMoveEvent(QMouseEvent* e) override {
        const bool over = view_->figure_ && view_->figure_->nodeAt(rect(), e->position()) >= 0;
        setCursor(over ? Qt::PointingHandCursor : Qt::ArrowCursor);
    }

private:
    ShapeFlowView* view_;
};

// A MatrixFigure on screen.
class MatrixCanvas : public QWidget {
public:
    using QWidget::QWidget;
    void setFigure(std::unique_ptr<render::MatrixFigure> f) {
        figure_ = std::move(f);
        update();
    }
    const render::MatrixFigure* figure() const { return figure_.get(); }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        if (figure_) figure_->paint(p, rect());
        else p.fillRect(rect(), palette().color(QPalette::Base));
    }

private:
    std::unique_ptr<render::MatrixFigure> figure_;
};

ShapeFlowView::ShapeFlowView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::ShapeFlow));
    auto* lay = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName("flowSplitter");
    canvas_ = new FlowCanvas(this);
    canvas_->setAccessibleName(tr("Shape flow diagram"));
    split->addWidget(canvas_);
    auto* side = new QWidget(split);
    auto* sl = new QVBoxLayout(side);
    auto* topRow = new QWidget(side);
    auto* top = new QHBoxLayout(topRow);
    top->setContentsMargins(0, 0, 0, 0);
    caption_ = new QLabel(tr("Click a node, or walk them with the arrow keys, to see its tensor."), side);
    caption_->setWordWrap(true);
    mode_ = new QComboBox(side);
    mode_->addItem(tr("Heatmap"));
    mode_->addItem(tr("Table"));
    mode_->setAccessibleName(tr("Show tensor as"));
    mode_->setToolTip(tr("Show the clicked node's tensor as a heatmap or as a table of its numbers."));
    top->addWidget(caption_, 1);
    top->addWidget(mode_);
    sl->addWidget(topRow);
    setBadgeBelow(topRow);
    stack_ = new QStackedWidget(side);
    heat_ = new MatrixCanvas(stack_);
    tableView_ = new QTableView(stack_);
    tableView_->setAccessibleName(tr("Tensor values"));
    table_ = new TensorTableModel(this);
    tableView_->setModel(table_);
    tableView_->horizontalHeader()->setDefaultSectionSize(72);
    stack_->addWidget(heat_);
    stack_->addWidget(tableView_);
    sl->addWidget(stack_, 1);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    lay->addWidget(split);
    connect(mode_, &QComboBox::currentIndexChanged, stack_, &QStackedWidget::setCurrentIndex);
    // Another model has other nodes: the tensor panel starts empty again.
    connect(ws_, &Workspace::documentChanged, this, [this] {
        selected_ = -1;
        showTensor();
    });
}

std::unique_ptr<render::Figure> ShapeFlowView::makeFigure(const render::Style& style) const {
    const Selection& s = ws_->selection();
    return std::make_unique<render::ShapeFlowFigure>(ws_->figureData(), s.layer, s.head, style, selected_);
}

void ShapeFlowView::fillRecipe(session::Recipe& r) const { r.node = selected_; }

const render::MatrixFigure* ShapeFlowView::tensorFigure() const { return heat_->figure(); }

int ShapeFlowView::nodeCount() const { return figure_ ? int(figure_->nodes().size()) : 0; }

QWidget* ShapeFlowView::diagram() const { return canvas_; }

QString ShapeFlowView::captionText() const { return caption_->text(); }

QPointF ShapeFlowView::nodeCenter(int i) const {
    return figure_ ? figure_->nodeRect(canvas_->rect(), i).center() : QPointF();
}

void ShapeFlowView::rebuild() {
    const Selection& s = ws_->selection();
    figure_ = ws_->trace() ? std::make_unique<render::ShapeFlowFigure>(ws_->figureData(), s.layer, s.head,
                                                                  settings_->style(), selected_)
                           : nullptr;
    if (selected_ >= nodeCount()) selected_ = -1;
    canvas_->update();
    // Hidden, the selected node's tensor waits: it may be a T x T map or a
    // whole layer computed again (seconds at 8,192 tokens), at every key.
    tensorOnShow_ = !isVisible();
    if (tensorOnShow_) {
        heat_->setFigure(nullptr);
        table_->setMatrix({}, {});
        return;
    }
    showTensor();
}

void ShapeFlowView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (tensorOnShow_) rebuild();
}

void ShapeFlowView::selectionChanged() { rebuild(); }

void ShapeFlowView::selectNode(int i) {
    selected_ = i;
    rebuild();
}

void ShapeFlowView::showTensor() {
    const auto trace = ws_->trace();
    if (!figure_ || !trace || selected_ < 0) {
        heat_->setFigure(nullptr);
        table_->setMatrix({}, {});
        return;
    }
    const render::ShapeFlowFigure::Node& n = figure_->nodes()[size_t(selected_)];
    const Selection& s = ws_->selection();
    const int T = trace->T(), hs = trace->config.head_size();
    attnscope::MatrixRM m;
    QStringList rows = ws_->tokens().labels;
    render::MatrixKind kind = render::MatrixKind::Scores;  // signed values: between their extremes
    QString what = n.label;
    if (n.tensor.isEmpty() && n.stage != "tokens") {
        // A step whose output the trace does not keep (k before repeat_kv, q
        // before RoPE, SwiGLU's up): say so instead of showing another tensor.
        heat_->setFigure(nullptr);
        table_->setMatrix({}, {});
        caption_->setText(tr("<b>%1</b> · %2 · not kept in the trace; the next step with a tensor shows its result")
                              .arg(what.toHtmlEscaped(), n.shapeText.toHtmlEscaped()));
        return;
    }
    // A tensor that cannot be read (out of memory computing it again, a
    // selection the trace lacks) is said in the caption.
    try {
        if (n.stage == "tokens") {
            m.resize(1, T);
            for (int i = 0; i < T; ++i) m(0, i) = float(trace->tokens[size_t(i)]);
            rows = QStringList{tr("id")};
        } else if (n.stage == "scores") {
            m = trace->head_scores(s.layer, s.head);
        } else if (n.stage == "softmax") {
            m = trace->head_weights(s.layer, s.head);
            kind = render::MatrixKind::Weights;
        } else if (n.stage == "mask") {
            m = trace->mask();
            kind = render::MatrixKind::Mask;
        } else {
            const attnscope::Tensor t = trace->tensor(n.tensor.toStdString());
            const auto full = t.matrix();
            if (n.perHead) {
                if (s.head < 0 || (s.head + 1) * hs > full.cols())
                    throw attnscope::Error(attnscope::ErrorCode::InvalidArgument,
                                           "no head " + std::to_string(s.head) + " in " + n.tensor.toStdString());
                m = full.middleCols(s.head * hs, hs);
                what += tr(" (head %1)").arg(s.head);
            } else {
                m = full;
            }
            if (n.stage == "logits") {
                rows.clear();
                for (int r = 0; r < m.rows(); ++r) rows << ws_->tokens().labels.value(trace->logits_first + r);
            }
        }
    } catch (const std::exception& e) {
        heat_->setFigure(nullptr);
        table_->setMatrix({}, {});
        caption_->setText(tr("<b>%1</b> · %2").arg(what.toHtmlEscaped(), describeError(e).toHtmlEscaped()));
        return;
    }
    // Logits: one column per vocabulary entry, named by its token's text.
    QStringList vocab;
    if (n.stage == "logits") {
        const auto& tok = ws_->document().tokenizer;
        for (int id = 0; id < m.cols(); ++id)
            vocab << (tok && id < tok->vocab_size() ? render::visibleToken(QString::fromStdString(tok->token_text(id)))
                                                    : QString::number(id));
    }
    caption_->setText(tr("<b>%1</b> · %2 · %3 × %4").arg(what.toHtmlEscaped(), n.tensor.isEmpty() ? tr("token ids") : n.tensor)
                          .arg(m.rows()).arg(m.cols()));
    QStringList cols = vocab;
    if (m.rows() == m.cols() && m.rows() == T) cols = ws_->tokens().labels;
    // A tensor's colour bar reads its own values: activations are not scaled per
    // row (attention weights keep the view's scale).
    render::Style style = settings_->style();
    if (kind != render::MatrixKind::Weights) style.scale = render::Scale::Linear;
    try {
        heat_->setFigure(std::make_unique<render::MatrixFigure>(what, m, kind, rows, cols, style));
    } catch (const std::exception& e) {  // out of memory pooling a long text's map
        heat_->setFigure(nullptr);
        caption_->setText(caption_->text() + QStringLiteral(" · ") + describeError(e).toHtmlEscaped());
    }
    table_->setMatrix(std::move(m), rows, vocab);
}
