#include "gui/views/token_lines_view.h"

#include "gui/common/errors.h"
#include "gui/common/selection_text.h"
#include "gui/common/show_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMouseEvent>
#include <QWheelEvent>
#include <algorithm>
#include <QPainter>

TokenLinesView::TokenLinesView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::TokenLines));
    overlay_ = new QCheckBox(tr("Overla&y every head of the layer"), this);
    overlay_->setToolTip(tr("Draw every head of the selected layer at once, each in its own colour."));
    overlay_->move(8, 4);
    overlay_->adjustSize();
    connect(overlay_, &QCheckBox::toggled, this, [this] { rebuild(); });
    const showbox::Labelled show = showbox::weightsOrNorms(this);
    QLabel* kindLabel = show.label;
    kind_ = show.box;
    kindLabel->adjustSize();
    kind_->adjustSize();
    // Beside the check box, on its line.
    const int mid = overlay_->y() + overlay_->height() / 2;
    kindLabel->move(overlay_->geometry().right() + 20, mid - kindLabel->height() / 2);
    kind_->move(kindLabel->geometry().right() + 6, mid - kind_->height() / 2);
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    setBadgeBelow(kind_);
    setAccessibleName(tr("Token lines"));
    setToolTip(tr("Queries on the left, keys on the right, joined by lines as strong as the attention. "
                  "Click a query to show its lines alone; hover a token to pick out its lines; "
                  "scroll a long text with the wheel."));
    setMouseTracking(true);
    setMinimumSize(320, 240);
}

void TokenLinesView::placeWindow(bool followQuery) {
    if (!figure_) return;
    const int T = ws_->trace() ? ws_->trace()->T() : 0;
    const int fit = std::max(4, int(figureRect().height() / 16.0) - 3);
    if (T <= fit) {
        first_ = 0;
        figure_->setWindow(0, 0);
        return;
    }
    const int q = ws_->selection().query;
    if (followQuery && q >= 0 && (q < first_ || q >= first_ + fit)) first_ = q - fit / 2;
    first_ = std::clamp(first_, 0, T - fit);
    figure_->setWindow(first_, fit);
    figure_->setHighlight(shownHighlight());
}

// The hovered token's lines, or else the selected query's: the query is
// picked out before the mouse comes near.
int TokenLinesView::shownHighlight() const { return highlight_ >= 0 ? highlight_ : ws_->selection().query; }

bool TokenLinesView::overlay() const { return overlay_->isChecked(); }

render::MatrixKind TokenLinesView::kind() const {
    return showbox::drawable(kind_, ws_->trace().get());
}

std::vector<int> TokenLinesView::heads() const {
    const auto trace = ws_->trace();
    if (!trace) return {};
    if (!overlay_->isChecked()) return {ws_->selection().head};
    std::vector<int> all;
    for (int h = 0; h < trace->n_head(); ++h) all.push_back(h);
    return all;
}

std::unique_ptr<render::Figure> TokenLinesView::makeFigure(const render::Style& style) const {
    return std::make_unique<render::TokenLinesFigure>(ws_->figureData(), ws_->selection().layer, heads(), style, focus_,
                                                      kind());
}

void TokenLinesView::fillRecipe(session::Recipe& r) const {
    if (overlay() && ws_->trace())
        for (int h = 0; h < ws_->trace()->n_head(); ++h) r.heads.push_back(h);
    r.focus = focus_;
    r.kind = kind();
}

QRectF TokenLinesView::figureRect() const {
    // Under the controls, and under the state badge when it shows (it goes
    // under the Show box, which it would cover in a narrow view).
    int top = std::max(overlay_->geometry().bottom(), kind_->geometry().bottom());
    if (!stateBadge()->isHidden()) top = std::max(top, stateBadge()->geometry().bottom());
    top += 5;
    return QRectF(0, top, width(), height() - top);
}

void TokenLinesView::badgeMoved() {
    placeWindow(true);
    update();
}

void TokenLinesView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (rebuildOnShow_) rebuild();
}

void TokenLinesView::rebuild() {
    const auto trace = ws_->trace();
    // For screen readers, shown or not: the head and the selected query's
    // strongest keys (one row of the head).
    const Selection& s = ws_->selection();
    setAccessibleDescription(trace ? selectiontext::headName(s.layer, s.head) + QStringLiteral(". ") +
                                         selectiontext::topKeysText(*trace, ws_->tokens().labels, s.layer, s.head, s.query, 3)
                                   : QString());
    // On another tab the figure waits until it is shown: no key pays for it.
    // Shown, it reads the rows of its window only (TokenLinesFigure::lines).
    rebuildOnShow_ = !isVisible();
    if (rebuildOnShow_) {
        figure_.reset();
        update();
        return;
    }
    if (focus_ >= (trace ? trace->T() : 0)) focus_ = -1;
    problem_.clear();
    figure_ = trace && s.headIn(trace->n_layer(), trace->n_head())
                  ? std::make_unique<render::TokenLinesFigure>(ws_->figureData(), s.layer, heads(), settings_->style(), focus_,
                                                               kind())
                  : nullptr;
    placeWindow(true);
    update();
}

void TokenLinesView::mouseMoveEvent(QMouseEvent* e) {
    const int t = figure_ ? figure_->tokenAt(figureRect(), e->position()) : -1;
    if (t == highlight_) return;
    highlight_ = t;
    if (figure_) figure_->setHighlight(shownHighlight());
    update();
}

void TokenLinesView::leaveEvent(QEvent*) {
    highlight_ = -1;
    if (figure_) figure_->setHighlight(shownHighlight());
    update();
}

void TokenLinesView::wheelEvent(QWheelEvent* e) {
    const int steps = e->angleDelta().y() / 40;  // 3 rows per notch
    if (!figure_ || steps == 0) return;
    first_ -= steps;
    placeWindow(false);
    update();
}

void TokenLinesView::resizeEvent(QResizeEvent*) {
    placeWindow(true);
}

void TokenLinesView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    if (figure_) {
        try {  // the lines of the window's rows are read now
            figure_->paint(p, figureRect());
        } catch (const std::exception& e) {
            figure_.reset();
            problem_ = describeError(e);
            p.fillRect(rect(), palette().color(QPalette::Window));
        }
    }
    if (!figure_ && !problem_.isEmpty()) paintProblem(p, figureRect());
}

void TokenLinesView::mousePressEvent(QMouseEvent* e) {
    if (!figure_) return;
    const int q = figure_->queryAt(figureRect(), e->position());
    focus_ = q == focus_ ? -1 : q;
    if (q >= 0) {
        Selection s = ws_->selection();
        s.query = q;
        ws_->setSelection(s);
    }
    rebuild();
}
