#pragma once
// File ▸ Export…: the current view as a publication figure (PNG at a chosen
// DPI, SVG or PDF as vectors) or its numbers (CSV, NPY, JSON), with a live
// preview drawn by the same Figure that is exported, and optionally the figure
// recipe that `attnscope-cli export --recipe` replays byte for byte. The last
// settings are remembered.
#include <QDialog>
#include <QFutureWatcher>
#include <atomic>
#include <memory>

#include "render/figures/figure.h"
#include "session/export_recipe.h"
#include "session/recipe_run.h"
#include "session/views.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressDialog;
class QPushButton;
class QSpinBox;
class QTimer;
class TraceView;
class ViewSettings;
class Workspace;
class ExportPreview;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(Workspace* ws, ViewSettings* settings, TraceView* view, QWidget* parent = nullptr);
    ~ExportDialog() override;

    // What Save writes now, before defaults are made concrete.
    session::Recipe recipe() const;
    // The figure the preview shows (and Save writes), or null without a trace.
    const render::Figure* figure() const { return figure_.get(); }
    void setFormat(render::Format f);
    void setSaveRecipe(bool on);
    // The file Save writes for a name typed in the file dialog. A known
    // extension chooses the format (typing "x.pdf" while SVG is chosen
    // writes a PDF); a name without one gets the chosen format's. "" and
    // `problem` set when the view cannot be exported in the typed format.
    QString pathForTyped(const QString& typed, QString* problem);
    // Writes the export (and PATH.recipe.json when asked) without a file
    // dialog; returns "" on success or the translated problem.
    QString exportTo(const QString& path);
    // The same on a worker thread, what Save does: a progress dialog with
    // Cancel shows past 0.4 s (every head of a long text is gigabytes), and
    // exportFinished tells how it ended. Cancelled, nothing is written and
    // the dialog stays open.
    void startExport(const QString& path);
    bool isExporting() const { return exportWatcher_.isRunning(); }
    void cancelExport();
    // The figure as an image at the chosen size and DPI, on the clipboard.
    void copyImage();

signals:
    // "" when the file was written, else the translated problem.
    void exportFinished(const QString& error);

private:
    void finishExport();
    // The controls (export_dialog.cpp), made and laid out a group at a time.
    void buildUi();
    void makeFormatControls();
    void makeSizeControls();
    void makeStyleControls();
    void makeLayoutControls();
    QFormLayout* buildForm();
    QDialogButtonBox* buildButtons();
    void connectControls();
    void loadSettings();
    void saveSettings() const;
    void rebuild();          // new recipe -> new figure, preview, labels
    void chooseFileAndSave();  // export_dialog_save.cpp, with the export's writing
    bool traceIsCurrent() const;

    Workspace* ws_;
    ViewSettings* settings_;
    TraceView* view_;
    std::unique_ptr<render::Figure> figure_;
    bool userSized_ = false;
    bool updating_ = false;

    ExportPreview* preview_ = nullptr;
    QComboBox* format_ = nullptr;
    QSpinBox* dpi_ = nullptr;
    QDoubleSpinBox* width_ = nullptr;
    QDoubleSpinBox* height_ = nullptr;
    QCheckBox* keepAspect_ = nullptr;
    QPushButton* naturalSize_ = nullptr;
    QLabel* pixels_ = nullptr;
    QComboBox* cells_ = nullptr;
    QDoubleSpinBox* fontSize_ = nullptr;
    QCheckBox* title_ = nullptr;
    QCheckBox* colorBar_ = nullptr;
    QCheckBox* runNote_ = nullptr;
    QSpinBox* columns_ = nullptr;
    QLineEdit* layers_ = nullptr;
    QCheckBox* saveRecipe_ = nullptr;
    QLabel* note_ = nullptr;
    QPushButton* save_ = nullptr;
    QPushButton* copy_ = nullptr;

    QFutureWatcher<QString> exportWatcher_;
    std::shared_ptr<std::atomic<bool>> exportCancel_;
    std::shared_ptr<std::atomic<int>> exportPermille_;
    QProgressDialog* exportProgress_ = nullptr;
    QTimer* exportPoll_ = nullptr;
    QString exportPath_;
};
