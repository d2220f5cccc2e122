#include "gui/views/head_detail_view.h"

#include <algorithm>
#include <QLocale>
#include <QAction>
#include <QContextMenuEvent>
#include <QMenu>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <cmath>

#include "gui/common/announce.h"
#include "gui/common/errors.h"
#include "gui/common/selection_text.h"
#include "gui/common/show_box.h"
#include "gui/workspace/knockout_actions.h"
#include "render/norms.h"

namespace {

constexpr double kMaxZoom = 64.0;

}  // namespace

HeadDetailView::HeadDetailView(Workspace* ws, ViewSettings* settings, QWidget* parent)
    : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::HeadDetail));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Head detail"));
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Go to token (Ctrl+F)"));
    search_->setClearButtonEnabled(true);
    search_->setToolTip(tr("Type text to find it in the tokens, even across several; Enter selects the next match as the query."));
    search_->setAccessibleName(tr("Go to token"));
    search_->setAccessibleDescription(search_->toolTip());
    searchInfo_ = new QLabel(this);
    searchInfo_->setAccessibleName(tr("Go to token result"));
    auto* find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    // From anywhere in the window while this page shows (the Show box, the
    // text): the action is live only while the view is visible.
    find->setShortcutContext(Qt::WindowShortcut);
    connect(find, &QAction::triggered, this, [this] {
        search_->setFocus();
        search_->selectAll();
    });
    addAction(find);
    connect(search_, &QLineEdit::textEdited, this, [this](const QString& t) {
        // Typing counts the matches and leaves the query where it is; Enter moves it.
        if (t.isEmpty()) {
            searchInfo_->clear();
            return;
        }
        const size_t n = findInText(t).size();
        searchInfo_->setText(n == 0 ? tr("no token contains “%1”").arg(t)
                                    : tr("%n match(es) · Enter goes to the next", "", int(n)));
    });
    connect(search_, &QLineEdit::returnPressed, this, [this] { goToToken(search_->text()); });
    updateDescription();
}

int HeadDetailView::searchBandHeight() const { return search_->sizeHint().height() + 6; }

QRectF HeadDetailView::figureArea() const {
    return QRectF(rect()).adjusted(0, searchBandHeight(), 0, 0);
}

render::MatrixFigure::Viewport HeadDetailView::viewport() const {
    render::MatrixFigure::Viewport v;
    v.zoom = zoom_;
    v.pan = pan_;
    v.minLabelPoints = ViewSettings::kScreenLabelPoints;  // fewer labels rather than smaller
    return v;
}

void HeadDetailView::resizeEvent(QResizeEvent* e) {
    TraceView::resizeEvent(e);
    placeSearch();
    if (figure_) pan_ = figure_->clampPan(figureArea(), zoom_, pan_);
}

void HeadDetailView::placeSearch() {
    const int h = search_->sizeHint().height();
    const int w = std::min(260, width() / 2);
    // Top left: the top right corner is the run-state badge's.
    search_->setGeometry(6, 3, w, h);
    const QLabel* badge = stateBadge();
    const int right = badge->isHidden() ? width() - 6 : badge->x() - 8;
    searchInfo_->setGeometry(w + 14, 3, std::max(0, right - (w + 14)), h);
    searchInfo_->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
}

std::unique_ptr<render::Figure> HeadDetailView::makeFigure(const render::Style& style) const {
    const Selection& s = ws_->selection();
    return std::make_unique<render::HeadFigure>(ws_->figureData(), s.layer, s.head, shownKind(), style);
}

void HeadDetailView::fillRecipe(session::Recipe& r) const {
    // Showing the mask, this page exports what the mask view does.
    if (kind_ == render::MatrixKind::Mask) r.view = session::viewFor(session::ViewWidget::Mask).id;
    else r.kind = kind_;
}

void HeadDetailView::setKind(render::MatrixKind kind) {
    const bool changed = kind != kind_;
    kind_ = kind;
    rebuild();
    if (changed) emit kindChanged(kind);
}

void HeadDetailView::resetZoom() {
    zoom_ = 1.0;
    pan_ = {};
    update();
}

void HeadDetailView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    if (rebuildOnShow_) rebuild();
}

void HeadDetailView::selectionChanged() {
    const Selection& s = ws_->selection();
    // Another head, or none drawn yet (a head that could not be read: the next may be).
    if (!figure_ || figure_->layer() != s.layer || figure_->head() != s.head) rebuild();
    else update();
    updateDescription();
}

void HeadDetailView::rebuild() {
    const auto trace = ws_->trace();
    const Selection& s = ws_->selection();
    // On another tab the figure waits until it is shown: at a long text it
    // is costly, and it would be made at every key.
    rebuildOnShow_ = !isVisible();
    if (rebuildOnShow_) {
        figure_.reset();
        updateDescription();
        return;
    }
    problem_.clear();
    if (!trace || !s.headIn(trace->n_layer(), trace->n_head())) {
        figure_.reset();
    } else {
        try {
            figure_ = std::make_unique<render::HeadFigure>(ws_->figureData(), s.layer, s.head, shownKind(), settings_->style());
            pan_ = figure_->clampPan(figureArea(), zoom_, pan_);
        } catch (const std::exception& e) {
            figure_.reset();
            problem_ = describeError(e);
        }
    }
    if (hover_.query >= 0) setHover(hover_.query, hover_.key);
    updateDescription();
    update();
}

render::MatrixKind HeadDetailView::shownKind() const {
    const auto trace = ws_->trace();
    return showbox::drawable(kind_, trace && trace->imported);
}

QRectF HeadDetailView::cellRectWidget(int query, int key) const {
    const auto trace = ws_->trace();
    if (!figure_ || !trace || trace->T() == 0) return {};
    const QRectF z = figure_->zoomedHeatmapRect(figureArea(), viewport());
    const double c = z.width() / trace->T(), r = z.height() / trace->T();
    return QRectF(z.left() + key * c, z.top() + query * r, c, r);
}

QPointF HeadDetailView::cellCenter(int query, int key) const { return cellRectWidget(query, key).center(); }

void HeadDetailView::setHover(int query, int key) {
    const auto trace = ws_->trace();
    Hover h;
    const Selection& s = ws_->selection();
    if (trace && query >= 0 && key >= 0 && query < trace->T() && key < trace->T() &&
        s.headIn(trace->n_layer(), trace->n_head())) try {
        h.query = query;
        h.key = key;
        h.weight = trace->weight(s.layer, s.head, query, key);
        if (trace->imported) {  // a trace file holds the weights alone: no score without the model
            h.hasScore = false;
            h.masked = trace->model_mask(query, query + 1)(0, key) == 0.0f;
        } else {
            h.score = trace->score(s.layer, s.head, query, key);
            h.masked = std::isinf(h.score);
        }
        h.knockedOut = trace->knocked_out(s.layer, s.head, query, key);
        if (figure_ && figure_->kind() == render::MatrixKind::Norms) {  // its factors are known: the figure read them
            h.norm = render::headNorm(*trace, s.layer, s.head, query, key);
            h.hasNorm = true;
        }
    } catch (const std::exception&) {
        h = Hover();  // a cell that cannot be read (a corrupt trace file's row): no readout; the view says why
    }
    hover_ = h;
    emit hoverChanged(hoverText());
    update();
}

QString HeadDetailView::hoverText() const {
    if (hover_.query < 0) return {};
    const QStringList& labels = ws_->tokens().labels;
    const QString q = hover_.query < labels.size() ? labels[hover_.query] : QString();
    const QString k = hover_.key < labels.size() ? labels[hover_.key] : QString();
    if (!hover_.hasScore && !hover_.masked)
        return tr("query %1 “%2” → key %3 “%4”   weight %5")
            .arg(hover_.query).arg(q).arg(hover_.key).arg(k).arg(QLocale().toString(hover_.weight, 'g', 6));
    const QString score = hover_.knockedOut ? tr("knocked out") : hover_.masked ? tr("masked") : QLocale().toString(hover_.score, 'g', 5);
    QString text = tr("query %1 “%2” → key %3 “%4”   weight %5   score %6")
                       .arg(hover_.query).arg(q).arg(hover_.key).arg(k).arg(QLocale().toString(hover_.weight, 'g', 6)).arg(score);
    if (hover_.hasNorm) text += tr("   norm %1").arg(QLocale().toString(hover_.norm, 'g', 5));
    return text;
}

QString HeadDetailView::selectionDescription() const {
    const auto trace = ws_->trace();
    if (!trace) return tr("No text has been run yet.");
    const Selection& s = ws_->selection();
    QString d = selectiontext::headName(s.layer, s.head) + QLatin1Char('.');
    const QStringList& labels = ws_->tokens().labels;
    if (s.query >= 0 && s.key >= 0 && s.query < trace->T() && s.key < trace->T() &&
        s.headIn(trace->n_layer(), trace->n_head())) {
        try {
            const double w = trace->weight(s.layer, s.head, s.query, s.key);
            d += QLatin1Char(' ') + tr("Selected cell: query %1 “%2”, key %3 “%4”, weight %5.")
                                        .arg(s.query).arg(labels.value(s.query)).arg(s.key).arg(labels.value(s.key))
                                        .arg(QLocale().toString(w, 'f', 4));
            if (shownKind() == render::MatrixKind::Norms)
                d += QLatin1Char(' ') + tr("Its value-weighted norm: %1.")
                                            .arg(QLocale().toString(double(render::headNorm(*trace, s.layer, s.head, s.query, s.key)), 'g', 4));
        } catch (const std::exception& e) {
            d += QLatin1Char(' ') + describeError(e);
        }
    }
    const QString keys = selectiontext::topKeysText(*trace, labels, s.layer, s.head, s.query, 3, shownKind());
    if (!keys.isEmpty()) d += QLatin1Char(' ') + keys;
    return d;
}

void HeadDetailView::updateDescription() { announceDescription(this, selectionDescription()); }

void HeadDetailView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QRectF area = figureArea();
    if (figure_) {
        try {  // a zoomed view reads the rows it shows now
            figure_->paintViewport(p, area, viewport());
        } catch (const std::exception& e) {
            figure_.reset();
            problem_ = describeError(e);
            p.fillRect(rect(), palette().color(QPalette::Base));
        }
    }
    if (!figure_) {
        if (!problem_.isEmpty()) paintProblem(p, area);
        else p.drawText(area, Qt::AlignCenter, tr("Type some text to see this head."));
        return;
    }

    const QRectF frame = figure_->heatmapRect(area);
    p.save();
    p.setClipRect(frame.adjusted(-2, -2, 2, 2));
    const Selection& s = ws_->selection();
    if (s.query >= 0 && s.key >= 0) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRectWidget(s.query, s.key));
    }
    if (hover_.query >= 0) {
        // Crosshair through the hovered cell.
        const QRectF c = cellRectWidget(hover_.query, hover_.key);
        p.setPen(QPen(QColor(255, 255, 255, 180), 1, Qt::DashLine));
        p.drawLine(QPointF(frame.left(), c.center().y()), QPointF(frame.right(), c.center().y()));
        p.drawLine(QPointF(c.center().x(), frame.top()), QPointF(c.center().x(), frame.bottom()));
        p.setPen(QPen(Qt::black, 1));
        p.drawRect(c);
    }
    p.restore();
    if (hover_.query >= 0) {
        // The readout, in a box at the bottom.
        const QString text = hoverText();
        const QFontMetrics fm(font());
        const QRect box(8, height() - fm.height() - 12, fm.horizontalAdvance(text) + 16, fm.height() + 8);
        p.fillRect(box, QColor(255, 255, 255, 230));
        p.setPen(QColor(20, 20, 20));
        p.drawText(box, Qt::AlignCenter, text);
    }
}

void HeadDetailView::mousePressEvent(QMouseEvent* e) {
    pressPos_ = e->position();
    pressPan_ = pan_;
    dragging_ = false;
    setFocus();
}

void HeadDetailView::mouseMoveEvent(QMouseEvent* e) {
    if (e->buttons() & Qt::LeftButton) {
        if (!dragging_ && (e->position() - pressPos_).manhattanLength() > 4) dragging_ = true;
        if (dragging_) {
            pan_ = figure_ ? figure_->clampPan(figureArea(), zoom_, pressPan_ + (e->position() - pressPos_)) : QPointF();
            update();
            return;
        }
    }
    int q = -1, k = -1;
    if (figure_ && figure_->cellAt(figureArea(), viewport(), e->position(), &q, &k)) setHover(q, k);
    else if (hover_.query >= 0) setHover(-1, -1);
}

void HeadDetailView::mouseReleaseEvent(QMouseEvent* e) {
    if (!dragging_) {
        int q = -1, k = -1;
        if (figure_ && figure_->cellAt(figureArea(), viewport(), e->position(), &q, &k)) {
            Selection s = ws_->selection();
            s.query = q;
            s.key = k;
            ws_->setSelection(s);
        }
    }
    dragging_ = false;
}

void HeadDetailView::panBy(const QPointF& delta) {
    if (!figure_) return;
    pan_ = figure_->clampPan(figureArea(), zoom_, pan_ + delta);
    update();
}

void HeadDetailView::zoomAt(const QPointF& pos, double factor) {
    if (!figure_) return;
    const QRectF frame = figure_->heatmapRect(figureArea());
    const double z = std::clamp(zoom_ * factor, 1.0, kMaxZoom);
    // The matrix point under `pos` (in frame pixels at zoom 1) stays under it.
    const QPointF u = (pos - frame.topLeft() - pan_) / zoom_;
    zoom_ = z;
    pan_ = figure_->clampPan(figureArea(), zoom_, pos - frame.topLeft() - u * zoom_);
    update();
}

void HeadDetailView::ensureVisible(int query, int key) {
    if (!figure_ || zoom_ <= 1.0) return;
    const QRectF frame = figure_->heatmapRect(figureArea());
    const QRectF c = cellRectWidget(query, key);
    QPointF d;
    if (c.left() < frame.left()) d.setX(frame.left() - c.left());
    else if (c.right() > frame.right()) d.setX(frame.right() - c.right());
    if (c.top() < frame.top()) d.setY(frame.top() - c.top());
    else if (c.bottom() > frame.bottom()) d.setY(frame.bottom() - c.bottom());
    if (!d.isNull()) panBy(d);
}

int HeadDetailView::goToToken(const QString& text) { return goToTokenAfter(text, ws_->selection().query); }

std::vector<std::pair<int, int>> HeadDetailView::findInText(const QString& text) const {
    std::vector<std::pair<int, int>> out;
    const auto trace = ws_->trace();
    if (!trace || text.isEmpty()) return out;
    const QStringList& texts = ws_->tokens().texts;
    const QStringList& labels = ws_->tokens().labels;
    const int T = std::min<int>(trace->T(), int(std::max(texts.size(), labels.size())));
    // The decoded text, and where each token starts in it.
    QString all;
    std::vector<int> starts;
    for (int i = 0; i < T; ++i) {
        starts.push_back(int(all.size()));
        all += i < texts.size() && !texts[i].isEmpty() ? texts[i] : labels.value(i);
    }
    const auto tokenAt = [&](int pos) { return int(std::upper_bound(starts.begin(), starts.end(), pos) - starts.begin()) - 1; };
    for (qsizetype at = all.indexOf(text, 0, Qt::CaseInsensitive); at >= 0;
         at = all.indexOf(text, at + 1, Qt::CaseInsensitive)) {
        const std::pair<int, int> m{tokenAt(int(at)), tokenAt(int(at + text.size() - 1))};
        if (out.empty() || out.back().first != m.first) out.push_back(m);  // one match a starting token
    }
    return out;
}

int HeadDetailView::goToTokenAfter(const QString& text, int after) {
    const auto trace = ws_->trace();
    if (!trace || text.isEmpty()) return -1;
    const std::vector<std::pair<int, int>> found = findInText(text);
    if (found.empty()) {
        searchInfo_->setText(tr("no token contains “%1”").arg(text));
        return -1;
    }
    // The next match after `after`, wrapping round.
    size_t nth = 0;
    while (nth < found.size() && found[nth].first <= after) ++nth;
    if (nth == found.size()) nth = 0;
    const auto [first, last] = found[nth];
    Selection s = ws_->selection();
    s.query = first;
    if (s.key < 0 || s.key >= trace->T() || (trace->causal && s.key > first)) s.key = first;
    ws_->setSelection(s);
    ensureVisible(s.query, s.key);
    searchInfo_->setText(first == last ? tr("token %1 · match %2 of %3").arg(first).arg(nth + 1).arg(found.size())
                                       : tr("tokens %1–%2 · match %3 of %4").arg(first).arg(last).arg(nth + 1).arg(found.size()));
    return first;
}

void HeadDetailView::wheelEvent(QWheelEvent* e) {
    zoomAt(e->position(), std::pow(1.0015, e->angleDelta().y()));
    e->accept();
}

void HeadDetailView::leaveEvent(QEvent*) {
    if (hover_.query >= 0) setHover(-1, -1);
}

QMenu* HeadDetailView::cellMenu(int query, int key) {
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const auto trace = ws_->trace();
    const bool can = figure_ && trace && !trace->imported && query >= 0 && key >= 0 && query < trace->T() &&
                     key < trace->T();
    const int layer = figure_ ? figure_->layer() : 0, head = figure_ ? figure_->head() : 0;
    const KnockoutCell cell{layer, head, query, key};
    const auto add = [&](const char* name, const QString& text, KnockoutScope scope) {
        QAction* a = addKnockoutAction(menu, ws_, text, scope, [cell] { return cell; });
        a->setObjectName(QString::fromLatin1(name));
        a->setEnabled(can);
    };
    add("blockEdgeHead", tr("Block edge %1→%2 in this head").arg(query).arg(key), KnockoutScope::EdgeInHead);
    add("blockEdgeLayer", tr("Block edge %1→%2 in every head of layer %3").arg(query).arg(key).arg(layer),
        KnockoutScope::EdgeInLayer);
    add("blockKey", tr("Block every edge into key %1 (all layers and heads)").arg(key), KnockoutScope::IntoKey);
    menu->addSeparator();
    addClearKnockoutsAction(menu, ws_, tr("Clear knockouts (%1)").arg(ws_->knockouts().size()))
        ->setEnabled(!ws_->knockouts().empty());
    return menu;
}

void HeadDetailView::contextMenuEvent(QContextMenuEvent* e) {
    int q = -1, k = -1;
    QPoint at = e->globalPos();
    if (e->reason() == QContextMenuEvent::Mouse) {
        if (!figure_ || !figure_->cellAt(figureArea(), viewport(), e->pos(), &q, &k)) return;
    } else {  // the keyboard: the selected cell
        q = ws_->selection().query;
        k = ws_->selection().key;
        if (q < 0 || k < 0) return;
        at = mapToGlobal(cellCenter(q, k).toPoint());
    }
    cellMenu(q, k)->popup(at);
}

void HeadDetailView::keyPressEvent(QKeyEvent* e) {
    const auto trace = ws_->trace();
    if (!trace) return QWidget::keyPressEvent(e);
    Selection s = ws_->selection();
    const int T = trace->T();
    if (s.query < 0) s.query = s.key = 0;
    if (s.key < 0) s.key = 0;
    const QPointF centre = figure_ ? figure_->heatmapRect(figureArea()).center() : figureArea().center();
    switch (e->key()) {
    case Qt::Key_Left: s.key = std::max(0, s.key - 1); break;
    case Qt::Key_Right: s.key = std::min(T - 1, s.key + 1); break;
    case Qt::Key_Up: s.query = std::max(0, s.query - 1); break;
    case Qt::Key_Down: s.query = std::min(T - 1, s.query + 1); break;
    case Qt::Key_Plus: case Qt::Key_Equal: zoomAt(centre, 1.25); return;
    case Qt::Key_Minus: zoomAt(centre, 0.8); return;
    case Qt::Key_0: resetZoom(); return;
    default: return QWidget::keyPressEvent(e);
    }
    ws_->setSelection(s);
    ensureVisible(s.query, s.key);
    setHover(s.query, s.key);
}
