#include "gui/views/attribution_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "attnscope/common/error.h"
#include "gui/common/errors.h"
#include "gui/common/work_pool.h"
#include "gui/views/lens_model.h"

namespace {

const QString kMethodKey = QStringLiteral("attribution/method");

// Wider than this, the map and the lens table sit side by side under the text.
constexpr int kSideBySideWidth = 900;

}  // namespace

AttributionView::AttributionView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::Attribution));
    topRow_ = new QWidget(this);
    auto* top = new QHBoxLayout(topRow_);
    top->setContentsMargins(0, 0, 0, 0);
    auto* methodLabel = new QLabel(tr("&Score by:"), topRow_);
    methodBox_ = new QComboBox(topRow_);
    for (const QString& m : session::attributionMethods()) methodBox_->addItem(session::attributionMethodTitle(m), m);
    methodBox_->setToolTip(tr("How each token's share is measured: relevance (gradient-weighted attention through "
                              "every layer), the gradient's size, gradient × input, or integrated gradients"));
    methodLabel->setBuddy(methodBox_);
    nextToken_ = new QPushButton(tr("Ne&xt token"), topRow_);
    nextToken_->setToolTip(tr("Explain the text's next token again (or the top prediction at the last position) "
                              "instead of the token chosen in Predictions"));
    status_ = new QLabel(topRow_);
    status_->setWordWrap(true);
    top->addWidget(methodLabel);
    top->addWidget(methodBox_);
    top->addWidget(nextToken_);
    top->addWidget(status_, 1);
    setBadgeBelow(topRow_);

    lens_ = new LensModel(this);
    lensTable_ = new QTableView(this);
    lensTable_->setModel(lens_);
    lensTable_->setObjectName(QStringLiteral("lensTable"));
    lensTable_->setAccessibleName(tr("Logit lens"));
    lensTable_->setAccessibleDescription(tr("The prediction read after every block: the target's probability and "
                                            "the most probable tokens"));
    lensTable_->verticalHeader()->hide();
    lensTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    lensTable_->setSelectionBehavior(QAbstractItemView::SelectRows);

    setAccessibleName(tr("Attribution"));
    setFocusPolicy(Qt::StrongFocus);
    setMethod(QSettings().value(kMethodKey, QStringLiteral("relevance")).toString());
    connect(methodBox_, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(kMethodKey, method());
        rebuild();
    });
    connect(nextToken_, &QPushButton::clicked, this, [this] { ws_->setAttributionTarget(-1); });
    connect(ws_, &Workspace::attributionTargetChanged, this, [this] { rebuild(); });
    connect(&watcher_, &QFutureWatcher<Result>::finished, this, &AttributionView::finished);
    layoutBody();
}

AttributionView::~AttributionView() {
    if (cancel_) cancel_->store(true);
    watcher_.waitForFinished();
}

QString AttributionView::method() const { return methodBox_->currentData().toString(); }

void AttributionView::setMethod(const QString& m) {
    const int i = methodBox_->findData(session::isAttributionMethod(m) ? m : QStringLiteral("relevance"));
    methodBox_->setCurrentIndex(std::max(0, i));
}

int AttributionView::position() const {
    const auto trace = ws_->trace();
    const int T = trace ? trace->T() : 0;
    const int q = ws_->selection().query;
    return q >= 0 && q < T ? q : T - 1;
}

QRectF AttributionView::textArea() const {
    const double top = topRow_->geometry().bottom() + 6;
    return QRectF(0, top, width(), std::max(60.0, (height() - top) * 0.42));
}

QRectF AttributionView::mapArea() const {
    const QRectF t = textArea();
    const double top = t.bottom() + 4;
    const double w = width() >= kSideBySideWidth ? width() * 0.5 : width();
    const double h = width() >= kSideBySideWidth ? height() - top : (height() - top) * 0.5;
    return QRectF(0, top, w, std::max(40.0, h));
}

void AttributionView::layoutBody() {
    const QRectF m = mapArea();
    if (width() >= kSideBySideWidth) lensTable_->setGeometry(int(m.right()) + 4, int(m.top()), int(width() - m.right() - 4), int(m.height()));
    else lensTable_->setGeometry(0, int(m.bottom()) + 4, width(), int(height() - m.bottom() - 4));
}

void AttributionView::resizeEvent(QResizeEvent* e) {
    TraceView::resizeEvent(e);
    placeTopRow();
}

// As tall as the status needs at this width (it wraps), and the body below.
void AttributionView::placeTopRow() {
    const int h = topRow_->hasHeightForWidth() ? topRow_->heightForWidth(width()) : topRow_->sizeHint().height();
    topRow_->setGeometry(0, 0, width(), std::max(h, topRow_->sizeHint().height()));
    layoutBody();
    update();
}

std::unique_ptr<render::Figure> AttributionView::makeFigure(const render::Style& style) const {
    const render::FigureData fd = ws_->figureData();
    if (!fd.trace) return nullptr;
    session::Recipe r;
    r.view = viewId();
    fillRecipe(r);
    return descriptor()->figure(r, fd, style);
}

void AttributionView::fillRecipe(session::Recipe& r) const {
    r.method = method();
    r.focus = position();
    r.target = ws_->attributionTarget();
}

void AttributionView::rebuild() {
    ++generation_;
    if (!isVisible()) {
        dirty_ = true;
        return;
    }
    dirty_ = false;
    compute();
}

void AttributionView::selectionChanged() {
    if (position() != shownPosition_) rebuild();
}

void AttributionView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (dirty_) rebuild();
}

void AttributionView::compute() {
    const auto trace = ws_->trace();
    problem_.clear();
    if (!trace || trace->imported) {
        text_.reset();
        dla_.reset();
        lens_->clear();
        status_->setText(trace ? tr("A trace file holds attention only: attributions need the model.") : QString());
        placeTopRow();
        update();
        return;
    }
    if (watcher_.isRunning()) {
        // The running one is stale: it stops at its next look, and this one follows.
        if (cancel_) cancel_->store(true);
        pending_ = true;
        return;
    }
    pending_ = false;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    status_->setText(method() == QLatin1String("ig") ? tr("Computing %n gradient(s)…", "", session::kIntegratedGradientSteps + 2)
                                                     : tr("Computing the gradients…"));
    placeTopRow();
    const render::FigureData fd = ws_->figureData();
    const std::function<QString(int)> text = fd.tokenText;
    watcher_.setFuture(QtConcurrent::run(
        workPool(), [trace, m = method(), p = position(), y = ws_->attributionTarget(), text, gen = generation_,
                     cancel = cancel_, threads = ws_->threads()] {
            Result r;
            r.generation = gen;
            try {
                r.attribution = session::attributionFor(*trace, m, p, y, text, threads, [cancel] { return !cancel->load(); });
            } catch (const attnscope::Error& e) {
                if (e.code() != attnscope::ErrorCode::Cancelled) r.error = describeError(e);
            } catch (const std::exception& e) {  // out of memory
                r.error = describeError(e);
            }
            return r;
        }));
}

void AttributionView::finished() {
    const Result r = watcher_.result();
    if (pending_ || r.generation != generation_) {
        compute();  // what was asked for meanwhile
        return;
    }
    if (!r.attribution) {
        text_.reset();
        dla_.reset();
        lens_->clear();
        problem_ = r.error;
        status_->setText(r.error);
        placeTopRow();
        update();
        return;
    }
    const session::AttributionResult& a = *r.attribution;
    const render::FigureData fd = ws_->figureData();
    shownPosition_ = a.figure.position;
    text_ = std::make_unique<render::AttributionFigure>(fd, a.figure, settings_->style());
    // The heads' direct logit attribution, drawn as the ablation map draws its heads.
    attnscope::AblationScan heads;
    for (int l = 0; l < int(a.all.dla.rows()); ++l)
        for (int h = 0; h < int(a.all.dla.cols()); ++h) heads.heads.push_back({l, h, 0, a.all.dla(l, h)});
    const QString what = tr("“%1” at position %2")
                             .arg(render::visibleToken(a.figure.targetText))
                             .arg(a.figure.position);
    dla_ = std::make_unique<render::AblationFigure>(heads, int(a.all.dla.rows()), int(a.all.dla.cols()), fd.modelName,
                                                    settings_->style(), render::AblationFigure::Values::LogitAttribution,
                                                    what);
    lens_->setLens(a.all.lens, fd.tokenText);
    status_->setText(ws_->attributionTarget() >= 0 ? tr("The token chosen in Predictions.")
                                                   : tr("The next token. Click a token to move P."));
    placeTopRow();
    update();
}

void AttributionView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRectF ta = textArea(), ma = mapArea();
    p.fillRect(ta.united(ma), settings_->style().background);
    if (text_) text_->paint(p, ta);
    else if (!problem_.isEmpty()) paintProblem(p, ta);
    if (dla_) dla_->paint(p, ma);
}

void AttributionView::mousePressEvent(QMouseEvent* e) {
    if (!text_) return;
    const int i = text_->tokenAt(e->position());
    if (i < 0) return;
    Selection s = ws_->selection();
    s.query = i;
    ws_->setSelection(s);
}
