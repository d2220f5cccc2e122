#include "gui/views/heads_grid_view.h"

#include <QLocale>
#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>

#include "gui/common/announce.h"
#include "gui/common/errors.h"
#include "gui/common/selection_text.h"
#include "gui/common/show_box.h"
#include "gui/common/work_pool.h"
#include "render/norms.h"

// The widget the grid is painted on, inside the scroll area; everything it
// receives goes to the view.
class GridCanvas : public QWidget {
public:
    explicit GridCanvas(HeadsGridView* view) : QWidget(nullptr), view_(view) {
        setMouseTracking(true);
        setFocusPolicy(Qt::StrongFocus);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        view_->paintCanvas(p);
    }
    void mousePressEvent(QMouseEvent* e) override {
        setFocus();
        view_->pressAt(e->position(), e->modifiers());
    }
    void keyPressEvent(QKeyEvent* e) override { view_->keyPressEvent(e); }
    void wheelEvent(QWheelEvent* e) override {
        if (e->modifiers() & Qt::ControlModifier) {
            view_->zoomBy(std::pow(1.0015, e->angleDelta().y()), mapTo(view_->scroll_->viewport(), e->position()));
            e->accept();
        } else {
            e->ignore();  // the scroll area scrolls
        }
    }
    bool event(QEvent* e) override {
        if (e->type() == QEvent::ToolTip) {
            auto* he = static_cast<QHelpEvent*>(e);
            const QString tip = view_->toolTipAtCanvas(he->pos());
            if (tip.isEmpty()) QToolTip::hideText();
            else QToolTip::showText(he->globalPos(), tip, this);
            return true;
        }
        return QWidget::event(e);
    }

private:
    HeadsGridView* view_;
};

HeadsGridView::HeadsGridView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::HeadsGrid));
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Heads grid"));
    auto* vl = new QVBoxLayout(this);
    vl->setContentsMargins(0, 0, 0, 0);
    vl->setSpacing(2);
    auto* bar = new QHBoxLayout;
    auto* poolLabel = new QLabel(tr("Poolin&g:"), this);
    pooling_ = new QComboBox(this);
    pooling_->addItem(tr("Max"), int(render::Pooling::Max));
    pooling_->addItem(tr("Mean"), int(render::Pooling::Mean));
    pooling_->setToolTip(tr("How the tokens that share a pixel of a tile are combined: max keeps one strong key "
                            "visible, mean shows where the weight lies on average."));
    pooling_->setAccessibleName(tr("Pooling"));
    pooling_->setAccessibleDescription(pooling_->toolTip());
    poolLabel->setBuddy(pooling_);
    auto* scaleLabel = new QLabel(tr("T&iles:"), this);
    tileScale_ = new QComboBox(this);
    tileScale_->addItem(tr("Each to its own max"), int(render::TileScale::PerTile));
    tileScale_->addItem(tr("One shared scale"), int(render::TileScale::Shared));
    tileScale_->setToolTip(tr("Scale each tile to its own brightest pixel, so weak heads in a long text still show "
                              "their pattern, or draw all tiles on one scale to compare heads."));
    tileScale_->setAccessibleName(tr("Tile scale"));
    tileScale_->setAccessibleDescription(tileScale_->toolTip());
    scaleLabel->setBuddy(tileScale_);
    const auto button = [this](const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAccessibleName(tip);
        return b;
    };
    QToolButton* out = button(QStringLiteral("−"), tr("Zoom out (−)"));
    QToolButton* in = button(QStringLiteral("+"), tr("Zoom in (+, Ctrl+wheel)"));
    QToolButton* fit = button(tr("Fit"), tr("Fit the grid to the view (0)"));
    bar->addWidget(poolLabel);
    bar->addWidget(pooling_);
    bar->addSpacing(12);
    bar->addWidget(scaleLabel);
    bar->addWidget(tileScale_);
    bar->addSpacing(12);
    bar->addWidget(out);
    bar->addWidget(in);
    bar->addWidget(fit);
    bar->addStretch();
    vl->addLayout(bar);
    scroll_ = new QScrollArea(this);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setWidgetResizable(false);
    canvas_ = new GridCanvas(this);
    canvas_->setObjectName(QStringLiteral("headsGridCanvas"));
    canvas_->setAccessibleName(tr("Heads grid"));
    canvas_->setToolTip(QString());  // tooltips come per head (see GridCanvas::event)
    scroll_->setWidget(canvas_);
    scroll_->viewport()->installEventFilter(this);
    // Sticky headers are drawn where the view is: scrolling repaints rather than shifts.
    for (QScrollBar* b : {scroll_->horizontalScrollBar(), scroll_->verticalScrollBar()})
        connect(b, &QScrollBar::valueChanged, canvas_, [this] { canvas_->update(); });
    vl->addWidget(scroll_, 1);
    setFocusProxy(canvas_);
    // The toolbar follows the settings (also when another window changes them).
    const auto syncBoxes = [this] {
        const render::GridOptions o = settings_->gridOptions();
        const QSignalBlocker b1(pooling_), b2(tileScale_);
        pooling_->setCurrentIndex(pooling_->findData(int(o.pooling)));
        tileScale_->setCurrentIndex(tileScale_->findData(int(o.tileScale)));
    };
    syncBoxes();
    connect(settings_, &ViewSettings::changed, this, syncBoxes);
    connect(pooling_, &QComboBox::currentIndexChanged, this,
            [this] { settings_->setPooling(render::Pooling(pooling_->currentData().toInt())); });
    connect(tileScale_, &QComboBox::currentIndexChanged, this,
            [this] { settings_->setTileScale(render::TileScale(tileScale_->currentData().toInt())); });
    connect(out, &QToolButton::clicked, this, [this] { zoomBy(0.8); });
    connect(in, &QToolButton::clicked, this, [this] { zoomBy(1.25); });
    connect(fit, &QToolButton::clicked, this, [this] { setZoom(1.0); });
    updateDescription();
}

QWidget* HeadsGridView::canvas() const { return canvas_; }
QRectF HeadsGridView::figureArea() const { return QRectF(canvas_->rect()); }

std::vector<int> HeadsGridView::layers() const {
    if (layerFilter_ < 0) return {};
    return {layerFilter_};
}

void HeadsGridView::setLayerFilter(int layer) {
    layerFilter_ = layer;
    rebuild();
}

void HeadsGridView::setKind(render::MatrixKind kind) {
    kind_ = kind;
    rebuild();
}

render::MatrixKind HeadsGridView::kind() const {
    return showbox::drawable(kind_, ws_->trace() && ws_->trace()->imported);
}

std::unique_ptr<render::Figure> HeadsGridView::makeFigure(const render::Style& style) const {
    // For export: square panels at the figure's own resolution, pooled and
    // scaled as on screen.
    render::GridOptions o;
    o.pooling = settings_->gridOptions().pooling;
    o.tileScale = settings_->gridOptions().tileScale;
    o.kind = kind();
    return std::make_unique<render::HeadsGridFigure>(ws_->figureData(), style, layers(), 0, o);
}

void HeadsGridView::fillRecipe(session::Recipe& r) const {
    r.pooling = settings_->gridOptions().pooling;
    r.tileScale = settings_->gridOptions().tileScale;
    r.kind = kind();
    if (layerFilter_ >= 0) r.layers = {layerFilter_};
}

void HeadsGridView::rebuild() {
    render::Style s = settings_->style();
    s.showTitle = false;
    render::GridOptions o = settings_->gridOptions();
    o.fill = true;
    o.maxRes = 256;  // room to zoom before the cells turn blocky
    // While a generation writes, a figure is built for every frame and shown
    // for one: pooled straight to the pixels a tile covered at the last paint
    // (or as the figure not painted yet was), it leaves painting nothing to
    // pool, and the pixels are the same: the run's thumbnails are at most 256
    // a side. The figure built when it ends has the room again.
    if (ws_->isGenerating() && figure_)
        o.poolTo = figure_->paintedTile().isEmpty() ? figure_->options().poolTo : figure_->paintedTile();
    o.kind = kind();
    const auto trace = ws_->trace();
    const quint64 gen = ++buildGeneration_;
    if (!trace) {
        figure_.reset();
        error_.clear();
        canvas_->update();
        updateDescription();
        return;
    }
    // Norms not computed yet cost each head T · hs · C more (0.7 billion in all at GPT-2 small's 100 tokens).
    const double work = double(trace->n_layer()) * trace->n_head() * trace->T() * trace->T() +
                        (o.kind == render::MatrixKind::Norms ? double(render::normFactorWorkLeft(*trace)) : 0.0);
    auto show = [this](Build b) {
        figure_ = std::move(b.figure);
        error_ = std::move(b.error);
        canvas_->update();
        updateDescription();
    };
    if (work < 4e6) {
        show(buildFigure(ws_->figureData(), s, layers(), o));
        return;
    }
    const render::FigureData figData = ws_->figureData();
    const std::vector<int> which = layers();
    builder_.setFuture(QtConcurrent::run(workPool(), [figData, s, which, o] { return buildFigure(figData, s, which, o); }));
    disconnect(&builder_, nullptr, this, nullptr);
    connect(&builder_, &QFutureWatcher<Build>::finished, this, [this, gen, show] {
        if (gen != buildGeneration_) return;  // a newer trace or setting is on its way
        show(builder_.result());
    });
}

HeadsGridView::Build HeadsGridView::buildFigure(const render::FigureData& data, const render::Style& style,
                                                const std::vector<int>& layers,
                                                const render::GridOptions& options) noexcept {
    Build b;
    try {
        b.figure = std::make_shared<render::HeadsGridFigure>(data, style, layers, 0, options);
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
    if (i < 0) return {};
    return canvas_->mapTo(this, figure_->panelRect(figureArea(), i).center().toPoint());
}

void HeadsGridView::selectionChanged() {
    // The grid outlines the selected head and shows nothing of the query or
    // key: a generation moves the query to its new token at every frame,
    // which painted the 144 panels a second time a frame.
    const Selection& s = ws_->selection();
    if (outlinedHead_ != std::pair{s.layer, s.head}) {
        outlinedHead_ = {s.layer, s.head};
        canvas_->update();
    }
    updateDescription();
}

void HeadsGridView::paintCanvas(QPainter& p) {
    const QRectF area = figureArea();
    if (!figure_) {
        p.fillRect(area, palette().color(QPalette::Base));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                   !error_.isEmpty() ? error_ : ws_->isRunning() ? tr("Computing…") : tr("Type some text to see attention."));
        return;
    }
    figure_->paint(p, area);
    // Ablated heads (their output set to zero) are struck through.
    if (const auto trace = ws_->trace()) {
        for (const attnscope::HeadRef& a : trace->ablated) {
            const int i = figure_->indexOf(a.layer, a.head);
            if (i < 0) continue;
            const QRectF r = figure_->panelRect(area, i);
            p.setPen(QPen(QColor(200, 30, 30, 220), 2));
            p.drawLine(r.topLeft(), r.bottomRight());
            p.drawLine(r.topRight(), r.bottomLeft());
            if (r.height() > 24 && r.width() > p.fontMetrics().horizontalAdvance(tr("ablated"))) {
                p.fillRect(QRectF(r.left(), r.center().y() - 9, r.width(), 18), QColor(255, 255, 255, 200));
                p.drawText(r, Qt::AlignCenter, tr("ablated"));
            }
        }
    }
    drawLabelBadges(p, area);
    const Selection& s = ws_->selection();
    const int i = figure_->indexOf(s.layer, s.head);
    if (i >= 0) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 3));
        p.setBrush(Qt::NoBrush);
        p.drawRect(figure_->panelRect(area, i).adjusted(-2, -2, 2, 2));
    }
    if (zoom_ > 1.0) drawStickyHeaders(p, area);
}

void HeadsGridView::pressAt(const QPointF& canvasPos, Qt::KeyboardModifiers mods) {
    // A click selects the head and opens it in detail; Ctrl+click only selects
    // (to pick the head the other views show without leaving the grid).
    int layer = 0, head = 0;
    if (!figure_ || !figure_->headAt(figureArea(), canvasPos, &layer, &head)) return;
    Selection s = ws_->selection();
    s.layer = layer;
    s.head = head;
    ws_->setSelection(s);
    if (!(mods & Qt::ControlModifier)) emit headActivated(layer, head);
}

void HeadsGridView::mousePressEvent(QMouseEvent* e) {
    // Events sent to the view itself (tests, accessibility tools) land on the canvas.
    pressAt(canvas_->mapFrom(this, e->position().toPoint()), e->modifiers());
}

QString HeadsGridView::toolTipAt(const QPointF& pos) const {
    return toolTipAtCanvas(canvas_->mapFrom(this, pos.toPoint()));
}

QString HeadsGridView::toolTipAtCanvas(const QPointF& canvasPos) const {
    int layer = 0, head = 0;
    const auto trace = ws_->trace();
    if (!figure_ || !trace || !figure_->headAt(figureArea(), canvasPos, &layer, &head)) return {};
    QString tip = selectiontext::headName(layer, head);
    const QString kv = selectiontext::kvHeadText(trace->config, head);
    if (!kv.isEmpty()) tip += QStringLiteral(" · ") + kv;
    const int q = ws_->selection().query >= 0 ? ws_->selection().query : trace->T() - 1;
    const auto keys = selectiontext::topKeys(*trace, layer, head, q, 1);
    if (!keys.empty()) {
        const QStringList& labels = ws_->tokens().labels;
        tip += QLatin1Char('\n') + tr("query %1 “%2”: top key %3 “%4”, weight %5")
                                       .arg(q)
                                       .arg(labels.value(q))
                                       .arg(keys.front().first)
                                       .arg(labels.value(keys.front().first))
                                       .arg(QLocale().toString(double(keys.front().second), 'f', 3));
    }
    if (trace->is_ablated(layer, head)) tip += QLatin1Char('\n') + tr("ablated");
    const QStringList labels = labelsOf(layer, head);
    if (!labels.isEmpty()) tip += QLatin1Char('\n') + tr("Labels: %1").arg(labels.join(QStringLiteral(", ")));
    tip += QLatin1Char('\n') + tr("Click to open in detail; Ctrl+click only selects.");
    return tip;
}

QString HeadsGridView::selectionDescription() const {
    const auto trace = ws_->trace();
    if (!trace) return tr("No text has been run yet.");
    const Selection& s = ws_->selection();
    QString name = selectiontext::headName(s.layer, s.head);
    const QString kv = selectiontext::kvHeadText(trace->config, s.head);
    if (!kv.isEmpty()) name += QStringLiteral(" (") + kv + QLatin1Char(')');
    QString d = tr("%1 of %2 layers × %3 heads selected.")
                    .arg(name)
                    .arg(trace->n_layer())
                    .arg(trace->n_head());
    const QString keys = selectiontext::topKeysText(*trace, ws_->tokens().labels, s.layer, s.head, s.query, 3, kind());
    if (!keys.isEmpty()) d += QLatin1Char(' ') + keys;
    return d;
}

void HeadsGridView::updateDescription() {
    const QString d = selectionDescription();
    announceDescription(this, d);
    announceDescription(canvas_, d);
}

void HeadsGridView::moveSelection(int dLayer, int dHead) {
    const auto trace = ws_->trace();
    if (!trace || !figure_ || figure_->panelCount() == 0) return;
    Selection s = ws_->selection();
    const int i = figure_->indexOf(s.layer, s.head);
    const int n = figure_->panelCount(), cols = std::max(1, trace->n_head());
    const int j = i < 0 ? 0 : std::clamp(i + dLayer * cols + dHead, 0, n - 1);
    s.layer = figure_->panelLayer(j);
    s.head = figure_->panelHead(j);
    ws_->setSelection(s);
}

void HeadsGridView::keyPressEvent(QKeyEvent* e) {
    switch (e->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter: emit headActivated(ws_->selection().layer, ws_->selection().head); return;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(1.25); return;
    case Qt::Key_Minus: zoomBy(0.8); return;
    case Qt::Key_0: setZoom(1.0); return;
    }
    if (!(e->modifiers() & (Qt::AltModifier | Qt::ControlModifier))) {
        switch (e->key()) {
        case Qt::Key_Left: moveSelection(0, -1); return;
        case Qt::Key_Right: moveSelection(0, 1); return;
        case Qt::Key_Up: moveSelection(-1, 0); return;
        case Qt::Key_Down: moveSelection(1, 0); return;
        }
    }
    QWidget::keyPressEvent(e);
}

void HeadsGridView::setZoom(double zoom) { zoomBy(zoom / zoom_); }

void HeadsGridView::zoomBy(double factor, const QPointF& viewportPos) {
    const QSize vp = scroll_->viewport()->size();
    const QPointF at = viewportPos.x() < 0 ? QPointF(vp.width() / 2.0, vp.height() / 2.0) : viewportPos;
    QScrollBar* h = scroll_->horizontalScrollBar();
    QScrollBar* v = scroll_->verticalScrollBar();
    // Keep the point under the cursor (or the centre) where it is.
    const QPointF onCanvas = at + QPointF(h->value(), v->value());
    const QPointF frac(onCanvas.x() / std::max(1, canvas_->width()), onCanvas.y() / std::max(1, canvas_->height()));
    zoom_ = std::clamp(zoom_ * factor, 1.0, 8.0);
    fitCanvas();
    h->setValue(int(std::lround(frac.x() * canvas_->width() - at.x())));
    v->setValue(int(std::lround(frac.y() * canvas_->height() - at.y())));
}

void HeadsGridView::fitCanvas() {
    // Fitted: no scroll bars, the canvas is the viewport. Zoomed: scroll bars,
    // and the canvas `zoom_` times what is left of the viewport.
    const Qt::ScrollBarPolicy policy = zoom_ <= 1.0 ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAlwaysOn;
    scroll_->setHorizontalScrollBarPolicy(policy);
    scroll_->setVerticalScrollBarPolicy(policy);
    const QSize vp = scroll_->maximumViewportSize();  // what the policies leave
    canvas_->resize(zoom_ <= 1.0 ? vp : QSize(int(vp.width() * zoom_), int(vp.height() * zoom_)));
    canvas_->update();
}

bool HeadsGridView::eventFilter(QObject* o, QEvent* e) {
    if (scroll_ && o == scroll_->viewport() && e->type() == QEvent::Resize) {
        const auto* re = static_cast<QResizeEvent*>(e);
        if (zoom_ <= 1.0 ? canvas_->size() != re->size()
                         : canvas_->size() != QSize(int(re->size().width() * zoom_), int(re->size().height() * zoom_)))
            fitCanvas();
    }
    return TraceView::eventFilter(o, e);
}
