// The main window's tabs: one per registered view (session/views.h), in the
// registry's order, each built by the widget its descriptor names.
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QProxyStyle>
#include <QPushButton>
#include <QRegularExpression>
#include <QShortcut>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "gui/views/ablation_view.h"
#include "gui/views/attribution_view.h"
#include "gui/views/compare_view.h"
#include "gui/views/figure_view.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/window/main_window.h"
#include "gui/common/eliding_label.h"
#include "gui/common/show_box.h"
#include "gui/views/mask_view.h"
#include "gui/views/query_bars_view.h"
#include "gui/views/shape_flow_view.h"
#include "gui/views/token_lines_view.h"

namespace {

// Every view's tab shares the space between the docks: with the style's
// usual space around each title they overflowed into scroll arrows at the
// first window size. Half that space keeps them apart and lets all show.
class CompactTabStyle : public QProxyStyle {
public:
    int pixelMetric(PixelMetric m, const QStyleOption* o = nullptr, const QWidget* w = nullptr) const override {
        if (m == PM_TabBarTabHSpace) return QProxyStyle::pixelMetric(m, o, w) / 2;
        return QProxyStyle::pixelMetric(m, o, w);
    }
};

}  // namespace

void MainWindow::buildViews() {
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName("views");
    tabs_->setDocumentMode(true);
    tabs_->setAccessibleName(tr("Views"));
    auto* tabStyle = new CompactTabStyle;
    tabStyle->setParent(tabs_);
    tabs_->tabBar()->setStyle(tabStyle);
    for (const session::ViewDescriptor& v : session::views()) {
        auto [page, view] = buildViewPage(v);
        view->setDescriptor(&v);
        pages_.push_back(view);
        QString title = session::viewTitle(v);
        QString tip = QCoreApplication::translate("session::Views", v.summary);
        // Chinese and Japanese write an accelerator as "(&X)" after the
        // title (as do Spanish and Portuguese for a tab whose own letters
        // are all taken); nine of those did not fit the tab bar. The tab
        // shows the title alone, Alt+X still chooses it, and its tooltip
        // says so.
        static const QRegularExpression bracketed(QStringLiteral("\\(&(\\w)\\)$"));
        const QRegularExpressionMatch m = bracketed.match(title);
        if (m.hasMatch()) {
            const QKeySequence key(QStringLiteral("Alt+") + m.captured(1).toUpper());
            title.chop(m.capturedLength());
            tip += QStringLiteral(" (%1)").arg(key.toString(QKeySequence::NativeText));
            auto* shortcut = new QShortcut(key, this);
            connect(shortcut, &QShortcut::activated, this, [this, page] { tabs_->setCurrentWidget(page); });
        }
        const int i = tabs_->addTab(page, title);
        tabs_->setTabToolTip(i, tip);
    }
    setCentralWidget(tabs_);
    connect(tabs_->tabBar(), &QTabBar::tabBarClicked, this, [this](int i) {
        if (i >= 0 && size_t(i) < pages_.size() && tabs_->isTabEnabled(i))
            QTimer::singleShot(0, pages_[size_t(i)], [v = pages_[size_t(i)]] { v->setFocus(Qt::TabFocusReason); });
    });
}

std::pair<QWidget*, TraceView*> MainWindow::buildViewPage(const session::ViewDescriptor& v) {
    switch (v.widget) {
    case session::ViewWidget::HeadsGrid: {
        auto* page = new QWidget(tabs_);
        auto* gl = new QVBoxLayout(page);
        auto* filterRow = new QHBoxLayout;
        auto* filterLabel = new QLabel(tr("La&yers:"), page);
        layerFilter_ = new QComboBox(page);
        layerFilter_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        layerFilter_->setToolTip(tr("Show every layer, or one"));
        filterLabel->setBuddy(layerFilter_);
        filterRow->addWidget(filterLabel);
        filterRow->addWidget(layerFilter_);
        // Above the view, as on the head page: the state badge keeps the
        // view's top-right corner, beside its toolbar.
        const showbox::Labelled show = showbox::weightsOrNorms(page);
        gridKindBox_ = show.box;
        filterRow->addSpacing(12);
        filterRow->addWidget(show.label);
        filterRow->addWidget(gridKindBox_);
        filterRow->addStretch();
        gl->addLayout(filterRow);
        headsGrid_ = new HeadsGridView(ws_, settings_, page);
        gl->addWidget(headsGrid_, 1);
        connect(layerFilter_, &QComboBox::currentIndexChanged, this,
                [this] { headsGrid_->setLayerFilter(layerFilter_->currentData().toInt()); });
        connect(gridKindBox_, &QComboBox::currentIndexChanged, this,
                [this] { headsGrid_->setKind(render::MatrixKind(gridKindBox_->currentData().toInt())); });
        connect(headsGrid_, &HeadsGridView::headActivated, this, [this](int l, int h) {
            Selection s = ws_->selection();
            s.layer = l;
            s.head = h;
            ws_->setSelection(s);
            showView(session::viewFor(session::ViewWidget::HeadDetail).id);
        });
        return {page, headsGrid_};
    }
    case session::ViewWidget::HeadDetail: {
        auto* page = new QWidget(tabs_);
        auto* dl = new QVBoxLayout(page);
        auto* kindRow = new QHBoxLayout;
        auto* kindLabel = new QLabel(tr("&Show:"), page);
        kindBox_ = new QComboBox(page);
        kindBox_->addItem(tr("Attention weights"), int(render::MatrixKind::Weights));
        kindBox_->addItem(tr("Raw scores"), int(render::MatrixKind::Scores));
        kindBox_->addItem(tr("Mask"), int(render::MatrixKind::Mask));
        showbox::addNorms(kindBox_);
        kindLabel->setBuddy(kindBox_);
        kindBox_->setToolTip(tr("Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the "
                                "value-weighted norms ‖α·v W_O‖"));
        auto* resetZoom = new QPushButton(tr("Reset &zoom"), page);
        resetZoom->setToolTip(tr("Show the whole map again (0)"));
        kindRow->addWidget(kindLabel);
        kindRow->addWidget(kindBox_);
        kindRow->addWidget(resetZoom);
        kindRow->addStretch();
        dl->addLayout(kindRow);
        auto* split = new QSplitter(Qt::Vertical, page);
        split->setObjectName("detailSplitter");
        detail_ = new HeadDetailView(ws_, settings_, split);
        row_ = new QueryBarsView(ws_, settings_, split);
        split->addWidget(detail_);
        split->addWidget(row_);
        split->setStretchFactor(0, 3);
        split->setStretchFactor(1, 1);
        dl->addWidget(split, 1);
        connect(kindBox_, &QComboBox::currentIndexChanged, this,
                [this] { detail_->setKind(render::MatrixKind(kindBox_->currentData().toInt())); });
        connect(detail_, &HeadDetailView::kindChanged, row_, &QueryBarsView::setKind);
        connect(resetZoom, &QPushButton::clicked, detail_, &HeadDetailView::resetZoom);
        connect(detail_, &HeadDetailView::hoverChanged, this, [this](const QString& t) { statusHover_->setFullText(t); });
        return {page, detail_};
    }
    case session::ViewWidget::Mask: mask_ = new MaskView(ws_, settings_, tabs_); return {mask_, mask_};
    case session::ViewWidget::ShapeFlow: flow_ = new ShapeFlowView(ws_, settings_, tabs_); return {flow_, flow_};
    case session::ViewWidget::TokenLines: lines_ = new TokenLinesView(ws_, settings_, tabs_); return {lines_, lines_};
    case session::ViewWidget::Ablation: ablation_ = new AblationView(ws_, settings_, tabs_); return {ablation_, ablation_};
    case session::ViewWidget::Compare:
        compare_ = new CompareView(ws_, settings_, tabs_);
        connect(compare_, &CompareView::showRequested, this, [this, id = v.id] { showView(id); });
        return {compare_, compare_};
    case session::ViewWidget::Attribution:
        attribution_ = new AttributionView(ws_, settings_, tabs_);
        return {attribution_, attribution_};
    case session::ViewWidget::Figure: break;
    }
    auto* view = new FigureView(v, ws_, settings_, tabs_);
    return {view, view};
}

TraceView* MainWindow::currentView() const {
    const int i = tabs_->currentIndex();
    return i >= 0 && i < int(pages_.size()) ? pages_[size_t(i)] : nullptr;
}

// Ids are looked up in the registry once; tabs are matched by descriptor.
TraceView* MainWindow::viewWidget(const QString& viewId) const {
    const session::ViewDescriptor* wanted = session::findView(viewId);
    for (TraceView* v : pages_)
        if (wanted && v->descriptor() == wanted) return v;
    return nullptr;
}

void MainWindow::showView(const QString& viewId) {
    TraceView* v = viewWidget(viewId);
    if (!v) return;
    const int i = int(std::find(pages_.begin(), pages_.end(), v) - pages_.begin());
    if (tabs_->isTabEnabled(i)) {
        tabs_->setCurrentIndex(i);
        // The keys go to the view shown (arrows move through the grid), not
        // to the control that had the focus on its page.
        if (isVisible()) v->setFocus(Qt::ShortcutFocusReason);
    } else {
        statusBar()->showMessage(tabs_->tabToolTip(i), 4000);  // e.g. it needs the model
    }
}
