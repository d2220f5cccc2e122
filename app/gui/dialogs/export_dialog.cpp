#include "gui/dialogs/export_dialog.h"

#include <QLocale>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>

#include "gui/common/setting_value.h"
#include "gui/common/errors.h"
#include "gui/dialogs/export_preview.h"
#include "render/data.h"
#include "render/export.h"
#include "gui/views/trace_view.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using render::Format;

ExportDialog::ExportDialog(Workspace* ws, ViewSettings* settings, TraceView* view, QWidget* parent)
    : QDialog(parent), ws_(ws), settings_(settings), view_(view) {
    setWindowTitle(tr("Export"));
    buildUi();
    loadSettings();
    connect(ws_, &Workspace::traceReady, this, [this] {
        if (!isExporting()) rebuild();
    });
    exportProgress_ = new QProgressDialog(this);
    exportProgress_->setWindowTitle(tr("Export"));
    exportProgress_->setWindowModality(Qt::WindowModal);
    exportProgress_->setRange(0, 1000);
    exportProgress_->setMinimumDuration(400);
    exportProgress_->setAutoClose(false);
    exportProgress_->setAutoReset(false);
    exportProgress_->reset();
    connect(exportProgress_, &QProgressDialog::canceled, this, &ExportDialog::cancelExport);
    exportPoll_ = new QTimer(this);
    exportPoll_->setInterval(100);
    connect(exportPoll_, &QTimer::timeout, this, [this] {
        if (exportPermille_ && !exportProgress_->wasCanceled()) exportProgress_->setValue(exportPermille_->load());
    });
    connect(&exportWatcher_, &QFutureWatcher<QString>::finished, this, &ExportDialog::finishExport);
    rebuild();
}

// Closed while it writes: the export stops, and no file is left.
ExportDialog::~ExportDialog() {
    cancelExport();
    exportWatcher_.waitForFinished();
}

void ExportDialog::buildUi() {
    preview_ = new ExportPreview(this);
    // Made in the order the Tab key visits them.
    makeFormatControls();
    makeSizeControls();
    makeStyleControls();
    makeLayoutControls();
    auto* right = new QVBoxLayout;
    right->addLayout(buildForm());
    right->addStretch();
    right->addWidget(buildButtons());
    auto* top = new QHBoxLayout(this);
    top->addWidget(preview_, 1);
    top->addLayout(right);
    connectControls();
}

// The format and the PNG resolution.
void ExportDialog::makeFormatControls() {
    format_ = new QComboBox(this);
    format_->setObjectName(QStringLiteral("format"));
    format_->addItem(tr("PNG image"), int(Format::Png));
    format_->addItem(tr("SVG vector figure"), int(Format::Svg));
    format_->addItem(tr("PDF vector figure"), int(Format::Pdf));
    format_->addItem(tr("CSV: one head's matrix"), int(Format::Csv));
    format_->addItem(tr("NPY: numpy array (+ tokens)"), int(Format::Npy));
    format_->addItem(tr("JSON: tokens, shapes and weights"), int(Format::Json));

    dpi_ = new QSpinBox(this);
    dpi_->setObjectName(QStringLiteral("dpi"));
    dpi_->setRange(50, 1200);
    dpi_->setSingleStep(50);
    dpi_->setValue(300);
    dpi_->setSuffix(tr(" dpi"));
}

// The figure's size in inches, and the pixels or millimetres it comes to.
void ExportDialog::makeSizeControls() {
    auto inchBox = [this](const char* name) {
        auto* b = new QDoubleSpinBox(this);
        b->setObjectName(QString::fromLatin1(name));
        b->setRange(0.5, 50);
        b->setDecimals(2);
        b->setSingleStep(0.25);
        b->setSuffix(tr(" in"));
        return b;
    };
    width_ = inchBox("width");
    height_ = inchBox("height");
    keepAspect_ = new QCheckBox(tr("&Keep proportions"), this);
    keepAspect_->setChecked(true);
    naturalSize_ = new QPushButton(tr("&Natural size"), this);
    pixels_ = new QLabel(this);
}

// How the figure is drawn: vector cells, font size, title, colour bar, run note.
void ExportDialog::makeStyleControls() {
    cells_ = new QComboBox(this);
    cells_->setObjectName(QStringLiteral("cells"));
    cells_->addItem(tr("Embedded image"), int(render::CellMode::Image));
    cells_->addItem(tr("One rectangle per cell"), int(render::CellMode::Rects));
    cells_->setToolTip(tr("How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell."));

    fontSize_ = new QDoubleSpinBox(this);
    fontSize_->setObjectName(QStringLiteral("fontSize"));
    fontSize_->setRange(4, 24);
    fontSize_->setDecimals(1);
    fontSize_->setValue(9);
    fontSize_->setSuffix(tr(" pt"));
    title_ = new QCheckBox(tr("&Title"), this);
    title_->setChecked(true);
    colorBar_ = new QCheckBox(tr("Colour &bar"), this);
    colorBar_->setChecked(true);
    runNote_ = new QCheckBox(tr("R&un note"), this);
    runNote_->setObjectName(QStringLiteral("runNote"));
    runNote_->setChecked(true);
    runNote_->setToolTip(tr("A line under the figure naming bidirectional attention and ablated heads, "
                            "when the run had either."));
}

// The grid's columns and layers, the recipe, and the note under them.
void ExportDialog::makeLayoutControls() {
    columns_ = new QSpinBox(this);
    columns_->setObjectName(QStringLiteral("columns"));
    columns_->setRange(0, 64);
    columns_->setSpecialValueText(tr("one row per layer"));
    layers_ = new QLineEdit(this);
    layers_->setObjectName(QStringLiteral("layers"));
    layers_->setPlaceholderText(tr("all layers"));
    layers_->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*,?)?$")), layers_));
    layers_->setToolTip(tr("Layers to show, e.g. 0,2; empty for every layer."));

    saveRecipe_ = new QCheckBox(tr("Also save the figure &recipe (.recipe.json)"), this);
    saveRecipe_->setToolTip(tr("Model, hash, text, view and style, so that “attnscope-cli export --recipe” "
                               "draws the identical figure again."));
    note_ = new QLabel(this);
    note_->setObjectName(QStringLiteral("note"));
    note_->setWordWrap(true);
}

QFormLayout* ExportDialog::buildForm() {
    auto* form = new QFormLayout;
    form->addRow(tr("&Format:"), format_);
    form->addRow(tr("Resolut&ion:"), dpi_);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(height_);
    auto* sizeLabel = new QLabel(tr("Si&ze:"), this);
    sizeLabel->setBuddy(width_);
    form->addRow(sizeLabel, sizeRow);
    auto* sizeOpts = new QHBoxLayout;
    sizeOpts->addWidget(keepAspect_);
    sizeOpts->addWidget(naturalSize_);
    form->addRow(QString(), sizeOpts);
    form->addRow(QString(), pixels_);
    form->addRow(tr("&Heatmap cells:"), cells_);
    form->addRow(tr("F&ont size:"), fontSize_);
    auto* show = new QHBoxLayout;
    show->addWidget(title_);
    show->addWidget(colorBar_);
    show->addWidget(runNote_);
    form->addRow(tr("Show:"), show);
    form->addRow(tr("&Columns:"), columns_);
    form->addRow(tr("&Layers:"), layers_);
    form->addRow(saveRecipe_);
    form->addRow(note_);
    return form;
}

QDialogButtonBox* ExportDialog::buildButtons() {
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    save_ = buttons->addButton(tr("&Save…"), QDialogButtonBox::AcceptRole);
    copy_ = buttons->addButton(tr("Cop&y image"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    save_->setObjectName(QStringLiteral("save"));
    copy_->setObjectName(QStringLiteral("copy"));
    connect(save_, &QPushButton::clicked, this, &ExportDialog::chooseFileAndSave);
    connect(copy_, &QPushButton::clicked, this, &ExportDialog::copyImage);
    return buttons;
}

// A change of any control makes the figure again; a new layout or a size
// typed in decides whether the size is the user's.
void ExportDialog::connectControls() {
    auto changed = [this] {
        if (!updating_) rebuild();
    };
    connect(format_, &QComboBox::currentIndexChanged, this, changed);
    connect(dpi_, &QSpinBox::valueChanged, this, changed);
    connect(cells_, &QComboBox::currentIndexChanged, this, changed);
    connect(fontSize_, &QDoubleSpinBox::valueChanged, this, changed);
    connect(title_, &QCheckBox::toggled, this, changed);
    connect(colorBar_, &QCheckBox::toggled, this, changed);
    connect(runNote_, &QCheckBox::toggled, this, changed);
    connect(columns_, &QSpinBox::valueChanged, this, [this, changed] {
        userSized_ = false;  // a new layout has a new natural size
        changed();
    });
    connect(layers_, &QLineEdit::textChanged, this, [this, changed] {
        userSized_ = false;
        changed();
    });
    connect(naturalSize_, &QPushButton::clicked, this, [this] {
        userSized_ = false;
        rebuild();
    });
    auto sized = [this](bool widthChanged) {
        if (updating_ || !figure_) return;
        userSized_ = true;
        if (keepAspect_->isChecked()) {
            const QSizeF nat = render::naturalInches(*figure_);
            const QSignalBlocker bw(width_), bh(height_);
            if (widthChanged) height_->setValue(width_->value() * nat.height() / nat.width());
            else width_->setValue(height_->value() * nat.width() / nat.height());
        }
        rebuild();
    };
    connect(width_, &QDoubleSpinBox::valueChanged, this, [sized] { sized(true); });
    connect(height_, &QDoubleSpinBox::valueChanged, this, [sized] { sized(false); });
}

void ExportDialog::loadSettings() {
    const QSettings st;
    updating_ = true;
    const int fmt = format_->findData(st.value("export/format", int(Format::Png)).toInt());
    format_->setCurrentIndex(std::max(0, fmt));
    dpi_->setValue(st.value("export/dpi", 300).toInt());
    cells_->setCurrentIndex(std::max(0, cells_->findData(st.value("export/cells", 0).toInt())));
    fontSize_->setValue(settingDouble(st, "export/fontPoints", 9.0, fontSize_->minimum(), fontSize_->maximum()));
    title_->setChecked(settingBool(st, "export/title", true));
    colorBar_->setChecked(settingBool(st, "export/colorbar", true));
    runNote_->setChecked(settingBool(st, "export/runNote", true));
    columns_->setValue(st.value("export/columns", 0).toInt());
    saveRecipe_->setChecked(settingBool(st, "export/saveRecipe", true));
    if (view_) {  // the layers the view shows now, e.g. the grid's layer filter
        session::Recipe shown;
        view_->fillRecipe(shown);
        QStringList ls;
        for (const int l : shown.layers) ls << QString::number(l);
        layers_->setText(ls.join(QLatin1Char(',')));
    }
    updating_ = false;
}

void ExportDialog::saveSettings() const {
    QSettings st;
    st.setValue("export/format", format_->currentData().toInt());
    st.setValue("export/dpi", dpi_->value());
    st.setValue("export/cells", cells_->currentData().toInt());
    st.setValue("export/fontPoints", fontSize_->value());
    st.setValue("export/title", title_->isChecked());
    st.setValue("export/colorbar", colorBar_->isChecked());
    st.setValue("export/runNote", runNote_->isChecked());
    st.setValue("export/columns", columns_->value());
    st.setValue("export/saveRecipe", saveRecipe_->isChecked());
}

void ExportDialog::setFormat(Format f) { format_->setCurrentIndex(format_->findData(int(f))); }
void ExportDialog::setSaveRecipe(bool on) { saveRecipe_->setChecked(on); }

session::Recipe ExportDialog::recipe() const {
    session::Recipe r;
    const session::Document& doc = ws_->document();
    r.modelPath = doc.path.isEmpty() ? QString() : QFileInfo(doc.path).absoluteFilePath();
    r.demo = doc.isDemo;
    if (doc.tokenizer) {
        const QFileInfo tok(QString::fromStdString(doc.tokenizer->source()));
        if (tok.exists()) r.tokenizerPath = tok.absoluteFilePath();
    }
    r.text = ws_->text();
    if (doc.isTraceFile()) {  // the file's tokens are the input; the editor's text is not
        r.text.clear();
        r.hasText = false;
    }
    if (const auto trace = ws_->trace()) {
        r.tokens = trace->tokens;
        r.bidirectional = !trace->causal;
        r.ablate = trace->ablated;
        r.knockout = trace->knockout;
    }
    const Selection& sel = ws_->selection();
    r.view = view_ && view_->descriptor() ? view_->viewId() : session::views().front().id;
    r.layer = sel.layer;
    r.head = sel.head;
    if (view_) view_->fillRecipe(r);
    const session::ViewDescriptor& view = session::viewOf(r.view);
    if (view.uses(session::RecipeField::Columns)) r.columns = columns_->value();
    if (view.uses(session::RecipeField::Layers)) {
        r.layers.clear();
        for (const QString& s : layers_->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) r.layers.push_back(s.trimmed().toInt());
    }
    r.colormap = settings_->colormap();
    r.scale = settings_->scale();
    r.cells = render::CellMode(cells_->currentData().toInt());
    r.fontPoints = fontSize_->value();
    r.showTitle = title_->isChecked();
    r.showColorBar = colorBar_->isChecked();
    r.runNote = runNote_->isChecked();
    r.language = session::figureLanguage();
    r.format = Format(format_->currentData().toInt());
    r.dpi = dpi_->value();
    if (userSized_) {
        r.widthIn = width_->value();
        r.heightIn = height_->value();
    }
    return r;
}

bool ExportDialog::traceIsCurrent() const {
    const auto trace = ws_->trace();
    if (!trace || ws_->isRunning()) return false;
    if (ws_->isTraceFile()) return trace == ws_->document().imported;
    try {
        return session::tokenize(ws_->document(), ws_->text(), ws_->cropPolicy()).ids == trace->tokens;
    } catch (const std::exception&) {
        return false;
    }
}

void ExportDialog::rebuild() {
    const session::Recipe r = recipe();
    const session::ViewDescriptor& view = session::viewOf(r.view);
    const bool figureFormat = render::isFigureFormat(r.format);
    // Only what the view exports; CSV only for one (T, T) matrix.
    if (auto* model = qobject_cast<QStandardItemModel*>(format_->model()))
        for (int i = 0; i < format_->count(); ++i) {
            const Format f = Format(format_->itemData(i).toInt());
            model->item(i)->setEnabled(view.exports(f) && (f != Format::Csv || session::csvPossible(r)));
        }
    QString problem;
    figure_.reset();
    try {
        if (ws_->trace()) figure_ = session::makeFigure(r, ws_->figureData());
    } catch (const std::exception& e) {  // an Error, or out of memory
        problem = describeError(e);
    }
    const session::Recipe sized = session::resolveRecipe(r, figure_.get());
    {
        updating_ = true;
        const QSignalBlocker bw(width_), bh(height_);
        width_->setValue(sized.widthIn);
        height_->setValue(sized.heightIn);
        updating_ = false;
    }
    const QSizeF inches(sized.widthIn, sized.heightIn);
    preview_->setFigure(figure_.get(), inches);
    const QSize px = render::pngPixelSize(inches, r.dpi);
    pixels_->setText(r.format == Format::Png ? tr("%1 × %2 pixels").arg(px.width()).arg(px.height())
                                             : tr("%1 × %2 mm").arg(QLocale().toString(inches.width() * 25.4, 'f', 1))
                                                   .arg(QLocale().toString(inches.height() * 25.4, 'f', 1)));
    pixels_->setVisible(figureFormat);
    dpi_->setEnabled(r.format == Format::Png);
    for (QWidget* w : {static_cast<QWidget*>(width_), static_cast<QWidget*>(height_), static_cast<QWidget*>(keepAspect_),
                       static_cast<QWidget*>(naturalSize_), static_cast<QWidget*>(cells_), static_cast<QWidget*>(fontSize_),
                       static_cast<QWidget*>(title_), static_cast<QWidget*>(colorBar_), static_cast<QWidget*>(runNote_)})
        w->setEnabled(figureFormat);
    cells_->setEnabled(figureFormat && r.format != Format::Png && view.cellModes);
    columns_->setEnabled(view.uses(session::RecipeField::Columns) && figureFormat);
    layers_->setEnabled(view.uses(session::RecipeField::Layers));
    saveRecipe_->setEnabled(!r.modelPath.isEmpty() || r.demo);

    const bool tooManyPixels = double(px.width()) * px.height() > render::kMaxImagePixels;
    if (problem.isEmpty() && r.format == Format::Png && tooManyPixels)
        problem = tr("%1 × %2 pixels is past the limit of %3 million: choose a smaller size or DPI, or SVG or PDF.")
                      .arg(px.width())
                      .arg(px.height())
                      .arg(int(render::kMaxImagePixels / 1e6));
    if (problem.isEmpty() && r.format == Format::Csv && !session::csvPossible(r))
        problem = tr("CSV holds one head's matrix; choose NPY or JSON for several heads.");
    if (problem.isEmpty() && !figureFormat && ws_->trace()) {
        try {
            const render::DataBlock d = session::dataFor(r, *ws_->trace());
            QStringList dims;
            for (const auto n : d.shape) dims << QString::number(n);
            note_->setText(tr("Writes %1 of shape (%2) as float32, with the token strings.").arg(d.what, dims.join(QStringLiteral(", "))));
        } catch (const std::exception& e) {
            problem = describeError(e);
        }
    } else {
        note_->clear();
    }
    if (!saveRecipe_->isEnabled())
        note_->setText(note_->text() + QLatin1Char(' ') +
                       tr("A random model has no file, so no recipe can name it; save the model to export a recipe."));
    const bool current = traceIsCurrent();
    if (problem.isEmpty() && !current && ws_->trace())
        problem = tr("The model is still running on the latest text; the export waits for it.");
    if (!problem.isEmpty()) note_->setText(problem);
    save_->setEnabled(problem.isEmpty() && figure_ && current);
    copy_->setEnabled(problem.isEmpty() && figure_ != nullptr && !tooManyPixels);
}

