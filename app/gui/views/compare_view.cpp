#include "gui/views/compare_view.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "attnscope/common/error.h"
#include "gui/common/errors.h"
#include "gui/common/plain_text.h"
#include "gui/common/work_pool.h"

CompareView::CompareView(Workspace* ws, ViewSettings* settings, QWidget* parent) : TraceView(ws, settings, parent) {
    setDescriptor(&session::viewFor(session::ViewWidget::Compare));
    setAccessibleDescription(tr("The selected head of text A beside text or model B, and their difference B − A"));
    comparer_ = new Comparer(ws, this);
    const QString modeName = QSettings().value("compare/mode", render::compareModeName(mode_)).toString();
    render::compareModeFromName(modeName, &mode_);

    // The controls above the figure, made in the order the Tab key visits them.
    auto* layout = new QVBoxLayout(this);
    controls_ = new QWidget(this);
    auto* cl = new QVBoxLayout(controls_);
    cl->setContentsMargins(0, 0, 0, 0);
    cl->addLayout(buildInputRow());
    cl->addWidget(buildTimelineRow());
    cl->addLayout(buildStatusRow());
    layout->addWidget(controls_);
    layout->addStretch(1);
    setBadgeBelow(controls_);

    buildMenu();
    connectControls();
    connectComparer();
    updateControls();
}

// Text B, and beside it the buttons for a model or checkpoints B and the mode.
QLayout* CompareView::buildInputRow() {
    auto* top = new QHBoxLayout;
    auto* textLabel = new QLabel(tr("Te&xt B:"), controls_);
    text_ = new QPlainTextEdit(controls_);
    text_->setWordWrapMode(QTextOption::WordWrap);  // as the main editor: a long spaceless line stays fast
    text_->setObjectName(QStringLiteral("compareText"));
    text_->setPlaceholderText(tr("Type a second text to compare with the text above, on the same model"));
    text_->setToolTip(tr("B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above."));
    text_->setTabChangesFocus(true);
    text_->setFixedHeight(QFontMetrics(text_->font()).lineSpacing() * 3 + 10);
    text_->setPlainText(QSettings().value("compare/text").toString());
    textLabel->setBuddy(text_);
    modelButton_ = new QPushButton(tr("Compare w&ith model…"), controls_);
    modelButton_->setToolTip(tr("B: the same text on another model of the same shape (Ctrl+Shift+M)"));
    checkpointsButton_ = new QPushButton(tr("Compare with chec&kpoints…"), controls_);
    checkpointsButton_->setToolTip(tr("B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)"));
    clearButton_ = new QPushButton(tr("Stop comparin&g"), controls_);
    clearButton_->setToolTip(tr("Forget B: the view and the head statistics show A alone"));
    auto* modeLabel = new QLabel(tr("&Show:"), controls_);
    modeBox_ = new QComboBox(controls_);
    modeBox_->setObjectName(QStringLiteral("compareMode"));
    modeBox_->addItem(tr("A | B | B − A"), int(render::CompareMode::SideBySide));
    modeBox_->addItem(tr("Difference B − A"), int(render::CompareMode::Difference));
    modeBox_->setCurrentIndex(modeBox_->findData(int(mode_)));
    modeBox_->setToolTip(tr("Side by side with the difference, or the difference alone (Ctrl+Alt+D)"));
    modeLabel->setBuddy(modeBox_);
    auto* buttons = new QVBoxLayout;
    auto* row1 = new QHBoxLayout;
    row1->addWidget(modelButton_);
    row1->addWidget(checkpointsButton_);
    row1->addWidget(clearButton_);
    auto* row2 = new QHBoxLayout;
    row2->addWidget(modeLabel);
    row2->addWidget(modeBox_);
    row2->addStretch();
    buttons->addLayout(row1);
    buttons->addLayout(row2);
    top->addWidget(textLabel);
    top->addWidget(text_, 1);
    top->addLayout(buttons);
    return top;
}

// Previous, the slider and Next over the checkpoints of a timeline.
QWidget* CompareView::buildTimelineRow() {
    timelineRow_ = new QWidget(controls_);
    auto* tl = new QHBoxLayout(timelineRow_);
    tl->setContentsMargins(0, 0, 0, 0);
    prev_ = new QPushButton(tr("◀ Previous"), timelineRow_);
    prev_->setToolTip(tr("The previous checkpoint as B (Alt+PgUp)"));
    next_ = new QPushButton(tr("Next ▶"), timelineRow_);
    next_->setToolTip(tr("The next checkpoint as B (Alt+PgDown)"));
    slider_ = new QSlider(Qt::Horizontal, timelineRow_);
    slider_->setObjectName(QStringLiteral("checkpointSlider"));
    slider_->setAccessibleName(tr("Checkpoint"));
    slider_->setPageStep(1);
    slider_->setTickPosition(QSlider::TicksBelow);
    slider_->setToolTip(tr("Which checkpoint is B"));
    stepLabel_ = new QLabel(timelineRow_);
    tl->addWidget(prev_);
    tl->addWidget(slider_, 1);
    tl->addWidget(next_);
    tl->addWidget(stepLabel_, 1);
    return timelineRow_;
}

// Progress while B runs, and what the comparison is.
QLayout* CompareView::buildStatusRow() {
    auto* statusRow = new QHBoxLayout;
    progress_ = new QProgressBar(controls_);
    progress_->setMaximumWidth(160);
    progress_->setTextVisible(false);
    progress_->hide();
    status_ = new QLabel(controls_);
    status_->setObjectName(QStringLiteral("compareStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusRow->addWidget(progress_);
    statusRow->addWidget(status_, 1);
    return statusRow;
}

// The Compare menu (Run ▸ Compare): its shortcuts work anywhere in the window.
void CompareView::buildMenu() {
    menu_ = new QMenu(tr("C&ompare"), this);
    QAction* withText = menu_->addAction(tr("Compare with &text…"), this, &CompareView::chooseText);
    withText->setShortcut(QKeySequence(tr("Ctrl+Shift+D")));
    QAction* withModel = menu_->addAction(tr("Compare with &model…"), this, &CompareView::chooseModel);
    withModel->setShortcut(QKeySequence(tr("Ctrl+Shift+M")));
    QAction* withCkpts = menu_->addAction(tr("Compare with &checkpoints…"), this, &CompareView::chooseCheckpoints);
    withCkpts->setShortcut(QKeySequence(tr("Ctrl+Alt+M")));
    menu_->addSeparator();
    QAction* prevAct = menu_->addAction(tr("&Previous checkpoint"), comparer_, &Comparer::previous);
    prevAct->setShortcut(QKeySequence(tr("Alt+PgUp")));
    QAction* nextAct = menu_->addAction(tr("&Next checkpoint"), comparer_, &Comparer::next);
    nextAct->setShortcut(QKeySequence(tr("Alt+PgDown")));
    differenceAction_ = menu_->addAction(tr("&Difference only"));
    differenceAction_->setCheckable(true);
    differenceAction_->setShortcut(QKeySequence(tr("Ctrl+Alt+D")));
    differenceAction_->setChecked(mode_ == render::CompareMode::Difference);
    connect(differenceAction_, &QAction::toggled, this, [this](bool on) {
        setMode(on ? render::CompareMode::Difference : render::CompareMode::SideBySide);
    });
    menu_->addAction(tr("&Stop comparing"), comparer_, &Comparer::clear);
}

void CompareView::connectControls() {
    textDebounce_.setSingleShot(true);
    textDebounce_.setInterval(300);
    connect(&textDebounce_, &QTimer::timeout, this, &CompareView::commitText);
    connect(text_, &QPlainTextEdit::textChanged, this, [this] { textDebounce_.start(); });
    connect(modelButton_, &QPushButton::clicked, this, &CompareView::chooseModel);
    connect(checkpointsButton_, &QPushButton::clicked, this, &CompareView::chooseCheckpoints);
    connect(clearButton_, &QPushButton::clicked, comparer_, &Comparer::clear);
    connect(modeBox_, &QComboBox::currentIndexChanged, this,
            [this] { setMode(render::CompareMode(modeBox_->currentData().toInt())); });
    connect(prev_, &QPushButton::clicked, comparer_, &Comparer::previous);
    connect(next_, &QPushButton::clicked, comparer_, &Comparer::next);
    connect(slider_, &QSlider::valueChanged, comparer_, &Comparer::setStep);
}

void CompareView::connectComparer() {
    connect(comparer_, &Comparer::comparisonChanged, this, [this] {
        rebuild();
        updateControls();
    });
    connect(comparer_, &Comparer::inputChanged, this, &CompareView::updateControls);
    connect(comparer_, &Comparer::busyChanged, this, [this] { updateControls(); });
    connect(comparer_, &Comparer::failed, this, [this] {
        updateControls();
        update();
    });
    connect(comparer_, &Comparer::progress, this, [this](int done, int total) {
        progress_->setMaximum(std::max(0, total));
        progress_->setValue(total > 0 ? done : 0);
        if (total == 0) status_->setText(tr("Loading model B…"));
        else status_->setText(tr("Running B…"));
    });
    connect(&builder_, &QFutureWatcher<Build>::finished, this, &CompareView::buildFinished);
}

CompareView::~CompareView() { builder_.waitForFinished(); }

void CompareView::commitText() {
    const QString t = textAsTyped(text_);
    QSettings().setValue("compare/text", t);
    comparer_->compareWithText(t);
}

void CompareView::saveText() {
    if (!textDebounce_.isActive()) return;
    textDebounce_.stop();
    commitText();
}

void CompareView::setTransientText(const QString& text) {
    {
        const QSignalBlocker b(text_);
        text_->setPlainText(text);
    }
    comparer_->compareWithText(text);
}

void CompareView::setMode(render::CompareMode mode) {
    if (mode == mode_) return;
    mode_ = mode;
    QSettings().setValue("compare/mode", render::compareModeName(mode_));
    {
        const QSignalBlocker b1(modeBox_), b2(differenceAction_);
        modeBox_->setCurrentIndex(modeBox_->findData(int(mode_)));
        differenceAction_->setChecked(mode_ == render::CompareMode::Difference);
    }
    rebuild();
}

void CompareView::chooseText() {
    emit showRequested();
    text_->setFocus();
    text_->selectAll();
}

void CompareView::chooseModel() {
    emit showRequested();
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with model"), QString(),
                                                      tr("Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)"));
    if (!path.isEmpty()) comparer_->compareWithModels({path});
}

void CompareView::chooseCheckpoints() {
    emit showRequested();
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Compare with checkpoints of one run"), QString(),
        tr("Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)"));
    if (!paths.isEmpty()) comparer_->compareWithModels(paths);
}

void CompareView::updateControls() {
    const QStringList& ck = comparer_->checkpoints();
    timelineRow_->setVisible(ck.size() > 1);
    {
        const QSignalBlocker b(slider_);
        slider_->setRange(0, std::max(0, int(ck.size()) - 1));
        slider_->setValue(comparer_->step());
    }
    prev_->setEnabled(comparer_->step() > 0);
    next_->setEnabled(comparer_->step() + 1 < ck.size());
    if (!ck.isEmpty())
        stepLabel_->setText(tr("Checkpoint %1 of %2: %3")
                                .arg(comparer_->step() + 1)
                                .arg(ck.size())
                                .arg(QFileInfo(ck.value(comparer_->step())).fileName()));
    const bool comparing = comparer_->spec().kind != session::CompareSpec::None;
    clearButton_->setEnabled(comparing);
    const bool busy = comparer_->isBusy();
    progress_->setVisible(busy);
    if (busy) {
        if (progress_->maximum() != 0 && progress_->value() <= 0) status_->setText(tr("Running B…"));
        return;
    }
    const auto c = comparer_->comparison();
    QString s;
    if (!comparer_->problem().isEmpty()) s = comparer_->problem();
    else if (!comparing) s = tr("Choose B: type a second text, or compare with another model of the same shape.");
    else if (c) {
        s = tr("A: %1 · %n token(s)", "", c->a->T()).arg(c->aCaption()) + QStringLiteral("   ") +
            tr("B: %1 · %n token(s)", "", c->b->T()).arg(c->bCaption());
        if (c->a->T() != c->b->T())
            s += QStringLiteral("   ") + tr("The difference covers the first %n position(s).", "", c->common());
        if (c->bDropped > 0)
            s += QStringLiteral("   ") +
                 tr("Text B is longer than the model's context: only its last %1 tokens are used (%2 dropped).")
                     .arg(c->b->T())
                     .arg(c->bDropped);
    }
    status_->setText(s);
    update();
}

QRectF CompareView::figureArea() const {
    const int top = controls_->geometry().bottom() + 6;
    return QRectF(0, top, width(), std::max(0, height() - top));
}

void CompareView::fillRecipe(session::Recipe& r) const {
    r.compareMode = mode_;
    const auto c = comparer_->comparison();
    (c ? c->spec : comparer_->spec()).fill(r);
}

std::unique_ptr<render::Figure> CompareView::makeFigure(const render::Style& style) const {
    const render::FigureData fd = ws_->figureData();
    if (!fd.trace) return nullptr;
    render::CompareData cd;
    cd.a = fd;
    if (const auto c = comparer_->comparison(); c && c->a == fd.trace) cd = c->figureData();
    return std::make_unique<render::CompareFigure>(cd, ws_->selection().layer, ws_->selection().head, mode_, style);
}

void CompareView::rebuild() {
    drawnFor_ = ws_->selection();
    ++generation_;  // a build under way is stale now
    const auto c = comparer_->comparison();
    // A new A while B runs: the picture on screen stays until B is ready.
    if (c && c->a != ws_->trace() && comparer_->isBusy()) return;
    if (!isVisible()) {
        dirty_ = true;
        return;
    }
    dirty_ = false;
    if (!c) {
        figure_.reset();
        building_ = false;
        problem_.clear();
        update();
        emit figureReady();
        return;
    }
    const int layer = std::clamp(drawnFor_.layer, 0, c->a->n_layer() - 1);
    const int head = std::clamp(drawnFor_.head, 0, c->a->n_head() - 1);
    auto make = [cd = c->figureData(), layer, head, mode = mode_, style = settings_->style(),
                 gen = generation_]() {
        Build b;
        b.generation = gen;
        try {
            b.figure = std::make_shared<render::CompareFigure>(cd, layer, head, mode, style);
        } catch (const attnscope::Error& e) {
            b.problem = describeError(e);
        } catch (const std::exception& e) {
            b.problem = describeError(e);
        }
        return b;
    };
    if (std::max(c->a->T(), c->b->T()) >= kAsyncTokens) {
        building_ = true;  // the figure on screen stays until the new one is ready
        builder_.setFuture(QtConcurrent::run(workPool(), make));
        return;
    }
    Build b = make();
    building_ = false;
    figure_ = std::move(b.figure);
    problem_ = b.problem;
    update();
    emit figureReady();
}

void CompareView::buildFinished() {
    Build b = builder_.result();
    if (b.generation != generation_) return;  // a newer build follows
    building_ = false;
    figure_ = std::move(b.figure);
    problem_ = b.problem;
    update();
    emit figureReady();
}

void CompareView::selectionChanged() {
    const Selection& now = ws_->selection();
    if (now.layer != drawnFor_.layer || now.head != drawnFor_.head) rebuild();
}

void CompareView::showEvent(QShowEvent* e) {
    TraceView::showEvent(e);
    // A remembered text B is compared once the view is first shown.
    if (comparer_->spec().kind == session::CompareSpec::None && !text_->document()->isEmpty() &&
        comparer_->checkpoints().isEmpty() && !property("restored").toBool()) {
        setProperty("restored", true);
        comparer_->compareWithText(textAsTyped(text_));
    }
    if (dirty_) rebuild();
}

void CompareView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRectF area = figureArea();
    p.fillRect(area, settings_->style().background);
    if (figure_) {
        figure_->paint(p, area);
        return;
    }
    const QString why = !problem_.isEmpty() ? problem_ : comparer_->problem();
    if (!why.isEmpty()) {
        p.setPen(settings_->style().text);
        p.drawText(area.adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, why);
    }
}
