#include "headsgridview.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

#include "errors.h"

HeadsGridView::HeadsGridView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::HeadsGrid));
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Heads grid"));
    setToolTip(tr("Every head of every layer. Click one to open it in detail; Ctrl+click only selects it."));
}

std::vector<int> HeadsGridView::layers() const {
    if (layerFilter_ < 0) return {};
    return {layerFilter_};
}

void HeadsGridView::setLayerFilter(int layer) {
    layerFilter_ = layer;
    rebuild();
}

std::unique_ptr<render::Figure> HeadsGridView::makeFigure(const render::Style& style) const {
    return std::make_unique<render::GridFigure>(ws_->figureData(), style, layers());
}

void HeadsGridView::fillRecipe(session::Recipe& r) const {
    if (layerFilter_ >= 0) r.layers = {layerFilter_};
}

void HeadsGridView::rebuild() {
    render::Style s = settings_->style();
    s.showTitle = false;
    const auto trace = ws_->trace();
    const quint64 gen = ++buildGeneration_;
    if (!trace) {
        figure_.reset();
        error_.clear();
        update();
        return;
    }
    const double cells = double(trace->n_layer()) * trace->n_head() * trace->T() * trace->T();
    auto show = [this](Build b) {
        figure_ = std::move(b.figure);
        error_ = std::move(b.error);
        update();
    };
    if (cells < 4e6) {
        show(buildFigure(ws_->figureData(), s, layers()));
        return;
    }
    const render::FigureData figData = ws_->figureData();
    const std::vector<int> which = layers();
    builder_.setFuture(QtConcurrent::run([figData, s, which] { return buildFigure(figData, s, which); }));
    disconnect(&builder_, nullptr, this, nullptr);
    connect(&builder_, &QFutureWatcher<Build>::finished, this, [this, gen, show] {
        if (gen != buildGeneration_) return;  // a newer trace or setting is on its way
        show(builder_.result());
    });
}

HeadsGridView::Build HeadsGridView::buildFigure(const render::FigureData& data, const render::Style& style,
                                                const std::vector<int>& layers) noexcept {
    Build b;
    try {
        b.figure = std::make_shared<render::GridFigure>(data, style, layers);
    } catch (const std::exception& e) {  // e.g. std::bad_alloc for a huge trace's maps
        b.figure.reset();
        try {
            b.error = describeError(e);
        } catch (...) {
        }
    } catch (...) {
        b.figure.reset();
    }
    return b;
}

QPointF HeadsGridView::panelCenter(int layer, int head) const {
    if (!figure_) return {};
    const int i = figure_->indexOf(layer, head);
    return i < 0 ? QPointF() : figure_->panelRect(rect(), i).center();
}

void HeadsGridView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (!figure_) {
        p.fillRect(rect(), palette().color(QPalette::Base));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   !error_.isEmpty() ? error_ : ws_->isRunning() ? tr("Computing…") : tr("Type some text to see attention."));
        return;
    }
    figure_->paint(p, rect());
    // Ablated heads (their output set to zero) are struck through.
    if (const auto trace = ws_->trace()) {
        for (const attnscope::HeadRef& a : trace->ablated) {
            const int i = figure_->indexOf(a.layer, a.head);
            if (i < 0) continue;
            const QRectF r = figure_->panelRect(rect(), i);
            p.setPen(QPen(QColor(200, 30, 30, 220), 2));
            p.drawLine(r.topLeft(), r.bottomRight());
            p.drawLine(r.topRight(), r.bottomLeft());
            p.fillRect(QRectF(r.left(), r.center().y() - 9, r.width(), 18), QColor(255, 255, 255, 200));
            p.drawText(r, Qt::AlignCenter, tr("ablated"));
        }
    }
    const Selection& s = ws_->selection();
    const int i = figure_->indexOf(s.layer, s.head);
    if (i >= 0) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 3));
        p.setBrush(Qt::NoBrush);
        p.drawRect(figure_->panelRect(rect(), i).adjusted(-3, -3, 3, 3));
    }
}

void HeadsGridView::mousePressEvent(QMouseEvent* e) {
    // A click selects the head and opens it in detail; Ctrl+click only selects
    // (to pick the head the other views show without leaving the grid).
    int layer = 0, head = 0;
    if (!figure_ || !figure_->headAt(rect(), e->position(), &layer, &head)) return;
    Selection s = ws_->selection();
    s.layer = layer;
    s.head = head;
    ws_->setSelection(s);
    if (!(e->modifiers() & Qt::ControlModifier)) emit headActivated(layer, head);
}

void HeadsGridView::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter) {
        emit headActivated(ws_->selection().layer, ws_->selection().head);
        return;
    }
    QWidget::keyPressEvent(e);
}
