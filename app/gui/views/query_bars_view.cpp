#include "gui/views/query_bars_view.h"

#include "gui/common/announce.h"
#include "gui/common/setting_value.h"
#include "gui/common/errors.h"
#include "gui/common/selection_text.h"
#include "gui/common/show_box.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QSettings>
#include <QPainter>

QueryBarsView::QueryBarsView(Workspace* ws, ViewSettings* settings, QWidget* parent) : TraceView(ws, settings, parent) {
    setAccessibleName(tr("Attention of the selected query"));
    setToolTip(tr("The selected query's attention over every key. Click a bar to select its key; "
                  "right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest "
                  "bar and a fixed 0 to 1 axis."));
    // Low enough that in a small window (900 x 600 at 2x) the head above it
    // keeps most of the height the splitter gives them (3 to 1).
    setMinimumHeight(100);
    fixedAxis_ = settingBool(QSettings(), QStringLiteral("view/rowFixedAxis"), false);
}

void QueryBarsView::setFixedAxis(bool fixed) {
    if (fixed == fixedAxis_) return;
    fixedAxis_ = fixed;
    QSettings().setValue(QStringLiteral("view/rowFixedAxis"), fixed);
    rebuild();
    emit fixedAxisChanged(fixed);
}

void QueryBarsView::setKind(render::MatrixKind kind) {
    if (kind == kind_) return;
    kind_ = kind;
    rebuild();
}

render::MatrixKind QueryBarsView::shownKind() const {
    const auto trace = ws_->trace();
    return showbox::drawable(kind_, trace && trace->imported);
}

void QueryBarsView::contextMenuEvent(QContextMenuEvent* e) {
    QMenu menu(this);
    QAction* a = menu.addAction(shownKind() == render::MatrixKind::Norms
                                    ? tr("Fixed axis, up to the head's largest possible norm")
                                    : tr("Fixed 0 to 1 axis"));
    a->setCheckable(true);
    a->setChecked(fixedAxis_);
    connect(a, &QAction::toggled, this, &QueryBarsView::setFixedAxis);
    menu.exec(e->globalPos());
}

std::unique_ptr<render::Figure> QueryBarsView::makeFigure(const render::Style& style) const {
    const Selection& s = ws_->selection();
    return std::make_unique<render::QueryBarsFigure>(ws_->figureData(), s.layer, s.head, s.query, style, fixedAxis_,
                                                     shownKind());
}

void QueryBarsView::rebuild() {
    const Selection& s = ws_->selection();
    render::Style st = settings_->style();
    const auto trace = ws_->trace();
    figure_.reset();
    problem_.clear();
    if (trace && s.headIn(trace->n_layer(), trace->n_head())) {
        try {
            figure_ = std::make_unique<render::QueryBarsFigure>(ws_->figureData(), s.layer, s.head, s.query, st,
                                                                fixedAxis_, shownKind());
        } catch (const std::exception& e) {
            problem_ = describeError(e);
        }
    }
    announceDescription(this, trace ? selectiontext::topKeysText(*trace, ws_->tokens().labels, s.layer, s.head, s.query, 3,
                                                                 shownKind())
                                     : QString());
    update();
}

void QueryBarsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (figure_) {
        figure_->paint(p, rect());
    } else {
        p.fillRect(rect(), palette().color(QPalette::Base));
        if (!problem_.isEmpty()) paintProblem(p, QRectF(rect()));
    }
}

void QueryBarsView::mousePressEvent(QMouseEvent* e) {
    if (!figure_) return;
    const int k = figure_->keyAt(rect(), e->position());
    if (k >= 0) {
        Selection s = ws_->selection();
        s.key = k;
        ws_->setSelection(s);
    }
}
